package upstream

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
)

// allocated is how many bytes the process allocates while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

const testMaxMessage = 4 << 20

// callWithin calls up_x, wanting want in its answer (an error when it
// names the limit) and at most most bytes allocated meanwhile.
func callWithin(t *testing.T, p *engine.Host, want string, most uint64) {
	t.Helper()
	// The first call of a host loads the vocabularies (70 tables); a
	// call of no tool does it before the one measured.
	p.Call(context.Background(), "warm_up_no_such_tool", nil)
	var res tool.Result
	start := time.Now()
	bytes := allocated(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res = p.Call(ctx, "up_x", nil)
	})
	t.Logf("%s, %d MiB allocated during the call", time.Since(start).Round(time.Millisecond), bytes>>20)
	if strings.Contains(want, "limit") != res.IsError || !strings.Contains(res.Text, want) || strings.Contains(res.Text, "stopped") {
		t.Fatalf("got:\n%.500s", res.Text)
	}
	if bytes > most {
		t.Fatalf("the call allocated %d MiB", bytes>>20)
	}
}

// TestUpstreamAnswerOverTheLimitFailsItsCallOnly (F2): an answer longer
// than the limit, or a line that never ends, is not held in memory: the
// call fails with why, and the server stays connected for the next call.
func TestUpstreamAnswerOverTheLimitFailsItsCallOnly(t *testing.T) {
	cases := []struct {
		name, mode string
		calls      int // the server answers a call after a line that never ends never
	}{
		{"64 MiB line", "huge:64", 2},
		{"a line that never ends", "endless", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _, _ := gatewayWith(t, engine.Config{}, Options{MaxMessage: testMaxMessage}, StartWait, rawUpstream(t, "up", tc.mode), fakeUpstream(t, "ok"))
			for range tc.calls {
				callWithin(t, p, "over f0's limit of 4.0 MB for one message from an upstream server", 40<<20)
			}
			if res := p.Call(context.Background(), "ok_read_file", map[string]any{"path": "a"}); res.IsError {
				t.Fatalf("the other server: %s", res.Text)
			}
		})
	}
}

// rawHTTP is a streamable HTTP server written by hand whose tools/call
// answers as mode says:
//
//	json:MIB     a JSON body of MIB MiB
//	json-endless a JSON body that never ends
//	sse:MIB      an event of MIB MiB
//	sse-endless  an event whose data line never ends
//	sse-lines:N  a short answer whose data is split over N lines
//	sse-requests:N  N ping requests, and no answer (the answers to them are never read)
func rawHTTP(t *testing.T, mode string) string {
	t.Helper()
	kind, arg, _ := strings.Cut(mode, ":")
	n, _ := strconv.Atoi(arg)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		req := readRequest(r.Body)
		id := string(req.ID)
		w.Header().Set("Mcp-Session-Id", "s1")
		answer := func(result string) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result)
		}
		switch req.Method {
		case "initialize":
			answer(fmt.Sprintf(`{"protocolVersion":%q,"capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}`, req.Params.ProtocolVersion))
		case "tools/list":
			answer(`{"tools":[{"name":"x","description":"X.","inputSchema":{"type":"object","properties":{}}}]}`)
		case "tools/call":
			rawHTTPCall(w, r, kind, n, id)
		case "":
			<-r.Context().Done() // an answer to its request: never read
		default:
			if len(req.ID) == 0 {
				w.WriteHeader(http.StatusAccepted)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no %s here"}}`, id, req.Method)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

func rawHTTPCall(w http.ResponseWriter, r *http.Request, kind string, n int, id string) {
	head := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, id)
	chunk := strings.Repeat("x", 1<<16)
	stream := strings.HasPrefix(kind, "sse")
	if stream {
		w.Header().Set("Content-Type", "text/event-stream")
		head = "data: " + head
	} else {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(http.StatusOK)
	switch kind {
	case "json", "sse":
		io.WriteString(w, head)
		for range n * 16 {
			io.WriteString(w, chunk)
		}
		io.WriteString(w, `"}]}}`)
		if stream {
			io.WriteString(w, "\n\n")
		}
	case "json-endless", "sse-endless":
		io.WriteString(w, head)
		for r.Context().Err() == nil {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	case "sse-requests":
		for i := range n {
			fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":\"p%d\",\"method\":\"ping\"}\n\n", i)
		}
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	case "sse-lines":
		fmt.Fprintf(w, `data: {"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"ok"}],"pad":[`+"\n", id)
		for range n {
			io.WriteString(w, "data: 1,\n")
		}
		io.WriteString(w, "data: 1]}}\n\n")
	}
}

// TestHTTPAnswerOverTheLimitFailsItsCallOnly (F2): over streamable HTTP,
// a JSON body or an event over the limit, or one that never ends, is not
// held in memory: the call fails with why, and the next call is answered.
// An event whose data comes in many lines is read in linear time.
func TestHTTPAnswerOverTheLimitFailsItsCallOnly(t *testing.T) {
	cases := []struct {
		mode, want string
		calls      int
	}{
		{"json:64", "over f0's limit of 4.0 MB", 2},
		{"json-endless", "over f0's limit of 4.0 MB", 2},
		{"sse:64", "over f0's limit of 4.0 MB", 2},
		{"sse-endless", "over f0's limit of 4.0 MB", 2},
		{"sse-lines:30000", "ok", 1},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			p, _, _ := gatewayWith(t, engine.Config{}, Options{MaxMessage: testMaxMessage}, StartWait, Server{Name: "up", URL: rawHTTP(t, tc.mode)})
			for range tc.calls {
				callWithin(t, p, tc.want, 40<<20)
			}
		})
	}
}
