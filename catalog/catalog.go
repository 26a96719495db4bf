// Package catalog assembles every f0 tool into one registry. It is the only
// place that knows the full list of tools.
package catalog

import (
	"github.com/f0dev/f0/tools"
)

// Options carries what individual tools need from the operator (roots for
// the file tools, limits for the network tools).
type Options struct {
	// Roots are the directories the file tools may touch.
	Roots []string
}

// New builds the registry of every f0 tool.
func New(opts Options) (*tools.Registry, error) {
	var all []*tools.Tool
	all = append(all, tools.MetaTools()...)
	return tools.NewRegistry(all...)
}
