package vocab

import (
	"fmt"
	"maps"
	"path/filepath"
	"sort"
	"strings"
)

// Rows builds one call from every row of every table, as the generated
// tests run them (README §9: a mapped row makes the mapped call, a
// refusing row refuses naming an f0 tool). Paths point into root, which
// the caller fills with FixtureFiles and the directory "sub"; URLs point
// at 127.0.0.1.
func (v *Vocabulary) Rows(root string) []Row {
	rows, _ := v.rows(&fixture{root: root})
	return rows
}

// FixtureFiles are the files the rows' paths name, relative to the root
// given to Rows, with their content; Rows also names the directory sub.
func FixtureFiles() map[string]string {
	return map[string]string{
		"a.txt":       "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n",
		"src/main.go": "package main\n",
		"img.png":     onePixelPNG,
		"doc.pdf":     "%PDF",
		"nb.ipynb":    "{}",
	}
}

// rows walks every table, tool and route, counting what it built.
func (v *Vocabulary) rows(fx *fixture) ([]Row, rowCounts) {
	var n rowCounts
	var out []Row
	for _, tb := range v.Tables() {
		n.tables++
		for _, tool := range tb.Tools {
			n.tools++
			for ri := range tool.Routes {
				n.routes++
				out = append(out, routeCases(fx, tb, tool, ri, &n)...)
			}
		}
	}
	return out, n
}

// Name says which row the call is from: agent/tool/routeN/field=value.
func (c Row) Name() string { return c.name() }

// Agent and Tool are the table and the foreign tool's first name, which
// the call is made with; Args are its arguments (the caller's copy).
func (c Row) Agent() string { return c.table.Agent }

// Tool is the foreign tool's first published name.
func (c Row) Tool() string { return c.tool.Names[0] }

// Args are the call's arguments, a copy the caller may change.
func (c Row) Args() map[string]any { return cloneArgs(c.args) }

func cloneArgs(m map[string]any) map[string]any {
	out := maps.Clone(m)
	for k, v := range out {
		if inner, ok := v.(map[string]any); ok {
			out[k] = cloneArgs(inner)
		}
	}
	return out
}

// fixture is the root the rows' paths point into.
type fixture struct {
	root string
}

func (f *fixture) path(rel string) string { return filepath.Join(f.root, rel) }

// Row is one call built from one row of a table (README §9): the route
// with what its `when` and its essential fields need, or that and one
// field rule, one entry of a value table, or one rule of a list's items.
type Row struct {
	table *Table
	tool  *Tool
	route int
	field string // "" for the route's own case
	value string // the values key, for a value-table rule
	sub   string // the item field, for a rule of a list's items
	// object is set when the items are one object's fields (no list).
	object bool
	args   map[string]any
	rule   *Rule
}

func (c Row) name() string {
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

// rowCounts are the rows the walk ran, by kind.
type rowCounts struct {
	tables, tools, routes, rules, values, items, shadowed int
	shadowedRows                                          []string
}

// routeCases are the calls for one route: the route with what its `when`
// and its essential fields need, then one call per field rule (and per
// entry of a value table).
func routeCases(fx *fixture, tb *Table, tool *Tool, ri int, n *rowCounts) []Row {
	route := tool.Routes[ri]
	rules := mergedRules(tool, route)
	base := baseArgs(fx, tool, ri, rules)
	out := []Row{{table: tb, tool: tool, route: ri, args: base}}
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
				out = append(out, Row{table: tb, tool: tool, route: ri, field: f, value: k, args: args, rule: r})
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
		if r.kind() == kindConsumed && !sharedBy(rules[r.Consumed]) && !routeNeeds(route, r.Consumed) {
			// The field alone, unless another field shares its reader or
			// the route's when needs it (pi's mcp: tool given, args read with it).
			delete(args, r.Consumed)
		}
		out = append(out, Row{table: tb, tool: tool, route: ri, field: f, args: args, rule: r})
	}
	return out
}

// shareEssentials gives a fan_out's shared fields that its calls cannot
// do without (the text of editor-mcp's create) a value, as a real call
// would.
func shareEssentials(fx *fixture, args map[string]any, r *Rule) {
	for from, to := range r.Args.Share {
		if _, given := args[from]; !given && essential[to] {
			args[from] = synthFor(fx, to)
		}
	}
}

// sharedBy reports whether owner is a fan_out that shares the fields it
// consumes with every call it makes: without its list there is no call to
// share them with, so the row keeps the list.
func sharedBy(owner *Rule) bool {
	return owner != nil && owner.Transform == "fan_out" && len(owner.Args.Share) > 0
}

// itemCases are one call per rule of a list's items: the list holds one
// item with the mapped fields and that field.
func itemCases(fx *fixture, tb *Table, tool *Tool, ri int, base map[string]any, f string, r *Rule, n *rowCounts) []Row {
	if r.Items == nil || r.Args.Each == "$self" {
		return nil
	}
	subs := orderedRuleNames(tool, r.Items)
	var out []Row
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
		if isObject(r) {
			out = append(out, Row{table: tb, tool: tool, route: ri, field: f, sub: sub, args: withField(base, f, item), rule: r.Items[sub], object: true})
			continue
		}
		list := wrapItems(r, item)
		out = append(out, Row{table: tb, tool: tool, route: ri, field: f, sub: sub, args: withField(base, f, list), rule: r.Items[sub]})
	}
	return out
}

// isObject reports whether a rule's items are the fields of one object
// mapped into the call itself (no list to fill).
func isObject(r *Rule) bool { return r.Transform == "items" && r.To == "" }

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
	if rel, ok := targetPath[route.To]; ok {
		pathValue = fx.path(rel)
	}
	for _, c := range route.When {
		switch c.Kind {
		case CondEquals:
			args[c.Field] = valueOf(c.Values[0])
		case CondPresent:
			args[c.Field] = synth(fx, tool, c.Field, rules[c.Field], rules)
		case CondEmpty:
			args[c.Field] = ""
		case CondPrefix:
			args[c.Field] = prefixed(fx, tool, c, rules)
		case CondSuffix:
			args[c.Field] = fx.path("newdir") + c.Values[0]
		case CondPathIs:
			pathValue = map[string]string{"dir": fx.path("sub"), "file": fx.path("a.txt"), "missing": fx.path("none.txt")}[c.Values[0]]
		case CondPathExt:
			name, ok := map[string]string{".png": "img.png", ".pdf": "doc.pdf", ".ipynb": "nb.ipynb"}[c.Values[0]]
			if !ok {
				name = "doc" + c.Values[0] // a route that refuses the type (.docx)
			}
			pathValue = fx.path(name)
		}
	}
	if route.PathField != "" {
		args[route.PathField] = pathValue // the field the route's path conditions test
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
		case r.Transform == "shell_command", r.Transform == "argv_command", r.Transform == "apply_patch", r.Transform == "patch_operation", r.Transform == "js_regex_text":
			args[f] = synth(fx, tool, f, r, rules)
		case r.Transform == "unwrap_call":
			for _, c := range companions(fx, f, r) {
				args[c.name] = c.value
			}
		case (r.Transform == "fan_out" || r.To == "calls") && !hasList(args, rules):
			args[f] = synth(fx, tool, f, r, rules)
			shareEssentials(fx, args, r)
		case (essential[r.To] || r.Transform == "url_in_text") && !givesField(args, rules, r.To):
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

// targetPath is the fixture path a route's f0 tool works on when its
// `when` names none: a directory for a listing or a name search, a new
// name for a write or a new directory, a.txt otherwise.
var targetPath = map[string]string{"fs.list": "sub", "fs.find": ".", "fs.write": "new.txt", "fs.mkdir": "newdir"}

// onePixelPNG is a PNG image of one pixel.
const onePixelPNG = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82"

// routesTo reports whether a route of tool goes to the f0 tool to.
func routesTo(tool *Tool, to string) bool {
	for _, r := range tool.Routes {
		if r.To == to {
			return true
		}
	}
	return false
}

// essential are the f0 fields a call of their tool cannot do without
// (the pattern of a search, the URL of a fetch, the text of an edit).
var essential = map[string]bool{"pattern": true, "url": true, "edits": true, "source": true, "destination": true, "oldText": true, "newText": true, "content": true}

// givesField reports whether args already give the f0 field to.
func givesField(args map[string]any, rules map[string]*Rule, to string) bool {
	for k := range args {
		if r := rules[k]; r != nil && r.To == to {
			return true
		}
	}
	return false
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
		if a.Count != nil && *a.Count != f {
			out = append(out, companion{*a.Count, 3})
		}
	case "insert_at_line":
		out = append(out, companion{a.Line, 3}, companion{a.Text, "new line"})
	case "line_span":
		out = append(out, companion{a.Text, "TWO\n"})
	case "unwrap_call":
		out = append(out, companion{a.Server, "f0"}, companion{a.Tool, "fs_read"},
			companion{a.Arguments, map[string]any{"path": fx.path("a.txt")}})
	case "join_name":
		if a.Dir != nil {
			out = append(out, companion{*a.Dir, fx.root})
		}
		if a.Ext != nil {
			out = append(out, companion{*a.Ext, "txt"})
		}
	}
	return out
}

// synth is a value of the right kind for field f by its rule.
func synth(fx *fixture, tool *Tool, f string, r *Rule, rules map[string]*Rule) any {
	if r == nil {
		return "x"
	}
	if r.Consumed != "" {
		if owner := rules[r.Consumed]; owner != nil && owner.Args.Share[f] != "" {
			return synthFor(fx, owner.Args.Share[f])
		}
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
	case "plus_one", "minus_one", "insert_at_line", "line_span":
		return 2
	case "chars_as_bytes":
		return 100
	case "unescape_newlines":
		return `a\nb`
	case "newline":
		return true
	case "not":
		return false
	case "range_pair":
		return []any{2, 4}
	case "range_text":
		return "2-4"
	case "path_range":
		return "a.txt:2-4"
	case "to_list":
		if v, ok := synthFor(fx, strings.TrimSuffix(r.To, "s")).(string); ok && r.To != "" && v != "text" {
			return v // one URL or path for a list of them, never a word a resolver would look up
		}
		return "*.go"
	case "anywhere_glob":
		return "*.go"
	case "ext_globs":
		return []any{"go", ".md"}
	case "glob_alternatives":
		return "*.go; *.md"
	case "substring_glob", "smart_case":
		return "main"
	case "rg_type_globs":
		return "go"
	case "url_in_text":
		return "Summarise http://127.0.0.1:9/doc for me."
	case "search_replace_blocks":
		return "<<<<<<< SEARCH\nthree\n=======\nTHREE\n>>>>>>> REPLACE\n"
	case "conflict_blocks":
		return "<<<<<<< ORIGINAL\nthree\n=======\nTHREE\n>>>>>>> UPDATED\n"
	case "join_name":
		return "a.txt"
	case "end_with_newline":
		return "appended"
	case "unified_diff":
		return "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+ONE\n"
	case "apply_patch":
		return "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** End Patch\n"
	case "patch_operation":
		return map[string]any{"type": "create_file", "path": "new.txt", "diff": "+hello\n"}
	case "shell_command":
		return "ls " + fx.root
	case "argv_command":
		return []any{"ls", fx.root}
	case "js_regex_text":
		return "one"
	case "shell_cwd":
		return fx.root
	case "shell_env":
		return map[string]any{"F0_WALK": "x"}
	case "shell_timeout":
		return 5
	case "unwrap_call":
		return "f0"
	case "strip_root_name":
		return "backend/a.txt"
	case "fan_out":
		return synthFanOut(fx, tool, r)
	case "items":
		if isObject(r) {
			return synthItem(fx, tool, r.Items)
		}
		return []any{synthItem(fx, tool, r.Items)}
	case "copy":
		if r.To == "args" && routesTo(tool, "net.curl") {
			return "-s http://127.0.0.1:9/doc" // curl's words, not a wrapped call's arguments
		}
		return synthFor(fx, r.To)
	}
	if k, ok := mappedValue(r.Values); ok {
		return valueOf(k)
	}
	return "x"
}

// mappedValue is the first value of a value table (in sorted order) that
// maps rather than refuses, so that a row built around another field
// runs; the value entries get their own rows.
func mappedValue(values map[string]map[string]any) (string, bool) {
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, refuses := values[k]["$refuse"]; !refuses && k != "*" {
			return k, true
		}
	}
	if len(keys) > 0 {
		return keys[0], true
	}
	return "", false
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
	case "offset", "limit", "tail", "before", "after", "context", "maxResults", "depth", "maxDepth", "minDepth", "maxBytes", "startIndex", "timeoutMs", "maxTimeSeconds", "maxRedirects", "maxPerFile":
		return 3
	case "ignoreCase", "filesOnly", "recursive", "replaceAll", "dryRun", "literal", "gitignore", "long", "image", "lineNumbers", "hidden", "overwrite", "insecure", "followRedirects", "multiline":
		return true
	case "glob", "exclude":
		return []any{"*.go"}
	case "expectedReplacements", "insertLine":
		return 1
	case "startLine":
		return 2
	case "endLine":
		return 3
	case "oldText":
		return "two"
	case "newText":
		return "TWO"
	case "tool":
		return "fs_read"
	case "args":
		return map[string]any{"path": fx.path("a.txt")}
	}
	return "text"
}

func synthItem(fx *fixture, tool *Tool, items map[string]*Rule) any {
	if r, ok := items[TextField]; ok {
		switch r.Transform {
		case "shell_command":
			return "ls " + fx.root
		case "path_range":
			return "a.txt:2-4"
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

// prefixed is a value for a prefix condition: the value the field's rule
// would be given when that starts with the prefix (an edit text that must
// open with its marker, wcgw's <<<<<<< SEARCH), else the prefix and a path.
func prefixed(fx *fixture, tool *Tool, c Condition, rules map[string]*Rule) any {
	if r := rules[c.Field]; r != nil {
		v, ok := synth(fx, tool, c.Field, r, rules).(string)
		if ok && strings.HasPrefix(strings.ToLower(strings.TrimSpace(v)), strings.ToLower(c.Values[0])) {
			return v
		}
	}
	return c.Values[0] + fx.path("a.txt")
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
// base of its first route that is not a fan_out through them.
func selfItem(fx *fixture, tool *Tool) map[string]any {
	for ri, rt := range tool.Routes {
		fanout := false
		for _, r := range rt.Fields {
			fanout = fanout || r.Transform == "fan_out" && r.Args.Each == "$self"
		}
		if !fanout && rt.Refuse == "" {
			return baseArgs(fx, tool, ri, mergedRules(tool, rt))
		}
	}
	return map[string]any{}
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
