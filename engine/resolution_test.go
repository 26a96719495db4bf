package engine

import (
	"context"
	"encoding/json"
	"testing"

	"f0/schemas"
	"f0/tool"
)

// vocabRead and vocabSearch stand for fs.read and fs.search, the tools
// other agents' vocabularies map read_file and Grep to.
type vocabRead struct {
	Path   string `json:"path" jsonschema:"required"`
	Offset int    `json:"offset,omitempty"`
	Limit  int    `json:"limit,omitempty"`
}

type vocabSearch struct {
	Pattern    string   `json:"pattern" jsonschema:"required"`
	Path       string   `json:"path,omitempty"`
	Literal    bool     `json:"literal,omitempty"`
	FilesOnly  bool     `json:"filesOnly,omitempty"`
	IgnoreCase bool     `json:"ignoreCase,omitempty"`
	Glob       []string `json:"glob,omitempty"`
}

// vocabPipeline serves fs.read and fs.search, each echoing its input.
func vocabPipeline(t *testing.T) *Host {
	t.Helper()
	echo := func(in any) (tool.Result, error) {
		data, err := json.Marshal(in)
		return tool.Result{Text: string(data)}, err
	}
	read := tool.Def[vocabRead]{
		Spec: tool.Spec{Name: "fs.read", Title: "Read", Summary: "Read.", Access: tool.Read, Fields: tool.Fields{LineWindow: [2]string{"offset", "limit"}}},
		Run:  func(ctx context.Context, call tool.Call, in vocabRead) (tool.Result, error) { return echo(in) },
	}.Erase()
	search := tool.Def[vocabSearch]{
		Spec: tool.Spec{Name: "fs.search", Title: "Search", Summary: "Search.", Access: tool.Read},
		Run:  func(ctx context.Context, call tool.Call, in vocabSearch) (tool.Result, error) { return echo(in) },
	}.Erase()
	docs := func(name string) (schemas.Doc, error) {
		ex := map[string]any{"path": "go.mod"}
		if name == "fs.search" {
			ex = map[string]any{"pattern": "TODO"}
		}
		return schemas.Doc{Description: "A fixture.", Examples: []map[string]any{ex}}, nil
	}
	return pipelineOf(t, docs, read, search)
}

// TestResolveName: a name is resolved once and the resolution says which
// tool it stands for, in any spelling, by another server's name that means
// one tool, or not at all; a call made with it runs that tool as a call by
// name does, with the same answer.
func TestResolveName(t *testing.T) {
	p := vocabPipeline(t)
	cases := []struct {
		name, asked string
		want        string // the tool, "" for none
		args        map[string]any
	}{
		{"f0's name", "fs.read", "fs.read", map[string]any{"path": "a"}},
		{"another spelling", "FS-READ", "fs.read", map[string]any{"path": "a"}},
		{"a client's prefix", "mcp__f0__fs_read", "fs.read", map[string]any{"path": "a"}},
		{"another agent's name", "read_text_file", "fs.read", map[string]any{"path": "a", "head": 2}},
		{"another agent's name the arguments route", "Grep", "fs.search", map[string]any{"pattern": "x", "output_mode": "count"}},
		{"no tool", "fs.raed.more", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := p.ResolveName(c.asked)
			got, ok := r.Tool(p)
			if c.want == "" && (got != nil || ok) || c.want != "" && (got == nil || got.Name != c.want || !ok) {
				t.Fatalf("ResolveName(%q).Tool() = %v, %v; want %q", c.asked, got, ok, c.want)
			}
			if r.Asked() != c.asked {
				t.Errorf("Asked() = %q", r.Asked())
			}
			byName := p.Call(context.Background(), c.asked, c.args)
			resolved := p.CallResolved(context.Background(), r, c.args, tool.Limits{})
			if byName.Text != resolved.Text || byName.IsError != resolved.IsError {
				t.Errorf("by name:\n%s\nresolved:\n%s", byName.Text, resolved.Text)
			}
		})
	}
}
