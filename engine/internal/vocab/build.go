package vocab

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
)

// builder maps the fields of one call (or of one item of a list) by their
// rules into the fields of one f0 call.
type builder struct {
	ctx    context.Context
	r      *resolver
	tool   *Tool
	route  *Route // nil for an item of a list
	rules  map[string]*Rule
	args   map[string]any
	target string // the f0 tool (or pseudo target) the rules write
	prefix string // "files[0]." for the fields of an item
	depth  int

	out      map[string]any
	from     map[string]string
	soft     []field
	implied  []field // the fields absent and set gave, for the note
	variants []map[string]any
	calls    []Call
	edit     *EditText
	command  *string
	shell    Shell
	unwrap   *Unwrap
	notes    []string
	uses     []FieldUse
	refusal  *Refusal
}

// field is one f0 field and its value.
type field struct {
	name  string
	value any
}

// effect is what one rule did: the f0 fields it wrote, whether the
// approximation its row names applies to this value, and, when it is not a
// plain mapping, the use.
type effect struct {
	to     []string
	approx bool
	use    Use
}

func newBuilder(ctx context.Context, r *resolver, t *Tool, route *Route, args map[string]any, depth int) *builder {
	rules := make(map[string]*Rule, len(t.Fields)+len(route.Fields))
	maps.Copy(rules, t.Fields)
	maps.Copy(rules, route.Fields)
	return &builder{ctx: ctx, r: r, tool: t, route: route, rules: rules, args: args, target: route.To, depth: depth,
		out: map[string]any{}, from: map[string]string{}}
}

// item is a builder for one element of a list field, mapped by the rule's
// items into the fields of target.
func (b *builder) item(prefix string, rules map[string]*Rule, v any, target string) (*builder, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		if _, text := rules[TextField]; !text {
			return nil, b.errorf(strings.TrimSuffix(prefix, "."), "want an object, got %s", kindOf(v))
		}
		obj = map[string]any{TextField: v}
	}
	sub := &builder{ctx: b.ctx, r: b.r, tool: b.tool, rules: rules, args: obj, target: target, prefix: prefix,
		depth: b.depth, out: map[string]any{}, from: map[string]string{}}
	return sub, sub.mapFields()
}

// run maps the call and makes the result of its route.
func (b *builder) run() (Result, error) {
	if err := b.mapFields(); err != nil {
		return Result{}, err
	}
	res := Result{Agent: b.tool.agent, Tool: b.tool.Names[0], Outcome: Mapped, Fields: b.uses}
	if b.refusal != nil {
		res.Outcome, res.Refusal = Refused, b.refusal
		return res, nil
	}
	calls, err := b.routeCalls()
	if err != nil {
		return Result{}, err
	}
	res.Calls = calls
	res.Batch = len(calls) > 1
	res.Notes = b.resultNotes(calls)
	res.Moves = b.moves()
	return res, nil
}

// mapFields applies the rule of every field of the call, then the
// defaults (absent, set) for the fields the call does not give.
func (b *builder) mapFields() error {
	keys := orderedKeys(b.args, b.tool.Published)
	for i, k := range keys {
		if err := b.field(k); err != nil {
			return err
		}
		if b.refusal != nil {
			for _, rest := range keys[i+1:] {
				b.use(rest, UseRefused, nil)
			}
			return nil
		}
	}
	if err := b.assumed(); err != nil {
		return err
	}
	b.defaults()
	return nil
}

// assumed runs the transform of every rule with a default on that default,
// for the fields the call leaves out (browser-use's write_file ends the
// content with a line end unless trailing_newline is false), and says so.
func (b *builder) assumed() error {
	names := make([]string, 0, len(b.rules))
	for n, r := range b.rules {
		if r.Default != nil && b.args[n] == nil && r.kind() == kindMapping {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if _, err := b.apply(n, b.rules[n], b.rules[n].Default); err != nil {
			return err
		}
		b.notes = append(b.notes, fmt.Sprintf("without %s, read as %s's default %s: %v", b.prefix+n, b.tool.agent, n, b.rules[n].Default))
	}
	return nil
}

// misspelt is the field the tool publishes that k misspells (StartLin for
// StartLine: two edits or fewer, not only case or separators), when f0's
// tool does not take k either; "" otherwise.
func (b *builder) misspelt(k string) string {
	if b.r.v.ownField(b.tool, k) || len(k) < 5 {
		return ""
	}
	near := nearest(k, b.tool.Published)
	if near == "" || foldField(near) == foldField(k) {
		return ""
	}
	if levenshtein.ComputeDistance(strings.ToLower(k), strings.ToLower(near)) > 2 {
		return ""
	}
	return near
}

func (b *builder) field(k string) error {
	v := b.args[k]
	rule := b.rules[k]
	if rule == nil && b.route != nil && !b.selects(k) && (b.r.v.ownField(b.tool, k) || !b.tool.known[k]) {
		// f0's own field, or one the foreign tool does not publish: the f0
		// tool reads it, or its validation refuses it, naming the call that
		// was probably meant. Never dropped. A misspelling of a field the
		// tool publishes is refused here, naming that field.
		if k == TextField {
			return b.errorf("", "takes no bare text")
		}
		if near := b.misspelt(k); near != "" {
			e := b.errorf(k, "unknown field")
			e.Nearest = near
			return e
		}
		b.put(k, k, v)
		b.use(k, UseMapped, []string{k})
		return nil
	}
	if rule == nil {
		return b.unruled(k)
	}
	if v == nil && rule.kind() != kindConsumed {
		b.use(k, UseInert, nil)
		return nil
	}
	switch rule.kind() {
	case kindInert:
		b.use(k, UseInert, nil)
	case kindConsumed:
		return b.consumed(k, rule)
	case kindRefuse:
		b.refuse(k, rule.Refuse, rule.Needs)
		b.use(k, UseRefused, nil)
	case kindNeeds:
		b.needsOnly(k, rule)
	case kindMapping:
		eff, err := b.apply(k, rule, v)
		if err != nil {
			return err
		}
		b.record(k, rule, eff)
	default:
		return b.errorf(k, "the table gives this field a rule of no kind")
	}
	return nil
}

// selects reports whether k is a field the route's `when` tests.
func (b *builder) selects(k string) bool {
	for _, c := range b.route.When {
		if c.Field == k {
			return true
		}
	}
	return false
}

// unruled handles a field with no rule on this route: a `when` selector
// is consumed by the route; anything else is not read here.
func (b *builder) unruled(k string) error {
	if b.route != nil {
		for _, c := range b.route.When {
			if c.Field == k {
				b.use(k, UseConsumed, nil)
				return nil
			}
		}
		return b.errorf(k, "not used in this form of the tool (%s)", b.routeForm())
	}
	names := make([]string, 0, len(b.rules))
	for n := range b.rules {
		names = append(names, n)
	}
	sort.Strings(names)
	e := b.errorf(k, "unknown field")
	e.Nearest = nearest(k, names)
	return e
}

func (b *builder) routeForm() string {
	var conds []string
	for _, c := range b.route.When {
		conds = append(conds, c.describe())
	}
	if len(conds) == 0 {
		return "its default form"
	}
	return strings.Join(conds, " and ")
}

// consumed: a field read by another field's transform. When that field is
// absent, its transform still runs, on this one.
func (b *builder) consumed(k string, rule *Rule) error {
	owner := rule.Consumed
	if v, ok := b.args[owner]; ok && v != nil {
		b.use(k, UseConsumed, nil)
		return nil
	}
	orule := b.rules[owner]
	if orule == nil {
		return b.errorf(k, "the table says %s reads this field, but %s has no rule", owner, owner)
	}
	if b.args[k] == nil {
		b.use(k, UseInert, nil)
		return nil
	}
	eff, err := b.apply(owner, orule, nil)
	if err != nil {
		return err
	}
	b.use(k, UseConsumed, eff.to)
	if eff.approx && approxText(orule) != "" {
		b.notes = append(b.notes, approxText(orule))
	}
	return nil
}

func (b *builder) needsOnly(k string, rule *Rule) {
	if rule.Today == "refuse" {
		b.refuse(k, rule.Refuse, rule.Needs)
		b.use(k, UseRefused, nil)
		return
	}
	if isEmpty(b.args[k]) {
		b.use(k, UseInert, nil) // an empty value ({} for local_shell's env) asks for nothing left out
		return
	}
	b.use(k, UseDropped, nil)
	b.notes = append(b.notes, dropNote(b.prefix+k, rule))
}

func dropNote(k string, rule *Rule) string {
	lacks := rule.Detail
	if lacks == "" {
		lacks = rule.Needs
	}
	s := fmt.Sprintf("%s was left out: f0 lacks %s", k, lacks)
	if rule.Note != "" {
		s += " (" + rule.Note + ")"
	}
	return s
}

func (b *builder) refuse(k, text, needs string) {
	b.refusal = &Refusal{Text: text, Field: b.prefix + k, Needs: needs}
}

// record notes the use of a mapped field, and the approximation its row
// names when it applies to the value.
func (b *builder) record(k string, rule *Rule, eff effect) {
	use := eff.use
	if b.refusal != nil {
		use = UseRefused
	} else if use == UseMapped && eff.approx && approxText(rule) != "" {
		use = UseApprox
		b.notes = append(b.notes, approxText(rule))
	}
	b.use(k, use, eff.to)
}

// approxText is the sentence a mapping row gives for how its answer
// differs: its approx, else what f0 lacks.
func approxText(rule *Rule) string {
	if rule.Approx != "" {
		return rule.Approx
	}
	if rule.Today == "approx" && rule.Detail != "" {
		return "close, not the same: f0 lacks " + rule.Detail
	}
	return ""
}

func (b *builder) use(k string, u Use, to []string) {
	b.uses = append(b.uses, FieldUse{Field: b.prefix + k, Use: u, To: to})
}

// defaults sets, for the fields the call does not give, the f0 fields the
// rules' absent and the route's set imply; what the call gives wins.
func (b *builder) defaults() {
	chosen := len(b.soft) // the fields value tables chose come first
	names := make([]string, 0, len(b.rules))
	for n := range b.rules {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if b.args[n] != nil || b.rules[n].Absent == nil {
			continue
		}
		b.softAll(b.absentFor(n, b.rules[n].Absent))
	}
	if b.route != nil {
		b.softAll(b.route.Set)
	}
	for i, f := range b.soft {
		if _, ok := b.out[f.name]; !ok {
			b.out[f.name] = f.value
			if i >= chosen {
				b.implied = append(b.implied, f)
			}
		}
	}
}

// absentFor is the defaults a field's absence implies, for this call. A
// default that narrows the answer (Claude Code's Grep lists only files
// unless told) is not applied: a model trained on another agent's tool of
// the same name and fields (Amp's Grep lists lines) would get an ok answer
// to a narrower question, whichever client it runs in. Without it the
// answer holds the narrower one (lines with their files), and a note says
// so.
func (b *builder) absentFor(field string, m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if breadth(Call{Tool: b.target, Args: map[string]any{k: v}}) < breadth(Call{Tool: b.target, Args: map[string]any{}}) {
			b.notes = append(b.notes, fmt.Sprintf("without %s, read as the broader answer: %s's tool would give %s %v", field, b.tool.agent, k, v))
			continue
		}
		out[k] = v
	}
	return out
}

func (b *builder) softAll(m map[string]any) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.soft = append(b.soft, field{k, m[k]})
	}
}

// put writes an f0 field; a second field giving the same f0 field does
// not overwrite the first, and a note says so when their values differ.
func (b *builder) put(k, to string, v any) {
	if old, ok := b.out[to]; ok {
		if !reflect.DeepEqual(old, v) {
			b.notes = append(b.notes, fmt.Sprintf("%s and %s both give %s; %s's value was used", b.from[to], b.prefix+k, to, b.from[to]))
		}
		return
	}
	b.out[to] = v
	b.from[to] = b.prefix + k
}

// appendList adds items to the list f0 field to.
func (b *builder) appendList(k, to string, items []any) {
	old, _ := b.out[to].([]any)
	b.out[to] = append(old, items...)
	if _, ok := b.from[to]; !ok {
		b.from[to] = b.prefix + k
	}
}

func (b *builder) errorf(k, format string, a ...any) *InputError {
	f := k
	if k != "" {
		f = b.prefix + k
	}
	return &InputError{Agent: b.tool.agent, Tool: b.tool.Names[0], Field: f, Problem: fmt.Sprintf(format, a...), Target: b.target}
}

// listField reports whether the f0 field to of the builder's target is a
// list.
func (b *builder) listField(to string) bool {
	t := b.r.v.f0[b.target]
	if t == nil {
		return false
	}
	return strings.HasSuffix(t.Fields[to].Type, "[]")
}

// commandFromOut takes the command line of a shell route from a field
// named command that the tool does not publish (Warp's run_command
// {command} read as Windsurf's {CommandLine}): the word every shell tool
// but a few uses.
func (b *builder) commandFromOut() {
	line, ok := b.out["command"].(string)
	if !ok || strings.TrimSpace(line) == "" {
		return
	}
	delete(b.out, "command")
	b.command = &line
}

// routeCalls are the calls the route makes from the mapped fields.
func (b *builder) routeCalls() ([]Call, error) {
	switch b.target {
	case TargetShell:
		if b.command == nil {
			b.commandFromOut()
		}
		if b.command == nil {
			return nil, b.errorf("", "needs the command to run")
		}
		// Fields the shell tool does not publish stay with the command,
		// for the routed tool's validation to refuse: never dropped.
		var rest map[string]any
		if len(b.out) > 0 {
			rest = b.out
		}
		return []Call{{Tool: TargetShell, Command: *b.command, Shell: b.shell, Args: rest}}, nil
	case TargetCall:
		if b.unwrap == nil || b.unwrap.Tool == "" {
			return nil, b.errorf(b.route.callField(), "needs the name of the tool to call")
		}
		return []Call{{Tool: TargetCall, Unwrap: b.unwrap}}, nil
	case TargetBatch:
		return b.batchCalls()
	}
	return b.expand(b.target, nil), nil
}

func (b *builder) batchCalls() ([]Call, error) {
	if b.edit != nil {
		return []Call{{Tool: TargetBatch, Edit: b.edit}}, nil
	}
	if len(b.out) > 0 {
		return []Call{{Tool: TargetBatch, Args: b.out}}, nil
	}
	if len(b.calls) == 0 {
		var lists []string
		for n, r := range b.rules {
			if r.Transform == "fan_out" || r.Transform == "apply_patch" || r.Transform == "patch_operation" || r.Transform == "items" {
				lists = append(lists, n)
			}
		}
		sort.Strings(lists)
		return nil, b.errorf("", "needs %s with at least one item", strings.Join(lists, " or "))
	}
	for i, c := range b.calls {
		// The batch's working directory, environment and time limit are
		// its shell commands' (OpenAI's shell {commands, timeout_ms}).
		if c.Tool == TargetShell && reflect.ValueOf(c.Shell).IsZero() {
			b.calls[i].Shell = b.shell
		}
	}
	return b.calls, nil
}

// callField names the field of a `call` route that holds the tool name.
func (r *Route) callField() string {
	for _, rule := range r.Fields {
		if rule.Transform == "unwrap_call" {
			return rule.Args.Tool
		}
	}
	return ""
}

// expand makes one call of tool per line window the fields asked for (one
// without range_text), each with the fields set gives unless mapped.
func (b *builder) expand(tool string, set map[string]any) []Call {
	variants := b.variants
	if len(variants) == 0 {
		variants = []map[string]any{nil}
	}
	calls := make([]Call, 0, len(variants))
	for _, w := range variants {
		args := maps.Clone(b.out)
		maps.Copy(args, w)
		for k, v := range set {
			if _, ok := args[k]; !ok {
				args[k] = v
			}
		}
		calls = append(calls, Call{Tool: tool, Args: args, Edit: b.edit})
	}
	return calls
}

// resultNotes are the notes of the answer: what was understood, the
// route's note and approximation, then the fields' notes.
func (b *builder) resultNotes(calls []Call) []string {
	var notes []string
	if b.depth == 0 {
		notes = append(notes, b.understood(calls))
	}
	rt := b.route
	if rt.Note != "" {
		notes = append(notes, rt.Note)
	}
	switch {
	case rt.Approx != "":
		notes = append(notes, rt.Approx)
	case rt.Today == "approx" && rt.Note == "" && rt.Detail != "":
		notes = append(notes, "close, not the same: f0 lacks "+rt.Detail)
	}
	return append(notes, b.notes...)
}

// understood says how the call was read: whose tool, which f0 call, which
// field went where.
func (b *builder) understood(calls []Call) string {
	parts := b.moves()
	target := b.target
	switch {
	case len(calls) > 1:
		target = fmt.Sprintf("a batch of %d calls", len(calls))
	case len(calls) == 1 && calls[0].Tool != b.target:
		target = calls[0].Tool
	}
	s := fmt.Sprintf("read as %s's %s → %s", b.tool.agent, b.tool.Names[0], target)
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, "; ") + ")"
	}
	return s
}

// moves say which field of the call went to which f0 fields ("file_path →
// path"), with the value for a value table's choice; a field that kept its
// name is left out.
func (b *builder) moves() []string {
	readers := map[string][]string{}
	for _, u := range b.uses {
		if r := b.rules[u.Field]; u.Use == UseConsumed && r != nil && r.Consumed != "" {
			readers[r.Consumed] = append(readers[r.Consumed], u.Field)
		}
	}
	var parts []string
	for _, u := range b.uses {
		if len(u.To) == 0 || (u.Use != UseMapped && u.Use != UseApprox && u.Use != UseConsumed) || strings.Contains(u.Field, "[") {
			continue
		}
		r := b.rules[u.Field]
		plain := r == nil || r.Transform == "" || r.Transform == "copy" || r.Transform == "items"
		if plain && len(u.To) == 1 && u.To[0] == u.Field {
			continue // an f0 field under its own name
		}
		from := append([]string{u.Field}, readers[u.Field]...)
		to := append([]string(nil), u.To...)
		if !plain {
			for i, f := range from {
				if v, ok := b.args[f]; ok && isScalar(v) {
					from[i] += " " + quote(v)
				}
			}
			for i, f := range to {
				if v, ok := b.out[f]; ok && isScalar(v) {
					to[i] += " " + quote(v)
				}
			}
		}
		// What a transform handed on as it came says nothing (smart case's
		// pattern "x" → pattern "x", ignoreCase true; mode "append" → mode "append").
		if to = without(to, from); len(to) == 0 {
			continue
		}
		parts = append(parts, strings.Join(from, ", ")+" → "+strings.Join(to, ", "))
	}
	for _, f := range b.implied {
		parts = append(parts, f.name+" "+quote(f.value))
	}
	return parts
}

func isScalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}
