package repair

import (
	"fmt"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// DefaultMaxItems is the most items any list in a call's arguments may
// hold (and the most keys any object), at any depth, unless the tool
// declares a limit for the field (Spec.MaxItems).
const DefaultMaxItems = 1000

// maxListDepth is how deep the list check looks into nested arguments.
const maxListDepth = 64

// checkSizesReceived refuses the arguments as received when a list in
// them is too long: the list halts, and the arguments are not kept.
func checkSizesReceived(s *State) {
	if problems := checkLists(s.Tool, s.Args); len(problems) > 0 {
		s.Problems, s.Args = append(s.Problems, problems...), nil
		s.halt(Invalid)
	}
}

// checkSizesRepaired checks the sizes again once the arguments are
// repaired, when nothing else is wrong with them.
func checkSizesRepaired(s *State) {
	if len(s.Problems) == 0 {
		s.Problems = checkLists(s.Tool, s.Args)
	}
}

// checkLists refuses lists (and objects) longer than their limit, naming
// the field and the limit. It runs on the arguments as received and again
// once repaired (a repair may turn text into a list), before any tool
// code, so that no tool sees a million paths.
func checkLists(t *tool.Tool, args map[string]any) []Problem {
	var problems []Problem
	for k := range keys.InOrder(args) {
		limit := DefaultMaxItems
		if n, ok := t.MaxItems[k]; ok {
			limit = n
		}
		if p, bad := tooLong(k, args[k], limit, 0); bad {
			problems = append(problems, p)
		}
	}
	return problems
}

// tooLong finds the first list or object in v longer than its limit: limit
// for v itself, DefaultMaxItems below it.
func tooLong(field string, v any, limit, depth int) (Problem, bool) {
	if depth > maxListDepth {
		return Problem{}, false
	}
	n, what := 0, "items"
	switch x := v.(type) {
	case []any:
		n = len(x)
	case map[string]any:
		n, what = len(x), "keys"
	default:
		return Problem{}, false
	}
	if n > limit {
		return Problem{field, fmt.Sprintf("has %s %s; the most one call takes is %s. Split the work over several calls", text.GroupDigits(int64(n)), what, text.GroupDigits(int64(limit)))}, true
	}
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			if p, bad := tooLong(fmt.Sprintf("%s[%d]", field, i), e, DefaultMaxItems, depth+1); bad {
				return p, true
			}
		}
	case map[string]any:
		for k := range keys.InOrder(x) {
			if p, bad := tooLong(field+"."+k, x[k], DefaultMaxItems, depth+1); bad {
				return p, true
			}
		}
	}
	return Problem{}, false
}
