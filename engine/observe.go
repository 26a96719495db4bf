package engine

import (
	"context"
	"time"

	"f0/internal/setting"
)

// CallObserver is told of every call the pipeline runs, at the one place
// that writes the call's log line, so that metrics and traces count each
// call once whichever front end sent it (MCP over stdio or HTTP, the CLI,
// a batch's items).
type CallObserver interface {
	// StartCall is told of a call about to run and returns the context
	// it runs with (one carrying a span, say).
	StartCall(ctx context.Context) context.Context
	// EndCall is told how the call ended, with StartCall's context.
	EndCall(ctx context.Context, rec CallRecord)
}

// CallRecord is what an observer learns of a finished call: what its log
// line says, with the kind of failure spelled out. It never holds the
// call's arguments.
type CallRecord struct {
	// Tool is the tool's canonical name, "" when no exposed tool had the
	// name the call gave (a name the client made up is not recorded).
	Tool     string
	Duration time.Duration
	// Bytes is the length of the answer's text.
	Bytes int
	// Failure is why the call answered an error, "" when it did not.
	Failure Failure
	// BusyLimit is the load limit a busy answer met.
	BusyLimit setting.Setting
}

// Failure is the kind of error a call answered with.
type Failure string

// The kinds of failure.
const (
	// FailureInvalid: no tool has the name, or the arguments do not fit.
	FailureInvalid Failure = "invalid"
	// FailureDenied: the call needs more access than it has.
	FailureDenied Failure = "denied"
	// FailureBusy: the server was at a load limit (--max-calls,
	// --max-call-memory); the same call may be sent again.
	FailureBusy Failure = "busy"
	// FailureTool: the tool ran and failed (or was cancelled).
	FailureTool Failure = "tool"
)

type traceKey struct{}

// TraceContext is the W3C trace context a client sent with a call
// (traceparent and tracestate in the request's _meta).
type TraceContext struct {
	Parent, State string
}

// WithTraceContext attaches the trace context the client sent with a call,
// for the observer to continue its trace.
func WithTraceContext(ctx context.Context, tc TraceContext) context.Context {
	return context.WithValue(ctx, traceKey{}, tc)
}

// TraceContextOf returns the trace context of WithTraceContext.
func TraceContextOf(ctx context.Context) (TraceContext, bool) {
	tc, ok := ctx.Value(traceKey{}).(TraceContext)
	return tc, ok
}
