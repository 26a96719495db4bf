// Package archtest holds no code: its tests read the module's own package
// graph (with go list) and enforce the walls between f0's rooms — what the
// author API, the engine, the tools and the services may import — and that
// every package's documentation opens with a sentence saying what it holds.
// It must import nothing of f0.
package archtest
