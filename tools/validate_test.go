package tools

import (
	"context"
	"fmt"
	"testing"

	"f0/schemas"
)

// TestOpenRootKeepsItsKeys: a tool whose arguments are a map (an upstream
// tool with additionalProperties at its root) gets its keys, coerced to
// the map's value type, not dropped as foreign fields.
func TestOpenRootKeepsItsKeys(t *testing.T) {
	tool := External{
		Spec:   Spec{Name: "up.env", Title: "T", Summary: "A tool.", Access: Read},
		Schema: &schemas.Schema{Type: "object", AdditionalProperties: &schemas.Schema{Type: "string"}},
		Doc:    schemas.Doc{Examples: []map[string]any{{}}},
		Run: func(ctx context.Context, args map[string]any) (Result, error) {
			return Result{Text: fmt.Sprintf("%q %q", args["HOME"], args["N"])}, nil
		},
	}.Erase()
	p := pipelineOf(t, schemas.LoadDoc, append(MetaTools(), tool)...)
	res := p.Call(context.Background(), "up.env", map[string]any{"HOME": "/x", "N": 3})
	if res.IsError || res.Text != `"/x" "3"` {
		t.Fatalf("got:\n%s", res.Text)
	}
}
