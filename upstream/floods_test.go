package upstream

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"f0/engine"
)

// TestListChangedStormListsOnceAtATime (F4): a storm of
// tools/list_changed makes f0 list the tools again one at a time, with at
// most one more pending, not once per notification.
func TestListChangedStormListsOnceAtATime(t *testing.T) {
	const storm = 20000
	p, _, _ := gatewayWith(t, engine.Config{}, Options{}, StartWait, rawUpstream(t, "up", fmt.Sprintf("storm:%d", storm)))
	if res := p.Call(context.Background(), "up_x", nil); res.IsError {
		t.Fatal(res.Text)
	}
	lists, last := 0, -1
	for deadline := time.Now().Add(30 * time.Second); lists != last && time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		last = lists
		res := p.Call(context.Background(), "up_x", nil)
		n, err := strconv.Atoi(strings.TrimPrefix(res.Text, "lists "))
		if err != nil {
			t.Fatal(res.Text)
		}
		lists = n
	}
	t.Logf("%d notifications, %d lists", storm, lists)
	if lists > storm/20 {
		t.Fatalf("%d notifications made %d lists", storm, lists)
	}
}

// peakGoroutines is the most goroutines seen while f runs.
func peakGoroutines(f func()) int {
	var peak atomic.Int64
	done := make(chan struct{})
	go func() {
		for {
			if n := int64(runtime.NumGoroutine()); n > peak.Load() {
				peak.Store(n)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	return int(peak.Load())
}

// TestRequestFloodFromAnUpstreamIsBounded (F4): a server that sends f0
// many requests and reads none of the answers holds a bounded number of
// goroutines (and so of memory), over stdio and HTTP.
func TestRequestFloodFromAnUpstreamIsBounded(t *testing.T) {
	const flood = 50000
	cases := []struct {
		name string
		srv  func(t *testing.T) Server
	}{
		{"stdio", func(t *testing.T) Server { return rawUpstream(t, "up", fmt.Sprintf("flood:%d", flood)) }},
		{"http", func(t *testing.T) Server {
			return Server{Name: "up", URL: rawHTTP(t, fmt.Sprintf("sse-requests:%d", flood))}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _, _ := gatewayWith(t, engine.Config{}, Options{CallTimeout: 3 * time.Second}, StartWait, tc.srv(t))
			peak := peakGoroutines(func() { p.Call(context.Background(), "up_x", nil) })
			t.Logf("%d requests: at most %d goroutines", flood, peak)
			if peak > 1000 {
				t.Fatalf("%d requests: %d goroutines", flood, peak)
			}
		})
	}
}
