package mcp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"f0/engine"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

func TestHTTPHealthz(t *testing.T) {
	for _, opts := range []HTTPOptions{{}, {Token: "s3cret"}, {Stateless: true}} {
		_, ts := newHTTP(t, newTestServer(t, engine.Config{}), opts)
		resp, err := http.Get(ts.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		body := readBody(t, resp)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || strings.TrimSpace(body) != "ok" {
			t.Errorf("%+v: GET /healthz = %d %q", opts, resp.StatusCode, body)
		}
	}
}

func TestHTTPUnknownPath(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
	resp := rawPost(t, ts.URL+"/other", initializeMsg(1), nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("POST /other = %d, want 404", resp.StatusCode)
	}
}

func TestHTTPOrigin(t *testing.T) {
	tests := []struct {
		name    string
		allowed []string
		origin  string
		want    int
	}{
		{"no origin", nil, "", http.StatusOK},
		{"foreign", nil, "http://evil.example", http.StatusForbidden},
		{"foreign https", nil, "https://evil.example:443", http.StatusForbidden},
		{"localhost", nil, "http://localhost:3000", http.StatusOK},
		{"127.0.0.1", nil, "http://127.0.0.1:8080", http.StatusOK},
		{"127.0.0.2", nil, "http://127.0.0.2", http.StatusOK},
		{"::1", nil, "http://[::1]:5173", http.StatusOK},
		{"sub.localhost", nil, "http://app.localhost:3000", http.StatusOK},
		{"localhost lookalike", nil, "http://localhost.evil.example", http.StatusForbidden},
		{"loopback IP lookalike", nil, "http://127.0.0.1.evil.example", http.StatusForbidden},
		{"null", nil, "null", http.StatusForbidden},
		{"garbage", nil, "::not a url", http.StatusForbidden},
		{"allowed extra", []string{"https://app.example"}, "https://app.example", http.StatusOK},
		{"allowed extra, case and slash", []string{"https://App.Example/"}, "https://app.example", http.StatusOK},
		{"other than allowed", []string{"https://app.example"}, "https://other.example", http.StatusForbidden},
		{"loopback still allowed with extras", []string{"https://app.example"}, "http://localhost:1", http.StatusOK},
		{"wildcard", []string{"*"}, "https://anything.example", http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{AllowedOrigins: tc.allowed})
			headers := map[string]string{}
			if tc.origin != "" {
				headers["Origin"] = tc.origin
			}
			resp := rawPost(t, ts.URL+"/mcp", initializeMsg(1), headers)
			body := readBody(t, resp)
			if resp.StatusCode != tc.want {
				t.Fatalf("Origin %q: status %d, want %d: %s", tc.origin, resp.StatusCode, tc.want, body)
			}
			if tc.want == http.StatusForbidden && !strings.Contains(body, "--allowed-origins") {
				t.Errorf("403 does not say how to allow the origin: %s", body)
			}
			// The guard covers every path, /healthz included.
			req, _ := http.NewRequest(http.MethodGet, ts.URL+"/healthz", nil)
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			hr, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			hr.Body.Close()
			if hr.StatusCode != tc.want {
				t.Errorf("GET /healthz with Origin %q: %d, want %d", tc.origin, hr.StatusCode, tc.want)
			}
		})
	}
}

func TestHTTPCORSPreflight(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{
		Token: "s3cret", AllowedOrigins: []string{"https://app.example"},
	})
	req, _ := http.NewRequest(http.MethodOptions, ts.URL+"/mcp", nil)
	req.Header.Set("Origin", "https://app.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusUnauthorized {
		t.Fatal("CORS preflight (which carries no credentials) was refused with 401")
	}
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "https://app.example" {
		t.Errorf("Access-Control-Allow-Origin = %q", got)
	}
	if got := strings.ToLower(resp.Header.Get("Access-Control-Allow-Headers")); !strings.Contains(got, "authorization") {
		t.Errorf("Access-Control-Allow-Headers = %q, want Authorization in it", got)
	}
}

func TestHTTPHost(t *testing.T) {
	tests := []struct {
		name string
		host string
		want int
	}{
		{"foreign", "evil.example", http.StatusForbidden},
		{"foreign with port", "evil.example:8931", http.StatusForbidden},
		{"localhost", "localhost", http.StatusOK},
		{"localhost with port", "localhost:8931", http.StatusOK},
		{"127.0.0.1", "127.0.0.1:8931", http.StatusOK},
		{"::1", "[::1]:8931", http.StatusOK},
		{"rebinding lookalike", "127.0.0.1.nip.io", http.StatusForbidden},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
			resp := rawPost(t, ts.URL+"/mcp", initializeMsg(1), map[string]string{"Host": tc.host})
			body := readBody(t, resp)
			if resp.StatusCode != tc.want {
				t.Errorf("Host %q: %d, want %d: %s", tc.host, resp.StatusCode, tc.want, body)
			}
		})
	}
}

// TestHTTPHostAllowList checks the guard's own Host decision on /healthz
// (which mcp-go does not see).
func TestHTTPHostAllowList(t *testing.T) {
	tests := []struct {
		name string
		opts HTTPOptions
		host string
		want int
	}{
		{"loopback bind, listed host", HTTPOptions{AllowedHosts: []string{"mcp.example"}}, "mcp.example", http.StatusOK},
		{"loopback bind, listed host:port", HTTPOptions{AllowedHosts: []string{"mcp.example:8931"}}, "mcp.example:8931", http.StatusOK},
		{"loopback bind, unlisted host", HTTPOptions{AllowedHosts: []string{"mcp.example"}}, "other.example", http.StatusForbidden},
		{"wide bind, no list: any host", HTTPOptions{Addr: "0.0.0.0:0", Token: "t"}, "anything.example", http.StatusOK},
		{"wide bind, listed host", HTTPOptions{Addr: "0.0.0.0:0", Token: "t", AllowedHosts: []string{"mcp.example"}}, "mcp.example", http.StatusOK},
		{"wide bind, unlisted host", HTTPOptions{Addr: "0.0.0.0:0", Token: "t", AllowedHosts: []string{"mcp.example"}}, "other.example", http.StatusForbidden},
		{"wide bind, loopback host", HTTPOptions{Addr: "0.0.0.0:0", Token: "t", AllowedHosts: []string{"mcp.example"}}, "localhost", http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ts := newHTTP(t, newTestServer(t, engine.Config{}), tc.opts)
			req, _ := http.NewRequest(http.MethodGet, ts.URL+"/healthz", nil)
			req.Host = tc.host
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("Host %q: %d, want %d", tc.host, resp.StatusCode, tc.want)
			}
		})
	}
}

// TestAllowedHostsReachMCP: regression test (the bug was in mcp/http.go, NewHTTPServer).
// f0's guard accepts a Host listed in AllowedHosts (and any Host when bound
// beyond loopback without a list), but mcp-go's own DNS-rebinding check
// still answers 403 on /mcp whenever the connection arrived on a loopback
// address: behind a local reverse proxy, in a container with a published
// port, or over an SSH tunnel, --allowed-hosts does not work.
func TestAllowedHostsReachMCP(t *testing.T) {
	for _, opts := range []HTTPOptions{
		{AllowedHosts: []string{"mcp.example"}},
		{Addr: "0.0.0.0:0", Token: "t"},
	} {
		_, ts := newHTTP(t, newTestServer(t, engine.Config{}), opts)
		headers := map[string]string{"Host": "mcp.example"}
		if opts.Token != "" {
			headers["Authorization"] = "Bearer " + opts.Token
		}
		resp := rawPost(t, ts.URL+"/mcp", initializeMsg(1), headers)
		body := readBody(t, resp)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%+v: POST /mcp with an allowed Host got %d: %s", opts, resp.StatusCode, strings.TrimSpace(body))
		}
	}
}

func TestHTTPAuth(t *testing.T) {
	const token = "s3cret"
	tests := []struct {
		name          string
		authorization string
		want          int
		challenge     string // WWW-Authenticate on 401
	}{
		{"missing", "", http.StatusUnauthorized, `Bearer realm="f0"`},
		{"other scheme", "Basic dXNlcjpwYXNz", http.StatusUnauthorized, `Bearer realm="f0"`},
		{"empty bearer", "Bearer ", http.StatusUnauthorized, `Bearer realm="f0"`},
		{"wrong", "Bearer nope", http.StatusUnauthorized, `Bearer realm="f0", error="invalid_token"`},
		{"prefix of the token", "Bearer s3cre", http.StatusUnauthorized, `Bearer realm="f0", error="invalid_token"`},
		{"right", "Bearer " + token, http.StatusOK, ""},
		{"right, lower-case scheme", "bearer " + token, http.StatusOK, ""},
		{"right, extra spaces", "  Bearer   " + token + "  ", http.StatusOK, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{Token: token})
			headers := map[string]string{}
			if tc.authorization != "" {
				headers["Authorization"] = tc.authorization
			}
			resp := rawPost(t, ts.URL+"/mcp", initializeMsg(1), headers)
			body := readBody(t, resp)
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.want, body)
			}
			if got := resp.Header.Get("WWW-Authenticate"); got != tc.challenge {
				t.Errorf("WWW-Authenticate = %q, want %q", got, tc.challenge)
			}
			if strings.Contains(body, token) {
				t.Errorf("response leaks the token: %s", body)
			}
		})
	}
}

func TestHTTPAuthClient(t *testing.T) {
	for _, version := range []string{sessionProto, statelessProto} {
		t.Run(version, func(t *testing.T) {
			h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{Token: "s3cret"})
			c := httpClient(t, ts.URL+"/mcp", version, bearerRT{"s3cret"})
			if res := callTool(t, c, "tools_search", map[string]any{}); res.IsError {
				t.Fatalf("call: %s", resultText(res))
			}
			if res := callTool(t, c, "tools_serch", map[string]any{}); !res.IsError || !strings.Contains(resultText(res), "tools_search") {
				t.Errorf("unknown tool: %s", resultText(res))
			}
			// The closing DELETE carries the token too, so the session ends.
			if err := c.Close(); err != nil {
				t.Errorf("close: %v", err)
			}
			if n := h.sessions.count(); n != 0 {
				t.Errorf("%d sessions still live after the client closed", n)
			}
		})
	}
}

func TestHTTPTokenRequired(t *testing.T) {
	tests := []struct {
		addr, token string
		wantErr     error // nil: no error; errAny: any other error
	}{
		{"0.0.0.0:0", "", ErrTokenRequired},
		{"[::]:0", "", ErrTokenRequired},
		{":8931", "", ErrTokenRequired},
		{"192.0.2.1:8931", "", ErrTokenRequired},
		{"example.com:8931", "", ErrTokenRequired},
		{"0.0.0.0:0", "t", nil},
		{"127.0.0.1:0", "", nil},
		{"127.0.0.1:8931", "", nil},
		{"localhost:0", "", nil},
		{"[::1]:0", "", nil},
		{"no-port", "", errAny},
		{"", "", errAny},
	}
	for _, tc := range tests {
		t.Run(tc.addr+"/"+tc.token, func(t *testing.T) {
			h, err := NewHTTPServer(newTestServer(t, engine.Config{}), HTTPOptions{Addr: tc.addr, Token: tc.token})
			if h != nil {
				t.Cleanup(func() { _ = h.streamable.Shutdown(context.Background()) })
			}
			switch {
			case tc.wantErr == nil && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tc.wantErr == errAny && err == nil:
				t.Error("want an error")
			case tc.wantErr != nil && tc.wantErr != errAny && !errors.Is(err, tc.wantErr):
				t.Errorf("error = %v, want %v", err, tc.wantErr)
			}
		})
	}
}

var errAny = errors.New("any error")

func TestHTTPMaxBody(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxBody: 1024})
	big := []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"` + strings.Repeat("x", 2048) + `"}}`)
	resp := rawPost(t, ts.URL+"/mcp", big, nil)
	body := readBody(t, resp)
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("declared oversize body: %d, want 413: %s", resp.StatusCode, body)
	}
	// Within the limit works.
	if resp := rawPost(t, ts.URL+"/mcp", initializeMsg(1), nil); resp.StatusCode != http.StatusOK {
		t.Errorf("small body: %d", resp.StatusCode)
	}
	// A chunked body (no Content-Length) is cut by MaxBytesReader: never
	// served, whatever the status.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/mcp", io.MultiReader(strings.NewReader(string(big))))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	cr, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	cbody := readBody(t, cr)
	cr.Body.Close()
	if cr.StatusCode == http.StatusOK && !strings.Contains(cbody, `"error"`) {
		t.Errorf("chunked oversize body was served: %d %s", cr.StatusCode, cbody)
	}
	t.Logf("chunked oversize body: HTTP %d %s", cr.StatusCode, strings.TrimSpace(cbody))
}

// rawSession opens a 2025-11-25 session with raw HTTP and returns its ID.
func rawSession(t *testing.T, url string) (string, *http.Response) {
	t.Helper()
	resp := rawPost(t, url, initializeMsg(1), nil)
	readBody(t, resp)
	return resp.Header.Get("Mcp-Session-Id"), resp
}

func sessionHeaders(id string) map[string]string {
	return map[string]string{"Mcp-Session-Id": id, "Mcp-Protocol-Version": sessionProto}
}

func TestHTTPMaxSessions(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 1})
	url := ts.URL + "/mcp"
	id, resp := rawSession(t, url)
	if resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("first initialize: %d, session %q", resp.StatusCode, id)
	}
	second := rawPost(t, url, initializeMsg(2), nil)
	body := readBody(t, second)
	if second.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("second initialize: %d, want 503: %s", second.StatusCode, body)
	}
	assertRoomAnswer(t, second, body, "503 too many sessions (1). A session that never called a tool is closed to make room once it has been idle for 10s: retry in %d s (Retry-After). "+freeSlot, 10)
	// The live session still works.
	list := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, sessionHeaders(id))
	if lb := readBody(t, list); list.StatusCode != http.StatusOK || !strings.Contains(lb, "tools_search") {
		t.Errorf("tools/list in the live session: %d %s", list.StatusCode, lb)
	}
	// Ending it frees the slot.
	deleteSession(t, url, id)
	if n := h.sessions.count(); n != 0 {
		t.Errorf("count after DELETE = %d", n)
	}
	if id2, resp := rawSession(t, url); resp.StatusCode != http.StatusOK || id2 == "" || id2 == id {
		t.Errorf("initialize after DELETE: %d, session %q", resp.StatusCode, id2)
	}
}

// TestSessionLimitSparesStatelessProtocol: regression test (the bug was in mcp/http.go, limits).
// limits counts every POST without Mcp-Session-Id as a new session, but
// 2026-07-28 requests never carry one and never create a session: once
// MaxSessions legacy sessions are live, every 2026-07-28 client (the mcp-go
// default, `f0 call --server`) gets 503.
func TestSessionLimitSparesStatelessProtocol(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 1})
	url := ts.URL + "/mcp"
	if id, resp := rawSession(t, url); resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d", resp.StatusCode)
	}
	discover := map[string]any{
		"jsonrpc": "2.0", "id": 1, "method": "server/discover",
		"params": map[string]any{"_meta": map[string]any{
			mcpgo.MetaKeyProtocolVersion:    statelessProto,
			mcpgo.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "0"},
			mcpgo.MetaKeyClientCapabilities: map[string]any{},
		}},
	}
	resp := rawPost(t, url, discover, map[string]string{"Mcp-Protocol-Version": statelessProto, "Mcp-Method": "server/discover"})
	body := readBody(t, resp)
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a 2026-07-28 request (which creates no session) got %d while the session limit is reached: %s", resp.StatusCode, strings.TrimSpace(body))
	}
}

// TestGETWithoutSessionCannotBypassLimit: regression test (the bug was in mcp/http.go, limits).
// A GET /mcp without Mcp-Session-Id makes mcp-go mint and register a new
// session (sessionStore.Generate), outside the MaxSessions check, which only
// looks at POSTs. With the event store the session outlives the connection
// until the idle TTL, so anyone can create unbounded sessions.
func TestGETWithoutSessionCannotBypassLimit(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 1})
	url := ts.URL + "/mcp"
	if id, resp := rawSession(t, url); resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d", resp.StatusCode)
	}
	for i := range 3 {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", sessionProto)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		status := resp.StatusCode
		cancel()
		resp.Body.Close()
		if status == http.StatusOK {
			t.Errorf("GET %d without Mcp-Session-Id opened a stream (%d) beyond MaxSessions=1", i, status)
		}
	}
	if n := h.sessions.count(); n > 1 {
		t.Errorf("%d sessions live with MaxSessions=1", n)
	}
}

func deleteSession(t *testing.T, url, id string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodDelete, url, nil)
	for k, v := range sessionHeaders(id) {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("DELETE session: %d", resp.StatusCode)
	}
}

func TestHTTPSessionLifecycle(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	id, resp := rawSession(t, url)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize: %d", resp.StatusCode)
	}
	if !strings.HasPrefix(id, sessionPrefix) || len(id) < len(sessionPrefix)+16 {
		t.Errorf("session ID %q: want %q and a long random part", id, sessionPrefix)
	}
	if n := h.sessions.count(); n != 1 {
		t.Errorf("count = %d, want 1", n)
	}
	call := map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call",
		"params": map[string]any{"name": "tools_serch", "arguments": map[string]any{}}}
	r := rawPost(t, url, call, sessionHeaders(id))
	if body := readBody(t, r); r.StatusCode != http.StatusOK || !strings.Contains(body, `"isError":true`) || !strings.Contains(body, `unknown tool \"tools_serch\"`) {
		t.Errorf("unknown tool in session: %d %s", r.StatusCode, body)
	}

	deleteSession(t, url, id)
	for _, tc := range []struct{ name, id string }{
		{"deleted", id},
		{"never issued", sessionPrefix + "NOPE"},
		{"foreign format", "abc"},
	} {
		r := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, sessionHeaders(tc.id))
		body := readBody(t, r)
		if r.StatusCode != http.StatusNotFound {
			t.Errorf("%s session: %d, want 404: %s", tc.name, r.StatusCode, body)
		}
	}
	// Deleting twice is harmless.
	deleteSession(t, url, id)
	if n := h.sessions.count(); n != 0 {
		t.Errorf("count = %d after DELETE", n)
	}
}

// TestHTTPSessionIdleExpiry: an idle session is swept (mcp-go's sweeper
// runs at most once a second) and leaves f0's session count.
func TestHTTPSessionIdleExpiry(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{SessionIdleTTL: time.Millisecond, MaxSessions: 1})
	url := ts.URL + "/mcp"
	id, resp := rawSession(t, url)
	if resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d", resp.StatusCode)
	}
	deadline := time.Now().Add(testTimeout)
	for h.sessions.count() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("idle session never expired")
		}
		time.Sleep(20 * time.Millisecond)
	}
	r := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, sessionHeaders(id))
	if body := readBody(t, r); r.StatusCode != http.StatusNotFound {
		t.Errorf("expired session: %d, want 404: %s", r.StatusCode, body)
	}
	// Its slot is free again.
	if id2, resp := rawSession(t, url); resp.StatusCode != http.StatusOK || id2 == "" {
		t.Errorf("initialize after expiry: %d", resp.StatusCode)
	}
}

func TestHTTPStatelessHasNoSession(t *testing.T) {
	tests := []struct {
		stateless   bool
		wantSession bool
	}{
		{false, true},
		{true, false},
	}
	for _, tc := range tests {
		_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{Stateless: tc.stateless, MaxSessions: 1})
		url := ts.URL + "/mcp"
		for i := range 3 { // stateless ignores the session limit
			id, resp := rawSession(t, url)
			if i > 0 && !tc.stateless {
				break
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("stateless=%v initialize %d: %d", tc.stateless, i, resp.StatusCode)
			}
			if (id != "") != tc.wantSession {
				t.Errorf("stateless=%v: Mcp-Session-Id = %q", tc.stateless, id)
			}
		}
		if tc.stateless {
			// Any later request stands on its own.
			r := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 9, "method": "tools/list"},
				map[string]string{"Mcp-Protocol-Version": sessionProto})
			if body := readBody(t, r); r.StatusCode != http.StatusOK || !strings.Contains(body, "tools_search") {
				t.Errorf("stateless tools/list: %d %s", r.StatusCode, body)
			}
		}
	}
}

// serve runs h.Serve on its own goroutine and returns its address and the
// channel Serve's result arrives on.
func serve(t *testing.T, h *HTTPServer, ctx context.Context) (string, <-chan error) {
	t.Helper()
	addrc := make(chan net.Addr, 1)
	errc := make(chan error, 1)
	go func() { errc <- h.Serve(ctx, func(a net.Addr) { addrc <- a }) }()
	select {
	case a := <-addrc:
		return a.String(), errc
	case err := <-errc:
		t.Fatalf("Serve: %v", err)
	case <-time.After(testTimeout):
		t.Fatal("Serve never became ready")
	}
	return "", nil
}

// waitClosed waits until nothing accepts connections on addr.
func waitClosed(t *testing.T, addr string) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return
		}
		conn.Close()
		if time.Now().After(deadline) {
			t.Fatalf("%s still accepts connections after shutdown", addr)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestHTTPServeShutdownIdle(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		h, err := NewHTTPServer(newTestServer(t, engine.Config{}), HTTPOptions{Addr: "127.0.0.1:0", Stateless: stateless})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		addr, errc := serve(t, h, ctx)
		// A session is open when the server stops.
		c := httpClient(t, "http://"+addr+"/mcp", sessionProto, nil)
		if res := callTool(t, c, "tools_search", nil); res.IsError {
			t.Fatal(resultText(res))
		}
		cancel()
		if err := wait(t, errc, "Serve to return"); err != nil {
			t.Errorf("stateless=%v: Serve after cancel: %v", stateless, err)
		}
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			t.Errorf("%s still accepts connections after Serve returned", addr)
		}
	}
}

func TestHTTPServeListenError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	h, err := NewHTTPServer(newTestServer(t, engine.Config{}), HTTPOptions{Addr: ln.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.streamable.Shutdown(context.Background()) })
	called := false
	err = h.Serve(context.Background(), func(net.Addr) { called = true })
	if err == nil || !strings.Contains(err.Error(), "listen on") {
		t.Errorf("Serve on a taken port: %v", err)
	}
	if called {
		t.Error("ready called although listening failed")
	}
}

// TestHTTPServeGracefulShutdown: a call in flight when the server is told
// to stop still gets its answer; new connections are refused meanwhile.
func TestHTTPServeGracefulShutdown(t *testing.T) {
	for _, version := range []string{sessionProto, statelessProto} {
		t.Run(version, func(t *testing.T) {
			g := newGate()
			h, err := NewHTTPServer(NewServer(slowPipeline(t, g), Options{}), HTTPOptions{Addr: "127.0.0.1:0"})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			addr, errc := serve(t, h, ctx)
			c := httpClient(t, "http://"+addr+"/mcp", version, nil)
			type outcome struct {
				res *mcpgo.CallToolResult
				err error
			}
			done := make(chan outcome, 1)
			go func() {
				res, err := callToolErr(c, "tools_search", map[string]any{"query": "in flight"})
				done <- outcome{res, err}
			}()
			wait(t, g.started, "the call to start")
			cancel()
			waitClosed(t, addr)
			select {
			case err := <-errc:
				t.Fatalf("Serve returned (%v) while a call was in flight", err)
			default:
			}
			close(g.release)
			out := wait(t, done, "the in-flight call")
			if out.err != nil {
				t.Fatalf("in-flight call failed: %v", out.err)
			}
			if out.res.IsError || !strings.Contains(resultText(out.res), "slow done: in flight") {
				t.Errorf("in-flight result: %s", resultText(out.res))
			}
			if err := wait(t, errc, "Serve to return"); err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
}

// TestServeCutsCallsAfterGrace: when ShutdownGrace runs out, the calls
// still running are cancelled (their tools stop) and their clients get an
// isError answer saying the server is shutting down, before Serve returns.
// TestServeCutsCallsAfterGrace: a call still running when the shutdown
// grace ends is cancelled and answered, whether mcp-go serves it or f0
// beside it.
func TestServeCutsCallsAfterGrace(t *testing.T) {
	for _, direct := range []bool{false, true} {
		t.Run(map[bool]string{false: "mcp-go", true: "direct"}[direct], func(t *testing.T) {
			serveCutsCallAfterGrace(t, direct)
		})
	}
}

func serveCutsCallAfterGrace(t *testing.T, direct bool) {
	g := newGate()
	t.Cleanup(func() { close(g.release) })
	h, err := NewHTTPServer(NewServer(slowPipeline(t, g), Options{}), HTTPOptions{Addr: "127.0.0.1:0", ShutdownGrace: 20 * time.Millisecond, allToMCPGo: !direct})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addr, errc := serve(t, h, ctx)
	c := httpClient(t, "http://"+addr+"/mcp", sessionProto, nil)
	if direct {
		listTools(t, c)
	}
	type answer struct {
		res *mcpgo.CallToolResult
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := callToolErr(c, "tools_search", map[string]any{"query": "stuck"})
		done <- answer{res, err}
	}()
	wait(t, g.started, "the call to start")
	cancel()
	err = wait(t, errc, "Serve to return after the grace period")
	t.Logf("Serve returned %v", err)
	// Once Serve has returned, the abandoned call must be cut off. With the
	// bug nothing ever happens; the bound below is only there so the test
	// ends (after the fix this takes milliseconds).
	bound, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	select {
	case <-g.canceled:
	case <-bound.Done():
		t.Error("the tool of a call abandoned at shutdown is still running after Serve returned")
	}
	select {
	case a := <-done:
		// The client gets an answer that says why, not a dropped connection.
		if a.err != nil {
			t.Errorf("abandoned call: transport error %v, want an isError result", a.err)
		} else if !a.res.IsError || !strings.Contains(resultText(a.res), "the server is shutting down") {
			t.Errorf("abandoned call answered %+v", a.res)
		}
	case <-bound.Done():
		t.Error("the client of a call abandoned at shutdown is still waiting after Serve returned")
	}
	if direct && h.calls.served.Load() != 1 {
		t.Errorf("calls answered beside mcp-go: %d, want 1", h.calls.served.Load())
	}
}

func TestFailedInitializeFreesItsSession(t *testing.T) {
	h, err := NewHTTPServer(newTestServer(t, engine.Config{}), HTTPOptions{Addr: "127.0.0.1:0", MaxSessions: 2})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(srv.Close)
	post := func(body string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	for range 3 {
		post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":"bad"}`)
	}
	if n := h.sessions.count(); n != 0 {
		t.Fatalf("%d sessions live after failed initializes", n)
	}
	good := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	if resp := post(good); resp.StatusCode != http.StatusOK || resp.Header.Get("Mcp-Session-Id") == "" {
		t.Fatalf("a good initialize after failed ones: %d", resp.StatusCode)
	}
	if n := h.sessions.count(); n != 1 {
		t.Fatalf("%d sessions live, want 1", n)
	}
}

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

// TestUnknownSessionIs404OnEveryMethod: a made-up or ended session id gets
// 404 on GET too, so a GET never opens an event stream outside the session
// limit.
func TestUnknownSessionIs404OnEveryMethod(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
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

// TestUnauthorizedDoesNotWaitForTheBody: a 401 is answered without waiting
// for the body an unauthenticated client announced, so a slow client cannot
// hold a connection for ever.
func TestUnauthorizedDoesNotWaitForTheBody(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{Token: "s3cret"})
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

// freeSlot ends every 503 of a full session table.
const freeSlot = "A client frees its slot at once by ending its session (DELETE /mcp with its Mcp-Session-Id).\n"

// assertRoomAnswer checks a full session table's 503: its text with the
// wait in seconds, at most most (the clock runs while the test does), and
// Retry-After saying the same wait.
func assertRoomAnswer(t *testing.T, resp *http.Response, body, format string, most int) {
	t.Helper()
	wait, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if resp.StatusCode != http.StatusServiceUnavailable || err != nil || wait < 1 || wait > most {
		t.Fatalf("HTTP %d, Retry-After %q (want 1 to %d s): %s", resp.StatusCode, resp.Header.Get("Retry-After"), most, body)
	}
	if want := fmt.Sprintf(format, wait); body != want {
		t.Fatalf("got:\n%s\nwant:\n%s", body, want)
	}
}

// When every session of a full table has called a tool, none can be
// evicted: the 503 says when the one idle longest expires (--session-ttl),
// and Retry-After matches.
func TestHTTPFullOfWorkingSessions(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{MaxSessions: 1, SessionIdleTTL: 90 * time.Second})
	url := ts.URL + "/mcp"
	id, _ := rawSession(t, url)
	call := rawPost(t, url, map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": "tools_search", "arguments": map[string]any{}}}, sessionHeaders(id))
	if cb := readBody(t, call); call.StatusCode != http.StatusOK {
		t.Fatalf("tools/call: %d %s", call.StatusCode, cb)
	}
	second := rawPost(t, url, initializeMsg(3), nil)
	assertRoomAnswer(t, second, readBody(t, second), "503 too many sessions (1), and every one has called tools. The session idle longest ends when it has been idle for 1m30s (--session-ttl): retry in %d s (Retry-After). "+freeSlot, 90)
}
