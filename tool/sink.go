package tool

import (
	"context"
	"io"
)

// A front end that writes bytes (the command line, to a pipe, a file or
// curl's console) can take a Verbatim tool's body as the tool reads it,
// instead of in Result.Text: it gives the call a sink with WithSink, and a
// tool that finds one with Sink writes the body there and leaves it out of
// Text. Memory then stays flat in the size of the body, as with cat or
// curl. Head, notes and errors still come in the Result. MCP front ends
// give no sink: a model gets the budget's window.

// sink is the writer a front end gave for one tool's body.
type sink struct {
	tool *Tool
	w    io.Writer
}

type sinkKey struct{}

// WithSink gives the call of t made with ctx a writer for its body. Only
// that tool's call gets it, not the calls it makes in turn.
func WithSink(ctx context.Context, t *Tool, w io.Writer) context.Context {
	if t == nil || w == nil {
		return ctx
	}
	return context.WithValue(ctx, sinkKey{}, &sink{tool: t, w: w})
}

// Sink returns the writer the running call's body goes to, or nil when its
// front end wants the body in Result.Text, or the call's maxBytes asked for
// a budget (and so for the cut and the footer's next call).
func Sink(ctx context.Context) io.Writer {
	s, ok := ctx.Value(sinkKey{}).(*sink)
	if !ok || s == nil {
		return nil
	}
	if c, ok := callFrom(ctx); !ok || c.Tool() != s.tool || c.BudgetAsked() {
		return nil
	}
	return s.w
}

// SinkOnlyFor drops from ctx a sink given for a tool other than t, so that
// the calls a tool makes in turn (batch's items) never write to it.
func SinkOnlyFor(ctx context.Context, t *Tool) context.Context {
	if s, ok := ctx.Value(sinkKey{}).(*sink); ok && s != nil && s.tool != t {
		return context.WithValue(ctx, sinkKey{}, (*sink)(nil))
	}
	return ctx
}
