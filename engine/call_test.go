package engine

import (
	"context"
	"encoding/json"
	"testing"

	"f0/schemas"
	"f0/tool"
)

// rawInput is a curl-like input: args takes a list or a string.
type rawInput struct {
	URL  string `json:"url,omitempty" jsonschema_description:"Where to go."`
	Args any    `json:"args,omitempty" jsonschema_description:"Words, as a list or one string."`
}

func rawPipeline(t *testing.T) *Host {
	t.Helper()
	tool := tool.Def[rawInput]{
		Spec: tool.Spec{Name: "test.raw", Title: "Raw", Summary: "Echo raw args and a follow-up call.", Access: tool.Read, CLI: tool.CLI{RawArgsField: "args"}},
		Run: func(ctx context.Context, call tool.Call, in rawInput) (tool.Result, error) {
			data, err := json.Marshal(in)
			return tool.Result{Text: string(data) + "\n" + call.Again(map[string]any{"url": nil, "offset": 10})}, err
		},
	}.Erase()
	docs := func(string) (schemas.Doc, error) {
		return schemas.Doc{Examples: []map[string]any{{"args": "-s https://example.com"}}}, nil
	}
	return pipelineOf(t, docs, tool)
}

func TestRawArgsFieldTakesEveryShape(t *testing.T) {
	p := rawPipeline(t)
	cases := []struct {
		name string
		args any
		want string
	}{
		{"bare array", json.RawMessage(`["-sL","https://x"]`), `{"args":["-sL","https://x"]}`},
		{"bare string", "-sL https://x", `{"args":"-sL https://x"}`},
		{"list in args", map[string]any{"args": []any{"-s", "u"}}, `{"args":["-s","u"]}`},
		{"string in args", map[string]any{"args": "-s u"}, `{"args":"-s u"}`},
		{"json object in args is a wrapper", map[string]any{"args": `{"url":"https://x"}`}, `{"url":"https://x"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), "test.raw", c.args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			if got := res.Text[:len(c.want)]; got != c.want {
				t.Fatalf("got %s, want %s", res.Text, c.want)
			}
		})
	}
}

func TestCallWith(t *testing.T) {
	p := rawPipeline(t)
	res := p.Call(context.Background(), "test.raw", map[string]any{"url": "https://x", "args": "-s"})
	want := `{"url":"https://x","args":"-s"}` + "\n" + `test_raw {"args":"-s","offset":10}`
	if res.Text != want {
		t.Fatalf("got\n%s\nwant\n%s", res.Text, want)
	}
	if got := (tool.Call{}).Again(map[string]any{"offset": 5}); got != `{"offset":5}` {
		t.Fatalf("outside a call: %s", got)
	}
}
