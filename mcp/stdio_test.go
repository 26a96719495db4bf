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

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"

	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
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
	p := newPipeline(t, engine.Config{Logger: logger})
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
	go func() { done <- ServeStdio(ctx, newTestServer(t, engine.Config{}), in, io.Discard, StdioOptions{}) }()
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
	c := startClient(t, transport.NewIO(pair.clientIn, pair.clientOut, nil), sessionProto)
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

func TestServeStdioInputClosed(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	start := time.Now()
	err := ServeStdio(ctx, newTestServer(t, engine.Config{}), strings.NewReader(""), io.Discard, StdioOptions{})
	if err != nil {
		t.Errorf("ServeStdio on closed input: %v", err)
	}
	if ctx.Err() != nil {
		t.Errorf("ServeStdio returned only at the deadline (%v)", time.Since(start))
	}
}

// rawStdio drives ServeStdio line by line, as a client that writes its own
// JSON-RPC would.
type rawStdio struct {
	t       *testing.T
	pair    *stdioPair
	lines   chan string
	pending map[string]string // answers read while waiting for another, by id
}

func newRawStdio(t *testing.T, s *server.MCPServer, opts StdioOptions) *rawStdio {
	t.Helper()
	r := &rawStdio{t: t, pair: startStdioWith(t, s, nil, opts), lines: make(chan string, 64), pending: map[string]string{}}
	go func() {
		sc := bufio.NewScanner(r.pair.clientIn)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
		close(r.lines)
	}()
	r.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	r.answer("0")
	r.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return r
}

func (r *rawStdio) send(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.pair.clientOut, line+"\n"); err != nil {
		r.t.Fatalf("write: %v", err)
	}
}

// answer returns the response whose id is id (raw JSON); answers to
// other requests read meanwhile are kept for their own turn.
func (r *rawStdio) answer(id string) map[string]json.RawMessage {
	r.t.Helper()
	msg, _ := r.answerLine(id)
	return msg
}

// answerLine is answer with the response's line as written.
func (r *rawStdio) answerLine(id string) (map[string]json.RawMessage, string) {
	r.t.Helper()
	if line, ok := r.pending[id]; ok {
		delete(r.pending, id)
		var msg map[string]json.RawMessage
		_ = json.Unmarshal([]byte(line), &msg)
		return msg, line
	}
	timeout := time.After(testTimeout)
	for {
		select {
		case line, ok := <-r.lines:
			if !ok {
				r.t.Fatalf("stdout closed before the answer to %s", id)
			}
			var msg map[string]json.RawMessage
			if err := json.Unmarshal([]byte(line), &msg); err != nil {
				r.t.Fatalf("stdout line is not JSON: %.200q", line)
			}
			if _, isRequest := msg["method"]; isRequest || msg["id"] == nil {
				continue
			}
			if string(msg["id"]) == id {
				return msg, line
			}
			r.pending[string(msg["id"])] = line
		case <-timeout:
			r.t.Fatalf("no answer to %s", id)
		}
	}
}

// answerText is the text of a tools/call answer, and whether it is an error.
func answerText(t *testing.T, msg map[string]json.RawMessage) (string, bool) {
	t.Helper()
	var res mcpgo.CallToolResult
	if msg["result"] == nil {
		t.Fatalf("a JSON-RPC error instead of a tool result: %s", msg["error"])
	}
	if err := json.Unmarshal(msg["result"], &res); err != nil {
		t.Fatalf("result: %v", err)
	}
	return resultText(&res), res.IsError
}

// hostileCalls are tool calls mcp-go cannot decode, each with the exact
// start of the tool result the model gets.
var hostileCalls = []struct {
	name, args, want string
}{
	{"a number out of range", `{"query":"x","maxBytes":1e400}`,
		"tools_search: invalid arguments.\n- \"maxBytes\": expected an integer, got 1e400 (number)\nYou passed: {\"maxBytes\":1e400,\"query\":\"x\"}\n"},
	{"arguments nested 10,000 deep", `{"query":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
		"tools_search: invalid arguments.\n- arguments could not be read: invalid character '[' exceeded max depth\n"},
}

// TestStdioHostileMessages: numbers out of range and arguments nested too
// deep get tool results carrying the request's id; other undecodable or
// over-long messages get JSON-RPC errors with their id; the session goes on.
func TestStdioHostileMessages(t *testing.T) {
	r := newRawStdio(t, newTestServer(t, engine.Config{}), StdioOptions{MaxMessage: 64 << 10})
	for i, c := range hostileCalls {
		id := fmt.Sprint(i + 1)
		r.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"tools_search","arguments":` + c.args + `}}`)
		text, isError := answerText(t, r.answer(id))
		if !isError || !strings.HasPrefix(text, c.want) {
			t.Errorf("%s: isError=%v\n%s\nwant the start\n%s", c.name, isError, text, c.want)
		}
	}
	big := `{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"fs_write","arguments":{"content":"` + strings.Repeat("x", 70<<10) + `"}}}`
	errorCases := []struct{ line, id, want string }{
		{`{"jsonrpc":"2.0","id":"p","method":"ping","params":{"_meta":{"x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}}}`,
			`"p"`, "the message nests 10004 levels deep; the limit is 10000"},
		{big, `"big"`, "the message is 71,786 bytes, over the limit of 65,536 bytes per message (f0 serve --max-body raises it); send large content in smaller parts"},
	}
	for _, c := range errorCases {
		r.send(c.line)
		msg := r.answer(c.id)
		var e struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(msg["error"], &e); err != nil || e.Code != mcpgo.INVALID_REQUEST || e.Message != c.want {
			t.Errorf("answer to %.60s…: %s (want -32600 %q)", c.line, msg["error"], c.want)
		}
	}
	r.send(`{"jsonrpc":"2.0","id":99,"method":"ping"}`)
	if msg := r.answer("99"); msg["result"] == nil {
		t.Errorf("ping after hostile messages: %s", msg["error"])
	}
}

// TestStdioPingAndCancelDuringLongCall: while a call runs, the input is
// still read: a ping is answered and a cancellation reaches the call.
func TestStdioPingAndCancelDuringLongCall(t *testing.T) {
	g := newGate()
	t.Cleanup(func() { close(g.release) })
	r := newRawStdio(t, NewServer(slowPipeline(t, g), Options{}), StdioOptions{})
	r.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tools_search","arguments":{"query":"slow"}}}`)
	wait(t, g.started, "the call to start")
	r.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	if msg := r.answer("2"); msg["result"] == nil {
		t.Fatalf("ping during a call: %s", msg["error"])
	}
	r.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}}`)
	wait(t, g.canceled, "the call to see the cancellation")
	r.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tools_describe","arguments":{"name":"tools_search"}}}`)
	if text, isError := answerText(t, r.answer("3")); isError {
		t.Errorf("call after a cancellation: %s", text)
	}
}

// TestStdioCancelledRequestIsNotAnswered: the answer to a request the
// client cancelled is withheld, as the specification asks (a late answer
// is "a response for an unknown message ID" to the TypeScript SDK), on
// the transport's own path and on mcp-go's, for integer and string ids;
// a request the cancellation does not name is still answered.
func TestStdioCancelledRequestIsNotAnswered(t *testing.T) {
	for _, c := range []struct {
		name string
		opts StdioOptions
		id   string
	}{
		{"plain call, integer id", StdioOptions{}, `7`},
		{"plain call, string id", StdioOptions{}, `"req-7"`},
		{"through mcp-go", StdioOptions{allToMCPGo: true}, `7`},
		{"id with an escape", StdioOptions{}, `"a\"b"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newGate()
			t.Cleanup(func() { close(g.release) })
			withheld := make(chan string, 1)
			c.opts.withheld = func(key string) { withheld <- key }
			r := newRawStdio(t, NewServer(slowPipeline(t, g), Options{}), c.opts)
			r.send(`{"jsonrpc":"2.0","id":` + c.id + `,"method":"tools/call","params":{"name":"tools_search","arguments":{"query":"slow"}}}`)
			wait(t, g.started, "the call to start")
			r.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8,"reason":"not running"}}`)
			r.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + c.id + `,"reason":"test"}}`)
			wait(t, g.canceled, "the call to see the cancellation")
			wait(t, withheld, "the answer to be withheld")
			r.send(`{"jsonrpc":"2.0","id":8,"method":"ping"}`)
			if msg := r.answer("8"); msg["result"] == nil {
				t.Fatalf("ping after a cancellation: %s", msg["error"])
			}
			if line, ok := r.pending[c.id]; ok {
				t.Errorf("the cancelled request was answered: %.200s", line)
			}
		})
	}
}

// TestStdioServerRequestsRoots: a call that asks the client for its roots
// (roots/list, a request from the server) gets the client's answer, read
// while the call waits.
func TestStdioServerRequestsRoots(t *testing.T) {
	p := customSearchPipeline(t, func(ctx context.Context, call tool.Call, _ meta.SearchInput) (tool.Result, error) {
		res, err := server.ServerFromContext(ctx).RequestRoots(ctx, mcpgo.ListRootsRequest{})
		if err != nil {
			return tool.Result{}, err
		}
		var uris []string
		for _, r := range res.Roots {
			uris = append(uris, r.URI)
		}
		return tool.Text("roots: %s", strings.Join(uris, ", ")), nil
	})
	pair := startStdio(t, NewServer(p, Options{}), nil, nil)
	out := bufio.NewReader(pair.clientIn)
	send := func(line string) {
		if _, err := io.WriteString(pair.clientOut, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	next := func() map[string]json.RawMessage {
		line, err := out.ReadBytes('\n')
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var msg map[string]json.RawMessage
		if err := json.Unmarshal(line, &msg); err != nil {
			t.Fatalf("not JSON: %s", line)
		}
		return msg
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"raw","version":"0"}}}`)
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tools_search","arguments":{}}}`)
	req := next()
	if string(req["method"]) != `"roots/list"` {
		t.Fatalf("want a roots/list request, got %v", req)
	}
	send(`{"jsonrpc":"2.0","id":` + string(req["id"]) + `,"result":{"roots":[{"uri":"file:///work/a"},{"uri":"file:///work/b"}]}}`)
	answer := next()
	if text, isError := answerText(t, answer); isError || text != "roots: file:///work/a, file:///work/b" {
		t.Errorf("call: isError=%v %q", isError, text)
	}
}

// TestStdioCallRightAfterInitializeSeesTheClient pins that a request sent
// right behind initialize, without waiting for its answer, is served after
// initialize is done: the client's name (which decides budgets and hints)
// is known to it. initialize is made slower than the stdio handoff so the
// old behaviour — a second reader serving the call meanwhile — shows.
func TestStdioCallRightAfterInitializeSeesTheClient(t *testing.T) {
	hooks := &server.Hooks{}
	hooks.AddBeforeInitialize(func(ctx context.Context, id any, req *mcpgo.InitializeRequest) {
		time.Sleep(20 * handoff)
	})
	s := server.NewMCPServer("order", "0", server.WithHooks(hooks), server.WithToolCapabilities(false))
	s.AddTool(mcpgo.NewToolWithRawSchema("whoami", "", json.RawMessage(`{"type":"object","properties":{}}`)),
		func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			name := ""
			if cs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
				name = cs.GetClientInfo().Name
			}
			return mcpgo.NewToolResultText(name), nil
		})
	pair := startStdio(t, s, nil, nil)
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"pi-mcp-f0","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"whoami","arguments":{}}}`,
	}
	go func() {
		for _, l := range lines {
			fmt.Fprintln(pair.clientOut, l)
		}
	}()
	sc := bufio.NewScanner(pair.clientIn)
	for sc.Scan() {
		var m struct {
			ID     int `json:"id"`
			Result struct {
				Content []struct{ Text string } `json:"content"`
			} `json:"result"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("answer %s: %v", sc.Bytes(), err)
		}
		if m.ID != 2 {
			continue
		}
		if len(m.Result.Content) != 1 || m.Result.Content[0].Text != "pi-mcp-f0" {
			t.Fatalf("the call right after initialize saw client %+v, want pi-mcp-f0", m.Result.Content)
		}
		return
	}
	t.Fatalf("no answer to the call: %v", sc.Err())
}
