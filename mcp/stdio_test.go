package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/tools"
)

// rpcLine is what every line on stdout must be.
type rpcLine struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// TestStdioOnlyJSONRPCOnStdout drives a whole session, mistakes included,
// through ServeStdio with verbose logging, and checks that stdout carries
// nothing but JSON-RPC messages, one per line.
func TestStdioOnlyJSONRPCOnStdout(t *testing.T) {
	var stdout, logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	p := newPipeline(t, tools.Config{Logger: logger})
	s := NewServer(p, Options{Version: "test", Logger: logger})
	pair := startStdio(t, s, &stdout, logger)

	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(pair.clientIn)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(pair.clientOut, line+"\n"); err != nil {
			t.Fatalf("write: %v", err)
		}
	}
	// response reads lines until the one answering id (null for a parse error).
	response := func(id string) rpcLine {
		t.Helper()
		timeout := time.After(testTimeout)
		for {
			var line string
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("stdout closed before the response to %s", id)
				}
				line = l
			case <-timeout:
				t.Fatalf("no response to %s", id)
			}
			var msg rpcLine
			if err := json.Unmarshal([]byte(line), &msg); err != nil {
				t.Fatalf("stdout line is not JSON: %q", line)
			}
			var fields map[string]json.RawMessage
			_ = json.Unmarshal([]byte(line), &fields)
			gotID, hasID := fields["id"]
			if !hasID {
				gotID = json.RawMessage("null")
			}
			if string(gotID) == id && msg.Method == "" {
				return msg
			}
		}
	}
	call := func(id int, body string) rpcLine {
		t.Helper()
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,%s}`, id, body))
		return response(fmt.Sprint(id))
	}

	if r := call(1, `"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`); r.Error != nil {
		t.Fatalf("initialize: %+v", r.Error)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if r := call(2, `"method":"logging/setLevel","params":{"level":"debug"}`); r.Error != nil {
		t.Errorf("setLevel: %+v", r.Error)
	}
	if r := call(3, `"method":"tools/list"`); r.Error != nil || !strings.Contains(string(r.Result), "tools_search") {
		t.Errorf("tools/list: %+v %s", r.Error, r.Result)
	}
	calls := []struct {
		body    string
		isError bool
		want    string
	}{
		{`"name":"tools_search","arguments":{}`, false, "tools_describe"},
		{`"name":"tools_serch","arguments":{}`, true, `unknown tool \"tools_serch\"`},
		{`"name":"TOOLS.DESCRIBE","arguments":"{\"name\":\"tools_search\"}"`, false, "Canonical name tools.search"},
		{`"name":"tools_describe","arguments":{"nmae":1}`, true, "tools_describe"},
		{`"name":"tools_describe"`, true, "tools_describe"},
	}
	for i, c := range calls {
		r := call(10+i, `"method":"tools/call","params":{`+c.body+`}`)
		if r.Error != nil {
			t.Errorf("call %s: JSON-RPC error %+v (want a result)", c.body, r.Error)
			continue
		}
		if got := strings.Contains(string(r.Result), `"isError":true`); got != c.isError {
			t.Errorf("call %s: isError=%v: %s", c.body, got, r.Result)
		}
		if !strings.Contains(string(r.Result), c.want) {
			t.Errorf("call %s: result lacks %s: %s", c.body, c.want, r.Result)
		}
	}
	// A malformed line gets a JSON-RPC parse error, still on one line.
	send(`this is not json`)
	if r := response("null"); r.Error == nil {
		t.Error("malformed line: no parse error")
	}
	if r := call(20, `"method":"ping"`); r.Error != nil {
		t.Errorf("ping: %+v", r.Error)
	}

	// End the session and wait for the server to finish writing.
	pair.clientOut.Close()
	if err := wait(t, pair.done, "ServeStdio to return"); err != nil {
		t.Errorf("ServeStdio: %v", err)
	}
	pair.done <- nil // for the cleanup

	out := stdout.String()
	if out == "" || !strings.HasSuffix(out, "\n") {
		t.Fatalf("stdout does not end with a newline: %q", out)
	}
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var msg rpcLine
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Errorf("stdout line %d is not JSON: %q", i+1, line)
			continue
		}
		if msg.JSONRPC != "2.0" {
			t.Errorf("stdout line %d is not JSON-RPC 2.0: %q", i+1, line)
		}
	}
	// The calls were logged, on the logger only.
	if !strings.Contains(logs.String(), "msg=call") {
		t.Errorf("no call log lines in the logger:\n%s", logs.String())
	}
	if strings.Contains(out, "msg=") || strings.Contains(out, "level=") {
		t.Errorf("log text on stdout:\n%s", out)
	}
}

func TestServeStdioStopsOnCancel(t *testing.T) {
	in, inW := io.Pipe()
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeStdio(ctx, newTestServer(t, tools.Config{}), in, io.Discard, nil) }()
	cancel()
	if err := wait(t, done, "ServeStdio to return after cancel"); err != nil {
		t.Errorf("ServeStdio after cancel: %v", err)
	}
}

// TestServeStdioEOFCancelsInFlight: when the client goes away (stdin
// closes) a call still running is cancelled and ServeStdio returns.
// TestServeStdioEOFAnswersInFlight: when the input closes (a pipe of
// requests ends), calls already read are answered before the server stops.
func TestServeStdioEOFAnswersInFlight(t *testing.T) {
	g := newGate()
	pair := startStdio(t, NewServer(slowPipeline(t, g), Options{}), nil, nil)
	c := client.NewClient(transport.NewIO(pair.clientIn, pair.clientOut, nil), client.WithProtocolVersion(sessionProto))
	initialize(t, c, sessionProto)
	type answer struct {
		res *mcpgo.CallToolResult
		err error
	}
	answered := make(chan answer, 1)
	go func() {
		res, err := callToolErr(c, "tools_search", map[string]any{"query": "never"})
		answered <- answer{res, err}
	}()
	wait(t, g.started, "the call to start")
	pair.clientOut.Close()
	select {
	case <-g.canceled:
		t.Fatal("the end of input cancelled a call that was already read")
	case <-pair.done:
		t.Fatal("ServeStdio returned before answering a call it had read")
	case <-time.After(50 * time.Millisecond): // nothing happened: good
	}
	close(g.release)
	a := wait(t, answered, "the answer")
	if a.err != nil || a.res.IsError {
		t.Fatalf("call after the end of input: %v / %+v", a.err, a.res)
	}
	if err := wait(t, pair.done, "ServeStdio to return"); err != nil {
		t.Errorf("ServeStdio: %v", err)
	}
	pair.done <- nil // for the cleanup
	c.Close()
}

func TestDrainCountsRequestsAndResponses(t *testing.T) {
	cases := []struct {
		line          string
		request, resp bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`, true, false},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, false, true},
		{`{"jsonrpc":"2.0","id":null,"error":{}}`, false, false},
		{`not json`, false, false},
	}
	for _, c := range cases {
		req, resp := classify([]byte(c.line))
		if req != c.request || resp != c.resp {
			t.Errorf("classify(%s) = %v, %v", c.line, req, resp)
		}
	}
}

func TestServeStdioInputClosed(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	start := time.Now()
	err := ServeStdio(ctx, newTestServer(t, tools.Config{}), strings.NewReader(""), io.Discard, nil)
	if err != nil {
		t.Errorf("ServeStdio on closed input: %v", err)
	}
	if ctx.Err() != nil {
		t.Errorf("ServeStdio returned only at the deadline (%v)", time.Since(start))
	}
}

func TestSlogWriter(t *testing.T) {
	var logs syncBuffer
	w := slogWriter{slog.New(slog.NewTextHandler(&logs, nil))}
	n, err := w.Write([]byte("something broke\r\n"))
	if err != nil || n != len("something broke\r\n") {
		t.Errorf("Write = %d, %v", n, err)
	}
	got := logs.String()
	if !strings.Contains(got, "level=WARN") || !strings.Contains(got, `msg="something broke"`) {
		t.Errorf("log line = %q", got)
	}
	if string(trimNewline([]byte("\n\n"))) != "" || string(trimNewline([]byte("a"))) != "a" {
		t.Error("trimNewline")
	}
}
