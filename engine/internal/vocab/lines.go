package vocab

import (
	"fmt"
	"strconv"
	"strings"
)

// lineSpec is how a foreign tool counts lines: from 0 or 1, an end that is
// inclusive or not, the end values that mean "to the end", and whether a
// negative number counts from the end, is the last lines (tail), or is an
// error.
type lineSpec struct {
	base      int
	inclusive bool
	eof       []int
	fromEnd   bool
	tail      bool
}

func specOf(a Args) lineSpec {
	return lineSpec{base: a.Base, inclusive: a.EndInclusive, eof: a.EOF, fromEnd: a.Negative == "from_end", tail: a.Negative == "tail"}
}

// window is an f0 line window: offset (1-based, negative from the end)
// and limit, each when set.
type window struct {
	offset, limit       int
	hasOffset, hasLimit bool
	fromEnd             bool
}

func (w window) fields() map[string]any {
	m := map[string]any{}
	if w.hasOffset {
		m["offset"] = w.offset
	}
	if w.hasLimit {
		m["limit"] = w.limit
	}
	return m
}

// windowError is a line window f0 cannot express, with the call that would
// show the lines.
type windowError struct {
	field, problem, fix string
}

// lineWindow turns a foreign start, end and count (each nil when absent)
// into f0's offset and limit, per README §6.
func lineWindow(spec lineSpec, start, end, count *int) (window, *windowError) {
	var w window
	s := 1
	if start != nil {
		s = *start
		w.hasOffset = true
	}
	hasEnd := end != nil && !containsInt(spec.eof, *end)
	e := 0
	if hasEnd {
		e = *end
	}
	if spec.fromEnd && start != nil && s <= 0 {
		return fromEndWindow(spec, s, e, hasEnd, count)
	}
	if spec.tail && start != nil && s < 0 {
		// Desktop Commander's offset -20: the last 20 lines, any count
		// ignored; f0's offset -20 starts there and reads to the end.
		return window{offset: s, hasOffset: true, fromEnd: true}, nil
	}
	if !spec.fromEnd && s < 0 {
		return w, &windowError{field: "start", problem: fmt.Sprintf("line %d: negative line numbers are not accepted here", s), fix: `Read the last lines with fs_read {"path": …, "tail": N}`}
	}
	if !spec.fromEnd && hasEnd && e < 0 {
		return w, &windowError{field: "end", problem: fmt.Sprintf("line %d: negative line numbers are not accepted here", e), fix: `Read the last lines with fs_read {"path": …, "tail": N}`}
	}
	if hasEnd && e < 0 {
		return w, &windowError{field: "end", problem: fmt.Sprintf("end %d counts from the end of the file, and f0's window has no end from the end", e),
			fix: fmt.Sprintf(`Read from line %d to the end with fs_read {"path": …, "offset": %d}, or the last lines with fs_read {"path": …, "tail": N}`, s+1-spec.base, s+1-spec.base)}
	}
	rawS, rawE := s, e
	if spec.base == 0 {
		s++
		e++
	}
	if s < 1 {
		s = 1
	}
	w.offset = s
	switch {
	case count != nil:
		w.limit, w.hasLimit = *count, true
	case hasEnd:
		w.limit, w.hasLimit = e-s, true
		if spec.inclusive {
			w.limit++
		}
		if w.limit < 1 {
			return w, &windowError{field: "end", problem: fmt.Sprintf("end line %d leaves no lines from start line %d", rawE, rawS)}
		}
	}
	if w.hasLimit {
		w.hasOffset = true
	}
	return w, nil
}

// fromEndWindow: a start ≤ 0 counts from the end (-1 is the last line)
// and becomes f0's negative offset; an end then must count from the end
// too, or be "to the end".
func fromEndWindow(spec lineSpec, s, e int, hasEnd bool, count *int) (window, *windowError) {
	w := window{offset: s, hasOffset: true, fromEnd: true}
	if s == 0 {
		return w, &windowError{field: "start", problem: "start 0 counts from past the last line (-1 is the last line)", fix: `Read the last lines with fs_read {"path": …, "tail": N}`}
	}
	switch {
	case count != nil:
		w.limit, w.hasLimit = *count, true
	case hasEnd && e < 0:
		w.limit, w.hasLimit = e-s, true
		if spec.inclusive {
			w.limit++
		}
		if w.limit < 1 {
			return w, &windowError{field: "end", problem: fmt.Sprintf("end %d is before start %d", e, s)}
		}
	case hasEnd:
		return w, &windowError{field: "end", problem: fmt.Sprintf("start %d counts from the end and end %d from the top; f0 needs the file's line count to read that", s, e),
			fix: fmt.Sprintf(`Read from line %d with fs_read {"path": …, "offset": %d, "limit": N}, or the last %d lines with fs_read {"path": …, "tail": %d}`, e, e, -s, -s)}
	}
	return w, nil
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// lineWindow (transform): the start, end and count fields the args name.
func (b *builder) lineWindow(k string, r *Rule, v any) (effect, error) {
	read := func(name *string) (*int, error) {
		if name == nil {
			return nil, nil
		}
		x, ok := b.args[*name]
		if !ok || x == nil {
			return nil, nil
		}
		n, err := b.intValue(*name, x, "a line number")
		if err != nil {
			return nil, err
		}
		return &n, nil
	}
	start, err := read(r.Args.Start)
	if err != nil {
		return effect{}, err
	}
	end, err := read(r.Args.End)
	if err != nil {
		return effect{}, err
	}
	count, err := read(r.Args.Count)
	if err != nil {
		return effect{}, err
	}
	w, werr := lineWindow(specOf(r.Args), start, end, count)
	if werr != nil {
		return effect{}, b.windowErr(werr, r.Args)
	}
	return b.putWindow(k, w), nil
}

func (b *builder) windowErr(we *windowError, a Args) *InputError {
	f := ""
	switch {
	case we.field == "start" && a.Start != nil:
		f = *a.Start
	case we.field == "end" && a.End != nil:
		f = *a.End
	}
	e := b.errorf(f, "%s", we.problem)
	e.Fix = we.fix
	return e
}

func (b *builder) putWindow(k string, w window) effect {
	var to []string
	for _, f := range []string{"offset", "limit"} {
		if val, ok := w.fields()[f]; ok {
			b.put(k, f, val)
			to = append(to, f)
		}
	}
	return effect{to: to, approx: w.fromEnd}
}

// rangePair: [start, end] (the text editor's view_range: [11, -1]).
func (b *builder) rangePair(k string, r *Rule, v any) (effect, error) {
	list, ok := v.([]any)
	if !ok || len(list) == 0 || len(list) > 2 {
		return effect{}, b.errorf(k, "want [start, end], got %s", quote(v))
	}
	nums := make([]*int, 2)
	for i, x := range list {
		n, err := b.intValue(k, x, "line numbers")
		if err != nil {
			return effect{}, err
		}
		nums[i] = &n
	}
	w, werr := lineWindow(specOf(r.Args), nums[0], nums[1], nil)
	if werr != nil {
		e := b.errorf(k, "%s", werr.problem)
		e.Fix = werr.fix
		return effect{}, e
	}
	return b.putWindow(k, w), nil
}

// rangeText: "s-e", ["s-e", …] or [[s, e], …]. One range is a line window;
// several make one call per range, in order.
func (b *builder) rangeText(k string, r *Rule, v any) (effect, error) {
	ranges, err := b.ranges(k, v)
	if err != nil {
		return effect{}, err
	}
	spec := specOf(r.Args)
	var wins []window
	for _, rg := range ranges {
		w, werr := lineWindow(spec, rg[0], rg[1], nil)
		if werr != nil {
			e := b.errorf(k, "%s", werr.problem)
			e.Fix = werr.fix
			return effect{}, e
		}
		wins = append(wins, w)
	}
	switch len(wins) {
	case 0:
		return effect{to: nil}, nil
	case 1:
		eff := b.putWindow(k, wins[0])
		eff.approx = false
		return eff, nil
	}
	for _, w := range wins {
		b.variants = append(b.variants, w.fields())
	}
	return effect{to: []string{"offset", "limit"}, approx: true}, nil
}

// ranges reads range_text's forms into [start, end] pairs (end nil: to
// the end).
func (b *builder) ranges(k string, v any) ([][2]*int, error) {
	switch x := v.(type) {
	case string:
		var out [][2]*int
		for _, part := range strings.Split(x, ",") {
			if strings.TrimSpace(part) == "" {
				continue
			}
			rg, err := b.rangeOfText(k, part)
			if err != nil {
				return nil, err
			}
			out = append(out, rg)
		}
		return out, nil
	case []any:
		if pair, ok := numberPair(x); ok {
			return [][2]*int{pair}, nil
		}
		var out [][2]*int
		for _, it := range x {
			more, err := b.ranges(k, it)
			if err != nil {
				return nil, err
			}
			out = append(out, more...)
		}
		return out, nil
	case float64, int, int64:
		n, _ := asInt(x)
		return [][2]*int{{&n, &n}}, nil
	case map[string]any:
		return b.rangeOfObject(k, x)
	}
	return nil, b.errorf(k, `want a line range "start-end", got %s`, quote(v))
}

func numberPair(list []any) ([2]*int, bool) {
	if len(list) != 2 {
		return [2]*int{}, false
	}
	s, ok1 := list[0].(float64)
	e, ok2 := list[1].(float64)
	if !ok1 || !ok2 {
		a, okA := list[0].(int)
		c, okC := list[1].(int)
		if !okA || !okC {
			return [2]*int{}, false
		}
		return [2]*int{&a, &c}, true
	}
	si, ei := int(s), int(e)
	return [2]*int{&si, &ei}, true
}

// rangeOfObject reads {"start": s, "end": e} (mcp-text-editor's ranges);
// an end that is absent or null reads to the end of the file.
func (b *builder) rangeOfObject(k string, x map[string]any) ([][2]*int, error) {
	bad := b.errorf(k, `want a line range {"start": n, "end": m}, got %s`, quote(x))
	for f := range x {
		if f != "start" && f != "end" {
			return nil, bad
		}
	}
	s, ok := asInt(x["start"])
	if !ok {
		return nil, bad
	}
	if x["end"] == nil {
		return [][2]*int{{&s, nil}}, nil
	}
	e, ok := asInt(x["end"])
	if !ok {
		return nil, bad
	}
	return [][2]*int{{&s, &e}}, nil
}

// rangeOfText reads "s-e", "s-" (to the end) or "s" (that line).
func (b *builder) rangeOfText(k, text string) ([2]*int, error) {
	t := strings.TrimSpace(text)
	bad := b.errorf(k, `want a line range "start-end", got %q`, text)
	from, to, dash := strings.Cut(t, "-")
	s, ok := asInt(from)
	if !ok {
		return [2]*int{}, bad
	}
	if !dash {
		return [2]*int{&s, &s}, nil
	}
	if strings.TrimSpace(to) == "" {
		return [2]*int{&s, nil}, nil
	}
	e, ok := asInt(to)
	if !ok {
		return [2]*int{}, bad
	}
	return [2]*int{&s, &e}, nil
}

// pathRange: a path with a line range after its last colon, as wcgw's
// ReadFiles reads each of its file_paths: "a.py:10-20" (lines 10 to 20),
// "a.py:10-" and "a.py:10" (from line 10 to the end), "a.py:-20" (lines 1
// to 20). A text whose last colon is followed by no such range is the path
// as it is (C:\src\a.py, a.py:main).
func (b *builder) pathRange(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	p, start, end := splitPathRange(s)
	b.put(k, "path", p)
	if start == nil && end == nil {
		return effect{to: []string{"path"}}, nil
	}
	w, werr := lineWindow(specOf(r.Args), start, end, nil)
	if werr != nil {
		e := b.errorf(k, "%s", werr.problem)
		e.Fix = werr.fix
		return effect{}, e
	}
	eff := b.putWindow(k, w)
	eff.to = append([]string{"path"}, eff.to...)
	return eff, nil
}

// splitPathRange cuts a line range off a path the way wcgw's
// ReadFiles.model_post_init does: split at the last colon; digits alone are
// the start, "-digits" the end, "digits-" followed by anything the start
// (and the end when that is digits); anything else keeps the text whole.
func splitPathRange(s string) (p string, start, end *int) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return s, nil, nil
	}
	head, spec := s[:i], s[i+1:]
	if n, ok := digits(spec); ok {
		return head, &n, nil
	}
	from, to, dash := strings.Cut(spec, "-")
	if !dash {
		return s, nil, nil
	}
	if from == "" {
		if n, ok := digits(to); ok {
			return head, nil, &n
		}
		return s, nil, nil
	}
	n, ok := digits(from)
	if !ok {
		return s, nil, nil
	}
	if m, ok := digits(to); ok {
		return head, &n, &m
	}
	return head, &n, nil
}

// digits reads a text of ASCII digits only (no sign, no space) as a number.
func digits(s string) (int, bool) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
