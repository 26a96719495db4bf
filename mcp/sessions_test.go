package mcp

import (
	"net/http"
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
