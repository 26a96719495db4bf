package mcp

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"f0/tools"
)

// getStream opens GET /mcp with a session id, as an SSE client does.
func getStream(t *testing.T, url, id string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	req.Header.Set("Accept", "text/event-stream")
	for k, v := range sessionHeaders(id) {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		return resp.StatusCode, ""
	}
	return resp.StatusCode, readBody(t, resp)
}

// A made-up or ended session id gets 404 on GET too; before, GET opened an
// event stream for any id, outside the session limit.
func TestUnknownSessionIs404OnEveryMethod(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, tools.Config{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	id, resp := rawSession(t, url)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize: %d", resp.StatusCode)
	}
	for i := range 50 {
		code, body := getStream(t, url, fmt.Sprintf("%sMADEUP%d", sessionPrefix, i))
		if code != http.StatusNotFound || !strings.Contains(body, "not found: it never existed here") {
			t.Fatalf("GET with a made-up session: %d %s", code, body)
		}
	}
	if n := h.sessions.count(); n != 1 {
		t.Errorf("%d sessions live, want 1", n)
	}
	deleteSession(t, url, id)
	code, body := getStream(t, url, id)
	if code != http.StatusNotFound || !strings.Contains(body, "has ended: it was closed; send initialize again") {
		t.Fatalf("GET after DELETE: %d %s", code, body)
	}
	r := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, sessionHeaders(sessionPrefix+"NOPE"))
	if b := readBody(t, r); r.StatusCode != http.StatusNotFound {
		t.Errorf("POST with a made-up session: %d %s", r.StatusCode, b)
	}
}

// With the table full, an idle session that never called a tool gives its
// place to a new client, and learns why on its next request; a session
// that called a tool keeps its place.
func TestFullSessionTableEvictsUnusedSessions(t *testing.T) {
	hs, ts := newHTTP(t, newTestServer(t, tools.Config{}), HTTPOptions{MaxSessions: 2})
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

// A 401 is answered without waiting for the body an unauthenticated
// client announced; before, the server waited for it, so slow clients
// held connections for ever.
func TestUnauthorizedDoesNotWaitForTheBody(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, tools.Config{}), HTTPOptions{Token: "s3cret"})
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{", ts.Listener.Addr())
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer while the body is pending: %v", err)
	}
	if resp.StatusCode != http.StatusUnauthorized || !resp.Close {
		t.Fatalf("status %d, close %v", resp.StatusCode, resp.Close)
	}
}
