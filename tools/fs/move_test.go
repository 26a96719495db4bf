package fs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"f0/engine"
	"f0/tool"
)

// TestMkdirMoveCopyDelete runs fs.mkdir, fs.move, fs.copy and fs.delete one
// after another on one tree, then the ways each of them fails.
func TestMkdirMoveCopyDelete(t *testing.T) {
	e := newEnv(t)
	e.file("a.txt", "A\n")
	e.file("dir/b.txt", "B\n")
	e.file("dir/sub/c.txt", "C\n")
	steps := []struct {
		tool string
		args any
		want string
	}{
		{"fs.mkdir", "x/y/z", "created x/y/z/"},
		{"fs.mkdir", map[string]any{"path": "x/y"}, "x/y/ exists already"},
		{"fs.mkdir", map[string]any{"paths": []any{"p1", "p2/q"}}, "created p1/\ncreated p2/q/"},
		{"fs.move", map[string]any{"source": "a.txt", "destination": "a2.txt"}, "moved a.txt → a2.txt"},
		{"fs.move", map[string]any{"from": "a2.txt", "to": "x/"}, "moved a2.txt → x/a2.txt"},
		{"fs.copy", map[string]any{"source": "x/a2.txt", "destination": "a.txt"}, "copied x/a2.txt → a.txt (2 B)"},
		{"fs.copy", map[string]any{"src": "dir", "dst": "dir2"}, "copied dir → dir2 (2 files, 2 directories, 4 B)"},
		{"fs.copy", map[string]any{"source": "a.txt", "destination": "dir2/b.txt", "overwrite": true}, "copied a.txt → dir2/b.txt (2 B)"},
		{"fs.copy", map[string]any{"source": "dir", "destination": "dir2", "overwrite": true}, "copied dir → dir2/dir (2 files, 2 directories, 4 B)"},
		{"fs.move", map[string]any{"source": "dir2", "destination": "moved"}, "moved dir2 → moved"},
		{"fs.delete", "moved/b.txt", "deleted moved/b.txt (file, 2 B)"},
		{"fs.delete", map[string]any{"path": "moved", "recursive": true}, "deleted moved/ and everything in it (3 files, 3 subdirectories)"},
		{"fs.delete", map[string]any{"paths": []any{"p1", "nope"}, "recursive": true}, "deleted p1/ and everything in it (0 files, 0 subdirectories)\nnope: not deleted: delete nope: no such file or directory. Find it by name: fs_find {\"pattern\":\"nope\"}"},
	}
	for _, s := range steps {
		if got := e.ok(s.tool, s.args); got != s.want {
			t.Fatalf("%s %v:\ngot  %q\nwant %q", s.tool, s.args, got, s.want)
		}
	}
	if e.read("a.txt") != "A\n" || e.read("x/a2.txt") != "A\n" || e.read("dir/sub/c.txt") != "C\n" {
		t.Fatal("contents lost")
	}
	failures := []struct {
		tool string
		args any
		want string
	}{
		{"fs.move", map[string]any{"source": "a.txt", "destination": "x/a2.txt"}, `fs_move: "destination": move a.txt: the destination x/a2.txt already exists (a file). To replace it: fs_move {"destination":"x/a2.txt","overwrite":true,"source":"a.txt"}`},
		{"fs.copy", map[string]any{"source": "a.txt", "destination": "x/a2.txt"}, `fs_copy: "destination": copy: the destination x/a2.txt already exists (a file). To replace it: fs_copy {"destination":"x/a2.txt","overwrite":true,"source":"a.txt"}`},
		{"fs.move", map[string]any{"source": "dir", "destination": "dir/sub/inner"}, `move dir: refused: the destination dir/sub/inner lies inside the source`},
		{"fs.copy", map[string]any{"source": "dir", "destination": "dir/sub/inner"}, `copy dir: refused: the destination dir/sub/inner lies inside the source`},
		{"fs.move", map[string]any{"source": "nothing.txt", "destination": "b"}, `"source": move nothing.txt: no such file or directory`},
		{"fs.move", map[string]any{"source": "a.txt"}, `"destination": is required but missing`},
		{"fs.move", map[string]any{"source": "a.txt", "destination": "no/such/dir/a.txt"}, `"destination": move to no/such/dir: no such file or directory`},
		{"fs.move", map[string]any{"source": ".", "destination": "x"}, "is a root directory"},
		{"fs.mkdir", map[string]any{"path": "a.txt"}, `"path": a.txt exists and is a file.`},
		{"fs.mkdir", map[string]any{"path": "q/r", "parents": false}, `"path": create in q: no such file or directory. Set parents: true to create it too.`},
		{"fs.delete", "dir", `fs_delete: "recursive": dir is a directory holding 2 files and 1 subdirectory; deleting a directory needs recursive: true. To delete it and everything in it: fs_delete {"path":"dir","recursive":true}`},
	}
	for _, f := range failures {
		assertInOrder(t, e.fail(f.tool, f.args), f.want)
	}
	// fs.delete needs admin.
	p := pipelineFor(t, engine.Config{Access: tool.Write}, e.root)
	assertInOrder(t, p.Call(context.Background(), "fs_delete", "a.txt").Text, `unknown tool "fs_delete": fs_delete exists but this server does not expose it (it needs admin access and the server runs with --access write).`)
	if e.read("a.txt") != "A\n" {
		t.Fatal("deleted without admin access")
	}
}

// TestMoveAndCopyAcrossRoots moves and copies between two roots.
func TestMoveAndCopyAcrossRoots(t *testing.T) {
	base := t.TempDir()
	one, two := filepath.Join(base, "one"), filepath.Join(base, "two")
	must(t, os.MkdirAll(filepath.Join(one, "d", "e"), 0o755))
	must(t, os.MkdirAll(two, 0o755))
	must(t, os.WriteFile(filepath.Join(one, "f.txt"), []byte("F"), 0o640))
	must(t, os.WriteFile(filepath.Join(one, "d", "e", "g.txt"), []byte("G"), 0o644))
	p := pipelineFor(t, engine.Config{Access: tool.Admin}, one, two)
	call := func(tool string, args map[string]any) string {
		res := p.Call(context.Background(), tool, args)
		if res.IsError {
			t.Fatalf("%s: %s", tool, res.Text)
		}
		return res.Text
	}
	dst := filepath.Join(two, "f.txt")
	if got := call("fs.copy", map[string]any{"source": "f.txt", "destination": dst}); got != "copied f.txt → "+dst+" (1 B)" {
		t.Errorf("copy: %q", got)
	}
	if info, err := os.Stat(dst); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("copied file: %v %v", info, err)
	}
	call("fs.move", map[string]any{"source": "d", "destination": filepath.Join(two, "d")})
	if data, err := os.ReadFile(filepath.Join(two, "d", "e", "g.txt")); err != nil || string(data) != "G" {
		t.Errorf("moved tree: %q %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(one, "d")); err == nil {
		t.Error("the source of a move across roots is still there")
	}
	res := p.Call(context.Background(), "fs.move", map[string]any{"source": "f.txt", "destination": dst})
	assertInOrder(t, res.Text, "already exists")
	call("fs.move", map[string]any{"source": "f.txt", "destination": dst, "overwrite": true})
	assertInOrder(t, call("fs.read", map[string]any{"path": dst}), "F")
	assertInOrder(t, call("fs.list", map[string]any{"path": two, "depth": 3}), two+"/ · 4 entries", filepath.Join(two, "d")+"/", filepath.Join(two, "d", "e", "g.txt"))
	res = p.Call(context.Background(), "fs.delete", map[string]any{"path": two, "recursive": true})
	assertInOrder(t, res.Text, "is a root directory; fs_delete never deletes a root")
}

// TestCopyAndMoveRefuseSourceOutside: a source outside the roots is
// reported under "source", not "destination".
func TestCopyAndMoveRefuseSourceOutside(t *testing.T) {
	e := newEnv(t)
	for _, tool := range []string{"fs.copy", "fs.move"} {
		text := e.fail(tool, map[string]any{"source": "out-dir/secret", "destination": "copy.txt"})
		assertInOrder(t, text, `"source": `, "outside the allowed roots")
	}
	assertInOrder(t, e.fail("fs.copy", map[string]any{"source": "out-file", "destination": "copy.txt"}),
		`fs_copy: "source": copy out-file: refused: it leads outside the allowed roots`)
}
