package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"f0/schemas"
	"f0/tool"
	"f0/tools/meta"
)

// externalTool is an External tool named name that answers text.
func externalTool(name, text string, placeholder bool) *tool.Tool {
	return tool.External{
		Spec:   tool.Spec{Name: name, Title: "T", Summary: "A tool.", Access: tool.Read, Placeholder: placeholder},
		Schema: &schemas.Schema{Type: "object"},
		Doc:    schemas.Doc{Examples: []map[string]any{{}}},
		Run: func(ctx context.Context, call tool.Call, args map[string]any) (tool.Result, error) {
			if placeholder {
				return tool.Result{}, errors.New(text)
			}
			return tool.Result{Text: text}, nil
		},
	}.Erase()
}

func listedNames(p *Host) []string {
	var out []string
	for _, t := range p.Visible() {
		out = append(out, t.Name)
	}
	return out
}

// TestReplaceMakesANewVersion: Replace swaps one namespace's tools, keeps
// the others, tells the watchers, and leaves the old version as it was
// for the calls that run on it.
func TestReplaceMakesANewVersion(t *testing.T) {
	first := pipelineOf(t, nil, append(meta.Tools(), externalTool("up.unavailable", `upstream server "up" is down`, true), externalTool("other.tool", "other", false), externalTool("other.read_file", "other's", false))...)
	var seen []*Host
	first.Watch(func(p *Host) { seen = append(seen, p) })
	ctx := context.Background()

	// up_read_file also ends in other's read_file: the namespace wins.
	res := first.Call(ctx, "up_read_file", nil)
	if !res.IsError || !strings.Contains(res.Text, `upstream server "up" is down`) {
		t.Fatalf("a name in the placeholder's namespace: %s", res.Text)
	}
	if res := first.Call(ctx, "upx_read", nil); strings.Contains(res.Text, "is down") {
		t.Fatalf("a name outside the namespace reached the placeholder: %s", res.Text)
	}

	next, err := first.Replace("up", []*tool.Tool{externalTool("up.read_file", "read", false), externalTool("up.write_file", "written", false)})
	if err != nil {
		t.Fatal(err)
	}
	if first.Latest() != next || next.Latest() != next || len(seen) != 1 || seen[0] != next {
		t.Fatalf("Latest or the watchers do not see the new version")
	}
	if got := listedNames(next); !slices.Contains(got, "up.read_file") || slices.Contains(got, "up.unavailable") || !slices.Contains(got, "other.tool") {
		t.Fatalf("new version lists %v", got)
	}
	if res := next.Call(ctx, "up_read_file", nil); res.IsError || res.Text != "read" {
		t.Fatalf("new version: %s", res.Text)
	}
	if res := next.Call(ctx, "other_tool", nil); res.Text != "other" {
		t.Fatalf("kept tool: %s", res.Text)
	}
	if got := listedNames(first); !slices.Contains(got, "up.unavailable") {
		t.Fatalf("the old version changed: %v", got)
	}
	if _, err := next.Replace("up", []*tool.Tool{externalTool("other.x", "x", false)}); err == nil {
		t.Fatal("a tool of another namespace was accepted")
	}
}

// TestOperatorFiltersOverPlaceholders: --tools naming a tool of a server
// that is not running yet keeps its placeholder (and only it) exposed;
// --exclude-tools naming one does not hide the placeholder; later
// versions apply both to the real tools.
func TestOperatorFiltersOverPlaceholders(t *testing.T) {
	reg, err := NewRegistry(append(meta.Tools(), externalTool("up.unavailable", "down", true))...)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		cfg  Config
		want []string // exposed tools in namespace up, in each version
		then []string
	}{
		{"tools", Config{Include: []string{"up.read_file"}}, []string{"up.unavailable"}, []string{"up.read_file"}},
		{"exclude-tools", Config{Exclude: []string{"up.write_file"}}, []string{"up.unavailable"}, []string{"up.read_file"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewHost(reg, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := inNamespace(p, "up"); !slices.Equal(got, tc.want) {
				t.Fatalf("first version: %v, want %v", got, tc.want)
			}
			next, err := p.Replace("up", []*tool.Tool{externalTool("up.read_file", "r", false), externalTool("up.write_file", "w", false)})
			if err != nil {
				t.Fatal(err)
			}
			if got := inNamespace(next, "up"); !slices.Equal(got, tc.then) {
				t.Fatalf("next version: %v, want %v", got, tc.then)
			}
		})
	}
}

func inNamespace(p *Host, ns string) []string {
	return slices.DeleteFunc(listedNames(p), func(n string) bool { return !strings.HasPrefix(n, ns+".") })
}
