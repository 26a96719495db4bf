package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"f0/catalog"
	"f0/engine"
)

// TestStdioPingAndCancelDuringRealCalls: while a long fs_search or a slow
// net_curl runs, the transport still reads its input: a ping is answered
// and notifications/cancelled ends the call, whose answer is then withheld
// (the client has stopped waiting for it). It logs how long the ping and
// the cancellation took (go test -v -run
// TestStdioPingAndCancelDuringRealCalls ./mcp); the times are reported,
// never asserted.
func TestStdioPingAndCancelDuringRealCalls(t *testing.T) {
	dir := t.TempDir()
	writeHaystack(t, dir, 8, 4<<20)
	requested := make(chan struct{}, 1)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requested <- struct{}{}
		dripUntilGone(w, r)
	}))
	t.Cleanup(slow.Close)
	p := catalogPipeline(t, catalog.Options{Roots: []string{dir}}, engine.Config{})
	cases := []struct {
		name, call string
		started    func() // returns once the call is surely running
		endless    bool   // only a cancellation ends the call
	}{
		{"fs_search", `{"name":"fs_search","arguments":{"pattern":"(?i)\\b\\w{6,40}_\\d{3}\\b","maxResults":1000000}}`, func() {}, false},
		{"net_curl", `{"name":"net_curl","arguments":{"url":"` + slow.URL + `/endless"}}`, func() {
			wait(t, requested, "the slow server to get the request")
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			withheld := make(chan string, 1)
			r := newRawStdio(t, NewServer(p, Options{}), StdioOptions{withheld: func(key string) { withheld <- key }})
			r.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + c.call + `}`)
			c.started()
			// The first ping waits for the input to be handed over from
			// the call; the second one is read at once.
			first, ping := r.ping("2"), r.ping("3")
			if _, done := r.pending["1"]; done {
				t.Logf("%s ended before the pings were answered (%v, %v): nothing measured", c.name, first, ping)
				return
			}
			start := time.Now()
			r.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}}`)
			if !r.cancelledOrAnswered(withheld, "1") {
				t.Logf("%s ended before its cancellation was read: nothing measured", c.name)
				return
			}
			ended := time.Since(start)
			r.ping("4")
			if line, ok := r.pending["1"]; ok {
				t.Errorf("the cancelled %s was answered: %.200s", c.name, line)
			}
			t.Logf("%s: pings answered in %v and %v; the call ended %v after its cancellation",
				c.name, first.Round(time.Microsecond), ping.Round(time.Microsecond), ended.Round(time.Microsecond))
		})
	}
}

// cancelledOrAnswered waits until the call with the given id is either
// cancelled (its answer withheld: true) or answered, having ended before
// its cancellation was read (false). A search can finish in the moment
// between the last ping and the cancellation.
func (r *rawStdio) cancelledOrAnswered(withheld <-chan string, id string) bool {
	r.t.Helper()
	timeout := time.After(testTimeout)
	for {
		select {
		case key := <-withheld:
			if key != id {
				r.t.Fatalf("withheld the answer to %s, want %s", key, id)
			}
			return true
		case line, ok := <-r.lines:
			if !ok {
				r.t.Fatalf("stdout closed before call %s ended", id)
			}
			var msg map[string]json.RawMessage
			if json.Unmarshal([]byte(line), &msg) != nil || msg["id"] == nil {
				continue
			}
			if string(msg["id"]) == id {
				return false
			}
			r.pending[string(msg["id"])] = line
		case <-timeout:
			r.t.Fatalf("timed out waiting for call %s to end after its cancellation", id)
		}
	}
}

// ping sends a ping with the given id and returns how long its answer took.
func (r *rawStdio) ping(id string) time.Duration {
	r.t.Helper()
	start := time.Now()
	r.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
	if msg := r.answer(id); msg["result"] == nil {
		r.t.Fatalf("ping: %s", msg["error"])
	}
	return time.Since(start)
}

// writeHaystack writes files of size bytes of identifier-like words for
// fs_search to go through.
func writeHaystack(t *testing.T, dir string, files, size int) {
	t.Helper()
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "func handle%dRequest(ctx context.Context, req *Request%d) error { return nil }\n", i, i%97)
	}
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("part%d.go", i)), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// dripUntilGone writes a body a line at a time until the client goes.
func dripUntilGone(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		fmt.Fprintln(w, "still going")
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
	}
}
