package tools

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"f0/schemas"
)

// validate repairs each field towards its declared type and checks the call
// against the schema. Problems make the call fail; notes (ignored foreign
// fields) travel with its result.
func validate(t *Tool, schema *schemas.Schema, args map[string]any) (problems []problem, notes []string) {
	var ignored []string
	for k := range inOrder(args) {
		prop := schemas.Property(schema, k)
		if prop == nil && opensMap(schema) {
			prop = schema.AdditionalProperties // a map's keys are its own: kept, as nested maps' are
		}
		if prop == nil {
			if near := nearestField(t, schema, k); near != "" {
				problems = append(problems, problem{k, fmt.Sprintf("unknown field; did you mean %q?", near)})
			} else {
				ignored = append(ignored, k)
			}
			delete(args, k)
			continue
		}
		if args[k] == nil {
			delete(args, k) // null means "not given"
			continue
		}
		var ps []problem
		args[k], ps = coerceNested(k, prop, args[k], t.NestedSynonyms[k])
		problems = append(problems, ps...)
	}
	for _, req := range schema.Required {
		if _, ok := args[req]; !ok && !suggested(problems, req) {
			problems = append(problems, problem{req, "is required but missing"})
		}
	}
	if len(ignored) > 0 {
		notes = append(notes, fmt.Sprintf("note: ignored %s %s: not an argument of this tool (it takes %s)",
			Plural(len(ignored), "field", "fields"), quoteList(ignored), strings.Join(schemas.PropertyNames(schema), ", ")))
	}
	return problems, notes
}

// opensMap reports whether an object schema takes keys it does not
// declare (additionalProperties is a schema, not false), as an upstream
// tool that takes a map of names to values does.
func opensMap(s *schemas.Schema) bool {
	return s.AdditionalProperties != nil && s.AdditionalProperties.Not == nil
}

// nearestField returns the declared field (or synonym) a misspelt key most
// likely meant, or "" when nothing is close.
func nearestField(t *Tool, schema *schemas.Schema, key string) string {
	return nearestName(key, schemas.PropertyNames(schema), t.Synonyms)
}

// nearestName returns the name (or the target of a synonym) a misspelt key
// most likely meant, or "" when nothing is close.
func nearestName(key string, names []string, synonyms map[string]string) string {
	best, bestD := "", 1<<30
	try := func(name, target string) {
		d := editDistance(foldKey(key), foldKey(name))
		if d <= fieldDistance(name) && d < bestD {
			best, bestD = target, d
		}
	}
	for _, name := range names {
		try(name, name)
	}
	syns := slices.Sorted(maps.Keys(synonyms))
	for _, syn := range syns {
		try(syn, synonyms[syn])
	}
	return best
}

// fieldDistance is the edit distance still treated as a misspelt field.
func fieldDistance(name string) int {
	switch n := len(name); {
	case n <= 2:
		return 0
	case n <= 5:
		return 1
	default:
		return 2
	}
}

func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// suggested reports whether a "did you mean" problem already points at field.
func suggested(problems []problem, field string) bool {
	for _, p := range problems {
		if strings.HasSuffix(p.msg, fmt.Sprintf("did you mean %q?", field)) {
			return true
		}
	}
	return false
}
