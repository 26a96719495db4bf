package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func TestSplitPairList(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"remote=http://127.0.0.1:8080/mcp", []string{"remote=http://127.0.0.1:8080/mcp"}},
		{"a=http://127.0.0.1:8080/mcp:b=npx -y pkg", []string{"a=http://127.0.0.1:8080/mcp", "b=npx -y pkg"}},
		{"a=http://[::1]:8080/mcp\nb=srv --listen=127.0.0.1:9", []string{"a=http://[::1]:8080/mcp", "b=srv --listen=127.0.0.1:9"}},
		{"a=x\r\n\nb=y\n", []string{"a=x", "b=y"}},
		{"pi=1000:claude-*=2000,10", []string{"pi=1000", "claude-*=2000,10"}},
		{"inner.fs_read=admin:inner.fs_edit=write", []string{"inner.fs_read=admin", "inner.fs_edit=write"}},
	}
	for _, c := range cases {
		if got := splitPairList(c.in); !slices.Equal(got, c.want) {
			t.Errorf("splitPairList(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := envList("root", "/a:/b"); !slices.Equal(got, []string{"/a", "/b"}) {
		t.Errorf("F0_ROOT stays a path list: %q", got)
	}
}

// echoServer is a streamable HTTP MCP server on 127.0.0.1 with one tool,
// echo, that answers "echo" and its arguments.
func echoServer(t *testing.T) string {
	t.Helper()
	s := server.NewMCPServer("echo", "1.0")
	s.AddTool(mcpgo.NewToolWithRawSchema("echo", "Echo the arguments.", []byte(`{"type":"object","properties":{"say":{"type":"string"}}}`)),
		func(_ context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			return mcpgo.NewToolResultText("echo " + req.GetString("say", "")), nil
		})
	h := server.NewStreamableHTTPServer(s)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer up-token" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/mcp"
}

// TestHTTPUpstreamFromTheEnvironment: F0_UPSTREAM names an HTTP upstream
// (its URL's ':' kept) beside a stdio one, on one line or one a line.
func TestHTTPUpstreamFromTheEnvironment(t *testing.T) {
	dir := fsRoot(t)
	url := echoServer(t)
	inner := innerF0(t, dir)
	t.Setenv("F0_UPSTREAM_REMOTE_TOKEN", "up-token")
	for name, v := range map[string]string{
		"one line":   "remote=" + url + ":" + inner,
		"one a line": "remote=" + url + "\n" + inner + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("F0_UPSTREAM", v)
			expect{stdout: []string{"echo hello"}}.check(t, f0(t, "", "remote.echo", "say=hello"))
			expect{stdout: []string{"module example.com/x"}}.check(t, f0(t, "", "inner.fs_read", "path=go.mod"))
		})
	}
}
