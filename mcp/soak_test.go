package mcp

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"f0/engine"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/catalog"
)

// soakCall is one call of the soak mix, and whether it must succeed.
type soakCall struct {
	name string
	args any
	ok   bool
}

// TestSoak sends many calls from 32 HTTP clients at once, a mix of good
// calls and model mistakes over the real catalogue, and requires no
// transport or protocol error and every answer as expected. By default it
// sends 2,000 calls (CI); F0_SOAK_CALLS=100000 is the full soak, which
// also requires the heap after the run to stay near its size after the
// warm-up:
//
//	F0_SOAK_CALLS=100000 go test ./mcp -run TestSoak -v
func TestSoak(t *testing.T) {
	calls := 2000
	full := false
	if s := os.Getenv("F0_SOAK_CALLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("F0_SOAK_CALLS=%q: want a positive number", s)
		}
		calls, full = n, true
	}
	const clients = 32
	root := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(root, "a.txt"), []byte("alpha\nbeta\ngamma\n"), 0o644))
	must(os.MkdirAll(filepath.Join(root, "dir", "sub"), 0o755))
	must(os.WriteFile(filepath.Join(root, "dir", "sub", "b.go"), []byte("package b\n"), 0o644))
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintln(w, `{"ok":true}`)
	}))
	defer web.Close()
	reg, err := catalog.New(catalog.Options{Roots: []string{root}})
	must(err)
	p, err := engine.NewHost(reg, engine.Config{Access: tool.Write})
	must(err)
	_, ts := newHTTP(t, NewServer(p, Options{Version: "soak"}), HTTPOptions{MaxSessions: clients * 2})
	mix := []soakCall{
		{"fs_read", map[string]any{"path": "a.txt"}, true},
		{"fs_read", "a.txt", true},                                          // a bare value
		{"fs_list", map[string]any{"path": ".", "recursive": "true"}, true}, // a string for a boolean
		{"fs_find", map[string]any{"pattern": "**/*.go"}, true},
		{"fs_search", map[string]any{"pattern": "beta"}, true},
		{"fs_stat", map[string]any{"paths": []any{"a.txt", "dir"}}, true},
		{"tools_search", map[string]any{"query": "read file"}, true},
		{"net_curl", map[string]any{"url": web.URL + "/x"}, true},
		{"net_curl", map[string]any{"args": "-s " + web.URL + "/y"}, true},
		{"fs_raed", map[string]any{"path": "a.txt"}, false},       // misspelt tool
		{"fs_read", map[string]any{"pathh": "a.txt"}, false},      // misspelt field
		{"fs_read", map[string]any{"path": "missing.txt"}, false}, // no such file
		{"fs_read", map[string]any{"path": "/etc/passwd"}, false}, // outside the roots
		{"fs_write", map[string]any{"content": "x"}, false},       // missing path
		{"batch", map[string]any{"calls": []any{map[string]any{"tool": "fs_read", "args": map[string]any{"path": "a.txt"}}, map[string]any{"tool": "nope"}}}, true}, // one item fails, the batch answers
	}
	sessions := make([]interface {
		CallTool(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error)
	}, clients)
	for i := range sessions {
		sessions[i] = httpClient(t, ts.URL+"/mcp", sessionProto, nil)
	}
	var next, failures atomic.Int64
	var firstFailure sync.Once
	var heapAfterWarmUp uint64
	warmUp := int64(calls / 10)
	var warmOnce sync.Once
	var wg sync.WaitGroup
	for _, c := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(calls) {
					return
				}
				if i == warmUp {
					warmOnce.Do(func() { heapAfterWarmUp = heapInUse() })
				}
				sc := mix[i%int64(len(mix))]
				req := mcpgo.CallToolRequest{}
				req.Params.Name, req.Params.Arguments = sc.name, sc.args
				res, err := c.CallTool(context.Background(), req)
				switch {
				case err != nil:
					failures.Add(1)
					firstFailure.Do(func() { t.Errorf("call %d %s: transport or protocol error: %v", i, sc.name, err) })
				case res.IsError == sc.ok:
					failures.Add(1)
					firstFailure.Do(func() { t.Errorf("call %d %s %v: isError %v: %v", i, sc.name, sc.args, res.IsError, res.Content) })
				}
			}
		}()
	}
	wg.Wait()
	end := heapInUse()
	t.Logf("%d calls from %d clients: %d failures; heap in use %d MB after warm-up, %d MB at the end",
		calls, clients, failures.Load(), heapAfterWarmUp>>20, end>>20)
	if full && end > 2*heapAfterWarmUp+32<<20 {
		t.Errorf("the heap grew from %d MB after warm-up to %d MB", heapAfterWarmUp>>20, end>>20)
	}
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
