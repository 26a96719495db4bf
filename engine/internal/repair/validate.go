package repair

import (
	"encoding/json"
	"fmt"

	"f0/engine/internal/keys"
	"f0/schemas"
)

// coerceAndValidate repairs each field towards its declared type and
// checks the call against the schema.
func coerceAndValidate(s *State) { s.add(validate(s, s.Schema(), s.Args)) }

// validate repairs each field towards its declared type and checks the call
// against the schema. Problems make the call fail; notes (inert metadata
// left out) travel with its result.
//
// An argument the schema does not declare, and that no earlier step
// placed (a synonym, another agent's name for a field, a line range), is a
// problem: the tool would otherwise answer a question it was not asked.
// Only the inert metadata keys (inert.go) are left out, with a note, and
// the keys of a schema that takes keys it does not declare are kept.
func validate(s *State, schema *schemas.Schema, args map[string]any) (problems []Problem, notes []string) {
	t := s.Tool
	var ignored []string
	for k := range keys.InOrder(args) {
		prop := schemas.Property(schema, k)
		if prop == nil && opensMap(schema) {
			prop = schema.AdditionalProperties // a map's keys are its own: kept, as nested maps' are
		}
		if prop == nil {
			if inert(t, k) != nil {
				ignored = append(ignored, k)
			} else {
				problems = append(problems, unplaced(s, schema, k, args[k]))
			}
			delete(args, k)
			continue
		}
		if args[k] == nil {
			delete(args, k) // null means "not given"
			continue
		}
		var ps []Problem
		args[k], ps = coerceNested(k, prop, args[k], t.NestedSynonyms[k])
		problems = append(problems, ps...)
	}
	for _, req := range schema.Required {
		if _, ok := args[req]; !ok && !suggested(problems, req) {
			problems = append(problems, Problem{Field: req, Msg: "is required but missing"})
		}
	}
	problems, nested := splitInert(problems)
	if ignored = append(ignored, nested...); len(ignored) > 0 {
		notes = append(notes, inertNote(ignored))
	}
	return problems, notes
}

// unplaced is the problem of an argument f0 cannot place: a misspelt field
// ("did you mean"), a field of another tool (which the example then
// calls), or a name nothing here knows. What the call probably meant is
// kept for the example its error shows (see Fix).
func unplaced(s *State, schema *schemas.Schema, key string, val any) Problem {
	t := s.Tool
	if near := nearestField(t, schema, key); near != "" {
		s.Fix.rename(key, near, val)
		return Problem{Field: key, Msg: fmt.Sprintf("unknown field; did you mean %q?", near)}
	}
	s.Fix.drop(key)
	if other, inner, ok := wrappedCall(s.Env, val); ok && other != t {
		s.Fix.other(other, "", nil)
		s.Fix.Theirs = inner
		return Problem{Field: key, Msg: fmt.Sprintf("holds a call of %s, not arguments of %s; call %s itself", s.Env.Name(other), s.toolName(), s.Env.Name(other))}
	}
	if home, list := nestedHome(schema, key); home != "" {
		s.Fix.nest(home, list, key, val)
		return Problem{Field: key, Msg: fmt.Sprintf("unknown field; it is a field of %s", itemsOf(home, list))}
	}
	if owner := fieldOwner(s.Env, t, key); owner != nil {
		s.Fix.other(owner, key, val)
		return Problem{Field: key, Msg: fmt.Sprintf("unknown field; it is an argument of %s, not of %s", s.Env.Name(owner), s.toolName())}
	}
	if near := looseNearest(key, schemas.PropertyNames(schema), 2); len(near) > 0 {
		return Problem{Field: key, Msg: fmt.Sprintf("unknown field: not an argument of %s; the nearest are %s", s.toolName(), quoteList(near))}
	}
	return Problem{Field: key, Msg: fmt.Sprintf("unknown field: not an argument of %s, nor another name for one", s.toolName())}
}

// nestedHome finds the field of schema whose object (or list of objects)
// declares key: batch's calls take tool, so {"tool": …} sent to batch is
// one call's field. list says it holds a list.
func nestedHome(schema *schemas.Schema, key string) (home string, list bool) {
	for name, p := range schema.Properties.FromOldest() {
		obj, isList := p, false
		if p.Type == "array" && p.Items != nil {
			obj, isList = p.Items, true
		}
		if obj.Type != "object" || obj.Properties == nil {
			continue
		}
		for field := range obj.Properties.KeysFromOldest() {
			if keys.Fold(field) == keys.Fold(key) {
				return name, isList
			}
		}
	}
	return "", false
}

// itemsOf names the objects of a nested field: "each item of calls".
func itemsOf(home string, list bool) string {
	if list {
		return fmt.Sprintf("each item of %q", home)
	}
	return fmt.Sprintf("%q", home)
}

// opensMap reports whether an object schema takes keys it does not
// declare (additionalProperties is a schema or true, not false), as an
// upstream tool that takes a map of names to values does. A schema that
// says nothing takes only its properties: f0's own are generated so, and
// an upstream schema that declares properties is read so (see
// upstream.Normalize).
func opensMap(s *schemas.Schema) bool {
	ap := s.AdditionalProperties
	if ap == nil || ap.Not != nil {
		return false
	}
	data, err := json.Marshal(ap)
	return err == nil && string(data) != "false"
}
