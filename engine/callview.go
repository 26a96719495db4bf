package engine

import (
	"context"
	"io"

	"f0/internal/kept"
	"f0/internal/roots"
	"f0/internal/setting"
	"f0/tool"
)

// callView shows a call on its way through the pipeline to its tool: it
// is the tool.Engine behind the tool.Call that Run receives.
type callView struct{ c *callState }

// toolCall is the tool.Call of c.
func (c *callState) toolCall() tool.Call { return tool.NewCall(callView{c}) }

func (v callView) Budget() tool.Limits { return v.c.budget }

func (v callView) Ceiling() int { return v.c.budgetCeiling() }

func (v callView) BudgetAsked() bool { return v.c.budgetAsked }

func (v callView) Again(changes map[string]any) string { return v.c.rewrittenCall(changes) }

// Suggest renders a call of the named tool the way the caller of the
// running call can make it.
func (v callView) Suggest(name string, args map[string]any) string {
	return v.c.render.Call(v.c.p.suggestionOf(name, args))
}

// ToolName renders the name of a tool the way the caller refers to it.
func (v callView) ToolName(name string) string {
	return v.c.render.Name(v.c.p.suggestionOf(name, nil))
}

// Redirect renders a call of the named tool with its output sent to
// file, or "" when the caller's front end has no such thing.
func (v callView) Redirect(name string, args map[string]any, file string) string {
	return v.c.render.Redirect(v.c.p.suggestionOf(name, args), file)
}

func (v callView) Settings() setting.SettingWriter { return v.c.front.settings }

func (v callView) Roots() roots.Source { return v.c.front.roots }

func (v callView) Progress(done, total float64, message string) {
	if f := v.c.front.progress; f != nil {
		f(done, total, message)
	}
}

// Sink is the writer the front end gave for this tool's body, unless the
// call's maxBytes asked for a budget (and so for the cut and the footer).
func (v callView) Sink() io.Writer {
	s := v.c.front.sink
	if s == nil || s.tool != v.c.tool || v.c.budgetAsked {
		return nil
	}
	return s.w
}

func (v callView) Console() (tool.ConsoleOptions, bool) {
	if o := v.c.front.console; o != nil {
		return *o, true
	}
	return tool.ConsoleOptions{}, false
}

func (v callView) Stdin() *tool.Stdin { return v.c.front.stdin }

func (v callView) Hold(n int64) error { return v.c.hold(n) }

// KeepCopy starts a copy in the pipeline's store; the call drops it when
// it ends unless the tool kept it.
func (v callView) KeepCopy(sum func() string) *tool.CopyWriter {
	w := kept.NewWriter(v.c.p.kept, sum)
	if w.Keeping() {
		v.c.addPending(w)
	}
	return w
}

func (v callView) OpenCopy(ctx context.Context, token tool.CopyToken) (*tool.Copy, error) {
	return kept.Open(ctx, v.c.p.kept, token)
}

func (v callView) Catalog() tool.Catalog { return hostCatalog{from: v.c} }

// plainSuggestion is the suggestion of a call of name as given.
func plainSuggestion(name string, args map[string]any) tool.Suggestion {
	s := tool.Suggestion{Tool: name, Listed: name}
	if args != nil {
		s.Args = args
	}
	return s
}

// suggestionOf resolves name through p; for a name p does not expose, the
// name stays as given.
func (p *Host) suggestionOf(name string, args map[string]any) tool.Suggestion {
	s := plainSuggestion(name, args)
	if t, ok := p.Resolve(name); ok {
		s.Tool, s.Listed = t.Name, p.ListedName(t)
	}
	return s
}

// hostCatalog is a pipeline as batch and the meta tools see it from the
// call from: names are written for the reader of its answers.
type hostCatalog struct{ from *callState }

func (h hostCatalog) Resolve(name string) (*tool.Tool, bool) { return h.from.p.Resolve(name) }

func (h hostCatalog) Visible() []*tool.Tool { return h.from.p.Visible() }

func (h hostCatalog) Rank(pool []*tool.Tool, query string) []*tool.Tool {
	return rankTools(h.from.p, pool, query)
}

func (h hostCatalog) Describe(ctx context.Context, t *tool.Tool) string {
	return h.from.p.describe(ctx, h.from.render, h.from.toolCall(), t)
}

func (h hostCatalog) Name(t *tool.Tool) string { return h.from.p.nameText(h.from.render, t) }

func (h hostCatalog) PlainName(t *tool.Tool) string { return h.from.p.plainName(h.from.render, t) }

func (h hostCatalog) NotFound(name string, t *tool.Tool) tool.Result {
	return h.from.p.notFound(h.from.render, name, t, nil)
}

func (h hostCatalog) Prepare(ctx context.Context, name string, args any) tool.PreparedCall {
	return h.from.p.Prepare(ctx, name, args)
}
