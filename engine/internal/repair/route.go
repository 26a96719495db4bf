package repair

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// Route is a shell tool's call whose command one of f0's tools runs: the
// tool, the name as requested, and the command's words.
type Route struct {
	Tool  *tool.Tool
	Name  string // as requested
	shell []string
	// cmd is the command as its tool's ShellCommands read it (its output
	// file, here-document, the programs in front of it).
	cmd *routedCommand
	// steps are the routes of commands joined by joins (&&, ;): the
	// route is then a batch of their calls.
	steps []*Route
	joins []string
	// whole gives the line as written to a tool that reads a shell line
	// itself (sudo curl …, PowerShell's Invoke-RestMethod with @{…}).
	whole bool
	// raw is the line the route was read from (after a cd in front of it
	// and the call's variables), ctx where and how it runs.
	raw string
	ctx shellContext
}

// setContext gives the route, and each command of a list, the line it
// was read from and its context.
func (r *Route) setContext(line string, ctx shellContext) {
	if r.raw == "" {
		r.raw = line
	}
	r.ctx = ctx
	for _, s := range r.steps {
		s.ctx = ctx
	}
}

// mapShell rewrites the arguments of a shell tool's call into the fields
// of the f0 tool its command runs as, with a note that says so.
func mapShell(s *State) {
	if s.Route == nil {
		return
	}
	nameOf := func(t *tool.Tool) string {
		if t == s.Tool {
			return s.toolName()
		}
		return s.Env.Name(t)
	}
	note, problems := s.Route.applyShell(nameOf, s.Args)
	s.Notes, s.Problems = append(s.Notes, note), append(s.Problems, problems...)
}

// applyShell turns the command, or the commands of a list, into the
// routed tool's arguments.
func (r *Route) applyShell(nameOf func(*tool.Tool) string, args map[string]any) (string, []Problem) {
	if len(r.steps) > 0 {
		return r.applyBatch(nameOf, args)
	}
	return r.applyOne(nameOf(r.Tool), args)
}

// applyShell turns a shell command into the routed tool's arguments: the
// whole line for a tool that takes curl-style words, else the words that
// are not flags for its main field, and its flags into the fields they
// stand for (Spec.ShellFlags). A flag f0 has no field for, or several
// operands where the tool takes one, is a problem: the command would not
// be run as written.
func (r *Route) applyOne(name string, args map[string]any) (string, []Problem) {
	a := r.applyStep(name, args)
	return r.ctx.withNotes(a.note, a.moved, a.limit), a.problems
}

// applied is what a command became: the note that says so, the paths its
// working directory moved, the note of its time limit, and its problems.
type applied struct {
	note, limit string
	moved       []string
	problems    []Problem
}

// applyStep turns one command into its tool's arguments.
func (r *Route) applyStep(name string, args map[string]any) applied {
	raw := shellCommand(args)
	if r.raw != "" {
		raw = r.raw
	}
	var key string
	for k := range args {
		if keys.Contains(commandKeys, k) {
			key = k
			delete(args, k)
		}
	}
	t := r.Tool
	if t.RawArgsField != "" && (needsShell(raw) || r.whole) {
		// The tool reads the line as a shell would, and says what it did.
		args[t.RawArgsField] = raw
		note := fmt.Sprintf("note: f0 runs no shell; gave the line %s to %s", text.QuoteShort(raw), name)
		set, problem := r.ctx.wholeLine(t, name, raw)
		if problem != "" {
			return applied{note: note, problems: []Problem{{key, problem}}}
		}
		return applied{note: note, limit: r.ctx.timeLimit(t, name, args, set)}
	}
	if t.RawArgsField != "" {
		words, set := r.shell, []string(nil)
		if t.RawWords != nil {
			var out []string
			out, set = t.RawWords(words[1:], r.ctx.rebase)
			words = append([]string{words[0]}, out...)
		}
		line := strings.Join(quoteAll(words), " ")
		args[t.RawArgsField] = line
		return applied{note: fmt.Sprintf("note: f0 runs no shell; ran %q as %s", line, name), limit: r.ctx.timeLimit(t, name, args, set)}
	}
	note, problems := r.applyWords(name, key, args)
	return applied{note: note, moved: r.ctx.rebaseFields(t, args), limit: r.ctx.timeLimit(t, name, args, nil), problems: problems}
}

// applyWords turns the words of a command into the fields of a tool that
// reads them by its ShellCommands or ShellFlags.
func (r *Route) applyWords(name, key string, args map[string]any) (string, []Problem) {
	t := r.Tool
	line := strings.Join(quoteAll(r.shell), " ")
	note := fmt.Sprintf("note: f0 runs no shell; ran %q as %s", line, name)
	if r.cmd != nil && len(r.cmd.prefix) > 0 {
		note += fmt.Sprintf(" (without %q in front of it, which only changes how a command runs)", strings.Join(r.cmd.prefix, " "))
	}
	if sc, ok := t.ShellCommands[strings.ToLower(r.shell[0])]; ok {
		flags, problems := r.applyCommand(sc, name, key, args)
		if r.cmd != nil && r.cmd.out != nil {
			note = fmt.Sprintf("note: f0 runs no shell; ran %q as %s", r.line(), name)
		}
		if len(flags) > 0 {
			note += fmt.Sprintf(" (%s)", strings.Join(flags, " "))
		}
		return note, problems
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

// shellSafe matches words a POSIX shell leaves as they are.
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9@%+=:,./_-]+$`)

// shellQuote quotes a word for a POSIX shell, so that splitting the line
// gives it back as it is (braces, globs and $ included).
func shellQuote(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellQuote(w)
	}
	return out
}
