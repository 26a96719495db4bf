package engine

import (
	"fmt"

	"f0/internal/text"
	"f0/tool"
)

// DefaultMaxItems is the most items any list in a call's arguments may
// hold (and the most keys any object), at any depth, unless the tool
// declares a limit for the field (Spec.MaxItems).
const DefaultMaxItems = 1000

// maxListDepth is how deep the list check looks into nested arguments.
const maxListDepth = 64

// checkLists refuses lists (and objects) longer than their limit, naming
// the field and the limit. It runs on the arguments as received and again
// once repaired (a repair may turn text into a list), before any tool
// code, so that no tool sees a million paths.
func checkLists(t *tool.Tool, args map[string]any) []problem {
	var problems []problem
	for k := range inOrder(args) {
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
func tooLong(field string, v any, limit, depth int) (problem, bool) {
	if depth > maxListDepth {
		return problem{}, false
	}
	n, what := 0, "items"
	switch x := v.(type) {
	case []any:
		n = len(x)
	case map[string]any:
		n, what = len(x), "keys"
	default:
		return problem{}, false
	}
	if n > limit {
		return problem{field, fmt.Sprintf("has %s %s; the most one call takes is %s. Split the work over several calls", text.GroupDigits(int64(n)), what, text.GroupDigits(int64(limit)))}, true
	}
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			if p, bad := tooLong(fmt.Sprintf("%s[%d]", field, i), e, DefaultMaxItems, depth+1); bad {
				return p, true
			}
		}
	case map[string]any:
		for k := range inOrder(x) {
			if p, bad := tooLong(field+"."+k, x[k], DefaultMaxItems, depth+1); bad {
				return p, true
			}
		}
	}
	return problem{}, false
}
