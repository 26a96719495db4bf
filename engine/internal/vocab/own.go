package vocab

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"sort"
	"strings"
)

// ResolveFields reads, in a call made with f0's own name for tool (its
// canonical name, fs.search), the fields f0 could not place (others) as
// the fields of another agent's tool that means the same f0 tool:
// Claude Code Grep's output_mode sent to fs.search, Cursor read_file's
// should_read_entire_file sent to fs.read. Only the rules of those fields
// apply; the foreign tool's defaults (absent, set) do not, since the call
// is f0's. The Result's one call holds the f0 fields the others became
// (the caller merges them into the call); Moves name the tool each field
// was read as. Outcome is NoMatch when no table has a rule for any of the
// fields on a route to tool.
func (v *Vocabulary) ResolveFields(ctx context.Context, tool string, args map[string]any, others []string, env Env) (Result, error) {
	r := &resolver{v: v, env: env}
	res := Result{Outcome: NoMatch}
	left := append([]string(nil), others...)
	out := map[string]any{}
	for len(left) > 0 {
		t, route, fields := v.bestReading(ctx, r, tool, args, left)
		if t == nil {
			break
		}
		sub := make(map[string]any, len(fields))
		for _, f := range fields {
			sub[f] = args[f]
		}
		b := newBuilder(ctx, r, t, route, sub, 0)
		if err := b.mapOnly(); err != nil {
			return res, err
		}
		res.Fields = append(res.Fields, b.uses...)
		res.Notes = append(res.Notes, b.notes...)
		if b.refusal != nil {
			res.Outcome, res.Refusal, res.Agent, res.Tool = Refused, b.refusal, t.agent, t.Names[0]
			return res, nil
		}
		for _, m := range b.moves() {
			res.Moves = append(res.Moves, fmt.Sprintf("%s (%s's %s)", m, t.agent, t.Names[0]))
		}
		for k, val := range b.out {
			if _, taken := out[k]; !taken {
				out[k] = val
			}
		}
		if res.Agent == "" {
			res.Agent, res.Tool = t.agent, t.Names[0]
		}
		res.Outcome = Mapped
		left = without(left, fields)
	}
	if res.Outcome == Mapped {
		res.Calls = []Call{{Tool: tool, Args: out}}
	}
	return res, nil
}

// mapOnly maps the builder's fields by their rules, without the defaults
// of the foreign tool.
func (b *builder) mapOnly() error {
	for _, k := range orderedKeys(b.args, b.tool.Published) {
		if err := b.field(k); err != nil {
			return err
		}
		if b.refusal != nil {
			return nil
		}
	}
	for _, f := range b.soft { // the fields a value table chose
		if _, ok := b.out[f.name]; !ok {
			b.out[f.name] = f.value
		}
	}
	return nil
}

// bestReading is the foreign tool and route to tool whose rules read the
// most of fields (first in table order among equals), and those fields. A
// route whose `when` does not hold for args, or that refuses, is not a
// reading of an f0 call.
func (v *Vocabulary) bestReading(ctx context.Context, r *resolver, tool string, args map[string]any, fields []string) (*Tool, *Route, []string) {
	var bestT *Tool
	var bestR *Route
	var best []string
	bestRefusing := 0
	for _, tb := range v.tables {
		for _, t := range tb.Tools {
			for _, route := range t.Routes {
				if route.To != tool || route.Refuse != "" || (len(route.When) > 0 && !r.holds(ctx, t, route, args)) {
					continue
				}
				rules := map[string]*Rule{}
				maps.Copy(rules, t.Fields)
				maps.Copy(rules, route.Fields)
				var read []string
				refusing := 0
				for _, f := range fields {
					if rules[f] != nil {
						read = append(read, f)
						if rules[f].refuses(args[f]) {
							refusing++
						}
					}
				}
				// The most fields read, and of two that read as many, the
				// one that answers them (Claude Code's output_mode count
				// over CAMEL's, which refuses it).
				if len(read) > len(best) || len(read) == len(best) && len(read) > 0 && refusing < bestRefusing {
					bestT, bestR, best, bestRefusing = t, route, read, refusing
				}
			}
		}
	}
	return bestT, bestR, best
}

func without(list, drop []string) []string {
	var out []string
	for _, x := range list {
		if !contains(drop, x) {
			out = append(out, x)
		}
	}
	return out
}

// Targets are the f0 tools (canonical names, in table order) the routes
// of the foreign tools a name may mean go to, pseudo targets left out:
// what the name stands for before its arguments are seen.
func (v *Vocabulary) Targets(name string) []string {
	_, cands := v.lookup(name)
	var out []string
	for _, c := range cands {
		for _, r := range c.tool.Routes {
			for _, to := range routeTargets(r) {
				if !contains(out, to) {
					out = append(out, to)
				}
			}
		}
	}
	return out
}

// routeTargets are the f0 tools a route calls: its own, or for a batch
// the tool each item of its fan_out becomes (Cline's read_files: fs.read).
func routeTargets(r *Route) []string {
	if r.Refuse != "" || r.To == TargetShell || r.To == TargetCall {
		return nil
	}
	if r.To != TargetBatch {
		return []string{r.To}
	}
	var out []string
	for _, rule := range r.Fields {
		if rule != nil && rule.Transform == "fan_out" && rule.Args.Each != "" && rule.Args.Each != TargetShell && rule.Args.Each != "$self" {
			out = append(out, rule.Args.Each)
		}
	}
	sort.Strings(out)
	return out
}

// FieldTargets are the f0 tools that the routes of the foreign tools a
// name may mean go to when their rules read field: Amazon Q's fs_read
// reads a pattern on its route to fs.search. Routes with a rule of their
// own for the field come first, then those that share the tool's.
func (v *Vocabulary) FieldTargets(name, field string) []string {
	_, cands := v.lookup(name)
	var out []string
	for _, shared := range []bool{false, true} {
		for _, c := range cands {
			for _, r := range c.tool.Routes {
				if r.Refuse != "" || r.To == TargetBatch || r.To == TargetShell || r.To == TargetCall || contains(out, r.To) {
					continue
				}
				if !shared && mapsField(r.Fields[field]) || shared && mapsField(c.tool.Fields[field]) {
					out = append(out, r.To)
				}
			}
		}
	}
	return out
}

// ownField reports whether a field the foreign tool does not publish is
// f0's own: every field of a tool whose fields are f0's (F0Fields), or a
// field the f0 tool of one of its routes takes by its name or a synonym
// (read_file {path, lineNumbers}: lineNumbers is fs.read's). Such a field
// goes to the f0 call unchanged, for f0's repairs and checks to read.
func (v *Vocabulary) ownField(t *Tool, k string) bool {
	return t.F0Fields || t.f0Takes[k]
}

// f0Fields are the fields the f0 tools of t's routes take.
func (v *Vocabulary) f0Fields(t *Tool) map[string]bool {
	out := map[string]bool{}
	for _, r := range t.Routes {
		f0 := v.f0[r.To]
		if r.Refuse != "" || f0 == nil {
			continue
		}
		for name, f := range f0.Fields {
			out[name] = true
			for _, s := range f.Synonyms {
				out[s] = true
			}
		}
	}
	return out
}

// mapsField reports whether a rule maps its field onto f0 fields.
func mapsField(r *Rule) bool { return r != nil && r.kind() == kindMapping }

// clientAgents are clientInfo names whose agent's table id they do not
// start with.
var clientAgents = map[string]string{"visual-studio-code": "vscode-copilot", "vscode": "vscode-copilot", "q-dev-cli": "amazon-q", "amazon-q": "amazon-q"}

// AgentOf is the table of the agent an MCP client is, from the name its
// clientInfo gives ("claude-code", "cursor-vscode", "Roo Code"), or ""
// when no table is that agent's. Resolve prefers that agent's tools
// among those that read a call equally well.
func (v *Vocabulary) AgentOf(client string) string {
	norm := strings.Trim(nonAlnum.ReplaceAllString(strings.ToLower(client), "-"), "-")
	if norm == "" {
		return ""
	}
	for prefix, agent := range clientAgents {
		if strings.HasPrefix(norm, prefix) {
			return agent
		}
	}
	for _, t := range v.tables {
		if t.Agent != reportsAgent && (norm == t.Agent || strings.HasPrefix(norm, t.Agent+"-")) {
			return t.Agent
		}
	}
	return ""
}

// reportsAgent is the table of names from reports, which is no client's.
const reportsAgent = "reports"

var nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)

// refuses reports whether the rule refuses the value: a refusing rule, a
// capability f0 lacks that is refused today, or a value table's refusal.
func (r *Rule) refuses(v any) bool {
	if r.Refuse != "" || r.Needs != "" && r.Today == "refuse" {
		return true
	}
	if r.Values == nil {
		return false
	}
	entry, ok := r.Values[valueText(v)]
	if !ok {
		entry = r.Values["*"]
	}
	_, refused := entry["$refuse"]
	return refused
}
