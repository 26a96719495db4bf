// Package batch runs several tool calls in one request (issue: batch).
package batch
