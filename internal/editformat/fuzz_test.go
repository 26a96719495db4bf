package editformat

import "testing"

// The fuzz targets check that no input makes a parser, or Apply on what
// a parser returns, panic.

func FuzzParseSearchReplace(f *testing.F) {
	fuzzParser(f, ParseSearchReplace, "a\nb\n",
		"<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n",
		"x.py\n```\n------- SEARCH\n:start_line:3\n-------\n3 | a\n=======\nb\n+++++++ REPLACE\n```\n",
		"<<<<<<< SEARCH\n\\=======\n=======\n>>>>>>> REPLACE")
}

func FuzzParseUnifiedDiff(f *testing.F) {
	fuzzParser(f, ParseUnifiedDiff, "a\nb",
		"--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n",
		"diff --git a/a b/b\nrename from a\nrename to b\n",
		"@@ -0,0 +1 @@\n+x\n")
}

func FuzzParseApplyPatch(f *testing.F) {
	fuzzParser(f, ParseApplyPatch, "def f():\na\r\n",
		"*** Begin Patch\n*** Update File: x\n@@ def f():\n-a\n+b\n*** End of File\n*** End Patch\n",
		"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: y\n+z\n*** End Patch\nEOF")
}

func FuzzApply(f *testing.F) {
	f.Add("x  \r\ny “q”\n", "x\ny \"q\"\n", "z\n", 2, "x")
	f.Add("Rene\u0301\n\tb\n", "René\n  b\n", "", 0, "")
	f.Fuzz(func(t *testing.T, content, old, new string, hint int, anchor string) {
		_, _ = Apply(content, []Edit{{OldText: old, NewText: new, LineHint: hint % 100, Anchor: anchor, WholeLines: hint%2 == 0}}, Options{InOrder: true})
	})
}

// fuzzParser seeds f with texts (each with content as the file) and
// fuzzes parse, Apply on what it reads, and Detect.
func fuzzParser(f *testing.F, parse func(string) ([]FileOp, error), content string, texts ...string) {
	for _, s := range texts {
		f.Add(s, content)
	}
	f.Fuzz(func(t *testing.T, text, content string) {
		Detect(text)
		ops, err := parse(text)
		if err != nil {
			_ = err.Error()
			return
		}
		for _, op := range ops {
			_, _ = Apply(content, op.Edits, Options{InOrder: true})
		}
	})
}
