package repair

import (
	"f0/engine/internal/keys"
	"f0/schemas"
	"f0/tool"
	"fmt"
)

// renameKeys maps other names and spellings of fields to the declared
// names, and remembers the names the call used (fieldForms reads a time's
// unit in them).
func renameKeys(s *State) {
	renamed, problems := renameFields(s.Tool, s.Schema(), s.Args)
	s.Renamed, s.Problems = renamed, append(s.Problems, problems...)
}

// renameFields maps synonyms and other spellings (max_bytes, MaxBytes) to
// the declared field names.
// It returns the names the call used for the fields it renamed (nil when
// every key is a declared name, the common case, which allocates nothing).
func renameFields(t *tool.Tool, schema *schemas.Schema, args map[string]any) (map[string]string, []Problem) {
	var renamed, byFold map[string]string
	var problems []Problem
	for key, val := range args {
		if schemas.Property(schema, key) != nil {
			continue
		}
		if byFold == nil {
			byFold = foldedNames(schema)
		}
		target := ""
		if syn, ok := lookupSynonym(t.Synonyms, key); ok {
			target = syn
		} else if name, ok := byFold[keys.Fold(key)]; ok {
			target = name
		}
		if target == "" {
			continue
		}
		if prev, clash := args[target]; clash {
			if !sameJSON(prev, val) {
				problems = append(problems, Problem{key, fmt.Sprintf("is another name for %q, and both were given with different values; send only %q", target, target)})
			}
			delete(args, key)
			continue
		}
		args[target] = val
		if renamed == nil {
			renamed = map[string]string{}
		}
		renamed[target] = key
		delete(args, key)
	}
	return renamed, append(problems, movePlurals(t, args)...)
}

// foldedNames maps the folded spelling of each declared field (keys.Fold) to
// the field.
func foldedNames(schema *schemas.Schema) map[string]string {
	props := schemas.PropertyNames(schema)
	byFold := make(map[string]string, len(props))
	for _, name := range props {
		byFold[keys.Fold(name)] = name
	}
	return byFold
}

// movePlurals sends a list given for a single-value field to the field that
// takes several ({"path": ["a", "b"]} → {"paths": ["a", "b"]}). A list of
// one stays: validation turns it into the single value.
func movePlurals(t *tool.Tool, args map[string]any) []Problem {
	var problems []Problem
	for single, plural := range t.Plurals {
		list, ok := asList(args[single])
		if !ok || len(list) == 1 {
			continue
		}
		if prev, clash := args[plural]; clash && !sameJSON(prev, list) {
			problems = append(problems, Problem{single, fmt.Sprintf("is a list, which belongs in %q, and %q was given too; send the paths in %q only", plural, plural, plural)})
			continue
		}
		args[plural] = list
		delete(args, single)
	}
	return problems
}
