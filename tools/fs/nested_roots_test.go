package fs_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
)

// With nested roots (--root nest --root nest/inner/B), no move, copy over
// or delete of a directory that holds root B may take B with it. Before,
// deleting inner was refused but moving it away and deleting it worked.
func TestNestedRootsAreNeverMovedOrReplaced(t *testing.T) {
	base := t.TempDir()
	nest := filepath.Join(base, "nest")
	b := filepath.Join(nest, "inner", "B")
	must(t, os.MkdirAll(b, 0o755))
	must(t, os.WriteFile(filepath.Join(b, "keep.txt"), []byte("root B\n"), 0o644))
	must(t, os.MkdirAll(filepath.Join(nest, "src", "inner"), 0o755))
	must(t, os.WriteFile(filepath.Join(nest, "src", "inner", "x.txt"), []byte("x\n"), 0o644))
	p := pipelineFor(t, engine.Config{Access: tool.Admin}, nest, b)
	call := func(tool string, args map[string]any) string {
		res := p.Call(context.Background(), tool, args)
		if !res.IsError {
			t.Errorf("%s %v succeeded:\n%s", tool, args, res.Text)
		}
		return res.Text
	}
	inner := filepath.Join(nest, "inner")
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"fs_move", map[string]any{"source": inner, "destination": filepath.Join(nest, "moved")}, "refused: it holds the root " + b + ", which would move with it"},
		{"fs_move", map[string]any{"source": inner, "destination": filepath.Join(b, "..", "..", "elsewhere")}, "which would move with it"},
		{"fs_delete", map[string]any{"path": inner, "recursive": true}, "holds the root " + b + "; fs_delete never deletes a root."},
		{"fs_delete", map[string]any{"path": nest + "/inner/", "recursive": true}, "never deletes a root"},
		{"fs_copy", map[string]any{"source": filepath.Join(nest, "src", "inner"), "destination": nest, "overwrite": true}, "holds the root " + b + ", which copying over it would change"},
	}
	for _, c := range cases {
		if got := call(c.tool, c.args); !strings.Contains(got, c.want) {
			t.Errorf("%s %v:\n%s\nwant %q", c.tool, c.args, got, c.want)
		}
	}
	if data, err := os.ReadFile(filepath.Join(b, "keep.txt")); err != nil || string(data) != "root B\n" {
		t.Fatalf("root B was changed: %q %v", data, err)
	}
	// Moving a directory beside the root, and copying into root B itself,
	// still work.
	if res := p.Call(context.Background(), "fs_move", map[string]any{"source": filepath.Join(nest, "src"), "destination": filepath.Join(nest, "src2")}); res.IsError {
		t.Fatal(res.Text)
	}
}
