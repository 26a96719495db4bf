package mcp

import (
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/tools"
)

// TestRepairsOverMCP: the repairs of the core reach MCP clients unchanged:
// another server's tool name with its argument names, a client's prefix,
// a null-ish value, a unit and a batch in OpenAI's shape all run, and the
// answer says what was understood.
func TestRepairsOverMCP(t *testing.T) {
	c := connectInProcess(t, newTestServer(t, tools.Config{}), mcpgo.LATEST_PROTOCOL_VERSION)
	cases := []struct {
		name string
		args any
		want []string
	}{
		{"Write", map[string]any{"file_path": "notes/a.md", "content": "# A\nline\n"}, []string{"created notes/a.md", `note: "Write" is another server's tool name; ran fs_write (file_path → path)`}},
		{"mcp__filesystem__read_text_file", map[string]any{"path": "notes/a.md", "head": 1, "tail": "undefined"}, []string{"notes/a.md · line 1 of 2", `note: took "tail": "undefined" as not given`}},
		{"mcp_f0_net_curl", map[string]any{"url": "http://127.0.0.1:9/a b", "timeout": 5}, []string{"GET http://127.0.0.1:9/a%20b: connection refused", `note: "timeout" has no unit; read 5 as seconds: timeoutMs 5000`}},
		{"batch", map[string]any{"tool_calls": []any{map[string]any{"type": "function", "function": map[string]any{"name": "read_file", "arguments": `{"path":"notes/a.md"}`}}}}, []string{"batch: 1 ok", "# A", "note: read calls items in OpenAI tool_calls shape as {tool, args}"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := resultText(callTool(t, c, tc.name, tc.args))
			rest := text
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("answer lacks %q (in order):\n%s", w, text)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}
