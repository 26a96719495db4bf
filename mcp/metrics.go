package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// MetricsOptions configure a listener of the metrics' own.
type MetricsOptions struct {
	// Addr is host:port to listen on.
	Addr string
	// Handler serves the metrics.
	Handler http.Handler
	// AllowedHosts are Host header values accepted besides loopback names,
	// as for the MCP listener.
	AllowedHosts []string
	Logger       *slog.Logger
}

// MetricsServer serves /metrics alone on an address of its own, with no
// authentication: for a port the operator keeps inside the network
// Prometheus scrapes from, apart from the clients' one (the way
// kubernetes-mcp-server's --metrics-port and etcd's --listen-metrics-urls
// go). It still checks the Host header, so that a web page cannot read the
// metrics of a loopback listener through DNS rebinding.
type MetricsServer struct {
	ln  net.Listener
	srv *http.Server
}

// ListenMetrics listens on opts.Addr; Serve serves.
func ListenMetrics(opts MetricsOptions) (*MetricsServer, error) {
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("--metrics %q: %w (want host:port, e.g. 127.0.0.1:9464)", opts.Addr, err)
	}
	loopback := isLoopbackHost(host)
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", opts.Handler)
	srv := &http.Server{
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !hostAllowed(r.Host, opts.AllowedHosts, loopback) {
				http.Error(w, fmt.Sprintf("403 forbidden: Host %q is not allowed (use a loopback name, or start f0 with --allowed-hosts)", r.Host), http.StatusForbidden)
				return
			}
			mux.ServeHTTP(w, r)
		}),
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("--metrics: listen on %s: %w", opts.Addr, err)
	}
	return &MetricsServer{ln: ln, srv: srv}, nil
}

// Addr is the address listened on.
func (m *MetricsServer) Addr() net.Addr { return m.ln.Addr() }

// Close stops listening and serving.
func (m *MetricsServer) Close() error {
	err := m.srv.Close()
	if lerr := m.ln.Close(); err == nil && !errors.Is(lerr, net.ErrClosed) {
		err = lerr
	}
	return err
}

// Serve serves until ctx ends.
func (m *MetricsServer) Serve(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() { _ = m.srv.Close() })
	defer stop()
	if err := m.srv.Serve(m.ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("metrics: serve http: %w", err)
	}
	return nil
}
