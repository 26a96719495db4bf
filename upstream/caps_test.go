package upstream

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// TestToolListAndSchemaSizesAreCapped (F21): a server's list beyond
// maxTools, and a schema over maxSchemaBytes, are left out with the
// reason, so that converting them holds f0 for a bounded time.
func TestToolListAndSchemaSizesAreCapped(t *testing.T) {
	conn := NewConn(Server{Name: "up"}, Options{})
	var list []mcpgo.Tool
	for i := range maxTools + 500 {
		list = append(list, mcpgo.NewToolWithRawSchema(fmt.Sprintf("t%d", i), "T.", json.RawMessage(`{"type":"object","properties":{}}`)))
	}
	out, skipped := conn.Tools(list)
	if len(out) != maxTools || len(skipped) != 1 || !strings.Contains(skipped[0], "500 more tools") {
		t.Fatalf("%d tools served, skipped: %.300s", len(out), skipped)
	}
	props := map[string]any{}
	for i := range 20000 {
		props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "properties": props})
	out, skipped = conn.Tools([]mcpgo.Tool{mcpgo.NewToolWithRawSchema("wide", "W.", schema)})
	if len(out) != 0 || len(skipped) != 1 || !strings.Contains(skipped[0], "over f0's limit") {
		t.Fatalf("%d tools served, skipped: %.300s", len(out), skipped)
	}
}
