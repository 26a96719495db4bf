package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"f0/catalog"
)

// Protocol revisions under test.
const (
	sessionProto   = mcpgo.ProtocolVersion20251125 // initialize handshake, sessions
	statelessProto = mcpgo.ProtocolVersion20260728 // no handshake, no sessions
)

// testTimeout bounds every wait in these tests. It only ever fires when
// something is broken (a hang), never on a slow machine doing its job.
const testTimeout = 30 * time.Second

// newPipeline builds the real catalogue, in a temporary root, behind a
// pipeline.
func newPipeline(t testing.TB, cfg engine.Config) *engine.Host {
	t.Helper()
	return catalogPipeline(t, catalog.Options{Roots: []string{t.TempDir()}}, cfg)
}

// catalogPipeline builds the real catalogue with opts behind a pipeline.
func catalogPipeline(t testing.TB, opts catalog.Options, cfg engine.Config) *engine.Host {
	t.Helper()
	reg, err := catalog.New(opts)
	if err != nil {
		t.Fatalf("catalog.New: %v", err)
	}
	p, err := engine.NewHost(reg, cfg)
	if err != nil {
		t.Fatalf("engine.NewHost: %v", err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func newTestServer(t testing.TB, cfg engine.Config) *server.MCPServer {
	t.Helper()
	return NewServer(newPipeline(t, cfg), Options{Version: "test"})
}

// gate is a controllable tool body: it tells the test it started, reports
// progress, and then blocks until released or cancelled.
type gate struct {
	started  chan struct{} // one value per call that started
	release  chan struct{} // closed by the test to let calls finish
	canceled chan struct{} // one value per call that saw its context end
	// afterProgress, when set, is waited on after the progress report (so a
	// test can make sure the client saw the notification first).
	afterProgress chan struct{}
}

func newGate() *gate {
	return &gate{
		started:  make(chan struct{}, 16),
		release:  make(chan struct{}),
		canceled: make(chan struct{}, 16),
	}
}

func (g *gate) run(ctx context.Context, call tool.Call, in meta.SearchInput) (tool.Result, error) {
	g.started <- struct{}{}
	call.Progress(1, 2, "half way")
	if g.afterProgress != nil {
		select {
		case <-g.afterProgress:
		case <-ctx.Done():
		}
	}
	select {
	case <-g.release:
		return tool.Text("slow done: %s", in.Query), nil
	case <-ctx.Done():
		g.canceled <- struct{}{}
		return tool.Result{}, ctx.Err()
	}
}

// slowPipeline is a pipeline whose tools.search is replaced by the gate.
func slowPipeline(t testing.TB, g *gate) *engine.Host {
	t.Helper()
	return customSearchPipeline(t, g.run)
}

// customSearchPipeline is a pipeline whose tools.search runs run: a test
// tool with tools.search's name, input type and document (Spec.Docs), so
// that its schema is the real one's.
func customSearchPipeline(t testing.TB, run func(context.Context, tool.Call, meta.SearchInput) (tool.Result, error)) *engine.Host {
	t.Helper()
	slow := tool.Def[meta.SearchInput]{
		Spec: tool.Spec{
			Name: "tools.search", Title: "Slow test tool",
			Summary:     "Blocks until the test releases it.",
			Access:      tool.Read,
			Annotations: tool.Annotations{ReadOnly: true},
			Fields: tool.Fields{
				MainField: "query",
			},
		},
		Run: run,
	}.Erase()
	list := []*tool.Tool{slow}
	for _, mt := range meta.Tools() {
		if mt.Name != "tools.search" {
			list = append(list, mt)
		} else {
			slow.Docs = mt.Docs
		}
	}
	reg, err := engine.NewRegistry(list...)
	if err != nil {
		t.Fatalf("NewRegistry: %v", err)
	}
	p, err := engine.NewHost(reg, engine.Config{})
	if err != nil {
		t.Fatalf("NewHost: %v", err)
	}
	return p
}

// wait receives from ch or fails the test after testTimeout.
func wait[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(testTimeout):
		t.Fatalf("timed out waiting for %s", what)
		var zero T
		return zero
	}
}

// connector opens an initialized client to s over one transport.
type connector struct {
	name    string
	version string // protocol the client must end up on
	connect func(t testing.TB, s *server.MCPServer, version string) *client.Client
}

// connectors are every transport and protocol combination f0 serves.
var connectors = []connector{
	{"inprocess/" + sessionProto, sessionProto, connectInProcess},
	{"inprocess/" + statelessProto, statelessProto, connectInProcess},
	{"stdio/" + sessionProto, sessionProto, connectStdio},
	{"stdio/" + statelessProto, statelessProto, connectStdio},
	{"http/" + sessionProto, sessionProto, connectHTTP(false)},
	{"http/" + statelessProto, statelessProto, connectHTTP(false)},
	{"http-stateless/" + sessionProto, sessionProto, connectHTTP(true)},
	{"http-stateless/" + statelessProto, statelessProto, connectHTTP(true)},
}

// newClient makes a client over tr pinned to version, closed when the test
// ends; initialize starts it.
func newClient(t testing.TB, tr transport.Interface, version string, opts ...client.ClientOption) *client.Client {
	t.Helper()
	c := client.NewClient(tr, append(opts, client.WithProtocolVersion(version))...)
	t.Cleanup(func() { c.Close() })
	return c
}

// startClient makes a client over tr and runs the handshake pinned to
// version.
func startClient(t testing.TB, tr transport.Interface, version string, opts ...client.ClientOption) *client.Client {
	t.Helper()
	c := newClient(t, tr, version, opts...)
	initialize(t, c, version)
	return c
}

// initialize runs the handshake (or discovery) pinned to version as client
// f0-test; see initializeAs.
func initialize(t testing.TB, c *client.Client, version string) *mcpgo.InitializeResult {
	t.Helper()
	return initializeAs(t, c, version, "f0-test")
}

// initializeAs starts c, runs the handshake (or discovery) pinned to
// version with the client introducing itself as name, and checks the client
// really ended up on that version. The client answers the server's
// requests (roots/list), and listens over HTTP, in the context Start gets,
// so that context lives until the test closes the client.
func initializeAs(t testing.TB, c *client.Client, version, name string) *mcpgo.InitializeResult {
	t.Helper()
	if err := c.Start(context.Background()); err != nil {
		t.Fatalf("start: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = mcpgo.Implementation{Name: name, Version: "0"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatalf("initialize (%s): %v", version, err)
	}
	if got := c.ProtocolVersion(); got != version {
		t.Fatalf("client negotiated protocol %q, want %q", got, version)
	}
	return res
}

func connectInProcess(t testing.TB, s *server.MCPServer, version string) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClientWithOptions(s, client.WithProtocolVersion(version))
	if err != nil {
		t.Fatalf("in-process client: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	initialize(t, c, version)
	return c
}

// stdioPair serves s over in-memory pipes with ServeStdio and returns the
// client's ends. stdout receives a copy of everything the server wrote.
type stdioPair struct {
	clientIn  *io.PipeReader // server → client
	clientOut *io.PipeWriter // client → server
	done      chan error
}

func startStdio(t testing.TB, s *server.MCPServer, stdout io.Writer, logger *slog.Logger) *stdioPair {
	t.Helper()
	return startStdioWith(t, s, stdout, StdioOptions{Logger: logger})
}

// startStdioWith is startStdio with every option.
func startStdioWith(t testing.TB, s *server.MCPServer, stdout io.Writer, opts StdioOptions) *stdioPair {
	t.Helper()
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	var out io.Writer = serverOut
	if stdout != nil {
		out = io.MultiWriter(serverOut, stdout)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeStdio(ctx, s, serverIn, out, opts) }()
	pair := &stdioPair{clientIn: clientIn, clientOut: clientOut, done: done}
	// The server must be gone before the test ends.
	t.Cleanup(func() {
		clientOut.Close()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("ServeStdio: %v", err)
			}
		case <-time.After(testTimeout):
			t.Errorf("ServeStdio did not return after its input closed")
		}
		serverOut.Close()
	})
	return pair
}

func connectStdio(t testing.TB, s *server.MCPServer, version string) *client.Client {
	t.Helper()
	pair := startStdio(t, s, nil, nil)
	return startClient(t, transport.NewIO(pair.clientIn, pair.clientOut, nil), version)
}

// newHTTP serves s through NewHTTPServer's handler on an httptest server.
func newHTTP(t testing.TB, s *server.MCPServer, opts HTTPOptions) (*HTTPServer, *httptest.Server) {
	t.Helper()
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	h, err := NewHTTPServer(s, opts)
	if err != nil {
		t.Fatalf("NewHTTPServer: %v", err)
	}
	ts := httptest.NewServer(h.Handler())
	t.Cleanup(func() {
		ts.Close()
		// Stops mcp-go's idle-session sweeper.
		ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
		defer cancel()
		_ = h.streamable.Shutdown(ctx)
	})
	return h, ts
}

func connectHTTP(stateless bool) func(testing.TB, *server.MCPServer, string) *client.Client {
	return func(t testing.TB, s *server.MCPServer, version string) *client.Client {
		t.Helper()
		_, ts := newHTTP(t, s, HTTPOptions{Stateless: stateless})
		return httpClient(t, ts.URL+"/mcp", version, nil)
	}
}

// httpClient connects to url; rt, when set, wraps the HTTP transport.
func httpClient(t testing.TB, url, version string, rt http.RoundTripper) *client.Client {
	t.Helper()
	// Quiet: clients of stopped servers log their failed closing DELETE.
	opts := []transport.StreamableHTTPCOption{transport.WithHTTPLogger(slog.New(slog.DiscardHandler))}
	if rt != nil {
		opts = append(opts, transport.WithHTTPBasicClient(&http.Client{Transport: rt}))
	}
	tr, err := transport.NewStreamableHTTP(url, opts...)
	if err != nil {
		t.Fatalf("streamable HTTP transport: %v", err)
	}
	return startClient(t, tr, version)
}

// bearerRT adds a bearer token to every request.
type bearerRT struct{ token string }

func (b bearerRT) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// callTool calls name with args and fails on a protocol error.
func callTool(t testing.TB, c *client.Client, name string, args any) *mcpgo.CallToolResult {
	t.Helper()
	res, err := callToolErr(c, name, args)
	if err != nil {
		t.Fatalf("call %s: protocol error (want a result): %v", name, err)
	}
	return res
}

func callToolErr(c *client.Client, name string, args any) (*mcpgo.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	req := mcpgo.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	return c.CallTool(ctx, req)
}

// resultText joins a result's text blocks.
func resultText(res *mcpgo.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(mcpgo.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func listTools(t testing.TB, c *client.Client) []mcpgo.Tool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	res, err := c.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	return res.Tools
}

func toolNames(ts []mcpgo.Tool) []string {
	names := make([]string, len(ts))
	for i, tl := range ts {
		names[i] = tl.Name
	}
	return names
}

// syncBuffer is a bytes.Buffer safe for concurrent writers and readers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// rawPost sends one JSON-RPC message to url and returns the response.
func rawPost(t testing.TB, url string, body any, headers map[string]string) *http.Response {
	t.Helper()
	data, ok := body.([]byte)
	if !ok {
		var err error
		if data, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// initializeMsg is a 2025-11-25 initialize request.
func initializeMsg(id int) map[string]any {
	return map[string]any{
		"jsonrpc": "2.0", "id": id, "method": "initialize",
		"params": map[string]any{
			"protocolVersion": sessionProto,
			"capabilities":    map[string]any{},
			"clientInfo":      map[string]any{"name": "raw", "version": "0"},
		},
	}
}

func readBody(t testing.TB, resp *http.Response) string {
	t.Helper()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	return string(data)
}
