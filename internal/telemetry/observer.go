package telemetry

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"f0/engine"
)

// Observer counts every call in the metrics and, with tracing on, makes a
// span of it: a child of the trace the client sent in the request's _meta
// (traceparent, tracestate), or of the call around it (a batch's items),
// else the root of a trace of its own.
type Observer struct {
	metrics *Metrics
	tracer  trace.Tracer // nil without tracing
}

// NewObserver observes calls for m (nil: no metrics) and t (nil: no
// traces).
func NewObserver(m *Metrics, t *Tracing) *Observer {
	o := &Observer{metrics: m}
	if t != nil {
		o.tracer = t.tracer()
	}
	return o
}

var _ engine.CallObserver = (*Observer)(nil)

// StartCall starts the call's span.
func (o *Observer) StartCall(ctx context.Context) context.Context {
	if o.tracer == nil {
		return ctx
	}
	if tc, ok := engine.TraceContextOf(ctx); ok && !trace.SpanContextFromContext(ctx).IsValid() {
		carrier := propagation.MapCarrier{"traceparent": tc.Parent}
		if tc.State != "" {
			carrier["tracestate"] = tc.State
		}
		ctx = propagation.TraceContext{}.Extract(ctx, carrier)
	}
	ctx, _ = o.tracer.Start(ctx, "tools/call", trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(attribute.String("mcp.method.name", "tools/call"), attribute.String("gen_ai.operation.name", "execute_tool")))
	return ctx
}

// EndCall counts the call and ends its span, named after its tool. The
// span says what the metrics say: never the call's arguments.
func (o *Observer) EndCall(ctx context.Context, rec engine.CallRecord) {
	if o.metrics != nil {
		o.metrics.record(rec)
	}
	if o.tracer == nil {
		return
	}
	span := trace.SpanFromContext(ctx)
	name := rec.Tool
	if name == "" {
		name = unknownTool
	}
	span.SetName("tools/call " + name)
	span.SetAttributes(attribute.String("gen_ai.tool.name", name), attribute.Int("f0.response.bytes", rec.Bytes))
	if rec.Failure != "" {
		span.SetAttributes(attribute.String("error.type", string(rec.Failure)))
		span.SetStatus(codes.Error, string(rec.Failure))
	}
	span.End()
}
