package repair

import (
	"f0/engine/internal/keys"
	"f0/schemas"
	"f0/tool"
	"slices"
	"strings"
)

// readVocabularies reads other agents' arguments in a call made with f0's
// name.
func readVocabularies(s *State) { s.add(vocabulary(s.Tool, s.Schema(), s.Args)) }

// vocabulary reads, in a call made with f0's name, the arguments that
// other agents' tools of the same meaning take (its Foreign entries): Grep's
// output_mode for fs.search, Cursor's should_read_entire_file for fs.read.
// Arguments the tool declares, takes as synonyms, or that a later repair
// reads (a line range, an inverse boolean) are left to those.
func vocabulary(t *tool.Tool, schema *schemas.Schema, args map[string]any) (problems []Problem, notes []string) {
	var mapped []string
	for k := range keys.InOrder(args) {
		if _, ok := args[k]; !ok || !otherArgument(t, schema, k) {
			continue
		}
		for i := range t.OtherNames {
			f := &t.OtherNames[i]
			if f.Refuse != "" || !knows(f, k) {
				continue
			}
			m, ps := mapOtherArgs(f, args, func(key string) bool { return key == k })
			for j := range m {
				m[j] += " (" + f.Name + ")"
			}
			mapped, problems = append(mapped, m...), append(problems, ps...)
			break
		}
	}
	if len(mapped) > 0 {
		notes = append(notes, "note: read other agents' arguments: "+strings.Join(mapped, ", "))
	}
	return problems, notes
}

// otherArgument reports whether k is none of t's own names for its
// fields, so another agent's name may place it.
func otherArgument(t *tool.Tool, schema *schemas.Schema, k string) bool {
	if schemas.Property(schema, k) != nil {
		return false
	}
	if _, ok := lookupSynonym(t.Synonyms, k); ok {
		return false
	}
	if _, ok := keys.Lookup(t.Inverse, k); ok {
		return false
	}
	if t.RawArgsField != "" && keys.Contains(commandKeys, k) || keys.Contains(bearerKeys, foldedSnake(k)) {
		return false // repairRequest reads a command line, a bearer token
	}
	if t.LineWindow[0] != "" && (keys.Contains(rangeKeys, k) || slices.Contains(rangeStartKeys, keys.Fold(k)) || slices.Contains(rangeEndKeys, keys.Fold(k))) {
		return false
	}
	for _, name := range schemas.PropertyNames(schema) {
		if keys.Fold(name) == keys.Fold(k) {
			return false
		}
	}
	return true
}
