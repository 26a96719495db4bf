package repair

import (
	"encoding/json"
	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Line ranges as models write them: start_line/end_line pairs (1-based,
// the end inclusive; Amazon Q's fs_read counts a negative line from the
// end), VS Code Copilot's read_file startLineNumberBaseZero and
// endLineNumberBaseZero (0-based, inclusive; github/copilot's readFile, as
// in x1xhlol/system-prompts-and-models-of-ai-tools VSCode Agent/Prompt.txt),
// a view_range [10, 20], or "10-20" in a lines field.
var (
	rangeStartKeys = foldKeys("start_line", "startLine", "line_start", "from_line", "start_line_one_indexed", "first_line", "begin")
	rangeEndKeys   = foldKeys("end_line", "endLine", "line_end", "to_line", "end_line_one_indexed_inclusive", "last_line", "end", "until")
	zeroStartKeys  = foldKeys("startLineNumberBaseZero")
	zeroEndKeys    = foldKeys("endLineNumberBaseZero")
	rangeKeys      = []string{"view_range", "line_range", "lines", "range", "line", "offset"}
	rangeText      = regexp.MustCompile(`^\s*L?(\d+)\s*(?:-|–|:|,|\.\.|to)\s*L?(-?\d+)\s*$`)
)

func appendWindow(notes []string, problems []Problem, note string, p *Problem) ([]string, []Problem) {
	if p != nil {
		return notes, append(problems, *p)
	}
	return append(notes, note), problems
}

// lineRange is a range read from separate start and end arguments, in
// 1-based lines (to < 0 counts from the end; noEnd: to the end).
type lineRange struct {
	from, to         int
	startKey, endKey string
	noEnd, zero      bool
	startVal, endVal any
}

func (r lineRange) given() bool { return r.startKey != "" || r.endKey != "" }

// what says how the call gave the range, for the note.
func (r lineRange) what() string {
	var parts []string
	if r.startKey != "" {
		parts = append(parts, fmt.Sprintf("%s %s", r.startKey, text.CompactJSON(r.startVal)))
	}
	if r.endKey != "" {
		parts = append(parts, fmt.Sprintf("%s %s", r.endKey, text.CompactJSON(r.endVal)))
	}
	what := strings.Join(parts, ", ")
	if r.zero {
		what += " (0-based)"
	}
	return what
}

// findRange reads the start and end arguments of a range, 1-based or
// 0-based, and takes them out of args.
func findRange(t *tool.Tool, args map[string]any, start string) (lineRange, []Problem) {
	var r lineRange
	sKey, sVal, hasStart := findKey(args, rangeStartKeys)
	eKey, eVal, hasEnd := findKey(args, rangeEndKeys)
	if _, synonym := lookupSynonym(t.Synonyms, sKey); hasStart && !hasEnd && synonym {
		hasStart = false // a first line alone: the tool's synonym places it
	}
	if zs, zv, ok := findKey(args, zeroStartKeys); ok && !hasStart {
		sKey, sVal, hasStart, r.zero = zs, zv, true, true
	}
	if ze, zv, ok := findKey(args, zeroEndKeys); ok && !hasEnd {
		eKey, eVal, hasEnd, r.zero = ze, zv, true, true
	}
	if !hasStart && !hasEnd {
		return r, nil
	}
	r.from, r.noEnd = 1, !hasEnd
	if hasStart {
		n, p := lineArg(args, sKey, sVal, r.zero)
		if p != nil {
			return r, []Problem{*p}
		}
		r.from, r.startKey, r.startVal = n, sKey, sVal
	} else if v, given := args[start]; given {
		if n, ok := intOf(v); ok {
			r.from = n
		}
	}
	if hasEnd {
		n, p := lineArg(args, eKey, eVal, r.zero)
		if p != nil {
			return r, []Problem{*p}
		}
		r.to, r.endKey, r.endVal = n, eKey, eVal
	}
	return r, nil
}

// lineArg reads one end of a range as a 1-based line and takes it out of
// args; zero says it was given 0-based.
func lineArg(args map[string]any, key string, v any, zero bool) (int, *Problem) {
	n, ok := intOf(v)
	if !ok || zero && n < 0 {
		return 0, &Problem{key, fmt.Sprintf("expected a line number, got %s", text.DescribeValue(v))}
	}
	delete(args, key)
	if zero {
		n++
	}
	return n, nil
}

// setWindow writes the range into the window fields and says so, or
// returns the problem of a range the window cannot hold.
func setWindow(args map[string]any, start, count string, r lineRange, what string) (string, *Problem) {
	from, to := r.from, r.to
	if from == 0 && !r.zero {
		from = 1 // line 0 of a 1-based count is the first line
	}
	toEnd := r.noEnd || to == -1
	switch {
	case from < 0 && !toEnd && to >= 0:
		return "", &Problem{r.endKey, fmt.Sprintf("is a line from the top and %s %d counts from the end; give both from the same end (a negative end counts from the end too)", r.startKey, r.from)}
	case from > 0 && !toEnd && to < 0:
		return "", &Problem{r.endKey, fmt.Sprintf("%d counts from the end of the file, which f0 cannot join to a first line from the top; give the last line's number (fs_stat shows the count), or -1 for the end", to)}
	case !toEnd && to < from:
		return "", &Problem{r.endKey, fmt.Sprintf("%d is before the first line %d; the end is inclusive, so give an end at or after the start", to, from)}
	}
	args[start] = json.Number(strconv.Itoa(from))
	if r.noEnd {
		return fmt.Sprintf("note: read %s as the first line %d (%s %d)", what, from, start, from), nil
	}
	if toEnd {
		delete(args, count)
		if from < 0 {
			return fmt.Sprintf("note: read %s as the last %d lines (%s %d)", what, -from, start, from), nil
		}
		return fmt.Sprintf("note: read %s as lines %d to the end (%s %d)", what, from, start, from), nil
	}
	args[count] = json.Number(strconv.Itoa(to - from + 1))
	lines := fmt.Sprintf("lines %d-%d", from, to)
	switch {
	case from < 0:
		lines = fmt.Sprintf("lines %d to %d, counted from the end", from, to)
	case from == to:
		lines = fmt.Sprintf("line %d", from)
	}
	return fmt.Sprintf("note: read %s as %s (%s %d, %s %d)", what, lines, start, from, count, to-from+1), nil
}

// parseRange reads [10, 20] or "10-20".
func parseRange(v any) (from, to int, ok bool) {
	switch x := v.(type) {
	case []any:
		if len(x) != 2 {
			return 0, 0, false
		}
		a, okA := intOf(x[0])
		b, okB := intOf(x[1])
		return a, b, okA && okB
	case string:
		m := rangeText.FindStringSubmatch(x)
		if m == nil {
			return 0, 0, false
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		return a, b, true
	}
	return 0, 0, false
}

func intOf(v any) (int, bool) {
	n, ok := toNumber(v)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n.String())
	return i, err == nil
}

// findKey finds the first of keys (folded with foldKeys) present in args,
// in any spelling; of two spellings of one key, the first in sorted order.
// Each argument name is folded once, which for most names allocates
// nothing: this runs on every call of a tool with a line window.
func findKey(args map[string]any, folded []string) (string, any, bool) {
	best, found := len(folded), ""
	for k := range args {
		i := slices.Index(folded, keys.Fold(k))
		if i >= 0 && (i < best || i == best && k < found) {
			best, found = i, k
		}
	}
	if best == len(folded) {
		return "", nil, false
	}
	return found, args[found], true
}

// foldKeys is names each folded with keys.Fold.
func foldKeys(names ...string) []string {
	out := make([]string, len(names))
	for i, k := range names {
		out[i] = keys.Fold(k)
	}
	return out
}
