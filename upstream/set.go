package upstream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"

	"f0/tools"
)

// Set is every upstream server of one f0 process.
type Set struct {
	conns []*Conn
}

// Start connects to every server at once and returns their tools. A server
// that fails to start is an error naming it and saying why; the servers
// already started are stopped.
func Start(ctx context.Context, servers []Server, version string, logger *slog.Logger) (*Set, []*tools.Tool, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if err := checkNames(servers); err != nil {
		return nil, nil, err
	}
	set := &Set{}
	lists := make([][]*tools.Tool, len(servers))
	errs := make([]error, len(servers))
	var wg sync.WaitGroup
	for i, srv := range servers {
		conn := NewConn(srv, version, logger)
		set.conns = append(set.conns, conn)
		wg.Go(func() {
			list, err := conn.Start(ctx)
			if err != nil {
				errs[i] = err
				return
			}
			var skipped []string
			lists[i], skipped = conn.Tools(list)
			for _, s := range skipped {
				logger.Warn("upstream tool left out", "upstream", srv.Name, "why", s)
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		set.Close()
		return nil, nil, err
	}
	var all []*tools.Tool
	for _, l := range lists {
		all = append(all, l...)
	}
	return set, UniqueAliases(all, nil), nil
}

// UniqueAliases drops every alias of the given tools that is also a name or
// alias of another tool among them or among others (two servers' bare
// read_file, or a name of f0's own), so that it means neither rather than
// either. The tools are changed in place and returned.
func UniqueAliases(list, others []*tools.Tool) []*tools.Tool {
	uses := map[string]int{}
	count := func(ts []*tools.Tool, weight int) {
		for _, t := range ts {
			keys := map[string]bool{}
			for _, n := range append([]string{t.Name}, t.Aliases...) {
				keys[tools.NameKey(n)] = true
			}
			for k := range keys {
				uses[k] += weight
			}
		}
	}
	count(list, 1)
	count(others, 2)
	for _, t := range list {
		t.Aliases = slices.DeleteFunc(slices.Clone(t.Aliases), func(a string) bool { return uses[tools.NameKey(a)] > 1 })
	}
	return list
}

// checkNames refuses two servers with one namespace.
func checkNames(servers []Server) error {
	seen := map[string]bool{}
	for _, s := range servers {
		if seen[s.Name] {
			return fmt.Errorf("two upstream servers are named %q; give each its own name", s.Name)
		}
		seen[s.Name] = true
	}
	return nil
}

// Close stops every server.
func (s *Set) Close() error {
	if s == nil {
		return nil
	}
	var errs []error
	for _, c := range s.conns {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// SetAccess applies the operator's --upstream-access rules (TOOL=LEVEL,
// the tool in any spelling) to the upstream tools.
func SetAccess(list []*tools.Tool, rules []string) error {
	for _, rule := range rules {
		name, level, ok := strings.Cut(rule, "=")
		access, err := tools.ParseAccess(level)
		if !ok || err != nil {
			return fmt.Errorf("--upstream-access %q: want TOOL=read, TOOL=write or TOOL=admin", rule)
		}
		i := slices.IndexFunc(list, func(t *tools.Tool) bool {
			return tools.NameKey(t.Name) == tools.NameKey(name) || slices.ContainsFunc(t.Aliases, func(a string) bool { return tools.NameKey(a) == tools.NameKey(name) })
		})
		if i < 0 {
			return fmt.Errorf("--upstream-access %q: no upstream tool is named %q", rule, name)
		}
		list[i].Access = access
	}
	return nil
}
