package engine

import (
	"context"
	"testing"

	"f0/tool"
)

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
		{"f0's name", "v.read", "v.read", map[string]any{"path": "a"}},
		{"another spelling", "V-READ", "v.read", map[string]any{"path": "a"}},
		{"a client's prefix", "mcp__f0__v_read", "v.read", map[string]any{"path": "a"}},
		{"another server's name", "read_file", "v.read", map[string]any{"path": "a", "whole": true}},
		{"another server's name the arguments route", "Grep", "v.search", map[string]any{"query": "x", "output_mode": "count"}},
		{"no tool", "v.raed.more", "", nil},
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
