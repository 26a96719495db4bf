package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/spf13/pflag"

	"f0/engine"
	"f0/internal/telemetry"
	"f0/mcp"
	"f0/upstream"
)

// telemetryFlags are serve's operator signals: where /metrics is served
// and where spans go.
type telemetryFlags struct {
	metricsAddr  string
	otlpEndpoint string
}

func (t *telemetryFlags) register(f *pflag.FlagSet) {
	f.StringVar(&t.metricsAddr, "metrics", "", "serve Prometheus /metrics on ADDR (host:port) with no token, instead of on the --http listener behind its token")
	f.StringVar(&t.otlpEndpoint, "otlp-endpoint", "", "export a span per tool call over OTLP/HTTP to this URL (default: $OTEL_EXPORTER_OTLP_ENDPOINT; none when unset)")
}

// signals are the metrics and traces of one serve.
type signals struct {
	metrics *telemetry.Metrics // nil when nothing serves them
	tracing *telemetry.Tracing // nil without an OTLP endpoint
	own     *mcp.MetricsServer // the --metrics listener, when given
	logger  *slog.Logger
}

// start makes what the flags ask for: metrics when they are served (on
// the HTTP listener, or --metrics), tracing when an endpoint is set.
// Nothing is made for a plain stdio serve.
func (t *telemetryFlags) start(ctx context.Context, overHTTP bool, allowedHosts []string, logger *slog.Logger) (*signals, error) {
	s := &signals{logger: logger}
	if overHTTP || t.metricsAddr != "" {
		s.metrics = telemetry.NewMetrics(version())
	}
	if t.metricsAddr != "" {
		own, err := mcp.ListenMetrics(mcp.MetricsOptions{Addr: t.metricsAddr, Handler: s.metrics.Handler(), AllowedHosts: allowedHosts, Logger: logger})
		if err != nil {
			return nil, err
		}
		s.own = own
	}
	if telemetry.TracingWanted(t.otlpEndpoint) {
		tr, err := telemetry.NewTracing(ctx, t.otlpEndpoint, version())
		if err != nil {
			s.close()
			return nil, err
		}
		s.tracing = tr
	}
	return s, nil
}

// observer is what the pipeline tells of its calls, nil when nobody
// listens.
func (s *signals) observer() engine.CallObserver {
	if s.metrics == nil && s.tracing == nil {
		return nil
	}
	return telemetry.NewObserver(s.metrics, s.tracing)
}

// watch adds the gauges read at each scrape: the pipeline's load and the
// upstream servers' health.
func (s *signals) watch(p *engine.Host, ups *upstream.Set) {
	if s.metrics == nil {
		return
	}
	s.metrics.WatchLoad(func() (int, int64) { return p.Latest().InFlight() })
	if ups != nil {
		s.metrics.WatchUpstreams(func() []telemetry.UpstreamHealth {
			var out []telemetry.UpstreamHealth
			for _, h := range ups.Health() {
				out = append(out, telemetry.UpstreamHealth{Namespace: h.Name, Up: h.Up})
			}
			return out
		})
	}
}

// sessions reports the open sessions of a transport.
func (s *signals) sessions(transport string, open func() int) {
	if s.metrics != nil {
		s.metrics.WatchSessions(transport, open)
	}
}

// onHTTPListener is the /metrics handler of the --http listener: nil when
// --metrics serves them on their own.
func (s *signals) onHTTPListener() http.Handler {
	if s.metrics == nil || s.own != nil {
		return nil
	}
	return s.metrics.Handler()
}

// serve serves the --metrics listener until ctx ends.
func (s *signals) serve(ctx context.Context) {
	if s.own == nil {
		return
	}
	s.logger.Info("serving Prometheus metrics", "url", "http://"+s.own.Addr().String()+"/metrics")
	go func() {
		if err := s.own.Serve(ctx); err != nil {
			s.logger.Error("metrics listener stopped", "err", err)
		}
	}()
}

// close stops the --metrics listener and sends the last spans.
func (s *signals) close() {
	if s.own != nil {
		_ = s.own.Close()
	}
	if s.tracing == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.tracing.Shutdown(ctx); err != nil {
		s.logger.Warn("spans not sent", "err", err)
	}
}
