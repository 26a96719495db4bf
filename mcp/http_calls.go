package mcp

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Over streamable HTTP, mcp-go's handlePost costs more than a trivial call
// itself: it decodes the body twice before HandleMessage decodes it four
// times more, starts a goroutine and a channel per request to forward
// notifications, and keeps resumable-stream bookkeeping. So a plain
// tools/call of a live session (see plainCallOf) is answered here, beside
// handlePost, with the answer handlePost would write: 200, Content-Type
// application/json, the JSON-RPC response encoded by json.Encoder.
//
// What handlePost would do differently is left to it: a request it would
// answer as SSE (a progress token asks for notifications during the call), a
// request of another era (2026-07-28) or of no session (stateless), a CORS
// request, a media type or protocol version it would have to check. The
// call's context carries what handlePost gives it: the registered session
// and the transport; it ends when the client goes away, when
// notifications/cancelled names the call, and when shutdown gives up on the
// calls still running (cancelAll, rather than every call registering with
// the shutdown signal, which all calls would contend for). Client roots are
// asked over the session's GET stream and answered by separate POSTs, which
// are mcp-go's, so they work whichever way the call is answered.
//
// mcp-go expires a session nobody used for --session-ttl by its own
// clock, which only the requests it serves set. A session whose requests
// all took the direct path would expire while busy, so a session whose
// clock mcp-go has not set for a while has its next call served by mcp-go.

// httpCalls answers the plain tool calls of live HTTP sessions.
type httpCalls struct {
	srv *server.MCPServer
	// shutdown ends, with its cause, when shutdown gives up waiting for
	// the calls; cancelAll then ends theirs.
	shutdown context.Context
	// refresh is how stale mcp-go's idle clock of a session may be before
	// a call of the session goes through mcp-go to set it.
	refresh time.Duration

	mu       sync.RWMutex
	sessions map[string]*httpSession
	// served counts the calls answered directly (tests read it).
	served atomic.Int64
}

// httpSession is a session mcp-go registered, as the direct path needs it.
type httpSession struct {
	client   server.ClientSession
	requests requestTable // the direct calls running, for cancellation
	// seen is when mcp-go last served a request of the session (Unix
	// nanoseconds), and so set its idle clock.
	seen atomic.Int64
	// ended says mcp-go unregistered the session: no call starts here any
	// more, and the session leaves the index with its last call (so that
	// cancelAll still finds the calls of sessions closed at shutdown).
	ended atomic.Bool
}

// maxClockRefresh caps how stale mcp-go's idle clock of a busy session gets.
const maxClockRefresh = 10 * time.Second

// newHTTPCalls follows the sessions s registers. It returns nil when s has
// no hooks to follow them with.
func newHTTPCalls(s *server.MCPServer, idleTTL time.Duration, shutdown context.Context) *httpCalls {
	hooks := s.GetHooks()
	if hooks == nil {
		return nil
	}
	c := &httpCalls{srv: s, shutdown: shutdown, refresh: min(idleTTL/16, maxClockRefresh), sessions: map[string]*httpSession{}}
	hooks.AddOnRegisterSession(func(_ context.Context, session server.ClientSession) { c.register(session) })
	hooks.AddOnUnregisterSession(func(_ context.Context, session server.ClientSession) { c.unregister(session.SessionID()) })
	return c
}

func (c *httpCalls) register(session server.ClientSession) {
	if session.SessionID() == "" {
		return
	}
	se := &httpSession{client: session}
	se.seen.Store(time.Now().UnixNano())
	c.mu.Lock()
	c.sessions[session.SessionID()] = se
	c.mu.Unlock()
}

// unregister ends a session: it leaves the index now, or with its last
// call (see finished).
func (c *httpCalls) unregister(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if se := c.sessions[id]; se != nil {
		se.ended.Store(true)
		if se.requests.empty() {
			delete(c.sessions, id)
		}
	}
}

// finished removes an ended session whose last call has just finished.
func (c *httpCalls) finished(id string, se *httpSession) {
	if !se.ended.Load() || !se.requests.empty() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions[id] == se {
		delete(c.sessions, id)
	}
}

// session returns the live session id.
func (c *httpCalls) session(id string) *httpSession {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if se := c.sessions[id]; se != nil && !se.ended.Load() {
		return se
	}
	return nil
}

// cancelAll ends the context of every call answered here that is still
// running, with cause.
func (c *httpCalls) cancelAll(cause error) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for _, se := range c.sessions {
		se.requests.cancelAll(cause)
	}
}

// forwarding records that mcp-go serves a request of session id (which
// sets its idle clock), and hands a notifications/cancelled to the direct
// calls it may name.
func (c *httpCalls) forwarding(id string, e *envelope) {
	se := c.session(id)
	if se == nil {
		return
	}
	se.seen.Store(time.Now().UnixNano())
	if !e.hasID() && e.isMethod(string(mcpgo.MethodNotificationCancelled)) {
		se.requests.cancelled(e.params)
	}
}

// directSession returns the session (and its id) of a request the direct
// path may answer, or nil when handlePost must: its headers are what handlePost
// answers in JSON without checking anything the direct path does not, and
// mcp-go's idle clock of the session is recent.
func (c *httpCalls) directSession(r *http.Request) (string, *httpSession) {
	h := r.Header
	id := h.Get("Mcp-Session-Id")
	if id == "" || r.Method != http.MethodPost || h.Get("Content-Type") != "application/json" || h.Get("Origin") != "" {
		return "", nil
	}
	if v := h.Get("Mcp-Protocol-Version"); v != "" && (!mcpgo.IsValidProtocolVersion(v) || mcpgo.IsModernProtocol(v)) {
		return "", nil
	}
	se := c.session(id)
	if se == nil || time.Since(time.Unix(0, se.seen.Load())) >= c.refresh {
		return "", nil
	}
	return id, se
}

// serve answers a plain tool call of a live session and reports whether it
// did; when it did not, the request is mcp-go's.
func (c *httpCalls) serve(w http.ResponseWriter, r *http.Request, e *envelope, body []byte) bool {
	id, se := c.directSession(r)
	if se == nil {
		return false
	}
	call, ok := plainCallOf(c.srv, e, body)
	if !ok || call.req.Params.Meta != nil { // progress goes out as SSE
		return false
	}
	ctx, cancel := context.WithCancelCause(withTransport(c.srv.WithContext(r.Context(), se.client), transportName(false)))
	defer cancel(nil)
	ref, ok := c.begin(se, e.id, cancel)
	if !ok {
		c.end(id, se, ref)
		return false
	}
	answer := call.run(ctx)
	c.end(id, se, ref)
	c.served.Add(1)
	if r.Context().Err() != nil {
		return true // the client is gone, as handlePost finds too
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(answer)
	return true
}

// begin records a call of session se that cancel ends, and reports false
// when the session ended meanwhile (cancelAll might not find the call: it
// is mcp-go's then). A call that begins after shutdown gave up on the
// calls ends at once.
func (c *httpCalls) begin(se *httpSession, id []byte, cancel context.CancelCauseFunc) (requestRef, bool) {
	ref := se.requests.add(id)
	if se.ended.Load() {
		return ref, false
	}
	se.requests.setCancel(ref, cancel)
	if c.shutdown.Err() != nil { // cancelAll may have run before the call was added
		cancel(context.Cause(c.shutdown))
	}
	return ref, true
}

// end forgets a call begin recorded.
func (c *httpCalls) end(id string, se *httpSession, ref requestRef) {
	se.requests.remove(ref)
	c.finished(id, se)
}
