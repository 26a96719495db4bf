package tools

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Line ranges as models write them: start_line/end_line pairs, a
// view_range [10, 20], or "10-20" in a lines field.
var (
	rangeStartKeys = []string{"start_line", "startLine", "line_start", "from_line", "start_line_one_indexed", "first_line", "begin"}
	rangeEndKeys   = []string{"end_line", "endLine", "line_end", "to_line", "end_line_one_indexed_inclusive", "last_line", "end", "until"}
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
	for _, k := range sortedKeys(args) {
		if !containsFold(rangeKeys, k) {
			continue
		}
		from, to, ok := parseRange(args[k])
		if !ok {
			continue
		}
		what := fmt.Sprintf("%s %s", k, compactJSON(args[k]))
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

// findKey finds the first of keys present in args, in any spelling.
func findKey(args map[string]any, keys []string) (string, any, bool) {
	for _, want := range keys {
		for _, k := range sortedKeys(args) {
			if foldKey(k) == foldKey(want) {
				return k, args[k], true
			}
		}
	}
	return "", nil, false
}

// Call item shapes of model APIs, unwrapped to {tool, args}: OpenAI's
// tool_calls item {"type":"function","function":{"name","arguments"}},
// Gemini's {"functionCall":{"name","args"}}, Anthropic's tool_use block
// {"type":"tool_use","name","input"} (its name and input are synonyms the
// batch declares) and OpenAI Responses' {"type":"function_call"}.
var callWrappers = []string{"function", "functionCall", "function_call", "toolCall", "tool_call", "toolUse", "tool_use", "call"}

// callItems rewrites each item of a list of calls into {tool, args} form
// and drops the blocks that are not calls (Anthropic text blocks).
func callItems(field string, v any, notes []string) (any, []string) {
	list, ok := asList(v)
	if !ok {
		return v, notes
	}
	var out []any
	shapes := map[string]bool{}
	var order []string
	skipped := 0
	for _, item := range list {
		obj, ok := item.(map[string]any)
		if !ok {
			out = append(out, item)
			continue
		}
		typ, _ := obj["type"].(string)
		if typ == "text" || typ == "thinking" {
			skipped++
			continue
		}
		shape := unwrapCall(obj)
		if shape != "" && !shapes[shape] {
			shapes[shape] = true
			order = append(order, shape)
		}
		out = append(out, obj)
	}
	if len(order) > 0 {
		notes = append(notes, fmt.Sprintf("note: read %s items in %s shape as {tool, args}", field, strings.Join(order, " and ")))
	}
	if skipped > 0 {
		notes = append(notes, fmt.Sprintf("note: skipped %d %s item(s) that are text, not calls", skipped, field))
	}
	return out, notes
}

// unwrapCall lifts a wrapped call's name and arguments into obj and names
// the API shape it had ("" when it was already flat).
func unwrapCall(obj map[string]any) string {
	typ, _ := obj["type"].(string)
	for _, w := range callWrappers {
		inner, ok := lookupFold(obj, w)
		m, isObj := inner.(map[string]any)
		if !ok || !isObj {
			continue
		}
		for k := range obj {
			if foldKey(k) == foldKey(w) {
				delete(obj, k)
			}
		}
		for k, v := range m {
			if _, clash := obj[k]; !clash {
				obj[k] = v
			}
		}
		delete(obj, "type")
		delete(obj, "id")
		switch foldKey(w) {
		case "function":
			return "OpenAI tool_calls"
		case "functioncall":
			return "Gemini functionCall"
		}
		return strings.ReplaceAll(w, "_", " ")
	}
	for _, k := range []string{"type", "id", "call_id", "callId", "tool_use_id"} {
		delete(obj, k)
	}
	switch typ {
	case "tool_use":
		return "Anthropic tool_use"
	case "function_call":
		return "OpenAI function_call"
	}
	return ""
}

// invertBooleans turns a boolean given under a name that means the
// opposite of a field (caseSensitive for ignoreCase) into that field. A
// name that is also another name of a field ("regex": the pattern, or
// "regex": true, not literal) is read by its value: anything but a
// boolean is left to the synonyms.
func invertBooleans(t *Tool, args map[string]any) (problems []problem, notes []string) {
	for _, k := range sortedKeys(args) {
		field, ok := lookupFold(t.Inverse, k)
		if !ok {
			continue
		}
		if _, isBool := args[k].(bool); !isBool {
			if _, synonym := lookupFold(t.Synonyms, k); synonym {
				continue
			}
		}
		b, ok := toBool(args[k])
		if !ok {
			problems = append(problems, problem{k, fmt.Sprintf("expected a boolean (true or false), got %s", describeValue(args[k]))})
			continue
		}
		delete(args, k)
		if _, given := args[field]; given {
			continue
		}
		args[field] = !b
		notes = append(notes, fmt.Sprintf("note: read %s %v as %s %v", k, b, field, !b))
	}
	return problems, notes
}
