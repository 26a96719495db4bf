package engine

import (
	"context"
	"strings"
	"testing"

	"f0/tool"
)

// TestOutputRoom pins what a tool's own text may fill: the budget less the
// core's reserve, never less than the quarter the pipeline keeps when it
// cuts; lines likewise when the client counts them.
func TestOutputRoom(t *testing.T) {
	cases := []struct {
		name   string
		budget tool.Limits
		want   tool.Room
	}{
		{"default", tool.Limits{Bytes: tool.DefaultMaxOutput}, tool.Room{Bytes: 23876}},
		{"small budget keeps a quarter", tool.Limits{Bytes: 800}, tool.Room{Bytes: 200}},
		{"pi lines", tool.Limits{Bytes: 50000, Lines: 1999}, tool.Room{Bytes: 49300, Lines: 1991}},
		{"few lines keep a quarter", tool.Limits{Bytes: 4096, Lines: 8}, tool.Room{Bytes: 3396, Lines: 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := (&callState{budget: c.budget}).toolCall().Room()
			if got.Limits() != c.want.Limits() {
				t.Fatalf("OutputRoom(%+v) = %+v, want %+v", c.budget, got.Limits(), c.want.Limits())
			}
		})
	}
}

// TestRaiseKnowsTheClient: the maxBytes that shows a text whole is offered
// only when the call can have it — within the server's cap and below the
// cut of the client the call comes from — and the room it gives holds the
// text. Shares and what Less leaves keep the call's ceiling.
func TestRaiseKnowsTheClient(t *testing.T) {
	p := newTestPipeline(t, Config{})
	cases := []struct {
		client string
		n      int64
		want   int64
		ok     bool
		most   int
	}{
		{"@langchain/mcp-adapters", 50000, 51024, true, tool.DefaultOutputCap},
		{"@langchain/mcp-adapters", tool.DefaultOutputCap, tool.DefaultOutputCap + 1024, false, tool.DefaultOutputCap},
		{"", 9000, 10024, true, 11264 - clientByteMargin},
		{"", 50000, 51024, false, 11264 - clientByteMargin},
		{"pi-mcp-adapter", 50000, 51024, true, PiMaxBytes - clientByteMargin},
		{"pi-mcp-adapter", 90000, 91024, false, PiMaxBytes - clientByteMargin},
		{"claude-code", 48000, 49024, true, ClaudeCodeMaxTokens*bytesPerToken - clientByteMargin},
		{"claude-code", 50000, 51024, false, ClaudeCodeMaxTokens*bytesPerToken - clientByteMargin},
	}
	for _, c := range cases {
		ctx := WithClient(context.Background(), p.Client(c.client))
		prep := p.Prepare(ctx, "test.plain", map[string]any{"size": 1})
		room := prep.c.toolCall().Room()
		for _, r := range []tool.Room{room, room.Share(3), room.Less("head")} {
			if got, ok := r.Raise(c.n); got != c.want || ok != c.ok || r.Most() != c.most {
				t.Errorf("%q: Raise(%d) = %d, %v with most %d; want %d, %v with most %d", c.client, c.n, got, ok, r.Most(), c.want, c.ok, c.most)
			}
		}
		if c.ok {
			if r := (&callState{budget: tool.Limits{Bytes: int(c.want)}}).toolCall().Room(); r.Bytes < int(c.n) {
				t.Errorf("the budget Raise suggests leaves only %d bytes for a %d-byte text", r.Bytes, c.n)
			}
		}
	}
}

// TestMaxBytesBoundsTheBody: a call's maxBytes is the most bytes of the
// tool's text it gets (a fetch's max_length), not of the whole answer: the
// status line, the notes and the footer come on top, so a small maxBytes
// still shows that many bytes of the text, never none.
func TestMaxBytesBoundsTheBody(t *testing.T) {
	p := newTestPipeline(t, Config{})
	cases := []struct {
		name     string
		args     map[string]any
		body     string
		footer   string
		maxTotal int
	}{
		{"smaller than the status line", map[string]any{"n": 1000, "maxBytes": 12},
			"l0000\nl0001", "… [truncated: showed 12 of 6,000 bytes; 5,988 bytes left]\nGet the rest: test_lines {\"maxBytes\":12,\"n\":1000,\"offset\":2}", 12 + bodyOverhead},
		{"one byte", map[string]any{"n": 10, "offset": 5, "maxBytes": 1},
			"l", "… [truncated: showed 1 of 30 bytes; 29 bytes left]", 1 + bodyOverhead},
		{"fits whole", map[string]any{"n": 2, "maxBytes": 12}, "l0000\nl0001\n", "", 12 + bodyOverhead},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), "test.lines", c.args)
			if res.Sections.Body != c.body {
				t.Errorf("body %q, want %q", res.Sections.Body, c.body)
			}
			if !strings.HasPrefix(res.Sections.Head, "lines from") {
				t.Errorf("status line %q, want it whole", res.Sections.Head)
			}
			if !strings.HasPrefix(res.Sections.Tail, c.footer) {
				t.Errorf("footer %q, want %q…", res.Sections.Tail, c.footer)
			}
			if len(res.Text) > c.maxTotal {
				t.Errorf("%d bytes, more than maxBytes and f0's lines", len(res.Text))
			}
		})
	}
}
