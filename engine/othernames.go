package engine

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
)

// foreignRef is one tool's Foreign entry in the registry's index.
type foreignRef struct {
	tool *tool.Tool
	f    *tool.OtherName
}

// shellNames are the names agents give a tool that runs a shell command,
// and commandKeys the arguments that hold the command.
var (
	shellNames  = []string{"bash", "shell", "sh", "zsh", "run_shell_command", "execute_command", "run_command", "exec", "run", "terminal", "run_terminal_cmd", "run_in_terminal", "local_shell", "shell_command", "execute", "cmd", "command", "container_exec", "powershell"}
	commandKeys = []string{"command", "cmd", "commandLine", "command_line", "script", "input", "code"}
)

// knownServers are server names clients put before tool names with a
// single '_' (pi's <server>_tool): with one of them in front, a foreign
// tool name is still recognised.
var knownServers = []string{"filesystem", "server_filesystem", "fs", "files", "file", "fetch", "web", "http", "f0", "default_api", "functions", "tools", "mcp"}

// indexForeign adds t's foreign names to the index, entries with more
// conditions first so that a command-specific entry wins.
func indexForeign(index map[string][]foreignRef, t *tool.Tool) {
	for i := range t.OtherNames {
		f := &t.OtherNames[i]
		key := normalize(f.Name)
		index[key] = append(index[key], foreignRef{t, f})
		slices.SortStableFunc(index[key], func(a, b foreignRef) int { return len(b.f.When) - len(a.f.When) })
	}
}

// foreignCandidates are the normalised names a requested name may stand for
// among foreign tool names: the name, and the name with a client's or
// server's prefix removed (mcp__filesystem__read_file, mcp_fs_read_file,
// filesystem_read_file).
func foreignCandidates(name string) []string {
	norm := normalize(name)
	out := []string{norm}
	lower := strings.ToLower(strings.TrimSpace(name))
	prefixed := strings.HasPrefix(norm, "mcp_") || strings.Contains(lower, "__") || strings.ContainsAny(lower, ".:")
	for _, s := range knownServers {
		prefixed = prefixed || strings.HasPrefix(norm, s+"_")
	}
	if !prefixed {
		return out
	}
	for i := strings.IndexByte(norm, '_'); i >= 0; {
		rest := norm[i+1:]
		if rest != "" {
			out = append(out, rest)
		}
		j := strings.IndexByte(rest, '_')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return out
}

// suffixes are the names left after dropping leading words one at a time:
// x_fs_read gives fs_read and read. A server prefix of any shape (pi's
// <server>_, gemini-cli's <server>__) leaves f0's own name as a suffix.
func suffixes(norm string) []string {
	var out []string
	for i := strings.IndexByte(norm, '_'); i >= 0; {
		out = append(out, norm[i+1:])
		j := strings.IndexByte(norm[i+1:], '_')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return out
}

// routed is a call whose name was another tool's: the f0 tool it means and
// the entry that says how its arguments map.
type routed struct {
	tool    *tool.Tool
	foreign *tool.OtherName
	name    string // as requested
	shell   []string
	// own is set when the name is f0's own, and the arguments say another
	// agent's tool of that name was meant (Amazon Q's fs_read with mode
	// "Search" is a search).
	own bool
}

// resolveForeign finds the f0 tool a foreign name means, given the call's
// arguments (peeked before repair). near lists the tools the name could
// mean when its conditions did not match, to suggest them.
func (p *Host) resolveForeign(name string, args map[string]any) (r *routed, near []foreignRef) {
	for _, key := range foreignCandidates(name) {
		if slices.Contains(shellNames, key) {
			if r := p.resolveShell(name, args); r != nil {
				return r, nil
			}
		}
		for _, ref := range p.reg.foreign[key] {
			if matchWhen(ref.f.When, args) {
				return &routed{tool: ref.tool, foreign: ref.f, name: name}, nil
			}
			near = append(near, ref)
		}
		if len(near) > 0 {
			return nil, near
		}
	}
	return nil, nil
}

// reroute finds the entry of another agent's tool that has f0's name for
// t and whose conditions the call's arguments hold: Amazon Q's fs_read
// with mode "Search" is a search, with mode "Directory" a listing. Only
// entries with conditions apply; without one the name is f0's.
func (p *Host) reroute(t *tool.Tool, name string, args map[string]any) *routed {
	for _, ref := range p.reg.foreign[normalize(t.Name)] {
		if len(ref.f.When) > 0 && matchWhen(ref.f.When, args) {
			return &routed{tool: ref.tool, foreign: ref.f, name: name, own: true}
		}
	}
	return nil
}

// vocabulary reads, in a call made with f0's name, the arguments that
// other agents' tools of the same meaning take (its Foreign entries): Grep's
// output_mode for fs.search, Cursor's should_read_entire_file for fs.read.
// Arguments the tool declares, takes as synonyms, or that a later repair
// reads (a line range, an inverse boolean) are left to those.
func vocabulary(t *tool.Tool, schema *schemas.Schema, args map[string]any) (problems []problem, notes []string) {
	var mapped []string
	for k := range inOrder(args) {
		if _, ok := args[k]; !ok || !foreignArgument(t, schema, k) {
			continue
		}
		for i := range t.OtherNames {
			f := &t.OtherNames[i]
			if f.Refuse != "" || !knows(f, k) {
				continue
			}
			m, ps := mapForeign(f, args, func(key string) bool { return key == k })
			for j := range m {
				m[j] += " (" + f.Name + ")"
			}
			mapped, problems = append(mapped, m...), append(problems, ps...)
			break
		}
	}
	if len(mapped) > 0 {
		notes = append(notes, "note: read other agents' arguments: "+strings.Join(mapped, ", "))
	}
	return problems, notes
}

// foreignArgument reports whether k is none of t's own names for its
// fields, so another agent's name may place it.
func foreignArgument(t *tool.Tool, schema *schemas.Schema, k string) bool {
	if schemas.Property(schema, k) != nil {
		return false
	}
	if _, ok := lookupSynonym(t.Synonyms, k); ok {
		return false
	}
	if _, ok := lookupFold(t.Inverse, k); ok {
		return false
	}
	if t.RawArgsField != "" && containsFold(commandKeys, k) || containsFold(bearerKeys, foldedSnake(k)) {
		return false // repairRequest reads a command line, a bearer token
	}
	if t.LineWindow[0] != "" && (containsFold(rangeKeys, k) || slices.Contains(rangeStartKeys, foldKey(k)) || slices.Contains(rangeEndKeys, foldKey(k))) {
		return false
	}
	for _, name := range schemas.PropertyNames(schema) {
		if foldKey(name) == foldKey(k) {
			return false
		}
	}
	return true
}

// knows reports whether a foreign entry maps the argument k.
func knows(f *tool.OtherName, k string) bool {
	if _, ok := lookupFold(f.Values, k); ok {
		return true
	}
	_, ok := lookupSynonym(f.Args, k)
	return ok
}

// resolveForeignName finds the one tool a foreign name means without
// looking at arguments, or nil when it means none or several.
func (p *Host) resolveForeignName(name string) *tool.Tool {
	for _, key := range foreignCandidates(name) {
		var found *tool.Tool
		for _, ref := range p.reg.foreign[key] {
			if found != nil && ref.tool != found {
				return nil
			}
			found = ref.tool
		}
		if found != nil {
			return found
		}
	}
	return nil
}

// resolveShell routes a shell tool's command to the f0 tool that does what
// the command does (curl → net.curl, cat → fs.read, ls → fs.list), when
// the command is one simple command.
func (p *Host) resolveShell(name string, args map[string]any) *routed {
	line := shellCommand(args)
	if line == "" || strings.ContainsAny(line, "|;&<>`$") {
		return nil
	}
	words, _, err := shellwords.ShellWords(line)
	if err != nil || len(words) == 0 {
		return nil
	}
	cmd := strings.ToLower(words[0])
	for _, t := range p.reg.tools {
		if slices.Contains(t.Shell, cmd) {
			return &routed{tool: t, name: name, shell: words}
		}
	}
	return nil
}

// shellCommand returns the command line a shell tool call holds.
func shellCommand(args map[string]any) string {
	for k, v := range args {
		if containsFold(commandKeys, k) {
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

// matchWhen reports whether args hold the conditions of a foreign entry.
func matchWhen(when map[string]string, args map[string]any) bool {
	for k, want := range when {
		v, ok := lookupFold(args, k)
		if !ok {
			return false
		}
		if want != "" && !strings.EqualFold(valueText(v), want) {
			return false
		}
	}
	return true
}

// lookupFold finds a key by any spelling of its name (ignoring case, '_'
// and '-').
func lookupFold[V any](m map[string]V, name string) (V, bool) {
	if v, ok := m[name]; ok {
		return v, true
	}
	for k, v := range m {
		if foldKey(k) == foldKey(name) {
			return v, true
		}
	}
	var zero V
	return zero, false
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

// apply rewrites the arguments of a routed call into the f0 tool's fields
// and returns the note that says what was understood, with the problems
// of arguments it could not map exactly.
func (r *routed) apply(c *callState, args map[string]any) (string, []problem) {
	if r.shell != nil {
		return r.applyShell(c, args)
	}
	f := r.foreign
	mapped, problems := mapForeign(f, args, nil)
	for field := range inOrder(f.Set) {
		if _, given := args[field]; !given {
			val := f.Set[field]
			args[field] = val
			mapped = append(mapped, fmt.Sprintf("%s %s", field, text.CompactJSON(val)))
		}
	}
	if m := substringGlob(f.Substring, args); m != "" {
		mapped = append(mapped, m)
	}
	note := fmt.Sprintf("note: %s is another server's tool name; ran %s", text.QuoteShort(r.name), c.name())
	if r.own {
		note = fmt.Sprintf("note: %s with %s is another agent's call of that name; ran %s", text.QuoteShort(r.name), whenText(f.When), c.name())
	}
	if len(mapped) > 0 {
		note += " (" + strings.Join(mapped, ", ") + ")"
	}
	return note, problems
}

// whenText writes the conditions of a foreign entry: mode "search".
func whenText(when map[string]string) string {
	var parts []string
	for k := range inOrder(when) {
		parts = append(parts, fmt.Sprintf("%s %q", k, when[k]))
	}
	return strings.Join(parts, " and ")
}

// mapForeign moves the arguments f knows into the tool's fields (only
// those only accepts, when set): a renamed argument, or the fields a value
// stands for. It returns what it did, and the problems of an argument
// that has no exact equivalent or that contradicts a field also given.
// The arguments that select the entry (When) are consumed.
func mapForeign(f *tool.OtherName, args map[string]any, only func(string) bool) (mapped []string, problems []problem) {
	for k := range inOrder(args) {
		if only != nil && !only(k) {
			continue
		}
		v := args[k]
		if table, ok := lookupFold(f.Values, k); ok {
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
				problems = append(problems, problem{k, fmt.Sprintf("is another name for %q, and both were given with different values; send only %q", target, target)})
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
func mapValue(f *tool.OtherName, k string, v any, table map[string]map[string]any, args map[string]any) ([]string, []problem) {
	set, ok := table[valueText(v)]
	if !ok {
		set, ok = table["*"]
	}
	if !ok {
		why, _ := lookupFold(f.Unmapped, k)
		if why == "" {
			why = "f0 maps only " + quoteList(slices.Sorted(maps.Keys(table)))
		}
		return nil, []problem{{k, fmt.Sprintf("%s has no exact f0 equivalent: %s", text.CompactJSON(v), why)}}
	}
	var problems []problem
	var cleared []string
	for _, field := range slices.Sorted(maps.Keys(set)) {
		val := set[field]
		if val == nil {
			for key := range args {
				if foldKey(key) == foldKey(field) {
					delete(args, key)
					cleared = append(cleared, key)
				}
			}
			delete(set, field)
			continue
		}
		if prev, given := args[field]; given && !sameJSON(prev, val) {
			problems = append(problems, problem{k, fmt.Sprintf("%s means %s, but %q was given as %s; send one of them", text.CompactJSON(v), text.CompactJSON(map[string]any{field: val}), field, text.CompactJSON(prev))})
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

// withoutNil is set without the arguments it takes away.
func withoutNil(set map[string]any) map[string]any {
	out := make(map[string]any, len(set))
	for k, v := range set {
		if v != nil {
			out[k] = v
		}
	}
	return out
}

// applyShell turns a shell command into the routed tool's arguments: the
// whole line for a tool that takes curl-style words, else the words that
// are not flags for its main field, and its flags into the fields they
// stand for (Spec.ShellFlags). A flag f0 has no field for, or several
// operands where the tool takes one, is a problem: the command would not
// be run as written.
func (r *routed) applyShell(c *callState, args map[string]any) (string, []problem) {
	var key string
	for k := range args {
		if containsFold(commandKeys, k) {
			key = k
			delete(args, k)
		}
	}
	line := strings.Join(quoteAll(r.shell), " ")
	t := r.tool
	note := fmt.Sprintf("note: f0 runs no shell; ran %q as %s", line, c.name())
	if t.RawArgsField != "" {
		args[t.RawArgsField] = line
		return note, nil
	}
	var operands []any
	var flags []string
	var problems []problem
	for _, w := range r.shell[1:] {
		if !strings.HasPrefix(w, "-") || len(w) == 1 {
			operands = append(operands, w)
			continue
		}
		for _, flag := range splitFlags(w, t.ShellFlags) {
			set, ok := t.ShellFlags[flag]
			if !ok {
				problems = append(problems, problem{key, fmt.Sprintf("%s's flag %s has no %s equivalent (it takes %s)", r.shell[0], flag, c.name(), strings.Join(slices.Sorted(maps.Keys(t.ShellFlags)), " "))})
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
		problems = append(problems, problem{key, fmt.Sprintf("names %d operands, and %s takes one %s; call it once for each", len(operands), c.name(), t.MainField)})
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

// peekArgs reads the arguments of a call as an object without repairing
// them, to match foreign names' conditions.
func peekArgs(raw any) map[string]any {
	v, err := toValue(raw)
	if err != nil {
		return nil
	}
	if s, ok := v.(string); ok && strings.HasPrefix(strings.TrimSpace(s), "{") {
		v, _ = text.DecodeJSON([]byte(s))
	}
	m, _ := v.(map[string]any)
	return m
}

// isShellName reports whether name is a shell tool's, after any prefix.
func isShellName(name string) bool {
	for _, key := range foreignCandidates(name) {
		if slices.Contains(shellNames, key) {
			return true
		}
	}
	return false
}
