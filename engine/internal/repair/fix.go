package repair

import (
	"f0/engine/internal/keys"
	"f0/schemas"
	"f0/tool"
)

// Fix is what a call with arguments f0 could not place probably meant:
// misspelt fields under their names, fields of another tool in a call of
// that tool, and the rest left out. Its error shows that call, built from
// the call's own arguments, when it is valid.
type Fix struct {
	Renames map[string]any // declared field → the value given under a misspelt name
	Dropped []string
	Owner   *tool.Tool     // the tool another field belongs to
	Theirs  map[string]any // the fields given for Owner
	// Nested are fields of the objects of a field (batch's calls): the
	// object, or the one item of the list (Lists), they probably meant.
	Nested map[string]map[string]any
	Lists  map[string]bool
}

func (f *Fix) rename(from, to string, v any) {
	if f.Renames == nil {
		f.Renames = map[string]any{}
	}
	f.Renames[to] = v
	f.Dropped = append(f.Dropped, from)
}

func (f *Fix) drop(key string) { f.Dropped = append(f.Dropped, key) }

// nest records a field that belongs in the object (or the list of
// objects) of the field home.
func (f *Fix) nest(home string, list bool, key string, v any) {
	if f.Nested == nil {
		f.Nested = map[string]map[string]any{}
		f.Lists = map[string]bool{}
	}
	if f.Nested[home] == nil {
		f.Nested[home] = map[string]any{}
	}
	f.Nested[home][key] = v
	f.Lists[home] = list
}

// other records a field that belongs to another tool; the first such tool
// is the one the example calls.
func (f *Fix) other(t *tool.Tool, key string, v any) {
	if f.Owner != nil && f.Owner != t {
		return
	}
	if f.Theirs == nil {
		f.Theirs = map[string]any{}
	}
	f.Owner = t
	if key != "" {
		f.Theirs[key] = v
	}
}

// inertMarker is the message of a problem that only says an inert key
// of a nested object was left out (see splitInert).
const inertMarker = "\x00inert"

// splitInert separates the inert keys left out of nested objects from the
// real problems.
func splitInert(problems []Problem) (real []Problem, inert []string) {
	for _, p := range problems {
		if p.Msg == inertMarker {
			inert = append(inert, p.Field)
			continue
		}
		real = append(real, p)
	}
	return real, inert
}

// fieldOwner finds the exposed tool, other than t, that declares key or
// takes it as a synonym: a tool of t's namespace first ("pattern" sent to
// fs.read is fs.search's).
func fieldOwner(env Env, t *tool.Tool, key string) *tool.Tool {
	// Another agent's tool of t's name that takes key says which f0 tool
	// it means: Amazon Q's fs_read takes a pattern in its Search mode.
	if v := env.Vocabulary(); v != nil {
		for _, target := range v.FieldTargets(t.Name, key) {
			if other := env.Lookup(target); other != nil && other != t && env.Visible(other) {
				return other
			}
		}
	}
	var found *tool.Tool
	for _, other := range env.Tools() {
		if other == t || !env.Visible(other) || other.Placeholder || !Takes(other, env.Schema(other), key) {
			continue
		}
		if other.Namespace() == t.Namespace() {
			return other
		}
		if found == nil {
			found = other
		}
	}
	return found
}

// Takes reports whether t, whose schema is schema, declares key, in any
// spelling, or takes it as a synonym.
func Takes(t *tool.Tool, schema *schemas.Schema, key string) bool {
	_, ok := lookupSynonym(t.Synonyms, key)
	return ok || declares(schema, key)
}

// declares reports whether schema declares key, in any spelling.
func declares(schema *schemas.Schema, key string) bool {
	for _, name := range schemas.PropertyNames(schema) {
		if keys.Fold(name) == keys.Fold(key) {
			return true
		}
	}
	return false
}

// wrappedCall reads a value that is a whole call of another tool, as
// OpenAI's {"function": {"name", "arguments"}} is: the tool and its
// arguments.
func wrappedCall(env Env, v any) (*tool.Tool, map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, false
	}
	var t *tool.Tool
	var inner map[string]any
	for k, x := range m {
		switch {
		case keys.Contains(nameKeys, k):
			name, _ := x.(string)
			if t = env.Lookup(name); t == nil || !env.Visible(t) {
				return nil, nil, false
			}
		case keys.Contains(argWrappers, k):
			if inner, ok = peekArgs(x), true; inner == nil {
				return nil, nil, false
			}
		default:
			return nil, nil, false
		}
	}
	if inner == nil {
		inner = map[string]any{}
	}
	return t, inner, t != nil
}
