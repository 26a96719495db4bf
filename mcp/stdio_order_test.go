package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

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
