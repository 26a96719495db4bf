package repair

import (
	"context"
	"errors"
	"path"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/engine/internal/vocab"
	"f0/internal/shellwords"
	"f0/tool"
)

// resolveName finds the tool the call's name stands for: f0's own name in
// any spelling, else another agent's tool as its vocabulary reads the
// call (its arguments as they came, peeked before repair), else the tool
// a shell command runs as. A name that is none, or a tool the server
// hides, halts.
func resolveName(s *State) {
	r := s.resolved
	if r == nil {
		named := ResolveName(s.Env, s.Name)
		r = &named
	}
	if r.cleaned != nil {
		asked := s.Name
		s.Name = r.cleaned.name // later stages read the name as cleaned
		if r.cleaned.args != nil {
			s.Raw = mergeNameArgs(s.Raw, r.cleaned.args)
		}
		defer func() {
			if s.Tool != nil {
				s.Notes = append([]string{r.cleaned.note(asked, s.Env.Name(s.Tool))}, s.Notes...)
			}
		}()
	}
	if t := r.Tool; t != nil {
		s.useTool(t)
		if !s.Env.Visible(t) {
			s.halt(Hidden)
		}
		return
	}
	peeked := peekArgs(s.Raw)
	if inner, note, ok := ownCallEnvelope(s.Raw, s.Name); ok {
		peeked = inner
		s.Notes = append(s.Notes, note)
	} else if inner, notes, ok := foreignCallText(s.Raw, s.Name); ok {
		peeked, s.Raw = inner, inner
		s.Notes = append(s.Notes, notes...)
	}
	if peeked == nil {
		peeked = map[string]any{}
	}
	if readBareForeign(s, peeked) || readForeignName(s, s.Name, peeked, 0) {
		return
	}
	if !isShellName(s.Name) {
		s.halt(NoTool)
		return
	}
	route, err := resolveShell(s.ctx, s.Env, s.Name, peeked, shellContext{})
	if err != nil {
		s.foreignAnswer(s.Name, err.Error())
		return
	}
	if route == nil {
		s.out.ShellName, s.out.ShellLine = true, shellCommand(peeked)
		s.halt(NoTool)
		return
	}
	s.Route = route
	s.useTool(route.Tool)
	if !s.Env.Visible(route.Tool) {
		s.halt(Hidden)
	}
}

// readBareForeign reads a foreign call whose arguments are a bare string
// (Cursor's apply_patch takes the patch as its whole input; `f0 read_file
// go.mod` gives the path): as the table's $text field when the tool has
// one, else as the call it means with the string left for the f0 tool's
// main field. It reports whether a table read the call.
func readBareForeign(s *State, peeked map[string]any) bool {
	text, ok := bareText(s.Raw)
	if !ok || len(peeked) > 0 {
		return false
	}
	v := s.Env.Vocabulary()
	if v == nil {
		return false
	}
	req := vocab.Request{Name: s.Name, Args: map[string]any{vocab.TextField: text}, Agent: s.Env.Agent()}
	if res, err := v.Resolve(s.ctx, req, s.Env.Paths()); err == nil && res.Outcome != vocab.NoMatch {
		s.applyForeign(s.Name, res, 0)
		return true
	}
	raw := s.Raw
	if !readForeignName(s, s.Name, peeked, 0) {
		return false
	}
	if args, isMap := s.Raw.(map[string]any); isMap && len(args) == 0 && s.out.Halt == Done {
		s.Raw = raw // the f0 tool's main field takes the string
	}
	return true
}

// bareText is arguments sent as a string that is no JSON object.
func bareText(raw any) (string, bool) {
	v, err := ToValue(raw)
	if err != nil {
		if t, isText := rawText(raw); isText {
			return t, strings.TrimSpace(t) != ""
		}
		return "", false
	}
	t, ok := v.(string)
	if !ok || strings.HasPrefix(strings.TrimSpace(t), "{") || strings.TrimSpace(t) == "" {
		return "", false
	}
	return t, true
}

// Resolved is what a call's name stands for before its arguments are
// seen, decided once per call: the tool f0's own names give it (any
// spelling or prefix), and, when none does, the f0 tools other agents'
// tools of that name mean. Which one a call means can depend on its
// arguments (str_replace_based_edit_tool's command decides), so that last
// choice is the first stage's.
type Resolved struct {
	Tool *tool.Tool
	// means are the f0 tools the vocabularies map the name to.
	means []*tool.Tool
	// shell is set for a shell tool's name (its command decides the tool).
	shell bool
	// cleaned is set when the name resolved only once cleaned (see
	// cleanName).
	cleaned *cleanedName
}

// found reports whether the name stands for any tool at all.
func (r Resolved) found() bool { return r.Tool != nil || len(r.means) > 0 || r.shell }

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
	r := Resolved{Tool: env.Lookup(name), shell: isShellName(name)}
	if r.Tool != nil {
		return r
	}
	if v := env.Vocabulary(); v != nil {
		for _, asked := range foreignNames(name) {
			for _, target := range v.Targets(asked) {
				if t := env.Lookup(target); t != nil && !slices.Contains(r.means, t) {
					r.means = append(r.means, t)
				}
			}
			if len(r.means) > 0 {
				break
			}
		}
	}
	return r
}

// Only is the one tool the name stands for whatever the arguments: f0's
// name for it, or another agent's name whose every reading is that tool
// (read_file, but not str_replace_based_edit_tool). Nil otherwise.
func (r Resolved) Only() *tool.Tool {
	if r.Tool != nil {
		return r.Tool
	}
	if len(r.means) == 1 {
		return r.means[0]
	}
	return nil
}

// resolveShell routes a shell tool's command to the f0 tool that does what
// the command does (curl → net.curl, cat → fs.read, head -n 5 → fs.read,
// echo x > FILE → fs.write), when the command is one simple command, or a
// batch of the tools' calls when it is commands joined by && or ; that
// each route (see shellcommand.go).
func resolveShell(ctx context.Context, env Env, name string, args map[string]any, sc shellContext) (*Route, error) {
	line, err := sc.expand(shellCommand(args))
	if err != nil || line == "" {
		return nil, err
	}
	if dir, rest, ok := cutCd(line); ok {
		// cd DIR && cmd: cmd in DIR, as the call's working directory.
		return resolveShell(ctx, env, name, map[string]any{"command": rest}, sc.cd(dir))
	}
	if inner, ok := shellInner(line); ok {
		if _, _, ok := cutCd(inner); ok {
			return resolveShell(ctx, env, name, map[string]any{"command": inner}, sc)
		}
	}
	route, err := routeLine(ctx, env, name, line, sc)
	if route == nil || err != nil || route.ctx.settled {
		return route, err
	}
	sc = sc.settle(ctx, env.Paths())
	if sc.problem != "" {
		return nil, errors.New(sc.problem)
	}
	route.setContext(line, sc)
	return route, nil
}

// routeLine is the route of a command line, without its context.
func routeLine(ctx context.Context, env Env, name, line string, sc shellContext) (*Route, error) {
	if t, cmd := lineTool(env, line, 0); t != nil && needsShell(line) {
		return &Route{Tool: t, Name: name, shell: []string{cmd}}, nil
	}
	if inner, ok := shellInner(line); ok {
		// bash -lc 'cat a.txt' (Codex's shell runs every command so):
		// the line the shell runs.
		return resolveShell(ctx, env, name, map[string]any{"command": inner}, sc)
	}
	if t, cmd := wholeLineTool(env, line); t != nil {
		return &Route{Tool: t, Name: name, shell: []string{cmd}, whole: true}, nil
	}
	script, err := shellwords.ParseScript(line)
	if err != nil || len(script.Pipelines) == 0 {
		return nil, nil
	}
	if len(script.Pipelines) > 1 {
		return chainRoute(env, name, script), nil
	}
	return commandRoute(env, name, script.Pipelines[0]), nil
}

// wholeLineTool is the tool that reads a shell line itself (net.curl)
// when the line's program is that tool's behind programs that only change
// how it runs (sudo curl …), or when a POSIX shell would not read the
// line as it is meant (PowerShell's Invoke-RestMethod -Headers @{a='b';
// c='d'}).
func wholeLineTool(env Env, line string) (*tool.Tool, string) {
	f := strings.Fields(line)
	words, prefix, err := shellwords.CutPrefix(f)
	if err != nil || len(words) == 0 || len(prefix.Words) == 0 && !needsShell(line) {
		return nil, ""
	}
	program := strings.ToLower(path.Base(words[0]))
	for _, t := range env.Tools() {
		if t.RawArgsField != "" && slices.Contains(t.Shell, program) {
			return t, program
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

// shellInner is the line a shell runs with -c when the whole line is
// that shell and its line (bash -lc 'cat a.txt').
func shellInner(line string) (string, bool) {
	words, _, err := shellwords.ShellWords(line)
	if err != nil || len(words) != 3 || !slices.Contains(shells, path.Base(words[0])) {
		return "", false
	}
	if !strings.HasPrefix(words[1], "-") || !strings.Contains(words[1], "c") {
		return "", false
	}
	return words[2], true
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
