package engine

import (
	"context"

	"f0/engine/internal/repair"
	"f0/tool"
)

// Resolution is what a requested name stands for, decided once per call:
// the name as asked, the tool f0's own names give it (any spelling, a
// client's or the server's prefix, a server prefix before a tool's name),
// and, when none does, the entries of other servers' tools the name may
// be. Which of those entries a call means can depend on its arguments
// (str_replace_based_edit_tool's command decides), so that last choice is
// made when the call is prepared, from the entries found here.
//
// A front end that needs the tool before it has the call's arguments (the
// CLI, to know which words are the tool's flags) asks Host.ResolveName
// once and hands the Resolution to PrepareResolved or CallResolved; every
// other front end passes the name as received to Call or Prepare, which
// resolve it.
type Resolution struct {
	asked string
	r     repair.Resolved
}

// ResolveName decides which tool name stands for, for one call.
func (p *Host) ResolveName(name string) Resolution {
	return Resolution{asked: name, r: repair.ResolveName(repairEnv{p: p}, name)}
}

// resolutionOf is the resolution of a call of t by its canonical name.
func resolutionOf(t *tool.Tool) Resolution {
	return Resolution{asked: t.Name, r: repair.Resolved{Tool: t}}
}

// Asked is the name as the caller wrote it.
func (r Resolution) Asked() string { return r.asked }

// Tool is the tool the name stands for whatever the arguments, and whether
// it is exposed: f0's name for it in any spelling, or another server's
// name that means one tool (read_file, but not str_replace_based_edit_tool,
// whose command decides). Nil when the name means no tool, or one only
// the arguments can tell.
func (r Resolution) Tool(p *Host) (*tool.Tool, bool) {
	t := r.r.Only()
	return t, t != nil && p.visible[t]
}

// PrepareResolved is Prepare for a name resolved with ResolveName: the
// name is not resolved again.
func (p *Host) PrepareResolved(ctx context.Context, r Resolution, args any) *Prepared {
	c, in, failed := p.prepare(ctx, r, args)
	return &Prepared{p: p, name: r.asked, raw: args, c: c, in: in, failed: failed}
}

// CallResolved is CallInBudget for a name resolved with ResolveName.
func (p *Host) CallResolved(ctx context.Context, r Resolution, args any, budget tool.Limits) tool.Result {
	return sealed(ctx, p.PrepareResolved(ctx, r, args).Run(ctx, budget))
}
