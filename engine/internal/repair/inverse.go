package repair

import (
	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
	"fmt"
)

// meansBoolean reports whether args[k], under a name that is also a
// synonym of target, is a boolean rather than target's value: a boolean,
// or boolean text ("true") when target itself is given too.
func meansBoolean(args map[string]any, k, target string) bool {
	if _, isBool := args[k].(bool); isBool {
		return true
	}
	_, targetGiven := args[target]
	_, boolText := toBool(args[k])
	return targetGiven && boolText
}

// inverseBooleans reads a boolean given under a name that means the
// opposite of a field.
func inverseBooleans(s *State) { s.add(invertBooleans(s.Tool, s.Args)) }

// invertBooleans turns a boolean given under a name that means the
// opposite of a field (caseSensitive for ignoreCase) into that field. A
// name that is also another name of a field ("regex": the pattern, or
// "regex": true, not literal) is read by its value (see meansBoolean);
// anything else is left to the synonyms.
func invertBooleans(t *tool.Tool, args map[string]any) (problems []Problem, notes []string) {
	for k := range keys.InOrder(args) {
		field, ok := keys.Lookup(t.Inverse, k)
		if !ok {
			continue
		}
		if target, synonym := keys.Lookup(t.Synonyms, k); synonym && !meansBoolean(args, k, target) {
			continue
		}
		b, ok := toBool(args[k])
		if !ok {
			problems = append(problems, Problem{k, fmt.Sprintf("expected a boolean (true or false), got %s", text.DescribeValue(args[k]))})
			continue
		}
		delete(args, k)
		if given, ok := args[field]; ok {
			if g, isBool := toBool(given); isBool && g == b {
				problems = append(problems, Problem{k, fmt.Sprintf("%v means %s %v, and %q was given as %v; send only %q", b, field, !b, field, given, field)})
			}
			continue
		}
		args[field] = !b
		notes = append(notes, fmt.Sprintf("note: read %s %v as %s %v", k, b, field, !b))
	}
	return problems, notes
}
