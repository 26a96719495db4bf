package fs

import (
	"fmt"

	"f0/internal/text"
	"f0/tool"
)

// depthRange is fs.find's maxDepth and minDepth, counted from the call's
// path as find -maxdepth counts from its starting point: 1 is path's own
// entries. The walk may start below path (the pattern cmd/**/*.go starts
// at cmd), so an entry's depth is its walk depth plus below.
type depthRange struct {
	min, max, below int
	// outside counts matches the range left out; closed counts the
	// directories at maxDepth, which the walk does not enter.
	outside, closed int
}

// walkDepth is the walk's depth limit: the pattern's own (0: any) or
// maxDepth's, whichever is less. When maxDepth lies above the walk's
// start, the start's entries are still listed, and holds leaves them out.
func (d *depthRange) walkDepth(pattern int) int {
	if d.max == 0 {
		return pattern
	}
	limit := max(d.max-d.below, 1)
	if pattern == 0 {
		return limit
	}
	return min(pattern, limit)
}

// saw counts a directory the depth limit keeps the walk out of.
func (d *depthRange) saw(e *entry) {
	if d.max > 0 && e.kind == kindDir && e.depth+d.below >= d.max {
		d.closed++
	}
}

// holds reports whether a matching entry lies within the range, and
// counts it when it does not.
func (d *depthRange) holds(e *entry) bool {
	if !d.within(e) {
		d.outside++
		return false
	}
	return true
}

// within reports whether an entry lies within the range.
func (d *depthRange) within(e *entry) bool {
	depth := e.depth + d.below
	return (d.max == 0 || depth <= d.max) && depth >= d.min
}

// text is the range for an answer's head ("" without one).
func (d *depthRange) text() string {
	switch {
	case d.max > 0 && d.min > 1 && d.min == d.max:
		return fmt.Sprintf(" at depth %d", d.max)
	case d.max > 0 && d.min > 1:
		return fmt.Sprintf(" at depth %d to %d", d.min, d.max)
	case d.max > 0:
		return fmt.Sprintf(" to depth %d", d.max)
	case d.min > 1:
		return fmt.Sprintf(" from depth %d", d.min)
	}
	return ""
}

// hint says, for an empty answer, what the range left out and the call
// without it.
func (d *depthRange) hint(call tool.Call) string {
	if d.outside == 0 && d.closed == 0 {
		return ""
	}
	var what string
	switch {
	case d.outside > 0 && d.closed > 0:
		what = fmt.Sprintf("left out %s and kept the search out of %s", text.Count(int64(d.outside), "match", "matches"), text.Count(int64(d.closed), "directory", "directories"))
	case d.outside > 0:
		what = "left out " + text.Count(int64(d.outside), "match", "matches")
	default:
		what = "kept the search out of " + text.Count(int64(d.closed), "directory", "directories")
	}
	return fmt.Sprintf(" The depth limit, counted from path (1: its own entries), %s; without it: %s", what, call.Again(map[string]any{"maxDepth": nil, "minDepth": nil, "offset": nil}))
}
