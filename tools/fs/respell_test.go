package fs_test

import (
	"path/filepath"
	"testing"
)

// respellTree is a root with the names respelled paths must find: an NFD
// name (as macOS writes it), ASCII and typographic apostrophes, a space.
func respellTree(e *env) {
	e.file("cafe\u0301.txt", "coffee\n")
	e.file("don't.md", "no\n")
	e.file("it\u2019s.md", "yes\n")
	e.file("my file.txt", "spaced\n")
	e.file("twin\u2018s.md", "left\n")
	e.file("twin\u2019s.md", "right\n")
	e.file("src/a.go", "package a\n")
	e.file("src/b.go", "package b\n")
	e.file("docs/n.md", "1\n2\n3\n4\n5\n")
}

// TestReadRespelledPaths: a path that does not exist as written but names
// exactly one existing file in another spelling is read, with a note that
// names the file used.
func TestReadRespelledPaths(t *testing.T) {
	e := newEnv(t)
	respellTree(e)
	cases := []toolCase{
		{"NFC for an NFD name", map[string]any{"path": "caf\u00e9.txt"},
			"cafe\u0301.txt · line 1 of 1 · 7 B\ncoffee\nnote: \"caf\u00e9.txt\" does not exist as written; used \"cafe\u0301.txt\", the one path it names in another Unicode normalization (NFC/NFD)"},
		{"typographic apostrophe", map[string]any{"path": "don\u2019t.md"},
			"don't.md · line 1 of 1 · 3 B\nno\nnote: \"don\u2019t.md\" does not exist as written; used \"don't.md\", the one path it names with other quotes, dashes or spaces"},
		{"ASCII apostrophe", map[string]any{"path": "it's.md"},
			"it\u2019s.md · line 1 of 1 · 4 B\nyes\nnote: \"it's.md\" does not exist as written; used \"it\u2019s.md\", the one path it names with other quotes, dashes or spaces"},
		{"shell-escaped space", map[string]any{"path": `my\ file.txt`},
			"my file.txt · line 1 of 1 · 7 B\nspaced\nnote: \"my\\\\ file.txt\" does not exist as written; used \"my file.txt\", the one path it names without the shell escapes"},
		{"GitHub line range", map[string]any{"path": "docs/n.md#L2-L3"},
			"docs/n.md · lines 2-3 of 5 · 10 B\n2\n3\nnote: read path \"docs/n.md#L2-L3\" as the file docs/n.md, as lines 2-3 (offset 2, limit 2)\nMore lines follow: fs_read {\"offset\":4,\"path\":\"docs/n.md\",\"version\":\"" + versionOf("1\n2\n3\n4\n5\n", 4) + "\"}"},
		{"GitHub line", map[string]any{"path": "docs/n.md#L4"},
			"docs/n.md · lines 4-5 of 5 · 10 B\n4\n5\nnote: read path \"docs/n.md#L4\" as the file docs/n.md, as lines 4 to the end (offset 4)"},
		{"line range after a colon", map[string]any{"path": "docs/n.md:2-3"},
			"docs/n.md · lines 2-3 of 5 · 10 B\n2\n3\nnote: read path \"docs/n.md:2-3\" as the file docs/n.md, as lines 2-3 (offset 2, limit 2)\nMore lines follow: fs_read {\"offset\":4,\"path\":\"docs/n.md\",\"version\":\"" + versionOf("1\n2\n3\n4\n5\n", 4) + "\"}"},
		{"glob", map[string]any{"path": "src/*.go"},
			"==> src/a.go · line 1 of 1 · 10 B <==\npackage a\n\n==> src/b.go · line 1 of 1 · 10 B <==\npackage b\nnote: read the glob \"src/*.go\" as the 2 files it matches: src/a.go, src/b.go"},
		{"comma list in path", map[string]any{"path": "src/a.go, src/b.go"},
			"==> src/a.go · line 1 of 1 · 10 B <==\npackage a\n\n==> src/b.go · line 1 of 1 · 10 B <==\npackage b\nnote: read the path \"src/a.go, src/b.go\" as the list [\"src/a.go\",\"src/b.go\"]: each part exists"},
		{"line list in path", map[string]any{"path": "src/a.go\nsrc/b.go"},
			"==> src/a.go · line 1 of 1 · 10 B <==\npackage a\n\n==> src/b.go · line 1 of 1 · 10 B <==\npackage b\nnote: read the path \"src/a.go\\nsrc/b.go\" as the list [\"src/a.go\",\"src/b.go\"]: each part exists"},
		{"mixed separators after the root", map[string]any{"path": e.root + `\src/a.go`},
			"src/a.go · line 1 of 1 · 10 B\npackage a\nnote: \"" + filepath.ToSlash(e.root) + "\\\\src/a.go\" does not exist as written; used \"src/a.go\", the one path it names with / for the mixed separators"},
		{"backslash inside an absolute path", map[string]any{"path": e.root + `/src\a.go`},
			"src/a.go · line 1 of 1 · 10 B\npackage a\nnote: \"" + e.root + "/src\\\\a.go\" does not exist as written; used \"src/a.go\", the one path it names with / for the mixed separators"},
		{"file URI", map[string]any{"path": "file://" + e.root + "/my%20file.txt"},
			"my file.txt · line 1 of 1 · 7 B\nspaced\nnote: read the path \"file://" + e.root + "/my%20file.txt\" (a file:// URI) as \"" + e.root + "/my file.txt\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := e.ok("fs.read", c.args); got != c.want {
				t.Errorf("got:\n%q\nwant:\n%q", got, c.want)
			}
		})
	}
}

// TestReadHomeRoot: ~/ is the home directory when that is a root.
func TestReadHomeRoot(t *testing.T) {
	e := newEnv(t)
	respellTree(e)
	t.Setenv("HOME", e.root)
	want := "src/a.go · line 1 of 1 · 10 B\npackage a\nnote: \"~/src/a.go\" does not exist as written; used \"src/a.go\", the one path it names with ~ as the home directory, " + e.root
	if got := e.ok("fs.read", map[string]any{"path": "~/src/a.go"}); got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	t.Setenv("HOME", t.TempDir()) // a path outside the roots is never used
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "~/src/a.go"}), `"~/src/a.go" starts with ~, and f0 does not expand ~`)
}

// TestRespelledRefusals: several candidates are an ambiguity; writing
// tools never use another spelling.
func TestRespelledRefusals(t *testing.T) {
	e := newEnv(t)
	respellTree(e)
	cases := []struct {
		name, tool string
		args       map[string]any
		want       string
	}{
		{"two apostrophes", "fs.read", map[string]any{"path": "twin's.md"},
			"fs_read: \"path\": \"twin's.md\" does not exist as written, and it could name \"twin\u2018s.md\" (with other quotes, dashes or spaces) or \"twin\u2019s.md\" (with other quotes, dashes or spaces). Give the path of the one you mean."},
		{"write with shell escapes", "fs.write", map[string]any{"path": `my\ new.txt`, "content": "x"},
			"fs_write: \"path\": \"my\\\\ new.txt\" holds shell escapes (\\ ), and f0 runs no shell: the backslashes would be part of the name. Write the path as it is: fs_write {\"content\":\"x\",\"path\":\"my new.txt\"}"},
		{"edit with an NFC name", "fs.edit", map[string]any{"path": "caf\u00e9.txt", "edits": []any{map[string]any{"oldText": "coffee", "newText": "tea"}}},
			"fs_edit: \"path\": edit caf\u00e9.txt: no such file or directory; did you mean cafe\u0301.txt?"},
		{"delete with a typographic quote", "fs.delete", map[string]any{"path": "don\u2019t.md"},
			"did you mean don't.md?"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertInOrder(t, e.fail(c.tool, c.args), c.want)
		})
	}
	if got := e.read("don't.md"); got != "no\n" {
		t.Errorf("don't.md is now %q", got)
	}
}

// TestGlobPaths: a glob given as a path lists, finds and searches with it.
func TestGlobPaths(t *testing.T) {
	e := newEnv(t)
	respellTree(e)
	for i := range 21 {
		e.file(filepath.Join("many", string(rune('a'+i))+".txt"), "x\n")
	}
	cases := []struct {
		name, tool string
		args       map[string]any
		want       string
	}{
		{"list", "fs.list", map[string]any{"path": "src/*.go"}, "src/ · 2 entries\nsrc/a.go\nsrc/b.go\nnote: read the path \"src/*.go\" as the directory \"src\" with glob \"*.go\""},
		{"find", "fs.find", map[string]any{"path": "src/*.go", "pattern": "*"}, "2 paths matching *.go under src/\nsrc/a.go\nsrc/b.go\nnote: read the path \"src/*.go\" as the directory \"src\" and pattern \"*.go\""},
		{"search", "fs.search", map[string]any{"path": "src/*.go", "pattern": "package b"}, "src/b.go:1:package b\n"},
		{"stat", "fs.stat", map[string]any{"path": "src/a.go, src/b.go"}, "src/a.go\n  type: file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertInOrder(t, e.ok(c.tool, c.args), c.want)
		})
	}
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "many/*.txt"}),
		"fs_read: \"path\": \"many/*.txt\" is a glob that matches more than 20 files, and a read takes at most 20 from a glob. List them with fs_find {\"path\":\"many\",\"pattern\":\"*.txt\"}, then read the ones you need.")
	assertInOrder(t, e.fail("fs.find", map[string]any{"path": "src/*.go", "pattern": "a*"}),
		"fs_find: \"path\": \"src/*.go\" is a glob, and pattern \"a*\" is another; fs_find takes the directory in path and one glob in pattern. For example fs_find {\"path\":\"src\",\"pattern\":\"*.go\"}")
}
