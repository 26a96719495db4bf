// Package engine holds f0's core: the Host every front end calls (versions,
// admission, name resolution, validation, access, output budget and
// footers), the Registry, and the Dialect that writes calls, names and
// settings for each client; the argument repairs it runs are in its
// internal package repair. It must not import mcp, cmd or any tool
// package, and no tool imports it: it imports the author API (tool), the
// schemas and the internal services only.
package engine

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"

	"f0/engine/internal/keys"
	"f0/engine/internal/repair"
	"f0/engine/internal/vocab"
	"f0/internal/kept"
	"f0/internal/setting"
	"f0/schemas"
	"f0/tool"
)

// KeepLimits bound the copies a Host keeps of long answers (a response's
// body, an upstream tool's result), so that the call for the next page
// reads the same answer instead of asking for it again. Zero fields take
// the defaults.
type KeepLimits = kept.Limits

// Config is what the operator chose for this server.
type Config struct {
	// Access caps the level of any call (default Write).
	Access tool.Access
	// NameStyle and Prefix decide the listed names.
	NameStyle NameStyle
	Prefix    string
	// Namespaces, when not empty, exposes only these namespaces.
	Namespaces []string
	// Include, when not empty, exposes only these tools; Exclude hides tools.
	Include []string
	Exclude []string
	// MaxOutput is the default output budget in bytes; OutputCap is the
	// most a call may ask for with maxBytes.
	MaxOutput int
	OutputCap int
	// Clients is what the operator told f0 about clients: limits of
	// clients f0 does not know, pi's direct tools, the server's name.
	Clients ClientOptions
	// MaxCalls caps the calls running at once, all front ends together
	// (default DefaultMaxCalls); MaxHeld caps the bytes they hold (default
	// DefaultMaxHeld). A call over either limit is answered "busy, retry".
	MaxCalls int
	MaxHeld  int64
	// Keep bounds the copies kept of long answers for the calls that page
	// through them (see tool.Call.KeepCopy).
	Keep KeepLimits
	// Logger receives one line per call.
	Logger *slog.Logger
	// Observer, when set, is told of every call (metrics, traces).
	Observer CallObserver
}

// hiddenBy is why a tool is not exposed: the setting that hides it, after
// the words that lead to it ("it is in " --exclude-tools).
type hiddenBy struct {
	why     string
	setting setting.Setting
	value   string
}

// text writes the reason with the setting written by w.
func (h hiddenBy) text(w setting.SettingWriter) string { return h.why + w.Setting(h.setting, h.value) }

// Host is the one way every front end (MCP, CLI, batch) calls a tool:
// resolve the name, repair and validate the arguments, check access, run,
// and shape the output.
type Host struct {
	reg     *Registry
	cfg     Config
	visible map[*tool.Tool]bool
	hidden  map[*tool.Tool]hiddenBy // why a tool is not exposed
	load    *load
	// versions links every version of this pipeline (see Replace).
	versions *versions
	// decoders read the calls' JSON arguments (all versions share them).
	decoders *repair.Decoders
	// kept are the copies of long answers (all versions share them).
	kept *kept.Store
}

// NewHost applies cfg to the registry. Names in Include, Exclude and
// Namespaces must exist.
func NewHost(reg *Registry, cfg Config) (*Host, error) {
	if cfg.Access == 0 {
		cfg.Access = tool.Write
	}
	if cfg.MaxOutput <= 0 {
		cfg.MaxOutput = tool.DefaultMaxOutput
	}
	if cfg.OutputCap < cfg.MaxOutput {
		cfg.OutputCap = max(cfg.MaxOutput, tool.DefaultOutputCap)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	p := &Host{reg: reg, cfg: cfg, visible: map[*tool.Tool]bool{}, hidden: map[*tool.Tool]hiddenBy{}, load: newLoad(cfg.MaxCalls, cfg.MaxHeld), versions: &versions{}, decoders: &repair.Decoders{}, kept: kept.NewStore(cfg.Keep)}
	if err := p.applyFilters(false); err != nil {
		return nil, err
	}
	return p, nil
}

// applyFilters decides which tools are exposed. A name in --tools or
// --exclude-tools that no tool has is an error, unless it is in the
// namespace of a placeholder (its tools are not known yet) or lenient is
// set (a later version, whose upstream tools may have gone).
func (p *Host) applyFilters(lenient bool) error {
	namespaces := map[string]bool{}
	for _, t := range p.reg.tools {
		namespaces[t.Namespace()] = true
	}
	for _, ns := range p.cfg.Namespaces {
		if !namespaces[strings.ToLower(ns)] && !lenient {
			return &setting.SettingError{Setting: setting.NamespacesSetting, Err: fmt.Errorf("unknown namespace %q (known: %s)", ns, strings.Join(keys.Sorted(namespaces), ", "))}
		}
	}
	// resolveAll finds the named tools; a name of a tool that is not known
	// yet stands for its placeholder when include is set.
	resolveAll := func(which setting.Setting, names []string, include bool) (map[*tool.Tool]bool, error) {
		set := map[*tool.Tool]bool{}
		for _, n := range names {
			t := p.reg.Lookup(n)
			switch ph := p.placeholderFor(keys.Normal(n)); {
			case t != nil:
				set[t] = true
			case ph != nil && include:
				set[ph] = true
			case ph == nil && !lenient:
				return nil, &setting.SettingError{Setting: which, Err: fmt.Errorf("unknown tool %q%s", n, didYouMean(suggest(n, p.cfg.Prefix, p.reg.tools, 3), canonicalName))}
			}
		}
		return set, nil
	}
	include, err := resolveAll(setting.ToolsSetting, p.cfg.Include, true)
	if err != nil {
		return err
	}
	exclude, err := resolveAll(setting.ExcludeToolsSetting, p.cfg.Exclude, false)
	if err != nil {
		return err
	}
	for _, t := range p.reg.tools {
		switch {
		case len(p.cfg.Namespaces) > 0 && !keys.Contains(p.cfg.Namespaces, t.Namespace()):
			p.hidden[t] = hiddenBy{fmt.Sprintf("its namespace %q is not in ", t.Namespace()), setting.NamespacesSetting, ""}
		case len(p.cfg.Include) > 0 && !include[t]:
			p.hidden[t] = hiddenBy{"it is not in ", setting.ToolsSetting, ""}
		case exclude[t]:
			p.hidden[t] = hiddenBy{"it is in ", setting.ExcludeToolsSetting, ""}
		case t.Access > p.cfg.Access:
			p.hidden[t] = hiddenBy{fmt.Sprintf("it needs %s access and the server runs with ", t.Access), setting.AccessSetting, p.cfg.Access.String()}
		default:
			p.visible[t] = true
		}
	}
	return nil
}

// Close drops the copies the pipeline kept and removes their directory.
// Calls made after it keep no copies.
func (p *Host) Close() error { return p.kept.Close() }

// Registry returns the registry behind the pipeline.
func (p *Host) Registry() *Registry { return p.reg }

// Config returns the pipeline's configuration.
func (p *Host) Config() Config { return p.cfg }

// Visible returns the exposed tools in name order.
func (p *Host) Visible() []*tool.Tool {
	var out []*tool.Tool
	for _, t := range p.reg.tools {
		if p.visible[t] {
			out = append(out, t)
		}
	}
	return out
}

// ListedName is the name clients see for t.
func (p *Host) ListedName(t *tool.Tool) string {
	name := t.Name
	if p.cfg.NameStyle == Underscore {
		name = strings.ReplaceAll(name, ".", "_")
	}
	if p.cfg.Prefix != "" {
		name = p.cfg.Prefix + "_" + name
	}
	return name
}

// resolve finds the tool a requested name stands for, or nil: the name in
// any spelling, with a known prefix removed, or ending in a tool's name
// after a server prefix of any shape (pi's <server>_, mcp_<server>_).
func (p *Host) resolve(name string) *tool.Tool {
	// A canonical name (fs.read, as front ends call) or a name that is its
	// own key (fs_read) is found as its first candidate would find it.
	if t, ok := p.reg.byName[name]; ok {
		return t
	}
	if t, ok := p.reg.byKey[name]; ok {
		return t
	}
	cands := candidates(name, p.cfg.Prefix)
	for _, key := range cands {
		if t, ok := p.reg.byKey[key]; ok {
			return t
		}
	}
	// A name in the namespace of a server that is not running is its
	// placeholder's, before any shorter name it ends in.
	for _, key := range cands {
		if t := p.placeholderFor(key); t != nil {
			return t
		}
	}
	for _, key := range cands {
		for _, suffix := range keys.Suffixes(key) {
			if t, ok := p.reg.byKey[suffix]; ok && strings.Contains(keys.Normal(t.Name), "_") {
				return t
			}
		}
	}
	return nil
}

// Resolve finds an exposed tool by any accepted spelling, or by another
// server's name for it when that name means one tool whatever the
// arguments (read_file, but not str_replace_based_edit_tool, whose command
// decides).
func (p *Host) Resolve(name string) (*tool.Tool, bool) { return p.ResolveName(name).Tool(p) }

// Call runs one tool call through the whole pipeline. It never panics and
// never returns a protocol error: every failure is a Result with IsError.
func (p *Host) Call(ctx context.Context, name string, args any) tool.Result {
	return p.CallInBudget(ctx, name, args, tool.Limits{})
}

// CallInBudget is Call with an output budget in bytes and lines chosen by
// the caller instead of the server default: a terminal's own budget, or
// batch's share of its own among its items. Zero fields leave the server
// default. A smaller maxBytes in the arguments still applies; a larger one
// does not.
func (p *Host) CallInBudget(ctx context.Context, name string, args any, budget tool.Limits) tool.Result {
	return sealed(ctx, p.Prepare(ctx, name, args).Run(ctx, budget))
}

// sealed is a finished answer as the front end sends it: for a client
// that expands markers, only the markers the call's own dialect wrote
// stay markers (MarkedDialect.Seal).
func sealed(ctx context.Context, res tool.Result) tool.Result {
	if d, ok := DialectFrom(ctx).(MarkedDialect); ok {
		res.Text = d.Seal(res.Text)
	}
	return res
}

// prepare repairs, validates and decodes the arguments of a call whose
// name is resolved (see ResolveName): every step before access and
// execution. The arguments go down repair's stages once; what comes out
// is answered here.
func (p *Host) prepare(ctx context.Context, r Resolution, raw any) (*callState, any, *tool.Result) {
	render := DialectFrom(ctx)
	name := r.Asked()
	out := repair.Run(ctx, repair.Input{Name: name, Resolved: &r.r, Raw: raw, Env: repairEnv{p, render, ctx}, Decoders: p.decoders})
	switch out.Halt {
	case repair.NoTool:
		res := p.notFound(render, name, nil, raw)
		if out.ShellName {
			res = p.noShell(render, name, out.ShellLine)
		}
		return nil, nil, &res
	case repair.Hidden:
		res := p.notFound(render, name, out.Tool, raw)
		return nil, nil, &res
	}
	if out.Halt == repair.Refused {
		res := p.foreignAnswer(render, out.Foreign, raw)
		return nil, nil, &res
	}
	t := out.Tool
	c := &callState{p: p, tool: t, raw: raw, args: out.Args, notes: out.Notes, fix: out.Fix, render: render, ceiling: p.cfg.OutputCap, asked: name, noFix: noFix(ctx)}
	c.grant, c.hasGrant = GrantFrom(ctx)
	if l := ClientFrom(ctx).Limits.Bytes; l > 0 {
		c.ceiling = min(c.ceiling, max(l-clientByteMargin, 1024))
	}
	fail := func(r tool.Result) (*callState, any, *tool.Result) { return c, nil, &r }
	if len(out.Problems) > 0 {
		return fail(c.argError(out.Problems))
	}
	budget, asked, budgetNote := p.budget(ctx, c.args)
	if budgetNote != "" {
		c.notes = append(c.notes, budgetNote)
	}
	c.budget, c.budgetAsked = budget, asked
	in, err := decode(t, c.args)
	if err != nil {
		return fail(c.decodeFailure(err))
	}
	return c, in, nil
}

// repairEnv is the host as repair's stages see it, with the dialect that
// names tools for the caller and the call's context (its session's
// roots).
type repairEnv struct {
	p      *Host
	render Dialect
	ctx    context.Context
}

func (e repairEnv) Lookup(name string) *tool.Tool { return e.p.resolve(name) }

func (e repairEnv) Visible(t *tool.Tool) bool { return e.p.visible[t] }

func (e repairEnv) Tools() []*tool.Tool { return e.p.reg.tools }

func (e repairEnv) Vocabulary() *vocab.Vocabulary { return e.p.reg.vocabulary() }

func (e repairEnv) Paths() vocab.Env { return callPaths{ctx: e.ctx, fixed: e.p.reg.roots} }

func (e repairEnv) Agent() string {
	v := e.p.reg.vocabulary()
	if v == nil || e.ctx == nil {
		return ""
	}
	return v.AgentOf(ClientFrom(e.ctx).Name)
}

func (e repairEnv) Text(s string) string { return e.p.toolNamesFor(e.render, s) }

func (e repairEnv) Schema(t *tool.Tool) *schemas.Schema { return e.p.reg.schema(t) }

func (e repairEnv) Name(t *tool.Tool) string { return e.p.nameText(e.render, t) }

// decodeFailure answers arguments that did not decode into the tool's
// input: a failure when they could not even be encoded, else what JSON
// said did not fit.
func (c *callState) decodeFailure(err error) tool.Result {
	if notEncoded := (*encodeError)(nil); errors.As(err, &notEncoded) {
		return c.failure(err)
	}
	return c.argError([]repair.Problem{{Field: "", Msg: fmt.Sprintf("arguments do not fit the tool's input: %v", err)}})
}

// Check runs a call's name and arguments through resolution, repair and
// validation without executing it. It returns the error result the call
// would get, or ok.
func (p *Host) Check(name string, args any) (tool.Result, bool) {
	_, _, errRes := p.prepare(context.Background(), p.ResolveName(name), args)
	if errRes != nil {
		return *errRes, false
	}
	return tool.Result{}, true
}

// checkAccess compares the level the call needs with the server's cap.
func (p *Host) checkAccess(c *callState, in any) (tool.Result, bool) {
	t := c.tool
	need, why := p.accessNeeded(t, in)
	c.need = need
	if need <= p.cfg.Access {
		if c.hasGrant && need > c.grant.Level {
			return c.beyondGrant(need, why), true
		}
		return tool.Result{}, false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: access denied: this call needs %q access", c.name(), need.String())
	if why != "" {
		fmt.Fprintf(&b, " (%s)", why)
	}
	set := c.render
	fmt.Fprintf(&b, ", and this server runs with %s.\n", set.Setting(setting.AccessSetting, p.cfg.Access.String()))
	fmt.Fprintf(&b, "You passed: %s\n", c.passed())
	fmt.Fprintf(&b, "Expected: a call within %q access", p.cfg.Access.String())
	if t.Access <= p.cfg.Access {
		b.WriteString(", or the server restarted with a higher level")
	}
	fmt.Fprintf(&b, ".\nTo allow it, the operator starts f0 with %s.", set.Change(setting.AccessSetting, need.String()))
	if ex, ok := p.exampleWithin(c.render, t); ok {
		fmt.Fprintf(&b, "\nExample within %s access: %s", p.cfg.Access, ex)
	}
	return tool.Result{IsError: true, Text: b.String()}, true
}

// beyondGrant is the answer to a call the server allows but the request's
// credentials do not.
func (c *callState) beyondGrant(need tool.Access, why string) tool.Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: access denied: this call needs %q access", c.name(), need.String())
	if why != "" {
		fmt.Fprintf(&b, " (%s)", why)
	}
	fmt.Fprintf(&b, ", and the credentials of this request grant %q.\n", c.grant.Level.String())
	fmt.Fprintf(&b, "You passed: %s\n", c.passed())
	if c.grant.Ask != nil {
		if ask := c.grant.Ask(need); ask != "" {
			fmt.Fprintf(&b, "To allow it, the client asks for %s.", ask)
			return tool.Result{IsError: true, Text: b.String()}
		}
	}
	b.WriteString("To allow it, the client needs credentials that grant it.")
	return tool.Result{IsError: true, Text: b.String()}
}

// accessNeeded is the level a decoded call needs, and why when a per-call
// rule raised it.
func (p *Host) accessNeeded(t *tool.Tool, in any) (tool.Access, string) {
	need, why := t.Access, ""
	if lvl, reason, ok := t.AccessFor(in); ok && lvl > need {
		need, why = lvl, reason
	}
	return need, why
}

// exampleWithin returns the first documented example of t that the
// server's access level allows.
func (p *Host) exampleWithin(r Dialect, t *tool.Tool) (string, bool) {
	for _, ex := range p.reg.Doc(t).Examples {
		_, in, errRes := p.prepare(context.Background(), resolutionOf(t), ex)
		if errRes != nil {
			continue
		}
		if need, _ := p.accessNeeded(t, in); need <= p.cfg.Access {
			return p.exampleText(r, t, ex), true
		}
	}
	return "", false
}

// run executes the handler; a panic becomes an error result.
func (c *callState) run(ctx context.Context, in any) (res tool.Result) {
	defer func() {
		if r := recover(); r != nil {
			c.p.cfg.Logger.Error("tool panic", "tool", c.tool.Name, "panic", r, "stack", string(debug.Stack()))
			res = tool.Result{IsError: true, Text: fmt.Sprintf(
				"%s failed: internal error (panic: %v). The server is still running; this is a bug in f0, please report it with the call below.\nYou passed: %s",
				c.name(), r, c.passed())}
		}
	}()
	c.front = frontEndOf(ctx)
	out, err := c.tool.Run(withoutSink(ctx), c.toolCall(), in)
	if err == nil {
		return out
	}
	c.replaced = c.tool.Placeholder && errors.Is(err, tool.ErrReplaced)
	var failed tool.Result
	busy, isBusy := asBusy(err)
	switch ie, isInput := tool.AsInputError(err); {
	case isBusy:
		failed = c.busy(busy)
	case ctx.Err() != nil && !out.IsError:
		failed = c.canceled(ctx, ctx.Err())
	case isInput:
		failed = c.inputError(ie)
	default:
		failed = c.failure(err)
	}
	failed.Notes = out.Notes // a tool's notes survive its failure
	failed.Console = out.Console
	return failed
}
