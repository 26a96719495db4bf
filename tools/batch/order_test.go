package batch_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"f0/engine"
	"f0/internal/roots"
	"f0/schemas"
	"f0/tool"
	"f0/tools/batch"
	"f0/tools/fs"
)

// wordsInput is the input of test.words, a tool that takes command-line
// words it reads itself (as net.curl reads -o FILE).
type wordsInput struct {
	Args []string `json:"args,omitempty"`
	URL  string   `json:"url,omitempty"`
}

// planPipeline is the fs tools and batch over one root, with a tool that
// takes its own words and two of an upstream server: one that writes, one
// that only reads, and the placeholder of a server that is not running.
func planPipeline(t *testing.T) (*engine.Host, *roots.Set, string) {
	t.Helper()
	dir := t.TempDir()
	files := openRoots(t, dir)
	words := tool.Def[wordsInput]{
		Spec: tool.Spec{Name: "test.words", Title: "Words", Summary: "Takes its own words.", Access: tool.Read, CLI: tool.CLI{RawArgsField: "args"}},
		Run:  func(context.Context, tool.Call, wordsInput) (tool.Result, error) { return tool.Text("ran"), nil },
	}.Erase()
	upstream := func(name string, access tool.Access, placeholder bool) *tool.Tool {
		return tool.External{
			Spec:   tool.Spec{Name: name, Title: name, Summary: "An upstream tool.", Access: access, Placeholder: placeholder},
			Schema: &schemas.Schema{Type: "object"},
			Doc:    schemas.Doc{Description: "Upstream.", Examples: []map[string]any{{}}},
			Run:    func(context.Context, tool.Call, map[string]any) (tool.Result, error) { return tool.Text("ran"), nil },
		}.Erase()
	}
	all := append(fs.Tools(files), words, upstream("up.change", tool.Write, false), upstream("up.look", tool.Read, false), upstream("down.server", tool.Read, true))
	all = append(all, batch.Tools(files)...)
	// The fs and batch tools carry their own documents (Spec.Docs).
	docs := func(name string) (schemas.Doc, error) {
		return schemas.Doc{Examples: []map[string]any{{"url": "x"}}}, nil
	}
	reg, err := engine.NewRegistryWithDocs(docs, all...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, engine.Config{Access: tool.Admin})
	if err != nil {
		t.Fatal(err)
	}
	return p, files, dir
}

// TestPlanOrdersWhatConflicts: an item waits for exactly the earlier items
// it conflicts with — one of the two writes, and they touch the same path,
// nested paths, or a path that cannot be known — and for no other.
func TestPlanOrdersWhatConflicts(t *testing.T) {
	p, files, dir := planPipeline(t)
	type call struct {
		tool string
		args map[string]any
	}
	write := func(path string) call { return call{"fs_write", map[string]any{"path": path, "content": "x"}} }
	read := func(path string) call { return call{"fs_read", map[string]any{"path": path}} }
	cases := []struct {
		name  string
		calls []call
		after [][]int
	}{
		{"write then read of one file", []call{write("new.txt"), read("new.txt")}, [][]int{nil, {0}}},
		{"read then write of one file", []call{read("a.txt"), write("a.txt")}, [][]int{nil, {0}}},
		{"two reads of one file", []call{read("a.txt"), read("a.txt")}, [][]int{nil, nil}},
		{"two writes of two files", []call{write("a.txt"), write("b.txt")}, [][]int{nil, nil}},
		{"a name that starts like another", []call{write("ab"), read("a"), read("ab/c")}, [][]int{nil, nil, {0}}},
		{"edit then two reads", []call{{"fs_edit", map[string]any{"path": "a.txt", "edits": []any{map[string]any{"oldText": "x", "newText": "y"}}}}, read("a.txt"), read("a.txt")}, [][]int{nil, {0}, {0}}},
		{"list of a directory after a write into it", []call{write("d/x.txt"), {"fs_list", map[string]any{"path": "d"}}}, [][]int{nil, {0}}},
		{"a write into a listed directory", []call{{"fs_list", map[string]any{"path": "d"}}, write("d/e/x.txt")}, [][]int{nil, {0}}},
		{"search of the root by default", []call{write("deep/down/x.txt"), {"fs_search", map[string]any{"pattern": "x"}}}, [][]int{nil, {0}}},
		{"find and list by default", []call{{"fs_find", map[string]any{"pattern": "*.go"}}, write("x.go"), {"fs_list", map[string]any{}}}, [][]int{nil, {0}, {1}}},
		{"an absolute path and a relative one", []call{write(filepath.Join(dir, "a.txt")), read("./d/../a.txt")}, [][]int{nil, {0}}},
		{"a file URI", []call{write("file://" + filepath.Join(dir, "a.txt")), read("a.txt")}, [][]int{nil, {0}}},
		{"several paths", []call{write("b.txt"), {"fs_read", map[string]any{"paths": []any{"a.txt", "b.txt"}}}}, [][]int{nil, {0}}},
		{"a move writes both ends", []call{read("a.txt"), read("b.txt"), {"fs_move", map[string]any{"source": "a.txt", "destination": "b.txt"}}, read("c.txt")}, [][]int{nil, nil, {0, 1}, nil}},
		{"a copy is ordered with a read of its source", []call{{"fs_copy", map[string]any{"source": "a.txt", "destination": "b.txt"}}, read("a.txt")}, [][]int{nil, {0}}},
		{"a delete", []call{{"fs_delete", map[string]any{"path": "d", "recursive": true}}, read("d/x.txt"), read("e.txt")}, [][]int{nil, {0}, nil}},
		{"a write outside the roots may touch anything", []call{read("a.txt"), write("/elsewhere/x"), read("b.txt")}, [][]int{nil, {0}, {1}}},
		{"an upstream tool that writes is a barrier", []call{read("a.txt"), {"up_change", nil}, read("b.txt"), {"up_look", nil}}, [][]int{nil, {0}, {1}, {1}}},
		{"an upstream tool that reads waits for writes", []call{read("a.txt"), write("b.txt"), {"up_look", nil}, read("c.txt")}, [][]int{nil, nil, {1}, nil}},
		{"a server that is not running may write", []call{read("a.txt"), {"down_anything", nil}, read("b.txt")}, [][]int{nil, {0}, {1}}},
		{"a tool's own words name no path it declares", []call{write("a.txt"), {"test_words", map[string]any{"args": []any{"-b", "a.txt"}}}, read("a.txt"), {"test_words", map[string]any{"url": "x"}}}, [][]int{nil, {0}, {0}, nil}},
		{"calls that fail to prepare wait for nothing", []call{write("a.txt"), {"fs_raed", map[string]any{"path": "a.txt"}}, {"fs_read", map[string]any{"path": "a.txt", "limit": "many"}}}, [][]int{nil, nil, nil}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := make([]tool.PreparedCall, len(c.calls))
			for i, call := range c.calls {
				items[i] = p.Prepare(context.Background(), call.tool, call.args)
			}
			got := batch.After(context.Background(), files, items)
			for i := range got {
				if !slices.Equal(got[i], c.after[i]) {
					t.Fatalf("after = %v, want %v", got, c.after)
				}
			}
		})
	}
}

// TestNested: a path is nested in a directory when it is the directory or
// lies below it, separator-aware.
func TestNested(t *testing.T) {
	sep := string(os.PathSeparator)
	cases := []struct {
		dir, p string
		want   bool
	}{
		{sep + "r", sep + "r", true},
		{sep + "r", sep + "r" + sep + "a", true},
		{sep + "r", sep + "rx", false},
		{sep, sep + "a", true},
		{sep + "r" + sep + "a", sep + "r", false},
	}
	for _, c := range cases {
		if got := batch.Nested(c.dir, c.p); got != c.want {
			t.Errorf("nested(%q, %q) = %v, want %v", c.dir, c.p, got, c.want)
		}
	}
}
