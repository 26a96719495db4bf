package mcp

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"f0/engine"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"f0/catalog"
	"f0/internal/roots"
)

// rootsClient answers roots/list with whatever the test set last; when
// hold is set, answers wait until it is closed.
type rootsClient struct {
	mu    sync.Mutex
	uris  []string
	hold  chan struct{}
	asked chan struct{}
	// calls counts roots/list requests; busy and peak count those being
	// answered now and the most at once.
	calls, busy, peak atomic.Int32
}

func newRootsClient(uris ...string) *rootsClient {
	return &rootsClient{uris: uris, asked: make(chan struct{}, 64)}
}

func (rc *rootsClient) set(uris ...string) {
	rc.mu.Lock()
	rc.uris = uris
	rc.mu.Unlock()
}

func (rc *rootsClient) ListRoots(ctx context.Context, _ mcpgo.ListRootsRequest) (*mcpgo.ListRootsResult, error) {
	rc.calls.Add(1)
	if n := rc.busy.Add(1); n > rc.peak.Load() {
		rc.peak.Store(n) // only this test's requests race here; a lost max is still > 1
	}
	defer rc.busy.Add(-1)
	select {
	case rc.asked <- struct{}{}:
	default: // a flood of requests: the test counts them instead
	}
	rc.mu.Lock()
	hold, uris := rc.hold, rc.uris
	rc.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	res := &mcpgo.ListRootsResult{Roots: []mcpgo.Root{}}
	for _, u := range uris {
		res.Roots = append(res.Roots, mcpgo.Root{URI: u, Name: filepath.Base(u)})
	}
	return res, nil
}

// fileURI is the file:// URI of an absolute path.
func fileURI(p string) string { return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String() }

// rootsServer serves the real catalogue under a roots policy: mode client,
// bounded by bounds when given (as --roots client --root bounds).
func rootsServer(t testing.TB, explicit bool, bounds string, wait time.Duration) *server.MCPServer {
	t.Helper()
	var dirs []string
	if bounds != "" {
		dirs = []string{bounds}
	}
	t.Chdir(t.TempDir()) // the fallback working directory
	fixed, err := roots.OpenOperator(dirs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fixed.Close() })
	policy := &roots.Policy{Mode: roots.ModeClient, Explicit: explicit, Fixed: fixed, Bounded: bounds != "", Wait: wait}
	p := catalogPipeline(t, catalog.Options{Files: fixed}, engine.Config{})
	return NewServer(p, Options{Version: "test", Roots: policy})
}

// rootsConnector connects a client that sends roots (rc nil: a client
// without the roots capability).
type rootsConnector struct {
	name    string
	connect func(t testing.TB, s *server.MCPServer, rc *rootsClient) *client.Client
}

var rootsConnectors = []rootsConnector{
	{"stdio", func(t testing.TB, s *server.MCPServer, rc *rootsClient) *client.Client {
		pair := startStdio(t, s, nil, nil)
		return startRootsClient(t, transport.NewIO(pair.clientIn, pair.clientOut, nil), rc)
	}},
	{"http", func(t testing.TB, s *server.MCPServer, rc *rootsClient) *client.Client {
		_, ts := newHTTP(t, s, HTTPOptions{})
		//lint:ignore SA1019 roots/list reaches a 2025-11-25 client on the standalone GET stream this opens (gone only in 2026-07-28).
		tr, err := transport.NewStreamableHTTP(ts.URL+"/mcp", transport.WithContinuousListening())
		if err != nil {
			t.Fatal(err)
		}
		return startRootsClient(t, tr, rc)
	}},
}

// startRootsClient runs the handshake over tr as a client that answers
// roots/list with rc (rc nil: a client without the roots capability).
func startRootsClient(t testing.TB, tr transport.Interface, rc *rootsClient) *client.Client {
	t.Helper()
	var opts []client.ClientOption
	if rc != nil {
		opts = append(opts, client.WithRootsHandler(rc))
	}
	return startClient(t, tr, sessionProto, opts...)
}

// twoFolders makes two project folders, each with a file named after it.
func twoFolders(t testing.TB) (a, b string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	a, b = filepath.Join(base, "a"), filepath.Join(base, "b")
	for _, d := range []string{a, b} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, filepath.Base(d)+".txt"), []byte("in "+filepath.Base(d)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return a, b
}

func mustContain(t testing.TB, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Fatalf("answer lacks %q:\n%s", w, text)
		}
	}
}

// TestClientRootsFollowed: fs.* works in the client's roots, and follows a
// change within the next call, over stdio and HTTP.
func TestClientRootsFollowed(t *testing.T) {
	for _, conn := range rootsConnectors {
		t.Run(conn.name, func(t *testing.T) {
			a, b := twoFolders(t)
			rc := newRootsClient(fileURI(a))
			c := conn.connect(t, rootsServer(t, false, "", 0), rc)

			res := callTool(t, c, "fs_read", map[string]any{"path": "a.txt"})
			if res.IsError || !strings.Contains(resultText(res), "in a") {
				t.Fatalf("read in the client's root: %s", resultText(res))
			}
			res = callTool(t, c, "fs_read", map[string]any{"path": filepath.Join(b, "b.txt")})
			if !res.IsError {
				t.Fatalf("read outside the client's roots succeeded: %s", resultText(res))
			}
			mustContain(t, resultText(res), "is outside the allowed roots ("+a+" — the client's roots (roots/list))")

			rc.set(fileURI(b), fileURI(a))
			if err := c.RootListChanges(context.Background()); err != nil {
				t.Fatal(err)
			}
			res = callTool(t, c, "fs_read", map[string]any{"path": "b.txt"})
			if res.IsError || !strings.Contains(resultText(res), "in b") {
				t.Fatalf("read after the roots changed: %s", resultText(res))
			}
			res = callTool(t, c, "tools_describe", map[string]any{"name": "fs_read"})
			mustContain(t, resultText(res), "Roots: "+b+", "+a+" — the client's roots (roots/list)")
		})
	}
}

// TestClientRootsRefused: a client root is never trusted beyond --root, and
// every refusal says why.
func TestClientRootsRefused(t *testing.T) {
	for _, conn := range rootsConnectors {
		t.Run(conn.name, func(t *testing.T) {
			a, b := twoFolders(t)
			inside := filepath.Join(a, "inside")
			if err := os.Mkdir(inside, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(b, filepath.Join(a, "link-out")); err != nil {
				t.Fatal(err)
			}
			rc := newRootsClient(
				fileURI(a)+"/inside/../../b",          // a ".." segment
				"file://"+a+"/%2e%2e/b",               // an encoded ".."
				"file://"+a+"/inside%2F..%2F..%2Fb",   // encoded slashes
				fileURI(filepath.Join(a, "link-out")), // a symlink leading out
				fileURI(b),                            // plainly outside --root
				"https://example.com/project",         // not a file URI
				"file://fileserver/share",             // another host
			)
			c := conn.connect(t, rootsServer(t, true, a, 0), rc)
			res := callTool(t, c, "fs_list", map[string]any{})
			if !res.IsError {
				t.Fatalf("listing with only refused roots succeeded: %s", resultText(res))
			}
			mustContain(t, resultText(res), "every root the client listed was refused",
				`contains a ".." segment`, "encodes a slash", "a symbolic link leads it to "+b+", outside --root "+a,
				fileURI(b)+" (outside --root "+a+")", "not a file:// URI", "names another host (fileserver)")

			rc.set(fileURI(inside), fileURI(b))
			if err := c.RootListChanges(context.Background()); err != nil {
				t.Fatal(err)
			}
			res = callTool(t, c, "fs_write", map[string]any{"path": "new.txt", "content": "x"})
			if res.IsError {
				t.Fatalf("write in the allowed client root: %s", resultText(res))
			}
			if _, err := os.Stat(filepath.Join(inside, "new.txt")); err != nil {
				t.Fatalf("the write did not land in the client's root: %v", err)
			}
			res = callTool(t, c, "fs_read", map[string]any{"path": filepath.Join(b, "b.txt")})
			mustContain(t, resultText(res), "outside the allowed roots ("+inside+" — the client's roots (roots/list), kept inside --root "+a+"; refused: "+fileURI(b)+" (outside --root "+a+"))")
		})
	}
}

// TestClientRootsMissing: no roots from the client is an answer that says
// so, never the working directory in silence.
func TestClientRootsMissing(t *testing.T) {
	for _, conn := range rootsConnectors {
		t.Run(conn.name+"/empty", func(t *testing.T) {
			c := conn.connect(t, rootsServer(t, false, "", 0), newRootsClient())
			res := callTool(t, c, "fs_list", map[string]any{})
			mustContain(t, resultText(res), "fs_list failed: no roots yet: the client lists no workspace roots (roots/list answered an empty list). Open a folder in the client")
		})
		t.Run(conn.name+"/no-capability", func(t *testing.T) {
			c := conn.connect(t, rootsServer(t, false, "", 0), nil)
			res := callTool(t, c, "tools_describe", map[string]any{"name": "fs_list"})
			mustContain(t, resultText(res), "— the working directory, as f0 was started without --root; the client sends no roots (it did not declare the roots capability)")
			if res := callTool(t, c, "fs_list", map[string]any{}); res.IsError {
				t.Fatalf("fs_list in the working directory: %s", resultText(res))
			}
		})
		t.Run(conn.name+"/pending", func(t *testing.T) {
			_, b := twoFolders(t)
			rc := newRootsClient(fileURI(b))
			rc.hold = make(chan struct{})
			c := conn.connect(t, rootsServer(t, false, "", time.Millisecond), rc)
			wait(t, rc.asked, "roots/list")
			res := callTool(t, c, "fs_list", map[string]any{})
			mustContain(t, resultText(res), "no roots yet: f0 asked the client for its workspace roots (roots/list)", "has no answer yet", "restart f0 with --root DIR")
			close(rc.hold)
		})
	}
}

// TestRootsListChangedFlood is F9 of issue 27: each
// notifications/roots/list_changed sent a roots/list of its own, each
// waiting up to a minute for the answer, so a flood of notifications grew
// f0 by gigabytes. One roots/list is in flight per session, and changes
// notified meanwhile make one more once it is answered.
func TestRootsListChangedFlood(t *testing.T) {
	const flood = 200
	for _, conn := range rootsConnectors {
		t.Run(conn.name, func(t *testing.T) {
			a, b := twoFolders(t)
			rc := newRootsClient(fileURI(a))
			rc.hold = make(chan struct{})
			c := conn.connect(t, rootsServer(t, false, "", 0), rc)
			wait(t, rc.asked, "roots/list")
			rc.set(fileURI(b))
			for range flood {
				if err := c.RootListChanges(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			// Served after the notifications: f0 has seen all of them.
			callTool(t, c, "tools_search", map[string]any{"query": "read"})
			close(rc.hold)
			res := callTool(t, c, "fs_read", map[string]any{"path": "b.txt"})
			if res.IsError {
				t.Fatalf("the last change was not followed: %s", resultText(res))
			}
			if calls, peak := rc.calls.Load(), rc.peak.Load(); calls != 2 || peak != 1 {
				t.Errorf("%d notifications: %d roots/list requests, %d at once; want 2 (the first and one for the changes), 1 at once", flood, calls, peak)
			}
		})
	}
}

// TestClientRootsNeedSession: stateless HTTP says plainly that client roots
// need a session.
func TestClientRootsNeedSession(t *testing.T) {
	for _, explicit := range []bool{true, false} {
		s := rootsServer(t, explicit, "", 0)
		_, ts := newHTTP(t, s, HTTPOptions{Stateless: true})
		c := httpClient(t, ts.URL+"/mcp", sessionProto, nil)
		res := callTool(t, c, "fs_list", map[string]any{})
		if explicit {
			mustContain(t, resultText(res), "fs_list failed: no roots yet: f0 runs with --roots client, and client roots need a session, but this server runs --stateless")
			continue
		}
		if res.IsError {
			t.Fatalf("default mode, stateless: %s", resultText(res))
		}
		res = callTool(t, c, "tools_describe", map[string]any{"name": "fs_list"})
		mustContain(t, resultText(res), "client roots need a session, and this server runs --stateless")
	}
}

// TestClientRootsNetCurl: net.curl saves files in the client's roots, and a
// request that touches no file works even while the client has no roots.
func TestClientRootsNetCurl(t *testing.T) {
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "hello") }))
	defer web.Close()
	a, _ := twoFolders(t)
	rc := newRootsClient()
	c := rootsConnectors[0].connect(t, rootsServer(t, false, "", 0), rc)

	res := callTool(t, c, "net_curl", map[string]any{"url": web.URL})
	if res.IsError || !strings.Contains(resultText(res), "hello") {
		t.Fatalf("a request without files while the client has no roots: %s", resultText(res))
	}
	res = callTool(t, c, "net_curl", map[string]any{"url": web.URL, "output": "page.txt"})
	mustContain(t, resultText(res), `"output": "page.txt": no roots yet: the client lists no workspace roots`)

	rc.set(fileURI(a))
	if err := c.RootListChanges(context.Background()); err != nil {
		t.Fatal(err)
	}
	res = callTool(t, c, "net_curl", map[string]any{"url": web.URL, "output": "page.txt"})
	if res.IsError {
		t.Fatalf("saving in the client's root: %s", resultText(res))
	}
	if data, err := os.ReadFile(filepath.Join(a, "page.txt")); err != nil || string(data) != "hello" {
		t.Fatalf("the saved file: %q, %v", data, err)
	}
}

// TestClientRootsModernProtocol: a 2026-07-28 request has no session, so no
// client roots; with --roots client the answer says so.
func TestClientRootsModernProtocol(t *testing.T) {
	s := rootsServer(t, true, "", 0)
	_, ts := newHTTP(t, s, HTTPOptions{})
	c := httpClient(t, ts.URL+"/mcp", statelessProto, nil)
	res := callTool(t, c, "fs_list", map[string]any{})
	mustContain(t, resultText(res), "fs_list failed: no roots yet: f0 runs with --roots client, and client roots need a session, but this request uses protocol 2026-07-28, which has none")
}
