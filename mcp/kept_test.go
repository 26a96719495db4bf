package mcp

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"f0/engine"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/server"
)

// orderServer answers POST /orders with a long body naming the order,
// counting the orders placed.
func orderServer(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	var posts atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		n := posts.Add(1)
		w.Header().Set("Content-Type", "text/plain")
		for i := range 1500 {
			fmt.Fprintf(w, "order %d line %04d\n", n, i)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/orders", &posts
}

var mcpRest = regexp.MustCompile(`(?m)^Get the rest: net_curl (\{.*\})$`)

// orderLines are the body lines of an answer.
func orderLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "order ") {
			out = append(out, l)
		}
	}
	return out
}

// TestPOSTContinuationOverMCP: over stdio and HTTP, following the footer
// of a long POST answer reads the rest of the same response and sends no
// second POST; and another server (an instance behind a load balancer)
// given the continuation refuses to send it again.
func TestPOSTContinuationOverMCP(t *testing.T) {
	for _, tr := range []struct {
		name    string
		connect func(testing.TB, *server.MCPServer, string) *client.Client
	}{
		{"stdio", connectStdio},
		{"http", connectHTTP(false)},
		{"http stateless", connectHTTP(true)},
	} {
		t.Run(tr.name, func(t *testing.T) {
			url, posts := orderServer(t)
			cfg := engine.Config{MaxOutput: 8192}
			c := tr.connect(t, NewServer(newPipeline(t, cfg), Options{Version: "test"}), "2025-06-18")
			args := map[string]any{"url": url, "method": "POST", "json": `{"item": "widget"}`}
			var lines []string
			var next map[string]any
			for page := 0; ; page++ {
				res := callTool(t, c, "net_curl", args)
				text := resultText(res)
				if res.IsError || page > 20 {
					t.Fatalf("page %d:\n%s", page, text)
				}
				lines = append(lines, orderLines(text)...)
				m := mcpRest.FindStringSubmatch(text)
				if m == nil {
					break
				}
				args = map[string]any{}
				if err := json.Unmarshal([]byte(m[1]), &args); err != nil {
					t.Fatal(err)
				}
				if next == nil {
					next = args
				}
			}
			if n := posts.Load(); n != 1 {
				t.Fatalf("%d POSTs for one call and its pages; want 1", n)
			}
			if len(lines) != 1500 || lines[0] != "order 1 line 0000" || lines[1499] != "order 1 line 1499" {
				t.Fatalf("the pages hold %d lines of the body, from %q to %q", len(lines), lines[0], lines[len(lines)-1])
			}
			for i, l := range lines {
				if l != fmt.Sprintf("order 1 line %04d", i) {
					t.Fatalf("line %d of the pages is %q", i, l)
				}
			}
			other := tr.connect(t, NewServer(newPipeline(t, cfg), Options{Version: "test"}), "2025-06-18")
			res := callTool(t, other, "net_curl", next)
			if text := resultText(res); !res.IsError || !strings.Contains(text, "is gone: this server never made it") ||
				!strings.Contains(text, "f0 does not send a POST again to page through its answer") {
				t.Fatalf("another instance:\n%s", text)
			}
			if n := posts.Load(); n != 1 {
				t.Fatalf("%d POSTs after another instance got the continuation; want 1", n)
			}
		})
	}
}
