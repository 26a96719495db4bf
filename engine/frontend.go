package engine

import (
	"context"
	"io"

	"f0/internal/roots"
	"f0/internal/setting"
	"f0/tool"
)

// What a front end offers the calls it makes, which the engine hands each
// tool in its tool.Call: a progress receiver, a sink for a Verbatim tool's
// body, console output, standard input. A front end attaches them to the
// context of its calls (the roots of an MCP session too, with
// roots.WithSource); the engine reads them once per call, and a tool never
// reads them from its context.

// ProgressFunc receives progress of a long call: done out of total (total
// 0 when unknown) and a short message.
type ProgressFunc func(done, total float64, message string)

type progressKey struct{}

// WithProgress attaches a progress receiver to the calls made with ctx.
// Front ends install one when their client asked for progress.
func WithProgress(ctx context.Context, f ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

type consoleKey struct{}

// WithConsole asks the tools of calls made with ctx for their Console
// output (tool.Result.Console). A command-line front end sets it.
func WithConsole(ctx context.Context, o tool.ConsoleOptions) context.Context {
	return context.WithValue(ctx, consoleKey{}, o)
}

type stdinKey struct{}

// WithStdin gives the calls made with ctx the front end's standard input.
func WithStdin(ctx context.Context, s *tool.Stdin) context.Context {
	if s == nil {
		return ctx
	}
	return context.WithValue(ctx, stdinKey{}, s)
}

// sink is the writer a front end gave for one tool's body.
type sink struct {
	tool *tool.Tool
	w    io.Writer
}

type sinkKey struct{}

// WithSink gives the call of t made with ctx a writer for its body (see
// tool.Call.Sink). Only that tool's call gets it, not the calls it makes in
// turn.
func WithSink(ctx context.Context, t *tool.Tool, w io.Writer) context.Context {
	if t == nil || w == nil {
		return ctx
	}
	return context.WithValue(ctx, sinkKey{}, &sink{tool: t, w: w})
}

// frontEnd is what the front end of one call offers it, read from the
// call's context once.
type frontEnd struct {
	progress ProgressFunc
	console  *tool.ConsoleOptions
	stdin    *tool.Stdin
	sink     *sink
	settings setting.SettingWriter
	roots    roots.Source
}

// frontEndOf reads what the front end attached to ctx.
func frontEndOf(ctx context.Context) frontEnd {
	f := frontEnd{settings: setting.From(ctx), roots: roots.SourceFrom(ctx)}
	f.progress, _ = ctx.Value(progressKey{}).(ProgressFunc)
	if o, ok := ctx.Value(consoleKey{}).(tool.ConsoleOptions); ok {
		f.console = &o
	}
	f.stdin, _ = ctx.Value(stdinKey{}).(*tool.Stdin)
	f.sink, _ = ctx.Value(sinkKey{}).(*sink)
	return f
}

// withoutSink drops the sink from ctx: the calls a tool makes in turn
// (batch's items) never write to it.
func withoutSink(ctx context.Context) context.Context {
	if s, ok := ctx.Value(sinkKey{}).(*sink); ok && s != nil {
		return context.WithValue(ctx, sinkKey{}, (*sink)(nil))
	}
	return ctx
}
