package fs_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
)

// formatFiles are the files every case of TestEditFormats starts from.
var formatFiles = map[string]string{
	"util.go":  "package util\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 2\n}\n",
	"greet.py": "def greet():\n    print(\"hello\")\n",
	"old.txt":  "obsolete\n",
	"x.txt":    "x\ny\nx\n",
}

// TestEditFormats sends fs.edit the edit formats models were taught, as
// the engine reads them, and checks the answer the model gets and every
// file after it.
func TestEditFormats(t *testing.T) {
	srBlock := "<<<<<<< SEARCH\n\treturn 1\n=======\n\treturn 10\n>>>>>>> REPLACE\n"
	diff := "--- a/util.go\n+++ b/util.go\n@@ -3,3 +3,3 @@\n func A() int {\n-\treturn 1\n+\treturn 10\n }\n"
	two := diff + "--- a/greet.py\n+++ b/greet.py\n@@ -1,2 +1,2 @@\n def greet():\n-    print(\"hello\")\n+    print(\"hi\")\n"
	envelope := "*** Begin Patch\n*** Add File: new/hello.txt\n+hello\n*** Update File: util.go\n@@ func B() int {\n-\treturn 2\n+\treturn 20\n*** Delete File: old.txt\n*** Update File: greet.py\n*** Move to: hello.py\n@@\n-    print(\"hello\")\n+    print(\"hey\")\n*** End Patch\n"
	util10 := strings.Replace(formatFiles["util.go"], "return 1\n", "return 10\n", 1)
	cases := []struct {
		name  string
		args  map[string]any
		want  []string
		after map[string]string // "" for a file that must not exist
	}{
		{"SEARCH/REPLACE with path", map[string]any{"path": "util.go", "patch": srBlock},
			[]string{"applied SEARCH/REPLACE blocks: util.go 1 edit, +1 -1 lines", "-\treturn 1\n+\treturn 10\n"}, map[string]string{"util.go": util10}},
		{"Aider block naming its file, no path", map[string]any{"patch": "util.go\n```go\n" + srBlock + "```\n"},
			[]string{"applied SEARCH/REPLACE blocks: util.go 1 edit, +1 -1 lines", "-\treturn 1\n+\treturn 10\n"}, map[string]string{"util.go": util10}},
		{"Cline replace_in_file's diff field", map[string]any{"path": "util.go", "diff": "------- SEARCH\n\treturn 1\n=======\n\treturn 10\n+++++++ REPLACE\n"},
			[]string{"applied SEARCH/REPLACE blocks: util.go"}, map[string]string{"util.go": util10}},
		{"Roo apply_diff with start_line", map[string]any{"path": "util.go", "diff": "<<<<<<< SEARCH\n:start_line:4\n-------\n\treturn 1\n=======\n\treturn 10\n>>>>>>> REPLACE\n"},
			[]string{"applied SEARCH/REPLACE blocks: util.go"}, map[string]string{"util.go": util10}},
		{"unified diff", map[string]any{"path": "util.go", "patch": diff},
			[]string{"applied a unified diff: util.go 1 edit, +1 -1 lines", "--- util.go\n+++ util.go\n@@ -1,7 +1,7 @@"}, map[string]string{"util.go": util10}},
		{"unified diff over two files, no path", map[string]any{"patch": two},
			[]string{"applied a unified diff to 2 files: util.go 1 edit, +1 -1 lines; greet.py 1 edit, +1 -1 lines", "+\treturn 10", "+    print(\"hi\")"},
			map[string]string{"util.go": util10, "greet.py": "def greet():\n    print(\"hi\")\n"}},
		{"diff under another name than path", map[string]any{"path": "util.go", "patch": strings.ReplaceAll(diff, "util.go", "src/util.go")},
			[]string{"applied a unified diff: util.go", "note: a unified diff names the file src/util.go; it was applied to util.go, the path given."}, map[string]string{"util.go": util10}},
		{"apply_patch: add, update, delete, move", map[string]any{"input": envelope},
			[]string{"applied an apply_patch envelope to 4 files: new/hello.txt created, 1 line; util.go 1 edit, +1 -1 lines; old.txt deleted; greet.py moved to hello.py, +1 -1 lines"},
			map[string]string{"new/hello.txt": "hello\n", "util.go": strings.Replace(formatFiles["util.go"], "return 2", "return 20", 1), "old.txt": "", "greet.py": "", "hello.py": "def greet():\n    print(\"hey\")\n"}},
		{"a diff sent as newText alone", map[string]any{"path": "util.go", "newText": diff},
			[]string{"applied a unified diff: util.go", "note: newText held an edit text and no oldText; it was applied as one (the patch field)."}, map[string]string{"util.go": util10}},
		{"dry run", map[string]any{"patch": two, "dryRun": true},
			[]string{"dry run, nothing written: would apply a unified diff to 2 files"}, formatFiles},
		{"text editor str_replace", map[string]any{"path": "util.go", "command": "str_replace", "old_str": "return 1", "new_str": "return 10"},
			[]string{"edited util.go: 1 edit, +1 -1 lines"}, map[string]string{"util.go": util10}},
		{"text editor insert at the top", map[string]any{"path": "util.go", "command": "insert", "insert_line": 0, "new_str": "// Package util."},
			[]string{"edited util.go: inserted after line 0, +1 -0 lines", "+// Package util.\n package util"}, map[string]string{"util.go": "// Package util.\n" + formatFiles["util.go"]}},
		{"insert after the last line", map[string]any{"path": "greet.py", "insert_line": 2, "text": "greet()\n"},
			[]string{"edited greet.py: inserted after line 2, +1 -0 lines"}, map[string]string{"greet.py": formatFiles["greet.py"] + "greet()\n"}},
		{"text editor create", map[string]any{"path": "pkg/new.go", "command": "create", "file_text": "package pkg\n"},
			[]string{"created pkg/new.go: 12 bytes, 1 line"}, map[string]string{"pkg/new.go": "package pkg\n"}},
		{"Gemini's expected_replacements", map[string]any{"path": "x.txt", "old_string": "x", "new_string": "z", "expected_replacements": 2},
			[]string{"edited x.txt: 1 edit, +2 -2 lines"}, map[string]string{"x.txt": "z\ny\nz\n"}},
		{"typographic quotes", map[string]any{"path": "greet.py", "oldText": "print(“hello”)", "newText": "print(\"hi\")"},
			[]string{"edited greet.py", "note: matched with typographic quotes, dashes and spaces ignored at line 2"}, map[string]string{"greet.py": "def greet():\n    print(\"hi\")\n"}},
		{"two spaces for four, re-indented", map[string]any{"path": "greet.py", "oldText": "def greet():\n  print(\"hello\")\n", "newText": "def greet():\n  name = \"you\"\n  print(\"hello\", name)\n"},
			[]string{"note: matched with indentation ignored (the new text was re-indented line by line as the file is) at lines 1-2"},
			map[string]string{"greet.py": "def greet():\n    name = \"you\"\n    print(\"hello\", name)\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			for name, text := range formatFiles {
				e.file(name, text)
			}
			assertInOrder(t, e.ok("fs.edit", c.args), c.want...)
			for name, want := range c.after {
				if want == "" {
					want = "<missing>"
				}
				if got := e.read(name); got != want {
					t.Errorf("%s now %q, want %q", name, got, want)
				}
			}
		})
	}
}

// TestEditFormatRefusals: what a model gets for an edit that cannot be
// made (what was passed, what was expected, an example), with every file
// left as it was.
func TestEditFormatRefusals(t *testing.T) {
	missing := "--- a/util.go\n+++ b/util.go\n@@ -3,3 +3,3 @@\n func A() int {\n-\treturn 1\n+\treturn 10\n }\n--- a/greet.py\n+++ b/greet.py\n@@ -1,2 +1,2 @@\n def greet():\n-    print(\"bye\")\n+    print(\"hi\")\n"
	cases := []toolCase{
		{"not an edit text", map[string]any{"path": "util.go", "patch": "please change return 1 to return 10"},
			`fs_edit: "patch": cannot read the edit text: at the end of the text, expected an edit in one of the formats: SEARCH/REPLACE blocks, a unified diff, or an apply_patch envelope`},
		{"malformed block", map[string]any{"path": "util.go", "patch": "<<<<<<< SEARCH\n\treturn 1\n>>>>>>> REPLACE\n"},
			`"patch": cannot read the SEARCH/REPLACE blocks: at line 3 (">>>>>>> REPLACE"), expected a line ======= to end the SEARCH part of the block opened at line 1`},
		{"one file of two does not apply", map[string]any{"patch": missing},
			`"patch": None of the 2 files was changed. greet.py: the edit (from line 10 of the edit text): its old text is not in the file`},
		{"ambiguous block", map[string]any{"path": "x.txt", "patch": "<<<<<<< SEARCH\nx\n=======\nz\n>>>>>>> REPLACE\n"},
			`"patch": x.txt: the edit (from line 1 of the edit text): its old text occurs 2 times, at lines 1 and 3; it must occur once: add lines around it to pick one, or replace them all. Add context lines to the edit text to pick one.`},
		{"no file named", map[string]any{"patch": "<<<<<<< SEARCH\nx\n=======\nz\n>>>>>>> REPLACE\n"},
			`"patch": no file is named in the SEARCH/REPLACE blocks; give the path of the file it changes.`},
		{"add over an existing file", map[string]any{"patch": "*** Begin Patch\n*** Add File: util.go\n+package x\n*** End Patch\n"},
			`"patch": adds util.go, which exists already; a patch never replaces a whole file. Nothing was changed.`},
		{"count does not match", map[string]any{"path": "x.txt", "oldText": "x", "newText": "z", "count": 3},
			`"oldText": oldText occurs 2 times (at lines 1 and 3), and 3 were expected (expectedReplacements). Nothing was changed.`},
		{"create over an existing file", map[string]any{"path": "util.go", "command": "create", "file_text": "package x\n"},
			`"command": is create, and util.go exists already; create makes new files only and never replaces one. Nothing was written. To replace the whole file: fs_write {"content":"package x\n","path":"util.go"}.`},
		{"insert past the end", map[string]any{"path": "greet.py", "insert_line": 9, "new_str": "x"},
			`"insertLine": is 9, but greet.py has 2 lines; give 0 (the top) to 2 (after the last line).`},
		{"view is a read", map[string]any{"path": "util.go", "command": "view"},
			`"command": is "view"; fs_edit changes files. To read one: fs_read {"lineNumbers":true,"path":"util.go"}`},
		{"patch beside edits", map[string]any{"path": "util.go", "patch": "<<<<<<< SEARCH\nx\n=======\nz\n>>>>>>> REPLACE\n", "oldText": "a", "newText": "b"},
			`"patch": was given beside oldText, newText or edits`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			for name, text := range formatFiles {
				e.file(name, text)
			}
			assertInOrder(t, e.fail("fs.edit", c.args), c.want, "You passed: ", "Example: fs_edit ")
			for name, text := range formatFiles {
				if got := e.read(name); got != text {
					t.Errorf("a refused edit changed %s: %q", name, got)
				}
			}
		})
	}
}

// TestPatchUndoneWhenAWriteFails: when a file of a patch cannot be written
// (another writer changed it between the patch's reading and its write),
// the files written before it are put back, and the answer says so.
func TestPatchUndoneWhenAWriteFails(t *testing.T) {
	e := newEnv(t)
	e.file("a.txt", "a1\n")
	e.file("b.txt", "b1\n")
	e.outsideWriter(func(n int, path string) {
		if strings.HasSuffix(path, "b.txt") && n == 1 {
			must(t, os.WriteFile(path, []byte("b1 changed\n"), 0o644))
		}
	})
	patch := "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a1\n+a2\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-b1\n+b2\n"
	assertInOrder(t, e.fail("fs.edit", map[string]any{"patch": patch}),
		`fs_edit failed: could not write b.txt: b.txt changed after f0 read it (another writer; 3 bytes then, 11 now). The files written before it were restored: a.txt.`)
	if a, b := e.read("a.txt"), e.read("b.txt"); a != "a1\n" || b != "b1 changed\n" {
		t.Errorf("a.txt %q (want a1, restored), b.txt %q (want the other writer's)", a, b)
	}
	if left := e.tempFiles(); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestPatchDeleteNeedsAdmin: a patch that deletes a file needs the access
// fs.delete needs; one that only updates and adds runs with write access.
func TestPatchDeleteNeedsAdmin(t *testing.T) {
	e := newEnv(t, engine.Config{Access: tool.Write})
	e.file("old.txt", "obsolete\n")
	e.file("a.txt", "a\n")
	out := e.fail("fs.edit", map[string]any{"patch": "*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\n"})
	assertInOrder(t, out, `this call needs "admin" access (the patch deletes`, " old.txt, and deleting a file needs admin access")
	if e.read("old.txt") != "obsolete\n" {
		t.Error("old.txt was deleted with write access")
	}
	e.ok("fs.edit", map[string]any{"patch": "*** Begin Patch\n*** Add File: b.txt\n+b\n*** Update File: a.txt\n@@\n-a\n+A\n*** End Patch\n"})
	if e.read("b.txt") != "b\n" || e.read("a.txt") != "A\n" {
		t.Errorf("b.txt %q, a.txt %q", e.read("b.txt"), e.read("a.txt"))
	}
}

// TestParallelPatchesOfOneFileAllLand: patches of one file sent at once,
// each changing its own line, all land: each is made again on what the
// ones before it wrote.
func TestParallelPatchesOfOneFileAllLand(t *testing.T) {
	e := newEnv(t)
	var calls []any
	var before, want strings.Builder
	for i := range 8 {
		fmt.Fprintf(&before, "line %d\n", i)
		fmt.Fprintf(&want, "LINE %d\n", i)
		block := fmt.Sprintf("notes.txt\n<<<<<<< SEARCH\nline %d\n=======\nLINE %d\n>>>>>>> REPLACE\n", i, i)
		calls = append(calls, map[string]any{"tool": "fs_edit", "args": map[string]any{"patch": block}})
	}
	e.file("notes.txt", before.String())
	out := e.ok("batch", map[string]any{"calls": calls, "maxConcurrency": 8})
	if n := strings.Count(out, "applied SEARCH/REPLACE blocks"); n != 8 {
		t.Errorf("%d of 8 items applied:\n%s", n, out)
	}
	if got := e.read("notes.txt"); got != want.String() {
		t.Errorf("file now:\n%s\nwant:\n%s", got, want.String())
	}
}
