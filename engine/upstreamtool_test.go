package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
	"f0/tools/meta"
)

// externalPipeline registers one External tool, up.read_file, whose schema
// is given as JSON, beside the meta tools.
func externalPipeline(t *testing.T) *Host {
	t.Helper()
	s := &schemas.Schema{}
	if err := json.Unmarshal([]byte(`{"type":"object","properties":{
		"path":{"type":"string","description":"File to read."},
		"head":{"type":"integer","minimum":1},
		"binary":{"type":"boolean"}},"required":["path"]}`), s); err != nil {
		t.Fatal(err)
	}
	tool := tool.External{
		Spec:   tool.Spec{Name: "up.read_file", Title: "Read a file", Summary: "Read a file upstream.", Access: tool.Read, Fields: tool.Fields{MainField: "path"}},
		Schema: s,
		Doc:    schemas.Doc{Description: "The upstream's own words.", Examples: []map[string]any{{"path": "<path>"}}},
		Run: func(ctx context.Context, call tool.Call, args map[string]any) (tool.Result, error) {
			return tool.Result{Text: text.CompactJSON(args)}, nil
		},
	}.Erase()
	return pipelineOf(t, nil, append(meta.Tools(), tool)...)
}

// pipelineOf builds a pipeline with the default configuration over the
// given tools, documented by docs.
func pipelineOf(t *testing.T, docs DocSource, list ...*tool.Tool) *Host {
	t.Helper()
	reg, err := NewRegistryWithDocs(docs, list...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewHost(reg, Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExternalToolGoesThroughThePipeline(t *testing.T) {
	p := externalPipeline(t)
	cases := []struct {
		name, tool string
		args       any
		want       string
		isError    bool
	}{
		{"structured", "up.read_file", map[string]any{"path": "a.txt", "head": 3}, `{"head":3,"path":"a.txt"}`, false},
		{"json string", "up_read_file", `{"path":"a.txt","head":"3"}`, `{"head":3,"path":"a.txt"}`, false},
		{"wrapper", "UP.READ_FILE", map[string]any{"arguments": `{"path":"a.txt"}`}, `{"path":"a.txt"}`, false},
		{"bare value", "up-read-file", "a.txt", `{"path":"a.txt"}`, false},
		{"coercion", "up.read_file", map[string]any{"path": "a.txt", "binary": "yes"}, `{"binary":true,"path":"a.txt"}`, false},
		{"null-ish", "up.read_file", map[string]any{"path": "a.txt", "head": "null"}, `{"path":"a.txt"}`, false},
		{"unknown field (its schema declares its fields)", "up.read_file", map[string]any{"path": "a.txt", "encoding": "utf8"}, `- "encoding": unknown field: not an argument of up_read_file, nor another name for one`, true},
		{"inert metadata", "up.read_file", map[string]any{"path": "a.txt", "toolCallId": "call_1"}, `note: ignored field "toolCallId": it changes nothing here`, false},
		{"near miss", "up.read_file", map[string]any{"pth": "a.txt"}, `- "pth": unknown field; did you mean "path"?`, true},
		{"wrong type", "up.read_file", map[string]any{"path": "a.txt", "head": true}, `"head": expected an integer, got true (a boolean is never a number)`, true},
		{"misspelt name", "up.red_file", map[string]any{"path": "a.txt"}, "up_read_file", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := p.Call(context.Background(), tc.tool, tc.args)
			if res.IsError != tc.isError || !strings.Contains(res.Text, tc.want) {
				t.Fatalf("got isError=%v:\n%s\nwant isError=%v and %q", res.IsError, res.Text, tc.isError, tc.want)
			}
		})
	}
}

func TestExternalToolErrorShowsItsSchemaAndExample(t *testing.T) {
	p := externalPipeline(t)
	res := p.Call(context.Background(), "up_read_file", map[string]any{"head": 2})
	for _, want := range []string{`"path": is required but missing`, `You passed: {"head":2}`, `up_read_file {"path":"<path>"}`} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("missing %q in:\n%s", want, res.Text)
		}
	}
	desc := p.Describe(context.Background(), p.Registry().Lookup("up.read_file"))
	if !strings.Contains(desc, "The upstream's own words.") {
		t.Errorf("describe lacks the full description:\n%s", desc)
	}
}

func TestExternalToolNeedsASchema(t *testing.T) {
	tool := tool.External{Spec: tool.Spec{Name: "up.x", Title: "X", Summary: "X.", Access: tool.Read},
		Run: func(ctx context.Context, call tool.Call, args map[string]any) (tool.Result, error) {
			return tool.Result{}, nil
		}}.Erase()
	if _, err := NewRegistry(tool); err == nil || !strings.Contains(err.Error(), "needs a schema") {
		t.Fatalf("got %v", err)
	}
}
