package repair

import (
	"f0/engine/internal/keys"
	"fmt"
	"strings"
)

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
	skipped, texts := 0, 0
	for _, item := range list {
		if s, ok := item.(string); ok {
			if found := callsInText(s); len(found) > 0 {
				out = append(out, found...)
				texts++
				continue
			}
		}
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
	if texts > 0 {
		notes = append(notes, fmt.Sprintf("note: read %d %s item(s) sent as text as calls", texts, field))
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
		inner, ok := keys.Lookup(obj, w)
		m, isObj := inner.(map[string]any)
		if !ok || !isObj {
			continue
		}
		for k := range obj {
			if keys.Fold(k) == keys.Fold(w) {
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
		switch keys.Fold(w) {
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

// callsInText reads a list item sent as text as the calls it holds: a
// tool-call envelope of text (<tool_call>…, [TOOL_CALLS]…), or a tool's
// name followed by its arguments as JSON, as f0's footers write a call.
// Nil when it is neither.
func callsInText(s string) []any {
	s = strings.TrimSpace(s)
	for _, read := range textEnvelopes {
		calls, _, ok := read(s)
		if !ok {
			continue
		}
		var items []any
		for _, c := range calls {
			switch obj, isObj := decodedArgs(c.args).(map[string]any); {
			case c.name != "":
				items = append(items, map[string]any{"tool": c.name, "args": c.args})
			case isObj:
				items = append(items, obj) // {name, arguments}: the list's own synonyms read it
			default:
				return nil
			}
		}
		return items
	}
	c := cleanedName{name: s}
	if cleanCopiedCall(&c) == "" {
		return nil
	}
	return []any{map[string]any{"tool": c.name, "args": c.args}}
}
