package engine

import (
	"context"
	"log/slog"
	"time"

	"f0/engine/internal/keys"
	"f0/internal/setting"
	"f0/tool"
)

// Prepared is a call whose name is resolved and whose arguments are
// repaired, validated and decoded: every step before access and execution,
// done once. A caller that needs to know what a call will do before it runs
// it (batch, which orders the calls that touch the same path) prepares it,
// reads its tool, arguments, access level and paths, then runs it as it is.
type Prepared struct {
	p    *Host
	name string
	raw  any
	// c and in are the call on its way and its decoded input; failed is
	// the answer of a call that could not be prepared (c may then be set,
	// when the tool was found).
	c      *callState
	in     any
	failed *tool.Result
}

// Prepare resolves a call's name and repairs, validates and decodes its
// arguments, as Call does before it runs a tool. ctx is the call's: its
// client and dialect decide the budget and how answers name tools.
func (p *Host) Prepare(ctx context.Context, name string, args any) *Prepared {
	return p.PrepareResolved(ctx, p.ResolveName(name), args)
}

// Tool is the tool the call resolved to, or nil when no exposed tool has
// its name.
func (pc *Prepared) Tool() *tool.Tool {
	if pc.c == nil {
		return nil
	}
	return pc.c.tool
}

// Failed reports whether the call could not be prepared (an unknown
// name, arguments that do not fit): Run then answers with why.
func (pc *Prepared) Failed() bool { return pc.failed != nil }

// Args are the call's repaired arguments, nil when it could not be
// prepared. They belong to the call: read them, do not change them.
func (pc *Prepared) Args() map[string]any {
	if pc.failed != nil || pc.c == nil {
		return nil
	}
	return pc.c.args
}

// Access is the level the call needs: its tool's, or more when the tool's
// AccessFor raises it for these arguments (a POST needs write). A call
// that could not be prepared needs nothing: it runs no tool.
func (pc *Prepared) Access() tool.Access {
	if pc.failed != nil || pc.c == nil {
		return 0
	}
	need, _ := pc.p.accessNeeded(pc.c.tool, pc.in)
	return need
}

// Run runs the prepared call: access, the load limits, the tool, and the
// shaping of its output within budget (zero fields: the call's own). It
// logs the call's line, and tells the observer, as Call does. A call runs
// once: Run it only once.
func (pc *Prepared) Run(ctx context.Context, budget tool.Limits) tool.Result {
	start := time.Now()
	obs := pc.p.cfg.Observer
	if obs != nil {
		ctx = obs.StartCall(ctx)
	}
	r := pc.run(ctx, budget)
	res, duration := r.res, time.Since(start)
	outcome := "ok"
	if res.IsError {
		outcome = "error"
	}
	toolName := pc.name
	if r.tool != nil {
		toolName = r.tool.Name
	}
	attrs := append([]slog.Attr{slog.String("tool", toolName), slog.Duration("duration", duration),
		slog.Int("bytes", len(res.Text)), slog.String("outcome", outcome)}, logAttrsOf(ctx)...)
	if res.IsError {
		attrs = append(attrs, slog.String("error", errorReason(res.Text)))
	}
	pc.p.cfg.Logger.LogAttrs(ctx, slog.LevelInfo, "call", attrs...)
	if obs != nil {
		obs.EndCall(ctx, r.record(duration))
	}
	return res
}

// ranCall is how a call ended on its pipeline version.
type ranCall struct {
	res  tool.Result
	tool *tool.Tool
	// failure is why res is an error ("" when it is not, or not yet
	// known: record decides); busy is the limit a busy answer met.
	failure  Failure
	busy     setting.Setting
	replaced bool
}

// record is what the observer learns of the call.
func (r ranCall) record(d time.Duration) CallRecord {
	rec := CallRecord{Duration: d, Bytes: len(r.res.Text), BusyLimit: r.busy}
	if r.tool != nil {
		rec.Tool = r.tool.Name
	}
	switch {
	case r.busy != "":
		rec.Failure = FailureBusy
	case r.failure != "":
		rec.Failure = r.failure
	case r.res.IsError:
		rec.Failure = FailureTool
	}
	return rec
}

// run runs the call, and when a placeholder brought the tools it stood for
// prepares and runs it again on the newest version of the pipeline: the
// one case where a call's name is resolved twice, since the first tool it
// resolved to was only standing in for the real one.
func (pc *Prepared) run(ctx context.Context, budget tool.Limits) ranCall {
	r := pc.once(ctx, budget)
	if !r.replaced {
		return r
	}
	if next := pc.p.Latest(); next != pc.p {
		r = next.Prepare(ctx, pc.name, pc.raw).once(ctx, budget)
	}
	return r
}

// once runs the prepared call on its own pipeline version.
func (pc *Prepared) once(ctx context.Context, budget tool.Limits) ranCall {
	c, p := pc.c, pc.p
	if pc.failed != nil {
		return ranCall{res: finish(*pc.failed, "", pc.failed.Text, ""), tool: pc.Tool(), failure: FailureInvalid}
	}
	if res, denied := p.checkAccess(c, pc.in); denied {
		return ranCall{res: finish(res, "", res.Text, ""), tool: c.tool, failure: FailureDenied}
	}
	c.budget = within(c.budget, budget, c.budgetAsked)
	if res, ok := c.enter(); !ok {
		return ranCall{res: finish(res, "", res.Text, ""), tool: c.tool, busy: c.busyLimit}
	}
	defer func() { p.load.leave(c.held.Load()) }()
	defer c.dropPending()
	res := c.run(ctx, pc.in)
	res.Notes = append(c.notes, res.Notes...)
	return ranCall{res: p.shape(c, res, c.budget), tool: c.tool, busy: c.busyLimit, replaced: c.replaced}
}

// Writes reports whether the call may change anything: it needs write
// access or more, or its tool stands for tools not known yet (a
// placeholder, which runs the real tool once its server is up).
func (pc *Prepared) Writes() bool {
	if pc.failed != nil || pc.c == nil {
		return false
	}
	return pc.Access() >= tool.Write || pc.c.tool.Placeholder
}

// Paths are the paths the call names in the fields its tool declares as
// paths (Spec.Forms PathKind), as repaired (a file:// URI is a path), with
// Spec.PathDefaults standing for absent ones. known is false when the call
// may touch files those fields do not name: a tool of another server (its
// paths are its own, and it declares none to f0), a placeholder, or a call
// with the tool's raw command-line words (curl's -o FILE or -d @FILE),
// which only the tool reads. A call that could not be prepared touches
// nothing.
func (pc *Prepared) Paths() (paths []string, known bool) {
	if pc.failed != nil || pc.c == nil {
		return nil, true
	}
	t, args := pc.c.tool, pc.c.args
	if t.External() != nil || t.Placeholder {
		return nil, false
	}
	if f := t.RawArgsField; f != "" && args[f] != nil {
		return nil, false
	}
	for _, field := range keys.Sorted(t.Forms) {
		if t.Forms[field] != tool.PathKind {
			continue
		}
		switch v := args[field].(type) {
		case string:
			paths = append(paths, v)
		case []string:
			paths = append(paths, v...)
		case []any:
			for _, item := range v {
				if s, ok := item.(string); ok {
					paths = append(paths, s)
				}
			}
		case nil:
			if def, ok := t.PathDefaults[field]; ok {
				paths = append(paths, def)
			}
		}
	}
	return paths, true
}

// Name is the call's tool as the caller calls it (written by the call's
// dialect), or the name as given when no exposed tool has it.
func (pc *Prepared) Name() string {
	if pc.c == nil {
		return pc.name
	}
	return pc.c.name()
}
