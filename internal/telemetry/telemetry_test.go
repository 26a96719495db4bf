package telemetry

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"f0/catalog"
	"f0/engine"
	"f0/internal/setting"
	"f0/mcp"
)

// A client's trace: the call's span must be a child of its span.
const (
	clientTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
	clientSpan  = "00f067aa0ba902b7"
)

// served is f0 over streamable HTTP with metrics and in-memory traces.
type served struct {
	url   string
	spans *tracetest.InMemoryExporter
	m     *Metrics
}

func serve(t *testing.T, token string) served {
	t.Helper()
	spans := tracetest.NewInMemoryExporter()
	tr, err := newTracing(t.Context(), sdktrace.WithSyncer(spans), "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tr.Shutdown(context.Background()) })
	m := NewMetrics("test")
	reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, engine.Config{Observer: NewObserver(m, tr)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	hs, err := mcp.NewHTTPServer(mcp.NewServer(p, mcp.Options{}), mcp.HTTPOptions{Addr: "127.0.0.1:0", Token: token, Metrics: m.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	m.WatchSessions("http", hs.OpenSessions)
	ts := httptest.NewServer(hs.Handler())
	t.Cleanup(ts.Close)
	return served{url: ts.URL, spans: spans, m: m}
}

// post sends one JSON-RPC message and returns the answer's body.
func (s served) post(t *testing.T, session, token, msg string) (string, *http.Response) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, s.url+"/mcp", strings.NewReader(msg))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body), resp
}

// open starts a session.
func (s served) open(t *testing.T, token string) string {
	t.Helper()
	_, resp := s.post(t, "", token, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"telemetry-test","version":"1"}}}`)
	id := resp.Header.Get("Mcp-Session-Id")
	if id == "" {
		t.Fatalf("initialize: no session (HTTP %d)", resp.StatusCode)
	}
	s.post(t, id, token, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return id
}

func (s served) metrics(t *testing.T, token string) (string, int) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, s.url+"/metrics", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body), resp.StatusCode
}

// A call whose _meta carries a W3C traceparent is a span of the client's
// trace, a child of the client's span, named after the tool.
func TestCallSpanContinuesClientTrace(t *testing.T) {
	s := serve(t, "")
	id := s.open(t, "")
	call := fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fs.list","arguments":{"path":"."},"_meta":{"traceparent":"00-%s-%s-01","tracestate":"vendor=1"}}}`, clientTrace, clientSpan)
	if body, _ := s.post(t, id, "", call); !strings.Contains(body, `"content"`) {
		t.Fatalf("call answered: %s", body)
	}
	// Without _meta the call starts a trace of its own.
	s.post(t, id, "", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs.list","arguments":{"path":"."}}}`)
	got := s.spans.GetSpans()
	if len(got) != 2 {
		t.Fatalf("%d spans, want 2: %v", len(got), got)
	}
	child, root := got[0], got[1]
	if child.Name != "tools/call fs.list" {
		t.Errorf("span name %q, want tools/call fs.list", child.Name)
	}
	if tid := child.SpanContext.TraceID().String(); tid != clientTrace {
		t.Errorf("trace ID %s, want the client's %s", tid, clientTrace)
	}
	if pid := child.Parent.SpanID().String(); pid != clientSpan || !child.Parent.IsRemote() {
		t.Errorf("parent span %s (remote %v), want the client's %s", pid, child.Parent.IsRemote(), clientSpan)
	}
	if ts := child.SpanContext.TraceState().Get("vendor"); ts != "1" {
		t.Errorf("tracestate vendor=%q, want 1", ts)
	}
	if root.Parent.IsValid() || root.SpanContext.TraceID().String() == clientTrace {
		t.Errorf("call without _meta: parent %v, trace %s; want a trace of its own", root.Parent, root.SpanContext.TraceID())
	}
	for _, kv := range child.Attributes {
		if strings.Contains(kv.Value.String(), `"path"`) {
			t.Errorf("span attribute %s holds the arguments: %s", kv.Key, kv.Value.String())
		}
	}
}

// A batch's items are spans of their own, children of the batch's span,
// in the client's trace.
func TestBatchItemsAreChildSpans(t *testing.T) {
	s := serve(t, "")
	id := s.open(t, "")
	call := fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"batch","arguments":{"calls":[{"tool":"fs.list","args":"{}"},{"tool":"fs.stat","args":{"path":"."}}]},"_meta":{"traceparent":"00-%s-%s-01"}}}`, clientTrace, clientSpan)
	if body, _ := s.post(t, id, "", call); !strings.Contains(body, `"content"`) {
		t.Fatalf("batch answered: %s", body)
	}
	byName := map[string]tracetest.SpanStub{}
	for _, sp := range s.spans.GetSpans() {
		byName[sp.Name] = sp
	}
	batch, ok := byName["tools/call batch"]
	if !ok || batch.Parent.SpanID().String() != clientSpan {
		t.Fatalf("no batch span child of the client's: %v", byName)
	}
	for _, item := range []string{"tools/call fs.list", "tools/call fs.stat"} {
		sp, ok := byName[item]
		if !ok {
			t.Errorf("no span %q", item)
			continue
		}
		if sp.Parent.SpanID() != batch.SpanContext.SpanID() || sp.SpanContext.TraceID().String() != clientTrace {
			t.Errorf("%s: parent %s trace %s, want the batch's span %s in trace %s", item, sp.Parent.SpanID(), sp.SpanContext.TraceID(), batch.SpanContext.SpanID(), clientTrace)
		}
	}
}

// /metrics counts the calls by tool and outcome, and needs the token
// /mcp needs.
func TestMetricsEndpoint(t *testing.T) {
	const token = "metrics-test-token"
	s := serve(t, token)
	id := s.open(t, token)
	s.post(t, id, token, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fs.list","arguments":{"path":"."}}}`)
	s.post(t, id, token, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"no.such.tool","arguments":{}}}`)
	if _, status := s.metrics(t, ""); status != http.StatusUnauthorized {
		t.Errorf("GET /metrics without the token: HTTP %d, want 401", status)
	}
	body, status := s.metrics(t, token)
	if status != http.StatusOK {
		t.Fatalf("GET /metrics: HTTP %d\n%s", status, body)
	}
	for _, want := range []string{
		`f0_tool_calls_total{outcome="ok",tool="fs.list"} 1`,
		`f0_tool_calls_total{outcome="error",tool="_unknown"} 1`,
		`f0_tool_errors_total{kind="invalid",tool="_unknown"} 1`,
		`f0_tool_call_duration_seconds_count{tool="fs.list"} 1`,
		`f0_tool_response_bytes_count{tool="fs.list"} 1`,
		`f0_sessions_open{transport="http"} 1`,
		`f0_build_info{version="test"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, "no.such.tool") {
		t.Error("/metrics names a tool the client made up")
	}
}

// Each kind of call ends in its counters.
func TestRecord(t *testing.T) {
	tests := []struct {
		name            string
		rec             engine.CallRecord
		outcome, kind   string
		tool, busyLimit string
	}{
		{"ok", engine.CallRecord{Tool: "fs.read", Duration: time.Millisecond, Bytes: 10}, "ok", "", "fs.read", ""},
		{"unknown tool", engine.CallRecord{Failure: engine.FailureInvalid}, "error", "invalid", unknownTool, ""},
		{"denied", engine.CallRecord{Tool: "fs.write", Failure: engine.FailureDenied}, "error", "denied", "fs.write", ""},
		{"busy", engine.CallRecord{Tool: "fs.read", Failure: engine.FailureBusy, BusyLimit: setting.MaxCallsSetting}, "error", "busy", "fs.read", "max-calls"},
		{"tool failed", engine.CallRecord{Tool: "net.curl", Failure: engine.FailureTool}, "error", "tool", "net.curl", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMetrics("test")
			m.record(tc.rec)
			if got := testutil.ToFloat64(m.calls.WithLabelValues(tc.tool, tc.outcome)); got != 1 {
				t.Errorf("calls{%s,%s} = %v, want 1", tc.tool, tc.outcome, got)
			}
			if tc.kind != "" {
				if got := testutil.ToFloat64(m.errors.WithLabelValues(tc.tool, tc.kind)); got != 1 {
					t.Errorf("errors{%s,%s} = %v, want 1", tc.tool, tc.kind, got)
				}
			}
			if tc.busyLimit != "" {
				if got := testutil.ToFloat64(m.busy.WithLabelValues(tc.busyLimit)); got != 1 {
					t.Errorf("busy{%s} = %v, want 1", tc.busyLimit, got)
				}
			}
		})
	}
}

// Upstream health is read at each scrape.
func TestUpstreamUp(t *testing.T) {
	m := NewMetrics("test")
	up := true
	m.WatchUpstreams(func() []UpstreamHealth { return []UpstreamHealth{{"gh", up}, {"db", false}} })
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, want := range []string{`f0_upstream_up{namespace="gh"} 1`, `f0_upstream_up{namespace="db"} 0`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func TestTracesURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://127.0.0.1:4318", "http://127.0.0.1:4318/v1/traces"},
		{"http://127.0.0.1:4318/", "http://127.0.0.1:4318/v1/traces"},
		{"https://collector:4318/custom/traces", "https://collector:4318/custom/traces"},
		{"127.0.0.1:4318", ""},
	}
	for _, tc := range tests {
		got, err := tracesURL(tc.in)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("tracesURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
