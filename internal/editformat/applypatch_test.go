package editformat

import (
	"fmt"
	"reflect"
	"testing"
)

func TestParseApplyPatch(t *testing.T) {
	runParseCases(t, ParseApplyPatch, []parseCase{
		{name: "codex scenario 002, multiple operations",
			text: "*** Begin Patch\n*** Add File: nested/new.txt\n+created\n*** Delete File: delete.txt\n*** Update File: modify.txt\n@@\n-line2\n+changed\n*** End Patch\n",
			want: []FileOp{
				{Kind: Create, Path: "nested/new.txt", Content: "created\n"},
				{Kind: Delete, Path: "delete.txt"},
				{Kind: Update, Path: "modify.txt", Edits: []Edit{{OldText: "line2\n", NewText: "changed\n", WholeLines: true, Source: 6}}},
			}},
		{name: "move with a named context (parser.rs test)",
			text: "*** Begin Patch\n*** Add File: path/add.py\n+abc\n+def\n*** Delete File: path/delete.py\n*** Update File: path/update.py\n*** Move to: path/update2.py\n@@ def f():\n-    pass\n+    return 123\n*** End Patch",
			want: []FileOp{
				{Kind: Create, Path: "path/add.py", Content: "abc\ndef\n"},
				{Kind: Delete, Path: "path/delete.py"},
				{Kind: Move, Path: "path/update.py", MoveTo: "path/update2.py", Edits: []Edit{{OldText: "    pass\n", NewText: "    return 123\n", Anchor: "def f():", WholeLines: true, Source: 8}}},
			}},
		{name: "heredoc, two chunks, nested @@, end of file, no first @@",
			text: "apply_patch <<\"EOF\"\n*** Begin Patch\n*** Update File: a.py\n import os\n-import sys\n@@ class A:\n@@     def f(self):\n-        return 1\n+        return 2\n\n@@\n-last\n+final\n*** End of File\n*** End Patch\nEOF\n",
			want: []FileOp{{Kind: Update, Path: "a.py", Edits: []Edit{
				{OldText: "import os\nimport sys\n", NewText: "import os\n", WholeLines: true, Source: 4},
				{OldText: "        return 1\n", NewText: "        return 2\n", Anchor: "class A:\ndef f(self):", WholeLines: true, Source: 6},
				{OldText: "last\n", NewText: "final\n", AtEnd: true, WholeLines: true, Source: 11},
			}}}},
		{name: "whitespace around markers", text: "  *** Begin Patch\n*** Update File: x \n@@\n-a\n+b\n  *** End Patch  \n",
			want: []FileOp{{Kind: Update, Path: "x", Edits: []Edit{{OldText: "a\n", NewText: "b\n", WholeLines: true, Source: 3}}}}},
		{name: "empty envelope", text: "*** Begin Patch\n*** End Patch\n", want: nil},
		{name: "missing end patch", text: "*** Begin Patch\n*** Update File: x\n@@\n-a\n+b\n", err: "expected the last line to be *** End Patch (the patch ends without it). A minimal correct example:\n*** Begin Patch"},
		{name: "missing begin patch", text: "*** Update File: x\n-a\n+b\n*** End Patch\n", err: `line 1 ("*** Update File: x"), expected the first line to be *** Begin Patch`},
		{name: "update without chunks", text: "*** Begin Patch\n*** Update File: x\n*** End Patch\n", err: "at least one chunk"},
		{name: "bad chunk line", text: "*** Begin Patch\n*** Update File: x\n@@\nfoo\n*** End Patch\n", err: `line 4 ("foo"), expected a chunk line that starts with "+"`},
		{name: "unknown section", text: "*** Begin Patch\n*** Rename File: x\n*** End Patch\n", err: "expected a file line"},
	})
}

func TestApplyPatchApplied(t *testing.T) {
	files := map[string]string{
		"win.txt": "first\r\nsecond\r\nthird\r\n",
		"a.py":    "class A:\n    def f(self):\n        return 1\n\nclass B:\n    def f(self):\n        return 1\n",
		"end.txt": "x\ny\nx\n",
	}
	runAppliedCases(t, mapReader(files), Options{}, []appliedCase{
		{name: "update on a crlf file",
			text: "*** Begin Patch\n*** Update File: win.txt\n@@\n first\n-second\n+2nd\n*** End Patch\n",
			want: "first\r\n2nd\r\nthird\r\n", note: "matched with line endings (CRLF/LF) ignored at lines 1-2"},
		{name: "context picks the class",
			text: "*** Begin Patch\n*** Update File: a.py\n@@ class B:\n     def f(self):\n-        return 1\n+        return 2\n*** End Patch\n",
			want: "class A:\n    def f(self):\n        return 1\n\nclass B:\n    def f(self):\n        return 2\n"},
		{name: "without context it is ambiguous",
			text: "*** Begin Patch\n*** Update File: a.py\n@@\n-        return 1\n+        return 2\n*** End Patch\n",
			err:  "a.py: the edit (from line 3 of the edit text): its old text occurs 2 times, at lines 3 and 7"},
		{name: "end of file",
			text: "*** Begin Patch\n*** Update File: end.txt\n@@\n-x\n+z\n*** End of File\n*** End Patch\n",
			want: "x\ny\nz\n"},
		{name: "context not found",
			text: "*** Begin Patch\n*** Update File: a.py\n@@ class C:\n-        return 1\n+        return 2\n*** End Patch\n",
			err:  `its context line "class C:" (the @@ line) is not in the file`},
		{name: "delete of a missing file", text: "*** Begin Patch\n*** Delete File: nope.txt\n*** End Patch\n", err: "nope.txt: the file does not exist, so it cannot be deleted"},
		{name: "append chunk with no old lines",
			text: "*** Begin Patch\n*** Update File: end.txt\n+w\n*** End Patch\n", want: "x\ny\nx\nw\n"},
	})
}

// TestApplyPatchSeveral runs patches that touch several files, or one
// file more than once, and the formats' own ways of creating a file.
func TestApplyPatchSeveral(t *testing.T) {
	files := map[string]string{"a.txt": "one\ntwo\n", "b.txt": "b\n"}
	tests := []struct {
		name, text string
		want       []string // "kind path -> after"
		err        string
	}{
		{name: "update then move then update the moved file",
			text: "*** Begin Patch\n*** Update File: a.txt\n*** Move to: c.txt\n@@\n-one\n+1\n*** Update File: c.txt\n@@\n-two\n+2\n*** End Patch\n",
			want: []string{`move a.txt -> "1\ntwo\n"`, `update c.txt -> "1\n2\n"`}},
		{name: "aider block for a new file",
			text: "new/hello.py\n```python\n<<<<<<< SEARCH\n=======\nprint(\"hi\")\n>>>>>>> REPLACE\n```\n",
			want: []string{`create new/hello.py -> "print(\"hi\")\n"`}},
		{name: "diff of two files, second fails: nothing",
			text: "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+1\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-x\n+y\n",
			err:  "b.txt: the edit (from line 8 of the edit text): its old text is not in the file"},
		{name: "deleted then updated", text: "*** Begin Patch\n*** Delete File: b.txt\n*** Update File: b.txt\n@@\n-b\n+c\n*** End Patch\n",
			err: "b.txt: the file does not exist, so it cannot be updated"},
		{name: "plain text", text: "hello\n", err: "cannot read the edit text: at the end of the text, expected an edit in one of the formats"},
		{name: "crlf new text into an lf file", text: "<<<<<<< SEARCH\r\none\r\n=======\r\nuno\r\n>>>>>>> REPLACE\r\n",
			want: []string{`update a.txt -> "uno\ntwo\n"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := ApplyPatch(tt.text, mapReader(files), Options{Name: "a.txt"})
			if expectedError(t, err, tt.err) {
				return
			}
			var got []string
			for _, c := range cs {
				got = append(got, fmt.Sprintf("%s %s -> %q", c.Op.Kind, c.Op.Path, c.After))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
