package engine

import (
	"context"
	"fmt"
	"testing"

	"f0/schemas"
	"f0/tool"
	"f0/tools/meta"
)

// TestOpenRootKeepsItsKeys: a tool whose arguments are a map (an upstream
// tool with additionalProperties at its root) gets its keys, coerced to
// the map's value type, not dropped as foreign fields.
func TestOpenRootKeepsItsKeys(t *testing.T) {
	tool := tool.External{
		Spec:   tool.Spec{Name: "up.env", Title: "T", Summary: "A tool.", Access: tool.Read},
		Schema: &schemas.Schema{Type: "object", AdditionalProperties: &schemas.Schema{Type: "string"}},
		Doc:    schemas.Doc{Examples: []map[string]any{{}}},
		Run: func(ctx context.Context, call tool.Call, args map[string]any) (tool.Result, error) {
			return tool.Result{Text: fmt.Sprintf("%q %q", args["HOME"], args["N"])}, nil
		},
	}.Erase()
	p := pipelineOf(t, nil, append(meta.Tools(), tool)...)
	res := p.Call(context.Background(), "up.env", map[string]any{"HOME": "/x", "N": 3})
	if res.IsError || res.Text != `"/x" "3"` {
		t.Fatalf("got:\n%s", res.Text)
	}
}
