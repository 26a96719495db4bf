package fs_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
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
		{"append on a new line, none missing", map[string]any{"path": "log.txt", "content": "two", "mode": "append", "newLine": true}, "appended 3 bytes (1 line) to log.txt, now 7 bytes", "log.txt", "one\ntwo"},
		{"append on a new line", map[string]any{"path": "log.txt", "content": "three\n", "mode": "append", "newLine": true}, "appended 7 bytes (1 line) to log.txt, now 14 bytes (on a new line: a line end was added first, as the file did not end with one)", "log.txt", "one\ntwo\nthree\n"},
		{"append on a new line creates", map[string]any{"path": "nl.txt", "content": "a", "append": true, "newLine": true}, "created nl.txt: 1 bytes, 1 line", "nl.txt", "a"},
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
		{"new line without append", map[string]any{"path": "x.txt", "content": "x", "newLine": true}, `fs_write: "newLine": starts appended text on a new line, but mode is "overwrite". Give mode "append" with it, or leave newLine out.`},
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
	p := pipelineFor(t, engine.Config{Access: tool.Read}, e.root)
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

// TestWriteRefusesEditInstructions: content that is an edit instruction
// (Aider's SEARCH/REPLACE, a unified diff, Codex's apply_patch), or that
// brings a placeholder for lines left out, is refused for an existing file
// with the fs_edit call that does what was meant; force: true, a new file
// and a .patch file are written as asked.
func TestWriteRefusesEditInstructions(t *testing.T) {
	src := "package util\n\nfunc A() int {\n\treturn 1\n}\n"
	block := "util.go\n```go\n<<<<<<< SEARCH\n\treturn 1\n=======\n\treturn 10\n>>>>>>> REPLACE\n```\n"
	diff := "--- a/util.go\n+++ b/util.go\n@@ -3,3 +3,3 @@\n func A() int {\n-\treturn 1\n+\treturn 10\n }\n"
	patch := "*** Begin Patch\n*** Update File: util.go\n@@ func A() int {\n-\treturn 1\n+\treturn 10\n*** End Patch\n"
	lazy := "package util\n\nfunc A() int {\n\treturn 10\n}\n\n// ... rest of the code remains the same ...\n"
	const force = `. To write this content as it is, send the same call with "force": true.`
	refused := []struct {
		name string
		args map[string]any
		want string
	}{
		{"SEARCH/REPLACE", map[string]any{"path": "util.go", "content": block},
			`fs_write: "content": is an Aider-style SEARCH/REPLACE block (line 3: "<<<<<<< SEARCH"), not the text of util.go: written as it is, the file would hold the instruction instead of its text. Nothing was written. To make the change it describes: fs_edit {"patch":"util.go\n` + "```go" + `\n<<<<<<< SEARCH\n\treturn 1\n=======\n\treturn 10\n>>>>>>> REPLACE\n` + "```" + `\n","path":"util.go"}` + force},
		{"unified diff", map[string]any{"path": "util.go", "content": diff},
			`"content": is a unified diff (line 1: "--- a/util.go"), not the text of util.go: written as it is, the file would hold the instruction instead of its text. Nothing was written. To make the change it describes: fs_edit {"patch":"--- a/util.go\n+++ b/util.go\n@@ -3,3 +3,3 @@\n func A() int {\n-\treturn 1\n+\treturn 10\n }\n","path":"util.go"}` + force},
		{"apply_patch", map[string]any{"path": "util.go", "content": patch},
			`"content": is a Codex apply_patch envelope (line 1: "*** Begin Patch"), not the text of util.go`},
		{"appending a block", map[string]any{"path": "util.go", "content": block, "mode": "append"}, `"content": is an Aider-style SEARCH/REPLACE block (line 3: "<<<<<<< SEARCH")`},
		{"placeholder", map[string]any{"path": "util.go", "content": lazy},
			`fs_write: "content": holds a placeholder for lines left out (line 7: "// ... rest of the code remains the same ..."): written as it is, util.go would lose the lines that comment stands for. Nothing was written. To change part of the file, give the lines to change and their new text: fs_edit {"edits":[{"newText":"…their new text…","oldText":"…the lines to change, copied from the file…"}],"path":"util.go"}` + force},
		{"empty content over a file", map[string]any{"path": "util.go", "content": ""},
			`fs_write: "content": is empty: written as it is, util.go would lose its 41 bytes. Nothing was written. Send the file's text as content (fs_write {"content":"…the file's text…","path":"util.go"}); to empty the file on purpose, send the same call with "force": true.`},
		{"a tool's report", map[string]any{"path": "util.go", "content": "[已写入 E:\\proj\\util.go,732 字节/30 行;需要内容用 Read 查看]"},
			`fs_write: "content": is a tool's report about the file ("[已写入 E:\\proj\\util.go,732 字节/30 行;需要内容用 Read 查看]"), not its text: written as it is, util.go would hold that sentence instead of what it holds now. Nothing was written. Send the file's whole new text as content (read it first: fs_read {"path":"util.go"}), or change part of it: fs_edit {`},
		{"a tool's report in English", map[string]any{"path": "util.go", "content": "Successfully wrote 52 bytes to util.go"}, `"content": is a tool's report about the file`},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("util.go", src)
			out := e.fail("fs.write", c.args)
			assertInOrder(t, out, c.want, "You passed: ")
			assertNot(t, out, "Example: ")
			if e.read("util.go") != src {
				t.Error("a refused write changed the file")
			}
			if c.name == "placeholder" || c.name == "empty content over a file" || strings.HasPrefix(c.name, "a tool's report") {
				return
			}
			// The fix is one call: the fs_edit the answer names makes the change.
			assertInOrder(t, e.ok("fs.edit", suggested(t, out, "fs_edit ")), "applied ")
			if got := e.read("util.go"); got != strings.Replace(src, "return 1", "return 10", 1) {
				t.Errorf("after the suggested call the file holds %q", got)
			}
		})
	}
	written := []struct {
		name string
		args map[string]any
		want string
	}{
		{"force", map[string]any{"path": "util.go", "content": block, "force": true}, "replaced util.go"},
		{"a new file", map[string]any{"path": "new.go", "content": lazy}, "created new.go"},
		{"a new file with a block", map[string]any{"path": "notes.md", "content": block}, "created notes.md"},
		{"a .patch file", map[string]any{"path": "fix.patch", "content": diff}, "replaced fix.patch"},
		{"a placeholder the file already has", map[string]any{"path": "doc.md", "content": "# Cursor\n// ... existing code ...\nmore\n"}, "replaced doc.md"},
		{"empty content with force", map[string]any{"path": "util.go", "content": "", "force": true}, "replaced util.go: 0 bytes"},
		{"empty content for a new file", map[string]any{"path": "empty.txt", "content": ""}, "created empty.txt"},
		{"a line naming the file without a size", map[string]any{"path": "util.go", "content": "see util.go\n"}, "replaced util.go"},
		{"a new file with a report", map[string]any{"path": "log.txt", "content": "wrote 52 bytes to log.txt"}, "created log.txt"},
		{"appending a placeholder", map[string]any{"path": "util.go", "content": "// ... existing code ...\n", "mode": "append"}, "appended"},
	}
	for _, c := range written {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("util.go", src)
			e.file("fix.patch", "old\n")
			e.file("doc.md", "# Cursor\n// ... existing code ...\n")
			assertInOrder(t, e.ok("fs.write", c.args), c.want)
			if got := e.read(c.args["path"].(string)); !strings.HasSuffix(got, c.args["content"].(string)) {
				t.Errorf("file holds %q", got)
			}
		})
	}
}

// suggested decodes the arguments of the call an answer names after
// prefix ("fs_edit ").
func suggested(t *testing.T, answer, prefix string) map[string]any {
	t.Helper()
	i := strings.Index(answer, prefix)
	if i < 0 {
		t.Fatalf("no %q call in:\n%s", prefix, answer)
	}
	var args map[string]any
	if err := json.NewDecoder(strings.NewReader(answer[i+len(prefix):])).Decode(&args); err != nil {
		t.Fatalf("the %q call does not decode: %v\n%s", prefix, err, answer)
	}
	return args
}
