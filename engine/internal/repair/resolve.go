package repair

import (
	"path"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/shellwords"
	"f0/tool"
)

// resolveName finds the tool the call's name stands for: f0's own name in
// any spelling, else another agent's name for it, given the call's
// arguments as they came (peeked before repair), else the tool a shell
// command runs as. A name that is none, or a tool the server hides, halts.
func resolveName(s *State) {
	r := s.resolved
	if r == nil {
		named := ResolveName(s.Env, s.Name)
		r = &named
	}
	asked := s.Name
	if r.cleaned != nil {
		s.Name = r.cleaned.name // later stages read the name as cleaned
		if r.cleaned.args != nil {
			s.Raw = mergeNameArgs(s.Raw, r.cleaned.args)
		}
	}
	t := r.Tool
	if t == nil {
		peeked := peekArgs(s.Raw)
		route, near := routeOther(s.Env, s.Name, r.other, peeked)
		if route == nil {
			s.out.Near = near
			if s.out.ShellName = isShellName(s.Name); s.out.ShellName {
				s.out.ShellLine = shellCommand(peeked)
			}
			s.halt(NoTool)
			return
		}
		t, s.Route = route.Tool, route
	}
	s.useTool(t)
	if r.cleaned != nil {
		s.Notes = append(s.Notes, r.cleaned.note(asked, s.Env.Name(t)))
	}
	switch {
	case !s.Env.Visible(t):
		s.halt(Hidden)
	case s.Route != nil && s.Route.Entry != nil && s.Route.Entry.Refuse != "":
		s.halt(Refused)
	}
}

// Resolved is what a call's name stands for before its arguments are
// seen, decided once per call: the tool f0's own names give it (any
// spelling or prefix), and, when none does, the entries of other agents'
// tools the name may be, spelling by spelling. Which entry a call means
// can depend on its arguments (str_replace_based_edit_tool's command
// decides), so that last choice is the first stage's, from these entries.
type Resolved struct {
	Tool  *tool.Tool
	other []otherEntry
	// cleaned is set when the name resolved only once cleaned (see
	// cleanName).
	cleaned *cleanedName
}

// found reports whether the name stands for any tool at all.
func (r Resolved) found() bool { return r.Tool != nil || len(r.other) > 0 }

// otherEntry is one spelling of a name other agents' tools have: shell
// when it is a shell tool's name (its command decides the tool), and the
// entries of the tools of that name.
type otherEntry struct {
	shell bool
	refs  []Ref
}

// ResolveName decides what name stands for, without its arguments: the
// name as sent, else the name cleaned of what models wrap it in.
func ResolveName(env Env, name string) Resolved {
	r := resolveSpelling(env, name)
	if r.found() {
		return r
	}
	c, ok := cleanName(name)
	if !ok {
		return r
	}
	if cr := resolveSpelling(env, c.name); cr.found() {
		cr.cleaned = &c
		return cr
	}
	return r
}

// resolveSpelling is what name stands for, spelt as it is.
func resolveSpelling(env Env, name string) Resolved {
	r := Resolved{Tool: env.Lookup(name)}
	if r.Tool != nil {
		return r
	}
	for _, key := range keys.OtherNameCandidates(name) {
		shell, refs := slices.Contains(shellNames, key), env.OtherNames(key)
		if shell || len(refs) > 0 {
			r.other = append(r.other, otherEntry{shell: shell, refs: refs})
		}
	}
	return r
}

// Only is the one tool the name stands for whatever the arguments: f0's
// name for it, or the first spelling with entries when they all mean one
// tool (read_file, but not str_replace_based_edit_tool). Nil otherwise.
func (r Resolved) Only() *tool.Tool {
	if r.Tool != nil {
		return r.Tool
	}
	for _, e := range r.other {
		var found *tool.Tool
		for _, ref := range e.refs {
			if found != nil && ref.Tool != found {
				return nil
			}
			found = ref.Tool
		}
		if found != nil {
			return found
		}
	}
	return nil
}

// routeOther finds the f0 tool a foreign name means, from its entries and
// the call's arguments (peeked before repair). near lists the tools the
// name could mean when its conditions did not match, to suggest them.
func routeOther(env Env, name string, entries []otherEntry, args map[string]any) (r *Route, near []Ref) {
	for _, e := range entries {
		if e.shell {
			if r := resolveShell(env, name, args); r != nil {
				return r, nil
			}
		}
		for _, ref := range e.refs {
			if matchWhen(ref.Entry.When, args) {
				return &Route{Tool: ref.Tool, Entry: ref.Entry, Name: name}, nil
			}
			near = append(near, ref)
		}
		if len(near) > 0 {
			return nil, near
		}
	}
	return nil, nil
}

// resolveShell routes a shell tool's command to the f0 tool that does what
// the command does (curl → net.curl, cat → fs.read, ls → fs.list), when
// the command is one simple command.
func resolveShell(env Env, name string, args map[string]any) *Route {
	line := shellCommand(args)
	if line == "" {
		return nil
	}
	if t, cmd := lineTool(env, line, 0); t != nil && needsShell(line) {
		return &Route{Tool: t, Name: name, shell: []string{cmd}}
	}
	if strings.ContainsAny(line, "|;&<>`$") {
		return nil
	}
	words, _, err := shellwords.ShellWords(line)
	if err != nil || len(words) == 0 {
		return nil
	}
	cmd := strings.ToLower(words[0])
	for _, t := range env.Tools() {
		if slices.Contains(t.Shell, cmd) {
			return &Route{Tool: t, Name: name, shell: words}
		}
	}
	return nil
}

// shells are the programs whose -c runs a command line (bash -lc '…').
var shells = []string{"bash", "sh", "zsh", "dash", "ksh"}

// needsShell reports whether a command line is more than one simple
// command's words: it holds operators or expansions, or a shell runs it.
func needsShell(line string) bool {
	f := strings.Fields(line)
	return strings.ContainsAny(line, "|;&<>`$") || len(f) > 0 && slices.Contains(shells, path.Base(f[0]))
}

// lineTool is the tool that reads a whole shell line itself (net.curl:
// curl with a redirect or a filter, or after another command, which it
// refuses with the call that does its part) when a command of the line,
// or of the line a shell runs with -c, is that tool's program; cmd is the
// program.
func lineTool(env Env, line string, depth int) (t *tool.Tool, cmd string) {
	script, err := shellwords.ParseScript(line)
	if err != nil || depth > 1 {
		return nil, ""
	}
	for _, p := range script.Pipelines {
		words := p.Commands[0].Words
		if len(words) == 0 {
			continue
		}
		program := strings.ToLower(path.Base(words[0]))
		if slices.Contains(shells, program) && len(words) >= 3 && strings.HasPrefix(words[1], "-") && strings.Contains(words[1], "c") {
			if t, cmd := lineTool(env, words[len(words)-1], depth+1); t != nil {
				return t, cmd
			}
		}
		for _, t := range env.Tools() {
			if t.RawArgsField != "" && slices.Contains(t.Shell, program) {
				return t, program
			}
		}
	}
	return nil, ""
}

// shellCommand returns the command line a shell tool call holds.
func shellCommand(args map[string]any) string {
	for k, v := range args {
		if keys.Contains(commandKeys, k) {
			switch x := v.(type) {
			case string:
				return strings.TrimSpace(x)
			case []any:
				words := make([]string, 0, len(x))
				for _, w := range x {
					if s, ok := w.(string); ok {
						words = append(words, shellQuote(s))
					}
				}
				return strings.Join(words, " ")
			}
		}
	}
	return ""
}

// isShellName reports whether name is a shell tool's, after any prefix.
func isShellName(name string) bool {
	for _, key := range keys.OtherNameCandidates(name) {
		if slices.Contains(shellNames, key) {
			return true
		}
	}
	return false
}
