package upstream

import (
	"context"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
)

// TestHungUpstreamCallFreesItsSlot (F3): a call the server never answers
// ends at the per-call deadline with why, and frees its --max-calls slot
// for the other tools.
func TestHungUpstreamCallFreesItsSlot(t *testing.T) {
	p, _, _ := gatewayWith(t, engine.Config{MaxCalls: 1}, Options{CallTimeout: 300 * time.Millisecond}, StartWait,
		rawUpstream(t, "up", "hang"), fakeUpstream(t, "ok"))
	hung := make(chan tool.Result, 1)
	go func() {
		for {
			res := p.Call(context.Background(), "up_x", nil)
			if !strings.Contains(res.Text, "busy") {
				hung <- res
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for sawBusy := false; ; time.Sleep(5 * time.Millisecond) {
		res := p.Call(context.Background(), "ok_read_file", map[string]any{"path": "a"})
		busy := res.IsError && strings.Contains(res.Text, "busy")
		if res.IsError && !busy || time.Now().After(deadline) {
			t.Fatalf("the other tool: %s", res.Text)
		}
		if sawBusy && !busy {
			break // the hung call held the slot, and it is free again
		}
		sawBusy = sawBusy || busy
	}
	select {
	case res := <-hung:
		if !res.IsError || !strings.Contains(res.Text, `upstream server "up" did not answer x within 300ms`) {
			t.Fatalf("the hung call: %s", res.Text)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the hung call never ended")
	}
}
