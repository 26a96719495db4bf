package upstream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"f0/engine"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// StartWait is how long Start waits for the servers: one that is still
// starting then is served by a placeholder until it runs, so that a slow
// server (npx downloading its package) does not hold up f0 and the other
// servers.
const StartWait = 20 * time.Second

// Set is every upstream server of one f0 process.
type Set struct {
	conns  []*Conn
	logger *slog.Logger
	// mu serialises the changes Follow makes to the pipeline.
	mu sync.Mutex
}

// Start connects to every server at once and returns their tools. A server
// that fails to start, or is still starting after StartWait, is listed as
// one placeholder tool, NAME.unavailable, that answers why; f0 goes on
// trying to start it in the background, and Follow puts its tools in its
// place once it runs. Only a wrong configuration (two servers with one
// name) is an error.
func Start(ctx context.Context, servers []Server, opts Options) (*Set, []*tool.Tool, error) {
	return startWithin(ctx, servers, opts, StartWait)
}

func startWithin(ctx context.Context, servers []Server, opts Options, wait time.Duration) (*Set, []*tool.Tool, error) {
	opts = opts.withDefaults()
	logger := opts.Logger
	if err := checkNames(servers); err != nil {
		return nil, nil, err
	}
	set := &Set{logger: logger}
	type outcome struct {
		list []mcpgo.Tool
		err  error
	}
	outcomes := make([]chan outcome, len(servers))
	for i, srv := range servers {
		conn := NewConn(srv, opts)
		set.conns = append(set.conns, conn)
		outcomes[i] = make(chan outcome, 1)
		go func() {
			list, err := conn.Start(ctx)
			outcomes[i] <- outcome{list, err}
		}()
	}
	waitCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	var all []*tool.Tool
	for i, conn := range set.conns {
		var o outcome
		select {
		case o = <-outcomes[i]:
		case <-waitCtx.Done():
			select {
			case o = <-outcomes[i]:
			default:
				o.err = fmt.Errorf("still starting after %s", wait)
			}
		}
		if o.err != nil {
			logger.Warn("upstream not running; served by a placeholder until it starts", "upstream", conn.srv.Name, "err", o.err)
			all = append(all, conn.placeholder())
			continue
		}
		conn.show(o.list)
		all = append(all, set.convert(conn, o.list)...)
	}
	return set, UniqueAliases(all, nil), nil
}

// convert turns a server's listing into f0 tools, logging those left out.
func (s *Set) convert(conn *Conn, list []mcpgo.Tool) []*tool.Tool {
	out, skipped := conn.Tools(list)
	for _, why := range skipped {
		s.logger.Warn("upstream tool left out", "upstream", conn.srv.Name, "why", why)
	}
	return out
}

// Follow keeps p's upstream namespaces in step with the servers: a server
// that starts after a placeholder stood for it, or whose tool list
// changes, gets its new tools in p (a new version of it, whose watchers
// tell the clients). accessRules are the operator's --upstream-access
// rules, applied to the new tools.
func (s *Set) Follow(p *engine.Host, accessRules []string) {
	if s == nil {
		return
	}
	for _, conn := range s.conns {
		conn.watch(func(list []mcpgo.Tool) {
			s.mu.Lock()
			defer s.mu.Unlock()
			ns := conn.srv.Name
			latest := p.Latest()
			all := latest.Registry().Tools()
			served := slices.DeleteFunc(slices.Clone(all), func(t *tool.Tool) bool { return t.Namespace() != ns })
			others := slices.DeleteFunc(all, func(t *tool.Tool) bool { return t.Namespace() == ns })
			fresh := UniqueAliases(s.convert(conn, list), others)
			keepLevels(fresh, served, accessRules)
			if _, err := latest.Replace(ns, fresh); err != nil {
				s.logger.Warn("upstream tools changed but could not be served", "upstream", ns, "err", err)
				return
			}
			s.logger.Info("upstream tools served", "upstream", ns, "tools", len(fresh))
		})
	}
}

// Health is whether one upstream server runs.
type Health struct {
	Name string // the server's name, the namespace of its tools
	Up   bool
}

// Health reports each server, in the order configured: up while a session
// with it is live, down while it starts, restarts or waits out its backoff.
func (s *Set) Health() []Health {
	if s == nil {
		return nil
	}
	out := make([]Health, len(s.conns))
	for i, conn := range s.conns {
		out[i] = Health{Name: conn.srv.Name, Up: conn.up()}
	}
	return out
}

// UniqueAliases drops every alias of the given tools that is also a name or
// alias of another tool among them or among others (two servers' bare
// read_file, or a name of f0's own), so that it means neither rather than
// either. The tools are changed in place and returned.
func UniqueAliases(list, others []*tool.Tool) []*tool.Tool {
	uses := map[string]int{}
	count := func(ts []*tool.Tool, weight int) {
		for _, t := range ts {
			keys := map[string]bool{}
			for _, n := range append([]string{t.Name}, t.Aliases...) {
				keys[engine.NameKey(n)] = true
			}
			for k := range keys {
				uses[k] += weight
			}
		}
	}
	count(list, 1)
	count(others, 2)
	for _, t := range list {
		t.Aliases = slices.DeleteFunc(slices.Clone(t.Aliases), func(a string) bool { return uses[engine.NameKey(a)] > 1 })
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
// the tool in any spelling) to the upstream tools. A rule naming a tool
// that no server lists is an error, unless the tool's server is not
// running yet (a placeholder stands for it): the rule applies when it
// starts.
func SetAccess(list []*tool.Tool, rules []string) error {
	for _, rule := range rules {
		name, access, err := accessRule(rule)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(list, named(name))
		if i < 0 {
			if slices.ContainsFunc(list, standsFor(name)) {
				continue
			}
			return fmt.Errorf("--upstream-access %q: no upstream tool is named %q", rule, name)
		}
		list[i].Access = access
	}
	return nil
}

// keepLevels sets the levels of a server's new tools: the operator's
// rule for a tool it names; otherwise never lower than the level the tool
// needed when served, and a tool new to the list never lower than the
// highest level of those that left it (a rename), so that what the server
// says at run time never lowers a level.
func keepLevels(fresh, served []*tool.Tool, rules []string) {
	was, still := map[string]tool.Access{}, map[string]bool{}
	for _, t := range served {
		was[t.Name] = t.Access
	}
	for _, t := range fresh {
		still[t.Name] = true
	}
	var left tool.Access
	for _, t := range served {
		if !t.Placeholder && !still[t.Name] {
			left = max(left, t.Access)
		}
	}
	for _, t := range fresh {
		floor, ok := was[t.Name]
		if !ok {
			floor = left
		}
		t.Access = max(t.Access, floor)
	}
	applyAccess(fresh, rules)
}

// applyAccess applies the rules that name one of the tools, and leaves
// the others for another server's tools.
func applyAccess(list []*tool.Tool, rules []string) {
	for _, rule := range rules {
		name, access, err := accessRule(rule)
		if i := slices.IndexFunc(list, named(name)); err == nil && i >= 0 {
			list[i].Access = access
		}
	}
}

// accessRule reads one --upstream-access rule.
func accessRule(rule string) (name string, _ tool.Access, _ error) {
	name, level, ok := strings.Cut(rule, "=")
	access, err := tool.ParseAccess(level)
	if !ok || err != nil {
		return "", 0, fmt.Errorf("--upstream-access %q: want TOOL=read, TOOL=write or TOOL=admin", rule)
	}
	return name, access, nil
}

// named matches a tool called name in any spelling, aliases included.
func named(name string) func(*tool.Tool) bool {
	key := engine.NameKey(name)
	return func(t *tool.Tool) bool {
		return engine.NameKey(t.Name) == key || slices.ContainsFunc(t.Aliases, func(a string) bool { return engine.NameKey(a) == key })
	}
}

// standsFor matches the placeholder of the namespace of name.
func standsFor(name string) func(*tool.Tool) bool {
	key := engine.NameKey(name)
	return func(t *tool.Tool) bool {
		return t.Placeholder && strings.HasPrefix(key, engine.NameKey(t.Namespace())+"_")
	}
}
