package mcp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/catalog"
	"f0/tools"
)

// connectAs opens an HTTP session that introduces itself as name.
func connectAs(t *testing.T, url, name string) (*client.Client, *mcpgo.InitializeResult) {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, client.WithProtocolVersion("2025-11-25"))
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = "2025-11-25"
	req.Params.ClientInfo = mcpgo.Implementation{Name: name, Version: "1.0.0"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return c, res
}

// TestResultsFitTheClient: two sessions of one server, pi and a client f0
// does not know, read the same 3,000-line file. pi's answer stays within
// its 2,000 lines and names pi's calls; the other keeps today's budget and
// listed names.
func TestResultsFitTheClient(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err := catalog.New(catalog.Options{Roots: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := tools.NewPipeline(reg, tools.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newHTTP(t, NewServer(p, Options{Version: "test"}), HTTPOptions{})
	pi, piInit := connectAs(t, ts.URL+"/mcp", "pi-mcp-f0")
	other, otherInit := connectAs(t, ts.URL+"/mcp", "some-agent")

	if !strings.Contains(piInit.Instructions, "f0's tools come through pi") || strings.Contains(otherInit.Instructions, "pi") {
		t.Errorf("instructions not written for the client:\npi: %s\nother: %s", piInit.Instructions, otherInit.Instructions)
	}

	text := resultText(callTool(t, pi, "fs_read", map[string]any{"path": "big.txt", "maxBytes": 100000}))
	lines := strings.Split(text, "\n")
	if len(lines) > tools.PiMaxLines || len(text) > tools.PiMaxBytes {
		t.Fatalf("pi gets %d lines, %d bytes: pi would cut f0's footer", len(lines), len(text))
	}
	shown := len(lines) - 4 // the status line, a note and the two footer lines
	head := fmt.Sprintf("big.txt · lines 1-%s of 3,000, cut at the output budget · 14 KB · rest at offset=%d", tools.GroupDigits(int64(shown)), shown+1)
	if lines[0] != head || lines[shown] != fmt.Sprint(shown) || !strings.HasPrefix(lines[shown+1], "note: maxBytes 100,000 is more than pi passes on") {
		t.Fatalf("head %q (want %q), last line shown %q, then %q", lines[0], head, lines[shown], lines[shown+1])
	}
	// The continuation asks for what pi passes on, not the 100,000 it would cut.
	rest := fmt.Sprintf(`Get the rest: f0_fs_read {"maxBytes":51136,"offset":%d,"path":"big.txt"} (if f0_fs_read is not among your tools: mcp({tool: "fs_read", args: {"maxBytes":51136,"offset":%d,"path":"big.txt"}}))`, shown+1, shown+1)
	if last := lines[len(lines)-1]; last != rest {
		t.Fatalf("last line\n%s\nwant\n%s", last, rest)
	}

	whole := resultText(callTool(t, other, "fs_read", map[string]any{"path": "big.txt", "maxBytes": 100000}))
	if !strings.HasPrefix(whole, "big.txt · lines 1-3,000 of 3,000 · 14 KB\n1\n") {
		t.Fatalf("a client f0 does not know gets:\n%.200s", whole)
	}
	miss := resultText(callTool(t, other, "fs_raed", map[string]any{}))
	if !strings.Contains(miss, `Example: fs_read {"path":`) {
		t.Fatalf("unknown client's suggestions are not listed names:\n%s", miss)
	}
}
