package telemetry

import (
	"context"
	"fmt"
	"net/url"
	"os"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// The standard OpenTelemetry variables that turn OTLP export on.
const (
	envEndpoint       = "OTEL_EXPORTER_OTLP_ENDPOINT"
	envTracesEndpoint = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
)

// Tracing exports spans of tool calls over OTLP/HTTP.
type Tracing struct {
	provider *sdktrace.TracerProvider
}

// TracingWanted reports whether spans are to be exported: an endpoint was
// given (the --otlp-endpoint flag) or the standard variables name one.
func TracingWanted(endpoint string) bool {
	return endpoint != "" || os.Getenv(envEndpoint) != "" || os.Getenv(envTracesEndpoint) != ""
}

// NewTracing starts an OTLP/HTTP exporter: to endpoint (a URL such as
// http://127.0.0.1:4318) when given, else where the standard
// OTEL_EXPORTER_OTLP_* variables say (they also set headers, timeouts and
// TLS); a URL with no path gets /v1/traces, as that variable does. Spans
// are sent in batches; Shutdown sends the last ones.
func NewTracing(ctx context.Context, endpoint, version string) (*Tracing, error) {
	var opts []otlptracehttp.Option
	if endpoint != "" {
		u, err := tracesURL(endpoint)
		if err != nil {
			return nil, err
		}
		opts = append(opts, otlptracehttp.WithEndpointURL(u))
	}
	exp, err := otlptracehttp.New(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("OTLP trace exporter: %w", err)
	}
	return newTracing(ctx, sdktrace.WithBatcher(exp), version)
}

// tracesURL is where spans go for an endpoint given as
// OTEL_EXPORTER_OTLP_ENDPOINT is, a base URL: /v1/traces is added unless
// the URL has a path of its own.
func tracesURL(endpoint string) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("--otlp-endpoint %q: want an http(s) URL such as http://127.0.0.1:4318", endpoint)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/v1/traces"
	}
	return u.String(), nil
}

// newTracing makes the provider with the span processor given (an
// exporter's batcher; an in-memory recorder in tests).
func newTracing(ctx context.Context, processor sdktrace.TracerProviderOption, version string) (*Tracing, error) {
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", "f0"), attribute.String("service.version", version)),
		resource.WithFromEnv()) // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win
	if err != nil {
		return nil, fmt.Errorf("OpenTelemetry resource: %w", err)
	}
	return &Tracing{provider: sdktrace.NewTracerProvider(processor, sdktrace.WithResource(res))}, nil
}

// tracer is the tracer of f0's call spans.
func (t *Tracing) tracer() trace.Tracer { return t.provider.Tracer("f0") }

// Shutdown sends the spans still waiting and stops the exporter.
func (t *Tracing) Shutdown(ctx context.Context) error {
	if err := t.provider.Shutdown(ctx); err != nil {
		return fmt.Errorf("OpenTelemetry shutdown: %w", err)
	}
	return nil
}
