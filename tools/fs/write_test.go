package fs_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/tools"
)

func TestWrite(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name     string
		args     any
		want     string
		file     string
		contents string
	}{
		{"create with parents", map[string]any{"path": "notes/todo.md", "content": "# TODO\n- a\n"}, "created notes/todo.md: 11 bytes, 2 lines", "notes/todo.md", "# TODO\n- a\n"},
		{"overwrite", map[string]any{"path": "notes/todo.md", "content": "x"}, "replaced notes/todo.md: 1 bytes, 1 line (was 11 bytes)", "notes/todo.md", "x"},
		{"append", map[string]any{"path": "notes/todo.md", "content": "\ny\n", "mode": "append"}, "appended 3 bytes (2 lines) to notes/todo.md, now 4 bytes", "notes/todo.md", "x\ny\n"},
		{"append flag", map[string]any{"path": "notes/todo.md", "content": "z\n", "append": true}, "appended 2 bytes (1 line) to notes/todo.md, now 6 bytes", "notes/todo.md", "x\ny\nz\n"},
		{"append creates", map[string]any{"path": "log.txt", "content": "one\n", "mode": "APPEND"}, "created log.txt: 4 bytes, 1 line", "log.txt", "one\n"},
		{"synonyms", map[string]any{"file_path": "s.txt", "text": "hi"}, "created s.txt: 2 bytes, 1 line", "s.txt", "hi"},
		{"empty content", map[string]any{"path": "empty", "content": ""}, "created empty: 0 bytes, 0 lines", "empty", ""},
		{"create mode", map[string]any{"path": "new.txt", "content": "n", "mode": "create"}, "created new.txt: 1 bytes, 1 line", "new.txt", "n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := e.ok("fs.write", c.args); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			if got := e.read(c.file); got != c.contents {
				t.Errorf("file holds %q, want %q", got, c.contents)
			}
		})
	}
	// The mode of a replaced file is kept.
	must(t, os.Chmod(filepath.Join(e.root, "s.txt"), 0o600))
	e.ok("fs.write", map[string]any{"path": "s.txt", "content": "again"})
	if info, _ := os.Stat(filepath.Join(e.root, "s.txt")); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v not kept", info.Mode().Perm())
	}
	errors := []struct {
		name string
		args any
		want string
	}{
		{"exists with create", map[string]any{"path": "new.txt", "content": "n", "mode": "create"}, `fs_write: "mode": new.txt already exists and mode is "create". Replace it with mode "overwrite", add to it with mode "append", or change it with fs_edit.`},
		{"no parents", map[string]any{"path": "a/b/c.txt", "content": "x", "createDirs": false}, `fs_write: "path": write into a/b/: no such file or directory. Set createDirs: true to create the missing directories.`},
		{"a directory", map[string]any{"path": "notes", "content": "x"}, `"path": notes is a directory.`},
		{"trailing slash", map[string]any{"path": "notes/", "content": "x"}, `"path": "notes/" names a directory; give a file name.`},
		{"missing content", map[string]any{"path": "x.txt"}, `"content": is required but missing`},
		{"bad mode", map[string]any{"path": "x.txt", "content": "x", "mode": "0644"}, `"mode": expected one of "overwrite", "create", "append", got "0644"`},
		{"append and mode", map[string]any{"path": "x.txt", "content": "x", "append": true, "mode": "create"}, `"append": is true but mode is "create"; give one of them.`},
	}
	for _, c := range errors {
		t.Run(c.name, func(t *testing.T) {
			assertInOrder(t, e.fail("fs.write", c.args), c.want, `Example: fs_write {"content":"# TODO\n- write tests\n","path":"notes/todo.md"}`)
		})
	}
	// A misspelt field's example is the call with the field spelt right.
	assertInOrder(t, e.fail("fs.write", map[string]any{"path": "x.txt", "contnet": "x"}), `"contnet": unknown field; did you mean "content"?`, `Example: fs_write {"content":"x","path":"x.txt"}`)
	entries, _ := os.ReadDir(e.root)
	for _, en := range entries {
		if strings.HasSuffix(en.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", en.Name())
		}
	}
	p := pipelineFor(t, tools.Config{Access: tools.Read}, e.root)
	assertInOrder(t, p.Call(context.Background(), "fs_write", map[string]any{"path": "x", "content": "y"}).Text, "it needs write access")
}

// TestWriteThroughLinkNamesTarget: fs.write and fs.edit refuse to write
// through a link inside the root, name its final target, and leave the
// target unchanged.
func TestWriteThroughLinkNamesTarget(t *testing.T) {
	e := newEnv(t)
	e.file("real/a.txt", "A\n")
	must(t, os.Symlink("real/a.txt", filepath.Join(e.root, "link.txt")))
	must(t, os.Symlink("link.txt", filepath.Join(e.root, "link2")))
	assertInOrder(t, e.fail("fs.write", map[string]any{"path": "link.txt", "content": "B"}),
		"write link.txt: refused: it is a symbolic link to real/a.txt; write to real/a.txt instead")
	assertInOrder(t, e.fail("fs.write", map[string]any{"path": "link2", "content": "B"}),
		"write link2: refused: it is a symbolic link to real/a.txt; write to real/a.txt instead")
	assertInOrder(t, e.fail("fs.edit", map[string]any{"path": "link.txt", "old": "A", "new": "B"}),
		"refused: it is a symbolic link to real/a.txt; write to real/a.txt instead")
	if e.read("real/a.txt") != "A\n" {
		t.Fatal("a refused write changed the target")
	}
}
