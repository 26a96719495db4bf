// Package catalog assembles every f0 tool into one registry. It is the only
// place that knows the full list of tools.
package catalog

import (
	"fmt"
	"os"

	"f0/tools"
	"f0/tools/batch"
	"f0/tools/fs"
	"f0/tools/net"
	"f0/tools/roots"
)

// Options carries what individual tools need from the operator.
type Options struct {
	// Roots are the directories the file tools may touch (default: the
	// working directory).
	Roots []string
	// Net configures the network tools.
	Net net.Config
}

// New builds the registry of every f0 tool. The roots stay open for the
// life of the process.
func New(opts Options) (*tools.Registry, error) {
	dirs := opts.Roots
	if len(dirs) == 0 {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		dirs = []string{wd}
	}
	files, err := roots.Open(dirs)
	if err != nil {
		return nil, fmt.Errorf("--root: %w", err)
	}
	var all []*tools.Tool
	all = append(all, tools.MetaTools()...)
	netTools, err := net.Tools(opts.Net, files)
	if err != nil {
		files.Close()
		return nil, err
	}
	all = append(all, netTools...)
	all = append(all, fs.Tools(files)...)
	all = append(all, batch.Tools()...)
	return tools.NewRegistry(all...)
}
