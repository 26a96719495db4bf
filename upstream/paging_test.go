package upstream

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
)

var upRest = regexp.MustCompile(`(?m)^Get the rest: (up_\w+) (\{.*\})$`)

// upNext returns the call res's footer names for the rest.
func upNext(t *testing.T, res tool.Result) (string, map[string]any) {
	t.Helper()
	m := upRest.FindStringSubmatch(res.Text)
	if res.IsError || m == nil {
		t.Fatalf("no continuation in:\n%.300s", res.Text)
	}
	var next map[string]any
	if err := json.Unmarshal([]byte(m[2]), &next); err != nil {
		t.Fatal(err)
	}
	return m[1], next
}

// followAll calls name with args, then each continuation, and returns the
// bodies joined.
func followAll(t *testing.T, p *engine.Host, name string, args map[string]any) string {
	t.Helper()
	var b strings.Builder
	for range 100 {
		res := p.Call(context.Background(), name, args)
		if res.IsError {
			t.Fatal(res.Text)
		}
		b.WriteString(res.Sections.Body)
		if upRest.FindStringSubmatch(res.Text) == nil {
			return b.String()
		}
		if !strings.HasSuffix(res.Sections.Body, "\n") {
			b.WriteString("\n")
		}
		name, args = upNext(t, res)
	}
	t.Fatal("more than 100 pages")
	return ""
}

func longText(first string, kib int) string {
	var b strings.Builder
	b.WriteString(first + "\n")
	for i := 0; b.Len() < kib<<10; i++ {
		fmt.Fprintf(&b, "line %06d %s\n", i, strings.Repeat("x", 40))
	}
	return b.String()
}

func TestUpstreamPagingNeverCallsAToolThatIsNotReadOnly(t *testing.T) {
	p := gateway(t, engine.Config{Access: tool.Write}, fakeUpstream(t, "up"))
	ctx := context.Background()
	if got := followAll(t, p, "up_order", map[string]any{"kib": 60}); got != longText("order 1", 60) {
		t.Fatalf("the pages are not order 1's answer (%d bytes)", len(got))
	}
	_, next := upNext(t, p.Call(ctx, "up_order", map[string]any{"kib": 60})) // order 2
	// Another f0 (a restart) gets the continuation: it does not place a
	// third order.
	other := gateway(t, engine.Config{Access: tool.Write}, fakeUpstream(t, "up"))
	res := other.Call(ctx, "up_order", next)
	want := fmt.Sprintf("up_order failed: the rest of this result cannot be shown: the kept copy %s is gone: this server never made it: f0 restarted since that answer, or another instance of it (behind a load balancer) gave it. f0 does not call up_order again to page through its answer: it is not annotated read-only, so a second call could do its work again. Calling it again is up to you: it will run again\n", next["response"])
	if !res.IsError || !strings.HasPrefix(res.Text, want) {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
	if first := other.Call(ctx, "up_order", map[string]any{"kib": 1}); !strings.HasPrefix(first.Text, "order 1\n") {
		t.Fatalf("the other f0's server placed an order before:\n%.100s", first.Text)
	}
}

func TestUpstreamReadOnlyPagingWhenTheCopyIsGone(t *testing.T) {
	ctx := context.Background()
	t.Run("the same result goes on", func(t *testing.T) {
		p := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
		_, next := upNext(t, p.Call(ctx, "up_doc", map[string]any{"kib": 60}))
		other := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
		res := other.Call(ctx, "up_doc", next)
		if res.IsError || !strings.Contains(res.Text, "note: the kept copy "+next["response"].(string)+" is gone: this server never made it") ||
			!strings.Contains(res.Text, "; the tool was called again (it is annotated read-only), and its result is the same as the first (sha256 ") {
			t.Fatalf("got:\n%s", res.Text[len(res.Text)-600:])
		}
	})
	t.Run("a changed result is said so", func(t *testing.T) {
		p := gateway(t, engine.Config{Keep: engine.KeepLimits{Count: 1}}, fakeUpstream(t, "up"))
		first := p.Call(ctx, "up_big", map[string]any{"kib": 60}) // call 1
		_, next := upNext(t, first)
		p.Call(ctx, "up_big", map[string]any{"kib": 50}) // call 2 takes the one place
		res := p.Call(ctx, "up_big", next)               // call 3
		tok, _ := tool.ParseCopyToken(next["response"].(string))
		want := fmt.Sprintf("up_big failed: the result changed since the first page: the kept copy %s is gone: it was dropped to make room for newer copies (f0 keeps 1 at once); up_big was called again, and its result (60 KB, sha256 ", tok)
		if !res.IsError || !strings.HasPrefix(res.Text, want) ||
			!strings.Contains(res.Text, fmt.Sprintf("…) is not the one the first pages came from (sha256 %s…). The pages you have are of the earlier result; read the new one from its start: up_big {\"kib\":60,\"response\":\"r-", tok.Sum)) {
			t.Fatalf("got:\n%s\nwant the start:\n%s", res.Text, want)
		}
	})
}
