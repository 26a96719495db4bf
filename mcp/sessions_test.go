package mcp

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"f0/engine"
)

// TestSessionStore: ids are unique and prefixed, and the store counts,
// terminates and forgets sessions.
func TestSessionStore(t *testing.T) {
	s := newSessionStore()
	a, b := s.Generate(), s.Generate()
	if a == b || !strings.HasPrefix(a, sessionPrefix) {
		t.Fatalf("ids %q %q", a, b)
	}
	if s.count() != 2 {
		t.Fatalf("count = %d", s.count())
	}
	check := func(id string, wantTerminated, wantErr bool) {
		t.Helper()
		term, err := s.Validate(id)
		if term != wantTerminated || (err != nil) != wantErr {
			t.Errorf("Validate(%q) = %v, %v; want %v, err=%v", id, term, err, wantTerminated, wantErr)
		}
	}
	check(a, false, false)
	check("nope", false, true)
	check(sessionPrefix+"unknown", false, true)
	if na, err := s.Terminate(a); na || err != nil {
		t.Errorf("Terminate = %v, %v", na, err)
	}
	check(a, true, false)
	if s.count() != 1 {
		t.Errorf("count = %d after Terminate", s.count())
	}
	if na, err := s.Terminate(a); na || err != nil { // again
		t.Errorf("second Terminate = %v, %v", na, err)
	}
	if na, err := s.Terminate("never"); na || err != nil {
		t.Errorf("Terminate unknown = %v, %v", na, err)
	}
	// The list of ended IDs is bounded.
	for range maxEnded + 5 {
		s.Terminate(s.Generate())
	}
	s.mu.Lock()
	ended := len(s.ended)
	s.mu.Unlock()
	if ended > maxEnded {
		t.Errorf("%d ended IDs kept, cap %d", ended, maxEnded)
	}
	check(b, false, false)
}

// TestFullSessionTableEvictsUnusedSessions: with the table full, an idle session that never called a tool gives its
// place to a new client, and learns why on its next request; a session
// that called a tool keeps its place.
func TestFullSessionTableEvictsUnusedSessions(t *testing.T) {
	hs, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 2})
	url := ts.URL + "/mcp"
	worker, _ := rawSession(t, url)
	idle, _ := rawSession(t, url)
	call := map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": "tools_search", "arguments": map[string]any{"query": "x"}}}
	readBody(t, rawPost(t, url, call, sessionHeaders(worker)))
	// Not yet idle long enough: the table is full.
	if r := rawPost(t, url, initializeMsg(1), nil); r.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("initialize with a full table of fresh sessions: %d", r.StatusCode)
	}
	backdate(hs)
	r := rawPost(t, url, initializeMsg(1), nil)
	readBody(t, r)
	if r.StatusCode != http.StatusOK || r.Header.Get("Mcp-Session-Id") == "" {
		t.Fatalf("initialize after eviction: %d", r.StatusCode)
	}
	if got := r.Header.Get("X-F0-Evicted"); got != "1 idle session that never called a tool was closed to make room" {
		t.Errorf("X-F0-Evicted = %q", got)
	}
	lr := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, sessionHeaders(idle))
	if b := readBody(t, lr); lr.StatusCode != http.StatusNotFound || !strings.Contains(b, "the session table was full, and this session had never called a tool") {
		t.Errorf("the evicted session: %d %s", lr.StatusCode, b)
	}
	if lr := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 4, "method": "tools/list"}, sessionHeaders(worker)); lr.StatusCode != http.StatusOK {
		t.Errorf("the working session was evicted: %d", lr.StatusCode)
	}
}

// backdate makes every live session look idle for a minute.
func backdate(h *HTTPServer) {
	h.sessions.mu.Lock()
	defer h.sessions.mu.Unlock()
	for _, se := range h.sessions.live {
		se.used = time.Now().Add(-time.Minute)
	}
}

// TestSessionTableJudgesWhatSessionsDid is F18 of issue 27: a body that
// merely held the text "tools/call" (a ping's params) exempted a session
// from eviction, so 20 ping-only sessions locked new clients out for half
// an hour. A session counts as working once it sent a tools/call request.
func TestSessionTableJudgesWhatSessionsDid(t *testing.T) {
	hs, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 3})
	url := ts.URL + "/mcp"
	for i := range 3 {
		id, _ := rawSession(t, url)
		ping := map[string]any{"jsonrpc": "2.0", "id": 2 + i, "method": "ping", "params": map[string]any{"note": `"tools/call"`, "_meta": map[string]any{"x": "tools/call"}}}
		readBody(t, rawPost(t, url, ping, sessionHeaders(id)))
		note := map[string]any{"jsonrpc": "2.0", "method": "tools/call", "params": map[string]any{"name": "tools_search"}} // no id: a notification, answered by nothing
		readBody(t, rawPost(t, url, note, sessionHeaders(id)))
	}
	backdate(hs)
	r := rawPost(t, url, initializeMsg(1), nil)
	if b := readBody(t, r); r.StatusCode != http.StatusOK {
		t.Fatalf("a new client, with the table full of sessions that only pinged: %d %s", r.StatusCode, b)
	}
}

// TestSessionTableShare is F18's second half: a client holding the whole
// table, every session of it having called a tool, locked every other
// client out until --session-ttl. Another client now gets the slot of its
// session idle longest; the client itself still waits for its own.
func TestSessionTableShare(t *testing.T) {
	hs, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 4, SessionIdleTTL: time.Hour})
	other := otherLoopback(t, hs)
	url := ts.URL + "/mcp"
	var first string
	for i := range 4 {
		id, _ := rawSession(t, url)
		if i == 0 {
			first = id
		}
		call := map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": "tools_search", "arguments": map[string]any{"query": "x"}}}
		readBody(t, rawPost(t, url, call, sessionHeaders(id)))
	}
	backdate(hs)
	touch := map[string]any{"jsonrpc": "2.0", "id": 9, "method": "ping"}
	readBody(t, rawPost(t, url, touch, sessionHeaders(first))) // used now: not the one idle longest
	if r := rawPost(t, url, initializeMsg(1), nil); r.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the client holding the table asked for one more: %d, want 503", r.StatusCode)
	}
	r := rawPost(t, other+"/mcp", initializeMsg(1), nil)
	if b := readBody(t, r); r.StatusCode != http.StatusOK {
		t.Fatalf("another client, with one client holding the whole table: %d %s", r.StatusCode, b)
	}
	if live, _ := hs.sessions.use(first, false); !live {
		t.Error("the session used last was evicted, not the one idle longest")
	}
}

// otherLoopback serves h on ::1 as well, so that a test has a second
// client address; it returns that server's URL.
func otherLoopback(t *testing.T, h *HTTPServer) string {
	t.Helper()
	ln, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		t.Skip("no ::1 here:", err)
	}
	ts := httptest.NewUnstartedServer(h.Handler())
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts.URL
}
