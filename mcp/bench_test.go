package mcp

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/catalog"
)

// BenchmarkCall measures one tools.search call (real catalogue, small
// query) through each front end, from the bare pipeline to streamable HTTP
// over loopback.
//
//	go test -bench . -benchtime=2000x -run '^$' ./mcp
func BenchmarkCall(b *testing.B) {
	benchFrontEnds(b, func(tb testing.TB) *engine.Host { return newPipeline(tb, engine.Config{}) })
}

// BenchmarkTransport is BenchmarkCall with a tool that does nothing, so
// the numbers are the cost of the pipeline and the transports alone.
func BenchmarkTransport(b *testing.B) {
	benchFrontEnds(b, func(tb testing.TB) *engine.Host {
		return customSearchPipeline(tb, func(context.Context, tool.Call, meta.SearchInput) (tool.Result, error) {
			return tool.Text("ok"), nil
		})
	})
}

func benchFrontEnds(b *testing.B, pipeline func(testing.TB) *engine.Host) {
	args := map[string]any{"query": "describe"}

	b.Run("inprocess", func(b *testing.B) {
		p := pipeline(b)
		ctx := context.Background()
		b.ReportAllocs()
		for b.Loop() {
			if res := p.Call(ctx, "tools.search", args); res.IsError {
				b.Fatal(res.Text)
			}
		}
	})

	clients := []struct {
		name    string
		version string
		connect func(testing.TB, *engine.Host, string) *client.Client
	}{
		{"mcp-inprocess", sessionProto, func(tb testing.TB, p *engine.Host, v string) *client.Client {
			return connectInProcess(tb, NewServer(p, Options{}), v)
		}},
		{"mcp-inprocess-2026", statelessProto, func(tb testing.TB, p *engine.Host, v string) *client.Client {
			return connectInProcess(tb, NewServer(p, Options{}), v)
		}},
		{"stdio-pipe", sessionProto, func(tb testing.TB, p *engine.Host, v string) *client.Client {
			return connectStdio(tb, NewServer(p, Options{}), v)
		}},
		{"http", sessionProto, func(tb testing.TB, p *engine.Host, v string) *client.Client {
			return connectHTTP(false)(tb, NewServer(p, Options{}), v)
		}},
		{"http-stateless", statelessProto, func(tb testing.TB, p *engine.Host, v string) *client.Client {
			return connectHTTP(true)(tb, NewServer(p, Options{}), v)
		}},
	}
	for _, cc := range clients {
		b.Run(cc.name, func(b *testing.B) {
			c := cc.connect(b, pipeline(b), cc.version)
			ctx := context.Background()
			req := mcpgo.CallToolRequest{}
			req.Params.Name = "tools_search"
			req.Params.Arguments = args
			b.ReportAllocs()
			for b.Loop() {
				res, err := c.CallTool(ctx, req)
				if err != nil {
					b.Fatal(err)
				}
				if res.IsError {
					b.Fatal(resultText(res))
				}
			}
		})
	}
}

// BenchmarkStdioServer measures the server's side of one call over stdio:
// a raw request line in, the response line out, with no client library in
// the numbers (allocations are the server's alone): a trivial call, and a
// 1 KiB fs_read through the real catalogue (issue 13's measure).
//
//	go test -bench StdioServer -benchmem -run '^$' ./mcp
func BenchmarkStdioServer(b *testing.B) {
	b.Run("trivial", func(b *testing.B) {
		p := customSearchPipeline(b, func(context.Context, tool.Call, meta.SearchInput) (tool.Result, error) {
			return tool.Text("ok"), nil
		})
		benchStdioCall(b, p, `{"name":"tools_search","arguments":{"query":"describe"}}`)
	})
	b.Run("fs_read-1KiB", func(b *testing.B) {
		dir := b.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "k1.txt"), bytes.Repeat([]byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n"), 16), 0o644); err != nil {
			b.Fatal(err)
		}
		p := catalogPipeline(b, catalog.Options{Roots: []string{dir}}, engine.Config{})
		benchStdioCall(b, p, `{"name":"fs_read","arguments":{"path":"k1.txt"}}`)
	})
}

// benchStdioCall serves p over stdio and measures round trips of one
// tools/call with the given params.
func benchStdioCall(b *testing.B, p *engine.Host, params string) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeStdio(ctx, NewServer(p, Options{}), inR, outW, StdioOptions{}) }()
	b.Cleanup(func() {
		inW.Close()
		cancel()
		<-done
		outW.Close()
	})
	answers := bufio.NewReader(outR)
	roundTrip := func(line string) []byte {
		if _, err := io.WriteString(inW, line); err != nil {
			b.Fatal(err)
		}
		answer, err := answers.ReadSlice('\n')
		if err != nil {
			b.Fatal(err)
		}
		return answer
	}
	roundTrip(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}` + "\n")
	_, _ = io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + params + "}\n"
	if answer := roundTrip(call); bytes.Contains(answer, []byte(`"isError":true`)) {
		b.Fatalf("the call failed: %s", answer)
	}
	b.ReportAllocs()
	for b.Loop() {
		roundTrip(call)
	}
}
