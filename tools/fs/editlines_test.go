package fs_test

import (
	"os"
	"strings"
	"testing"
)

// linesFile is the file every case of TestEditByLines starts from.
const linesFile = "one\ntwo\nthree\nfour\nfive\n"

// TestEditByLines: edits by line number (startLine/endLine, insertLine,
// lineEdits) replace, delete and insert whole lines of the file as it was
// before the call, answer with the diff, and write exactly the text
// asserted.
func TestEditByLines(t *testing.T) {
	cases := []struct {
		name  string
		args  map[string]any
		want  []string
		after string
	}{
		{"delete a range", map[string]any{"startLine": 2, "endLine": 3},
			[]string{"edited f.txt: deleted lines 2-3, +0 -2 lines", "-two\n-three\n"}, "one\nfour\nfive\n"},
		{"replace one line, newText without a line end", map[string]any{"startLine": 4, "newText": "FOUR"},
			[]string{"edited f.txt: replaced line 4, +1 -1 lines", "-four\n+FOUR\n"}, "one\ntwo\nthree\nFOUR\nfive\n"},
		{"replace the last line counted from the end", map[string]any{"startLine": -1, "newText": "5\n6\n"},
			[]string{"replaced line 5, +2 -1 lines"}, "one\ntwo\nthree\nfour\n5\n6\n"},
		{"insert after the last line (-1, goose)", map[string]any{"insertLine": -1, "newText": "six"},
			[]string{"inserted after line 5, +1 -0 lines"}, linesFile + "six\n"},
		{"insert before the last line (-2, goose)", map[string]any{"insertLine": -2, "newText": "4.5"},
			[]string{"inserted after line 4"}, "one\ntwo\nthree\nfour\n4.5\nfive\n"},
		{"several edits numbered on the file before the call", map[string]any{"lineEdits": []any{
			map[string]any{"startLine": 1, "newText": "ONE"},
			map[string]any{"startLine": 3, "endLine": 4},
			map[string]any{"startLine": 5, "insert": "before", "newText": "between"},
			map[string]any{"startLine": 5, "insert": "after", "newText": "end"},
		}}, []string{"edited f.txt: 4 edits by line number"}, "ONE\ntwo\nbetween\nfive\nend\n"},
		{"dry run writes nothing", map[string]any{"startLine": 1, "endLine": 2, "dryRun": true},
			[]string{"dry run, nothing written: f.txt would change by deleted lines 1-2, +0 -2 lines", "-one\n-two\n"}, linesFile},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("f.txt", linesFile)
			c.args["path"] = "f.txt"
			assertInOrder(t, e.ok("fs.edit", c.args), c.want...)
			if got := e.read("f.txt"); got != c.after {
				t.Errorf("f.txt is %q, want %q", got, c.after)
			}
		})
	}
}

// TestEditByLinesEdges: a file without a last line end, and a CRLF file,
// keep their form.
func TestEditByLinesEdges(t *testing.T) {
	e := newEnv(t)
	e.file("n.txt", "a\nb\nc")
	e.ok("fs.edit", map[string]any{"path": "n.txt", "startLine": 3, "newText": "C"})
	if got := e.read("n.txt"); got != "a\nb\nC" {
		t.Errorf("n.txt is %q", got)
	}
	e.ok("fs.edit", map[string]any{"path": "n.txt", "startLine": 2})
	if got := e.read("n.txt"); got != "a\nC" {
		t.Errorf("n.txt is %q", got)
	}
	e.file("w.txt", "a\r\nb\r\nc\r\n")
	e.ok("fs.edit", map[string]any{"path": "w.txt", "startLine": 2, "newText": "B"})
	if got := e.read("w.txt"); got != "a\r\nB\r\nc\r\n" {
		t.Errorf("w.txt is %q", got)
	}
}

// TestEditByLinesRefusals: line numbers the file does not have, ranges
// that overlap and line numbers beside an old text are refused, and the
// file is left as it was.
func TestEditByLinesRefusals(t *testing.T) {
	cases := []toolCase{
		{"past the end", map[string]any{"startLine": 4, "endLine": 9},
			`"startLine": names line 4 to 9, but f.txt has 5 lines; give lines 1 to 5 (-1 = the last line). Nothing was changed.`},
		{"end before start", map[string]any{"startLine": 4, "endLine": 2},
			`"endLine": is line 2, before the first line of the range (4).`},
		{"insert past the end", map[string]any{"insertLine": 9, "newText": "x"},
			`"insertLine": is 9, but f.txt has 5 lines; give 0 (the top) to 5 (after the last line).`},
		{"overlapping ranges", map[string]any{"lineEdits": []any{map[string]any{"startLine": 2, "endLine": 3}, map[string]any{"startLine": 3, "newText": "x"}}},
			`"lineEdits[1].startLine": overlaps lineEdits[0].startLine (lines 2-3 and 3); give each line to one edit.`},
		{"insert inside a replaced range", map[string]any{"lineEdits": []any{map[string]any{"startLine": 2, "endLine": 4}, map[string]any{"startLine": 3, "insert": "after", "newText": "x"}}},
			`"lineEdits[1].startLine": overlaps lineEdits[0].startLine (lines 2-4 and before 4)`},
		{"line numbers beside oldText", map[string]any{"startLine": 2, "oldText": "two", "newText": "2"},
			`"startLine": was given with oldText: startLine says where by line number and replaces whole lines, oldText by the text there; send one or the other.`},
		{"endLine alone", map[string]any{"endLine": 2},
			`"startLine": is required with endLine: the first line of the range.`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("f.txt", linesFile)
			args := c.args.(map[string]any)
			args["path"] = "f.txt"
			assertInOrder(t, e.fail("fs.edit", args), c.want)
			if got := e.read("f.txt"); got != linesFile {
				t.Errorf("a refused edit changed f.txt: %q", got)
			}
		})
	}
}

// TestEditByLinesConcurrent: when another writer changes the file after
// fs.edit read it, the line edit is made again where its lines stand now
// (the other writer's change is kept), and refused when they are gone.
func TestEditByLinesConcurrent(t *testing.T) {
	e := newEnv(t)
	p := e.file("f.txt", linesFile)
	e.outsideWriter(func(n int, path string) {
		if n == 0 {
			os.WriteFile(path, []byte("zero\n"+linesFile), 0o644)
		}
	})
	out := e.ok("fs.edit", map[string]any{"path": "f.txt", "startLine": 2, "endLine": 3})
	assertInOrder(t, out, "changed after f0 read it")
	if got := e.read("f.txt"); got != "zero\none\nfour\nfive\n" {
		t.Errorf("f.txt is %q", got)
	}
	must(t, os.WriteFile(p, []byte(linesFile), 0o644))
	e.outsideWriter(func(n int, path string) {
		if n == 0 {
			os.WriteFile(path, []byte(strings.Replace(linesFile, "two", "TWO", 1)), 0o644)
		}
	})
	assertInOrder(t, e.fail("fs.edit", map[string]any{"path": "f.txt", "startLine": 2, "endLine": 3}), "Nothing was written, and the other writer's change is kept.")
	if got := e.read("f.txt"); !strings.Contains(got, "TWO") {
		t.Errorf("the other writer's change was lost: %q", got)
	}
}

// TestEditEmptyOldTextCreates: one edit with an empty oldText is the text
// of a new file (Warp's empty search, an empty SEARCH block) when there is
// none; over an existing file it is refused, the file left as it was.
func TestEditEmptyOldTextCreates(t *testing.T) {
	e := newEnv(t)
	out := e.ok("fs.edit", map[string]any{"path": "new/hello.txt", "edits": []any{map[string]any{"oldText": "", "newText": "hello\n"}}})
	assertInOrder(t, out, "created new/hello.txt: 6 bytes, 1 line", "note: edits[0].oldText was empty and new/hello.txt did not exist, so newText was written as the new file.")
	if got := e.read("new/hello.txt"); got != "hello\n" {
		t.Errorf("new/hello.txt is %q", got)
	}
	assertInOrder(t, e.fail("fs.edit", map[string]any{"path": "new/hello.txt", "edits": []any{map[string]any{"oldText": "", "newText": "bye\n"}}}), "oldText is empty; to write a whole file use fs_write.")
	if got := e.read("new/hello.txt"); got != "hello\n" {
		t.Errorf("a refused edit changed new/hello.txt: %q", got)
	}
}
