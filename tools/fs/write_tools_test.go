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
		{"misspelt field", map[string]any{"path": "x.txt", "contnet": "x"}, `"contnet": unknown field; did you mean "content"?`},
	}
	for _, c := range errors {
		t.Run(c.name, func(t *testing.T) {
			assertInOrder(t, e.fail("fs.write", c.args), c.want, `Example: fs_write {"content":"# TODO\n- write tests\n","path":"notes/todo.md"}`)
		})
	}
	entries, _ := os.ReadDir(e.root)
	for _, en := range entries {
		if strings.HasSuffix(en.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", en.Name())
		}
	}
	p := pipelineFor(t, tools.Config{Access: tools.Read}, e.root)
	assertInOrder(t, p.Call(context.Background(), "fs_write", map[string]any{"path": "x", "content": "y"}).Text, "it needs write access")
}

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
			[]string{"edited util.go: 1 edit, +2 -1 lines", "note: edit 1: oldText did not match exactly; applied at lines 4-6, where the file differs only in indentation or trailing whitespace (newText was re-indented to match)."},
			strings.Replace(src, "\treturn 1\n", "\tx := 1\n\treturn x\n", 1)},
		{"trailing whitespace differs", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "func B() int {   \n\treturn 2 // TODO  ", "newText": ""}}},
			[]string{"edited util.go: 1 edit, +0 -2 lines", "applied at lines 8-9"}, strings.Replace(src, "func B() int {\n\treturn 2 // TODO\n", "", 1)},
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
			[]string{`fs_edit: "edits[0].oldText": oldText occurs 2 times, at lines 5, 9; it must occur once. Add surrounding lines to oldText to pick one, or set replaceAll: true to replace them all. Nothing was changed.`}},
		{"not found shows the closest lines", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "func B() int {\n\treturn 3 // TODO\n}", "newText": "x"}}},
			[]string{`"edits[0].oldText": Nothing was changed. oldText was not found, not even ignoring indentation. The closest text is at lines 8-10:`,
				"     8\tfunc B() int {\n     9\t\treturn 2 // TODO\n    10\t}\n", "What differs (- your oldText, + the file):\n@@ -1,3 +1,3 @@\n func B() int {\n-\treturn 3 // TODO\n+\treturn 2 // TODO\n }"}},
		{"nothing alike", map[string]any{"path": "util.go", "oldText": "zzzzzzzzzzzzzzzzzzzz", "newText": "x"}, []string{`"oldText": oldText was not found, and no part of the file resembles it; read the file (fs_read) and copy the text exactly. Nothing was changed.`}},
		{"all or none", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "return 1", "newText": "return 10"}, map[string]any{"oldText": "missing text", "newText": "x"}}},
			[]string{`"edits[1].oldText": edit 2 of 2: oldText was not found`, "None of the 2 edits was applied."}},
		{"same text", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "A", "newText": "A"}}}, []string{"oldText and newText are the same, so the edit would change nothing."}},
		{"empty old text", map[string]any{"path": "util.go", "edits": []any{map[string]any{"oldText": "", "newText": "A"}}}, []string{"oldText is empty; to write a whole file use fs_write."}},
		{"no edits", map[string]any{"path": "util.go"}, []string{`"edits": is required: give at least one {oldText, newText}.`}},
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
	p := pipelineFor(t, tools.Config{Access: tools.Write}, e.root)
	assertInOrder(t, p.Call(context.Background(), "fs_delete", "a.txt").Text, `unknown tool "fs_delete": fs_delete exists but this server does not expose it (it needs admin access and the server runs with --access write).`)
	if e.read("a.txt") != "A\n" {
		t.Fatal("deleted without admin access")
	}
}

// TestAcrossRoots moves and copies between two roots.
func TestAcrossRoots(t *testing.T) {
	base := t.TempDir()
	one, two := filepath.Join(base, "one"), filepath.Join(base, "two")
	must(t, os.MkdirAll(filepath.Join(one, "d", "e"), 0o755))
	must(t, os.MkdirAll(two, 0o755))
	must(t, os.WriteFile(filepath.Join(one, "f.txt"), []byte("F"), 0o640))
	must(t, os.WriteFile(filepath.Join(one, "d", "e", "g.txt"), []byte("G"), 0o644))
	p := pipelineFor(t, tools.Config{Access: tools.Admin}, one, two)
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
