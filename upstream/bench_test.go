package upstream

import (
	"context"
	"encoding/json"
	"testing"

	"f0/engine"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/schemas"
)

// BenchmarkProxiedCall measures a call through f0's pipeline to an upstream
// tool (name resolution, repair, validation, budget, result conversion)
// beside the same call sent straight to the upstream with mcp-go's client:
// the difference is what the gateway costs. Both go over stdio to the same
// fake server. Target: at most 150 µs more per call.
func BenchmarkProxiedCall(b *testing.B) {
	p, set, _ := gatewayWithin(b, engine.Config{}, StartWait, fakeUpstream(b, "up"))
	reg := p.Registry()
	ctx := context.Background()
	conn := set.conns[0]
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			if _, err := conn.Call(ctx, "readFile", map[string]any{"path": "a.txt", "head": 3}, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	// What f0 adds without any transport: the pipeline and the result
	// conversion around a tool that answers at once.
	b.Run("f0-only", func(b *testing.B) {
		answer := &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewTextContent(`args {"head":3,"path":"a.txt"}`)}}
		up := reg.Lookup("up.read_file")
		k := &caller{fields: fieldNames{offset: offsetField, response: responseField}, readOnly: true}
		local := tool.External{Spec: up.Spec, Schema: sch(b, reg, up), Doc: reg.Doc(up),
			Run: func(_ context.Context, call tool.Call, args map[string]any) (tool.Result, error) {
				return k.page(call, convert(answer, false), 0, "", true), nil
			}}.Erase()
		local.Name, local.Aliases, local.Unlisted = "local.read_file", nil, nil
		lreg, err := engine.NewRegistry(local)
		if err != nil {
			b.Fatal(err)
		}
		lp, err := engine.NewHost(lreg, engine.Config{})
		if err != nil {
			b.Fatal(err)
		}
		args := []byte(`{"path":"a.txt","head":"3"}`)
		for b.Loop() {
			if res := lp.Call(ctx, "local_read_file", args); res.IsError {
				b.Fatal(res.Text)
			}
		}
	})
	b.Run("through-f0", func(b *testing.B) {
		args := []byte(`{"path":"a.txt","head":"3"}`)
		for b.Loop() {
			if res := p.Call(ctx, "up_read_file", args); res.IsError {
				b.Fatal(res.Text)
			}
		}
	})
}

// sch returns a copy of a registered tool's validation schema.
func sch(b *testing.B, reg *engine.Registry, t *tool.Tool) *schemas.Schema {
	b.Helper()
	s := &schemas.Schema{}
	if err := json.Unmarshal(reg.Schema(t), s); err != nil {
		b.Fatal(err)
	}
	return s
}
