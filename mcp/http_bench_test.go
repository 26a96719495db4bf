package mcp

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"f0/catalog"
	"f0/engine"
)

// BenchmarkHTTPSessions is issue 13's HTTP load in one process: 16
// sessions over loopback, each making a trivial call (fs_stat of a small
// file) as fast as it is answered. The client side is plain net/http, so
// the profile is mostly the server's.
//
//	go test -bench HTTPSessions -benchmem -run '^$' -cpuprofile cpu.out ./mcp
func BenchmarkHTTPSessions(b *testing.B) {
	root := b.TempDir()
	if err := os.WriteFile(filepath.Join(root, "k1.txt"), bytes.Repeat([]byte("x"), 1024), 0o644); err != nil {
		b.Fatal(err)
	}
	p := catalogPipeline(b, catalog.Options{Roots: []string{root}}, engine.Config{})
	_, ts := newHTTP(b, NewServer(p, Options{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	const sessions = 16
	ids := make([]string, sessions)
	for i := range ids {
		ids[i] = openBenchSession(b, client, url)
	}
	call := []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fs_stat","arguments":{"path":"k1.txt"}}}`)
	var next atomic.Int64
	b.SetParallelism(sessions / 2) // GOMAXPROCS is 2 on the machine this targets
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := ids[int(next.Add(1)-1)%sessions]
		for pb.Next() {
			resp := postBench(b, client, url, id, call)
			if resp.StatusCode != http.StatusOK {
				b.Errorf("status %d", resp.StatusCode)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	})
}

func openBenchSession(b *testing.B, client *http.Client, url string) string {
	resp := postBench(b, client, url, "", []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`))
	id := resp.Header.Get("Mcp-Session-Id")
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	resp = postBench(b, client, url, id, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return id
}

func postBench(b *testing.B, client *http.Client, url, session string, body []byte) *http.Response {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	resp, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	return resp
}

// BenchmarkHTTPHandler is the server's own cost of a trivial call
// (fs_stat of a 1 KiB file) over streamable HTTP, without the network or a
// client: the request is handed to the HTTP handler, once answered beside
// mcp-go (direct) and once by mcp-go's handlePost, for comparison.
// cpu-µs/op is the process's CPU time per call (GC included), which a busy
// machine distorts less than ns/op.
//
//	go test -bench HTTPHandler -benchmem -run '^$' ./mcp
func BenchmarkHTTPHandler(b *testing.B) {
	root := b.TempDir()
	if err := os.WriteFile(filepath.Join(root, "k1.txt"), bytes.Repeat([]byte("x"), 1024), 0o644); err != nil {
		b.Fatal(err)
	}
	p := catalogPipeline(b, catalog.Options{Roots: []string{root}}, engine.Config{})
	for _, mode := range []struct {
		name  string
		mcpgo bool
	}{{"direct", false}, {"mcp-go", true}} {
		b.Run(mode.name, func(b *testing.B) {
			h, _ := newHTTP(b, NewServer(p, Options{}), HTTPOptions{allToMCPGo: mode.mcpgo})
			serve := func(session string, body []byte) *httptest.ResponseRecorder {
				req := httptest.NewRequest(http.MethodPost, "/mcp", bytes.NewReader(body))
				req.Host = "127.0.0.1"
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				req.Header.Set("Mcp-Protocol-Version", sessionProto)
				if session != "" {
					req.Header.Set("Mcp-Session-Id", session)
				}
				rec := httptest.NewRecorder()
				h.Handler().ServeHTTP(rec, req)
				if rec.Code != http.StatusOK && rec.Code != http.StatusAccepted {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
				return rec
			}
			id := serve("", []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)).Header().Get("Mcp-Session-Id")
			serve(id, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
			serve(id, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
			call := []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs_stat","arguments":{"path":"k1.txt"}}}`)
			b.ReportAllocs()
			start, ok := processCPU()
			for b.Loop() {
				serve(id, call)
			}
			if end, _ := processCPU(); ok {
				b.ReportMetric(float64((end-start).Microseconds())/float64(b.N), "cpu-µs/op")
			}
		})
	}
}
