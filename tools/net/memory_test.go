package net

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

func withLoad(calls int, held int64) envOpt {
	return func(_ *web.Config, tc *engine.Config) { tc.MaxCalls, tc.MaxHeld = calls, held }
}

// endless writes text until the client goes away.
func endless(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	line := []byte(strings.Repeat("endless body line\n", 1000))
	for r.Context().Err() == nil {
		if _, err := w.Write(line); err != nil {
			return
		}
	}
}

// A body is read to its end (hashed, counted, capped) but only the part
// the answer can show is kept: with 512 KiB for all calls' bodies, a 5 MB
// body is answered and an endless one reaches the download cap instead of
// being buffered up to it.
func TestBodyMemoryIsBounded(t *testing.T) {
	e := newEnv(t, withLoad(0, 512<<10), withNet(func(c *web.Config) { c.MaxDownload = 20 << 20 }))
	e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/endless", endless)
	t.Run("a large body shows its first window", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/big?n=5000000"})
		if res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, res.Text, "200 OK", "line 00000 ééé", "… [truncated: showed ", " of 5,000,000 bytes; ", `Get the rest: net_curl {"offset":`)
	})
	t.Run("an endless body stops at the download cap", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/endless"})
		assertInOrder(t, res.Text, "GET "+e.url+"/endless: the response body is larger than the download limit of 20 MB (--net-max-download); the call stopped reading it.")
	})
	t.Run("a window deep in a UTF-8 body keeps only the window", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/big?n=5000000", "offset": 4000000})
		if res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, res.Text, "200 OK", "(from byte 4,000,000 of 5,000,000)", "… [truncated: showed ", " of 1,000,000 bytes; ", `Get the rest: net_curl {"offset":`)
		assertHeldNothing(t, e)
	})
	t.Run("a window deep in JSON without a charset, ASCII at its start, keeps only the window", func(t *testing.T) {
		url := e.url + "/big?n=5000000&ascii=1000&type=application/json"
		res := e.call(t, map[string]any{"url": url, "offset": 4000000})
		if res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, res.Text, "200 OK · application/json · 4.8 MB · ", " ééé\n", "… [truncated: showed ")
		if strings.Contains(res.Text, "decoded from") || strings.Contains(res.Text, "Ã©") {
			t.Fatalf("UTF-8 decoded as another charset:\n%s", text.CutUTF8(res.Text, 300))
		}
		assertHeldNothing(t, e)
	})
	t.Run("a deep window with bytes that are not UTF-8 says so", func(t *testing.T) {
		e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/deep-invalid", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(strings.Repeat("a", 9000) + "b\xffc\n"))
		})
		res := e.call(t, map[string]any{"url": e.url + "/deep-invalid", "offset": 8998})
		assertInOrder(t, res.Text, "200 OK · text/plain · 8.8 KB · ", "(from byte 8,998 of 9,006)\naab\uFFFDc\nnote: invalid UTF-8 is shown as U+FFFD (�).")
		assertHeldNothing(t, e)
	})
	t.Run("an offset past the end of a UTF-8 body", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/big?n=5000000", "offset": 6000000})
		assertInOrder(t, res.Text, "200 OK", "note: offset 6000000 is at or past the end of the body (5,000,000 bytes as shown); there is nothing more")
	})
	t.Run("a window deep in a body in another charset needs more memory than the server has: not busy, too much", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/big?n=5000000&type=text/plain%3Bcharset%3Diso-8859-1", "offset": 4000000})
		want := "net_curl failed: GET " + e.url + "/big?n=5000000&type=text/plain%3Bcharset%3Diso-8859-1: the answer needs more than 524,288 bytes of memory, the most the running calls may hold together (--max-call-memory); ask for a part of it at a time, or save it to a file\nYou passed: "
		if !res.IsError || !strings.HasPrefix(res.Text, want) {
			t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
		}
		assertHeldNothing(t, e)
	})
	t.Run("with room, the deep window in another charset is shown", func(t *testing.T) {
		e := newEnv(t)
		res := e.call(t, map[string]any{"url": e.url + "/big?n=5000000&type=text/plain%3Bcharset%3Diso-8859-1", "offset": 4000000})
		assertInOrder(t, res.Text, "200 OK", "decoded from windows-1252", "(from byte 4,000,000 of ", "… [truncated: showed ")
	})
}

// assertHeldNothing fails when calls or bytes are still counted after the
// calls ended.
func assertHeldNothing(t *testing.T, e *env) {
	t.Helper()
	if calls, held := e.p.InFlight(); calls != 0 || held != 0 {
		t.Fatalf("after the call: %d calls, %d bytes held", calls, held)
	}
}

// Calls over the server's limit of calls in flight are answered busy, and
// the slot is free again once the running call ends.
func TestBusyWhenTooManyCalls(t *testing.T) {
	e := newEnv(t, withLoad(1, 0))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan tool.Result)
	go func() { done <- e.p.Call(ctx, "net_curl", map[string]any{"url": e.url + "/slow"}) }()
	deadline := time.Now().Add(10 * time.Second)
	for calls, _ := e.p.InFlight(); calls == 0 && time.Now().Before(deadline); calls, _ = e.p.InFlight() {
		time.Sleep(5 * time.Millisecond)
	}
	res := e.call(t, map[string]any{"url": e.url + "/text"})
	want := `net_curl: the server is busy: 1 calls are running, its limit (--max-calls); retry in about 2 seconds. The call was not started; send it again then.` + "\n" + `You passed: {"url":"` + e.url + `/text"}`
	if !res.IsError || res.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
	cancel()
	<-done
	if res := e.call(t, map[string]any{"url": e.url + "/text"}); res.IsError {
		t.Fatalf("the slot was not given back: %s", res.Text)
	}
}

// With a sink (the command line's stdout to a pipe or a file) a text body
// that would be the whole answer streams to it, byte for byte, and the
// answer keeps only its head: memory stays flat, and no limit of the
// server's holds it back. Bodies shown otherwise are kept as before.
func TestBodyStreamsToTheSink(t *testing.T) {
	e := newEnv(t, withLoad(0, 64<<10))
	tl, _ := e.p.Resolve("net.curl")
	cases := []struct {
		name     string
		args     map[string]any
		sink     string
		text     []string // in order
		notInSnk bool
	}{
		{"a large UTF-8 body", map[string]any{"url": e.url + "/big?n=3000000"}, string(bigText(3000000)), []string{"200 OK · text/plain; charset=utf-8 · 2.9 MB · "}, false},
		{"JSON without a charset", map[string]any{"url": e.url + "/json"}, "", []string{"200 OK · application/json"}, false},
		{"a binary body is described", map[string]any{"url": e.url + "/png"}, "", []string{"binary body omitted: image/png"}, true},
		{"a window is kept", map[string]any{"url": e.url + "/text", "offset": 2}, "", []string{"(from byte 2 of 6)", "llo"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var sink strings.Builder
			res := e.p.Call(engine.WithSink(context.Background(), tl, &sink), "net_curl", c.args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			assertInOrder(t, res.Text, c.text...)
			switch {
			case c.notInSnk && sink.Len() > 0:
				t.Errorf("the sink got %q", sink.String())
			case !c.notInSnk && (sink.Len() == 0 || c.sink != "" && sink.String() != c.sink):
				t.Errorf("the sink got %d bytes, want %d", sink.Len(), len(c.sink))
			case !c.notInSnk && res.Sections.Body != "":
				t.Errorf("the answer kept the body too:\n%s", text.CutUTF8(res.Text, 300))
			}
		})
	}
}
