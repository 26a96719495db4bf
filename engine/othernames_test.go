package engine

import (
	"context"
	"encoding/json"
	"testing"

	"f0/schemas"
	"f0/tool"
)

// vocabRead and vocabSearch stand for fs.read and fs.search: tools whose
// Foreign entries carry other agents' names for their arguments.
type vocabRead struct {
	Path   string `json:"path" jsonschema:"required"`
	Offset int    `json:"offset,omitempty"`
	Limit  int    `json:"limit,omitempty"`
}

type vocabSearch struct {
	Pattern   string   `json:"pattern" jsonschema:"required"`
	Literal   bool     `json:"literal,omitempty"`
	FilesOnly bool     `json:"filesOnly,omitempty"`
	Glob      []string `json:"glob,omitempty"`
}

// vocabPipeline serves v.read and v.search, each echoing its input.
func vocabPipeline(t *testing.T) *Host {
	t.Helper()
	echoRun := func(ctx context.Context, in any) (tool.Result, error) {
		data, err := json.Marshal(in)
		return tool.Result{Text: string(data)}, err
	}
	read := tool.Def[vocabRead]{
		Spec: tool.Spec{Name: "v.read", Title: "Read", Summary: "Read.", Access: tool.Read, Fields: tool.Fields{LineWindow: [2]string{"offset", "limit"}}, Names: tool.Names{OtherNames: []tool.OtherName{{Name: "read_file", Values: map[string]map[string]map[string]any{
			"whole": {"true": {"offset": nil, "limit": nil, "start_line": nil, "end_line": nil}, "false": {}}}}}}},
		Run: func(ctx context.Context, call tool.Call, in vocabRead) (tool.Result, error) { return echoRun(ctx, in) },
	}.Erase()
	search := tool.Def[vocabSearch]{
		Spec: tool.Spec{Name: "v.search", Title: "Search", Summary: "Search.", Access: tool.Read,
			Names: tool.Names{OtherNames: []tool.OtherName{
				{Name: "Grep", Args: map[string]string{"query": "pattern"},
					Values: map[string]map[string]map[string]any{
						"output_mode": {"content": {}, "count": {"filesOnly": true}},
						"type":        {"go": {"glob": []any{"*.go"}}}},
					Unmapped: map[string]string{"type": "give a glob instead"}},
				{Name: "v_read", When: map[string]string{"mode": "search"}, Set: map[string]any{"literal": true}},
			}}},
		Run: func(ctx context.Context, call tool.Call, in vocabSearch) (tool.Result, error) {
			return echoRun(ctx, in)
		},
	}.Erase()
	docs := func(name string) (schemas.Doc, error) {
		ex := map[string]any{"path": "go.mod"}
		if name == "v.search" {
			ex = map[string]any{"pattern": "TODO"}
		}
		return schemas.Doc{Description: "A fixture.", Examples: []map[string]any{ex}}, nil
	}
	return pipelineOf(t, docs, read, search)
}

// TestForeignVocabulary: a call made with f0's name reads the arguments
// its tool's other names take, exactly, or says why it cannot.
func TestForeignVocabulary(t *testing.T) {
	p := vocabPipeline(t)
	cases := []struct {
		name, tool string
		args       map[string]any
		isError    bool
		want       []string
	}{
		{"a value that maps", "v.search", map[string]any{"pattern": "x", "output_mode": "count", "type": "go"}, false,
			[]string{`{"pattern":"x","filesOnly":true,"glob":["*.go"]}`, `note: read other agents' arguments: output_mode "count" → {"filesOnly":true} (Grep), type "go" → {"glob":["*.go"]} (Grep)`}},
		{"a value without an equivalent", "v.search", map[string]any{"pattern": "x", "type": "cobol"}, true,
			[]string{"v_search: invalid arguments.", `- "type": "cobol" has no exact f0 equivalent: give a glob instead`}},
		{"a value without an explanation", "v.search", map[string]any{"pattern": "x", "output_mode": "json"}, true,
			[]string{`- "output_mode": "json" has no exact f0 equivalent: f0 maps only "content", "count"`}},
		{"a value that contradicts a field", "v.search", map[string]any{"pattern": "x", "type": "go", "glob": []any{"*.ts"}}, true,
			[]string{`- "type": "go" means {"glob":["*.go"]}, but "glob" was given as ["*.ts"]; send one of them`}},
		{"a value that takes arguments away", "v.read", map[string]any{"path": "a", "whole": true, "start_line": 1, "end_line": 250}, false,
			[]string{`{"path":"a"}`, `whole true → {}, without end_line, start_line (read_file)`}},
		{"the other value keeps them", "v.read", map[string]any{"path": "a", "whole": false, "start_line": 3, "end_line": 4}, false,
			[]string{`{"path":"a","offset":3,"limit":2}`, "note: read start_line 3, end_line 4 as lines 3-4 (offset 3, limit 2)"}},
		{"f0's name with another agent's arguments is rerouted", "v_read", map[string]any{"mode": "search", "pattern": "x"}, false,
			[]string{`{"pattern":"x","literal":true}`, `note: "v_read" with mode "search" is another agent's call of that name; ran v_search (literal true)`}},
		{"without them it is f0's", "v_read", map[string]any{"path": "a"}, false, []string{`{"path":"a"}`}},
		{"a routed name maps its own arguments", "Grep", map[string]any{"query": "x", "output_mode": "content"}, false,
			[]string{`{"pattern":"x"`, `note: "Grep" is another server's tool name; ran v_search (output_mode "content" → {}, query → pattern)`}},
		{"a routed argument that clashes", "Grep", map[string]any{"query": "x", "pattern": "y"}, true,
			[]string{`- "query": is another name for "pattern", and both were given with different values; send only "pattern"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), c.tool, c.args)
			if res.IsError != c.isError {
				t.Fatalf("isError=%v, want %v:\n%s", res.IsError, c.isError, res.Text)
			}
			assertInOrder(t, res.Text, c.want...)
		})
	}
}
