package vocab

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"strings"
)

// Readings of one call that read it as different read-only f0 calls
// (issue 23: an ok must be true). CAMEL's search_files searches file
// contents and Agno's lists the files a glob matches; a call of either
// filled alike says nothing of whose tool was meant, and answering one
// reading answers another agent's question; so does a listing at one depth
// when another reading lists at another (Gemini CLI's list_directory shows
// a directory's entries, Desktop Commander's two levels of them). Such a
// call is refused, naming each reading as the exact f0 call: one call more
// for the model, where an answer to another agent's question would cost
// the task. A reading that cannot answer (a directory read as a file, a
// search whose pattern is no regular expression) gives way.

// readOnly reports whether an f0 tool's calls change nothing (its
// readOnlyHint, as f0-fields.json records it): readings of one call that
// differ in which of these they call are refused together.
func (r *resolver) readOnly(tool string) bool {
	t := r.v.f0[tool]
	return t != nil && t.ReadOnly
}

// toolReading is one or more agents' reading of a call, as the f0 call it
// means.
type toolReading struct {
	agents []string
	call   Call
}

// eitherTool starts the list of readings of the call when the chosen
// tool's and a rival's read-only readings call different f0 tools, or list
// at different depths. Readings that write are settled before
// (leastChange).
func (r *resolver) eitherTool(ctx context.Context, first, second Result, one, other candidate) (Result, candidate) {
	a, b := first.Calls[0], second.Calls[0]
	if !r.readOnly(a.Tool) || !r.readOnly(b.Tool) {
		return first, one
	}
	switch va, vb := r.viable(ctx, a), r.viable(ctx, b); {
	case va && !vb:
		return first, one
	case vb && !va:
		return second, other // pi's read of a directory fails; gptme's lists it
	}
	first.readings = []toolReading{{append([]string{one.tool.agent}, first.agreeing...), a}}
	first.readings = addReading(first.readings, other.tool.agent, b)
	return first, one
}

// otherDepth reports whether two readings list one directory at different
// depths.
func otherDepth(a, b Call) bool {
	return a.Tool == "fs.list" && b.Tool == "fs.list" && listDepth(a.Args) != listDepth(b.Args)
}

// viable reports whether a read-only call can answer at all, as far as
// its path and pattern tell: a file is read, a directory listed, a
// search's regex compiles. Without runtime checks every path is viable.
func (r *resolver) viable(ctx context.Context, c Call) bool {
	if c.Tool == "fs.search" && !searchable(c.Args) {
		return false
	}
	p, _ := c.Args["path"].(string)
	if r.env == nil || p == "" {
		return true
	}
	switch c.Tool {
	case "fs.read":
		return r.env.PathKind(ctx, p) != PathDir
	case "fs.list", "fs.find":
		return r.env.PathKind(ctx, p) != PathFile
	}
	return true
}

// searchable reports whether an fs.search call's pattern is text, or a
// regular expression that compiles.
func searchable(args map[string]any) bool {
	p, _ := args["pattern"].(string)
	if lit, _ := args["literal"].(bool); lit || p == "" {
		return true
	}
	_, err := regexp.Compile(p)
	return err == nil
}

// alsoTool adds a further rival's reading to those already found, when it
// is read-only and can answer.
func (r *resolver) alsoTool(ctx context.Context, first, next Result, other candidate) Result {
	c := next.Calls[0]
	if !r.readOnly(c.Tool) || !r.viable(ctx, c) {
		return first
	}
	first.readings = addReading(first.readings, other.tool.agent, c)
	return first
}

// addReading adds agent's reading c: to the reading of the same call when
// there is one (a listing that also shows dot files is the same listing,
// widened to show them), else as a reading of its own.
func addReading(readings []toolReading, agent string, c Call) []toolReading {
	for i, have := range readings {
		a, b := oneLevel(have.call), oneLevel(c)
		widen(&a, &b)
		widen(&b, &a)
		if !reflect.DeepEqual(a, b) {
			continue
		}
		readings[i].call = a
		if !contains(have.agents, agent) {
			readings[i].agents = append(have.agents, agent)
		}
		return readings
	}
	return append(readings, toolReading{[]string{agent}, c})
}

// oneLevel writes a listing of one level without a depth, as f0's
// default (pi's depth 1 is Deep Agents' listing).
func oneLevel(c Call) Call {
	if d, ok := c.Args["depth"]; !ok || c.Tool != "fs.list" || listDepth(c.Args) != 1 || d == nil {
		return c
	}
	args := maps.Clone(c.Args)
	delete(args, "depth")
	c.Args = args
	return c
}

// eitherReadingError refuses a call whose readings differ, naming each
// agent's reading as the exact f0 call to send.
func eitherReadingError(res Result, chosen candidate) *InputError {
	calls := make([]string, len(res.readings))
	what := "mean different calls"
	for i, x := range res.readings {
		args, _ := json.Marshal(x.call.Args)
		calls[i] = fmt.Sprintf("%s: %s %s", joinAnd(possessive(x.agents)), toolWord(x.call.Tool), args)
		if i > 0 && otherDepth(res.readings[0].call, x.call) {
			what = "list to different depths"
		}
	}
	return &InputError{Agent: chosen.tool.agent, Tool: chosen.spelling, Target: res.readings[0].call.Tool,
		Problem: fmt.Sprintf("%s is %s tool, and they %s; the fields do not say whose tool was meant, so nothing was run", chosen.spelling, joinAnd(possessive(agentsOf(res.readings))), what),
		Fix:     "Send the call you mean: " + strings.Join(calls, "; ")}
}

// agentsOf are the agents of the readings, in order.
func agentsOf(readings []toolReading) []string {
	var out []string
	for _, x := range readings {
		out = append(out, x.agents...)
	}
	return out
}

// possessive writes each agent as its owner word ("camel" → "camel's").
func possessive(agents []string) []string {
	out := make([]string, len(agents))
	for i, a := range agents {
		out[i] = a + "'s"
	}
	return out
}
