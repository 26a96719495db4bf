package repair

import (
	"f0/engine/internal/keys"
	"f0/internal/text"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// mapRouted rewrites the arguments of a call made with another agent's
// name into the fields of the f0 tool it means, with a note that says so.
func mapRouted(s *State) {
	if s.Route == nil {
		return
	}
	note, problems := s.Route.apply(s.toolName(), s.Args)
	s.Notes, s.Problems = append(s.Notes, note), append(s.Problems, problems...)
}

// apply rewrites the arguments of a routed call into the f0 tool's fields
// and returns the note that says what was understood, with the problems
// of arguments it could not map exactly.
func (r *Route) apply(name string, args map[string]any) (string, []Problem) {
	if r.shell != nil {
		return r.applyShell(name, args)
	}
	f := r.Entry
	mapped, problems := mapOtherArgs(f, args, nil)
	for field := range keys.InOrder(f.Set) {
		if _, given := args[field]; !given {
			val := f.Set[field]
			args[field] = val
			mapped = append(mapped, fmt.Sprintf("%s %s", field, text.CompactJSON(val)))
		}
	}
	if m := substringGlob(f.Substring, args); m != "" {
		mapped = append(mapped, m)
	}
	note := fmt.Sprintf("note: %s is another server's tool name; ran %s", text.QuoteShort(r.Name), name)
	if r.own {
		note = fmt.Sprintf("note: %s with %s is another agent's call of that name; ran %s", text.QuoteShort(r.Name), whenText(f.When), name)
	}
	if len(mapped) > 0 {
		note += " (" + strings.Join(mapped, ", ") + ")"
	}
	return note, problems
}

// whenText writes the conditions of a foreign entry: mode "search".
func whenText(when map[string]string) string {
	var parts []string
	for k := range keys.InOrder(when) {
		parts = append(parts, fmt.Sprintf("%s %q", k, when[k]))
	}
	return strings.Join(parts, " and ")
}

// applyShell turns a shell command into the routed tool's arguments: the
// whole line for a tool that takes curl-style words, else the words that
// are not flags for its main field, and its flags into the fields they
// stand for (Spec.ShellFlags). A flag f0 has no field for, or several
// operands where the tool takes one, is a problem: the command would not
// be run as written.
func (r *Route) applyShell(name string, args map[string]any) (string, []Problem) {
	raw := shellCommand(args)
	var key string
	for k := range args {
		if keys.Contains(commandKeys, k) {
			key = k
			delete(args, k)
		}
	}
	line := strings.Join(quoteAll(r.shell), " ")
	t := r.Tool
	if t.RawArgsField != "" && needsShell(raw) {
		// The tool reads the line as a shell would, and says what it did.
		args[t.RawArgsField] = raw
		return fmt.Sprintf("note: f0 runs no shell; gave the line %s to %s", text.QuoteShort(raw), name), nil
	}
	note := fmt.Sprintf("note: f0 runs no shell; ran %q as %s", line, name)
	if t.RawArgsField != "" {
		args[t.RawArgsField] = line
		return note, nil
	}
	var operands []any
	var flags []string
	var problems []Problem
	for _, w := range r.shell[1:] {
		if !strings.HasPrefix(w, "-") || len(w) == 1 {
			operands = append(operands, w)
			continue
		}
		for _, flag := range splitFlags(w, t.ShellFlags) {
			set, ok := t.ShellFlags[flag]
			if !ok {
				problems = append(problems, Problem{key, fmt.Sprintf("%s's flag %s has no %s equivalent (it takes %s)", r.shell[0], flag, name, strings.Join(slices.Sorted(maps.Keys(t.ShellFlags)), " "))})
				continue
			}
			maps.Copy(args, set)
			flags = append(flags, flag)
		}
	}
	switch {
	case len(operands) == 1:
		args[t.MainField] = operands[0]
	case len(operands) > 1 && t.Plurals[t.MainField] != "":
		args[t.Plurals[t.MainField]] = operands
	case len(operands) > 1:
		problems = append(problems, Problem{key, fmt.Sprintf("names %d operands, and %s takes one %s; call it once for each", len(operands), name, t.MainField)})
	}
	if len(flags) > 0 {
		note += fmt.Sprintf(" (%s)", strings.Join(flags, " "))
	}
	return note, problems
}

// splitFlags splits a word of short flags (-la) into its flags when each
// letter is a flag of the table; any other word is one flag.
func splitFlags(w string, table map[string]map[string]any) []string {
	if strings.HasPrefix(w, "--") || len(w) <= 2 {
		return []string{w}
	}
	out := make([]string, 0, len(w)-1)
	for _, r := range w[1:] {
		f := "-" + string(r)
		if _, ok := table[f]; !ok {
			return []string{w}
		}
		out = append(out, f)
	}
	return out
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellQuote(w)
	}
	return out
}

// substringGlob turns a bare word in field into a glob that matches it as
// part of a name, in any case; it returns what it did, or "".
func substringGlob(field string, args map[string]any) string {
	s, ok := args[field].(string)
	if field == "" || !ok || s == "" || strings.ContainsAny(s, "*?[]{}/\\") {
		return ""
	}
	args[field] = "*" + s + "*"
	if _, given := args["ignoreCase"]; !given {
		args["ignoreCase"] = true
	}
	return fmt.Sprintf("%s %q → %q, ignoreCase: a part of a name", field, s, "*"+s+"*")
}
