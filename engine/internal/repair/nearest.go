package repair

import (
	"cmp"
	"f0/engine/internal/keys"
	"f0/schemas"
	"f0/tool"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// nearestField returns the declared field (or synonym) a misspelt key most
// likely meant, or "" when nothing is close.
func nearestField(t *tool.Tool, schema *schemas.Schema, key string) string {
	return nearestName(key, schemas.PropertyNames(schema), t.Synonyms)
}

// nearestName returns the name (or the target of a synonym) a misspelt key
// most likely meant, or "" when nothing is close.
func nearestName(key string, names []string, synonyms map[string]string) string {
	best, bestD := "", 1<<30
	try := func(name, target string) {
		d := keys.Distance(keys.Fold(key), keys.Fold(name))
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

// looseNearest returns up to n names closer to key than half its length,
// nearest first: not a misspelling, but where to look.
func looseNearest(key string, names []string, n int) []string {
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	k := keys.Fold(key)
	for _, name := range names {
		if d := keys.Distance(k, keys.Fold(name)); 2*d <= max(len(k), len(name)) {
			cands = append(cands, cand{name, d})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(a.d, b.d) })
	out := make([]string, 0, n)
	for _, c := range cands[:min(n, len(cands))] {
		out = append(out, c.name)
	}
	return out
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
func suggested(problems []Problem, field string) bool {
	for _, p := range problems {
		if strings.HasSuffix(p.Msg, fmt.Sprintf("did you mean %q?", field)) {
			return true
		}
	}
	return false
}
