package vocab

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
)

// maxDepth bounds the routes a call may pass through itself (Amazon Q's
// operations routed through fs_read's own routes).
const maxDepth = 3

// Resolve reads a call in the foreign vocabularies. It finds the table
// tool the name means (README §10: prefixes stripped, exact spelling
// before a normalised one, then the tool that publishes every field of the
// call and the most of them), takes its first route whose `when` holds, and
// maps every field by its rule. The error is an *InputError when the table
// reads the call but not its values; Result.Outcome is NoMatch when no
// table has the name. env may be nil: then no path is checked at run time.
func (v *Vocabulary) Resolve(ctx context.Context, req Request, env Env) (Result, error) {
	name, cands := v.lookup(req.Name)
	clientAgent := req.Agent
	server := v.serverAgent(req.Name, name)
	if req.Agent == "" {
		req.Agent = server
	}
	res := Result{Name: name}
	if own, ok := v.f0Norm[normName(name)]; ok {
		cands = v.overOwn(own, name, cands, req.Args)
	}
	if len(cands) == 0 || !anyReads(cands, v.telling(req.Args)) {
		return res, nil
	}
	r := &resolver{v: v, env: env, agent: clientAgent}
	// The choice reads the fields that tell tools apart: metadata every
	// tool that publishes it ignores (Cursor's explanation, which Kiro's
	// tools send too) says nothing of whose tool it is.
	telling := req
	telling.Args = v.telling(req.Args)
	ranked := rank(name, cands, telling)
	if len(ranked) > 1 && !speaks(ranked[0].tool, telling.Args) {
		out, ok, err := v.shared(name, ranked, req.Args)
		if err == nil && ok {
			err = r.guessedOverwrite(ctx, out, ranked[0])
		}
		if err != nil || ok {
			return out, err
		}
	}
	out, chosen, err := r.first(ctx, ranked, req.Args, telling.Args)
	if err != nil {
		return res, err
	}
	rs := rivals(name, ranked, chosen, telling)
	if server != "" && chosen.tool.agent == server {
		// The name says whose server's tool it is
		// (mcp__filesystem__read_file): no other agent's reading weighs.
		rs = nil
	}
	if err := r.refusingRival(ctx, out, chosen, ranked, rs, req.Args); err != nil {
		return res, err
	}
	if w, c, ok, err := r.leastChange(ctx, r.writeReadings(ctx, out, chosen, ranked, rs, req.Args)); ok || err != nil {
		if err != nil {
			return res, err
		}
		out, chosen, rs = w, c, nil
	}
	for n, i := range rs {
		if out, chosen, err = r.broader(ctx, out, chosen, ranked[i], req.Args, n == 0); err != nil {
			return res, err
		}
	}
	if len(out.readings) > 1 {
		return res, eitherReadingError(out, chosen)
	}
	out.Name = name
	out.Tool = chosen.spelling
	if err := r.guessedOverwrite(ctx, out, chosen); err != nil {
		return res, err
	}
	return out, nil
}

// first resolves the call as the first ranked tool that has a route for
// it: a tool whose every route needs what the call lacks (the filesystem
// server's edit_file needs edits) gives way to the next that reads the
// call's fields, and its error stands only when none does.
func (r *resolver) first(ctx context.Context, ranked []candidate, args, telling map[string]any) (Result, candidate, error) {
	var firstErr error
	for i, c := range ranked {
		if i > 0 && !fits(c.tool, telling) {
			break
		}
		out, err := r.resolveTool(ctx, c.tool, args, 0)
		var nr *noRouteError
		if err == nil || !errors.As(err, &nr) {
			return out, c, err
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return Result{}, ranked[0], firstErr
}

// telling is args without the metadata fields (see Vocabulary.metadata).
func (v *Vocabulary) telling(args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for k, x := range args {
		if !v.metadata[k] {
			out[k] = x
		}
	}
	return out
}

// rivals are the indexes of the ranked tools of other agents that the
// call's spelling and fields do not tell from the chosen one: each is
// weighed against the reading kept so far (write_file is the filesystem
// server's, Zed's, Desktop Commander's and Mistral Vibe's).
func rivals(name string, ranked []candidate, chosen candidate, req Request) []int {
	var out []int
	for i, c := range ranked {
		if c.tool != chosen.tool && c.tool.agent != chosen.tool.agent && sameRank(name, c, chosen, req) {
			out = append(out, i)
		}
	}
	return out
}

// lookup finds the foreign tools a requested name may mean: the name as
// sent, else the name inside a table's name pattern (mcp__f0__read_file),
// else after one of the known server prefixes.
func (v *Vocabulary) lookup(name string) (string, []candidate) {
	name = strings.TrimSpace(name)
	seen := map[string]bool{}
	queue := []string{name}
	for len(queue) > 0 && len(seen) < 16 {
		n := queue[0]
		queue = queue[1:]
		if seen[n] || n == "" {
			continue
		}
		seen[n] = true
		if c := v.byName[normName(n)]; len(c) > 0 {
			return n, c
		}
		if _, own := v.f0Norm[normName(n)]; own {
			return n, nil
		}
		if c := v.byFold[foldField(n)]; n == name && n == foldedSpelling(n) && len(c) > 0 && !v.f0Fold(n) {
			return n, c // the name as sent, one word (webfetch, readFile)
		}
		queue = append(queue, v.stripped(n)...)
	}
	return name, nil
}

// foldedSpelling is n without anything but letters and digits.
func foldedSpelling(n string) string {
	var b strings.Builder
	for _, r := range n {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// f0Fold reports whether n is one of f0's names but for case and
// separators (`fs_read`, fsRead): f0's own, not a foreign name.
func (v *Vocabulary) f0Fold(n string) bool {
	want := foldField(n)
	for k := range v.f0Norm {
		if foldField(k) == want {
			return true
		}
	}
	return false
}

// serverAgent is the table a server prefix names, when the name was sent
// with one (mcp__filesystem__read_file is the filesystem server's
// read_file): the agent whose id is the server's name, or "mcp-" and it.
func (v *Vocabulary) serverAgent(asked, name string) string {
	prefix := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(asked), name))
	server := strings.Trim(prefix, "_-.:/ ")
	server = strings.Trim(strings.TrimPrefix(server, "mcp"), "_-.:/ ")
	server = strings.TrimPrefix(server, "server_")
	if server == "" {
		return ""
	}
	for _, t := range v.tables {
		if t.Agent == server || t.Agent == "mcp-"+server {
			return t.Agent
		}
	}
	return ""
}

// stripped are the names left when a client's or server's prefix is
// removed from n.
func (v *Vocabulary) stripped(n string) []string {
	var out []string
	for _, t := range v.tables {
		for _, rx := range t.NamePatterns {
			if m := rx.FindStringSubmatch(n); m != nil {
				out = append(out, m[rx.SubexpIndex("tool")])
			}
		}
	}
	lower := strings.ToLower(n)
	for _, p := range v.prefixes {
		for _, sep := range []string{"__", "_", ".", "-", ":", "/"} {
			if strings.HasPrefix(lower, p+sep) {
				out = append(out, n[len(p)+len(sep):])
			}
		}
	}
	return out
}

// overOwn keeps, for a name that is also f0's own (Amazon Q's fs_read),
// only the foreign tools the call speaks: a field the foreign tool
// publishes that f0's tool does not accept, or the foreign tool's exact
// spelling when that is not one of f0's (Kiro's fsWrite). Otherwise the
// call is f0's.
func (v *Vocabulary) overOwn(own, name string, cands []candidate, args map[string]any) []candidate {
	f0 := v.f0[own]
	var out []candidate
	for _, c := range cands {
		if c.spelling == name && !isF0Spelling(own, name) {
			out = append(out, c)
			continue
		}
		for _, p := range c.tool.Published {
			if _, given := args[p]; given && (f0 == nil || !f0.accepts(p)) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// rank orders the candidates (README §10): the tools that publish every
// field of the call first, then exact spelling, then the tools that read
// every field (f0's own fields included), then the most fields of the call
// published as spelt, then in any spelling, then the client's own agent,
// then table order.
func rank(name string, cands []candidate, req Request) []candidate {
	out := append([]candidate(nil), cands...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := score(name, out[i], req), score(name, out[j], req)
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return false
	})
	return out
}

func score(name string, c candidate, req Request) [7]int {
	var s [7]int
	if speaks(c.tool, req.Args) {
		s[0] = 1
	}
	if c.spelling == name {
		s[1] = 1
	}
	if fits(c.tool, req.Args) {
		s[2] = 1
	}
	for k := range req.Args {
		if contains(c.tool.Published, k) {
			s[3]++
		}
	}
	for k := range respell(c.tool, req.Args) {
		if contains(c.tool.Published, k) {
			s[4]++
		}
	}
	if req.Agent != "" && c.tool.agent == req.Agent {
		s[5] = 1
	}
	// Then the tool the call fills more closely: of the filesystem
	// server's search_files {path, pattern, excludePatterns} and CAMEL's
	// {pattern, file_types, file_pattern, path}, the first for {path,
	// pattern}.
	s[6] = -unused(c.tool, req.Args)
	return s
}

// speaks reports whether t publishes (or reads by a rule) every field of
// the call, in some spelling: the call is in t's vocabulary.
func speaks(t *Tool, args map[string]any) bool {
	for k := range respell(t, args) {
		if !t.known[k] && !t.F0Fields {
			return false
		}
	}
	return true
}

// fits reports whether every field of the call is t's or one the f0 tools
// of t's routes take.
func fits(t *Tool, args map[string]any) bool {
	for k := range respell(t, args) {
		if !t.known[k] && !t.f0Takes[k] && !t.F0Fields {
			return false
		}
	}
	return true
}

// anyReads reports whether some candidate knows a field of the call: a
// call none of whose fields any tool of the name reads (Open Interpreter's
// execute {language, code} beside Deep Agents' execute {command}) is not
// in these vocabularies, and goes on as an unknown tool. A call without
// fields may be any of them.
func anyReads(cands []candidate, args map[string]any) bool {
	if len(args) == 0 {
		return true
	}
	for _, c := range cands {
		for k := range respell(c.tool, args) {
			if c.tool.known[k] || c.tool.f0Takes[k] || c.tool.F0Fields {
				return true
			}
		}
	}
	return false
}

// sameRank reports whether the spelling and the fields do not tell a from
// b; the client's agent does not decide it (a model trained on Amp calls
// Grep from any client).
func sameRank(name string, a, b candidate, req Request) bool {
	sa, sb := score(name, a, req), score(name, b, req)
	return [5]int(sa[:5]) == [5]int(sb[:5])
}

// broader settles two readings that the spelling and the fields do not
// tell apart (README §10: Claude Code's and Gemini CLI's glob; writes
// that differ in mode are settled before, by leastChange). Readings that
// call different read-only tools, or list at different depths, are
// gathered for eitherReadingError. Of two readings of one tool it takes the
// one whose answer contains the other's (ignoring case; lines with their
// files; numbered lines), with a search for either reading when one reads
// the pattern as a regex and the other as text, else the one the call
// fills more closely (against the first rival only: a later one replaces
// the reading kept only when its answer holds more); and it says so.
func (r *resolver) broader(ctx context.Context, first Result, one, other candidate, args map[string]any, firstRival bool) (Result, candidate, error) {
	// Metadata does not tell the tools apart, but a tool that does not
	// know a field of the call cannot be the one that was called.
	if speaks(one.tool, args) != speaks(other.tool, args) {
		if speaks(one.tool, args) {
			return first, one, nil
		}
		if second, err := r.resolveTool(ctx, other.tool, args, 0); err == nil {
			return second, other, nil
		}
		return first, one, nil
	}
	second, err := r.resolveTool(ctx, other.tool, args, 0)
	if err != nil || first.Outcome != Mapped || second.Outcome != Mapped || len(second.Calls) != 1 {
		return first, one, nil
	}
	if len(first.readings) > 0 {
		return r.alsoTool(ctx, first, second, other), one, nil
	}
	if len(first.Calls) != 1 {
		return first, one, nil
	}
	a, b := first.Calls[0], second.Calls[0]
	if a.Tool != b.Tool || otherDepth(a, b) {
		res, c := r.eitherTool(ctx, first, second, one, other)
		return res, c, nil
	}
	if reflect.DeepEqual(a.Args, b.Args) {
		first.agreeing = append(first.agreeing, other.tool.agent)
		return first, one, nil
	}
	if k, ok := otherLines(a, b, args); ok {
		// Neither window holds the other's lines: do not guess.
		return first, one, &InputError{Agent: one.tool.agent, Tool: one.spelling, Field: k, Target: a.Tool,
			Problem: fmt.Sprintf("%s's %s and %s's %s count lines differently (%s %v is line %v in one and line %v in the other), and the other fields do not say whose tool was meant", one.tool.agent, one.spelling, other.tool.agent, other.spelling, k, args[k], a.Args["offset"], b.Args["offset"]),
			Fix:     "send fs_read's offset, the 1-based line to start at"}
	}
	// A call without fields (a bare path the engine places) keeps the
	// reading ranked first: the windows and line numbers below are the
	// tables' defaults, not what the call asked.
	if len(args) == 0 && a.Tool == "fs.read" {
		return first, one, nil
	}
	if pick, c, ok := shorterWindow(first, second, one, other); ok {
		return pick, c, nil
	}
	if r.onlyOtherPathExists(ctx, a, b) {
		second.Notes = append(second.Notes, fmt.Sprintf("%s is also %s's tool; read as %s's, whose path names what is there (%s)", other.spelling, first.Agent, second.Agent, b.Args["path"]))
		return second, other, nil
	}
	pick, lose, chosen := first, second, one
	ba, bb := breadth(a), breadth(b)
	why := "whose answer contains the other's"
	if a.Tool == "fs.read" && a.Args["lineNumbers"] != b.Args["lineNumbers"] {
		why = "whose numbered lines hold the other's text"
	}
	if ba == bb {
		why = "whose fields the call fills more closely"
	}
	if bb > ba || (bb == ba && firstRival && unused(other.tool, args) < unused(one.tool, args)) {
		pick, lose, chosen = second, first, other
	}
	widen(&pick.Calls[0], &lose.Calls[0])
	either, say, ok := eitherPattern(pick.Calls[0], lose.Calls[0])
	if ok {
		call := pick.Calls[0]
		call.Args = either
		pick.Calls = []Call{call}
		if say != "" {
			why = say
		}
	} else if !firstRival && chosen == one {
		return first, one, nil
	}
	pick.Notes = append(pick.Notes, fmt.Sprintf("%s is also %s's tool; read as %s's, %s", chosen.spelling, lose.Agent, pick.Agent, why))
	return pick, chosen, nil
}

// onlyOtherPathExists reports whether two readings of a call differ only
// in the path, and only b's names something that exists: the tables read
// the path differently (Suna's delete_file cuts /workspace/ from
// /workspace/a.txt, AgentScope's does not), and a reading that names
// nothing would refuse a call the other answers.
func (r *resolver) onlyOtherPathExists(ctx context.Context, a, b Call) bool {
	pa, okA := a.Args["path"].(string)
	pb, okB := b.Args["path"].(string)
	if r.env == nil || !okA || !okB || pa == pb {
		return false
	}
	for k := range a.Args {
		if k != "path" && !reflect.DeepEqual(a.Args[k], b.Args[k]) {
			return false
		}
	}
	if len(a.Args) != len(b.Args) {
		return false
	}
	return r.env.PathKind(ctx, pa) == PathMissing && r.env.PathKind(ctx, pb) != PathMissing
}

// toolWord names an f0 tool in a note (fs.search → fs_search), as the
// engine's hints do before a client renames them.
func toolWord(name string) string { return strings.ReplaceAll(name, ".", "_") }

// otherLines reports whether two fs.read readings of a call differ only in
// the line they start at, and which field of the call gave it.
func otherLines(a, b Call, args map[string]any) (string, bool) {
	if a.Tool != "fs.read" || reflect.DeepEqual(a.Args["offset"], b.Args["offset"]) {
		return "", false
	}
	for k := range a.Args {
		// lineNumbers changes how the lines are shown, not which.
		if k != "offset" && k != "lineNumbers" && !reflect.DeepEqual(a.Args[k], b.Args[k]) {
			return "", false
		}
	}
	for _, k := range []string{"offset", "start_line", "line_offset", "start"} {
		if _, ok := args[k]; ok {
			return k, true
		}
	}
	return "offset", true
}

// shorterWindow settles two reads of one file from one line that differ
// in how many lines they show (Deep Agents' read_file shows 100, Amplifier's
// up to 2000): the shorter window, whose answer ends by naming the offset
// of the rest, is true to both; the longer would show lines one reading
// did not ask for. Numbered lines are kept when either reading numbers.
func shorterWindow(first, second Result, one, other candidate) (Result, candidate, bool) {
	a, b := first.Calls[0], second.Calls[0]
	if a.Tool != "fs.read" || !reflect.DeepEqual(a.Args["offset"], b.Args["offset"]) || !reflect.DeepEqual(a.Args["path"], b.Args["path"]) {
		return Result{}, candidate{}, false
	}
	la, lb := windowLimit(a.Args), windowLimit(b.Args)
	if la == lb {
		return Result{}, candidate{}, false
	}
	pick, lose, chosen := first, second, one
	if lb < la {
		pick, lose, chosen = second, first, other
	}
	if n, _ := lose.Calls[0].Args["lineNumbers"].(bool); n {
		call := pick.Calls[0]
		call.Args = maps.Clone(call.Args)
		call.Args["lineNumbers"] = true
		pick.Calls = []Call{call}
	}
	const said = "whose shorter window ends by naming where the rest starts"
	for _, n := range pick.Notes {
		if strings.Contains(n, said) {
			return pick, chosen, true
		}
	}
	pick.Notes = append(pick.Notes, fmt.Sprintf("%s is also %s's tool, which shows more lines; read as %s's, %s", chosen.spelling, lose.Agent, pick.Agent, said))
	return pick, chosen, true
}

// windowLimit is how many lines an fs.read call shows (f0's pages when it
// gives no limit: the most).
func windowLimit(args map[string]any) int {
	switch n := args["limit"].(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return 1 << 30
}

// unused counts the fields the tool publishes that the call does not give:
// of two readings that answer alike, the one the call fills more closely
// wins (Gemini CLI's web_fetch {prompt} over Cline's {url, prompt}).
func unused(t *Tool, args map[string]any) int {
	n := 0
	for _, p := range t.Published {
		if _, ok := args[p]; !ok {
			n++
		}
	}
	return n
}

// breadth scores how much an f0 call's answer holds: a deeper listing
// holds a shallower one; any case holds one case, lines hold their files.
func breadth(c Call) int {
	args := c.Args
	if c.Tool == "fs.list" {
		return listDepth(args)
	}
	n := 0
	// Numbered lines hold the text of unnumbered ones (PraisonAI's
	// read_file numbers them, Continue's does not).
	if b, _ := args["lineNumbers"].(bool); b {
		n++
	}
	if b, _ := args["ignoreCase"].(bool); b {
		n++
	}
	if b, _ := args["filesOnly"].(bool); !b {
		n++
	}
	return n
}

// widen gives the chosen listing what the other reading also shows (the
// entries a dot hides): the deeper listing then holds both readings'.
func widen(pick, lose *Call) {
	if pick.Tool != "fs.list" || lose.Tool != "fs.list" {
		return
	}
	for _, k := range []string{"hidden", "all"} {
		if b, _ := lose.Args[k].(bool); b {
			args := maps.Clone(pick.Args)
			args[k] = true
			pick.Args = args
		}
	}
}

// resolver carries one Resolve call's runtime checks.
type resolver struct {
	v   *Vocabulary
	env Env
	// agent is the agent the client is known to be (Request.Agent), "" when
	// the vocabulary only guessed it from the name.
	agent string
}

// resolveTool maps a call of one foreign tool.
func (r *resolver) resolveTool(ctx context.Context, t *Tool, args map[string]any, depth int) (Result, error) {
	res := Result{Agent: t.agent, Tool: t.Names[0]}
	if depth > maxDepth {
		return res, r.inputError(t, "", "calls itself more than 3 levels deep", "")
	}
	args = respell(t, args)
	idx := r.chooseRoute(ctx, t, args)
	if idx < 0 {
		return res, r.noRoute(t, args)
	}
	res.Route = idx
	route := t.Routes[idx]
	if route.Refuse != "" {
		res.Outcome = Refused
		res.Refusal = &Refusal{Text: route.Refuse, Needs: route.Needs}
		for _, k := range orderedKeys(args, t.Published) {
			res.Fields = append(res.Fields, FieldUse{Field: k, Use: UseRefused})
		}
		return res, nil
	}
	out, err := newBuilder(ctx, r, t, route, args, depth).run()
	out.Route = idx
	return out, err
}

// noRoute explains that no reading of the tool fits the call, listing the
// conditions the routes test.
func (r *resolver) noRoute(t *Tool, args map[string]any) error {
	var forms []string
	for _, rt := range t.Routes {
		var conds []string
		for _, c := range rt.When {
			conds = append(conds, c.describe())
		}
		forms = append(forms, strings.Join(conds, " and "))
	}
	return &noRouteError{&InputError{Agent: t.agent, Tool: t.Names[0], Problem: fmt.Sprintf("none of its forms fits the arguments %s", keyList(args)), Accepted: forms}}
}

// noRouteError is the InputError of a tool none of whose routes holds for
// the call: another agent's tool of the same name may read it.
type noRouteError struct{ *InputError }

func (e *noRouteError) Unwrap() error { return e.InputError }

func (r *resolver) inputError(t *Tool, field, problem, fix string) *InputError {
	return &InputError{Agent: t.agent, Tool: t.Names[0], Field: field, Problem: problem, Fix: fix}
}

// nearest is the candidate closest to name by edit distance, ignoring case.
func nearest(name string, cands []string) string {
	best, bestD := "", -1
	for _, c := range cands {
		if c == TextField {
			continue
		}
		d := levenshtein.ComputeDistance(strings.ToLower(name), strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// orderedKeys are the keys of args in the order the tool publishes them,
// then the others sorted, so that every run maps fields in one order.
func orderedKeys(args map[string]any, published []string) []string {
	out := make([]string, 0, len(args))
	seen := map[string]bool{}
	for _, p := range published {
		if _, ok := args[p]; ok && !seen[p] {
			out = append(out, p)
			seen[p] = true
		}
	}
	var rest []string
	for k := range args {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func keyList(args map[string]any) string {
	keys := orderedKeys(args, nil)
	if len(keys) == 0 {
		return "{}"
	}
	return "{" + strings.Join(keys, ", ") + "}"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// respell gives the call's fields the tool's own spelling where they
// differ from a field it reads only in case or separators (filePath for
// file_path, OldString for old_string): models trained on one agent write
// its fields in the spelling of another. A spelling two fields share, or
// a field the call also gives as spelt, is left for the f0 tool to refuse.
func respell(t *Tool, args map[string]any) map[string]any {
	var renames map[string]string
	for k := range args {
		if t.known[k] {
			continue
		}
		if f, ok := t.spelling(k); ok {
			if _, given := args[f]; !given {
				if renames == nil {
					renames = map[string]string{}
				}
				renames[k] = f
			}
		}
	}
	if renames == nil {
		return args
	}
	out := make(map[string]any, len(args))
	for k, v := range args {
		if f, ok := renames[k]; ok {
			k = f
		}
		out[k] = v
	}
	return out
}

// spelling is the one field t reads that k spells with other case or
// separators.
func (t *Tool) spelling(k string) (string, bool) {
	want, found := foldField(k), ""
	for f := range t.known {
		if foldField(f) == want {
			if found != "" {
				return "", false
			}
			found = f
		}
	}
	return found, found != ""
}

// foldField is a field name without case and separators.
func foldField(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isF0Spelling says whether name is how f0 itself spells its tool own
// (fs.write, fs_write), in any case.
func isF0Spelling(own, name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return n == own || n == strings.ReplaceAll(own, ".", "_")
}
