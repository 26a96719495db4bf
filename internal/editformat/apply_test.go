package editformat

import (
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	goFile := "package main\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n"
	tests := []struct {
		name    string
		content string
		edits   []Edit
		opt     Options
		want    string
		note    string // a substring of the notes; "" = no notes
		err     string // a substring of the error
	}{
		{name: "exact", content: goFile,
			edits: []Edit{{OldText: "\tfmt.Println(\"hi\")\n", NewText: "\tfmt.Println(\"hello\")\n"}},
			want:  strings.Replace(goFile, "hi", "hello", 1)},
		{name: "exact mid-line fragment", content: "a := 1 + 2\n",
			edits: []Edit{{OldText: "1 + 2", NewText: "3"}}, want: "a := 3\n"},
		{name: "several edits apply in turn", content: "one\ntwo\nthree\n",
			edits: []Edit{{OldText: "one", NewText: "1"}, {OldText: "1\ntwo", NewText: "1\n2"}}, want: "1\n2\nthree\n"},
		{name: "replace all", content: "x\ny\nx\n",
			edits: []Edit{{OldText: "x", NewText: "z", ReplaceAll: true}}, want: "z\ny\nz\n"},
		{name: "two spaces for a tab, each level", content: goFile + "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n",
			edits: []Edit{{OldText: "  if x {\n    y()\n  }\n", NewText: "  if x {\n    y()\n    z()\n  }\n"}},
			want:  goFile + "func f() {\n\tif x {\n\t\ty()\n\t\tz()\n\t}\n}\n", note: "re-indented line by line as the file is"},
		{name: "indentation mapped inconsistently is no match", content: "a\n\tb\n\tc\n",
			edits: []Edit{{OldText: "a\n  b\n    c\n", NewText: "x\n"}}, err: "is not in the file"},
		{name: "trailing spaces ending the old text", content: "a\nb // x\nc\n",
			edits: []Edit{{OldText: "a  \nb // x  ", NewText: "A\nB"}}, want: "A\nB\nc\n", note: "trailing whitespace ignored"},
		{name: "trailing spaces ending the old text match only at a line end", content: "ab\n",
			edits: []Edit{{OldText: "a ", NewText: "A"}}, err: "is not in the file"},
		{name: "count matches", content: "x\ny\nx\n",
			edits: []Edit{{OldText: "x", NewText: "z", Count: 2}}, want: "z\ny\nz\n"},
		{name: "count does not match", content: "x\ny\nx\n",
			edits: []Edit{{OldText: "x", NewText: "z", Count: 3}}, err: "occurs 2 times (at lines 1 and 3), and 3 were expected"},
		{name: "matches twice", content: "if err != nil {\n\treturn err\n}\nif err != nil {\n\treturn err\n}\n",
			edits: []Edit{{OldText: "if err != nil {\n\treturn err\n}\n", NewText: "check(err)\n"}},
			err:   "occurs 2 times, at lines 1 and 4; it must occur once"},
		{name: "line hint picks the nearest", content: "x = 1\ny\nx = 1\nz\nw\nx = 1\n",
			edits: []Edit{{OldText: "x = 1\n", NewText: "x = 2\n", LineHint: 4, WholeLines: true}},
			want:  "x = 1\ny\nx = 2\nz\nw\nx = 1\n", note: "the one at line 3, nearest the line hint 4"},
		{name: "line hint between two", content: "x\ny\nx\n",
			edits: []Edit{{OldText: "x\n", NewText: "z\n", LineHint: 2, WholeLines: true}}, err: "two are as near its line hint 2"},
		{name: "line hint after an edit that added lines", content: "a\nx\nb\nx\n",
			edits: []Edit{{OldText: "a\n", NewText: "a\na2\na3\n", LineHint: 1}, {OldText: "x\n", NewText: "y\n", LineHint: 4, WholeLines: true}},
			want:  "a\na2\na3\nx\nb\ny\n", note: "nearest the line hint 4"},
		{name: "anchor narrows", content: "def f():\n    pass\n\ndef g():\n    pass\n",
			edits: []Edit{{OldText: "    pass\n", NewText: "    return 1\n", Anchor: "def g():", WholeLines: true}},
			want:  "def f():\n    pass\n\ndef g():\n    return 1\n"},
		{name: "anchor missing", content: "def f():\n    pass\n",
			edits: []Edit{{OldText: "    pass\n", NewText: "    return 1\n", Anchor: "def h():"}}, err: `context line "def h():" (the @@ line) is not in the file`},
		{name: "at end", content: "x\ny\nx\n",
			edits: []Edit{{OldText: "x\n", NewText: "z\n", AtEnd: true, WholeLines: true}}, want: "x\ny\nz\n", note: "ends the file"},
		{name: "crlf file, lf edit", content: "a\r\nb\r\nc\r\n",
			edits: []Edit{{OldText: "a\nb\n", NewText: "a\nB\n"}}, want: "a\r\nB\r\nc\r\n", note: "matched with line endings (CRLF/LF) ignored at lines 1-2"},
		{name: "crlf new text into an lf file", content: "a\nb\n",
			edits: []Edit{{OldText: "a\r\n", NewText: "x\r\ny\r\n"}}, want: "x\ny\nb\n", note: "line endings"},
		{name: "trailing whitespace", content: "x := 1   \ny := 2\t\nz\n",
			edits: []Edit{{OldText: "x := 1\ny := 2\n", NewText: "x := 1\ny := 3\n", WholeLines: true}},
			want:  "x := 1   \ny := 3\nz\n", note: "matched with trailing whitespace ignored at lines 1-2"},
		{name: "indentation, uniform", content: "class A:\n    def f(self):\n        return 1\n",
			edits: []Edit{{OldText: "def f(self):\n    return 1\n", NewText: "def f(self):\n    return 2\n", WholeLines: true}},
			want:  "class A:\n    def f(self):\n        return 2\n", note: "matched with indentation ignored (the new text was indented 4 spaces more, as the file is) at lines 2-3"},
		{name: "indentation, too much", content: "if x {\n\ty()\n}\n",
			edits: []Edit{{OldText: "\t\tif x {\n\t\t\ty()\n\t\t}\n", NewText: "\t\tif x {\n\t\t\tz()\n\t\t}\n"}},
			want:  "if x {\n\tz()\n}\n", note: "indented 2 tabs less"},
		{name: "smart quotes in old text", content: "msg := \"don't panic\"\n",
			edits: []Edit{{OldText: "msg := “don’t panic”", NewText: "msg := \"keep calm\""}}, want: "msg := \"keep calm\"\n",
			note: "matched with typographic quotes, dashes and spaces ignored at line 1"},
		{name: "smart quotes in the file kept on unchanged lines", content: "// “quoted” — dash\nx = 1\n",
			edits: []Edit{{OldText: "// \"quoted\" - dash\nx = 1\n", NewText: "// \"quoted\" - dash\nx = 2\n", WholeLines: true}},
			want:  "// “quoted” — dash\nx = 2\n", note: "typographic quotes"},
		{name: "nfd file, nfc old text", content: "name = \"Rene\u0301\"\n",
			edits: []Edit{{OldText: "name = \"René\"\n", NewText: "name = \"René Magritte\"\n"}},
			want:  "name = \"René Magritte\"\n", note: "matched with Unicode normalization (NFC/NFD) ignored at line 1"},
		{name: "two tolerant matches", content: "x  \ny\nx \n",
			edits: []Edit{{OldText: "x\n", NewText: "z\n", WholeLines: true}}, err: "occurs 2 times, at lines 1 and 3"},
		{name: "whole lines do not match inside a line", content: "ab\nb\n",
			edits: []Edit{{OldText: "b\n", NewText: "c\n", WholeLines: true}}, want: "ab\nc\n"},
		{name: "file without final newline", content: "a\nb",
			edits: []Edit{{OldText: "b\n", NewText: "c\n", WholeLines: true}}, want: "a\nc"},
		{name: "not found shows the closest", content: "func a() {\n\treturn 1\n}\n\nfunc b() {\n\treturn 2\n}\n",
			edits: []Edit{{OldText: "func b() {\n\treturn 3\n}\n", NewText: "x"}},
			err:   "closest text is at lines 5-7:\n     5\tfunc b() {\n     6\t\treturn 2\n     7\t}\nLine 6 differs: the file has \"\\treturn 2\" where the old text has \"\\treturn 3\"."},
		{name: "not found, nothing like it", content: "alpha\nbeta\n",
			edits: []Edit{{OldText: "zzzzzzzz\n", NewText: "x"}}, err: "no region is like it"},
		{name: "same old and new", content: "a\n", edits: []Edit{{OldText: "a", NewText: "a"}}, err: "the same"},
		{name: "second edit fails, nothing made", content: "a\nb\n",
			edits: []Edit{{OldText: "a", NewText: "A"}, {OldText: "q", NewText: "Q", Source: 9}}, err: "edit 2 of 2 (from line 9 of the edit text): its old text is not in the file"},
		{name: "insert before a line", content: "a\nb\n", edits: []Edit{{NewText: "x\n", LineHint: 2}}, want: "a\nx\nb\n"},
		{name: "insert at the end by line", content: "a\nb\n", edits: []Edit{{NewText: "x", LineHint: 3}}, want: "a\nb\nx\n"},
		{name: "insert past the end", content: "a\n", edits: []Edit{{NewText: "x", LineHint: 5}}, err: "the text has 1 lines"},
		{name: "insert after anchor", content: "import (\n\t\"os\"\n)\n", edits: []Edit{{NewText: "\t\"fmt\"\n", Anchor: "import ("}}, want: "import (\n\t\"fmt\"\n\t\"os\"\n)\n"},
		{name: "empty old on empty file", content: "", edits: []Edit{{NewText: "new\n"}}, want: "new\n"},
		{name: "empty old refused", content: "a\n", edits: []Edit{{NewText: "new\n"}}, err: "could mean replace it all or add at its end"},
		{name: "empty old replaces", content: "a\n", edits: []Edit{{NewText: "new\n"}}, opt: Options{EmptyOld: EmptyOldReplaces}, want: "new\n", note: "replaced the whole file"},
		{name: "empty old appends", content: "a\n", edits: []Edit{{NewText: "new\n"}}, opt: Options{EmptyOld: EmptyOldAppends}, want: "a\nnew\n", note: "added at the end"},
		{name: "exact only", content: "a  \n", edits: []Edit{{OldText: "a\n", NewText: "b\n"}}, opt: Options{Exact: true}, err: "not in the file, exactly."},
		{name: "in order takes the one after the previous edit", content: "x\nmid\nx\n",
			edits: []Edit{{OldText: "mid\n", NewText: "MID\n"}, {OldText: "x\n", NewText: "y\n", WholeLines: true}},
			opt:   Options{InOrder: true}, want: "x\nMID\ny\n", note: "the only one after the previous edit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Apply(tt.content, tt.edits, tt.opt)
			if expectedError(t, err, tt.err) {
				return
			}
			if r.Content != tt.want {
				t.Errorf("content = %q, want %q", r.Content, tt.want)
			}
			notes := strings.Join(r.Notes, "\n")
			if tt.note == "" && notes != "" || !strings.Contains(notes, tt.note) {
				t.Errorf("notes = %q, want %q", notes, tt.note)
			}
			if tt.content != tt.want && !strings.Contains(r.Diff, "@@") {
				t.Errorf("diff = %q, want a hunk", r.Diff)
			}
		})
	}
}
