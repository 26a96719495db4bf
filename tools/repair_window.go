package tools

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// Line ranges as models write them: start_line/end_line pairs, a
// view_range [10, 20], or "10-20" in a lines field.
var (
	rangeStartKeys = foldKeys("start_line", "startLine", "line_start", "from_line", "start_line_one_indexed", "first_line", "begin")
	rangeEndKeys   = foldKeys("end_line", "endLine", "line_end", "to_line", "end_line_one_indexed_inclusive", "last_line", "end", "until")
	rangeKeys      = []string{"view_range", "line_range", "lines", "range", "line", "offset"}
	rangeText      = regexp.MustCompile(`^\s*L?(\d+)\s*(?:-|–|:|,|\.\.|to)\s*L?(-?\d+)\s*$`)
)

// repairLineWindow turns a line range into the tool's window fields (first
// line and count). The end is inclusive; -1 or an absent end reads to the
// end of the file.
func repairLineWindow(t *Tool, args map[string]any) (problems []problem, notes []string) {
	start, count := t.LineWindow[0], t.LineWindow[1]
	if start == "" {
		return nil, nil
	}
	for k := range inOrder(args) {
		if !containsFold(rangeKeys, k) {
			continue
		}
		from, to, ok := parseRange(args[k])
		if !ok {
			continue
		}
		what := fmt.Sprintf("%s %s", k, CompactJSON(args[k]))
		delete(args, k)
		notes = append(notes, setWindow(args, start, count, from, to, what))
	}
	sKey, sVal, hasStart := findKey(args, rangeStartKeys)
	eKey, eVal, hasEnd := findKey(args, rangeEndKeys)
	if !hasEnd {
		return problems, notes
	}
	to, ok := intOf(eVal)
	if !ok {
		return append(problems, problem{eKey, fmt.Sprintf("expected a line number, got %s", describeValue(eVal))}), notes
	}
	from := 1
	if hasStart {
		if from, ok = intOf(sVal); !ok {
			return append(problems, problem{sKey, fmt.Sprintf("expected a line number, got %s", describeValue(sVal))}), notes
		}
		delete(args, sKey)
	} else if v, given := args[start]; given {
		if n, ok := intOf(v); ok {
			from = n
		}
	}
	delete(args, eKey)
	what := fmt.Sprintf("%s %d", eKey, to)
	if hasStart {
		what = fmt.Sprintf("%s %d, %s", sKey, from, what)
	}
	return problems, append(notes, setWindow(args, start, count, from, to, what))
}

// setWindow writes lines from..to (inclusive; to < 0 for the end of the
// file) into the window fields and says so.
func setWindow(args map[string]any, start, count string, from, to int, what string) string {
	if from < 1 {
		from = 1
	}
	args[start] = json.Number(strconv.Itoa(from))
	if to >= from {
		args[count] = json.Number(strconv.Itoa(to - from + 1))
		return fmt.Sprintf("note: read %s as lines %d-%d (%s %d, %s %d)", what, from, to, start, from, count, to-from+1)
	}
	delete(args, count)
	return fmt.Sprintf("note: read %s as lines %d to the end (%s %d)", what, from, start, from)
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
		i := slices.Index(folded, foldKey(k))
		if i >= 0 && (i < best || i == best && k < found) {
			best, found = i, k
		}
	}
	if best == len(folded) {
		return "", nil, false
	}
	return found, args[found], true
}

// foldKeys is keys each folded with foldKey.
func foldKeys(keys ...string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = foldKey(k)
	}
	return out
}
