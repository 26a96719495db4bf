package repair

import (
	"encoding/json"
	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
	"fmt"
	"strings"
)

// peelEnvelopes turns the arguments into an object; arguments that cannot
// be one halt the list.
func peelEnvelopes(s *State) {
	args, notes, problems := argsObject(s, s.Raw)
	s.Notes = append(s.Notes, notes...)
	if len(problems) > 0 {
		s.Problems = append(s.Problems, problems...)
		s.halt(Invalid)
		return
	}
	s.Args = args
}

// argsObject turns the arguments of a call into an object: it parses a JSON
// string, unwraps {"args": …} style envelopes, and puts a bare value into the
// tool's main field.
// It also reads almost-JSON text (see argsText) and returns notes saying
// what it fixed.
func argsObject(s *State, raw any) (map[string]any, []string, []Problem) {
	v, err := s.decoders.value(raw)
	if err != nil {
		text, isText := rawText(raw)
		if !isText || strings.Contains(text, ":") {
			return nil, nil, []Problem{{"", fmt.Sprintf("arguments could not be read: %v", err)}}
		}
		// A command line's bare word such as {*.go,*.md} reaches here as
		// bytes that are not JSON and hold no key: value: read it as text,
		// like any other bare word.
		v = text
	}
	var text argsText
	m, problems := argsValue(s, v, &text)
	return m, text.notes, problems
}

// rawText is arguments that arrived as raw bytes, as text.
func rawText(raw any) (string, bool) {
	switch v := raw.(type) {
	case json.RawMessage:
		return string(v), true
	case []byte:
		return string(v), true
	}
	return "", false
}

// argsValue is argsObject on a decoded value.
func argsValue(st *State, v any, txt *argsText) (map[string]any, []Problem) {
	t := st.Tool
	for range 6 {
		switch x := v.(type) {
		case nil:
			return map[string]any{}, nil
		case string:
			s := strings.TrimSpace(x)
			if s == "" || s == "null" {
				return map[string]any{}, nil
			}
			if next, ok := txt.unwrap(s); ok {
				v = next
				continue
			}
			if strings.HasPrefix(s, "{") || (strings.HasPrefix(s, "[") && mainField(t) == "") {
				parsed, err := txt.parse(s)
				if err != nil {
					if main := mainField(t); main != "" && fieldType(st, main) == "string" && !strings.Contains(s, ":") {
						// No key: value anywhere, so not an object gone
						// wrong but a value such as the glob {a,b}.
						txt.notes = append(txt.notes, fmt.Sprintf("note: %s is not JSON; took it as %q", text.QuoteShort(x), main))
						return map[string]any{main: x}, nil
					}
					return nil, []Problem{{"", err.Error()}}
				}
				v = parsed
				continue
			}
			if main := mainField(t); main != "" {
				return map[string]any{main: x}, nil
			}
			return nil, []Problem{{"", fmt.Sprintf("arguments must be a JSON object, got the string %s", text.QuoteShort(x))}}
		case []any:
			if main := mainField(t); main != "" && (fieldType(st, main) == "array" || t.Plurals[main] != "" || main == t.RawArgsField) {
				return map[string]any{main: x}, nil
			}
			return nil, []Problem{{"", "arguments must be a JSON object, got an array"}}
		case map[string]any:
			inner, ok := unwrap(st, x)
			if !ok {
				return x, nil
			}
			v = inner
		default:
			return nil, []Problem{{"", fmt.Sprintf("arguments must be a JSON object, got %s", text.DescribeValue(x))}}
		}
	}
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	return nil, []Problem{{"", "arguments are nested too deeply in wrappers"}}
}

// fieldType is the JSON type of a declared field.
func fieldType(s *State, field string) string {
	if p := schemas.Property(s.Schema(), field); p != nil {
		return p.Type
	}
	return ""
}

// mainField is the field a bare value fills.
func mainField(t *tool.Tool) string {
	if t.RawArgsField != "" {
		return t.RawArgsField
	}
	return t.MainField
}

// unwrap returns the real arguments inside an envelope such as
// {"args": "<json>"}, {"options": {…}} or {"tool": "fs_read", "args": {…}}.
func unwrap(st *State, m map[string]any) (any, bool) {
	schema := st.Schema()
	declared := func(k string) bool { return schemas.Property(schema, k) != nil }
	asObject := func(v any) (map[string]any, bool) {
		switch x := v.(type) {
		case map[string]any:
			return x, true
		case string:
			s := strings.TrimSpace(x)
			if !strings.HasPrefix(s, "{") {
				return nil, false
			}
			parsed, err := text.DecodeJSON([]byte(s))
			if err != nil {
				return nil, false
			}
			obj, ok := parsed.(map[string]any)
			return obj, ok
		}
		return nil, false
	}
	if len(m) == 1 {
		for k, v := range m {
			if fn, ok := v.(map[string]any); ok && k == "function" && !declared(k) {
				return envelope(st, fn, asObject) // OpenAI's {"function": {"name", "arguments"}}
			}
			if !keys.Contains(argWrappers, k) && k != "options" {
				return nil, false
			}
			if declared(k) && schemas.Property(schema, k).Type == "object" {
				return nil, false
			}
			if obj, ok := asObject(v); ok {
				return obj, true
			}
		}
		return nil, false
	}
	if inner, ok := envelope(st, m, asObject); ok {
		return inner, true
	}
	// {"options": {…}} beside other fields: merge the options in.
	if opts, ok := m["options"].(map[string]any); ok && !declared("options") {
		merged := make(map[string]any, len(m)+len(opts))
		for k, v := range m {
			if k != "options" {
				merged[k] = v
			}
		}
		for k, v := range opts {
			if prev, clash := merged[k]; clash && !sameJSON(prev, v) {
				return nil, false // two values for one field: left for validation to refuse "options"
			}
			merged[k] = v
		}
		return merged, true
	}
	return nil, false
}

// envelope unwraps {"tool": "<this tool>", "args": {…}}: a proxy's call
// envelope sent to the tool itself.
func envelope(st *State, m map[string]any, asObject func(any) (map[string]any, bool)) (map[string]any, bool) {
	var named bool
	var inner map[string]any
	for k, v := range m {
		switch {
		case keys.Contains(nameKeys, k):
			s, _ := v.(string)
			if st.Env.Lookup(s) != st.Tool {
				return nil, false
			}
			named = true
		case keys.Contains(argWrappers, k):
			obj, ok := asObject(v)
			if !ok {
				return nil, false
			}
			inner = obj
		default:
			return nil, false
		}
	}
	return inner, named && inner != nil
}
