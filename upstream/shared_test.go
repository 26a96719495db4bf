package upstream

import (
	"context"
	"strings"
	"testing"

	"f0/engine"
	"f0/internal/kept/redisstore"
	"f0/internal/kept/redisstore/redistest"
	"f0/tool"
)

// A result of a tool that is not read-only pages to its end across two
// f0s that share a store: each page is read from the one copy, and the
// other f0's server is never called.
func TestUpstreamResultPagesAcrossInstancesThatShareAStore(t *testing.T) {
	shared, err := redisstore.Open(context.Background(), redisstore.Options{URL: redistest.Start(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { shared.Close() })
	cfg := engine.Config{Access: tool.Write, Keep: engine.KeepLimits{Shared: shared}}
	ps := []*engine.Host{gateway(t, cfg, fakeUpstream(t, "up")), gateway(t, cfg, fakeUpstream(t, "up"))}
	ctx := context.Background()
	var b strings.Builder
	name, args := "up_order", map[string]any{"kib": 60}
	pages := 0
	for ; pages < 100; pages++ {
		res := ps[pages%2].Call(ctx, name, args)
		if res.IsError {
			t.Fatalf("page %d:\n%s", pages+1, res.Text)
		}
		b.WriteString(res.Sections.Body)
		if upRest.FindStringSubmatch(res.Text) == nil {
			break
		}
		if !strings.HasSuffix(res.Sections.Body, "\n") {
			b.WriteString("\n")
		}
		name, args = upNext(t, res)
	}
	if got := b.String(); got != longText("order 1", 60) || pages < 2 {
		t.Fatalf("%d pages that are not order 1's answer (%d bytes)", pages+1, len(got))
	}
	if first := ps[1].Call(ctx, "up_order", map[string]any{"kib": 1}); !strings.HasPrefix(first.Text, "order 1\n") {
		t.Fatalf("the other f0's server placed an order before:\n%.100s", first.Text)
	}
}
