package vocab

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"

	"f0/internal/text"
)

// Two readings of one call, by two agents' tools of one name, that map it
// to the same f0 tool with different fields (issue 23: an ok must be
// true). Which answer holds the other's depends on the tool: a listing
// that goes deeper holds a shallower one, a search that ignores case holds
// a case-sensitive one, and of two writes the one that changes least is
// the only one that cannot destroy what the other would have kept.

// writeModes orders fs.write's modes by how much they change an existing
// file: create changes nothing (it refuses), append adds, overwrite
// replaces.
var writeModes = map[string]int{"create": 0, "append": 1, "overwrite": 2}

// writeMode is the mode an fs.write call runs in (f0's default is
// overwrite).
func writeMode(args map[string]any) string {
	if m, ok := args["mode"].(string); ok && m != "" {
		return m
	}
	return "overwrite"
}

// readingOf is one agent's reading of the call: its tool as spelt, and
// the f0 call it maps to.
type readingOf struct {
	res  Result
	cand candidate
}

func (x readingOf) mode() string { return writeMode(x.res.Calls[0].Args) }

// writeReadings are the readings of a write call by the chosen tool and
// its rivals that map it to one fs.write each. A tool whose fields are
// f0's own (names from reports, whose schemas no one publishes: save_file,
// create_new_file) says nothing of what the agent does to an existing
// file, so it is no reading here.
func (r *resolver) writeReadings(ctx context.Context, first Result, one candidate, ranked []candidate, rivals []int, args map[string]any) []readingOf {
	isWrite := func(res Result) bool {
		return res.Outcome == Mapped && len(res.Calls) == 1 && res.Calls[0].Tool == "fs.write"
	}
	if !isWrite(first) {
		return nil
	}
	out := []readingOf{{first, one}}
	for _, i := range rivals {
		if ranked[i].tool.F0Fields {
			continue
		}
		res, err := r.resolveTool(ctx, ranked[i].tool, args, 0)
		if err == nil && isWrite(res) {
			out = append(out, readingOf{res, ranked[i]})
		}
	}
	return out
}

// leastChange settles the readings of a write that differ in what they
// do to an existing file (Mistral Vibe's write_file refuses one, the
// filesystem server's overwrites it): it takes the one that changes least.
// When the file does not exist every reading creates it. When it does,
// the call is refused, naming each reading and the exact call that does
// what each other reading would: f0 does not overwrite a file on a guess.
// ok is false when the readings agree.
func (r *resolver) leastChange(ctx context.Context, readings []readingOf) (Result, candidate, bool, error) {
	least := -1
	for i, x := range readings {
		if least < 0 || writeModes[x.mode()] < writeModes[readings[least].mode()] {
			least = i
		}
	}
	if least < 0 {
		return Result{}, candidate{}, false, nil
	}
	if err := r.eitherParent(ctx, readings); err != nil {
		return Result{}, readings[least].cand, true, err
	}
	if len(otherModes(readings, readings[least].mode())) == 0 {
		return Result{}, candidate{}, false, nil
	}
	pick := readings[least]
	path, _ := pick.res.Calls[0].Args["path"].(string)
	if r.env != nil && path != "" && r.env.PathKind(ctx, path) != PathMissing {
		return Result{}, pick.cand, true, eitherWrite(pick, readings, path)
	}
	res := pick.res
	outcome := fmt.Sprintf("%s did not exist, so every reading creates it", path)
	if r.env == nil {
		outcome = "read as the one that changes least"
	}
	res.Notes = append(res.Notes, fmt.Sprintf("%s is %s's tool, which %s, and %s; %s",
		pick.cand.spelling, pick.res.Agent, modeOnExisting(pick.mode(), false), othersSay(readings, pick.mode(), modeOnExisting), outcome))
	return res, pick.cand, true, nil
}

// createsDirs reports whether a write reading creates missing parent
// directories (f0's default) or fails without them, as the filesystem
// server's write_file does.
func (x readingOf) createsDirs() bool {
	b, ok := x.res.Calls[0].Args["createDirs"].(bool)
	return !ok || b
}

// eitherParent refuses a write whose readings differ on a missing parent
// directory: one agent's tool creates it, another's fails, and the fields
// do not say whose tool was meant. Creating directories on a guess would
// answer ok where the tool that was called says no. Only the readings of
// the chosen one's path are weighed (Zed's paths start with the root's
// name, so its reading may name another file).
func (r *resolver) eitherParent(ctx context.Context, readings []readingOf) error {
	if r.env == nil {
		return nil
	}
	p, _ := readings[0].res.Calls[0].Args["path"].(string)
	dir := path.Dir(strings.ReplaceAll(p, `\`, "/"))
	if dir == "." || dir == "/" || r.env.PathKind(ctx, dir) != PathMissing {
		return nil
	}
	var creates, fails []string
	for _, x := range readings {
		if x.res.Calls[0].Args["path"] != p {
			continue // another file: the chosen reading's choice stands
		}
		who := x.res.Agent + "'s"
		switch {
		case x.createsDirs() && !contains(creates, who):
			creates = append(creates, who)
		case !x.createsDirs() && !contains(fails, who):
			fails = append(fails, who)
		}
	}
	if len(creates) == 0 || len(fails) == 0 {
		return nil
	}
	first := readings[0]
	return &InputError{Agent: first.res.Agent, Tool: first.cand.spelling, Target: "fs.write",
		Problem: fmt.Sprintf("the directory %s does not exist: %s %s %s it, %s %s %s without it, and the fields do not say whose tool was meant, so nothing was written",
			dir, joinAnd(creates), first.cand.spelling, text.Plural(len(creates), "creates", "create"), joinAnd(fails), first.cand.spelling, text.Plural(len(fails), "fails", "fail")),
		Fix: fmt.Sprintf(`To create it, send fs_write {"path": %q, "content": …, "createDirs": true}; or fs_mkdir {"path": %q} first`, p, dir)}
}

// otherModes are the modes of the readings other than mode, in the order
// of writeModes, each with the agents that read the call so.
func otherModes(readings []readingOf, mode string) []modeReadings {
	var out []modeReadings
	for _, m := range []string{"create", "append", "overwrite"} {
		if m == mode {
			continue
		}
		var agents []string
		for _, x := range readings {
			if x.mode() == m && !contains(agents, x.res.Agent+"'s") {
				agents = append(agents, x.res.Agent+"'s")
			}
		}
		if len(agents) > 0 {
			out = append(out, modeReadings{m, agents})
		}
	}
	return out
}

// modeReadings are the agents whose tools read a write in one mode.
type modeReadings struct {
	mode   string
	agents []string
}

// othersSay words the other readings: "zed's and amp's, which overwrite it".
func othersSay(readings []readingOf, mode string, say func(string, bool) string) string {
	var parts []string
	for _, m := range otherModes(readings, mode) {
		parts = append(parts, fmt.Sprintf("%s, which %s", joinAnd(m.agents), say(m.mode, len(m.agents) > 1)))
	}
	return strings.Join(parts, "; and ")
}

// joinAnd joins words as prose: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// eitherWrite is the refusal of a write whose readings differ on an
// existing file: what each reading does, and the calls that do each.
func eitherWrite(pick readingOf, readings []readingOf, path string) *InputError {
	var fixes []string
	for _, m := range otherModes(readings, pick.mode()) {
		fix := fmt.Sprintf(`to %s it, send fs_write {"path": %q, "content": …, "mode": %q}`, modeVerb(m.mode), path, m.mode)
		if flag := modeFlag(pick.cand.tool, m.mode); flag != "" {
			fix += fmt.Sprintf(" (or %s's own %s {…, %s})", pick.res.Agent, pick.cand.spelling, flag)
		}
		fixes = append(fixes, fix)
	}
	fixes = append(fixes, "to change part of it, fs_edit")
	fix := strings.Join(fixes, "; ")
	return &InputError{Agent: pick.res.Agent, Tool: pick.cand.spelling, Target: "fs.write",
		Problem: fmt.Sprintf("%s already exists; %s is %s's tool, which %s, and %s, and the fields do not say whose tool was meant, so nothing was written",
			path, pick.cand.spelling, pick.res.Agent, modeOnExisting(pick.mode(), false), othersSay(readings, pick.mode(), modeOnExisting)),
		Fix: strings.ToUpper(fix[:1]) + fix[1:]}
}

// modeVerb and modeOnExisting word a write mode for the answers.
func modeVerb(mode string) string {
	if mode == "append" {
		return "add to"
	}
	return "replace"
}

// modeOnExisting says what a mode does to an existing file, for one tool
// or several.
func modeOnExisting(mode string, several bool) string {
	words := map[string][2]string{
		"create":    {"refuses an existing file", "refuse an existing file"},
		"append":    {"adds to its end", "add to its end"},
		"overwrite": {"overwrites it", "overwrite it"},
	}[mode]
	if several {
		return words[1]
	}
	return words[0]
}

// modeFlag is how t itself asks for an fs.write mode, from its table: a
// route selected by a field's value that sets the mode (Mistral Vibe's
// write_file overwrite: true), or a value of a field rule that gives it
// (JetBrains' create_new_file overwrite: true). "" when t has none.
func modeFlag(t *Tool, mode string) string {
	for _, rt := range t.Routes {
		if rt.Set["mode"] != mode {
			continue
		}
		for _, c := range rt.When {
			if c.Kind == CondEquals && len(c.Values) > 0 {
				return fmt.Sprintf("%q: %s", c.Field, jsonish(c.Values[0]))
			}
		}
	}
	for _, rt := range t.Routes {
		for k, rule := range rt.Fields {
			for v, set := range rule.Values {
				if set["mode"] == mode {
					return fmt.Sprintf("%q: %s", k, jsonish(v))
				}
			}
		}
	}
	return ""
}

// jsonish writes a condition's text as the JSON value a model sends.
func jsonish(s string) string {
	switch s {
	case "true", "false", "null":
		return s
	}
	return fmt.Sprintf("%q", s)
}

// listDepth is how deep an fs.list call lists: recursive is every level.
func listDepth(args map[string]any) int {
	if b, _ := args["recursive"].(bool); b {
		return 1 << 20
	}
	switch d := args["depth"].(type) {
	case int:
		return d
	case float64:
		return int(d)
	}
	return 1
}

// eitherPattern is the search both readings' answers are in, when one
// reads the pattern as a regular expression and the other as literal
// text (Continue's grep_search query is a ripgrep regex, Copilot's is
// text unless isRegexp): a line matches when it matches the regex or
// contains the text. A pattern that is not a valid regex has only the
// literal reading; a pattern without metacharacters reads alike both
// ways. ok is false when the readings do not differ so.
func eitherPattern(a, b Call) (map[string]any, string, bool) {
	la, _ := a.Args["literal"].(bool)
	lb, _ := b.Args["literal"].(bool)
	p, _ := a.Args["pattern"].(string)
	if la == lb || p == "" || b.Args["pattern"] != p {
		return nil, "", false
	}
	out := make(map[string]any, len(a.Args))
	for k, v := range a.Args {
		out[k] = v
	}
	for _, k := range []string{"ignoreCase", "context"} {
		if wider(b.Args[k], out[k]) {
			out[k] = b.Args[k]
		}
	}
	if fa, _ := a.Args["filesOnly"].(bool); !fa {
		delete(out, "filesOnly")
	} else if fb, _ := b.Args["filesOnly"].(bool); !fb {
		delete(out, "filesOnly")
	}
	quoted := regexp.QuoteMeta(p)
	if _, err := regexp.Compile(p); err != nil {
		out["literal"] = true
		return out, fmt.Sprintf("%q is not a valid regular expression, so it was read as literal text", p), true
	}
	delete(out, "literal")
	if quoted == p {
		return out, "", true
	}
	out["pattern"] = "(?:" + p + ")|" + quoted
	return out, fmt.Sprintf("searched for either reading: the regular expression %s or the text %s", p, p), true
}

// wider reports whether x asks for more than y: true over false, a larger
// number over a smaller one.
func wider(x, y any) bool {
	switch xv := x.(type) {
	case bool:
		yv, _ := y.(bool)
		return xv && !yv
	case int:
		yv, _ := y.(int)
		return xv > yv
	case float64:
		yv, _ := y.(float64)
		return xv > yv
	}
	return false
}

// refusingRival refuses a write that another agent's tool of the name,
// read from the same fields, refuses (Eko's file_write refuses empty
// content, Strands' writes it): a write on a guess would change a file
// the other tool leaves as it was. The answer gives the other tool's
// reason and the f0 call that writes. Tools whose fields are f0's own say
// nothing of what the agent refuses.
func (r *resolver) refusingRival(ctx context.Context, first Result, one candidate, ranked []candidate, rivals []int, args map[string]any) error {
	if first.Outcome != Mapped || len(first.Calls) != 1 || first.Calls[0].Tool != "fs.write" {
		return nil
	}
	for _, i := range rivals {
		c := ranked[i]
		if c.tool.F0Fields {
			continue
		}
		res, err := r.resolveTool(ctx, c.tool, args, 0)
		if err != nil || res.Outcome != Refused {
			continue
		}
		write, _ := json.Marshal(first.Calls[0].Args)
		return &InputError{Agent: one.tool.agent, Tool: one.spelling, Target: "fs.write",
			Problem: fmt.Sprintf("%s is %s's tool, which writes it, and %s's, which refuses the call (%s); the fields do not say whose tool was meant, so nothing was written",
				one.spelling, one.tool.agent, c.tool.agent, strings.TrimSuffix(res.Refusal.Text, ".")),
			Fix: fmt.Sprintf("To write it as %s's does, send fs_write %s", one.tool.agent, write)}
	}
	return nil
}

// guessedOverwrite refuses a foreign write that would replace an existing
// file when no field of the call asks for that. Under another agent's
// name, whose tool was meant is always a guess, and agents disagree on an
// existing file: Claude Code's Write wants it read first, Qwen Code's
// write_file refuses a target it has not seen, hive's write_to_file and
// koda's Write refuse without a force or overwrite flag, the filesystem
// server's write_file replaces it. Replacing a file on a guess loses what
// it held; the refusal costs one call and names it.
func (r *resolver) guessedOverwrite(ctx context.Context, out Result, chosen candidate) error {
	if r.env == nil || out.Outcome != Mapped || out.Batch || len(out.Calls) != 1 || out.Calls[0].Tool != "fs.write" {
		return nil
	}
	args := out.Calls[0].Args
	path, _ := args["path"].(string)
	if writeMode(args) != "overwrite" || path == "" || r.env.PathKind(ctx, path) != PathFile {
		return nil
	}
	for _, u := range out.Fields {
		if contains(u.To, "mode") || contains(u.To, "force") {
			return nil // the call's own field chose to replace it
		}
	}
	if _, given := args["mode"]; given && len(out.Fields) == 0 {
		return nil // read by the fields several tables share: the mode is the call's own
	}
	if out.Route < len(chosen.tool.Routes) {
		for _, c := range chosen.tool.Routes[out.Route].When {
			if c.Kind == CondPathIs && contains(c.Values, "file") {
				return nil // a tool for existing files (Suna's full_file_rewrite)
			}
		}
	}
	return &InputError{Agent: chosen.tool.agent, Tool: chosen.spelling, Target: "fs.write",
		Problem: fmt.Sprintf("%s already exists, and nothing in the call says to replace it (%s is %s's tool, which overwrites a file, but other agents' tools of this kind refuse one that was not read first or not flagged), so nothing was written", path, chosen.spelling, chosen.tool.agent),
		Fix:     fmt.Sprintf(`To replace it, send fs_write {"path": %q, "content": …, "mode": "overwrite"}; to change part of it, fs_edit {"path": %q, "edits": [{"oldText": …, "newText": …}]}`, path, path)}
}
