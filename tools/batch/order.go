package batch

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"f0/internal/roots"
	"f0/tool"
)

// plan is the order a batch's items run in: after[j] are the earlier items
// item j waits for, those it conflicts with (see footprint.conflicts).
// Each item waits only for earlier ones, so some item is always ready.
type plan struct {
	items []tool.PreparedCall
	after [][]int
}

// ready reports whether every item that i waits for has finished.
func (p *plan) ready(i int, finished []bool) bool {
	for _, j := range p.after[i] {
		if !finished[j] {
			return false
		}
	}
	return true
}

// footprint is what an item touches: the paths it names, resolved in the
// roots and cleaned (absolute), or anyPath when they cannot be known; and
// whether it may write.
type footprint struct {
	paths   []string
	anyPath bool
	writes  bool
}

// conflicts reports whether two items must keep their list order: at
// least one of them writes, and they touch the same path, one a path
// inside the other's directory, or a path that cannot be known. Two reads
// never conflict.
func (a footprint) conflicts(b footprint) bool {
	if !a.writes && !b.writes {
		return false
	}
	if a.anyPath || b.anyPath {
		return true
	}
	for _, pa := range a.paths {
		for _, pb := range b.paths {
			if nested(pa, pb) || nested(pb, pa) {
				return true
			}
		}
	}
	return false
}

// nested reports whether p is dir or lies inside it; both are clean.
func nested(dir, p string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(os.PathSeparator)) {
		dir += string(os.PathSeparator)
	}
	return strings.HasPrefix(p, dir)
}

// plan works out the order of the items from their footprints.
func (b *batch) plan(ctx context.Context, call tool.Call, items []tool.PreparedCall) *plan {
	where := &resolver{ctx: ctx, call: call, files: b.files}
	defer where.close()
	prints := make([]footprint, len(items))
	for i, it := range items {
		prints[i] = footprintOf(it, where)
	}
	pl := &plan{items: items, after: make([][]int, len(items))}
	for j := range items {
		for i := range j {
			if prints[i].conflicts(prints[j]) {
				pl.after[j] = append(pl.after[j], i)
			}
		}
	}
	return pl
}

// resolver resolves items' paths in the roots of the call (the MCP
// client's, or the operator's: see tool.Call.Roots), taken when a first path
// needs them, so that a batch that names no path never waits for roots.
type resolver struct {
	ctx   context.Context
	call  tool.Call
	files *roots.Set
	set   *roots.Set
	done  func()
	asked bool
}

// abs is the clean absolute path p stands for, as the fs tools resolve it
// (a relative path against the first root); false when p is not inside
// the roots or there are no roots (the item then fails with the reason).
func (r *resolver) abs(p string) (string, bool) {
	if !r.asked {
		r.asked = true
		if r.files != nil {
			if set, done, err := r.call.Roots(r.ctx, r.files); err == nil {
				r.set, r.done = set, done
			}
		}
	}
	if r.set == nil {
		return "", false
	}
	loc, err := r.set.Locate(p)
	if err != nil {
		return "", false
	}
	return filepath.Clean(loc.Abs()), true
}

// close gives the roots back.
func (r *resolver) close() {
	if r.done != nil {
		r.done()
	}
}

// footprintOf is what a prepared item touches. Its paths are those its
// tool declares (Prepared.Paths), each resolved as the fs tools resolve it
// and cleaned. The item may touch any path, conservatively, when its paths
// cannot be known (a tool of an upstream server, curl's own words), when
// one of them is not inside the roots, and when it writes but names no
// path (a POST, a download named after its URL): it then runs after every
// earlier item it may conflict with and before every later one. An item
// that could not be prepared touches nothing: it fails at its turn.
func footprintOf(it tool.PreparedCall, where *resolver) footprint {
	fp := footprint{writes: it.Writes()}
	named, known := it.Paths()
	if !known || fp.writes && len(named) == 0 {
		fp.anyPath = true
		return fp
	}
	for _, p := range named {
		abs, ok := where.abs(p)
		if !ok {
			return footprint{anyPath: true, writes: fp.writes}
		}
		fp.paths = append(fp.paths, abs)
	}
	return fp
}
