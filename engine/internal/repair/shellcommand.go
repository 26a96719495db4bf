package repair

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"f0/internal/shellwords"
	"f0/tool"
)

// A shell tool's command line is routed to the f0 tool that does what it
// does when it is one simple command (or a list of them joined by && or
// ;) of a program some tool lists in Spec.Shell, read by that tool's
// table (Spec.ShellFlags, Spec.ShellCommands): the words become fields, a
// redirect of the output names the file a write goes to, a list becomes a
// batch that runs in order and stops at the first call that fails.

// routedCommand is one command of a line, read for its tool: its words
// after the programs in front of it, the file its output goes to, and its
// here-document.
type routedCommand struct {
	words   []string
	prefix  []string
	out     *shellwords.Redirect
	heredoc string
	delim   string
}

// commandRoute routes one pipeline of a line: a single command whose
// program a tool lists, with no redirect but the ones its table reads (an
// output file, a here-document for it, stderr dropped).
func commandRoute(env Env, name string, p shellwords.Pipeline) *Route {
	if len(p.Commands) != 1 || p.Commands[0].Err != nil {
		return nil
	}
	c := p.Commands[0]
	words, prefix, err := shellwords.CutPrefix(c.Words)
	if err != nil || len(words) == 0 {
		return nil
	}
	rc := routedCommand{words: words, prefix: prefix.Words}
	for _, r := range c.Redirects {
		switch {
		case r.IsHeredoc() && rc.delim == "":
			rc.heredoc, rc.delim = r.Heredoc, r.Target
		case (r.Fd == "" || r.Fd == "1") && (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && rc.out == nil:
			rc.out = &r
		case r.Fd == "2" && (r.Op == ">" && r.Target == "/dev/null" || r.Op == ">&" && r.Target == "1"):
		default:
			return nil
		}
	}
	cmd := strings.ToLower(path.Base(words[0]))
	for _, t := range env.Tools() {
		if !slices.Contains(t.Shell, cmd) {
			continue
		}
		sc, has := t.ShellCommands[cmd]
		writes := has && sc.Output != ""
		if writes == (rc.out != nil) && (rc.delim == "" || writes) {
			return &Route{Tool: t, Name: name, shell: words, cmd: &rc}
		}
	}
	return nil
}

// chainRoute routes commands joined by && or ; as one batch of their
// calls, in order, when every command routes.
func chainRoute(env Env, name string, s *shellwords.Script) *Route {
	batch := env.Lookup("batch")
	if batch == nil {
		return nil
	}
	for _, j := range s.Joins {
		if j != "&&" && j != ";" {
			return nil
		}
	}
	var steps []*Route
	for _, p := range s.Pipelines {
		r := commandRoute(env, name, p)
		if r == nil {
			return nil
		}
		steps = append(steps, r)
	}
	return &Route{Tool: batch, Name: name, steps: steps, joins: s.Joins}
}

// applyBatch makes the batch of the steps' calls.
func (r *Route) applyBatch(nameOf func(*tool.Tool) string, args map[string]any) (string, []Problem) {
	for k := range args {
		delete(args, k)
	}
	items := make([]any, 0, len(r.steps))
	ran := make([]string, 0, len(r.steps))
	var problems []Problem
	var moved, limits []string
	for i, step := range r.steps {
		sub := map[string]any{}
		a := step.applyStep(nameOf(step.Tool), sub)
		for _, m := range a.moved {
			if !slices.Contains(moved, m) {
				moved = append(moved, m)
			}
		}
		if a.limit != "" && !slices.Contains(limits, a.limit) {
			limits = append(limits, a.limit)
		}
		ps := a.problems
		for _, p := range ps {
			p.Field = fmt.Sprintf("command %d (%s)", i+1, step.line())
			problems = append(problems, p)
		}
		items = append(items, map[string]any{"tool": step.Tool.Name, "args": sub})
		ran = append(ran, fmt.Sprintf("%q as %s", step.line(), nameOf(step.Tool)))
	}
	args["calls"], args["continueOnError"], args["maxConcurrency"] = items, false, 1
	joins := strings.Join(slices.Compact(slices.Clone(r.joins)), " and ")
	note := fmt.Sprintf("note: f0 runs no shell; ran the %d commands joined by %s as a batch, in order, stopping at the first that fails: %s", len(r.steps), joins, strings.Join(ran, ", "))
	return r.ctx.withNotes(note, moved, strings.Join(limits, "\n")), problems
}

// line is the routed command as written, redirect included.
func (r *Route) line() string {
	l := strings.Join(quoteAll(r.shell), " ")
	if r.cmd != nil && r.cmd.out != nil {
		l += " " + r.cmd.out.Op + " " + shellQuote(r.cmd.out.Target)
	}
	if r.cmd != nil && r.cmd.delim != "" {
		l += " <<'" + r.cmd.delim + "' …"
	}
	return l
}

// applyCommand turns a command read by its tool's ShellCommand into the
// tool's fields; a word the table does not read is a problem naming the
// words it does.
func (r *Route) applyCommand(sc tool.ShellCommand, name, key string, args map[string]any) (flags []string, problems []Problem) {
	t := r.Tool
	program := r.shell[0]
	set := map[string]any{}
	var operands []string
	words := r.shell[1:]
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			operands = append(operands, words[i+1:]...)
			break
		}
		if !strings.HasPrefix(w, "-") || len(w) == 1 {
			operands = append(operands, w)
			continue
		}
		used, fs, err := readFlag(sc, t.ShellFlags, words, i, set)
		if err != "" {
			problems = append(problems, Problem{key, fmt.Sprintf("%s's %s %s (it takes %s)", program, w, err, strings.Join(flagNames(sc, t.ShellFlags), " "))})
			continue
		}
		flags = append(flags, fs...)
		i += used
	}
	for _, req := range sc.Required {
		if !slices.Contains(flags, req) {
			problems = append(problems, Problem{key, fmt.Sprintf("%s without %s is not one %s call; f0 reads %s", program, req, name, sc.Usage)})
		}
	}
	problems = append(problems, r.placeOperands(sc, name, key, flags, operands, set)...)
	for k, v := range sc.Set {
		if _, given := set[k]; !given {
			set[k] = v
		}
	}
	maps.Copy(args, set)
	return flags, problems
}

// placeOperands puts the operands where the table says: the script's
// fields, the text the command writes, or the operand fields in order.
func (r *Route) placeOperands(sc tool.ShellCommand, name, key string, flags, operands []string, set map[string]any) []Problem {
	program := r.shell[0]
	if sc.Output != "" && r.cmd != nil && r.cmd.out != nil {
		set[sc.Output] = r.cmd.out.Target
		if r.cmd.out.Op == ">>" {
			maps.Copy(set, sc.Append)
		}
	}
	if sc.Text != nil {
		heredoc := ""
		if r.cmd != nil {
			heredoc = r.cmd.heredoc
		}
		text, err := sc.Text(tool.ShellText{Flags: flags, Operands: operands, Heredoc: heredoc})
		if err != nil {
			return []Problem{{key, fmt.Sprintf("%s: %v", program, err)}}
		}
		set[sc.TextField] = text
		return nil
	}
	if sc.Script != nil {
		if len(operands) == 0 {
			return []Problem{{key, fmt.Sprintf("%s names no script", program)}}
		}
		fields, err := sc.Script(operands[0])
		if err != nil {
			return []Problem{{key, fmt.Sprintf("%s's script %q: %v; f0 reads %s", program, operands[0], err, sc.Usage)}}
		}
		maps.Copy(set, fields)
		operands = operands[1:]
	}
	fields := sc.Operands
	if len(fields) == 0 {
		fields = []string{r.Tool.MainField}
	}
	for i, op := range operands {
		switch last := fields[len(fields)-1]; {
		case i < len(fields)-1:
			set[fields[i]] = op
		case i == len(fields)-1 && len(operands) == len(fields):
			set[last] = op
		case r.Tool.Plurals[last] != "":
			delete(set, last)
			list := make([]any, 0, len(operands))
			for _, op := range operands[len(fields)-1:] {
				list = append(list, op)
			}
			set[r.Tool.Plurals[last]] = list
			return nil
		default:
			return []Problem{{key, fmt.Sprintf("names %d operands, and %s takes %d (%s); call it once for each", len(operands), name, len(fields), strings.Join(fields, ", "))}}
		}
	}
	return nil
}

// readFlag reads the flag word at words[i] (with its value, or a group of
// short flags) into set, and returns how many words after it it used and
// the flags it read; why is set when the table does not read it.
func readFlag(sc tool.ShellCommand, shared map[string]map[string]any, words []string, i int, set map[string]any) (used int, flags []string, why string) {
	w := words[i]
	flagSet := func(f string) (map[string]any, bool) {
		if v, ok := sc.Flags[f]; ok {
			return v, true
		}
		if _, valued := sc.Valued[f]; valued {
			return nil, false // the command's own -n N, not the tool's -n
		}
		v, ok := shared[f]
		return v, ok
	}
	if v, ok := flagSet(w); ok {
		maps.Copy(set, v)
		return 0, []string{w}, ""
	}
	if name, val, ok := strings.Cut(w, "="); ok && strings.HasPrefix(w, "--") {
		if sv, known := sc.Valued[name]; known {
			return 0, []string{name}, putValue(sv, val, set)
		}
		return 0, nil, "has no equivalent"
	}
	if sv, ok := sc.Valued[w]; ok {
		if i+1 >= len(words) {
			return 0, nil, "needs a value"
		}
		return 1, []string{w}, putValue(sv, words[i+1], set)
	}
	if sv, ok := sc.Valued["-n"]; ok && isDigits(w[1:]) {
		return 0, []string{"-n"}, putValue(sv, w[1:], set) // head -5
	}
	if strings.HasPrefix(w, "--") {
		return 0, nil, "has no equivalent"
	}
	for j := 1; j < len(w); j++ {
		f := "-" + string(w[j])
		if sv, ok := sc.Valued[f]; ok {
			val, n := w[j+1:], 0
			if val == "" {
				if i+1 >= len(words) {
					return 0, nil, "needs a value"
				}
				val, n = words[i+1], 1
			}
			return n, append(flags, f), putValue(sv, val, set)
		}
		v, ok := flagSet(f)
		if !ok {
			return 0, nil, "has no equivalent"
		}
		maps.Copy(set, v)
		flags = append(flags, f)
	}
	return 0, flags, ""
}

// putValue puts a flag's value in its field.
func putValue(sv tool.ShellValue, val string, set map[string]any) string {
	var v any = val
	if sv.Values != nil {
		mapped, ok := sv.Values[val]
		if !ok {
			return fmt.Sprintf("%s has no equivalent (it takes %s)", val, strings.Join(slices.Sorted(maps.Keys(sv.Values)), ", "))
		}
		v = mapped
	}
	set[sv.Field] = v
	maps.Copy(set, sv.Also)
	return ""
}

// flagNames are the flags a command's table reads, sorted.
func flagNames(sc tool.ShellCommand, shared map[string]map[string]any) []string {
	names := slices.Collect(maps.Keys(sc.Flags))
	for f := range shared {
		if !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	for f := range sc.Valued {
		names = append(names, f+" VALUE")
	}
	slices.Sort(names)
	return names
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
