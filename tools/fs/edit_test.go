package fs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestEdit(t *testing.T) {
	e := newEnv(t)
	src := "package util\n\n// TODO: more\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 2 // TODO\n}\n"
	reset := func() { e.file("util.go", src) }
	cases := []struct {
		name  string
		args  any
		want  []string
		after string
	}{
		{"one edit", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return 1", "newText": "return 10"}}},
			[]string{"edited util.go: 1 edit, +1 -1 lines\n--- util.go\n+++ util.go\n@@ -2,7 +2,7 @@\n", "-\treturn 1\n+\treturn 10\n"}, strings.Replace(src, "return 1\n", "return 10\n", 1)},
		{"Claude Code shape", map[string]any{"file_path": "util.go", "old_string": "return 1", "new_string": "return 10"},
			[]string{"edited util.go: 1 edit"}, strings.Replace(src, "return 1\n", "return 10\n", 1)},
		{"nested synonyms", map[string]any{"path": "util.go", "edits": []any{map[string]any{"old_string": "A()", "new_string": "Alpha()"}, map[string]any{"search": "B()", "replace": "Beta()"}, map[string]any{"old": "TODO: more", "new": "more"}}},
			[]string{"edited util.go: 3 edits, +3 -3 lines"}, strings.NewReplacer("A()", "Alpha()", "B()", "Beta()", "TODO: more", "more").Replace(src)},
		{"edits as JSON text", map[string]any{"path": "util.go", "edits": `[{"oldText":"return 2","newText":"return 20"}]`},
			[]string{"edited util.go"}, strings.Replace(src, "return 2", "return 20", 1)},
		{"one object for the list", map[string]any{"path": "util.go", "edits": map[string]any{"oldText": "return 2", "newText": "return 20"}},
			[]string{"edited util.go"}, strings.Replace(src, "return 2", "return 20", 1)},
		{"replace all", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return", "newText": "give", "replaceAll": true}}},
			[]string{"edited util.go: 1 edit, +2 -2 lines"}, strings.ReplaceAll(src, "return", "give")},
		{"dry run", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return 1", "newText": "return 10"}}, "dryRun": true},
			[]string{"dry run, nothing written: util.go would change by 1 edit, +1 -1 lines", "+\treturn 10"}, src},
		{"indentation differs", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "func A() int {\n  return 1\n}", "newText": "func A() int {\n  x := 1\n  return x\n}"}}},
			[]string{"edited util.go: 1 edit, +2 -1 lines", "note: matched with indentation ignored (the new text was re-indented line by line as the file is) at lines 4-6"},
			strings.Replace(src, "\treturn 1\n", "\tx := 1\n\treturn x\n", 1)},
		{"trailing whitespace differs", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "func B() int {   \n\treturn 2 // TODO  ", "newText": ""}}},
			// As the oldText without its trailing spaces would: the line end after it stays.
			[]string{"edited util.go: 1 edit, +1 -2 lines", "note: matched with line endings (CRLF/LF) and trailing whitespace ignored at lines 8-9"}, strings.Replace(src, "func B() int {\n\treturn 2 // TODO", "", 1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reset()
			assertInOrder(t, e.ok("fs.edit", c.args), c.want...)
			if got := e.read("util.go"); got != c.after {
				t.Errorf("file now:\n%s\nwant:\n%s", got, c.after)
			}
		})
	}
	failures := []struct {
		name string
		args any
		want []string
	}{
		{"ambiguous", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return", "newText": "give"}}},
			[]string{`fs_edit: "edits[0].oldText": oldText occurs 2 times, at lines 5 and 9; it must occur once. Add surrounding lines to oldText to pick one, set replaceAll: true to replace them all, or expectedReplacements: N to replace exactly N. Nothing was changed.`}},
		{"not found shows the closest lines", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "func B() int {\n\treturn 3 // TODO\n}", "newText": "x"}}},
			[]string{`"edits[0].oldText": Nothing was changed. oldText is not in the file, exactly or with line endings, trailing whitespace, Unicode form, typographic quotes and dashes, or indentation ignored. The closest text is at lines 8-10:`,
				"     8\tfunc B() int {\n     9\t\treturn 2 // TODO\n    10\t}\n", `Line 9 differs: the file has "\treturn 2 // TODO" where oldText has "\treturn 3 // TODO".`}},
		{"nothing alike", map[string]any{"path": "util.go", "oldText": "zzzzzzzzzzzzzzzzzzzz", "newText": "x"}, []string{`"oldText": oldText is not in the file, exactly or with line endings, trailing whitespace, Unicode form, typographic quotes and dashes, or indentation ignored, and no region is like it; its first line is "zzzzzzzzzzzzzzzzzzzz". Read the file again and copy the lines to change exactly. Nothing was changed.`}},
		{"all or none", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return 1", "newText": "return 10"}, map[string]any{"oldText": "missing text", "newText": "x"}}},
			[]string{`"edits[1].oldText": edit 2 of 2: oldText is not in the file`, "None of the 2 edits was applied."}},
		{"same text", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "A", "newText": "A"}}}, []string{"oldText and newText are the same, so the edit would change nothing."}},
		{"empty old text", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "", "newText": "A"}}}, []string{"oldText is empty; to write a whole file use fs_write."}},
		{"no edits", map[string]any{"path": "util.go"}, []string{`"edits": is required: give at least one {oldText, newText}, or an edit text in patch.`}},
		{"missing newText", map[string]any{"path": "util.go", "edits": []any{map[string]any{"old_string": "A"}}}, []string{`"edits[0].newText": is required`}},
		{"misspelt nested field", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldTxt": "A", "newText": "B"}}}, []string{`"edits[0].oldTxt": unknown field; did you mean "oldText"?`}},
		{"missing file", map[string]any{"path": "utill.go", "edits": []any{map[string]any{"oldText": "A", "newText": "B"}}}, []string{`edit utill.go: no such file or directory; did you mean util.go?`}},
		{"both shapes", map[string]any{"path": "util.go", "oldText": "A", "newText": "B", "edits": []any{map[string]any{"oldText": "A", "newText": "B"}}}, []string{`"oldText": was given beside edits`}},
	}
	for _, c := range failures {
		t.Run(c.name, func(t *testing.T) {
			reset()
			assertInOrder(t, e.fail("fs.edit", c.args), append(c.want, "You passed: ", "Example: fs_edit ")...)
			if e.read("util.go") != src {
				t.Error("a failed edit changed the file")
			}
		})
	}
	t.Run("CRLF file", func(t *testing.T) {
		e.file("win.txt", "one\r\ntwo\r\nthree\r\n")
		e.ok("fs.edit", map[string]any{"path": "win.txt", "edits": []any{map[string]any{"oldText": "one\ntwo", "newText": "1\n2"}}})
		if got := e.read("win.txt"); got != "1\r\n2\r\nthree\r\n" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("binary file", func(t *testing.T) {
		e.file("b.bin", "a\x00b")
		assertInOrder(t, e.fail("fs.edit", map[string]any{"path": "b.bin", "oldText": "a", "newText": "c"}), "b.bin is a binary file; fs_edit changes text.")
	})
	t.Run("big diff is capped, not paged", func(t *testing.T) {
		e.file("many.txt", strings.Repeat("aaaaaaaaaa line\n", 5000))
		res := e.call("fs.edit", map[string]any{"path": "many.txt", "oldText": "aaaaaaaaaa", "newText": "b", "replaceAll": true})
		assertInOrder(t, res.Text, "edited many.txt", "… [diff cut: ", " more lines; read the file to see the result]")
		assertNot(t, res.Text, "Get the rest")
	})
}

// TestEditWithWriterOutsideF0: when another program changes the file
// between fs.edit's read and its rename, the edit is made again on the new
// content if every oldText is still there exactly, and refused with the
// text there now otherwise; the other program's change is never
// overwritten, and nothing is left behind.
func TestEditWithWriterOutsideF0(t *testing.T) {
	src := "package util\n\nfunc A() int {\n\treturn 1\n}\n"
	edit := map[string]any{"path": "util.go", "oldText": "return 1", "newText": "return 10"}
	cases := []struct {
		name    string
		outside func(n int) string // what the other writer leaves, "" for nothing
		ok      bool
		want    []string
		after   string
	}{
		{"still applies: redone on the new content", func(n int) string {
			if n == 0 {
				return src + "\nfunc B() int { return 2 }\n"
			}
			return ""
		}, true, []string{
			"edited util.go: 1 edit, +1 -1 lines", "-\treturn 1\n+\treturn 10\n",
			"note: util.go changed after f0 read it (another writer; 41 bytes then, 68 now); the edits were made again on its new content, where every oldText occurs exactly as required.",
		}, "package util\n\nfunc A() int {\n\treturn 10\n}\n\nfunc B() int { return 2 }\n"},
		{"no longer applies: refused with the text there now", func(n int) string {
			if n == 0 {
				return strings.Replace(src, "return 1", "return 2 // tuned", 1)
			}
			return ""
		}, false, []string{
			`fs_edit failed: util.go changed after f0 read it (another writer; 41 bytes then, 50 now), and the edits no longer apply exactly: its old text is not in the file, exactly, and no region is like it; its first line is "return 1".`,
			"\nNothing was written, and the other writer's change is kept.",
			`Read it again and make the edit on the text as it is now: fs_read {"lineNumbers":true,"path":"util.go"}`,
			`You passed: {"newText":"return 10","oldText":"return 1","path":"util.go"}`,
		}, "package util\n\nfunc A() int {\n\treturn 2 // tuned\n}\n"},
		{"several lines no longer apply: the closest text now", func(n int) string {
			if n == 0 {
				return strings.Replace(src, "return 1", "return 2 // tuned", 1)
			}
			return ""
		}, false, []string{
			"the edits no longer apply exactly: its old text is not in the file, exactly. The closest text is at lines 3-5:\n     3\tfunc A() int {\n     4\t\treturn 2 // tuned\n     5\t}\n",
			`Line 4 differs: the file has "\treturn 2 // tuned" where the old text has "\treturn 1".`,
			"Nothing was written, and the other writer's change is kept.", `fs_read {"lineNumbers":true,"path":"util.go"}`,
		}, "package util\n\nfunc A() int {\n\treturn 2 // tuned\n}\n"},
		{"removed: refused", func(n int) string {
			if n == 0 {
				return "-"
			}
			return ""
		}, false, []string{`fs_edit failed: util.go was removed or moved after f0 read it (another writer); nothing was written. Find it again: fs_find {"pattern":"util.go"}`}, "<missing>"},
		{"now twice: refused with the lines", func(n int) string {
			if n == 0 {
				return src + "\nfunc B() int {\n\treturn 1\n}\n"
			}
			return ""
		}, false, []string{"and the edits no longer apply exactly: its old text occurs 2 times, at lines 4 and 8; it must occur once", "\nNothing was written, and the other writer's change is kept. Read it again and make the edit on the text as it is now: fs_read {\"lineNumbers\":true,\"path\":\"util.go\"}"}, src + "\nfunc B() int {\n\treturn 1\n}\n"},
		{"keeps changing: gives up, writes nothing", func(n int) string {
			return fmt.Sprintf("%s// touched %d\n", src, n)
		}, false, []string{"fs_edit failed: util.go changed by another writer 3 times while f0 was writing it; nothing was written: try again when it is quiet"}, src + "// touched 2\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("util.go", src)
			e.outsideWriter(func(n int, path string) {
				switch text := c.outside(n); text {
				case "":
				case "-":
					must(t, os.Remove(path))
				default:
					must(t, os.WriteFile(path, []byte(text), 0o644))
				}
			})
			args := edit
			if strings.HasPrefix(c.name, "several lines") {
				args = map[string]any{"path": "util.go", "oldText": "func A() int {\n\treturn 1\n}", "newText": "func A() int {\n\treturn 10\n}"}
			}
			res := e.call("fs.edit", args)
			if res.IsError == c.ok {
				t.Fatalf("isError %v:\n%s", res.IsError, res.Text)
			}
			assertInOrder(t, res.Text, c.want...)
			if got := e.read("util.go"); got != c.after {
				t.Errorf("file now:\n%s\nwant:\n%s", got, c.after)
			}
			if left := e.tempFiles(); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestAppendWithWriterOutsideF0: fs.write's append keeps what another
// program appended between its read and its rename.
func TestAppendWithWriterOutsideF0(t *testing.T) {
	e := newEnv(t)
	e.file("log.txt", "one\n")
	e.outsideWriter(func(n int, path string) {
		if n == 0 {
			must(t, os.WriteFile(path, []byte("one\noutside\n"), 0o644))
		}
	})
	assertInOrder(t, e.ok("fs.write", map[string]any{"path": "log.txt", "content": "two\n", "mode": "append"}),
		"appended 4 bytes (1 line) to log.txt, now 16 bytes")
	if got := e.read("log.txt"); got != "one\noutside\ntwo\n" {
		t.Errorf("file now %q", got)
	}
}

// TestEditsOfOneFileInOneBatchAllLand: edits of one file in one batch all
// land, however the batch orders them and even when items run at once
// (one names the file by its absolute path).
func TestEditsOfOneFileInOneBatchAllLand(t *testing.T) {
	e := newEnv(t)
	var calls []any
	var want strings.Builder
	for i := range 8 {
		fmt.Fprintf(&want, "LINE %d\n", i)
		path := "notes.txt"
		if i%2 == 1 {
			path = filepath.Join(e.root, "notes.txt")
		}
		calls = append(calls, map[string]any{"tool": "fs_edit", "args": map[string]any{"path": path, "oldText": fmt.Sprintf("line %d\n", i), "newText": fmt.Sprintf("LINE %d\n", i)}})
	}
	e.file("notes.txt", strings.ToLower(want.String()))
	out := e.ok("batch", map[string]any{"calls": calls, "maxConcurrency": 8})
	if n := strings.Count(out, "edited "); n != 8 {
		t.Errorf("%d of 8 items answered edited:\n%s", n, out)
	}
	if got := e.read("notes.txt"); got != want.String() {
		t.Errorf("file now:\n%s\nwant:\n%s", got, want.String())
	}
}

// TestEditRefusesInstructions: a newText that brings a placeholder for
// lines left out, or is an edit block, that its oldText does not have is
// refused; force: true and a .diff file take it as it is.
func TestEditRefusesInstructions(t *testing.T) {
	src := "func B() int {\n\treturn 2\n}\n"
	lazy := map[string]any{"path": "util.go", "oldText": "func B() int {\n\treturn 2\n}", "newText": "func B() int {\n\t// ... existing code ...\n\treturn 3\n}"}
	block := map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return 2", "newText": "<<<<<<< SEARCH\n\treturn 2\n=======\n\treturn 3\n>>>>>>> REPLACE"}}}
	refused := []struct {
		name string
		args map[string]any
		want string
	}{
		{"placeholder", lazy, `fs_edit: "newText": holds a placeholder for lines left out (line 2: "// ... existing code ..."), which oldText does not have: the edit would replace the lines of oldText with that comment. Nothing was changed. Give the whole new text in newText, or narrow oldText to the lines that change. To write it as it is, send the same call with "force": true.` + "\nYou passed: "},
		{"SEARCH/REPLACE", block, `fs_edit: "edits[0].newText": is an Aider-style SEARCH/REPLACE block (line 1: "<<<<<<< SEARCH"), and oldText is not: the file would hold the instruction instead of the change it describes. Nothing was changed. Make the change itself: fs_edit {"patch":"<<<<<<< SEARCH\n\treturn 2\n=======\n\treturn 3\n>>>>>>> REPLACE","path":"util.go"}. To write it as it is, send the same call with "force": true.`},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("util.go", src)
			assertInOrder(t, e.fail("fs.edit", c.args), c.want)
			if e.read("util.go") != src {
				t.Error("a refused edit changed the file")
			}
		})
	}
	with := func(args map[string]any, k string, v any) map[string]any {
		out := map[string]any{k: v}
		for a, b := range args {
			if _, set := out[a]; !set {
				out[a] = b
			}
		}
		return out
	}
	taken := []struct {
		name string
		args map[string]any
		file string
	}{
		{"force", with(lazy, "force", true), "util.go"},
		{"a placeholder oldText has too", with(lazy, "oldText", "func B() int {\n\t// ... existing code ...\n\treturn 2\n}"), "util.go"},
		{"a .diff file", with(block, "path", "fix.diff"), "fix.diff"},
	}
	for _, c := range taken {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("util.go", src)
			e.file("fix.diff", src)
			if c.name == "a placeholder oldText has too" {
				e.file("util.go", "func B() int {\n\t// ... existing code ...\n\treturn 2\n}\n")
			}
			assertInOrder(t, e.ok("fs.edit", c.args), "edited "+c.file)
		})
	}
}

// TestTwentyEditsOfOneFileAllLand is F14 of issue 27: a batch of 20 edits
// of one file answered "20 ok" while 5 to 7 were in the file. Every edit
// that says it was made is in the file, however the file is named (a
// relative path, an absolute one, a file URI, through a link to its
// directory or to the file) and whether the edits come in one batch or as
// calls at once; an edit that cannot be made is an error.
func TestTwentyEditsOfOneFileAllLand(t *testing.T) {
	const n = 20
	spellings := func(root string) []string {
		return []string{"notes.txt", "alias/notes.txt", filepath.Join(root, "notes.txt"), filepath.Join(root, "alias", "notes.txt"), "./notes.txt", "alias/./notes.txt",
			"sub/../notes.txt", "alias/alias/notes.txt", "file://" + filepath.ToSlash(filepath.Join(root, "notes.txt")), "link.txt"}
	}
	setup := func(t *testing.T) (*env, string) {
		e := newEnv(t)
		var orig strings.Builder
		for i := range n {
			fmt.Fprintf(&orig, "line %d\n", i)
		}
		e.file("notes.txt", orig.String())
		must(t, os.Mkdir(filepath.Join(e.root, "sub"), 0o755))
		must(t, os.Symlink(".", filepath.Join(e.root, "alias")))
		must(t, os.Symlink("notes.txt", filepath.Join(e.root, "link.txt")))
		return e, orig.String()
	}
	edit := func(root string, i int) map[string]any {
		paths := spellings(root)
		return map[string]any{"path": paths[i%len(paths)], "oldText": fmt.Sprintf("line %d\n", i), "newText": fmt.Sprintf("LINE %d\n", i)}
	}
	check := func(t *testing.T, e *env, made int) {
		t.Helper()
		got := e.read("notes.txt")
		landed := 0
		for i := range n {
			if strings.Contains(got, fmt.Sprintf("LINE %d\n", i)) {
				landed++
			}
		}
		if landed != made {
			t.Errorf("%d edits answered edited, %d are in the file:\n%s", made, landed, got)
		}
		if fi, err := os.Lstat(filepath.Join(e.root, "link.txt")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link to the file was replaced: %v %v", fi.Mode(), err)
		}
	}
	t.Run("one batch", func(t *testing.T) {
		e, _ := setup(t)
		var calls []any
		for i := range n {
			calls = append(calls, map[string]any{"tool": "fs_edit", "args": edit(e.root, i)})
		}
		res := e.call("batch", map[string]any{"calls": calls, "maxConcurrency": n})
		check(t, e, strings.Count(res.Text, "edited "))
	})
	t.Run("calls at once", func(t *testing.T) {
		e, _ := setup(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		made := 0
		for i := range n {
			wg.Go(func() {
				res := e.call("fs.edit", edit(e.root, i))
				if !res.IsError {
					mu.Lock()
					made++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		check(t, e, made)
	})
}
