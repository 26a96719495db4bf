package mcp

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"
)

// openSession opens a 2025-11-25 session with raw HTTP, sends
// notifications/initialized and lists the tools (which hands them to
// mcp-go), as a client does before its first call.
func openSession(t *testing.T, url string) string {
	t.Helper()
	id, resp := rawSession(t, url)
	if resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d", resp.StatusCode)
	}
	readBody(t, rawPost(t, url, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), sessionHeaders(id)))
	if r := rawPost(t, url, []byte(`{"jsonrpc":"2.0","id":0,"method":"tools/list"}`), sessionHeaders(id)); r.StatusCode != http.StatusOK {
		t.Fatalf("tools/list: %d %s", r.StatusCode, readBody(t, r))
	}
	return id
}

// answerOf is what a client receives for a POST: status, the headers that
// are not the date, and the body.
func answerOf(t *testing.T, r *http.Response) string {
	t.Helper()
	var head []string
	for k, v := range r.Header {
		if k != "Date" {
			head = append(head, k+": "+strings.Join(v, ", "))
		}
	}
	slices.Sort(head)
	return r.Status + "\n" + strings.Join(head, "\n") + "\n\n" + readBody(t, r)
}

// TestHTTPPlainCallsAnswerAsMCPGo: over streamable HTTP, the calls f0
// answers beside mcp-go get, byte for byte and header for header, the
// answer mcp-go's handlePost writes for them, and the requests left to
// mcp-go still get theirs.
func TestHTTPPlainCallsAnswerAsMCPGo(t *testing.T) {
	cases := []struct {
		name, id, params string
		headers          map[string]string
		direct           bool
	}{
		{name: "a plain call", id: `1`, params: `{"name":"tools_search","arguments":{"query":"describe"}}`, direct: true},
		{name: "a string id", id: `"req-7"`, params: `{"name":"tools_describe","arguments":{"name":"tools_search"}}`, direct: true},
		{name: "markup in a string id", id: `"<a&b>"`, params: `{"name":"tools_search","arguments":{"query":"q"}}`, direct: true},
		{name: "a negative id", id: `-3`, params: `{"name":"tools_search","arguments":{"query":"x"}}`, direct: true},
		{name: "a 15-digit id", id: `123456789012345`, params: `{"name":"tools_search","arguments":{"query":"q"}}`, direct: true},
		{name: "wrong arguments", id: `2`, params: `{"name":"tools_describe","arguments":{"name":5}}`, direct: true},
		{name: "arguments as a string", id: `3`, params: `{"name":"tools_search","arguments":"describe"}`, direct: true},
		{name: "no arguments", id: `4`, params: `{"name":"tools_search"}`, direct: true},
		{name: "null arguments", id: `5`, params: `{"name":"tools_search","arguments":null}`, direct: true},
		{name: "markup, escapes and U+2028 in the text", id: `7`, params: `{"name":"tools_search","arguments":{"query":"<b>&amp;\u00e9\u2028\n\"q\""}}`, direct: true},
		{name: "upper-case member names", id: `8`, params: `{"Name":"tools_search","Arguments":{"query":"x"}}`, direct: true},
		{name: "no protocol version header", id: `9`, params: `{"name":"tools_search","arguments":{"query":"q"}}`,
			headers: map[string]string{"Mcp-Protocol-Version": ""}, direct: true},
		{name: "a progress token (mcp-go)", id: `6`, params: `{"name":"tools_search","arguments":{"query":"x"},"_meta":{"progressToken":"t"}}`},
		{name: "a misspelt name", id: `10`, params: `{"name":"tools-search","arguments":{"query":"x"}}`, direct: true},
		{name: "other _meta (mcp-go)", id: `11`, params: `{"name":"tools_search","arguments":{"query":"x"},"_meta":{"trace":"t"}}`},
		{name: "an unknown tool", id: `12`, params: `{"name":"no_such_tool","arguments":{}}`, direct: true},
		{name: "a fractional id (mcp-go)", id: `1.5`, params: `{"name":"tools_search","arguments":{"query":"x"}}`},
		{name: "a 16-digit id (mcp-go)", id: `1234567890123456789`, params: `{"name":"tools_search","arguments":{"query":"x"}}`},
		{name: "an escaped name (mcp-go)", id: `13`, params: `{"name":"tools\u005fsearch","arguments":{"query":"x"}}`},
		{name: "a media type parameter (mcp-go)", id: `14`, params: `{"name":"tools_search","arguments":{"query":"q"}}`,
			headers: map[string]string{"Content-Type": "application/json; charset=utf-8"}},
		{name: "an old protocol version (mcp-go)", id: `15`, params: `{"name":"tools_search","arguments":{"query":"q"}}`,
			headers: map[string]string{"Mcp-Protocol-Version": "1999-01-01"}},
	}
	p := customSearchPipeline(t, func(_ context.Context, _ tool.Call, in meta.SearchInput) (tool.Result, error) {
		if in.Query == "x" {
			return tool.Result{IsError: true, Text: "nothing for x"}, nil
		}
		return tool.Text("found %s", in.Query), nil
	})
	direct, dts := newHTTP(t, NewServer(p, Options{}), HTTPOptions{})
	_, rts := newHTTP(t, NewServer(p, Options{}), HTTPOptions{allToMCPGo: true})
	durl, rurl := dts.URL+"/mcp", rts.URL+"/mcp"
	did, rid := openSession(t, durl), openSession(t, rurl)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := []byte(`{"jsonrpc":"2.0","id":` + c.id + `,"method":"tools/call","params":` + c.params + `}`)
			post := func(url, id string) string {
				h := sessionHeaders(id)
				for k, v := range c.headers {
					h[k] = v
				}
				return answerOf(t, rawPost(t, url, body, h))
			}
			before := direct.calls.served.Load()
			got, want := post(durl, did), post(rurl, rid)
			if got != want {
				t.Errorf("answered\n%s\nmcp-go answers\n%s", got, want)
			}
			if served := direct.calls.served.Load() - before; served != map[bool]int64{true: 1}[c.direct] {
				t.Errorf("answered beside mcp-go: %d calls, want direct=%v", served, c.direct)
			}
		})
	}
}

// TestHTTPDirectCallCancelled: notifications/cancelled, POSTed while a
// call answered beside mcp-go runs, ends the call's context.
func TestHTTPDirectCallCancelled(t *testing.T) {
	g := newGate()
	t.Cleanup(func() { close(g.release) })
	h, ts := newHTTP(t, NewServer(slowPipeline(t, g), Options{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	id := openSession(t, url)
	done := make(chan string, 1)
	go func() {
		r := rawPost(t, url, []byte(`{"jsonrpc":"2.0","id":"slow-1","method":"tools/call","params":{"name":"tools_search","arguments":{"query":"q"}}}`), sessionHeaders(id))
		done <- answerOf(t, r)
	}()
	wait(t, g.started, "the tool to start")
	r := rawPost(t, url, []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow-1","reason":"test"}}`), sessionHeaders(id))
	if r.StatusCode != http.StatusAccepted {
		t.Errorf("notifications/cancelled: %s", answerOf(t, r))
	}
	wait(t, g.canceled, "the tool to see the cancellation")
	answer := wait(t, done, "the call to be answered")
	if !strings.Contains(answer, `"isError":true`) || !strings.Contains(answer, "cancelled") {
		t.Errorf("cancelled call answered:\n%s", answer)
	}
	if n := h.calls.served.Load(); n != 1 {
		t.Errorf("calls answered beside mcp-go: %d, want 1", n)
	}
}

// TestHTTPDirectCallsKeepMCPGoClock: a session whose calls are answered
// beside mcp-go has a call served by mcp-go whenever mcp-go's idle clock of
// it is stale, so that mcp-go never expires a busy session.
func TestHTTPDirectCallsKeepMCPGoClock(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	id := openSession(t, url)
	call := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tools_search","arguments":{"query":"read"}}}`)
	se := h.calls.session(id)
	for i, stale := range []bool{false, true, false} {
		if stale {
			se.seen.Store(time.Now().Add(-h.calls.refresh).UnixNano())
		}
		before := h.calls.served.Load()
		if r := rawPost(t, url, call, sessionHeaders(id)); r.StatusCode != http.StatusOK {
			t.Fatalf("call %d: %s", i, answerOf(t, r))
		}
		if direct := h.calls.served.Load() > before; direct == stale {
			t.Errorf("call %d with a stale=%v clock: answered beside mcp-go=%v", i, stale, direct)
		}
		if age := time.Since(time.Unix(0, se.seen.Load())); age >= h.calls.refresh {
			t.Errorf("call %d: mcp-go's clock is %s old after the call", i, age)
		}
	}
	// An ended session is mcp-go's (and answered 404).
	deleteSession(t, url, id)
	if h.calls.session(id) != nil {
		t.Error("a deleted session is still answered beside mcp-go")
	}
}

// TestHTTPDirectCallsWhileSessionsEnd: sessions deleted while their calls
// are answered beside mcp-go lose nothing: every call is answered (or
// refused with 404 once its session ended), and no ended session stays in
// the direct path's index.
func TestHTTPDirectCallsWhileSessionsEnd(t *testing.T) {
	h, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	const sessions, calls = 6, 40
	call := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tools_search","arguments":{"query":"read"}}}`)
	var wg sync.WaitGroup
	for range sessions {
		id := openSession(t, url)
		answeredOnce := make(chan struct{})
		release := sync.OnceFunc(func() { close(answeredOnce) })
		wg.Add(2)
		go func() {
			defer wg.Done()
			defer release() // a failed first call must not hold the deleter
			for i := range calls {
				r := postQuiet(url, id, call)
				if r.status == http.StatusNotFound && i > 0 {
					return // deleted meanwhile
				}
				if r.status != http.StatusOK || !strings.Contains(r.body, `"result"`) {
					t.Errorf("call %d: %d %s", i, r.status, r.body)
					return
				}
				release()
			}
		}()
		go func() {
			defer wg.Done()
			<-answeredOnce // then while the next calls run
			deleteSession(t, url, id)
		}()
	}
	wg.Wait()
	if served := h.calls.served.Load(); served < sessions {
		t.Errorf("%d calls answered beside mcp-go, want at least %d", served, sessions)
	}
	h.calls.mu.RLock()
	defer h.calls.mu.RUnlock()
	if n := len(h.calls.sessions); n != 0 {
		t.Errorf("%d ended sessions are still in the direct path's index", n)
	}
}

// answered is a response's status and body.
type answered struct {
	status int
	body   string
}

// postQuiet POSTs a message of a session from any goroutine (a transport
// error becomes status 0).
func postQuiet(url, session string, body []byte) answered {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return answered{body: err.Error()}
	}
	for k, v := range sessionHeaders(session) {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return answered{body: err.Error()}
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return answered{resp.StatusCode, string(data)}
}
