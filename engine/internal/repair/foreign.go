package repair

import (
	"errors"
	"fmt"
	"math"
	"path"
	"strconv"
	"strings"

	"f0/engine/internal/keys"
	"f0/engine/internal/vocab"
	"f0/internal/shellwords"
	"f0/internal/text"
)

// reportsTable is the vocabulary of names from reports (tables/reports.json),
// which belong to no one agent.
const reportsTable = "reports"

// maxUnwrap bounds the calls wrapped in calls (use_mcp_tool around
// use_mcp_tool) that are read one inside the other.
const maxUnwrap = 3

// Foreign is a call that another agent's vocabulary answers without any
// f0 tool running: a refusal the table writes (Text names the closest f0
// call), or the table's reading of the call failing on its values.
type Foreign struct {
	// Name is the foreign tool's name as the call gave it.
	Name string
	// Text is the answer, its f0 tool names written for the caller.
	Text string
	// Means are the f0 tools (canonical names) the foreign tool maps to,
	// when the answer is an error in the call's values: the engine shows
	// an example call of each, which does what was asked.
	Means []string
}

// readForeignName reads a call whose name is not f0's in the other
// agents' vocabularies (package vocab's tables). It reports whether a
// table knew the name: then the call has its f0 tool and the arguments
// of the mapped call as its raw arguments (for the stages below to read
// like any call of that tool), or it halted with the table's answer.
func readForeignName(s *State, name string, args map[string]any, depth int) bool {
	v := s.Env.Vocabulary()
	if v == nil {
		return false
	}
	for _, asked := range foreignNames(name) {
		res, err := v.Resolve(s.ctx, vocab.Request{Name: asked, Args: args, Agent: s.Env.Agent()}, s.Env.Paths())
		if err != nil {
			s.foreignAnswer(name, inputErrorText(err))
			s.out.Foreign.Means = meansOf(err, v.Targets(asked))
			return true
		}
		if res.Outcome != vocab.NoMatch {
			s.applyForeign(name, res, depth)
			return true
		}
	}
	return false
}

// foreignNames are the names a requested name may be in the
// vocabularies: as sent (the tables know their agents' prefixes), then
// after any server prefix a client put before it (fs_grep, files_read_file).
func foreignNames(name string) []string {
	return append([]string{name}, keys.OtherNameCandidates(name)[1:]...)
}

// applyForeign makes a table's reading of a call the call: its answer
// when it refuses, else the mapped call, the batch of the mapped calls,
// the wrapped call, or the shell command.
func (s *State) applyForeign(name string, res vocab.Result, depth int) {
	if res.Outcome == vocab.Refused {
		s.foreignAnswer(name, res.Refusal.Text)
		return
	}
	if depth < maxUnwrap && len(res.Calls) == 1 && res.Calls[0].Tool == vocab.TargetCall {
		s.unwrapForeign(name, res, depth)
		return
	}
	calls, err := s.editCalls(res.Calls)
	if err != nil {
		s.foreignAnswer(name, err.Error())
		return
	}
	if len(calls) == 1 && calls[0].Tool == vocab.TargetShell {
		s.shellForeign(name, res, calls[0])
		return
	}
	s.runForeign(name, res, calls)
}

// runForeign makes the mapped call (or the batch of the mapped calls)
// the call's tool and raw arguments, with the note that says what was
// understood.
func (s *State) runForeign(name string, res vocab.Result, calls []vocab.Call) {
	t, raw := s.Env.Lookup(vocab.TargetBatch), batchArgs(s.Env, calls)
	if len(calls) == 1 && !res.Batch {
		t, raw = s.Env.Lookup(calls[0].Tool), calls[0].Args
	}
	if t == nil {
		s.foreignAnswer(name, fmt.Sprintf("%s's %s means %s, which this server does not have.", res.Agent, res.Tool, strings.Join(callTools(calls), ", ")))
		return
	}
	s.useTool(t)
	s.Raw = raw
	s.foreign = &res
	s.Notes = append(s.Notes, s.foreignNote(name, res, calls))
	s.Notes = append(s.Notes, s.editNotes...)
	for _, n := range foreignNotes(res) {
		s.Notes = append(s.Notes, "note: "+s.Env.Text(n))
	}
	if !s.Env.Visible(t) {
		s.halt(Hidden)
	}
}

// batchArgs are the arguments of a batch of the mapped calls, run in
// order, stopping at the first that fails.
func batchArgs(env Env, calls []vocab.Call) map[string]any {
	items := make([]any, 0, len(calls))
	for _, c := range calls {
		items = append(items, batchItem(env, c))
	}
	return map[string]any{"calls": items, "continueOnError": false, "maxConcurrency": 1}
}

// batchItem is one mapped call as an item of batch: a shell command goes
// to a shell tool's name and a wrapped call to its own name, for batch's
// resolution to read like any call.
func batchItem(env Env, c vocab.Call) map[string]any {
	switch {
	case c.Tool == vocab.TargetShell:
		return map[string]any{"tool": "bash", "args": map[string]any{"command": itemLine(env, c)}}
	case c.Tool == vocab.TargetCall && c.Unwrap != nil:
		return map[string]any{"tool": c.Unwrap.Tool, "args": c.Unwrap.Arguments}
	}
	return map[string]any{"tool": c.Tool, "args": c.Args}
}

// itemLine is a shell command of a batch with its context written into
// the line, for the item's own routing to read: the call's variables in
// place, its time limit as timeout N in front (curl's own -m still wins),
// its working directory as cd DIR && in front. A variable the
// environment does not set stays, for the routing to refuse.
func itemLine(env Env, c vocab.Call) string {
	line := c.Command
	if c.Shell.Env != nil {
		if expanded, err := shellwords.ExpandEnv(line, c.Shell.Env); err == nil {
			line = expanded
		}
	}
	if _, inner := shellInner(line); c.Shell.Timeout > 0 && !inner && takesTimeout(env, line) {
		line = "timeout " + strconv.FormatFloat(math.Ceil(c.Shell.Timeout), 'f', -1, 64) + " " + line
	}
	if d := strings.TrimSpace(c.Shell.Dir); d != "" {
		line = "cd " + shellQuote(d) + " && " + line
	}
	return line
}

// takesTimeout reports whether a command of the line is the program of a
// tool that takes a shell tool's time limit (Spec.ShellTimeout).
func takesTimeout(env Env, line string) bool {
	script, err := shellwords.ParseScript(line)
	if err != nil {
		return false
	}
	for _, p := range script.Pipelines {
		for _, cmd := range p.Commands {
			words, _, err := shellwords.CutPrefix(cmd.Words)
			if err != nil || len(words) == 0 {
				continue
			}
			for _, t := range env.Tools() {
				if t.ShellTimeout != "" && containsFold(t.Shell, path.Base(words[0])) {
					return true
				}
			}
		}
	}
	return false
}

func callTools(calls []vocab.Call) []string {
	out := make([]string, len(calls))
	for i, c := range calls {
		out[i] = c.Tool
	}
	return out
}

// foreignNote says in one line what was understood: whose tool the name
// is, which f0 call ran, and which field went where.
func (s *State) foreignNote(name string, res vocab.Result, calls []vocab.Call) string {
	ran := s.toolName()
	if len(calls) > 1 || res.Batch {
		names := make([]string, 0, len(calls))
		for _, c := range calls {
			if c.Tool == vocab.TargetShell {
				names = append(names, text.QuoteShort(c.Command))
				continue
			}
			names = append(names, s.Env.Text(batchItem(s.Env, c)["tool"].(string)))
		}
		ran = fmt.Sprintf("%s of %d calls (%s)", ran, len(calls), strings.Join(names, ", "))
	}
	whose := res.Agent + "'s"
	if res.Agent == reportsTable || res.Agent == "" {
		whose = "another server's"
	}
	note := fmt.Sprintf("note: %s is %s tool name; ran %s", text.QuoteShort(name), whose, ran)
	if len(res.Moves) > 0 {
		note += " (" + strings.Join(res.Moves, ", ") + ")"
	}
	return note
}

// foreignNotes are the table's sentences after the first, which says
// what was understood (foreignNote says it for the engine).
func foreignNotes(res vocab.Result) []string {
	if len(res.Notes) <= 1 {
		return nil
	}
	return res.Notes[1:]
}

// unwrapForeign reads a call wrapped in another (Cline's use_mcp_tool):
// the wrapped name is resolved like any name, f0's own first.
func (s *State) unwrapForeign(name string, res vocab.Result, depth int) {
	u := res.Calls[0].Unwrap
	note := fmt.Sprintf("note: %s is %s's call of another tool; ran the call it wraps, %s", text.QuoteShort(name), res.Agent, text.QuoteShort(u.Tool))
	if u.Server != "" {
		note += fmt.Sprintf(" (server %s)", text.QuoteShort(u.Server))
	}
	s.Notes = append(s.Notes, note)
	s.Name = u.Tool
	args := u.Arguments
	if args == nil {
		args = map[string]any{}
	}
	if t := s.Env.Lookup(u.Tool); t != nil {
		s.useTool(t)
		s.Raw = args
		if !s.Env.Visible(t) {
			s.halt(Hidden)
		}
		return
	}
	if !readForeignName(s, u.Tool, args, depth+1) {
		s.Raw = args
		s.halt(NoTool)
	}
}

// shellForeign routes a foreign shell tool's command line through f0's
// shell table (Spec.Shell): curl is net.curl, cat fs.read, ls fs.list.
// Any other command halts as a shell name f0 cannot run.
func (s *State) shellForeign(name string, res vocab.Result, call vocab.Call) {
	line := call.Command
	raw := map[string]any{"command": line}
	for k, v := range call.Args {
		raw[k] = v
	}
	route, err := resolveShell(s.ctx, s.Env, name, raw, contextOf(call.Shell))
	if err != nil {
		s.foreignAnswer(name, err.Error())
		return
	}
	if route == nil {
		s.out.ShellName, s.out.ShellLine = true, line
		s.halt(NoTool)
		return
	}
	s.Route = route
	s.Raw = raw
	s.useTool(route.Tool)
	for _, n := range foreignNotes(res) {
		s.Notes = append(s.Notes, "note: "+s.Env.Text(n))
	}
	if !s.Env.Visible(route.Tool) {
		s.halt(Hidden)
	}
}

// foreignAnswer halts the call with a table's answer.
func (s *State) foreignAnswer(name, answer string) {
	s.out.Foreign = &Foreign{Name: name, Text: s.Env.Text(answer)}
	s.halt(Refused)
}

// meansOf are the f0 tools whose examples answer a table's error: the
// tool of the route that read the call first, then every tool the name
// may mean.
func meansOf(err error, targets []string) []string {
	var ie *vocab.InputError
	if errors.As(err, &ie) && ie.Target != "" && ie.Target != vocab.TargetBatch && ie.Target != vocab.TargetShell && ie.Target != vocab.TargetCall {
		return append([]string{ie.Target}, targets...)
	}
	return targets
}

// inputErrorText writes a table's error for the caller.
func inputErrorText(err error) string {
	var ie *vocab.InputError
	if errors.As(err, &ie) {
		return ie.Error()
	}
	return err.Error()
}

// ownCallEnvelope reads, for a name f0 does not know, arguments that are
// the call itself: {command_name, args} (MetaGPT RoleZero's command,
// also as a list of that one command), {tool, args} or {name,
// arguments}, naming the same tool. The vocabularies then read the
// inner arguments; a call envelope naming another tool is left to the
// stages below.
func ownCallEnvelope(raw any, name string) (map[string]any, string, bool) {
	v, err := ToValue(raw)
	if err != nil {
		return nil, "", false
	}
	if s, ok := v.(string); ok {
		v, err = text.DecodeJSON([]byte(strings.TrimSpace(s)))
		if err != nil {
			return nil, "", false
		}
	}
	if list, ok := v.([]any); ok && len(list) == 1 {
		v = list[0]
	}
	m, ok := v.(map[string]any)
	if !ok || len(m) != 2 {
		return nil, "", false
	}
	var named string
	var args map[string]any
	for k, val := range m {
		switch {
		case keys.Contains(nameKeys, k):
			named, _ = val.(string)
		case keys.Contains(argWrappers, k):
			args, _ = val.(map[string]any)
		}
	}
	if args == nil || strings.TrimSpace(named) != strings.TrimSpace(name) {
		return nil, "", false
	}
	return args, "note: read the arguments inside a call object {" + strings.Join(keys.Sorted(m), ", ") + "}", true
}
