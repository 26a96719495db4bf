package vocab

import (
	"context"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// f0Name is how check.py recognises a refusal text that names an f0 call.
var f0Name = regexp.MustCompile(`\b(fs[._](read|list|find|search|stat|write|edit|mkdir|move|copy|delete)|net[._]curl|batch|tools[._](search|describe))\b`)

// TestEveryRow walks every table, tool, route and field rule: it builds a
// call from the row, resolves it, and checks that a mapped row makes the
// mapped f0 call with the mapped field, a refusing row refuses with a text
// that names an f0 tool, an inert row leaves no trace, no field of the
// call vanishes, and every f0 field produced is one f0-fields.json lists.
// A new row is walked without a new test.
func TestEveryRow(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	rows, n := v.rows(fx)
	for _, c := range rows {
		t.Run(c.name(), func(t *testing.T) { checkCase(t, v, fx, c) })
	}
	t.Logf("walked %d tables, %d tools, %d routes, %d field rules, %d value entries, %d item rules; %d rows shadowed by an earlier route",
		n.tables, n.tools, n.routes, n.rules, n.values, n.items, n.shadowed)
	t.Logf("shadowed (inert rules for a field an earlier route takes): %s", strings.Join(n.shadowedRows, ", "))
	if n.tables != 95 || n.tools < 661 || n.routes < 871 {
		t.Errorf("the walk saw %d tables, %d tools, %d routes; check.py counts 95, 661, 871", n.tables, n.tools, n.routes)
	}
}

// checkCase resolves one case as its row's tool and checks what README §9
// asks of its row. Which of several agents' tools of one name a call
// means is TestChoosing's: a row's minimal call may speak another
// agent's tool as well (Roo Code's read_file {path, offset} is also Mistral
// Vibe's), and the row must still run as its own.
func checkCase(t *testing.T, v *Vocabulary, fx *fixture, c Row) {
	ctx := context.Background()
	r := &resolver{v: v, env: fx, agent: c.table.Agent}
	res, err := r.resolveTool(ctx, c.tool, c.args, 0)
	if err != nil {
		t.Fatalf("%s: %v", quote(c.args), err)
	}
	if res.Agent != c.table.Agent || res.Route != c.route {
		t.Fatalf("%s: read as %s's %s route %d, want route %d", quote(c.args), res.Agent, res.Tool, res.Route, c.route)
	}
	checkNoVanish(t, c, res)
	checkF0Fields(t, v, res)
	route := c.tool.Routes[c.route]
	switch {
	case route.Refuse != "":
		checkRefusal(t, res, "")
	case c.field == "":
		checkRouteCall(t, route, res)
	case c.sub != "":
		checkItem(t, c, res)
	default:
		checkRule(t, v, fx, c, res)
	}
}

func checkRefusal(t *testing.T, res Result, field string) {
	t.Helper()
	if res.Outcome != Refused || res.Refusal == nil {
		t.Fatalf("want a refusal, got outcome %d with calls %s", res.Outcome, quote(res.Calls))
	}
	if !f0Name.MatchString(res.Refusal.Text) {
		t.Errorf("the refusal names no f0 tool: %q", res.Refusal.Text)
	}
	if field != "" && res.Refusal.Field != field {
		t.Errorf("the refusal names field %q, want %q", res.Refusal.Field, field)
	}
}

// checkRouteCall: the route's own case makes its target's call.
func checkRouteCall(t *testing.T, route *Route, res Result) {
	t.Helper()
	if res.Outcome != Mapped || len(res.Calls) == 0 {
		t.Fatalf("want calls, got outcome %d", res.Outcome)
	}
	if len(res.Notes) == 0 || !strings.HasPrefix(res.Notes[0], "read as ") {
		t.Errorf("the first note does not say what was understood: %q", res.Notes)
	}
	for _, call := range res.Calls {
		switch route.To {
		case TargetShell:
			if call.Tool != TargetShell || call.Command == "" {
				t.Errorf("want a shell command line, got %s", quote(call))
			}
		case TargetCall:
			if call.Tool != TargetCall || call.Unwrap == nil || call.Unwrap.Tool == "" {
				t.Errorf("want an unwrapped call, got %s", quote(call))
			}
		case TargetBatch:
		default:
			if call.Tool != route.To {
				t.Errorf("call to %s, want %s", call.Tool, route.To)
			}
			for k, want := range route.Set {
				if _, ok := call.Args[k]; !ok {
					t.Errorf("the route sets %s=%s, missing from %s", k, quote(want), quote(call.Args))
				}
			}
		}
	}
}

// checkRule checks the case of one field rule by its kind.
func checkRule(t *testing.T, v *Vocabulary, fx *fixture, c Row, res Result) {
	t.Helper()
	r := c.rule
	use := useOf(res, c.field)
	if c.value != "" {
		if msg, ok := r.Values[c.value]["$refuse"].(string); ok {
			checkRefusal(t, res, c.field)
			if res.Refusal.Text != msg {
				t.Errorf("refusal %q, want the table's %q", res.Refusal.Text, msg)
			}
			return
		}
		mustMap(t, res)
		for f := range r.Values[c.value] {
			if !inSomeCall(res, f) {
				t.Errorf("value %s selects %s, missing from %s", c.value, f, quote(res.Calls))
			}
		}
		return
	}
	switch r.kind() {
	case kindRefuse:
		checkRefusal(t, res, c.field)
	case kindNeeds:
		if r.Today == "refuse" {
			checkRefusal(t, res, c.field)
			return
		}
		mustMap(t, res)
		if use != UseDropped || !noteMentions(res, c.field) {
			t.Errorf("a dropped field is said in a note: use %v, notes %q", use, res.Notes)
		}
	case kindInert:
		checkInert(t, v, fx, c, res)
	case kindConsumed:
		if res.Outcome == Refused {
			checkRefusal(t, res, "")
			return
		}
		if use != UseConsumed {
			t.Errorf("use %v, want consumed", use)
		}
	case kindMapping:
		checkMapping(t, c, res, use)
	}
}

func checkMapping(t *testing.T, c Row, res Result, use Use) {
	t.Helper()
	r := c.rule
	if r.Transform == "insert_at_line" {
		checkRefusal(t, res, c.field)
		return
	}
	mustMap(t, res)
	switch r.Transform {
	case "search_replace_blocks", "unified_diff", "apply_patch", "conflict_blocks", "patch_operation":
		if !hasEdit(res) || use != UseEdit {
			t.Errorf("want the edit text handed over, got %s (use %v)", quote(res.Calls), use)
		}
		return
	case "shell_command", "argv_command", "unwrap_call":
		if use != UseCall {
			t.Errorf("use %v, want the call handed over", use)
		}
		return
	case "shell_cwd", "shell_env", "shell_timeout":
		if use != UseCall || len(res.Calls) != 1 || !givesShell(r.Transform, res.Calls[0].Shell) {
			t.Errorf("use %v, calls %s: want the command's %s handed over", use, quote(res.Calls), r.Transform)
		}
		return
	case "fan_out":
		for _, call := range res.Calls {
			if each := r.Args.Each; each != "$self" && call.Tool != each {
				t.Errorf("fan_out call to %s, want %s", call.Tool, each)
			}
		}
		return
	}
	if isObject(r) { // its fields' rows check where they went
		if use != UseConsumed {
			t.Errorf("use %v, want consumed by its fields", use)
		}
		return
	}
	if use != UseMapped && use != UseApprox {
		t.Errorf("use %v, want mapped", use)
	}
	if to := c.tool.Routes[c.route].To; !isPseudo(to) {
		for _, call := range res.Calls {
			if call.Tool != to {
				t.Errorf("call to %s, want %s", call.Tool, to)
			}
		}
	}
	want := r.To
	switch r.Transform {
	case "line_window", "range_pair", "range_text", "path_range":
		want = "offset"
	case "url_in_text":
		want = "url"
	}
	if want != "" && !inSomeCall(res, want) {
		t.Errorf("%s maps to %s, missing from %s", c.field, want, quote(res.Calls))
	}
}

// checkInert: the field leaves no trace: the call without it resolves the
// same, with the same notes.
func checkInert(t *testing.T, v *Vocabulary, fx *fixture, c Row, res Result) {
	t.Helper()
	if u := useOf(res, c.field); u != UseInert {
		t.Errorf("use %v, want inert", u)
	}
	if routeNeeds(c.tool.Routes[c.route], c.field) {
		return // the field's value chose the route: that is its trace
	}
	without := map[string]any{}
	for k, x := range c.args {
		if k != c.field {
			without[k] = x
		}
	}
	r := &resolver{v: v, env: fx, agent: c.table.Agent}
	ref, err := r.resolveTool(context.Background(), c.tool, without, 0)
	if err != nil {
		t.Fatalf("without %s: %v", c.field, err)
	}
	if !reflect.DeepEqual(ref.Calls, res.Calls) || !reflect.DeepEqual(ref.Notes, res.Notes) {
		t.Errorf("the inert field changed the answer:\n with    %s %q\n without %s %q", quote(res.Calls), res.Notes, quote(ref.Calls), ref.Notes)
	}
}

// checkItem checks the case of one rule of a list's items by its kind.
func checkItem(t *testing.T, c Row, res Result) {
	t.Helper()
	r := c.rule
	field := c.field + "[0]." + c.sub
	if c.object {
		field = c.field + "." + c.sub
	}
	if c.sub == TextField {
		field = c.field + "[0]"
	}
	if r.kind() == kindRefuse { // the item's field makes the whole call unanswerable
		checkRefusal(t, res, field)
		return
	}
	use := useOf(res, field)
	if c.sub == TextField {
		use = useOf(res, c.field+"[0]."+TextField)
	}
	mustMap(t, res)
	switch r.kind() {
	case kindInert:
		if use != UseInert {
			t.Errorf("item field %s: use %v, want inert", field, use)
		}
	case kindNeeds:
		if use != UseDropped || !noteMentions(res, c.sub) {
			t.Errorf("item field %s: use %v, notes %q; want dropped and said", field, use, res.Notes)
		}
	case kindConsumed:
		if use != UseConsumed {
			t.Errorf("item field %s: use %v, want consumed", field, use)
		}
	case kindMapping:
		if use != UseMapped && use != UseApprox && use != UseCall {
			t.Errorf("item field %s: use %v, want mapped", field, use)
		}
		want := r.To
		if r.Transform == "line_window" || r.Transform == "range_text" || r.Transform == "path_range" {
			want = "offset"
		}
		if want != "" && !inSomeCall(res, want) && !inSomeItem(res, c.rule.To, want) {
			t.Errorf("item field %s maps to %s, missing from %s", field, want, quote(res.Calls))
		}
	}
}

// inSomeItem: some call has a list whose objects have field f.
func inSomeItem(res Result, _ string, f string) bool {
	for _, call := range res.Calls {
		for _, x := range call.Args {
			list, _ := x.([]any)
			for _, el := range list {
				if obj, ok := el.(map[string]any); ok {
					if _, has := obj[f]; has {
						return true
					}
				}
			}
		}
	}
	return false
}

func mustMap(t *testing.T, res Result) {
	t.Helper()
	if res.Outcome != Mapped || len(res.Calls) == 0 {
		t.Fatalf("want calls, got outcome %d refusal %s", res.Outcome, quote(res.Refusal))
	}
}

// checkNoVanish: every field of the call has exactly one use.
func checkNoVanish(t *testing.T, c Row, res Result) {
	t.Helper()
	count := map[string]int{}
	for _, u := range res.Fields {
		count[u.Field]++
	}
	for k := range c.args {
		if count[k] != 1 {
			t.Errorf("field %s has %d uses in %s, want 1", k, count[k], quote(res.Fields))
		}
	}
}

// checkF0Fields: every field of every f0 call is a field of that tool in
// f0-fields.json, and every object of a list field has the fields its
// items take.
func checkF0Fields(t *testing.T, v *Vocabulary, res Result) {
	t.Helper()
	for _, call := range res.Calls {
		f0 := v.F0(call.Tool)
		if f0 == nil {
			if call.Tool != TargetShell && call.Tool != TargetCall {
				t.Errorf("call to %s, which f0-fields.json does not list", call.Tool)
			}
			continue
		}
		for k, x := range call.Args {
			if _, ok := f0.Fields[k]; !ok {
				t.Errorf("%s has no field %s (call %s)", call.Tool, k, quote(call.Args))
			}
			nested, isList := f0.Nested[k]
			list, _ := x.([]any)
			for _, el := range list {
				obj, _ := el.(map[string]any)
				for ek := range obj {
					if isList && !contains(nested, ek) {
						t.Errorf("%s's %s items have no field %s", call.Tool, k, ek)
					}
				}
			}
		}
		if call.Edit != nil && call.Edit.Field != "" {
			if _, ok := f0.Fields[call.Edit.Field]; !ok {
				t.Errorf("%s has no field %s for the parsed edits", call.Tool, call.Edit.Field)
			}
		}
	}
}

func useOf(res Result, field string) Use {
	for _, u := range res.Fields {
		if u.Field == field {
			return u.Use
		}
	}
	return -1
}

func inSomeCall(res Result, f string) bool {
	for _, call := range res.Calls {
		if _, ok := call.Args[f]; ok {
			return true
		}
		if call.Edit != nil && call.Edit.Field == f {
			return true
		}
	}
	return false
}

func hasEdit(res Result) bool {
	for _, call := range res.Calls {
		if call.Edit != nil && call.Edit.Text != "" {
			return true
		}
	}
	return false
}

func noteMentions(res Result, field string) bool {
	for _, n := range res.Notes {
		if strings.Contains(n, field) {
			return true
		}
	}
	return false
}

func isPseudo(to string) bool { return to == TargetBatch || to == TargetShell || to == TargetCall }

// givesShell reports whether the shell context of a routed command holds
// what the transform of a walked row reads (rows.go's synth values).
func givesShell(transform string, sh Shell) bool {
	switch transform {
	case "shell_cwd":
		return sh.Dir != ""
	case "shell_env":
		return sh.Env["F0_WALK"] == "x"
	}
	return sh.Timeout > 0
}
