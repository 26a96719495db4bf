package engine

import (
	"context"

	"f0/tool"
)

// callView shows a call on its way through the pipeline to the accessors
// of package tool (OutputRoom, CallWith, Hold, KeepCopy…).
type callView struct{ c *callState }

func (v callView) Tool() *tool.Tool { return v.c.tool }

func (v callView) Budget() tool.Limits { return v.c.budget }

func (v callView) Ceiling() int { return v.c.budgetCeiling() }

func (v callView) BudgetAsked() bool { return v.c.budgetAsked }

func (v callView) CallWith(changes map[string]any) string { return v.c.rewrittenCall(changes) }

func (v callView) Hold(n int64) error { return v.c.hold(n) }

func (v callView) Kept() *tool.KeptStore { return v.c.p.kept }

func (v callView) AddPending(w *tool.CopyWriter) { v.c.addPending(w) }

func (v callView) Catalog() tool.Catalog { return hostCatalog{v.c.p} }

// Suggest renders a call of the named tool the way the caller of the
// running call can make it.
func (v callView) Suggest(name string, args map[string]any) string {
	return v.c.render.Call(v.c.p.suggestionOf(name, args))
}

// ToolName renders the name of a tool the way the caller refers to it.
func (v callView) ToolName(name string) string {
	return v.c.render.Name(v.c.p.suggestionOf(name, nil))
}

// RedirectCall renders a call of the named tool with its output sent to
// file, or "" when the caller's front end has no such thing.
func (v callView) RedirectCall(name string, args map[string]any, file string) string {
	return v.c.render.Redirect(v.c.p.suggestionOf(name, args), file)
}

// dialectNamer writes names outside a call, as r writes them, the names
// left as given.
type dialectNamer struct{ r Dialect }

func (n dialectNamer) Suggest(name string, args map[string]any) string {
	return n.r.Call(plainSuggestion(name, args))
}

func (n dialectNamer) ToolName(name string) string { return n.r.Name(plainSuggestion(name, nil)) }

func (n dialectNamer) RedirectCall(name string, args map[string]any, file string) string {
	return n.r.Redirect(plainSuggestion(name, args), file)
}

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

// hostCatalog is a pipeline as batch and the meta tools see it.
type hostCatalog struct{ p *Host }

func (h hostCatalog) Resolve(name string) (*tool.Tool, bool) { return h.p.Resolve(name) }

func (h hostCatalog) Visible() []*tool.Tool { return h.p.Visible() }

func (h hostCatalog) Rank(pool []*tool.Tool, query string) []*tool.Tool {
	return rankTools(h.p, pool, query)
}

func (h hostCatalog) Describe(ctx context.Context, t *tool.Tool) string { return h.p.Describe(ctx, t) }

func (h hostCatalog) Name(ctx context.Context, t *tool.Tool) string {
	return h.p.nameText(DialectFrom(ctx), t)
}

func (h hostCatalog) PlainName(ctx context.Context, t *tool.Tool) string {
	return h.p.plainName(DialectFrom(ctx), t)
}

func (h hostCatalog) NotFound(ctx context.Context, name string, t *tool.Tool) tool.Result {
	return h.p.notFound(DialectFrom(ctx), name, t, nil)
}

func (h hostCatalog) Prepare(ctx context.Context, name string, args any) tool.PreparedCall {
	return h.p.Prepare(ctx, name, args)
}
