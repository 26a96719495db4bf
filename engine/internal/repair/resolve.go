package repair

import (
	"f0/engine/internal/keys"
	"f0/internal/shellwords"
	"slices"
	"strings"
)

// resolveName finds the tool the call's name stands for: f0's own name in
// any spelling, else another agent's name for it, given the call's
// arguments as they came (peeked before repair), else the tool a shell
// command runs as. A name that is none, or a tool the server hides, halts.
func resolveName(s *State) {
	t := s.Env.Lookup(s.Name)
	if t == nil {
		peeked := peekArgs(s.Raw)
		route, near := resolveOtherName(s.Env, s.Name, peeked)
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
	switch {
	case !s.Env.Visible(t):
		s.halt(Hidden)
	case s.Route != nil && s.Route.Entry != nil && s.Route.Entry.Refuse != "":
		s.halt(Refused)
	}
}

// resolveOtherName finds the f0 tool a foreign name means, given the call's
// arguments (peeked before repair). near lists the tools the name could
// mean when its conditions did not match, to suggest them.
func resolveOtherName(env Env, name string, args map[string]any) (r *Route, near []Ref) {
	for _, key := range keys.OtherNameCandidates(name) {
		if slices.Contains(shellNames, key) {
			if r := resolveShell(env, name, args); r != nil {
				return r, nil
			}
		}
		for _, ref := range env.OtherNames(key) {
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
	if line == "" || strings.ContainsAny(line, "|;&<>`$") {
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
