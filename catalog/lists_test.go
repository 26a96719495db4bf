package catalog_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
)

// Every list an argument carries has a limit, checked by the pipeline
// before the tool runs: 100,000 paths are refused at once, with the limit
// named, instead of costing 20 s and 434 MB.
func TestListLimits(t *testing.T) {
	p := newPipelineIn(t, t.TempDir(), engine.Config{Access: tool.Admin})
	many := func(n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = fmt.Sprintf("f%d.txt", i)
		}
		return out
	}
	headers := map[string]any{}
	for i := range 101 {
		headers[fmt.Sprintf("X-H%d", i)] = "v"
	}
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"fs_read", map[string]any{"paths": many(1_000_000)}, "- \"paths\": has 1,000,000 items; the most one call takes is 100. Split the work over several calls"},
		{"fs_delete", map[string]any{"paths": many(101)}, "- \"paths\": has 101 items; the most one call takes is 100."},
		{"fs_stat", map[string]any{"path": many(5000)}, "has 5,000 items; the most one call takes is "},
		{"fs_edit", map[string]any{"path": "a.txt", "edits": make([]any, 201)}, "- \"edits\": has 201 items; the most one call takes is 200."},
		{"net_curl", map[string]any{"urls": many(21)}, "- \"urls\": has 21 items; the most one call takes is 20."},
		{"net_curl", map[string]any{"url": "http://127.0.0.1/", "headers": headers}, "- \"headers\": has 101 keys; the most one call takes is 100."},
		{"net_curl", map[string]any{"args": many(1001)}, "- \"args\": has 1,001 items; the most one call takes is 1,000."},
		{"batch", map[string]any{"calls": []any{map[string]any{"tool": "fs_read", "args": map[string]any{"paths": many(1001)}}}}, "- \"calls[0].args.paths\": has 1,001 items; the most one call takes is 1,000."},
	}
	for _, c := range cases {
		t.Run(c.tool, func(t *testing.T) {
			res := p.Call(context.Background(), c.tool, c.args)
			if !res.IsError || !strings.Contains(res.Text, c.want) {
				t.Fatalf("got:\n%.600s\nwant %q", res.Text, c.want)
			}
		})
	}
}
