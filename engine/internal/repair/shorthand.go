package repair

import (
	"fmt"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/shellwords"
	"f0/internal/text"
)

// Models that have seen f0's own answers send its syntaxes back: the
// command line's words as the whole arguments ("docs/guide.md limit=2
// offset=10"), or a footer's "offset=374" as the arguments or as a
// field's value. Both are read with the command line's own reader
// (shellwords.ReadPairs), so a word means over MCP what it means in a
// terminal. A key=value word whose key is no field of the tool is kept
// as a field, so that validation refuses it with the nearest field's name.

// shorthand reads arguments sent as f0's key=value words. It only applies
// when one of the words sets a field the tool declares or takes: any other
// text is a value for the main field.
func shorthand(st *State, s string, txt *argsText) (layer, bool) {
	t := st.Tool
	if t.RawArgsField != "" || t.Placeholder || !strings.Contains(s, "=") {
		return layer{}, false
	}
	words, _, err := shellwords.ShellWords(s)
	if err != nil {
		words = strings.Fields(s)
	}
	fields, bare, err := shellwords.ReadPairs(words)
	if err != nil || !setsAField(st, fields) {
		return layer{}, false
	}
	main := mainField(t)
	join := fieldType(st, main) == "string" && t.Plurals[main] == ""
	v, err := shellwords.PlaceBare(fields, bare, main, join)
	if err != nil {
		return refuse(fmt.Sprintf("arguments %s read as f0's key=value words: %v", text.QuoteShort(s), err)), true
	}
	txt.notef("note: read the arguments %s as f0's command-line words (key=value)", text.QuoteShort(s))
	return done(v.(map[string]any)), true
}

// setsAField reports whether one of fields is a field of the call's tool,
// or a misspelling of one (which validation then names).
func setsAField(st *State, fields map[string]any) bool {
	for k := range fields {
		if Takes(st.Tool, st.Schema(), k) || nearestField(st.Tool, st.Schema(), k) != "" {
			return true
		}
	}
	return false
}

// footerValues reads a field's value copied from f0's footer with the
// field's name in front ("offset": "offset=374") as the value alone. Only
// a field that takes no text reads so: "data": "data=x" is a form body.
func footerValues(st *State, args map[string]any) []string {
	var notes []string
	for k := range keys.InOrder(args) {
		s, ok := args[k].(string)
		if !ok || !strings.Contains(s, "=") {
			continue
		}
		if typ := fieldType(st, k); typ == "" || typ == "string" || typ == "array" || typ == "object" {
			continue
		}
		key, val, isJSON := shellwords.SplitPair(strings.TrimSpace(s))
		if key == "" || isJSON || keys.Fold(key) != keys.Fold(k) {
			continue
		}
		args[k] = val
		notes = append(notes, fmt.Sprintf("note: read %s %s as %s", k, text.QuoteShort(s), text.QuoteShort(val)))
	}
	return notes
}
