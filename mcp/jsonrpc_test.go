package mcp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"f0/engine"
)

func TestScanEnvelope(t *testing.T) {
	deep := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"fs_read","arguments":{"path":` +
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}}}`
	cases := []struct {
		line                string
		id, method, params  string
		response, undecoded bool
		depth               int
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`, "1", `"tools/call"`, `{"name":"x"}`, false, false, 2},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, "", `"notifications/initialized"`, "", false, false, 1},
		{`{"jsonrpc":"2.0","id":"a\"}{","result":{}}`, `"a\"}{"`, "", "", true, false, 2},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":1}}`, "null", "", "", true, false, 2},
		{` { "params" : [1, {"id": 9}] , "id" : 3 , "method" : "m" } `, "3", `"m"`, `[1, {"id": 9}]`, false, false, 3},
		{`{"id":2,"method":"x","params":{"n":1e400}}`, "2", `"x"`, `{"n":1e400}`, false, true, 2},
		{`{"id":2,"method":"x","params":{"n":1e-400,"s":"1e400","big":123456789012345678901234567890}}`, "2", `"x"`, `{"n":1e-400,"s":"1e400","big":123456789012345678901234567890}`, false, false, 2},
		{`not json`, "", "", "", false, false, 0},
		{`[{"id":1}]`, "", "", "", false, false, 0},
		{`{"id":1,"method":"x","params":{"a":"unterminated`, "1", `"x"`, "", false, false, 2},
	}
	for _, c := range cases {
		e := scanEnvelope([]byte(c.line))
		if string(e.id) != c.id || string(e.method) != c.method || string(e.params) != c.params ||
			e.response != c.response || e.undecodable() != c.undecoded || e.depth != c.depth {
			t.Errorf("scanEnvelope(%s) = id %s method %s params %s response %v undecodable %v depth %d",
				c.line, e.id, e.method, e.params, e.response, e.undecodable(), e.depth)
		}
	}
	e := scanEnvelope([]byte(deep))
	if string(e.id) != "7" || !e.isMethod("tools/call") || e.depth != 10004 || !e.undecodable() {
		t.Errorf("deep call: id %s method %s depth %d", e.id, e.method, e.depth)
	}
}

func TestReadableCall(t *testing.T) {
	e := scanEnvelope([]byte(`{"jsonrpc":"2.0","id":"x1","method":"tools/call","params":{"name":"fs_read","arguments":{"limit":-1e400}}}`))
	got := readableCall(&e)
	want := `{"jsonrpc":"2.0","id":"x1","method":"tools/call","params":{"name":"fs_read","arguments":{},"_meta":{"f0/rawArguments":"{\"limit\":-1e400}"}}}`
	if string(got) != want {
		t.Errorf("readableCall =\n%s\nwant\n%s", got, want)
	}
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fs_read","arguments":{"limit":1}}}`, // decodable
		`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"n":1e400}}`,                                      // not a call
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"fs_read","arguments":{"n":1e400}}}`,        // no id
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5,"arguments":{"n":1e400}}}`,         // no name
	} {
		e := scanEnvelope([]byte(line))
		if got := readableCall(&e); got != nil {
			t.Errorf("readableCall(%s) = %s, want nil", line, got)
		}
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the read buffer
	input := "a\r\n\n" + long + "\n" + strings.Repeat("y", 300<<10) + "\nafter\nlast"
	r := newLineReader(iotest.OneByteReader(strings.NewReader(input)), 250<<10)
	want := []string{"a", "", long}
	for _, w := range want {
		line, err := r.next()
		if err != nil || string(line) != w {
			t.Fatalf("next = %.20q (%d bytes), %v; want %.20q", line, len(line), err, w)
		}
	}
	_, err := r.next()
	var tooLong *tooLongError
	if !errors.As(err, &tooLong) || tooLong.size != 300<<10 || len(tooLong.head) != headKept {
		t.Fatalf("over-long line: %v", err)
	}
	if msg := err.Error(); msg != "the message is 307,200 bytes, over the limit of 256,000 bytes per message (f0 serve --max-body raises it); send large content in smaller parts" {
		t.Errorf("message: %s", msg)
	}
	for _, w := range []string{"after", "last"} {
		if line, err := r.next(); err != nil || string(line) != w {
			t.Fatalf("next = %q, %v; want %q", line, err, w)
		}
	}
	for range 2 {
		if _, err := r.next(); err != io.EOF {
			t.Fatalf("at the end: %v, want EOF every time", err)
		}
	}
}

// TestLineReaderLinear: a line of many megabytes read in small pieces
// costs about as much as copying it (the old splitter rescanned the
// buffer on every read, which took seconds for 25 MB).
func TestLineReaderLinear(t *testing.T) {
	const size = 32 << 20
	src := io.MultiReader(strings.NewReader(`{"id":1,"s":"`), io.LimitReader(neverNewline{}, size), strings.NewReader("\"}\n"))
	r := newLineReader(bufio.NewReaderSize(src, 4096), 64<<20)
	line, err := r.next()
	if err != nil || len(line) != size+15 {
		t.Fatalf("next: %d bytes, %v", len(line), err)
	}
	if e := scanEnvelope(line); string(e.id) != "1" {
		t.Errorf("id %s", e.id)
	}
}

type neverNewline struct{}

func (neverNewline) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'z'
	}
	return len(p), nil
}

func TestErrorAnswer(t *testing.T) {
	var b strings.Builder
	w := &lineWriter{w: &b}
	if err := w.send(errorAnswer([]byte(`"a<b"`), -32600, "x & y")); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `{"jsonrpc":"2.0","id":"a<b","error":{"code":-32600,"message":"x & y"}}`+"\n"; got != want {
		t.Errorf("send = %s, want %s", got, want)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(b.String()), &v); err != nil {
		t.Error(err)
	}
}

// TestHTTPHostileCalls: over streamable HTTP too, numbers out of range and
// arguments nested too deep get tool results, not protocol errors.
func TestHTTPHostileCalls(t *testing.T) {
	_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{})
	url := ts.URL + "/mcp"
	id, _ := rawSession(t, url)
	for i, c := range hostileCalls {
		body := `{"jsonrpc":"2.0","id":` + fmt.Sprint(i+1) + `,"method":"tools/call","params":{"name":"tools_search","arguments":` + c.args + `}}`
		resp := rawPost(t, url, []byte(body), sessionHeaders(id))
		text := readBody(t, resp)
		if i := strings.Index(text, "data: "); i >= 0 { // an event stream
			text = strings.TrimSpace(text[i+len("data: "):])
		}
		var msg map[string]json.RawMessage
		if err := json.Unmarshal([]byte(text), &msg); err != nil {
			t.Fatalf("%s: HTTP %d %.300s", c.name, resp.StatusCode, text)
		}
		if string(msg["id"]) != fmt.Sprint(i+1) {
			t.Errorf("%s: answer id %s", c.name, msg["id"])
		}
		got, isError := answerText(t, msg)
		if !isError || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: isError=%v\n%s\nwant the start\n%s", c.name, isError, got, c.want)
		}
	}
}
