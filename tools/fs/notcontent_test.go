package fs

import (
	"testing"
)

// TestPlaceholder: the lines that stand in for lines left out, as Gemini
// CLI's omissionPlaceholderDetector.ts and Cursor's edit format write them,
// and lines that only look alike.
func TestPlaceholder(t *testing.T) {
	cases := []struct {
		line string
		want string // "" when the line is not a placeholder
	}{
		{"// ... rest of the code remains the same ...", "rest of the code remains the same"},
		{"    // ... existing code ...", "existing code"},
		{"# ... existing code ...", "existing code"},
		{"/* unchanged */", "unchanged"},
		{"… rest of file …", "rest of file"},
		{"{/* ... existing code ... */}", "existing code"},
		{"<!-- ... existing content ... -->", "existing content"},
		{"(rest of methods ...)", "rest of methods"},
		{"// rest of code ...", "rest of code"},
		{" * ... remaining methods ...", "remaining methods"},
		{"// Rest of the implementation unchanged", "rest of the implementation unchanged"},
		{"# code omitted for brevity", "code omitted for brevity"},
		{"// same as before", "same as before"},
		{"# ... keep the rest unchanged ...", "keep the rest unchanged"},
		{"// ... everything else stays the same ...", "everything else stays the same"},
		{"// leave the rest as is", "leave the rest as is"},
		{"/* all other methods remain untouched */", "all other methods remain untouched"},
		{"// keep the rest of the file intact ...", "keep the rest of the file intact"},
		{"// everything else is handled below", ""},
		{"# keep the rest", ""},
		{"-- ... other columns ...", ""},
		{"// rest of the code handles errors", ""},
		{"# Other tests", ""},
		{"// existing code paths are slow", ""},
		{"...", ""},
		{"def f(): ...", ""},
		{"// TODO: implement", ""},
		{"return x // unchanged", ""},
		{"rest of file", ""},
		{`fmt.Println("... existing code ...")`, ""},
	}
	for _, c := range cases {
		got, ok := placeholder(c.line)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("placeholder(%q) = %q, %v; want %q", c.line, got, ok, c.want)
		}
	}
}

// TestEditInstruction: the edit formats other agents write (Aider's
// SEARCH/REPLACE blocks, unified diffs, Codex's apply_patch envelope) are
// found and read as edits; git's conflict markers, a Markdown rule and a
// YAML document start are not.
func TestEditInstruction(t *testing.T) {
	cases := []struct {
		name, text string
		kind       string // "" when none
		line       int
		whole      bool // the whole text is the patch fs.edit is offered
	}{
		{"SEARCH/REPLACE", "main.py\n```python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n\nmain.py\n```python\n<<<<<<< SEARCH\ny = 1\n=======\ny = 3\n>>>>>>> REPLACE\n```\n",
			"an Aider-style SEARCH/REPLACE block", 3, true},
		{"SEARCH/REPLACE that makes a file", "<<<<<<< SEARCH\n=======\nnew\n>>>>>>> REPLACE\n", "an Aider-style SEARCH/REPLACE block", 1, true},
		{"unified diff", "diff --git a/m.go b/m.go\n--- a/m.go\n+++ b/m.go\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -9,2 +9,2 @@\n-y\n+Y\n z\n",
			"a unified diff", 2, true},
		{"apply_patch", "*** Begin Patch\n*** Update File: m.go\n@@ func main() {\n-\told()\n+\tnew()\n*** End Patch\n", "a Codex apply_patch envelope", 1, true},
		{"apply_patch adding a file", "*** Begin Patch\n*** Add File: n.go\n+package n\n*** End Patch\n", "a Codex apply_patch envelope", 1, true},
		{"git conflict markers", "<<<<<<< HEAD\na\n=======\nb\n>>>>>>> topic\n", "", 0, false},
		{"a SEARCH line alone", "<<<<<<< SEARCH\nx\n", "", 0, false},
		{"Markdown rule", "intro\n--- \n+++ not a diff\ntext\n", "", 0, false},
		{"YAML documents", "--- a\nkey: v\n--- b\n", "", 0, false},
		{"Begin Patch alone", "*** Begin Patch\nnothing\n", "", 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, ok := editInstruction(c.text)
			if ok != (c.kind != "") || in.kind != c.kind || in.line != c.line || (in.patch == c.text) != c.whole {
				t.Errorf("got %v %+v; want %q at line %d, the whole text as the patch: %v", ok, in, c.kind, c.line, c.whole)
			}
		})
	}
}
