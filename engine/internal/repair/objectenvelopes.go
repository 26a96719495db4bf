package repair

import (
	"fmt"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
)

// Object envelopes are objects that only hold the arguments: a wrapper key
// ({"input": {…}}, {"params": {…}}), a proxy's or an API's call of the
// tool ({tool, args}, {name, arguments}, {type: "function", name,
// parameters}, OpenAI's {function: {name, arguments}}), a ReAct step
// ({action, action_input}), the tool's own name as the key ({fs_read:
// {…}}), the tool's schema with the values in it ({type: "object",
// properties: {…}}), and {"options": {…}} beside the fields. A key the
// tool's schema declares is never read as an envelope's.

// objectEnvelope reads one kind of object envelope: the calls it holds
// and the note that says so; ok is false when m is not one.
type objectEnvelope func(st *State, m map[string]any) (calls []foundCall, note string, ok bool)

// objectEnvelopes are tried in this order on an object.
var objectEnvelopes = []objectEnvelope{
	readFunctionKey,
	readWrapperKey,
	readCallObject,
	readReAct,
	readToolNameKey,
	readSchemaEcho,
	readOptions,
	readBoltContent,
}

// objectLayer peels the first object envelope m is, or ends the loop with
// m as the arguments.
func objectLayer(st *State, m map[string]any, txt *argsText) layer {
	if s, field, ok := fieldCallText(st, m); ok {
		txt.notef("note: %q held a whole tool call's text; read the call's arguments from it", field)
		return inside(s)
	}
	for _, read := range objectEnvelopes {
		if calls, note, ok := read(st, m); ok {
			if len(calls) == 1 && calls[0].name == boltRefused {
				return refuse(calls[0].args.(string))
			}
			txt.note(note)
			return takeCalls(st, calls, txt)
		}
	}
	return done(m)
}

// declared reports whether the call's tool declares key.
func declared(st *State, key string) bool { return schemas.Property(st.Schema(), key) != nil }

// argsIn reads an envelope's arguments: an object, or an object as JSON
// text.
func argsIn(v any) (map[string]any, bool) {
	switch x := v.(type) {
	case map[string]any:
		return x, true
	case string:
		s := strings.TrimSpace(x)
		if !strings.HasPrefix(s, "{") {
			return nil, false
		}
		parsed, err := text.DecodeJSON([]byte(s))
		obj, ok := parsed.(map[string]any)
		return obj, err == nil && ok
	}
	return nil, false
}

// readFunctionKey reads OpenAI's {"function": {"name", "arguments"}}.
// Naming another tool, it is left to validation, which says to call that
// tool.
func readFunctionKey(st *State, m map[string]any) ([]foundCall, string, bool) {
	fn, ok := m["function"].(map[string]any)
	if len(m) != 1 || !ok || declared(st, "function") {
		return nil, "", false
	}
	c, ok := callObject(st, fn)
	if !ok || !namesCallTool(st, c.name) {
		return nil, "", false
	}
	return []foundCall{c}, `note: read the arguments inside "function" (OpenAI's {function: {name, arguments}})`, true
}

// readWrapperKey reads one wrapper key around the arguments: {"args": …},
// {"input": {…}}, {"params": {…}}, {"options": {…}}.
func readWrapperKey(st *State, m map[string]any) ([]foundCall, string, bool) {
	if len(m) != 1 {
		return nil, "", false
	}
	for k, v := range m {
		if !keys.Contains(argWrappers, k) && k != "options" {
			return nil, "", false
		}
		if p := schemas.Property(st.Schema(), k); p != nil && p.Type == "object" {
			return nil, "", false
		}
		if obj, ok := argsIn(v); ok {
			return []foundCall{{args: obj}}, fmt.Sprintf("note: read the arguments inside %q", k), true
		}
	}
	return nil, "", false
}

// callIDKeys name a call's id in an API's call object (Command A writes
// tool_call_id).
var callIDKeys = []string{"id", "call_id", "tool_call_id"}

// callTypes are the "type" values of an API's call object.
var callTypes = []string{"function", "function_call", "tool_call", "tool_use"}

// callObject reads a call as an object: a name key, an arguments key (an
// object, JSON text, or empty text for none), and optionally the API's
// "type" and "id". A name key the tool declares (tools_describe's name)
// makes it no envelope.
func callObject(st *State, m map[string]any) (foundCall, bool) {
	var c foundCall
	var named, hasArgs bool
	for k, v := range m {
		switch {
		case keys.Contains(nameKeys, k):
			if declared(st, k) {
				return c, false
			}
			c.name, named = v.(string)
		case keys.Contains(argWrappers, k):
			if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
				c.args, hasArgs = map[string]any{}, true
				continue
			}
			c.args, hasArgs = argsIn(v)
		case k == "type":
			if s, _ := v.(string); !keys.Contains(callTypes, s) {
				return c, false
			}
		case keys.Contains(callIDKeys, k):
		default:
			return c, false
		}
	}
	return c, named && hasArgs && c.name != ""
}

// readCallObject reads a proxy's or an API's call of a tool sent as the
// arguments: {tool, args}, {name, arguments}, {method, params}, {type:
// "function", name, parameters}.
func readCallObject(st *State, m map[string]any) ([]foundCall, string, bool) {
	c, ok := callObject(st, m)
	if !ok {
		return nil, "", false
	}
	return []foundCall{c}, "note: read the arguments inside a call object {" + strings.Join(keys.Sorted(m), ", ") + "}", true
}

// readReAct reads a ReAct agent's step: {action: NAME, action_input: …}
// (any spelling: "Action Input"), with its "thought" left out. The input
// may be an object, JSON text or a bare value.
func readReAct(st *State, m map[string]any) ([]foundCall, string, bool) {
	if len(m) < 2 || len(m) > 3 {
		return nil, "", false
	}
	var c foundCall
	var named, hasInput bool
	for k, v := range m {
		switch keys.Fold(k) {
		case "action":
			c.name, named = v.(string)
		case "actioninput":
			c.args, hasInput = v, true
		case "thought":
		default:
			return nil, "", false
		}
		if declared(st, k) {
			return nil, "", false
		}
	}
	if !named || !hasInput {
		return nil, "", false
	}
	return []foundCall{c}, "note: read the arguments inside a ReAct step {action, action_input}", true
}

// readToolNameKey reads the arguments under the tool's own name as the
// one key: {"fs_read": {…}}.
func readToolNameKey(st *State, m map[string]any) ([]foundCall, string, bool) {
	if len(m) != 1 {
		return nil, "", false
	}
	for k, v := range m {
		obj, ok := argsIn(v)
		if !ok || declared(st, k) || !namesCallTool(st, k) {
			return nil, "", false
		}
		return []foundCall{{args: obj}}, fmt.Sprintf("note: read the arguments inside %q, the tool's own name", k), true
	}
	return nil, "", false
}

// schemaKeys are the keys of a JSON Schema object models echo back.
var schemaKeys = []string{"type", "properties", "required", "$schema", "title", "description", "additionalProperties"}

// readSchemaEcho reads the tool's schema sent back with the values in it:
// {type: "object", properties: {path: "a.txt"}}, or each value in its
// property's schema ({path: {type: "string", value: "a.txt"}}).
func readSchemaEcho(st *State, m map[string]any) ([]foundCall, string, bool) {
	props, ok := m["properties"].(map[string]any)
	if !ok || declared(st, "properties") {
		return nil, "", false
	}
	for k, v := range m {
		if !keys.Contains(schemaKeys, k) || k == "type" && v != "object" {
			return nil, "", false
		}
	}
	args := make(map[string]any, len(props))
	for k, v := range props {
		args[k] = echoedValue(v)
	}
	return []foundCall{{args: args}}, `note: read the arguments inside "properties" (the tool's schema sent back with the values in it)`, true
}

// valueKeys are where a value sits in a property's schema echoed back.
var valueKeys = []string{"value", "const", "default", "example"}

// echoedValue is the value of one property of an echoed schema: the value
// in its schema when it is one ({type, value}), else the value itself.
func echoedValue(v any) any {
	prop, ok := v.(map[string]any)
	if !ok {
		return v
	}
	var value any
	found := false
	for k, x := range prop {
		switch {
		case keys.Contains(valueKeys, k) && !found:
			value, found = x, true
		case k == "type" || k == "description" || k == "title":
		default:
			return v
		}
	}
	if !found {
		return v
	}
	return value
}

// readOptions merges {"options": {…}} beside other fields into them, when
// no field gets two values.
func readOptions(st *State, m map[string]any) ([]foundCall, string, bool) {
	opts, ok := m["options"].(map[string]any)
	if !ok || len(m) < 2 || declared(st, "options") {
		return nil, "", false
	}
	merged := make(map[string]any, len(m)+len(opts))
	for k, v := range m {
		if k != "options" {
			merged[k] = v
		}
	}
	for k, v := range opts {
		if prev, clash := merged[k]; clash && !sameJSON(prev, v) {
			return nil, "", false // two values for one field: left for validation to refuse "options"
		}
		merged[k] = v
	}
	return []foundCall{{args: merged}}, `note: read the fields inside "options" as the call's own`, true
}

// callOf is one item of a list of calls: a call object's name and
// arguments, or the item as this tool's arguments.
func callOf(st *State, obj map[string]any) foundCall {
	if c, ok := callObject(st, obj); ok {
		return c
	}
	return foundCall{args: obj}
}

// cleanKeys takes quotes and layout white space off the keys of args
// ("\"path\"", " path\n"), when the key left is not there already, and
// says which it cleaned.
func cleanKeys(args map[string]any) []string {
	var cleaned []string
	for k := range keys.InOrder(args) {
		if plainKey(k) {
			continue
		}
		ck := cleanKey(k)
		if ck == k || ck == "" {
			continue
		}
		if _, clash := args[ck]; clash {
			continue
		}
		args[ck] = args[k]
		delete(args, k)
		cleaned = append(cleaned, fmt.Sprintf("%s as %s", text.QuoteShort(k), ck))
	}
	if len(cleaned) == 0 {
		return nil
	}
	return []string{"note: read the keys " + strings.Join(cleaned, ", ") + " (took off quotes, tags and white space)"}
}

// plainKey reports whether k starts and ends with a letter or a digit and
// holds no tag: nothing to clean, the common case.
func plainKey(k string) bool {
	if k == "" || strings.IndexByte(k, '<') >= 0 {
		return false
	}
	alnum := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }
	return alnum(k[0]) && alnum(k[len(k)-1])
}

// keyTags are GLM's tags, which a broken parse leaves in a key
// ({"path</arg_key>": …}).
var keyTags = strings.NewReplacer("<arg_key>", "", "</arg_key>", "")

// cleanKey is a key without the quotes, tags and white space around it:
// no key of a tool starts or ends with a quote.
func cleanKey(k string) string {
	return strings.Trim(keyTags.Replace(k), " \t\r\n\"'`\\")
}

// layoutValues takes the layout a template puts around a value (a line
// break, an indent: "\n  a.txt\n") off the paths and URLs of args. Only
// these: a file's content keeps every byte.
func layoutValues(st *State, args map[string]any) []string {
	var notes []string
	for k := range keys.InOrder(args) {
		s, ok := args[k].(string)
		if form := st.Tool.Forms[k]; !ok || form != tool.PathKind && form != tool.URLKind {
			continue
		}
		if trimmed := strings.TrimSpace(s); trimmed != s && strings.ContainsAny(s, "\n\r\t") && trimmed != "" {
			args[k] = trimmed
			notes = append(notes, fmt.Sprintf("note: read %s %s as %s (took off the line breaks around it)", k, text.QuoteShort(s), text.QuoteShort(trimmed)))
		}
	}
	return notes
}
