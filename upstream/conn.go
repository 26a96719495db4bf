package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// Restart backoff: a server that died is started again on the next call;
// a start that fails is tried again after firstBackoff, in the background
// too, and each further failure in a row doubles the wait, up to
// maxBackoff.
const (
	firstBackoff = time.Second
	maxBackoff   = 30 * time.Second
	// startTimeout bounds starting a server and its handshake (npx may
	// download the package first).
	startTimeout = 2 * time.Minute
	// listTimeout bounds listing the tools again after the server said
	// they changed.
	listTimeout = 30 * time.Second
)

// Conn is one upstream server kept alive: a call finds it running, or
// starts it again when the backoff allows.
type Conn struct {
	srv    Server
	opts   Options
	logger *slog.Logger
	// life ends when the connection is closed, and with it any start
	// under way.
	life context.Context
	end  context.CancelFunc

	mu       sync.Mutex
	live     *session
	starting chan struct{} // closed when the start under way ends
	down     error         // why the server is not running
	fails    int           // failures in a row
	retryAt  time.Time
	retry    *time.Timer // the background start after a failed one
	closed   bool
	ran      bool // a start has worked
	// shown is the tool list f0 serves for the server; onTools, once set,
	// receives every other list the server gives (after a restart, or
	// when it says its list changed).
	shown   []mcpgo.Tool
	onTools func([]mcpgo.Tool)

	// relisting is set while the tools are listed again after the server
	// said they changed; relistAgain when it said so again meanwhile.
	relisting, relistAgain bool

	// requests holds a slot for each request from an HTTP server whose
	// answer mcp-go has yet to send.
	requests chan struct{}

	tokens   atomic.Int64
	progress sync.Map // progress token → func(done, total float64, msg string)
}

// session is one running instance of the server.
type session struct {
	c      *client.Client
	stderr *Tail
	tools  []mcpgo.Tool
	proc   *child // a stdio server's process
}

// close ends the session: the client, and a stdio server's process.
func (s *session) close() {
	s.c.Close()
	if s.proc != nil {
		s.proc.Stop()
	}
}

// NewConn prepares a connection; Start connects.
func NewConn(srv Server, opts Options) *Conn {
	opts = opts.withDefaults()
	life, end := context.WithCancel(context.Background())
	return &Conn{srv: srv, opts: opts, logger: opts.Logger.With("upstream", srv.Name), life: life, end: end,
		requests: make(chan struct{}, maxQueuedRequests)}
}

// Start connects to the server and lists its tools.
func (c *Conn) Start(ctx context.Context) ([]mcpgo.Tool, error) {
	s, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return s.tools, nil
}

// show records list as the tools f0 serves for the server.
func (c *Conn) show(list []mcpgo.Tool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.shown = list
}

// up reports whether a session with the server is live.
func (c *Conn) up() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.live != nil
}

// closeWait is how long Close waits for a start under way to end.
const closeWait = 10 * time.Second

// Close stops the server (or ends the HTTP session) and any restart; a
// start under way is cancelled, and its server stopped before Close
// returns.
func (c *Conn) Close() error {
	c.mu.Lock()
	c.closed = true
	if c.retry != nil {
		c.retry.Stop()
	}
	c.end()
	starting := c.starting
	if c.live != nil {
		c.live.close()
		c.live, c.down = nil, errors.New("closed")
	}
	c.mu.Unlock()
	if starting != nil {
		select {
		case <-starting:
		case <-time.After(closeWait):
		}
	}
	return nil
}

// session returns the running session, starting one when the server is
// down and its backoff has passed. A call that finds a start under way
// waits for it, or for its own context to end.
func (c *Conn) session(ctx context.Context) (*session, error) {
	for {
		c.mu.Lock()
		switch {
		case c.closed:
			c.mu.Unlock()
			return nil, &DownError{Name: c.srv.Name, Cause: errors.New("f0 is shutting down")}
		case c.starting != nil:
			// Also while a start that worked serves its tools: a call
			// that went to a placeholder then finds them.
			wait := c.starting
			c.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, &DownError{Name: c.srv.Name, Cause: fmt.Errorf("still starting when the call ended: %w", ctx.Err())}
			}
		case c.live != nil:
			defer c.mu.Unlock()
			return c.live, nil
		case c.down != nil && time.Until(c.retryAt) > 0:
			defer c.mu.Unlock()
			return nil, &DownError{Name: c.srv.Name, Cause: c.down, Retry: time.Until(c.retryAt), Starting: !c.ran}
		}
		done := make(chan struct{})
		c.starting = done
		c.mu.Unlock()
		s, err := c.connect(ctx)
		return c.started(s, err, done)
	}
}

// started records the end of a start: the new session, whose tools are
// served before the calls that waited for the start go on, or the failure
// and the background retry.
func (c *Conn) started(s *session, err error, done chan struct{}) (*session, error) {
	c.mu.Lock()
	if err == nil && c.closed {
		s.close()
		err = errors.New("f0 is shutting down")
	}
	if err != nil {
		c.starting = nil
		close(done)
		c.failed(err, false)
		defer c.mu.Unlock()
		return nil, &DownError{Name: c.srv.Name, Cause: err, Retry: time.Until(c.retryAt), Starting: true}
	}
	c.live, c.down, c.ran = s, nil, true
	c.mu.Unlock()
	c.listed(s.tools)
	c.mu.Lock()
	c.starting = nil
	close(done)
	c.mu.Unlock()
	return s, nil
}

// failed records a failure and when the next start may be tried: at once
// after the first death, after the backoff otherwise, when a background
// start is also planned. c.mu is held.
func (c *Conn) failed(err error, died bool) {
	c.down = err
	c.fails++
	steps := c.fails - 1
	if died {
		steps--
	}
	wait := time.Duration(0)
	if steps >= 0 {
		wait = min(firstBackoff<<min(steps, 6), maxBackoff)
	}
	c.retryAt = time.Now().Add(wait)
	c.logger.Warn("upstream down", "err", err, "failures", c.fails, "retry_in", wait)
	if !died && !c.closed {
		if c.retry != nil {
			c.retry.Stop()
		}
		c.retry = time.AfterFunc(wait, func() { _, _ = c.session(context.Background()) })
	}
}

// lost marks s as dead, unless another call already replaced it.
func (c *Conn) lost(s *session, err error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.live == s {
		c.live = nil
		s.close()
		if words := s.stderr.String(); words != "" {
			err = fmt.Errorf("%w; it wrote on stderr:\n%s", err, words)
		}
		c.failed(err, true)
	}
	return &DownError{Name: c.srv.Name, Cause: err, Retry: time.Until(c.retryAt), Died: true}
}

// listed takes a tool list the server gave; one that differs from the
// list f0 shows goes to onTools.
func (c *Conn) listed(list []mcpgo.Tool) {
	if list == nil {
		list = []mcpgo.Tool{} // shown is nil only while nothing is shown
	}
	c.mu.Lock()
	f := c.onTools
	if f == nil || sameTools(c.shown, list) {
		c.mu.Unlock()
		return
	}
	c.shown = list
	c.mu.Unlock()
	f(list)
}

// watch sends every tool list that differs from the one f0 shows to f,
// starting with the running server's when it already differs (a server
// that started after f0 stopped waiting for it).
func (c *Conn) watch(f func([]mcpgo.Tool)) {
	c.mu.Lock()
	c.onTools = f
	live := c.live
	c.mu.Unlock()
	if live != nil {
		c.listed(live.tools)
	}
}

// sameTools reports whether two listings are the same.
func sameTools(a, b []mcpgo.Tool) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(x) == string(y)
}

// changed lists the tools again after the server said they changed, off
// the transport's reading goroutine: one list at a time, and one more
// after it however often the server said so meanwhile.
func (c *Conn) changed() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.relisting {
		c.relistAgain = true
		return
	}
	c.relisting = true
	go func() {
		for {
			c.relist()
			c.mu.Lock()
			again := c.relistAgain
			c.relisting, c.relistAgain = again, false
			c.mu.Unlock()
			if !again {
				return
			}
		}
	}()
}

// relist reads the running server's tools again, after it said they
// changed.
func (c *Conn) relist() {
	c.mu.Lock()
	s := c.live
	c.mu.Unlock()
	if s == nil {
		return // the next start lists them
	}
	ctx, cancel := context.WithTimeout(context.Background(), listTimeout)
	defer cancel()
	list, err := s.c.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil {
		c.logger.Warn("upstream tools changed but could not be listed", "err", err)
		return
	}
	c.mu.Lock()
	s.tools = list.Tools
	c.mu.Unlock()
	c.logger.Info("upstream tools changed", "tools", len(list.Tools))
	c.listed(list.Tools)
}

// connect starts the server, runs the handshake and lists its tools.
func (c *Conn) connect(ctx context.Context) (*session, error) {
	// The start outlives the call that began it (others wait for it),
	// not the connection.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), startTimeout)
	defer cancel()
	defer context.AfterFunc(c.life, cancel)()
	s := &session{stderr: &Tail{}}
	if err := c.newClient(s); err != nil {
		return nil, fmt.Errorf("start %s: %w", c.srv.Where(), err)
	}
	s.c.OnNotification(c.notified)
	fail := func(step string, err error) (*session, error) {
		s.close()
		if words := s.stderr.String(); words != "" {
			return nil, fmt.Errorf("%s: %w; it wrote on stderr:\n%s", step, err, words)
		}
		return nil, fmt.Errorf("%s: %w", step, err)
	}
	// The transport keeps Start's context for the life of the session.
	if err := s.c.Start(context.WithoutCancel(ctx)); err != nil {
		return fail("start "+c.srv.Where(), err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: "f0", Version: c.opts.Version}
	if _, err := s.c.Initialize(ctx, init); err != nil {
		return fail("initialize", err)
	}
	list, err := s.c.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil {
		return fail("list tools", err)
	}
	s.tools = list.Tools
	c.logger.Info("upstream ready", "where", c.srv.Where(), "tools", len(s.tools))
	return s, nil
}

// newClient builds the mcp-go client for the server; a stdio server is
// started, its stderr going to s.stderr.
func (c *Conn) newClient(s *session) error {
	if c.srv.URL != "" {
		u, err := url.Parse(c.srv.URL)
		if err != nil {
			return fmt.Errorf("the URL does not parse")
		}
		hc := &http.Client{Transport: httpTransport{origin: origin(u), user: u.User, query: u.RawQuery, headers: c.srv.Headers,
			max: c.opts.MaxMessage, requests: c.requests, next: http.DefaultTransport}}
		// mcp-go has the URL without its credentials and query, so that
		// none of its errors and logs shows them; the transport adds them.
		s.c, err = client.NewStreamableHttpClient(publicURL(c.srv.URL), transport.WithHTTPBasicClient(hc), transport.WithHTTPLogger(c.logger))
		return err
	}
	proc, err := startChild(c.srv, s.stderr, c.logger)
	if err != nil {
		return err
	}
	out := newLineFilter(proc.stdout, c.opts.MaxMessage, proc.request, func(size int64) {
		c.logger.Warn("upstream message too large: dropped", "bytes", size, "limit", c.opts.MaxMessage)
	})
	s.proc, s.c = proc, client.NewClient(transport.NewIO(out, proc, nil))
	return nil
}

// httpTransport is how f0 talks to an HTTP server: the configured
// headers on every request (the session's closing DELETE included, which
// mcp-go's WithHTTPHeaders skips), and every answer read within max bytes
// a message.
type httpTransport struct {
	// origin is the server's (scheme://host:port); only requests to it
	// get the URL's user and query and the configured headers.
	origin  string
	user    *url.Userinfo
	query   string
	headers map[string]string
	max     int
	// requests bounds the server's requests whose answers are on their
	// way: mcp-go answers each on a goroutine of its own.
	requests chan struct{}
	next     http.RoundTripper
}

func (h httpTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if origin(r.URL) == h.origin {
		r = h.withSecrets(r)
	}
	if isAnswer(r) {
		defer func() { <-h.requests }()
	}
	resp, err := h.next.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	if isEventStream(resp) {
		resp.Body = newSSEFilter(resp.Body, h.max, h.request)
		return resp, nil
	}
	return capBody(r, resp, h.max)
}

// withSecrets is r with the URL's query and user (as basic auth, as
// net/http's client sends it) and the configured headers.
func (h httpTransport) withSecrets(r *http.Request) *http.Request {
	if len(h.headers) == 0 && h.user == nil && h.query == "" {
		return r
	}
	r = r.Clone(r.Context())
	if h.query != "" {
		r.URL.RawQuery = strings.TrimPrefix(r.URL.RawQuery+"&"+h.query, "&")
	}
	if h.user != nil && r.Header.Get("Authorization") == "" {
		password, _ := h.user.Password()
		r.SetBasicAuth(h.user.Username(), password)
	}
	for k, v := range h.headers {
		r.Header.Set(k, v)
	}
	return r
}

// origin is a URL's scheme://host:port, with the scheme's default port.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// request reports whether a request from the server may go on to
// mcp-go, which answers it: not while maxQueuedRequests wait for theirs.
func (h httpTransport) request() bool {
	select {
	case h.requests <- struct{}{}:
		return true
	default:
		return false
	}
}

// notified handles the server's notifications: progress of a call, and
// a changed tool list.
func (c *Conn) notified(n mcpgo.JSONRPCNotification) {
	switch n.Method {
	case string(mcpgo.MethodNotificationToolsListChanged):
		c.changed()

	case string(mcpgo.MethodNotificationProgress):
		fields := n.Params.AdditionalFields
		token := fmt.Sprint(fields["progressToken"])
		if f, ok := c.progress.Load(token); ok {
			done, _ := fields["progress"].(float64)
			total, _ := fields["total"].(float64)
			msg, _ := fields["message"].(string)
			f.(func(float64, float64, string))(done, total, msg)
		}
	}
}

// Call calls one of the server's tools by its own name. progress, when not
// nil, receives the server's progress notifications for this call. A server
// that is down, or dies during the call, gives a *DownError.
func (c *Conn) Call(ctx context.Context, name string, args map[string]any, progress func(done, total float64, msg string)) (*mcpgo.CallToolResult, error) {
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.opts.CallTimeout)
	defer cancel()
	res, err := c.call(ctx, name, args, progress)
	if err != nil && parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, &TimeoutError{Name: c.srv.Name, Tool: name, After: c.opts.CallTimeout}
	}
	return res, err
}

func (c *Conn) call(ctx context.Context, name string, args map[string]any, progress func(done, total float64, msg string)) (*mcpgo.CallToolResult, error) {
	s, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	req := mcpgo.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	if progress != nil {
		token := "f0-" + strconv.FormatInt(c.tokens.Add(1), 10)
		c.progress.Store(token, progress)
		defer c.progress.Delete(token)
		req.Params.Meta = &mcpgo.Meta{ProgressToken: token}
	}
	res, err := s.c.CallTool(ctx, req)
	if err == nil {
		// A call that worked ends a run of failures.
		c.mu.Lock()
		c.fails = 0
		c.mu.Unlock()
		return res, nil
	}
	var te *transport.Error
	if ctx.Err() == nil && errors.As(err, &te) {
		return nil, c.lost(s, err)
	}
	return nil, fmt.Errorf("upstream %s: %w", c.srv.Name, err)
}

// TimeoutError says that a server did not answer a call in time: f0
// stopped waiting and cancelled it.
type TimeoutError struct {
	Name, Tool string
	After      time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("upstream server %q did not answer %s within %s; f0 stopped waiting and cancelled the call (f0 --upstream-timeout sets the wait). It may still be at work: check before calling again a tool that changes things.",
		e.Name, e.Tool, e.After)
}

// Refused marks the error as not about the call's arguments.
func (e *TimeoutError) Refused() bool { return true }

// DownError says that an upstream server is not running, why, and when
// f0 tries again.
type DownError struct {
	Name  string
	Cause error
	Retry time.Duration
	// Starting is set when the error came from starting the server,
	// Died when the server stopped before or during the call.
	Starting, Died bool
}

func (e *DownError) Error() string {
	var b strings.Builder
	switch {
	case e.Died:
		fmt.Fprintf(&b, "upstream server %q stopped: %v", e.Name, e.Cause)
	case e.Starting:
		fmt.Fprintf(&b, "upstream server %q could not be started: %v", e.Name, e.Cause)
	default:
		fmt.Fprintf(&b, "upstream server %q is down: %v", e.Name, e.Cause)
	}
	if e.Retry > 0 {
		fmt.Fprintf(&b, "\nf0 starts it again in %s; call again then.", e.Retry.Round(time.Second))
	} else {
		b.WriteString("\nf0 starts it again on the next call.")
	}
	return b.String()
}

func (e *DownError) Unwrap() error { return e.Cause }

// Refused marks the error as not about the call's arguments: the answer
// gives the cause and the fix, without the input schema.
func (e *DownError) Refused() bool { return true }

// Tail keeps the last bytes a server wrote on stderr.
type Tail struct {
	mu  sync.Mutex
	buf []byte
}

// tailKeep is how much of a server's stderr an error shows.
const tailKeep = 4 << 10

// Write keeps p, dropping what is older than the last tailKeep bytes.
func (t *Tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - tailKeep; over > 0 {
		t.buf = t.buf[over:]
	}
	return len(p), nil
}

// String returns what was kept, trimmed.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
