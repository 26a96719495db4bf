package engine

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"f0/engine/internal/keys"
	"f0/tool"
)

// versions are every version of one pipeline: the tools of a namespace
// change at run time when an upstream server starts, stops or changes its
// list. Each version is a complete, read-only Pipeline; a call runs on the
// version it started with.
type versions struct {
	mu       sync.Mutex // serialises Replace
	latest   atomic.Pointer[Host]
	watchers []func(*Host)
}

// Latest returns the newest version of the pipeline: p itself until
// Replace made another.
func (p *Host) Latest() *Host {
	if l := p.versions.latest.Load(); l != nil {
		return l
	}
	return p
}

// Watch calls f with every new version Replace makes, in order, from the
// goroutine that called Replace.
func (p *Host) Watch(f func(*Host)) {
	p.versions.mu.Lock()
	defer p.versions.mu.Unlock()
	p.versions.watchers = append(p.versions.watchers, f)
}

// Replace makes a new version of the pipeline whose namespace ns holds
// list instead of its current tools, with the same configuration and the
// same limits on running calls, and tells the watchers. The operator's
// --tools and --exclude-tools names that are not there (yet) are left
// aside rather than refused.
func (p *Host) Replace(ns string, list []*tool.Tool) (*Host, error) {
	v := p.versions
	v.mu.Lock()
	defer v.mu.Unlock()
	cur := p.Latest()
	reg, err := cur.reg.Replace(ns, list)
	if err != nil {
		return nil, fmt.Errorf("new tools of %s: %w", ns, err)
	}
	next := &Host{reg: reg, cfg: cur.cfg, visible: map[*tool.Tool]bool{}, hidden: map[*tool.Tool]hiddenBy{}, load: cur.load, versions: v, decoders: cur.decoders, kept: cur.kept}
	if err := next.applyFilters(true); err != nil {
		return nil, err
	}
	v.latest.Store(next)
	for _, f := range v.watchers {
		f(next)
	}
	return next, nil
}

// placeholderFor returns the placeholder standing for the namespace of
// key (a normalised name), if any.
func (p *Host) placeholderFor(key string) *tool.Tool {
	for _, t := range p.reg.tools {
		if t.Placeholder && strings.HasPrefix(key, keys.Normal(t.Namespace())+"_") {
			return t
		}
	}
	return nil
}
