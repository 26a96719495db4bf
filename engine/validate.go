package engine

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"f0/schemas"
	"f0/tool"
)

// validate repairs each field towards its declared type and checks the call
// against the schema. Problems make the call fail; notes (inert metadata
// left out) travel with its result.
//
// An argument the schema does not declare, and that no earlier step
// placed (a synonym, another agent's name for a field, a line range), is a
// problem: the tool would otherwise answer a question it was not asked.
// Only the inert metadata keys (inert.go) are left out, with a note, and
// the keys of a schema that takes keys it does not declare are kept.
func (c *callState) validate(schema *schemas.Schema, args map[string]any) (problems []problem, notes []string) {
	t := c.tool
	var ignored []string
	for k := range inOrder(args) {
		prop := schemas.Property(schema, k)
		if prop == nil && opensMap(schema) {
			prop = schema.AdditionalProperties // a map's keys are its own: kept, as nested maps' are
		}
		if prop == nil {
			if inert(t, k) != nil {
				ignored = append(ignored, k)
			} else {
				problems = append(problems, c.unplaced(schema, k, args[k]))
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
			problems = append(problems, problem{field: req, msg: "is required but missing"})
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
// kept for the example its error shows (see fixedCall).
func (c *callState) unplaced(schema *schemas.Schema, key string, val any) problem {
	t := c.tool
	if near := nearestField(t, schema, key); near != "" {
		c.fix.rename(key, near, val)
		return problem{field: key, msg: fmt.Sprintf("unknown field; did you mean %q?", near)}
	}
	c.fix.drop(key)
	if other, inner, ok := c.p.wrappedCall(val); ok && other != t {
		c.fix.other(other, "", nil)
		c.fix.theirs = inner
		return problem{field: key, msg: fmt.Sprintf("holds a call of %s, not arguments of %s; call %s itself", c.p.nameText(c.render, other), c.name(), c.p.nameText(c.render, other))}
	}
	if home, list := nestedHome(schema, key); home != "" {
		c.fix.nest(home, list, key, val)
		return problem{field: key, msg: fmt.Sprintf("unknown field; it is a field of %s", itemsOf(home, list))}
	}
	if owner := c.p.fieldOwner(t, key); owner != nil {
		c.fix.other(owner, key, val)
		return problem{field: key, msg: fmt.Sprintf("unknown field; it is an argument of %s, not of %s", c.p.nameText(c.render, owner), c.name())}
	}
	if near := looseNearest(key, schemas.PropertyNames(schema), 2); len(near) > 0 {
		return problem{field: key, msg: fmt.Sprintf("unknown field: not an argument of %s; the nearest are %s", c.name(), quoteList(near))}
	}
	return problem{field: key, msg: fmt.Sprintf("unknown field: not an argument of %s, nor another name for one", c.name())}
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
			if foldKey(field) == foldKey(key) {
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

// looseNearest returns up to n names closer to key than half its length,
// nearest first: not a misspelling, but where to look.
func looseNearest(key string, names []string, n int) []string {
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	k := foldKey(key)
	for _, name := range names {
		if d := editDistance(k, foldKey(name)); 2*d <= max(len(k), len(name)) {
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
func suggested(problems []problem, field string) bool {
	for _, p := range problems {
		if strings.HasSuffix(p.msg, fmt.Sprintf("did you mean %q?", field)) {
			return true
		}
	}
	return false
}
