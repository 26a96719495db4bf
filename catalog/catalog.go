// Package catalog assembles every f0 tool into one registry. It is the only
// place that knows the full list of tools.
package catalog

import (
	"fmt"

	"f0/engine"
	"f0/internal/roots"
	"f0/internal/web"
	"f0/tool"
	"f0/tools/batch"
	"f0/tools/fs"
	"f0/tools/meta"
	"f0/tools/net"
	"f0/upstream"
)

// Options carries what individual tools need from the operator.
type Options struct {
	// Roots are the directories the file tools may touch (default: the
	// working directory).
	Roots []string
	// Files, when set, are the open roots to use instead of Roots.
	Files *roots.Set
	// Net configures the network tools.
	Net web.Config
	// Extra are tools from outside f0 (the tools of upstream MCP servers),
	// each in a namespace of its own.
	Extra []*tool.Tool
}

// New builds the registry of every f0 tool. The roots stay open for the
// life of the process. Each tool's schema and documentation are made when
// first needed; the catalogue's tests check them all (Registry.Check).
func New(opts Options) (*engine.Registry, error) {
	files := opts.Files
	if files == nil {
		var err error
		if files, err = roots.OpenOperator(opts.Roots); err != nil {
			return nil, err
		}
	}
	pol, err := web.NewPolicy(opts.Net.Allow, opts.Net.Deny)
	if err != nil {
		files.Close()
		return nil, err
	}
	all := ownTools(files, opts.Net, web.NewClient(pol, opts.Net.Proxies))
	extra, err := fitExtra(all, opts.Extra)
	if err != nil {
		return nil, err
	}
	reg, err := engine.NewLazyRegistry(append(all, extra...)...)
	if err != nil {
		return nil, err
	}
	return reg.WithRoots(files), nil
}

// Definitions is a registry of f0's own tools as definitions only: their
// names and Specs over no roots, no network client and no other server,
// with nothing opened. It is for a front end that must know what a name
// stands for before the options that build the catalogue are final (the
// CLI learns which words after a tool's name are the tool's own flags,
// Spec.RawFlag, before it reads f0's flags among them). Its tools must
// never be run.
func Definitions() (*engine.Registry, error) {
	return engine.NewLazyRegistry(ownTools(nil, web.Config{}, nil)...)
}

// ownTools is every f0 tool over files and client (which dials through
// the operator's rules), in the catalogue's order of namespaces: the one
// list of f0's tools, where a new namespace is added.
func ownTools(files *roots.Set, cfg web.Config, client *web.Client) []*tool.Tool {
	var all []*tool.Tool
	all = append(all, meta.Tools()...)
	all = append(all, net.Tools(cfg, client, files)...)
	all = append(all, fs.Tools(files)...)
	all = append(all, batch.Tools(files)...)
	return all
}

// fitExtra refuses extra tools in a namespace of f0's own tools, and drops
// an alias of an extra tool that is also a name of one of f0's (read_file
// of the filesystem server is f0's name for fs.read from other servers).
func fitExtra(own, extra []*tool.Tool) ([]*tool.Tool, error) {
	taken := map[string]bool{}
	for _, t := range own {
		taken[t.Namespace()] = true
	}
	for _, t := range extra {
		if taken[t.Namespace()] {
			return nil, fmt.Errorf("%s: %q is the namespace of f0's own tools; give the upstream server another name", t.Name, t.Namespace())
		}
	}
	return upstream.UniqueAliases(extra, own), nil
}
