package editformat

import "testing"

func TestParseUnifiedDiff(t *testing.T) {
	runParseCases(t, ParseUnifiedDiff, []parseCase{
		{name: "git diff, two hunks",
			text: "diff --git a/src/app.go b/src/app.go\nindex 3b18e51..a9c4f2e 100644\n--- a/src/app.go\n+++ b/src/app.go\n@@ -1,3 +1,3 @@\n package app\n-var x = 1\n+var x = 2\n \n@@ -10,2 +10,3 @@ func f() {\n \tg()\n+\th()\n }\n",
			want: []FileOp{{Kind: Update, Path: "src/app.go", Edits: []Edit{
				{OldText: "package app\nvar x = 1\n\n", NewText: "package app\nvar x = 2\n\n", LineHint: 1, WholeLines: true, Source: 5},
				{OldText: "\tg()\n}\n", NewText: "\tg()\n\th()\n}\n", LineHint: 10, WholeLines: true, Source: 10},
			}}}},
		{name: "create, delete and timestamps",
			text: "--- /dev/null\t2024-01-01 00:00:00.000000000 +0000\n+++ b/docs/new.md\t2024-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,2 @@\n+# New\n+text\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n",
			want: []FileOp{{Kind: Create, Path: "docs/new.md", Content: "# New\ntext\n"}, {Kind: Delete, Path: "old.txt"}}},
		{name: "no newline at end of file",
			text: "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
			want: []FileOp{{Kind: Update, Path: "f.txt", Edits: []Edit{{OldText: "a\nb", NewText: "a\nc", LineHint: 1, WholeLines: true, Source: 3}}}}},
		{name: "adds the final newline",
			text: "--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-b\n\\ No newline at end of file\n+b\n",
			want: []FileOp{{Kind: Update, Path: "f.txt", Edits: []Edit{{OldText: "b", NewText: "b\n", LineHint: 1, WholeLines: true, Source: 3}}}}},
		{name: "bare hunk as an edit model writes it (zed)",
			text: "@@ -18463,7 +18463,7 @@\n             }\n \n             self.blink_manager.update(cx, |blink_manager, cx| {\n-                blink_manager.enable(cx);\n+                // blink_manager.enable(cx);\n             });\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{
				OldText:  "            }\n\n            self.blink_manager.update(cx, |blink_manager, cx| {\n                blink_manager.enable(cx);\n            });\n",
				NewText:  "            }\n\n            self.blink_manager.update(cx, |blink_manager, cx| {\n                // blink_manager.enable(cx);\n            });\n",
				LineHint: 18463, WholeLines: true, Source: 1}}}}},
		{name: "loose @@ and an empty context line without its space",
			text: "--- a/a.py\n+++ b/a.py\n@@ ... @@\n def f():\n\n-    pass\n+    return 1\n\n",
			want: []FileOp{{Kind: Update, Path: "a.py", Edits: []Edit{{OldText: "def f():\n\n    pass\n", NewText: "def f():\n\n    return 1\n", WholeLines: true, Source: 3}}}}},
		{name: "pure insertion", text: "--- a/x\n+++ b/x\n@@ -3,0 +4,1 @@\n+new\n",
			want: []FileOp{{Kind: Update, Path: "x", Edits: []Edit{{NewText: "new\n", LineHint: 4, WholeLines: true, Source: 3}}}}},
		{name: "git rename with a change",
			text: "diff --git a/old.go b/new.go\nsimilarity index 90%\nrename from old.go\nrename to new.go\n--- a/old.go\n+++ b/new.go\n@@ -1 +1 @@\n-package old\n+package new\n",
			want: []FileOp{{Kind: Move, Path: "old.go", MoveTo: "new.go", Edits: []Edit{{OldText: "package old\n", NewText: "package new\n", LineHint: 1, WholeLines: true, Source: 7}}}}},
		{name: "pure rename", text: "diff --git a/a.txt b/b.txt\nsimilarity index 100%\nrename from a.txt\nrename to b.txt\n",
			want: []FileOp{{Kind: Move, Path: "a.txt", MoveTo: "b.txt"}}},
		{name: "fenced", text: "```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```\n",
			want: []FileOp{{Kind: Update, Path: "x", Edits: []Edit{{OldText: "a\n", NewText: "b\n", LineHint: 1, WholeLines: true, Source: 4}}}}},
		{name: "header without hunk", text: "--- a/x\n+++ b/x\n", err: "expected an @@ hunk after the header of x"},
		{name: "binary", text: "diff --git a/i.png b/i.png\nBinary files a/i.png and b/i.png differ\n", err: "binary patches are not applied"},
		{name: "nothing", text: "hello\n", err: "none was found. A minimal correct example:\n--- a/path/file.txt"},
	})
}

func TestUnifiedDiffApplied(t *testing.T) {
	files := map[string]string{
		"f.txt":  "a\nb",
		"app.go": "package app\n\nfunc f() {\n\tg()\n}\n\nfunc h() {\n\tg()\n}\n",
	}
	runAppliedCases(t, mapReader(files), Options{}, []appliedCase{
		{name: "no newline at end kept", text: "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
			path: "f.txt", want: "a\nc"},
		{name: "newline added", text: "--- a/f.txt\n+++ b/f.txt\n@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+b\n", path: "f.txt", want: "a\nb\n"},
		{name: "hunk numbers break the tie", text: "--- a/app.go\n+++ b/app.go\n@@ -8,1 +8,1 @@\n-\tg()\n+\tk()\n",
			path: "app.go", want: "package app\n\nfunc f() {\n\tg()\n}\n\nfunc h() {\n\tk()\n}\n", note: "nearest the line hint 8"},
		{name: "wrong numbers still apply", text: "--- a/app.go\n+++ b/app.go\n@@ -100,3 +100,3 @@\n func h() {\n-\tg()\n+\tk()\n }\n",
			path: "app.go", want: "package app\n\nfunc f() {\n\tg()\n}\n\nfunc h() {\n\tk()\n}\n"},
		{name: "stale context", text: "--- a/app.go\n+++ b/app.go\n@@ -7,3 +7,3 @@\n func h() {\n-\tg(1)\n+\tk()\n }\n",
			err: "The closest text is at lines 7-9:\n     7\tfunc h() {\n     8\t\tg()\n     9\t}\nLine 8 differs: the file has \"\\tg()\" where the old text has \"\\tg(1)\"."},
		{name: "missing file", text: "--- a/nope.go\n+++ b/nope.go\n@@ -1 +1 @@\n-a\n+b\n", err: "nope.go: the file does not exist, so it cannot be updated"},
	})
}
