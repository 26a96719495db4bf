package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"f0/engine"
	"f0/internal/text"
	"f0/tool"
	"f0/tools/meta"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"f0/catalog"
)

func TestToolsListNames(t *testing.T) {
	tests := []struct {
		name      string
		cfg       engine.Config
		want      []string // must each be listed exactly once
		forbidden []string // must never be listed
		dotFree   bool
	}{
		{
			name:      "default underscore",
			cfg:       engine.Config{},
			want:      []string{"tools_search", "tools_describe"},
			forbidden: []string{"tools.search", "tools.describe", fallbackTool},
			dotFree:   true,
		},
		{
			name:      "dotted",
			cfg:       engine.Config{NameStyle: engine.Dotted},
			want:      []string{"tools.search", "tools.describe"},
			forbidden: []string{"tools_search", "tools_describe", fallbackTool},
		},
		{
			name:      "prefix",
			cfg:       engine.Config{Prefix: "p"},
			want:      []string{"p_tools_search", "p_tools_describe"},
			forbidden: []string{"tools_search", "tools.search", "p_tools.search", fallbackTool},
			dotFree:   true,
		},
		{
			name:      "prefix dotted",
			cfg:       engine.Config{Prefix: "p", NameStyle: engine.Dotted},
			want:      []string{"p_tools.search", "p_tools.describe"},
			forbidden: []string{"p_tools_search", fallbackTool},
		},
		{
			name:      "excluded tool is not listed",
			cfg:       engine.Config{Exclude: []string{"tools.search"}},
			want:      []string{"tools_describe"},
			forbidden: []string{"tools_search", "tools.search", fallbackTool},
			dotFree:   true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPipeline(t, tc.cfg)
			c := connectInProcess(t, NewServer(p, Options{Version: "test"}), sessionProto)
			listed := listTools(t, c)
			names := toolNames(listed)

			seen := map[string]int{}
			for _, n := range names {
				seen[n]++
			}
			for n, count := range seen {
				if count != 1 {
					t.Errorf("%q listed %d times", n, count)
				}
				if tc.dotFree && strings.Contains(n, ".") {
					t.Errorf("%q contains a dot; the default style must be dot-free", n)
				}
			}
			for _, w := range tc.want {
				if seen[w] != 1 {
					t.Errorf("%q not listed; got %v", w, names)
				}
			}
			for _, f := range tc.forbidden {
				if seen[f] > 0 {
					t.Errorf("%q must not be listed; got %v", f, names)
				}
			}
			// One listed name per visible tool.
			if len(names) != len(p.Visible()) {
				t.Errorf("listed %d tools, pipeline exposes %d", len(names), len(p.Visible()))
			}
			// tools --json (Published) shows exactly what tools/list shows.
			pub := toolNames(Published(p))
			if !slices.Equal(sorted(pub), sorted(names)) {
				t.Errorf("Published = %v, tools/list = %v", pub, names)
			}
		})
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

func TestToolsListShape(t *testing.T) {
	p := newPipeline(t, engine.Config{})
	c := connectInProcess(t, NewServer(p, Options{Version: "test"}), sessionProto)
	listed := listTools(t, c)
	if len(listed) == 0 {
		t.Fatal("no tools listed")
	}
	for _, tl := range listed {
		t.Run(tl.Name, func(t *testing.T) {
			if _, err := json.Marshal(tl); err != nil {
				t.Fatalf("json.Marshal: %v", err)
			}
			if tl.Title == "" {
				t.Error("title not set")
			}
			if tl.Description == "" {
				t.Error("description not set")
			}
			if !strings.Contains(tl.Description, "Example: {") {
				t.Errorf("description carries no example payload: %q", tl.Description)
			}
			a := tl.Annotations
			if a.ReadOnlyHint == nil || a.OpenWorldHint == nil {
				t.Errorf("read-only and open-world hints not set: %+v", a)
			}
			if writes := a.ReadOnlyHint != nil && !*a.ReadOnlyHint; writes != (a.DestructiveHint != nil && a.IdempotentHint != nil) {
				t.Errorf("destructive and idempotent hints should be set exactly when the tool writes: %+v", a)
			}
			if a.Title != "" {
				t.Error("annotations.title repeats the title")
			}
			var schema map[string]any
			raw := tl.RawInputSchema
			if len(raw) == 0 {
				raw, _ = json.Marshal(tl.InputSchema)
			}
			if err := json.Unmarshal(raw, &schema); err != nil {
				t.Fatalf("input schema: %v", err)
			}
			if schema["type"] != "object" {
				t.Errorf("schema type = %v, want object", schema["type"])
			}
			if _, ok := schema["properties"].(map[string]any); !ok {
				t.Errorf("schema has no properties object: %s", raw)
			}
		})
	}
	// The meta tools only read.
	for _, tl := range listed {
		if tl.Name == "tools_search" || tl.Name == "tools_describe" {
			if tl.Annotations.ReadOnlyHint == nil || !*tl.Annotations.ReadOnlyHint {
				t.Errorf("%s: readOnlyHint should be true", tl.Name)
			}
			if tl.Annotations.DestructiveHint != nil {
				t.Errorf("%s: a read-only tool needs no destructiveHint", tl.Name)
			}
		}
	}
	// The whole tools/list answer marshals (one broken tool loses all).
	if _, err := json.Marshal(mcpgo.ListToolsResult{Tools: listed}); err != nil {
		t.Fatalf("marshal tools/list result: %v", err)
	}
}

func TestToolsListEveryTransport(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			c := conn.connect(t, newTestServer(t, engine.Config{}), conn.version)
			names := toolNames(listTools(t, c))
			for _, want := range []string{"tools_search", "tools_describe"} {
				if !slices.Contains(names, want) {
					t.Errorf("%s not listed: %v", want, names)
				}
			}
			if slices.Contains(names, fallbackTool) {
				t.Errorf("hidden fallback %s listed: %v", fallbackTool, names)
			}
		})
	}
}

func TestInitializeResult(t *testing.T) {
	for _, version := range []string{sessionProto, statelessProto} {
		t.Run(version, func(t *testing.T) {
			c, err := client.NewInProcessClientWithOptions(newTestServer(t, engine.Config{}), client.WithProtocolVersion(version))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			res := initialize(t, c, version)
			if res.ServerInfo.Name != "f0" || res.ServerInfo.Version != "test" {
				t.Errorf("serverInfo = %+v", res.ServerInfo)
			}
			if !strings.Contains(res.Instructions, "Tool names look like net_curl") || !strings.Contains(res.Instructions, "tools_search {}") ||
				strings.Count(res.Instructions, "\n") != 1 {
				t.Errorf("instructions = %q", res.Instructions)
			}
			if res.Capabilities.Tools == nil {
				t.Error("tools capability not declared")
			}
			if res.Capabilities.Logging == nil {
				t.Error("logging capability not declared")
			}
		})
	}
}

func TestCallNames(t *testing.T) {
	type callCase struct {
		name    string
		isError bool
		want    []string
	}
	cases := []callCase{
		{name: "tools_search", want: []string{"tools_search", "tools_describe"}},
		{name: "tools.search", want: []string{"tools_search"}},
		{name: "TOOLS-SEARCH", want: []string{"tools_search"}},
		{name: "mcp__f0__tools_search", want: []string{"tools_search"}},
		{name: "f0_tools_search", want: []string{"tools_search"}},
		{name: "tools/search", want: []string{"tools_search"}},
		{name: "tools_serch", isError: true, want: []string{`unknown tool "tools_serch"`, "tools_search"}},
		// The hidden fallback is not callable by its own name.
		{name: fallbackTool, isError: true, want: []string{`unknown tool "` + fallbackTool + `"`}},
	}
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			c := conn.connect(t, newTestServer(t, engine.Config{}), conn.version)
			for _, cc := range cases {
				t.Run(cc.name, func(t *testing.T) {
					res := callTool(t, c, cc.name, map[string]any{})
					text := resultText(res)
					if res.IsError != cc.isError {
						t.Fatalf("isError = %v, want %v; text:\n%s", res.IsError, cc.isError, text)
					}
					for _, w := range cc.want {
						if !strings.Contains(text, w) {
							t.Errorf("text lacks %q:\n%s", w, text)
						}
					}
				})
			}
		})
	}
}

func TestCallNamesWithPrefixAndDotted(t *testing.T) {
	tests := []struct {
		cfg   engine.Config
		calls []string
	}{
		{engine.Config{Prefix: "p"}, []string{"p_tools_search", "tools_search", "tools.search", "P-TOOLS-SEARCH", "mcp__f0__tools_search"}},
		{engine.Config{NameStyle: engine.Dotted}, []string{"tools.search", "tools_search", "f0_tools.search"}},
	}
	for _, tc := range tests {
		c := connectInProcess(t, newTestServer(t, tc.cfg), sessionProto)
		for _, name := range tc.calls {
			res := callTool(t, c, name, nil)
			if res.IsError {
				t.Errorf("%+v: call %q failed:\n%s", tc.cfg, name, resultText(res))
			}
		}
	}
}

// TestClientPrefixOverServerPrefix: regression test (the bug was in tools/names.go, candidates).
// With --tools-prefix p the listed name is p_tools_search; a client that
// prefixes by server name sends mcp__f0__p_tools_search (or f0_p_tools_search).
// candidates strips the client prefix or the server prefix, never both, so
// the listed name wrapped in a client prefix does not resolve.
func TestClientPrefixOverServerPrefix(t *testing.T) {
	c := connectInProcess(t, newTestServer(t, engine.Config{Prefix: "p"}), sessionProto)
	for _, name := range []string{"mcp__f0__p_tools_search", "f0_p_tools_search"} {
		if res := callTool(t, c, name, nil); res.IsError {
			t.Errorf("%q (listed name p_tools_search behind a client prefix) does not resolve:\n%s", name, resultText(res))
		}
	}
}

func TestCallHiddenTool(t *testing.T) {
	c := connectInProcess(t, newTestServer(t, engine.Config{Exclude: []string{"tools.search"}}), sessionProto)
	for _, name := range []string{"tools_search", "tools.search"} {
		res := callTool(t, c, name, map[string]any{})
		text := resultText(res)
		if !res.IsError {
			t.Fatalf("%s: hidden tool ran:\n%s", name, text)
		}
		for _, w := range []string{"exists but this server does not expose it", "--exclude-tools"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q:\n%s", name, w, text)
			}
		}
	}
}

func TestCallArguments(t *testing.T) {
	cases := []struct {
		name    string
		args    any
		isError bool
		want    string
	}{
		{"object", map[string]any{"name": "tools_search"}, false, "Canonical name tools.search"},
		{"json string", `{"name":"tools_search"}`, false, "Canonical name tools.search"},
		{"args wrapper", map[string]any{"args": `{"name":"tools.search"}`}, false, "Canonical name tools.search"},
		{"bare string", "tools-search", false, "Canonical name tools.search"},
		{"misspelt field", map[string]any{"nmae": "tools_search"}, true, "tools_describe"},
		{"no arguments", nil, true, "tools_describe"},
	}
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			c := conn.connect(t, newTestServer(t, engine.Config{}), conn.version)
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					res := callTool(t, c, "tools_describe", tc.args)
					text := resultText(res)
					if res.IsError != tc.isError {
						t.Fatalf("isError = %v, want %v:\n%s", res.IsError, tc.isError, text)
					}
					if !strings.Contains(text, tc.want) {
						t.Errorf("text lacks %q:\n%s", tc.want, text)
					}
				})
			}
			// Arguments as a JSON string also survive the fallback route.
			res := callTool(t, c, "TOOLS.DESCRIBE", `{"name":"tools_search"}`)
			if res.IsError || !strings.Contains(resultText(res), "Canonical name tools.search") {
				t.Errorf("JSON-string arguments through another spelling:\n%s", resultText(res))
			}
		})
	}
}

// TestBeforeCallToolHookRunsBeforeLookup pins the mcp-go behaviour the
// fallback depends on: a BeforeCallTool hook runs before the tool lookup and
// may rename the call. If mcp-go changes this, unknown names turn into
// JSON-RPC errors again and other spellings stop working.
func TestBeforeCallToolHookRunsBeforeLookup(t *testing.T) {
	hooks := &server.Hooks{}
	var mu sync.Mutex
	var seen []string
	hooks.AddBeforeCallTool(func(ctx context.Context, id any, req *mcpgo.CallToolRequest) {
		mu.Lock()
		seen = append(seen, req.Params.Name)
		mu.Unlock()
		if req.Params.Name == "alias" {
			req.Params.Name = "real"
		}
	})
	s := server.NewMCPServer("pin", "0", server.WithToolCapabilities(false), server.WithHooks(hooks))
	s.AddTool(mcpgo.NewToolWithRawSchema("real", "the real tool", json.RawMessage(`{"type":"object","properties":{}}`)),
		func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			return mcpgo.NewToolResultText("ran real"), nil
		})
	for _, version := range []string{sessionProto, statelessProto} {
		t.Run(version, func(t *testing.T) {
			c := connectInProcess(t, s, version)
			res := callTool(t, c, "alias", nil)
			if res.IsError || resultText(res) != "ran real" {
				t.Fatalf("renamed call: isError=%v text=%q", res.IsError, resultText(res))
			}
			// Without the hook's rename, mcp-go answers an unknown name with a
			// protocol error: that is what the fallback exists to avoid.
			if _, err := callToolErr(c, "nothing", nil); err == nil {
				t.Error("mcp-go answered an unknown tool without a protocol error; the fallback may be unnecessary now")
			}
		})
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Contains(seen, "alias") || !slices.Contains(seen, "nothing") {
		t.Errorf("hook did not see the unknown names: %v", seen)
	}
}

// TestLoggingSetLevel: logging/setLevel is answered on both protocols and
// the session goes on.
func TestLoggingSetLevel(t *testing.T) {
	for _, version := range []string{sessionProto, statelessProto} {
		t.Run(version, func(t *testing.T) {
			c := connectInProcess(t, newTestServer(t, engine.Config{}), version)
			for _, level := range []mcpgo.LoggingLevel{mcpgo.LoggingLevelDebug, mcpgo.LoggingLevelWarning, mcpgo.LoggingLevelError} {
				req := mcpgo.SetLevelRequest{}
				req.Params.Level = level
				//lint:ignore SA1019 clients still send logging/setLevel (deprecated only from 2026-07-28); the server must answer it.
				if err := c.SetLevel(context.Background(), req); err != nil {
					t.Errorf("logging/setLevel %s: %v", level, err)
				}
			}
			// The session goes on.
			if res := callTool(t, c, "tools_search", nil); res.IsError {
				t.Errorf("call after setLevel failed: %s", resultText(res))
			}
		})
	}
}

func TestProgress(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			g := newGate()
			g.afterProgress = make(chan struct{})
			c := conn.connect(t, NewServer(slowPipeline(t, g), Options{}), conn.version)
			progress := make(chan mcpgo.JSONRPCNotification, 16)
			c.OnNotification(func(n mcpgo.JSONRPCNotification) {
				if n.Method == "notifications/progress" {
					progress <- n
				}
			})
			type outcome struct {
				res *mcpgo.CallToolResult
				err error
			}
			done := make(chan outcome, 1)
			go func() {
				req := mcpgo.CallToolRequest{}
				req.Params.Name = "tools_search"
				req.Params.Arguments = map[string]any{"query": "x"}
				req.Params.Meta = &mcpgo.Meta{ProgressToken: "tok-1"}
				res, err := c.CallTool(context.Background(), req)
				done <- outcome{res, err}
			}()
			wait(t, g.started, "the tool to start")
			n := wait(t, progress, "a progress notification")
			close(g.afterProgress)
			close(g.release)
			fields := n.Params.AdditionalFields
			if fields["progressToken"] != "tok-1" {
				t.Errorf("progressToken = %v", fields["progressToken"])
			}
			if v, _ := fields["progress"].(float64); v != 1 {
				t.Errorf("progress = %v, want 1", fields["progress"])
			}
			if v, _ := fields["total"].(float64); v != 2 {
				t.Errorf("total = %v, want 2", fields["total"])
			}
			if fields["message"] != "half way" {
				t.Errorf("message = %v", fields["message"])
			}
			out := wait(t, done, "the call to return")
			if out.err != nil {
				t.Fatalf("call: %v", out.err)
			}
			if out.res.IsError || !strings.Contains(resultText(out.res), "slow done: x") {
				t.Errorf("result: %s", resultText(out.res))
			}
		})
	}
}

func TestNoProgressWithoutToken(t *testing.T) {
	g := newGate()
	close(g.release)
	c := connectInProcess(t, NewServer(slowPipeline(t, g), Options{}), sessionProto)
	var mu sync.Mutex
	var methods []string
	c.OnNotification(func(n mcpgo.JSONRPCNotification) {
		mu.Lock()
		methods = append(methods, n.Method)
		mu.Unlock()
	})
	res := callTool(t, c, "tools_search", map[string]any{"query": "y"})
	if res.IsError {
		t.Fatal(resultText(res))
	}
	// A wrongly sent notification could in principle arrive after the
	// response; then this check passes when it should not, never the other
	// way round.
	mu.Lock()
	defer mu.Unlock()
	if slices.Contains(methods, "notifications/progress") {
		t.Errorf("progress sent without a progress token: %v", methods)
	}
}

func TestCancellationReachesTool(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			g := newGate()
			t.Cleanup(func() { close(g.release) })
			c := conn.connect(t, NewServer(slowPipeline(t, g), Options{}), conn.version)
			ctx, cancel := context.WithCancel(context.Background())
			type outcome struct {
				res *mcpgo.CallToolResult
				err error
			}
			done := make(chan outcome, 1)
			go func() {
				req := mcpgo.CallToolRequest{}
				req.Params.Name = "tools_search"
				res, err := c.CallTool(ctx, req)
				done <- outcome{res, err}
			}()
			wait(t, g.started, "the tool to start")
			cancel()
			wait(t, g.canceled, "the tool to see the cancellation")
			// Over the wire the client gives up with ctx's error; in-process,
			// mcp-go hands back the pipeline's "cancelled" result.
			if out := wait(t, done, "the call to return"); out.err == nil {
				if !out.res.IsError || !strings.Contains(resultText(out.res), "cancelled") {
					t.Errorf("cancelled call: isError=%v %s", out.res.IsError, resultText(out.res))
				}
			}
			// The connection still works afterwards.
			if res := callTool(t, c, "tools_describe", map[string]any{"name": "tools_search"}); res.IsError {
				t.Errorf("call after cancellation: %s", resultText(res))
			}
		})
	}
}

func TestPanicBecomesResult(t *testing.T) {
	p := customSearchPipeline(t, func(ctx context.Context, call tool.Call, in meta.SearchInput) (tool.Result, error) {
		if in.Query == "boom" {
			panic("kaboom")
		}
		return tool.Text("fine"), nil
	})
	for _, conn := range connectors[:4] { // in-process and stdio
		t.Run(conn.name, func(t *testing.T) {
			c := conn.connect(t, NewServer(p, Options{}), conn.version)
			res := callTool(t, c, "tools_search", map[string]any{"query": "boom"})
			if !res.IsError || !strings.Contains(resultText(res), "kaboom") {
				t.Errorf("panic result: isError=%v %s", res.IsError, resultText(res))
			}
			res = callTool(t, c, "tools_search", map[string]any{"query": "ok"})
			if res.IsError || resultText(res) != "fine" {
				t.Errorf("call after panic: %s", resultText(res))
			}
		})
	}
}

func TestToResult(t *testing.T) {
	png := []byte{0x89, 'P', 'N', 'G'}
	res := toResult(tool.Result{Text: "hello", IsError: true, Images: []tool.Image{{MIMEType: "image/png", Data: png}}})
	if !res.IsError {
		t.Error("IsError lost")
	}
	if len(res.Content) != 2 {
		t.Fatalf("content = %+v", res.Content)
	}
	if tc, ok := res.Content[0].(mcpgo.TextContent); !ok || tc.Text != "hello" {
		t.Errorf("first block = %+v", res.Content[0])
	}
	img, ok := res.Content[1].(mcpgo.ImageContent)
	if !ok || img.MIMEType != "image/png" || img.Data != base64.StdEncoding.EncodeToString(png) {
		t.Errorf("image block = %+v", res.Content[1])
	}
	if _, err := json.Marshal(res); err != nil {
		t.Errorf("marshal: %v", err)
	}
}

// A file a call made is a resource_link beside the text (MCP 2025-06-18),
// its size left out when it is not known.
func TestToResultLinks(t *testing.T) {
	res := toResult(tool.Result{Text: "created a b.txt", Links: []tool.Link{
		tool.FileLink("/srv/root/a b.txt", "a b.txt", "", 5),
		tool.FileLink("/srv/root/dir", "dir", "inode/directory", -1),
	}})
	got, err := json.Marshal(res.Content)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"type":"text","text":"created a b.txt"},` +
		`{"type":"resource_link","uri":"file:///srv/root/a%20b.txt","name":"a b.txt","description":"","mimeType":"text/plain; charset=utf-8","size":5},` +
		`{"type":"resource_link","uri":"file:///srv/root/dir","name":"dir","description":"","mimeType":"inode/directory"}]`
	if string(got) != want {
		t.Errorf("content =\n%s\nwant\n%s", got, want)
	}
}

func TestRawArguments(t *testing.T) {
	tests := []struct {
		name string
		req  mcpgo.CallToolRequest
		want string
	}{
		{"raw wins", reqWith(json.RawMessage(`{"a":1}`), map[string]any{"b": 2}), `{"a":1}`},
		{"map", reqWith(nil, map[string]any{"b": 2}), `{"b":2}`},
		{"string", reqWith(nil, `{"c":3}`), `"{\"c\":3}"`},
		{"none", reqWith(nil, nil), ``},
		{"unmarshalable", reqWith(nil, map[string]any{"f": func() {}}), ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(rawArguments(&tc.req)); got != tc.want {
				t.Errorf("rawArguments = %q, want %q", got, tc.want)
			}
		})
	}
}

func reqWith(raw json.RawMessage, args any) mcpgo.CallToolRequest {
	req := mcpgo.CallToolRequest{}
	req.Params.RawArguments = raw
	req.Params.Arguments = args
	return req
}

// TestRepairsOverMCP: the repairs of the core reach MCP clients unchanged:
// another server's tool name with its argument names, a client's prefix,
// a null-ish value, a unit and a batch in OpenAI's shape all run, and the
// answer says what was understood.
func TestRepairsOverMCP(t *testing.T) {
	c := connectInProcess(t, newTestServer(t, engine.Config{}), mcpgo.LATEST_PROTOCOL_VERSION)
	cases := []struct {
		name string
		args any
		want []string
	}{
		{"Write", map[string]any{"file_path": "notes/a.md", "content": "# A\nline\n"}, []string{"created notes/a.md", `note: "Write" is claude-code's tool name; ran fs_write (file_path → path, mode "overwrite")`}},
		{"mcp__filesystem__read_text_file", map[string]any{"path": "notes/a.md", "head": 1, "tail": "undefined"}, []string{"notes/a.md · line 1 of 2", `note: took "tail": "undefined" as not given`}},
		{"mcp_f0_net_curl", map[string]any{"url": "http://127.0.0.1:9/a b", "timeout": 5}, []string{"GET http://127.0.0.1:9/a%20b: connection refused", `note: "timeout" has no unit; read 5 as seconds: timeoutMs 5000`}},
		{"batch", map[string]any{"tool_calls": []any{map[string]any{"type": "function", "function": map[string]any{"name": "read_file", "arguments": `{"path":"notes/a.md"}`}}}}, []string{"batch: 1 ok", "# A", "note: read calls items in OpenAI tool_calls shape as {tool, args}"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := resultText(callTool(t, c, tc.name, tc.args))
			rest := text
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("answer lacks %q (in order):\n%s", w, text)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// connectAs opens an HTTP session that introduces itself as name.
func connectAs(t *testing.T, url, name string) (*client.Client, *mcpgo.InitializeResult) {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, tr, sessionProto)
	return c, initializeAs(t, c, sessionProto, name)
}

// TestResultsFitTheClient: two sessions of one server, pi and a client f0
// does not know, read the same 3,000-line file. pi's answer stays within
// its 2,000 lines and names pi's calls; the other gets the default budget of
// a client f0 does not know and listed names, and a client known not to cut
// gets what maxBytes asks.
func TestResultsFitTheClient(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := catalogPipeline(t, catalog.Options{Roots: []string{dir}}, engine.Config{})
	_, ts := newHTTP(t, NewServer(p, Options{Version: "test"}), HTTPOptions{})
	pi, piInit := connectAs(t, ts.URL+"/mcp", "pi-mcp-f0")
	other, otherInit := connectAs(t, ts.URL+"/mcp", "some-agent")

	if !strings.Contains(piInit.Instructions, "f0's tools come through pi") || strings.Contains(otherInit.Instructions, "pi") {
		t.Errorf("instructions not written for the client:\npi: %s\nother: %s", piInit.Instructions, otherInit.Instructions)
	}

	txt := resultText(callTool(t, pi, "fs_read", map[string]any{"path": "big.txt", "maxBytes": 100000}))
	lines := strings.Split(txt, "\n")
	if len(lines) > engine.PiMaxLines || len(txt) > engine.PiMaxBytes {
		t.Fatalf("pi gets %d lines, %d bytes: pi would cut f0's footer", len(lines), len(txt))
	}
	shown := len(lines) - 4 // the status line, a note and the two footer lines
	version := regexp.MustCompile(`"version":"(v\d+-[0-9a-f]{16})"`).FindStringSubmatch(txt)
	if version == nil || version[1] != fmt.Sprintf("v%d-%s", shown+1, version[1][len(version[1])-16:]) {
		t.Fatalf("no version of the file for line %d in:\n%s", shown+1, txt[len(txt)-300:])
	}
	head := fmt.Sprintf("big.txt · lines 1-%s of 3,000, cut at the output budget · 14 KB · rest at offset=%d version=%q", text.GroupDigits(int64(shown)), shown+1, version[1])
	if lines[0] != head || lines[shown] != fmt.Sprint(shown) || !strings.HasPrefix(lines[shown+1], "note: maxBytes 100,000 is more than pi passes on") {
		t.Fatalf("head %q (want %q), last line shown %q, then %q", lines[0], head, lines[shown], lines[shown+1])
	}
	// The continuation asks for what pi passes on, not the 100,000 it would cut.
	rest := fmt.Sprintf(`Get the rest: f0_fs_read {"maxBytes":51136,"offset":%d,"path":"big.txt","version":"%s"} (if f0_fs_read is not among your tools: mcp({tool: "fs_read", args: {"maxBytes":51136,"offset":%d,"path":"big.txt","version":"%s"}}))`, shown+1, version[1], shown+1, version[1])
	if last := lines[len(lines)-1]; last != rest {
		t.Fatalf("last line\n%s\nwant\n%s", last, rest)
	}

	guarded := resultText(callTool(t, other, "fs_read", map[string]any{"path": "big.txt", "maxBytes": 100000}))
	if len(guarded) > engine.Clients().DefaultBytes || !strings.Contains(guarded, "note: maxBytes 100,000 is more than f0 sends a client it does not know") {
		t.Fatalf("a client f0 does not know gets %d bytes:\n%.300s", len(guarded), guarded)
	}
	langchain, _ := connectAs(t, ts.URL+"/mcp", "@langchain/mcp-adapters")
	whole := resultText(callTool(t, langchain, "fs_read", map[string]any{"path": "big.txt", "maxBytes": 100000}))
	if !strings.HasPrefix(whole, "big.txt · lines 1-3,000 of 3,000 · 14 KB\n1\n") {
		t.Fatalf("a client that does not cut gets:\n%.200s", whole)
	}
	miss := resultText(callTool(t, other, "fs_raed", map[string]any{}))
	if !strings.Contains(miss, `Example: fs_read {"path":`) {
		t.Fatalf("unknown client's suggestions are not listed names:\n%s", miss)
	}
}
