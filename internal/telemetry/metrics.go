// Package telemetry is what f0 tells operators of its calls: Prometheus
// metrics on a registry of each server's own, and OpenTelemetry spans
// exported over OTLP when configured. Both hang off the pipeline's one
// call observer (engine.CallObserver), so every front end is counted once.
package telemetry

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"f0/engine"
)

// unknownTool is the tool label of a call whose name no exposed tool has:
// the names clients make up are not labels, which would grow without
// bound.
const unknownTool = "_unknown"

// Metrics are one server's Prometheus metrics, on a registry of their own
// (never the library's global one).
type Metrics struct {
	reg      *prometheus.Registry
	calls    *prometheus.CounterVec
	errors   *prometheus.CounterVec
	busy     *prometheus.CounterVec
	duration *prometheus.HistogramVec
	bytes    *prometheus.HistogramVec
}

// NewMetrics makes the metrics of one server; version labels f0_build_info.
func NewMetrics(version string) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.calls = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "f0_tool_calls_total", Help: "Tool calls answered, by tool and outcome (ok or error).",
	}, []string{"tool", "outcome"})
	m.errors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "f0_tool_errors_total", Help: "Tool calls answered with an error, by tool and kind (invalid, denied, busy, tool).",
	}, []string{"tool", "kind"})
	m.busy = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "f0_busy_total", Help: "Calls answered busy, by the load limit they met (max-calls, max-call-memory).",
	}, []string{"limit"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "f0_tool_call_duration_seconds", Help: "How long tool calls took, by tool.",
		Buckets: []float64{.001, .005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
	}, []string{"tool"})
	m.bytes = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "f0_tool_response_bytes", Help: "Size of tool answers' text in bytes, by tool.",
		Buckets: prometheus.ExponentialBuckets(64, 4, 9), // 64 B … 4 MiB
	}, []string{"tool"})
	build := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "f0_build_info", Help: "Always 1; the version label is f0's."}, []string{"version"})
	build.WithLabelValues(version).Set(1)
	m.reg.MustRegister(m.calls, m.errors, m.busy, m.duration, m.bytes, build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// record counts one finished call.
func (m *Metrics) record(rec engine.CallRecord) {
	name := rec.Tool
	if name == "" {
		name = unknownTool
	}
	outcome := "ok"
	if rec.Failure != "" {
		outcome = "error"
		m.errors.WithLabelValues(name, string(rec.Failure)).Inc()
	}
	if rec.Failure == engine.FailureBusy {
		m.busy.WithLabelValues(string(rec.BusyLimit)).Inc()
	}
	m.calls.WithLabelValues(name, outcome).Inc()
	m.duration.WithLabelValues(name).Observe(rec.Duration.Seconds())
	m.bytes.WithLabelValues(name).Observe(float64(rec.Bytes))
}

// WatchLoad reports the calls running and the memory they hold, read at
// each scrape.
func (m *Metrics) WatchLoad(load func() (calls int, held int64)) {
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "f0_calls_running", Help: "Tool calls running now."},
			func() float64 { calls, _ := load(); return float64(calls) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "f0_call_memory_held_bytes", Help: "Bytes the running calls hold in memory."},
			func() float64 { _, held := load(); return float64(held) }))
}

// WatchSessions reports the open MCP sessions of a transport ("stdio",
// "HTTP"), read at each scrape.
func (m *Metrics) WatchSessions(transport string, open func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "f0_sessions_open", Help: "Open MCP sessions, by transport.", ConstLabels: prometheus.Labels{"transport": transport},
	}, func() float64 { return float64(open()) }))
}

// UpstreamHealth is whether one upstream server (a namespace of tools) is
// running.
type UpstreamHealth struct {
	Namespace string
	Up        bool
}

// WatchUpstreams reports each upstream server as up (1) or down (0), read
// at each scrape.
func (m *Metrics) WatchUpstreams(health func() []UpstreamHealth) {
	m.reg.MustRegister(upstreamCollector{health: health,
		desc: prometheus.NewDesc("f0_upstream_up", "Whether an upstream MCP server is running (1) or down (0), by namespace.", []string{"namespace"}, nil)})
}

// upstreamCollector reads the upstream servers' health at scrape time.
type upstreamCollector struct {
	desc   *prometheus.Desc
	health func() []UpstreamHealth
}

func (c upstreamCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c upstreamCollector) Collect(ch chan<- prometheus.Metric) {
	for _, h := range c.health() {
		up := 0.0
		if h.Up {
			up = 1
		}
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, up, h.Namespace)
	}
}
