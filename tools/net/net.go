// Package net holds the network tools (net.curl).
package net

import (
	"github.com/f0dev/f0/tools"
	"github.com/f0dev/f0/tools/roots"
)

// Config is what the operator chose for the network tools.
type Config struct {
	// Version goes into the default User-Agent (f0/<version>).
	Version string
}

// Tools returns the network tools. Files they read or write (curl's -o,
// --data-binary @file) stay inside files.
func Tools(cfg Config, files *roots.Set) []*tools.Tool {
	return nil
}
