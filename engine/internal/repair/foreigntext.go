package repair

import "strings"

// foreignCallText reads, for a name f0 does not know, arguments sent as
// call text that holds one call of that tool (or names none): a text
// envelope (Hermes' <tool_call>, Qwen-Agent's ✿FUNCTION✿/✿ARGS✿, …) or
// call text after other text. The vocabularies must read the call's own
// arguments: given the text, they would find none of their fields and
// take the call for another of the tool's forms. It returns the
// arguments and the notes saying what was peeled.
func foreignCallText(raw any, name string) (map[string]any, []string, bool) {
	t, ok := bareText(raw)
	if !ok {
		return nil, nil, false
	}
	calls, said, ok := readAnyTextEnvelope(strings.TrimSpace(t))
	if !ok || len(calls) != 1 {
		return nil, nil, false
	}
	c := calls[0]
	if c.name != "" && strings.TrimSpace(c.name) != strings.TrimSpace(name) {
		return nil, nil, false
	}
	if inner, note, ok := ownCallEnvelope(c.args, name); ok {
		return inner, []string{said, note}, true
	}
	m := peekArgs(c.args)
	if m == nil {
		return nil, nil, false
	}
	return m, []string{said}, true
}

// readAnyTextEnvelope reads s with the first text envelope that knows it,
// else as call text after other text.
func readAnyTextEnvelope(s string) ([]foundCall, string, bool) {
	for _, read := range textEnvelopes {
		if calls, said, ok := read(s); ok {
			return calls, said, true
		}
	}
	return readCallAfterText(s)
}
