package vocab

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// f0Name is how check.py recognises a refusal text that names an f0 call.
var f0Name = regexp.MustCompile(`\b(fs[._](read|list|find|search|stat|write|edit|mkdir|move|copy|delete)|net[._]curl|batch|tools[._](search|describe))\b`)

// walkCase is one call built from one row of a table.
type walkCase struct {
	table *Table
	tool  *Tool
	route int
	field string // "" for the route's own case
	value string // the values key, for a value-table rule
	sub   string // the item field, for a rule of a list's items
	args  map[string]any
	rule  *Rule
}

func (c walkCase) name() string {
	s := fmt.Sprintf("%s/%s/route%d", c.table.Agent, c.tool.Names[0], c.route)
	if c.field != "" {
		s += "/" + c.field
	}
	if c.value != "" {
		s += "=" + c.value
	}
	if c.sub != "" {
		s += "[]." + c.sub
	}
	return s
}

// walkCounts are the rows the walk ran, by kind.
type walkCounts struct {
	tables, tools, routes, rules, values, items, shadowed int
	shadowedRows                                          []string
}

// TestEveryRow walks every table, tool, route and field rule: it builds a
// call from the row, resolves it, and checks that a mapped row makes the
// mapped f0 call with the mapped field, a refusing row refuses with a text
// that names an f0 tool, an inert row leaves no trace, no field of the
// call vanishes, and every f0 field produced is one f0-fields.json lists.
// A new row is walked without a new test.
func TestEveryRow(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	var n walkCounts
	for _, tb := range v.Tables() {
		n.tables++
		for _, tool := range tb.Tools {
			n.tools++
			for ri := range tool.Routes {
				n.routes++
				for _, c := range routeCases(fx, tb, tool, ri, &n) {
					t.Run(c.name(), func(t *testing.T) { checkCase(t, v, fx, c) })
				}
			}
		}
	}
	t.Logf("walked %d tables, %d tools, %d routes, %d field rules, %d value entries, %d item rules; %d rows shadowed by an earlier route",
		n.tables, n.tools, n.routes, n.rules, n.values, n.items, n.shadowed)
	t.Logf("shadowed (inert rules for a field an earlier route takes): %s", strings.Join(n.shadowedRows, ", "))
	if n.tables != 13 || n.tools < 129 || n.routes < 166 {
		t.Errorf("the walk saw %d tables, %d tools, %d routes; check.py counts 13, 129, 166", n.tables, n.tools, n.routes)
	}
}

// routeCases are the calls for one route: the route with what its `when`
// and its essential fields need, then one call per field rule (and per
// entry of a value table).
func routeCases(fx *fixture, tb *Table, tool *Tool, ri int, n *walkCounts) []walkCase {
	route := tool.Routes[ri]
	rules := mergedRules(tool, route)
	base := baseArgs(fx, tool, ri, rules)
	out := []walkCase{{table: tb, tool: tool, route: ri, args: base}}
	if route.Refuse != "" {
		return out
	}
	names := make([]string, 0, len(rules))
	for f := range rules {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		r := rules[f]
		n.rules++
		out = append(out, itemCases(fx, tb, tool, ri, base, f, r, n)...)
		if r.Transform == "map" || (r.Values != nil && r.Transform != "") {
			keys := make([]string, 0, len(r.Values))
			for k := range r.Values {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				n.values++
				args := withField(base, f, valueOf(k))
				out = append(out, walkCase{table: tb, tool: tool, route: ri, field: f, value: k, args: args, rule: r})
			}
			continue
		}
		if shadowedField(tool, ri, f) && r.kind() == kindInert {
			n.shadowed++
			n.shadowedRows = append(n.shadowedRows, fmt.Sprintf("%s/%s/route%d/%s", tb.Agent, tool.Names[0], ri, f))
			continue
		}
		args := base
		if _, inBase := base[f]; !inBase {
			args = withField(base, f, synth(fx, tool, f, r, rules))
		}
		for _, c := range companions(fx, f, r) {
			if _, given := args[c.name]; !given {
				args[c.name] = c.value
			}
		}
		if r.kind() == kindConsumed {
			delete(args, r.Consumed)
		}
		out = append(out, walkCase{table: tb, tool: tool, route: ri, field: f, args: args, rule: r})
	}
	return out
}

// itemCases are one call per rule of a list's items: the list holds one
// item with the mapped fields and that field.
func itemCases(fx *fixture, tb *Table, tool *Tool, ri int, base map[string]any, f string, r *Rule, n *walkCounts) []walkCase {
	if r.Items == nil || r.Args.Each == "$self" {
		return nil
	}
	subs := orderedRuleNames(tool, r.Items)
	var out []walkCase
	for _, sub := range subs {
		n.items++
		item := synthItem(fx, tool, r.Items)
		if obj, ok := item.(map[string]any); ok {
			sr := r.Items[sub]
			if _, has := obj[sub]; !has {
				obj[sub] = synth(fx, tool, sub, sr, r.Items)
			}
			if sr.kind() == kindConsumed {
				delete(obj, sr.Consumed)
			}
		}
		list := wrapItems(r, item)
		out = append(out, walkCase{table: tb, tool: tool, route: ri, field: f, sub: sub, args: withField(base, f, list), rule: r.Items[sub]})
	}
	return out
}

func wrapItems(r *Rule, item any) any {
	var v any = []any{item}
	segs := strings.Split(r.Args.Items, ".")
	for i := len(segs) - 1; i >= 1; i-- {
		v = map[string]any{segs[i]: v}
	}
	return v
}

func mergedRules(tool *Tool, route *Route) map[string]*Rule {
	rules := map[string]*Rule{}
	for k, r := range tool.Fields {
		rules[k] = r
	}
	for k, r := range route.Fields {
		rules[k] = r
	}
	return rules
}

func withField(base map[string]any, f string, v any) map[string]any {
	args := map[string]any{}
	for k, x := range base {
		args[k] = x
	}
	args[f] = v
	return args
}

// baseArgs satisfy the route's `when` (and no earlier route's, where a
// value can tell them apart) and give the fields without which the route
// makes no call: the path, the command line, the wrapped tool, a list.
func baseArgs(fx *fixture, tool *Tool, ri int, rules map[string]*Rule) map[string]any {
	route := tool.Routes[ri]
	args := map[string]any{}
	pathValue := fx.path("a.txt")
	for _, c := range route.When {
		switch c.Kind {
		case CondEquals:
			args[c.Field] = valueOf(c.Values[0])
		case CondPresent:
			args[c.Field] = synth(fx, tool, c.Field, rules[c.Field], rules)
		case CondEmpty:
			args[c.Field] = ""
		case CondPrefix:
			args[c.Field] = c.Values[0] + fx.path("a.txt")
		case CondPathIs:
			pathValue = map[string]string{"dir": fx.path("sub"), "file": fx.path("a.txt"), "missing": fx.path("none.txt")}[c.Values[0]]
		case CondPathExt:
			pathValue = fx.path(map[string]string{".png": "img.png", ".pdf": "doc.pdf", ".ipynb": "nb.ipynb"}[c.Values[0]])
		}
	}
	for _, f := range orderedRuleNames(tool, rules) {
		r := rules[f]
		if _, set := args[f]; set || r == nil {
			continue
		}
		switch {
		case r.To == "path" && !hasPathField(args, rules):
			args[f] = pathValue
			if r.Transform == "strip_root_name" {
				args[f] = "backend/" + strings.TrimPrefix(pathValue, fx.root+"/")
			}
		case r.Transform == "shell_command", r.Transform == "apply_patch":
			args[f] = synth(fx, tool, f, r, rules)
		case r.Transform == "unwrap_call":
			for _, c := range companions(fx, f, r) {
				args[c.name] = c.value
			}
		case (r.Transform == "fan_out" || r.To == "calls") && !hasList(args, rules):
			args[f] = synth(fx, tool, f, r, rules)
		}
	}
	avoidEarlier(tool, ri, args)
	return args
}

// orderedRuleNames are the rule names in published order, then sorted.
func orderedRuleNames(tool *Tool, rules map[string]*Rule) []string {
	probe := map[string]any{}
	for k := range rules {
		probe[k] = true
	}
	return orderedKeys(probe, tool.Published)
}

func hasPathField(args map[string]any, rules map[string]*Rule) bool {
	for k := range args {
		if r := rules[k]; r != nil && r.To == "path" {
			return true
		}
	}
	return false
}

func hasList(args map[string]any, rules map[string]*Rule) bool {
	for k := range args {
		if r := rules[k]; r != nil && (r.Transform == "fan_out" || r.To == "calls") {
			return true
		}
	}
	return false
}

// avoidEarlier changes a value that an earlier route's `when` tests for
// equality, so that the call reaches this route.
func avoidEarlier(tool *Tool, ri int, args map[string]any) {
	for _, earlier := range tool.Routes[:ri] {
		for _, c := range earlier.When {
			v, given := args[c.Field]
			if c.Kind == CondEquals && given && contains(c.Values, valueText(v)) && !routeNeeds(tool.Routes[ri], c.Field) {
				args[c.Field] = otherValue(c.Values)
			}
		}
	}
}

func routeNeeds(r *Route, field string) bool {
	for _, c := range r.When {
		if c.Field == field {
			return true
		}
	}
	return false
}

func otherValue(vals []string) any {
	if contains(vals, "true") {
		return false
	}
	if contains(vals, "false") {
		return true
	}
	if contains(vals, "0") {
		return 3
	}
	return "other"
}

// valueOf is a value table's or a condition's text as the JSON value a
// model sends: booleans and numbers as such.
func valueOf(text string) any {
	switch text {
	case "true":
		return true
	case "false":
		return false
	case "*":
		return "something-else"
	}
	if n, ok := asInt(text); ok {
		return n
	}
	return text
}

type companion struct {
	name  string
	value any
}

// companions are the other fields a rule's transform reads, with values.
func companions(fx *fixture, f string, r *Rule) []companion {
	a := r.Args
	var out []companion
	switch r.Transform {
	case "line_window":
		if a.Start != nil && *a.Start != f {
			out = append(out, companion{*a.Start, 2})
		}
		if a.End != nil && *a.End != f {
			out = append(out, companion{*a.End, 4})
		}
	case "insert_at_line":
		out = append(out, companion{a.Line, 3}, companion{a.Text, "new line"})
	case "unwrap_call":
		out = append(out, companion{a.Server, "f0"}, companion{a.Tool, "fs_read"},
			companion{a.Arguments, map[string]any{"path": fx.path("a.txt")}})
	}
	return out
}

// synth is a value of the right kind for field f by its rule.
func synth(fx *fixture, tool *Tool, f string, r *Rule, rules map[string]*Rule) any {
	if r == nil {
		return "x"
	}
	if r.Consumed != "" {
		if owner := rules[r.Consumed]; owner != nil {
			for _, c := range companions(fx, r.Consumed, owner) {
				if c.name == f {
					return c.value
				}
			}
		}
	}
	switch r.Transform {
	case "line_window":
		if r.Args.End != nil && *r.Args.End == f {
			return 4
		}
		return 2
	case "plus_one", "insert_at_line":
		return 2
	case "count_replace":
		return 2
	case "chars_as_bytes":
		return 100
	case "not":
		return false
	case "range_pair":
		return []any{2, 4}
	case "range_text":
		return "2-4"
	case "to_list", "anywhere_glob":
		return "*.go"
	case "ext_globs":
		return []any{"go", ".md"}
	case "substring_glob", "smart_case":
		return "main"
	case "rg_type_globs":
		return "go"
	case "url_in_text":
		return "Summarise http://127.0.0.1:9/doc for me."
	case "search_replace_blocks":
		return "<<<<<<< SEARCH\nline\n=======\nLINE\n>>>>>>> REPLACE\n"
	case "unified_diff":
		return "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-line\n+LINE\n"
	case "apply_patch":
		return "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** End Patch\n"
	case "shell_command":
		return "ls " + fx.root
	case "unwrap_call":
		return "f0"
	case "strip_root_name":
		return "backend/a.txt"
	case "fan_out":
		return synthFanOut(fx, tool, r)
	case "items":
		return []any{synthItem(fx, tool, r.Items)}
	case "copy":
		return synthFor(fx, r.To)
	}
	if r.Values != nil {
		for k := range r.Values {
			return valueOf(k)
		}
	}
	return "x"
}

// synthFor is a value for an f0 field.
func synthFor(fx *fixture, to string) any {
	switch to {
	case "path", "source":
		return fx.path("a.txt")
	case "destination":
		return fx.path("moved.txt")
	case "paths":
		return []any{fx.path("a.txt")}
	case "url":
		return "http://127.0.0.1:9/doc"
	case "urls":
		return []any{"http://127.0.0.1:9/a", "http://127.0.0.1:9/b"}
	case "offset", "limit", "tail", "before", "after", "context", "maxResults", "depth", "maxBytes":
		return 3
	case "ignoreCase", "filesOnly", "recursive", "replaceAll", "dryRun", "literal", "gitignore", "long", "image", "lineNumbers":
		return true
	case "glob", "exclude":
		return []any{"*.go"}
	case "tool":
		return "fs_read"
	case "args":
		return map[string]any{"path": fx.path("a.txt")}
	}
	return "text"
}

func synthItem(fx *fixture, tool *Tool, items map[string]*Rule) any {
	if r, ok := items[TextField]; ok {
		if r.Transform == "shell_command" {
			return "ls " + fx.root
		}
		return synthFor(fx, r.To)
	}
	obj := map[string]any{}
	for _, f := range orderedRuleNames(tool, items) {
		r := items[f]
		if r.kind() == kindMapping && !pathTaken(obj, items, r) {
			obj[f] = synth(fx, tool, f, r, items)
			for _, c := range companions(fx, f, r) {
				obj[c.name] = c.value
			}
		}
	}
	return obj
}

// pathTaken: the item already has a field for r's f0 field (cline's path,
// file_path and filePath all give path).
func pathTaken(obj map[string]any, items map[string]*Rule, r *Rule) bool {
	for k := range obj {
		if o := items[k]; o != nil && o.To != "" && o.To == r.To {
			return true
		}
	}
	return false
}

func synthFanOut(fx *fixture, tool *Tool, r *Rule) any {
	if r.Args.Each == "$self" {
		return []any{selfItem(fx, tool)}
	}
	return wrapItems(r, synthItem(fx, tool, r.Items))
}

// selfItem is an item for a fan_out through the tool's own routes: the
// base of its first route that is not the fan_out.
func selfItem(fx *fixture, tool *Tool) map[string]any {
	for ri, rt := range tool.Routes {
		fanout := false
		for _, r := range rt.Fields {
			fanout = fanout || r.Transform == "fan_out"
		}
		if !fanout && rt.Refuse == "" {
			return baseArgs(fx, tool, ri, mergedRules(tool, rt))
		}
	}
	return map[string]any{}
}

// checkCase resolves one case and checks what README §9 asks of its row.
func checkCase(t *testing.T, v *Vocabulary, fx *fixture, c walkCase) {
	ctx := context.Background()
	req := Request{Name: c.tool.Names[0], Args: c.args, Agent: c.table.Agent}
	res, err := v.Resolve(ctx, req, fx)
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

// shadowedField: the field can only be given in a call an earlier route
// takes (Roo's read_file `files` is inert on the routes after the one for
// files), so its rule on this route is never used.
func shadowedField(tool *Tool, ri int, f string) bool {
	for _, earlier := range tool.Routes[:ri] {
		for _, cond := range earlier.When {
			if cond.Field == f && cond.Kind == CondPresent && len(earlier.When) == 1 {
				return true
			}
		}
	}
	return false
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
func checkRule(t *testing.T, v *Vocabulary, fx *fixture, c walkCase, res Result) {
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

func checkMapping(t *testing.T, c walkCase, res Result, use Use) {
	t.Helper()
	r := c.rule
	if r.Transform == "insert_at_line" {
		checkRefusal(t, res, c.field)
		return
	}
	mustMap(t, res)
	switch r.Transform {
	case "search_replace_blocks", "unified_diff", "apply_patch":
		if !hasEdit(res) || use != UseEdit {
			t.Errorf("want the edit text handed over, got %s (use %v)", quote(res.Calls), use)
		}
		return
	case "shell_command", "unwrap_call":
		if use != UseCall {
			t.Errorf("use %v, want the call handed over", use)
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
	case "line_window", "range_pair", "range_text":
		want = "offset"
	case "count_replace":
		want = "replaceAll"
	case "url_in_text":
		want = "url"
	}
	if want != "" && !inSomeCall(res, want) {
		t.Errorf("%s maps to %s, missing from %s", c.field, want, quote(res.Calls))
	}
}

// checkInert: the field leaves no trace: the call without it resolves the
// same, with the same notes.
func checkInert(t *testing.T, v *Vocabulary, fx *fixture, c walkCase, res Result) {
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
	ref, err := v.Resolve(context.Background(), Request{Name: c.tool.Names[0], Args: without, Agent: c.table.Agent}, fx)
	if err != nil {
		t.Fatalf("without %s: %v", c.field, err)
	}
	if !reflect.DeepEqual(ref.Calls, res.Calls) || !reflect.DeepEqual(ref.Notes, res.Notes) {
		t.Errorf("the inert field changed the answer:\n with    %s %q\n without %s %q", quote(res.Calls), res.Notes, quote(ref.Calls), ref.Notes)
	}
}

// checkItem checks the case of one rule of a list's items by its kind.
func checkItem(t *testing.T, c walkCase, res Result) {
	t.Helper()
	r := c.rule
	field := c.field + "[0]." + c.sub
	if c.sub == TextField {
		field = c.field + "[0]"
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
		if r.Transform == "line_window" || r.Transform == "range_text" {
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
func checkNoVanish(t *testing.T, c walkCase, res Result) {
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
