package repair

import (
	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
	"fmt"
	"strings"
)

// nullish are the texts models send for "no value".
var nullish = []string{"null", "undefined", "none", "nil", "NaN"}

// isNullish reports whether v stands for "not given" in a field of schema
// s: JSON null always; "null", "undefined", "None" and "" unless the field
// takes free text, where they may be the text meant.
func isNullish(s *schemas.Schema, kind tool.FieldForm, v any) bool {
	str, ok := v.(string)
	if v == nil {
		return true
	}
	if !ok {
		return false
	}
	str = strings.TrimSpace(str)
	freeText := (s.Type == "string" || s.Type == "") && len(s.Enum) == 0 && kind == 0
	if freeText {
		return false
	}
	return str == "" || keys.Contains(nullish, str)
}

// nullishValues drops null-ish values of optional fields.
func nullishValues(s *State) { s.add(dropNullish(s.Tool, s.Schema(), s.Args)) }

// dropNullish removes null-ish values of optional fields, as if they were
// not given; a required field given one is a problem naming it.
func dropNullish(t *tool.Tool, schema *schemas.Schema, args map[string]any) (problems []Problem, notes []string) {
	var dropped []string
	for k := range keys.InOrder(args) {
		prop := schemas.Property(schema, k)
		if prop == nil || !isNullish(prop, t.Forms[k], args[k]) {
			continue
		}
		if keys.Contains(schema.Required, k) {
			problems = append(problems, Problem{k, fmt.Sprintf("is required, got %s; give a value", text.DescribeValue(args[k]))})
			continue
		}
		if args[k] != nil {
			dropped = append(dropped, fmt.Sprintf("%q: %s", k, text.CompactJSON(args[k])))
		}
		delete(args, k)
	}
	if len(dropped) > 0 {
		notes = append(notes, "note: took "+strings.Join(dropped, ", ")+" as not given")
	}
	return problems, notes
}
