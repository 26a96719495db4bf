package engine

import (
	"context"
	"strings"
	"testing"

	"f0/tool"
)

// TestPreparedRunsAsPrepared: a prepared call runs with the arguments as
// Prepare repaired them, once: changing what was passed afterwards changes
// nothing, and the repair's note is written once.
func TestPreparedRunsAsPrepared(t *testing.T) {
	p := newTestPipeline(t, Config{})
	raw := map[string]any{"url": "https://example.com", "timeout_ms": "5000", "method": "undefined"}
	prep := p.Prepare(context.Background(), "TEST-ECHO", raw)
	if prep.Failed() || prep.Tool().Name != "test.echo" || prep.Access() != tool.Read || prep.Writes() {
		t.Fatalf("prepared %+v", prep)
	}
	if got := prep.Args()["timeoutMs"]; got == nil {
		t.Fatalf("the repaired arguments lack timeoutMs: %v", prep.Args())
	}
	raw["url"], raw["method"] = "https://changed.example", "POST"
	res := prep.Run(context.Background(), tool.Limits{})
	assertInOrder(t, res.Text, `{"url":"https://example.com","timeoutMs":5000`)
	if strings.Contains(res.Text, "changed") || strings.Contains(res.Text, "POST") {
		t.Fatalf("the call ran with what was passed after Prepare:\n%s", res.Text)
	}
	if n := strings.Count(res.Text, `"method"`); n != 1 {
		t.Fatalf("the note on the dropped method is written %d times:\n%s", n, res.Text)
	}
	post := p.Prepare(context.Background(), "test.echo", map[string]any{"url": "https://example.com", "method": "POST"})
	if post.Access() != tool.Write || !post.Writes() {
		t.Fatalf("AccessFor's level: %v", post.Access())
	}
	unknown := p.Prepare(context.Background(), "test.ehco", nil)
	if !unknown.Failed() || unknown.Tool() != nil || unknown.Writes() || unknown.Name() != "test.ehco" {
		t.Fatalf("an unknown name: %+v", unknown)
	}
	assertInOrder(t, unknown.Run(context.Background(), tool.Limits{}).Text, `unknown tool "test.ehco"`)
}
