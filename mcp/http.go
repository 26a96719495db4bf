package mcp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// HTTP defaults.
const (
	DefaultMaxBody        = 4 << 20
	DefaultSessionIdleTTL = 30 * time.Minute
	DefaultMaxSessions    = 1000
	DefaultShutdownGrace  = 15 * time.Second
	DefaultMaxConns       = 1024
)

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Addr is host:port to listen on.
	Addr string
	// Token, when set, is the bearer token every MCP request must carry.
	Token string
	// OAuth, when set, makes the transport an OAuth resource server: every
	// MCP request carries an access token from the authorization server
	// (not with Token).
	OAuth *OAuthOptions
	// AllowedOrigins are browser origins accepted besides loopback ones.
	AllowedOrigins []string
	// AllowedHosts are Host header values accepted besides loopback names
	// (and the listen address).
	AllowedHosts []string
	// Stateless serves every request on its own, with no session: for
	// several instances behind a load balancer.
	Stateless bool
	// MaxBody caps a request body in bytes.
	MaxBody int64
	// SessionIdleTTL expires sessions nobody used for this long.
	SessionIdleTTL time.Duration
	// MaxSessions caps live sessions.
	MaxSessions int
	// MaxConns caps open connections. Over the cap, the oldest connection
	// that is not serving a request (one that never finished its headers
	// first, then an idle keep-alive one) is closed for the newcomer, so
	// slow or idle clients cannot keep /healthz and real calls out.
	MaxConns int
	// ShutdownGrace is how long in-flight calls may finish on shutdown.
	ShutdownGrace time.Duration
	// Logger receives transport events.
	Logger *slog.Logger
	// Metrics, when set, is served at /metrics behind the same
	// authentication as /mcp: the metrics name the tools the server
	// serves, which only its clients may know (see ServeMetrics for a
	// listener of their own).
	Metrics http.Handler

	// allToMCPGo hands every request to mcp-go, plain calls too: the
	// reference the tests compare the direct answers with.
	allToMCPGo bool
}

func (o *HTTPOptions) defaults() {
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.SessionIdleTTL <= 0 {
		o.SessionIdleTTL = DefaultSessionIdleTTL
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	if o.ShutdownGrace <= 0 {
		o.ShutdownGrace = DefaultShutdownGrace
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// transportName is how roots messages name the HTTP transport.
func transportName(stateless bool) string {
	if stateless {
		return "HTTP stateless"
	}
	return "HTTP"
}

// ErrTokenRequired refuses to expose f0 beyond loopback without a token.
var ErrTokenRequired = errors.New("refusing to listen beyond loopback without a bearer token: set --auth-token-env to the name of an environment variable holding the token, or listen on 127.0.0.1")

// HTTPServer is f0's streamable HTTP endpoint (/mcp) with its guards:
// Host and Origin validation, bearer auth, body and session limits, and
// /healthz.
type HTTPServer struct {
	opts       HTTPOptions
	streamable *server.StreamableHTTPServer
	sessions   *sessionStore
	settling   settling
	httpServer *http.Server
	handler    http.Handler
	loopback   bool
	// oauth checks access tokens (nil without OAuthOptions).
	oauth *oauthGuard
	// calls answers plain tool calls beside mcp-go (nil when stateless).
	calls *httpCalls
	// cancelCalls ends the contexts of the tool calls in flight (not of
	// the requests, so that their answers are still written).
	cancelCalls context.CancelCauseFunc
}

// NewHTTPServer prepares the HTTP transport for s. It refuses a
// non-loopback address without a token.
func NewHTTPServer(s *server.MCPServer, opts HTTPOptions) (*HTTPServer, error) {
	opts.defaults()
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("listen address %q: %w (want host:port, e.g. 127.0.0.1:8931)", opts.Addr, err)
	}
	h := &HTTPServer{opts: opts, loopback: isLoopbackHost(host)}
	if opts.OAuth != nil {
		if opts.Token != "" {
			return nil, errors.New("a static bearer token and OAuth exclude each other: use --auth-token-env or --oauth-issuer")
		}
		if h.oauth, err = newOAuthGuard(*opts.OAuth); err != nil {
			return nil, err
		}
	}
	if !h.loopback && opts.Token == "" && h.oauth == nil {
		return nil, ErrTokenRequired
	}
	calls, cancelCalls := context.WithCancelCause(context.Background())
	h.cancelCalls = func(cause error) {
		cancelCalls(cause)
		if h.calls != nil {
			h.calls.cancelAll(cause)
		}
	}
	h.httpServer = &http.Server{
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ConnContext:       connContext,
		ErrorLog:          slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
	}
	streamOpts := []server.StreamableHTTPOption{
		server.WithStreamableHTTPServer(h.httpServer),
		server.WithStreamableHTTPLogger(libraryLogger(opts.Logger)),
		server.WithHeartbeatInterval(30 * time.Second),
		server.WithEventStore(server.NewInMemoryEventStore()),
		// Calls learn through their context when shutdown gives up on them.
		server.WithHTTPContextFunc(func(ctx context.Context, _ *http.Request) context.Context {
			return withTransport(withShutdown(ctx, calls), transportName(opts.Stateless))
		}),
		// f0's guard validates Host on every request (DNS rebinding
		// included) and honours --allowed-hosts; mcp-go's own check would
		// refuse those hosts on loopback connections.
		server.WithDisableLocalhostProtection(true),
	}
	if opts.Stateless {
		streamOpts = append(streamOpts, server.WithStateLess(true))
	} else {
		h.sessions = newSessionStore()
		if !opts.allToMCPGo {
			h.calls = newHTTPCalls(s, opts.SessionIdleTTL, calls)
		}
		streamOpts = append(streamOpts,
			server.WithSessionIdManager(h.sessions),
			server.WithSessionIdleTTL(opts.SessionIdleTTL))
	}
	if len(opts.AllowedOrigins) > 0 {
		streamOpts = append(streamOpts, server.WithStreamableHTTPCORS(
			server.WithCORSAllowedOrigins(opts.AllowedOrigins...),
			server.WithCORSAllowedHeaders("Authorization", "Content-Type", "Mcp-Session-Id", "Mcp-Protocol-Version", "Mcp-Method", "Mcp-Name", "Last-Event-ID"),
			server.WithCORSExposedHeaders("Mcp-Session-Id", "WWW-Authenticate")))
	}
	h.streamable = server.NewStreamableHTTPServer(s, streamOpts...)
	h.handler = h.routes()
	h.httpServer.Handler = servingConns(h.handler)
	return h, nil
}

// Handler returns the HTTP handler (for tests and embedding).
func (h *HTTPServer) Handler() http.Handler { return h.handler }

func (h *HTTPServer) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	if h.oauth != nil {
		for _, path := range h.oauth.paths {
			mux.HandleFunc(path, h.oauth.serveMetadata)
		}
	}
	mux.Handle("/mcp", h.auth(h.limits(h.streamable)))
	if h.opts.Metrics != nil {
		mux.Handle("GET /metrics", h.auth(h.opts.Metrics))
	}
	return h.guard(mux)
}

// guard rejects requests whose Host or Origin is not allowed (DNS
// rebinding and cross-site requests from browsers).
func (h *HTTPServer) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.hostAllowed(r.Host) {
			h.refused(r, http.StatusForbidden, "Host not allowed", slog.String("host", r.Host))
			http.Error(w, fmt.Sprintf("403 forbidden: Host %q is not allowed (use a loopback name, or start f0 with --allowed-hosts)", r.Host), http.StatusForbidden)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !h.originAllowed(origin) {
			h.refused(r, http.StatusForbidden, "Origin not allowed", slog.String("origin", origin))
			http.Error(w, fmt.Sprintf("403 forbidden: Origin %q is not allowed (start f0 with --allowed-origins %s to allow it)", origin, origin), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (h *HTTPServer) hostAllowed(hostport string) bool {
	return hostAllowed(hostport, h.opts.AllowedHosts, h.loopback)
}

// hostAllowed reports whether a request's Host header may reach a server
// listening on loopback or beyond it: loopback names always, the names
// the operator listed, and beyond loopback any name when none are listed.
func hostAllowed(hostport string, allowed []string, loopback bool) bool {
	host := hostport
	if hh, _, err := net.SplitHostPort(hostport); err == nil {
		host = hh
	}
	host = strings.Trim(host, "[]")
	if isLoopbackHost(host) {
		return true
	}
	for _, a := range allowed {
		if strings.EqualFold(a, host) || strings.EqualFold(a, hostport) {
			return true
		}
	}
	if !loopback {
		// Bound beyond loopback (a token is then required): accept the
		// names the operator listed, or any name when none are listed.
		return len(allowed) == 0
	}
	return false
}

func (h *HTTPServer) originAllowed(origin string) bool {
	for _, a := range h.opts.AllowedOrigins {
		if a == "*" || strings.EqualFold(strings.TrimSuffix(a, "/"), strings.TrimSuffix(origin, "/")) {
			return true
		}
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return isLoopbackHost(u.Hostname())
}

// auth checks the OAuth access token, or the static bearer token in
// constant time.
func (h *HTTPServer) auth(next http.Handler) http.Handler {
	if h.oauth != nil {
		return h.oauth.authenticate(next)
	}
	if h.opts.Token == "" {
		return next
	}
	want := sha256.Sum256([]byte(h.opts.Token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions {
			next.ServeHTTP(w, r) // CORS preflight carries no credentials
			return
		}
		given, ok := bearer(r.Header.Get("Authorization"))
		got := sha256.Sum256([]byte(given))
		if !ok || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			challenge := `Bearer realm="f0"`
			msg, reason := "401 unauthorized: send Authorization: Bearer <token>", "no bearer token"
			if ok {
				challenge += `, error="invalid_token"`
				msg, reason = "401 unauthorized: the bearer token is wrong", "wrong bearer token"
			}
			h.refused(r, http.StatusUnauthorized, reason)
			w.Header().Set("WWW-Authenticate", challenge)
			// Close the connection rather than read a body that an
			// unauthenticated client may never finish sending.
			w.Header().Set("Connection", "close")
			http.Error(w, msg, http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refused logs a request turned away before it reached MCP: the status,
// why, and who sent it; never its credentials.
func (h *HTTPServer) refused(r *http.Request, status int, reason string, attrs ...slog.Attr) {
	attrs = append([]slog.Attr{slog.Int("status", status), slog.String("reason", reason),
		slog.String("remote", r.RemoteAddr), slog.String("method", r.Method), slog.String("path", r.URL.Path)}, attrs...)
	h.opts.Logger.LogAttrs(r.Context(), slog.LevelWarn, "refused a request", attrs...)
}

func bearer(header string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", false
	}
	return strings.TrimSpace(token), true
}

// limits caps the request body and the number of live sessions.
func (h *HTTPServer) limits(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > h.opts.MaxBody {
			http.Error(w, fmt.Sprintf("413 request body of %d bytes is over the limit of %d", r.ContentLength, h.opts.MaxBody), http.StatusRequestEntityTooLarge)
			return
		}
		body, ok := h.readBody(w, r)
		if !ok {
			return
		}
		modern := mcpgo.IsModernProtocol(r.Header.Get("Mcp-Protocol-Version"))
		if id := r.Header.Get("Mcp-Session-Id"); id != "" && h.sessions != nil && !modern && !h.knownSession(w, r, id, body) {
			return
		}
		if id := r.Header.Get("Mcp-Session-Id"); id != "" && h.sessions != nil && !h.sessions.ownedBy(id, tokenOwner(r.Context())) {
			// As for an unknown session: nothing is told of another's.
			http.Error(w, fmt.Sprintf("404 session %q not found: it never existed here; send initialize again without Mcp-Session-Id", id), http.StatusNotFound)
			return
		}
		// Only session-protocol requests without a session can open one;
		// 2026-07-28 requests (Mcp-Protocol-Version 2026-07-28) never do.
		opensSession := h.sessions != nil && r.Header.Get("Mcp-Session-Id") == "" && !modern
		if opensSession && r.Method == http.MethodGet {
			// mcp-go would mint and register a session outside the limit.
			http.Error(w, "400 bad request: GET /mcp needs the Mcp-Session-Id header returned by initialize", http.StatusBadRequest)
			return
		}
		client := clientAddr(r)
		if opensSession && r.Method == http.MethodPost && h.sessions.count() >= h.opts.MaxSessions {
			h.makeRoom(w, client)
		}
		if opensSession && r.Method == http.MethodPost && h.sessions.count() >= h.opts.MaxSessions {
			text, retryAfter := h.sessions.roomAnswer(h.opts.MaxSessions, minIdleBeforeEviction, h.opts.SessionIdleTTL, client)
			w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
			http.Error(w, text, http.StatusServiceUnavailable)
			return
		}
		if !opensSession || r.Method != http.MethodPost {
			if id := r.Header.Get("Mcp-Session-Id"); id != "" && h.sessions != nil {
				h.settling.wait(r.Context(), id)
			}
			h.serveMCP(w, r, next, body)
			return
		}
		// mcp-go mints a session before it reads the initialize request; a
		// failed initialize must not keep that slot.
		var opened string
		cw := &captureWriter{ResponseWriter: w, onStart: func(header http.Header) {
			if opened = header.Get("Mcp-Session-Id"); opened != "" {
				h.settling.begin(opened)
			}
		}}
		h.serveMCP(cw, r, next, body)
		if opened != "" {
			h.sessions.setClient(opened, client, tokenOwner(r.Context()))
			h.settling.end(opened)
		}
		if id := cw.Header().Get("Mcp-Session-Id"); id != "" && cw.failed() {
			_, _ = h.sessions.Terminate(id)
		}
	})
}

// makeRoom evicts a session for a new one client asks for, if one may go
// (sessionStore.victim), and says so in a header.
func (h *HTTPServer) makeRoom(w http.ResponseWriter, client string) {
	id, unused, ok := h.sessions.evict(minIdleBeforeEviction, client)
	switch {
	case !ok:
	case unused:
		h.opts.Logger.Warn("session table full: evicted an idle session that never called a tool", "session", id, "max", h.opts.MaxSessions)
		w.Header().Set("X-F0-Evicted", "1 idle session that never called a tool was closed to make room")
	default:
		h.opts.Logger.Warn("session table full: evicted the idle session of a client holding more than its share", "session", id, "max", h.opts.MaxSessions)
		w.Header().Set("X-F0-Evicted", "1 idle session of a client holding more than its share of the table was closed to make room")
	}
}

// clientAddr is the address a request comes from, without its port: the
// client a session table share belongs to.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// serveMCP serves a request that passed the guards, its body read whole:
// a plain tool call of a live session is answered beside mcp-go (see
// httpCalls), anything else goes to mcp-go, a tool call whose arguments
// mcp-go could not decode rewritten first (see readableCall), and so is a
// 2026-07-28 notification without its _meta (see envelopedNotification).
func (h *HTTPServer) serveMCP(w http.ResponseWriter, r *http.Request, next http.Handler, body []byte) {
	if r.Method != http.MethodPost {
		h.forward(w, r, next, nil, body)
		return
	}
	e := scanEnvelope(body)
	if h.oauth != nil && !h.oauth.allows(w, r, &e) {
		return
	}
	if h.calls != nil && h.calls.serve(w, r, &e, body) {
		return
	}
	rewritten := readableCall(&e)
	if rewritten == nil {
		rewritten = envelopedNotification(r.Header, &e, body)
	}
	if rewritten != nil {
		body = rewritten
		r.ContentLength = int64(len(body))
	}
	h.forward(w, r, next, &e, body)
}

// forward hands a request to mcp-go with its body, telling the direct path
// of its session (e is the POSTed message, nil for other methods).
func (h *HTTPServer) forward(w http.ResponseWriter, r *http.Request, next http.Handler, e *envelope, body []byte) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" && h.calls != nil {
		if e == nil {
			e = &envelope{}
		}
		h.calls.forwarding(id, e)
	}
	if body != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	next.ServeHTTP(w, r)
}

// Request body limits.
const (
	// bodyTimeout is how long a client may take to send a request body.
	bodyTimeout = 30 * time.Second
	// minIdleBeforeEviction is how long a session that never called a tool
	// must have been idle before a new client may take its place.
	minIdleBeforeEviction = 10 * time.Second
)

// readBody reads the request body whole, within MaxBody and bodyTimeout,
// so that a client that never finishes sending it holds the connection for
// bodyTimeout at most. The handlers after it read the copy.
func (h *HTTPServer) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, true
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(bodyTimeout))
	data, err := h.readAll(w, r)
	_ = rc.SetReadDeadline(time.Time{})
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, fmt.Sprintf("413 request body is over the limit of %d bytes", h.opts.MaxBody), http.StatusRequestEntityTooLarge)
		} else {
			w.Header().Set("Connection", "close")
			http.Error(w, fmt.Sprintf("408 the request body was not received within %s: %v", bodyTimeout, err), http.StatusRequestTimeout)
		}
		return nil, false
	}
	return data, true
}

// readAll reads a request body whole: one allocation of its size when its
// length is declared (limits refused one over MaxBody), within MaxBody
// otherwise. It reads up to the end of the body, which is what lets
// net/http notice a client that goes away while its request is served.
func (h *HTTPServer) readAll(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if r.ContentLength < 0 {
		return io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxBody))
	}
	buf := make([]byte, r.ContentLength+1)
	n, err := io.ReadFull(r.Body, buf)
	if int64(n) == r.ContentLength && errors.Is(err, io.ErrUnexpectedEOF) {
		return buf[:n], nil
	}
	if err == nil {
		err = errors.New("the body is longer than its Content-Length")
	}
	return nil, err
}

// knownSession answers 404 for a session id that is not live, whatever the
// method (a GET would otherwise open an event stream for any made-up id),
// saying why when the session ended. DELETE of an ended session stays
// harmless. A live session's request is recorded, for eviction.
func (h *HTTPServer) knownSession(w http.ResponseWriter, r *http.Request, id string, body []byte) bool {
	e := scanEnvelope(body) // what the session does, not what its body mentions
	live, ended := h.sessions.use(id, r.Method == http.MethodPost && e.hasID() && e.isMethod(string(mcpgo.MethodToolsCall)))
	if live {
		return true
	}
	if ended != "" && r.Method == http.MethodDelete {
		return true
	}
	msg := fmt.Sprintf("404 session %q not found: it never existed here", id)
	if ended != "" {
		msg = fmt.Sprintf("404 session %q has ended: %s", id, ended)
	}
	http.Error(w, msg+"; send initialize again without Mcp-Session-Id", http.StatusNotFound)
	return false
}

// captureWriter keeps the status and the start of a JSON response body, to
// tell a failed initialize from a good one.
type captureWriter struct {
	http.ResponseWriter
	status int
	head   []byte
	// onStart, when set, sees the response headers as they are sent.
	onStart func(http.Header)
}

func (c *captureWriter) start(status int) {
	if c.status == 0 {
		c.status = status
		if c.onStart != nil {
			c.onStart(c.Header())
		}
	}
}

const captureLimit = 4096

func (c *captureWriter) WriteHeader(status int) {
	c.start(status)
	c.ResponseWriter.WriteHeader(status)
}

func (c *captureWriter) Write(p []byte) (int, error) {
	c.start(http.StatusOK)
	if room := captureLimit - len(c.head); room > 0 {
		c.head = append(c.head, p[:min(room, len(p))]...)
	}
	return c.ResponseWriter.Write(p)
}

// Flush and Unwrap keep streaming (SSE) working through the wrapper.
func (c *captureWriter) Flush() {
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (c *captureWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// failed reports an error status, or a JSON-RPC error with no result.
func (c *captureWriter) failed() bool {
	if c.status >= 400 {
		return true
	}
	var msg struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal(c.head, &msg) != nil {
		return false // streamed or cut: leave it to idle expiry
	}
	return len(msg.Error) > 0 && len(msg.Result) == 0
}

// Serve listens on the configured address until ctx ends, then shuts down
// gracefully: no new requests, in-flight calls get ShutdownGrace to finish.
func (h *HTTPServer) Serve(ctx context.Context, ready func(addr net.Addr)) error {
	ln, err := net.Listen("tcp", h.opts.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", h.opts.Addr, err)
	}
	ln = limitConns(ln, h.opts.MaxConns)
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- h.httpServer.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve http: %w", err)
	case <-ctx.Done():
	}
	h.opts.Logger.Info("shutting down", "grace", h.opts.ShutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), h.opts.ShutdownGrace)
	defer cancel()
	if err := h.streamable.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		// The grace is over: cancel the calls still running, so that their
		// tools stop and their clients get an answer saying why, then give
		// those answers a moment to be written before closing.
		h.cancelCalls(tool.ErrShutdown)
		wctx, wcancel := context.WithTimeout(context.Background(), answerGrace)
		defer wcancel()
		if h.httpServer.Shutdown(wctx) != nil {
			_ = h.httpServer.Close()
		}
		return fmt.Errorf("shutdown: calls still running after --shutdown-grace %s were cancelled: %w", h.opts.ShutdownGrace, err)
	}
	return nil
}

// answerGrace is how long cancelled calls get to write their answers.
const answerGrace = 2 * time.Second

// isLoopbackHost reports whether host names this machine's loopback.
func isLoopbackHost(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
