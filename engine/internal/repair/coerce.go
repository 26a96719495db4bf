package repair

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/schemas"
)

// coerce repairs a value towards the schema's type: numeric and boolean
// strings, a single value where a list is expected, JSON text where an
// object or array is expected, enum values in the wrong case, and other
// spellings of the fields of nested objects.
func coerce(field string, s *schemas.Schema, v any) (any, []Problem) {
	return coerceNested(field, s, v, nil)
}

// coerceNested is coerce with synonyms for the fields of the object (or of
// each object in the list) at this level.
func coerceNested(field string, s *schemas.Schema, v any, syn map[string]string) (any, []Problem) {
	if s == nil || v == nil {
		return v, nil
	}
	bad := func(want string) []Problem {
		return []Problem{{field, fmt.Sprintf("expected %s, got %s", want, text.DescribeValue(v))}}
	}
	switch s.Type {
	case "integer", "number":
		n, ok := toNumber(v)
		if !ok {
			if _, isBool := v.(bool); isBool {
				return v, []Problem{{field, fmt.Sprintf("expected %s, got %v (a boolean is never a number)", article(s.Type), v)}}
			}
			return v, bad(article(s.Type))
		}
		if s.Type == "integer" {
			if _, err := n.Int64(); err != nil {
				f, ferr := n.Float64()
				if ferr != nil || f != float64(int64(f)) {
					return v, bad("an integer")
				}
				n = json.Number(strconv.FormatInt(int64(f), 10))
			}
		}
		if same, ok := v.(json.Number); ok && same == n {
			return v, checkRange(field, s, n) // as it came, not boxed again
		}
		return n, checkRange(field, s, n)
	case "boolean":
		b, ok := toBool(v)
		if !ok {
			return v, bad("a boolean (true or false)")
		}
		return b, nil
	case "string":
		switch x := v.(type) {
		case string:
			if len(s.Enum) == 0 {
				return v, nil // as it came, not boxed again
			}
			return enumValue(field, s, x)
		case json.Number:
			return enumValue(field, s, x.String())
		case []any:
			if len(x) == 1 {
				if str, ok := x[0].(string); ok {
					return enumValue(field, s, str)
				}
			}
		}
		return v, bad("a string")
	case "array":
		list, ok := v.([]any)
		if !ok {
			if str, isStr := v.(string); isStr && strings.HasPrefix(strings.TrimSpace(str), "[") {
				if parsed, err := text.DecodeJSON([]byte(str)); err == nil {
					list, ok = parsed.([]any)
				}
			}
			if !ok {
				list = []any{v}
			}
		}
		var problems []Problem
		for i, item := range list {
			var ps []Problem
			list[i], ps = coerceNested(fmt.Sprintf("%s[%d]", field, i), s.Items, item, syn)
			problems = append(problems, ps...)
		}
		return list, problems
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			if str, isStr := v.(string); isStr && strings.HasPrefix(strings.TrimSpace(str), "{") {
				if parsed, err := text.DecodeJSON([]byte(str)); err == nil {
					obj, ok = parsed.(map[string]any)
				}
			}
			if !ok {
				return v, bad("an object")
			}
		}
		var problems []Problem
		if s.Properties != nil {
			problems = renameNested(field, s, obj, syn)
			for k, ps := range s.Properties.FromOldest() {
				if val, present := obj[k]; present {
					var p []Problem
					obj[k], p = coerce(field+"."+k, ps, val)
					problems = append(problems, p...)
				}
			}
			for _, req := range s.Required {
				if _, present := obj[req]; !present {
					problems = append(problems, Problem{field + "." + req, "is required"})
				}
			}
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Type != "" {
			for k, val := range obj {
				if schemas.Property(s, k) == nil {
					var p []Problem
					obj[k], p = coerce(field+"."+k, s.AdditionalProperties, val)
					problems = append(problems, p...)
				}
			}
		}
		return obj, problems
	}
	return v, nil
}

// renameNested maps the keys of a nested object to its declared fields:
// synonyms, then other spellings (old_text → oldText). A key close to a
// declared field is a "did you mean" problem; other keys are left for the
// decoder to drop.
func renameNested(field string, s *schemas.Schema, obj map[string]any, syn map[string]string) []Problem {
	var problems []Problem
	for key := range keys.InOrder(obj) {
		if schemas.Property(s, key) != nil {
			continue
		}
		target, ok := lookupSynonym(syn, key)
		if !ok {
			for name := range s.Properties.KeysFromOldest() {
				if keys.Fold(name) == keys.Fold(key) {
					target, ok = name, true
					break
				}
			}
		}
		if !ok {
			if s.AdditionalProperties == nil { // its fields are all declared
				problems = append(problems, unknownNested(field, key, s, syn))
				delete(obj, key)
			}
			continue
		}
		val := obj[key]
		delete(obj, key)
		if prev, clash := obj[target]; clash {
			if !sameJSON(prev, val) {
				problems = append(problems, Problem{field + "." + key, fmt.Sprintf("is another name for %q, and both were given with different values; send only %q", target, target)})
			}
			continue
		}
		obj[target] = val
	}
	return problems
}

// unknownNested is the problem of a key of a nested object that declares
// all its fields: a misspelt field, inert metadata (left out, with a
// note), or a key the object does not take.
func unknownNested(field, key string, s *schemas.Schema, syn map[string]string) Problem {
	names := schemas.PropertyNames(s)
	switch near := nearestName(key, names, syn); {
	case near != "":
		return Problem{field + "." + key, fmt.Sprintf("unknown field; did you mean %q?", near)}
	case inertAnywhere(key):
		return Problem{field + "." + key, inertMarker}
	}
	return Problem{field + "." + key, fmt.Sprintf("unknown field; %s takes %s", field, strings.Join(names, ", "))}
}

func article(typ string) string {
	if typ == "integer" {
		return "an integer"
	}
	return "a number"
}

func checkRange(field string, s *schemas.Schema, n json.Number) []Problem {
	f, err := n.Float64()
	if err != nil {
		return []Problem{{field, fmt.Sprintf("expected a number, got %s", n)}}
	}
	if s.Minimum != "" {
		if lo, err := s.Minimum.Float64(); err == nil && f < lo {
			return []Problem{{field, fmt.Sprintf("must be at least %s, got %s", s.Minimum, n)}}
		}
	}
	if s.Maximum != "" {
		if hi, err := s.Maximum.Float64(); err == nil && f > hi {
			return []Problem{{field, fmt.Sprintf("must be at most %s, got %s", s.Maximum, n)}}
		}
	}
	return nil
}

// enumValue accepts an enum value in any case and returns its declared
// spelling.
func enumValue(field string, s *schemas.Schema, v string) (any, []Problem) {
	if len(s.Enum) == 0 {
		return v, nil
	}
	for _, e := range s.Enum {
		if es, ok := e.(string); ok && strings.EqualFold(es, strings.TrimSpace(v)) {
			return e, nil
		}
	}
	opts := make([]string, 0, len(s.Enum))
	for _, e := range s.Enum {
		opts = append(opts, fmt.Sprintf("%q", e))
	}
	return v, []Problem{{field, fmt.Sprintf("expected one of %s, got %q", strings.Join(opts, ", "), v)}}
}
