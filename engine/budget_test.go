package engine

import (
	"context"
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
			got := tool.OutputRoom(withCall(context.Background(), &callState{budget: c.budget}))
			if got.Limits() != c.want.Limits() {
				t.Fatalf("OutputRoom(%+v) = %+v, want %+v", c.budget, got.Limits(), c.want.Limits())
			}
		})
	}
	if got := tool.OutputRoom(context.Background()).Bytes; got != tool.DefaultMaxOutput-tool.RoomReserve {
		t.Fatalf("outside a call the room is %d, want the default budget's", got)
	}
}

// TestRoomShare pins the share of each of n parts: the room split n ways
// less each part's header and "more of this" line, with a floor.
func TestRoomShare(t *testing.T) {
	room := tool.RoomIn(tool.Limits{Bytes: tool.DefaultMaxOutput, Lines: 1999})
	cases := []struct {
		n    int
		want tool.Limits
	}{
		{0, tool.Limits{Bytes: 23756, Lines: 1988}},
		{1, tool.Limits{Bytes: 23756, Lines: 1988}},
		{2, tool.Limits{Bytes: 11818, Lines: 992}},
		{24, tool.Limits{Bytes: 874, Lines: 79}},
		{64, tool.Limits{Bytes: tool.PartMin, Lines: 28}},
		{1000, tool.Limits{Bytes: tool.PartMin, Lines: tool.PartMinLines}},
	}
	for _, c := range cases {
		if got := room.Share(c.n).Limits(); got != c.want {
			t.Errorf("Share(%d) = %+v, want %+v", c.n, got, c.want)
		}
	}
	if got := tool.RoomIn(tool.Limits{Bytes: 4096}).Share(2).Lines; got != 0 {
		t.Errorf("a share counts lines only when the room does: %d", got)
	}
}

// TestRoomLess pins what is left once the status line and notes have
// taken theirs, down to a quarter of the budget.
func TestRoomLess(t *testing.T) {
	room := tool.RoomIn(tool.Limits{Bytes: 4096, Lines: 100})
	got := room.Less("status line", "", "note: one\nnote: two")
	if want := (tool.Limits{Bytes: 3396 - 12 - 20, Lines: 92 - 3}); got.Limits() != want {
		t.Fatalf("Less = %+v, want %+v", got.Limits(), want)
	}
	huge := string(make([]byte, 5000))
	if got := room.Less(huge).Bytes; got != 1024 {
		t.Fatalf("Less of more than the room left %d bytes, want a quarter of the budget (1024)", got)
	}
	if got := tool.RoomIn(tool.Limits{Bytes: 4096}).Less("a\nb").Lines; got != 0 {
		t.Fatalf("Less counts lines only when the room does: %d", got)
	}
}

func TestRoomParts(t *testing.T) {
	if got := tool.RoomIn(tool.Limits{Bytes: tool.DefaultMaxOutput}).Parts(); got != 24 {
		t.Errorf("a 24 KiB budget holds %d parts of MinShare, want 24", got)
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
		{"", 50000, 51024, true, tool.DefaultOutputCap},
		{"", tool.DefaultOutputCap, tool.DefaultOutputCap + tool.NeededReserve, false, tool.DefaultOutputCap},
		{"pi-mcp-adapter", 50000, 51024, true, PiMaxBytes - clientByteMargin},
		{"pi-mcp-adapter", 90000, 91024, false, PiMaxBytes - clientByteMargin},
		{"claude-code", 48000, 49024, true, ClaudeCodeMaxTokens*bytesPerToken - clientByteMargin},
		{"claude-code", 50000, 51024, false, ClaudeCodeMaxTokens*bytesPerToken - clientByteMargin},
	}
	for _, c := range cases {
		ctx := WithClient(context.Background(), p.Client(c.client))
		prep := p.Prepare(ctx, "test.plain", map[string]any{"size": 1})
		room := tool.OutputRoom(withCall(ctx, prep.c))
		for _, r := range []tool.Room{room, room.Share(3), room.Less("head")} {
			if got, ok := r.Raise(c.n); got != c.want || ok != c.ok || r.Most() != c.most {
				t.Errorf("%q: Raise(%d) = %d, %v with most %d; want %d, %v with most %d", c.client, c.n, got, ok, r.Most(), c.want, c.ok, c.most)
			}
		}
		if c.ok {
			if r := tool.RoomIn(tool.Limits{Bytes: int(c.want)}); r.Bytes < int(c.n) {
				t.Errorf("the budget Raise suggests leaves only %d bytes for a %d-byte text", r.Bytes, c.n)
			}
		}
	}
}
