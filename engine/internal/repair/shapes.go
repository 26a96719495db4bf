package repair

import (
	"fmt"
	"strings"

	"f0/engine/internal/keys"
	"f0/tool"
)

// fieldShapes turns every accepted form of a shaped field into its
// published shape.
func fieldShapes(s *State) { s.add(applyShapes(s.Tool, s.Args)) }

// applyShapes turns every accepted form of a shaped field into its published
// shape. It runs after top-level fields are renamed and before validation.
func applyShapes(t *tool.Tool, args map[string]any) (problems []Problem, notes []string) {
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
func reshapeItems(t *tool.Tool, field, inner string, sh tool.Shape, args map[string]any) (notes []string, problems []Problem) {
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
		if keys.Fold(k) == keys.Fold(name) {
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
func reshape(field string, sh tool.Shape, v any) (any, string, []Problem) {
	switch sh {
	case tool.HeaderLines:
		return toHeaderLines(field, v)
	case tool.URLEncoded:
		return toURLEncoded(field, v)
	case tool.JSONText, tool.JSONArgs:
		return toJSONText(field, sh, v)
	case tool.CommandLine:
		return toCommandLine(field, v)
	case tool.CookiePairs:
		return toCookiePairs(field, v)
	case tool.UserPass:
		return toUserPass(field, v)
	}
	return v, "", nil
}
