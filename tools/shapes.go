package tools

import (
	"fmt"
	"strings"

	"f0/schemas"
)

// Shape is the one portable form f0 publishes for a field that models send
// in several forms. The published schema gives the shape a single JSON type
// that every converter keeps (a string, or a list of strings); the pipeline
// turns every other accepted form into it before validation, and says in a
// note what it understood.
type Shape int

const (
	// NoShape is a field published as its Go type says.
	NoShape Shape = iota
	// HeaderLines is a list of "Name: value" strings. Also accepted: an
	// object {"Name": "value"}, one string of lines, [name, value] pairs and
	// {name, value} objects.
	HeaderLines
	// URLEncoded is "a=1&b=2". Also accepted: an object (a list value
	// repeats the name), [name, value] pairs and a list of "a=1" strings.
	URLEncoded
	// JSONText is JSON text. Also accepted: any JSON value, which is
	// encoded, with a note.
	JSONText
	// JSONArgs is JSON text holding a call's arguments (batch items): an
	// object is encoded without a note, since the call it belongs to
	// reports its own repairs.
	JSONArgs
	// CommandLine is one shell-style command line. Also accepted: a list of
	// words, joined with shell quoting so that splitting gives them back.
	CommandLine
	// CookiePairs is "name=value; other=value". Also accepted: an object
	// and a list of "name=value" strings.
	CookiePairs
	// UserPass is "user:password". Also accepted: {username, password} and
	// [user, password].
	UserPass
)

// publish sets the portable schema of the shape on s, keeping its
// description.
func (sh Shape) publish(s *schemas.Schema) {
	s.AnyOf, s.OneOf, s.AdditionalProperties, s.Properties = nil, nil, nil, nil
	if sh == HeaderLines {
		s.Type, s.Items = "array", &schemas.Schema{Type: "string"}
		return
	}
	s.Type, s.Items = "string", nil
}

// applyShapes turns every accepted form of a shaped field into its published
// shape. It runs after top-level fields are renamed and before validation.
func applyShapes(t *Tool, args map[string]any) (problems []problem, notes []string) {
	for path, sh := range t.Shapes {
		field, inner, nested := strings.Cut(path, ".")
		v, ok := args[field]
		if !ok || v == nil {
			continue
		}
		if !nested {
			out, note, ps := reshape(field, sh, v)
			args[field] = out
			notes, problems = appendNote(notes, note), append(problems, ps...)
			continue
		}
		n, ps := reshapeItems(t, field, inner, sh, args)
		notes, problems = append(notes, n...), append(problems, ps...)
	}
	return problems, notes
}

// reshapeItems reshapes field inner of every object in the list args[field]
// (or of the one object given instead of a list). The inner field may be
// spelt any way renameNested accepts.
func reshapeItems(t *Tool, field, inner string, sh Shape, args map[string]any) (notes []string, problems []problem) {
	items, isList := asList(args[field])
	if isList {
		args[field] = items
	} else if obj, ok := args[field].(map[string]any); ok {
		items = []any{obj}
	}
	for i, item := range items {
		obj, ok := item.(map[string]any)
		if !ok {
			continue
		}
		key := nestedKey(obj, inner, t.NestedSynonyms[field])
		if key == "" || obj[key] == nil {
			continue
		}
		out, note, ps := reshape(fmt.Sprintf("%s[%d].%s", field, i, inner), sh, obj[key])
		obj[key] = out
		notes, problems = appendNote(notes, note), append(problems, ps...)
	}
	return notes, problems
}

// nestedKey finds the key of obj that stands for the declared field name:
// the name itself, a synonym of it, or another spelling.
func nestedKey(obj map[string]any, name string, syn map[string]string) string {
	if _, ok := obj[name]; ok {
		return name
	}
	for k := range obj {
		if target, ok := lookupSynonym(syn, k); ok && target == name {
			return k
		}
		if foldKey(k) == foldKey(name) {
			return k
		}
	}
	return ""
}

func appendNote(notes []string, note string) []string {
	if note == "" {
		return notes
	}
	return append(notes, "note: "+note)
}

// reshape converts one value to the shape. A value already in the shape is
// returned as is, without a note; a value it cannot read is left for
// validation to explain, unless a part of it is wrong, which is a problem.
func reshape(field string, sh Shape, v any) (any, string, []problem) {
	switch sh {
	case HeaderLines:
		return toHeaderLines(field, v)
	case URLEncoded:
		return toURLEncoded(field, v)
	case JSONText, JSONArgs:
		return toJSONText(field, sh, v)
	case CommandLine:
		return toCommandLine(field, v)
	case CookiePairs:
		return toCookiePairs(field, v)
	case UserPass:
		return toUserPass(field, v)
	}
	return v, "", nil
}
