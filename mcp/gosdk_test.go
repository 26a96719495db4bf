package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"f0/engine"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// goSDKTransports are the ways the official Go SDK reaches f0 in these
// tests: streamable HTTP with sessions, stateless HTTP, and stdio.
var goSDKTransports = []struct {
	name    string
	connect func(t *testing.T, g *gate) gosdk.Transport
}{
	{"http", func(t *testing.T, g *gate) gosdk.Transport {
		_, ts := newHTTP(t, NewServer(slowPipeline(t, g), Options{Version: "test"}), HTTPOptions{})
		return &gosdk.StreamableClientTransport{Endpoint: ts.URL + "/mcp"}
	}},
	{"http-stateless", func(t *testing.T, g *gate) gosdk.Transport {
		_, ts := newHTTP(t, NewServer(slowPipeline(t, g), Options{Version: "test"}), HTTPOptions{Stateless: true})
		return &gosdk.StreamableClientTransport{Endpoint: ts.URL + "/mcp"}
	}},
	{"stdio", func(t *testing.T, g *gate) gosdk.Transport {
		pair := startStdio(t, NewServer(slowPipeline(t, g), Options{Version: "test"}), nil, nil)
		return &gosdk.IOTransport{Reader: pair.clientIn, Writer: pair.clientOut}
	}},
}

// TestGoSDKPerCallTimeoutKeepsSession: the official Go SDK, at every
// protocol version it speaks (2026-07-28, its default, first), cancels a
// call whose context times out, sending notifications/cancelled (without
// _meta at 2026-07-28); the call ends and the session goes on.
func TestGoSDKPerCallTimeoutKeepsSession(t *testing.T) {
	for _, tr := range goSDKTransports {
		for _, version := range gosdk.SupportedProtocolVersions() {
			t.Run(tr.name+"/"+version, func(t *testing.T) {
				if tr.name == "http-stateless" && version != mcpgo.ProtocolVersion20260728 {
					// A stateless server has no session to cancel in: the
					// call ends with its request, as at 2026-07-28.
					t.Log("legacy protocols over stateless HTTP: cancelled by the request's end")
				}
				goSDKTimeoutThenCalls(t, tr.connect, version)
			})
		}
	}
}

func goSDKTimeoutThenCalls(t *testing.T, connect func(*testing.T, *gate) gosdk.Transport, version string) {
	g := newGate()
	c := gosdk.NewClient(&gosdk.Implementation{Name: "go-sdk-test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	cs, err := c.Connect(ctx, connect(t, g), &gosdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ProtocolVersion; got != version {
		t.Fatalf("negotiated %s, want %s", got, version)
	}
	callCtx, callCancel := context.WithTimeout(ctx, 200*time.Millisecond)
	_, err = cs.CallTool(callCtx, &gosdk.CallToolParams{Name: "tools_search", Arguments: map[string]any{"query": "slow"}})
	callCancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("timed-out call: %v", err)
	}
	wait(t, g.canceled, "the cancelled call to end")
	close(g.release)
	for i := range 3 {
		res, err := cs.CallTool(ctx, &gosdk.CallToolParams{Name: "tools_search", Arguments: map[string]any{"query": fmt.Sprint("again ", i)}})
		if err != nil {
			t.Fatalf("call %d after the timeout: %v", i, err)
		}
		if text := res.Content[0].(*gosdk.TextContent).Text; !strings.Contains(text, "slow done: again") {
			t.Fatalf("call %d after the timeout answered %q", i, text)
		}
	}
}

// notificationsOfEveryKind are the client notifications of the protocol,
// each as sent without _meta; the tests add one where they want it.
var notificationsOfEveryKind = []map[string]any{
	{"jsonrpc": "2.0", "method": "notifications/initialized"},
	{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": 99, "reason": "timeout"}},
	{"jsonrpc": "2.0", "method": "notifications/progress", "params": map[string]any{"progressToken": "t", "progress": 1}},
	{"jsonrpc": "2.0", "method": "notifications/roots/list_changed"},
	{"jsonrpc": "2.0", "method": "notifications/roots/list_changed", "params": nil},
	{"jsonrpc": "2.0", "method": "notifications/message", "params": map[string]any{"level": "info", "data": "x"}},
}

// withMeta returns n with a _meta in its params: the 2026-07-28 triple
// when version is that era's, a progress token's _meta otherwise.
func withMeta(n map[string]any, version string) map[string]any {
	out := map[string]any{}
	for k, v := range n {
		out[k] = v
	}
	params, _ := n["params"].(map[string]any)
	p := map[string]any{}
	for k, v := range params {
		p[k] = v
	}
	meta := map[string]any{"note": "x"}
	if mcpgo.IsModernProtocol(version) {
		meta = map[string]any{
			mcpgo.MetaKeyProtocolVersion:    version,
			mcpgo.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "0"},
			mcpgo.MetaKeyClientCapabilities: map[string]any{},
		}
	}
	p["_meta"] = meta
	out["params"] = p
	return out
}

// TestHTTPAcceptsNotificationsOfEveryEra: every client notification,
// with and without _meta, at every protocol version, is accepted (202)
// over HTTP with a session and stateless, and a call works after them.
func TestHTTPAcceptsNotificationsOfEveryEra(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		_, ts := newHTTP(t, newTestServer(t, engine.Config{}), HTTPOptions{Stateless: stateless})
		url := ts.URL + "/mcp"
		for _, version := range mcpgo.ValidProtocolVersions {
			headers := map[string]string{"Mcp-Protocol-Version": version}
			if !mcpgo.IsModernProtocol(version) && !stateless {
				init := initializeMsg(1)
				init["params"].(map[string]any)["protocolVersion"] = version
				resp := rawPost(t, url, init, nil)
				headers["Mcp-Session-Id"] = resp.Header.Get("Mcp-Session-Id")
			}
			for _, n := range notificationsOfEveryKind {
				for _, msg := range []map[string]any{n, withMeta(n, version)} {
					resp := rawPost(t, url, msg, headers)
					if body := readBody(t, resp); resp.StatusCode != http.StatusAccepted {
						t.Errorf("stateless=%v %s %v: %d %s", stateless, version, msg, resp.StatusCode, body)
					}
				}
			}
		}
	}
}

// TestStdioAcceptsNotificationsOfEveryEra: over stdio every client
// notification, with and without _meta, at every protocol version, gets
// no answer (an error would come back with a null id) and the calls after
// them are answered.
func TestStdioAcceptsNotificationsOfEveryEra(t *testing.T) {
	r := newRawStdio(t, newTestServer(t, engine.Config{}), StdioOptions{})
	for i, version := range mcpgo.ValidProtocolVersions {
		for _, n := range notificationsOfEveryKind {
			for _, msg := range []map[string]any{n, withMeta(n, version)} {
				line, err := json.Marshal(msg)
				if err != nil {
					t.Fatal(err)
				}
				r.send(string(line))
			}
		}
		call := map[string]any{"name": "tools_search", "arguments": map[string]any{"query": "read"}}
		if mcpgo.IsModernProtocol(version) {
			call = withMeta(map[string]any{"params": call}, version)["params"].(map[string]any)
		}
		line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": call})
		r.send(string(line))
		if msg := r.answer(fmt.Sprint(i + 1)); msg["result"] == nil {
			t.Errorf("%s: the call after the notifications answered %s", version, msg["error"])
		}
		if line, ok := r.pending["null"]; ok {
			t.Errorf("%s: a notification was answered: %s", version, line)
		}
	}
}
