package repair

import (
	"encoding/json"
	"fmt"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
)

// The envelope layer: whatever the arguments came wrapped in, the object
// inside. It runs before every other repair of the arguments, and it is
// one loop over three ordered lists: text envelopes (textenvelopes.go) for
// arguments sent as text, the list layer for arguments sent as a list, and
// object envelopes (objectenvelopes.go) for an object that only holds the
// arguments. Each layer peeled adds a note saying what it was. An envelope
// that names a tool must name this call's tool; one that holds several
// different calls runs them as one batch call when the server has one.

// maxLayers bounds how many envelopes one call's arguments may be in.
const maxLayers = 8

// peelEnvelopes turns the arguments into an object; arguments that cannot
// be one halt the list.
func peelEnvelopes(s *State) {
	args, notes, problems := argsObject(s, s.Raw)
	s.Notes = append(s.Notes, notes...)
	if len(problems) > 0 {
		s.Problems = append(s.Problems, problems...)
		if s.Fix.Owner != nil {
			s.Args = map[string]any{} // the call of the other tool is the example to show
		}
		s.halt(Invalid)
		return
	}
	s.Args = args
	s.Notes = append(s.Notes, cleanKeys(s.Args)...)
	s.Notes = append(s.Notes, footerValues(s, s.Args)...)
	s.Notes = append(s.Notes, layoutValues(s, s.Args)...)
}

// argsObject turns the arguments of a call into an object (see the layer
// above) and returns notes saying what it peeled and fixed.
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

// layer is what one pass of the envelope loop found: the value inside to
// read again, or (done) the arguments, or the problems that stop it.
type layer struct {
	next     any
	done     bool
	problems []Problem
}

// argsValue is argsObject on a decoded value: the envelope loop.
func argsValue(st *State, v any, txt *argsText) (map[string]any, []Problem) {
	for range maxLayers {
		var l layer
		switch x := v.(type) {
		case nil:
			return map[string]any{}, nil
		case string:
			l = textLayer(st, x, txt)
		case []any:
			l = listLayer(st, x, txt)
		case map[string]any:
			l = objectLayer(st, x, txt)
		default:
			return nil, []Problem{{"", fmt.Sprintf("arguments must be a JSON object, got %s", text.DescribeValue(x))}}
		}
		if len(l.problems) > 0 {
			return nil, l.problems
		}
		if l.done {
			m, _ := l.next.(map[string]any)
			return m, nil
		}
		v = l.next
	}
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	return nil, []Problem{{"", "arguments are nested too deeply in wrappers"}}
}

func done(m map[string]any) layer               { return layer{next: m, done: true} }
func refuse(msg string) layer                   { return layer{problems: []Problem{{"", msg}}} }
func inside(v any) layer                        { return layer{next: v} }
func (a *argsText) note(n string)               { a.notes = append(a.notes, n) }
func (a *argsText) notef(f string, args ...any) { a.note(fmt.Sprintf(f, args...)) }

// textLayer reads arguments sent as text: an envelope of text, JSON (or
// almost-JSON) text, f0's own key=value syntax, or a bare value for the
// tool's main field.
func textLayer(st *State, x string, txt *argsText) layer {
	t := st.Tool
	s := strings.TrimSpace(x)
	if s == "" || s == "null" {
		return done(map[string]any{})
	}
	if l, ok := boltLayer(st, s, txt); ok {
		return l
	}
	for _, read := range textEnvelopes {
		if calls, said, ok := read(s); ok {
			txt.note(said)
			return takeCalls(st, calls, txt)
		}
	}
	if calls, said, ok := readCallAfterText(s); ok {
		txt.note(said)
		return takeCalls(st, calls, txt)
	}
	if looksLikeCallText(s) {
		return refuse(fmt.Sprintf("the arguments are tool-call text f0 cannot read (%s); send them as a JSON object of the tool's fields", text.QuoteShort(x)))
	}
	if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") && (mainField(t) == "" || listOfObjects(s)) {
		parsed, err := txt.parse(s)
		if err != nil {
			if main := mainField(t); main != "" && fieldType(st, main) == "string" && !strings.Contains(s, ":") {
				// No key: value anywhere, so not an object gone
				// wrong but a value such as the glob {a,b}.
				txt.notef("note: %s is not JSON; took it as %q", text.QuoteShort(x), main)
				return done(map[string]any{main: x})
			}
			return refuse(err.Error())
		}
		return inside(parsed)
	}
	if l, ok := shorthand(st, s, txt); ok {
		return l
	}
	if main := mainField(t); main != "" {
		return done(map[string]any{main: x})
	}
	return refuse(fmt.Sprintf("arguments must be a JSON object, got the string %s", text.QuoteShort(x)))
}

// listOfObjects reports whether s is JSON text of a list of objects.
func listOfObjects(s string) bool {
	v, err := text.DecodeJSON([]byte(s))
	list, ok := v.([]any)
	if err != nil || !ok || len(list) == 0 {
		return false
	}
	for _, item := range list {
		if _, ok := item.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// listLayer reads arguments sent as a list: the main field's value when
// that field takes a list, else a list of the arguments object (one call)
// or of several calls.
func listLayer(st *State, x []any, txt *argsText) layer {
	t := st.Tool
	objects := allObjects(x)
	if main := mainField(t); main != "" && (fieldType(st, main) == "array" || t.Plurals[main] != "" || main == t.RawArgsField) && (!objects || takesObjects(st, main)) {
		return done(map[string]any{main: x})
	}
	if !objects {
		return refuse("arguments must be a JSON object, got an array")
	}
	calls := make([]foundCall, 0, len(x))
	for _, item := range x {
		calls = append(calls, callOf(st, item.(map[string]any)))
	}
	switch len(calls) {
	case 0:
		return refuse("arguments must be a JSON object, got an array")
	case 1:
		txt.note("note: read the arguments inside a list that held one object")
		return inside(x[0]) // the object layer peels what it is
	}
	txt.notef("note: read the arguments as a list of %d calls", len(calls))
	return takeCalls(st, calls, txt)
}

// allObjects reports whether every item of list is an object.
func allObjects(list []any) bool {
	for _, item := range list {
		if _, ok := item.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// takesObjects reports whether field, or the list field it is the one
// value of, holds a list of objects (batch's calls).
func takesObjects(st *State, field string) bool {
	if plural := st.Tool.Plurals[field]; plural != "" {
		field = plural
	}
	p := schemas.Property(st.Schema(), field)
	return p != nil && p.Items != nil && p.Items.Type == "object"
}

// takeCalls goes on with the calls an envelope held: one call's arguments
// when they are all one call of this tool, a batch call of them when they
// differ, or the problem that the envelope calls another tool.
func takeCalls(st *State, calls []foundCall, txt *argsText) layer {
	if len(calls) > 1 && sameCalls(calls) {
		txt.notef("note: the arguments held the same call %d times; ran it once", len(calls))
		calls = calls[:1]
	}
	if len(calls) == 1 {
		if l, other := otherToolsCall(st, calls[0]); other {
			return l
		}
		return inside(calls[0].args)
	}
	return asBatch(st, calls, txt)
}

// sameCalls reports whether every call is the first one again.
func sameCalls(calls []foundCall) bool {
	first := decodedArgs(calls[0].args)
	for _, c := range calls[1:] {
		if keys.Normal(c.name) != keys.Normal(calls[0].name) || !sameJSON(decodedArgs(c.args), first) {
			return false
		}
	}
	return true
}

// decodedArgs is a call's arguments with JSON text decoded, to compare.
func decodedArgs(v any) any {
	if s, ok := v.(string); ok && looksLikeJSON(s) {
		if parsed, err := text.DecodeJSON([]byte(strings.TrimSpace(s))); err == nil {
			return parsed
		}
	}
	return v
}

// otherToolsCall checks the name an envelope gives: none, or one that
// stands for this call's tool, lets the call go on; any other name stops
// it with what to call instead.
func otherToolsCall(st *State, c foundCall) (layer, bool) {
	if c.name == "" || namesCallTool(st, c.name) {
		return layer{}, false
	}
	other := ResolveName(st.Env, c.name).Only()
	if other == nil || !st.Env.Visible(other) {
		return refuse(fmt.Sprintf("the arguments are a call of %s, which is no tool here, not arguments of %s", text.QuoteShort(c.name), st.toolName())), true
	}
	if theirs := peekArgs(c.args); theirs != nil {
		st.Fix.drop("")
		st.Fix.other(other, "", nil)
		st.Fix.Theirs = theirs
	}
	name := st.Env.Name(other)
	return refuse(fmt.Sprintf("the arguments are a call of %s, not arguments of %s; call %s itself", name, st.toolName(), name)), true
}

// namesCallTool reports whether name stands for the call's tool: f0's name
// for it in any spelling, another agent's name that means it, or the name
// the call itself was made with.
func namesCallTool(st *State, name string) bool {
	if keys.Normal(name) == keys.Normal(st.Name) {
		return true
	}
	return ResolveName(st.Env, name).Only() == st.Tool
}

// asBatch runs several different calls found in one call's arguments as
// one call of the tool that runs calls (batch): the model asked for each
// of them, so taking only the first would answer a different question,
// and each item still gets its own access check and repairs. Without such
// a tool they are refused with how to send them.
func asBatch(st *State, calls []foundCall, txt *argsText) layer {
	runner := callRunner(st.Env)
	if runner == nil || runner == st.Tool || st.Tool.Placeholder {
		return refuse(fmt.Sprintf("the arguments hold %d different calls run together; send each as a call of its own", len(calls)))
	}
	items := make([]any, len(calls))
	for i, c := range calls {
		name := c.name
		if name == "" {
			name = st.Name
			if st.Route == nil {
				name = st.Env.Name(st.Tool)
			}
		}
		items[i] = map[string]any{"tool": name, "args": c.args}
	}
	txt.notef("note: the arguments held %d different calls; ran them as one %s call, results in order", len(calls), st.Env.Name(runner))
	st.useTool(runner)
	st.Route = nil
	return done(map[string]any{mainField(runner): items})
}

// callRunner is the exposed tool whose main field is a list of calls.
func callRunner(env Env) *tool.Tool {
	for _, t := range env.Tools() {
		if main := mainField(t); main != "" && t.Forms[main] == tool.CallsKind && env.Visible(t) {
			return t
		}
	}
	return nil
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
