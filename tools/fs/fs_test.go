package fs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"f0/engine"
	"f0/tool"
)

// TestMissingPathAcrossRoots: with several roots a relative path that
// exists only in another root is named with the call that reads it, and
// the searches that cover one root say where the others are.
func TestMissingPathAcrossRoots(t *testing.T) {
	base := t.TempDir()
	r1, r2 := filepath.Join(base, "r1"), filepath.Join(base, "r2")
	must(t, os.MkdirAll(r1, 0o755))
	must(t, os.MkdirAll(filepath.Join(r2, "pkg"), 0o755))
	must(t, os.WriteFile(filepath.Join(r1, "a.py"), []byte("a\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(r2, "e.py"), []byte("print('e')\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(r2, "pkg", "mod.py"), []byte("x\n"), 0o644))
	p := pipelineFor(t, engine.Config{Access: tool.Read}, r1, r2)
	do := func(tool string, args any) tool.Result {
		return p.Call(context.Background(), tool, args)
	}
	e2 := filepath.Join(r2, "e.py")
	res := do("fs_read", map[string]any{"path": "e.py"})
	assertInOrder(t, res.Text, `fs_read: "path": read e.py: no such file or directory; it exists in another root: `+e2+".",
		`Use it: fs_read {"path":"`+e2+`"}`)
	if got := do("fs_read", map[string]any{"path": e2}); got.IsError {
		t.Fatalf("the suggested call fails: %s", got.Text)
	}
	// A near name in another root is suggested too.
	res = do("fs_read", map[string]any{"path": "pkg/mdo.py"})
	assertInOrder(t, res.Text, "read pkg/mdo.py: no such file or directory; did you mean "+filepath.Join(r2, "pkg", "mod.py")+"?")
	// Several files: the section names the other root.
	res = do("fs_read", map[string]any{"paths": []any{"a.py", "e.py"}})
	assertInOrder(t, res.Text, "==> e.py <==\nerror: read e.py: no such file or directory; it exists in another root: "+e2)
	// Empty answers of the searches over the first root name the others.
	assertInOrder(t, do("fs_find", map[string]any{"pattern": "nothing.py"}).Text, "No path under ./ matches nothing.py",
		"This looked in "+r1+" only; the other roots: "+`fs_find {"path":"`+r2+`","pattern":"nothing.py"}`)
	assertInOrder(t, do("fs_find", map[string]any{"pattern": "mod.py"}).Text, "No path under ./ matches mod.py",
		`the other roots: fs_find {"path":"`+r2+`","pattern":"mod.py"}`)
	assertInOrder(t, do("fs_find", map[string]any{"pattern": "mod.py", "path": r2}).Text, filepath.Join(r2, "pkg", "mod.py"))
	assertInOrder(t, do("fs_search", map[string]any{"pattern": "print"}).Text, `No matches for "print"`,
		`the other roots: fs_search {"path":"`+r2+`","pattern":"print"}`)
	assertInOrder(t, do("fs_list", map[string]any{"glob": "*.md"}).Text, `No entry of ./ matches "*.md".`,
		`the other roots: fs_list {"glob":"*.md","path":"`+r2+`"}`)
	// A search of a directory inside a root does not.
	assertNot(t, do("fs_find", map[string]any{"pattern": "zzz", "path": filepath.Join(r2, "pkg")}).Text, "other roots")
}
