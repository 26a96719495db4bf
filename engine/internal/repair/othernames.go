package repair

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// Ref is one tool's entry for another agent's name of it, in the
// registry's index (see IndexOtherNames).
type Ref struct {
	Tool  *tool.Tool
	Entry *tool.OtherName
}

// IndexOtherNames adds t's other agents' names to the index, entries with
// more conditions first so that a command-specific entry wins.
func IndexOtherNames(index map[string][]Ref, t *tool.Tool) {
	for i := range t.OtherNames {
		f := &t.OtherNames[i]
		key := keys.Normal(f.Name)
		index[key] = append(index[key], Ref{t, f})
		slices.SortStableFunc(index[key], func(a, b Ref) int { return len(b.Entry.When) - len(a.Entry.When) })
	}
}

// shellSafe matches words a POSIX shell leaves as they are.
var shellSafe = lazyRegexp(`^[A-Za-z0-9@%+=:,./_-]+$`)

// shellQuote quotes a word for a POSIX shell, so that splitting the line
// gives it back as it is (braces, globs and $ included).
func shellQuote(s string) string {
	if shellSafe().MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// matchWhen reports whether args hold the conditions of a foreign entry.
func matchWhen(when map[string]string, args map[string]any) bool {
	for k, want := range when {
		v, ok := keys.Lookup(args, k)
		if !ok {
			return false
		}
		if want != "" && !strings.EqualFold(valueText(v), want) {
			return false
		}
	}
	return true
}

// valueText renders a scalar argument value as lower-case text for
// comparison.
func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return strings.ToLower(strings.TrimSpace(x))
	case nil:
		return ""
	}
	return strings.ToLower(text.CompactJSON(v))
}

// mapOtherArgs moves the arguments f knows into the tool's fields (only
// those only accepts, when set): a renamed argument, or the fields a value
// stands for. It returns what it did, and the problems of an argument
// that has no exact equivalent or that contradicts a field also given.
// The arguments that select the entry (When) are consumed.
func mapOtherArgs(f *tool.OtherName, args map[string]any, only func(string) bool) (mapped []string, problems []Problem) {
	for k := range keys.InOrder(args) {
		if only != nil && !only(k) {
			continue
		}
		v := args[k]
		if table, ok := keys.Lookup(f.Values, k); ok {
			delete(args, k)
			m, ps := mapValue(f, k, v, table, args)
			mapped, problems = append(mapped, m...), append(problems, ps...)
			continue
		}
		target, ok := lookupSynonym(f.Args, k)
		if !ok {
			if _, cond := lookupSynonym(f.When, k); cond && only == nil {
				delete(args, k)
			}
			continue
		}
		delete(args, k)
		if prev, clash := args[target]; clash {
			if !sameJSON(prev, v) {
				problems = append(problems, Problem{k, fmt.Sprintf("is another name for %q, and both were given with different values; send only %q", target, target)})
			}
			continue
		}
		args[target] = v
		if target != k {
			mapped = append(mapped, k+" → "+target)
		}
	}
	return mapped, problems
}

// mapValue sets the fields one value of a Values argument stands for.
func mapValue(f *tool.OtherName, k string, v any, table map[string]map[string]any, args map[string]any) ([]string, []Problem) {
	set, ok := table[valueText(v)]
	if !ok {
		set, ok = table["*"]
	}
	if !ok {
		why, _ := keys.Lookup(f.Unmapped, k)
		if why == "" {
			why = "f0 maps only " + quoteList(slices.Sorted(maps.Keys(table)))
		}
		return nil, []Problem{{k, fmt.Sprintf("%s has no exact f0 equivalent: %s", text.CompactJSON(v), why)}}
	}
	var problems []Problem
	var cleared []string
	for _, field := range slices.Sorted(maps.Keys(set)) {
		val := set[field]
		if val == nil {
			for key := range args {
				if keys.Fold(key) == keys.Fold(field) {
					delete(args, key)
					cleared = append(cleared, key)
				}
			}
			delete(set, field)
			continue
		}
		if prev, given := args[field]; given && !sameJSON(prev, val) {
			problems = append(problems, Problem{k, fmt.Sprintf("%s means %s, but %q was given as %s; send one of them", text.CompactJSON(v), text.CompactJSON(map[string]any{field: val}), field, text.CompactJSON(prev))})
			continue
		}
		args[field] = val
	}
	what := fmt.Sprintf("%s %s → %s", k, text.CompactJSON(v), text.CompactJSON(withoutNil(set)))
	if len(cleared) > 0 {
		slices.Sort(cleared)
		what += ", without " + strings.Join(cleared, ", ")
	}
	return []string{what}, problems
}

// withoutNil is set without its null values (the arguments it takes away).
func withoutNil(set map[string]any) map[string]any {
	out := make(map[string]any, len(set))
	for k, v := range set {
		if v != nil {
			out[k] = v
		}
	}
	return out
}

// Route is a call whose name was another tool's: the f0 tool it means and
// the entry that says how its arguments map.
type Route struct {
	Tool  *tool.Tool
	Entry *tool.OtherName
	Name  string // as requested
	shell []string
	// own is set when the name is f0's own, and the arguments say another
	// agent's tool of that name was meant (Amazon Q's fs_read with mode
	// "Search" is a search).
	own bool
}

// knows reports whether a foreign entry maps the argument k.
func knows(f *tool.OtherName, k string) bool {
	if _, ok := keys.Lookup(f.Values, k); ok {
		return true
	}
	_, ok := lookupSynonym(f.Args, k)
	return ok
}
