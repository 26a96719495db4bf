// Package catalog assembles every f0 tool into one registry. It is the only
// place that knows the full list of tools.
package catalog

import (
	"f0/tools"
	"f0/tools/batch"
	"f0/tools/fs"
	"f0/tools/net/curl"
	"f0/tools/roots"
)

// Options carries what individual tools need from the operator.
type Options struct {
	// Roots are the directories the file tools may touch (default: the
	// working directory).
	Roots []string
	// Files, when set, are the open roots to use instead of Roots.
	Files *roots.Set
	// Net configures the network tools.
	Net curl.Config
}

// New builds the registry of every f0 tool. The roots stay open for the
// life of the process.
func New(opts Options) (*tools.Registry, error) {
	files := opts.Files
	if files == nil {
		var err error
		if files, err = roots.OpenOperator(opts.Roots); err != nil {
			return nil, err
		}
	}
	var all []*tools.Tool
	all = append(all, tools.MetaTools()...)
	netTools, err := curl.Tools(opts.Net, files)
	if err != nil {
		files.Close()
		return nil, err
	}
	all = append(all, netTools...)
	all = append(all, fs.Tools(files)...)
	all = append(all, batch.Tools()...)
	return tools.NewRegistry(all...)
}
