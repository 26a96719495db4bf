package editformat

import "testing"

func TestDetect(t *testing.T) {
	tests := []struct {
		name, text string
		want       Format
	}{
		{"go source", "package main\n\nfunc main() {}\n", Plain},
		{"empty", "", Plain},
		{"aider block with path and fence", "src/app.py\n```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n", SearchReplace},
		{"cline block", "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n", SearchReplace},
		{"git diff", "diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", UnifiedDiff},
		{"plain diff", "--- x.orig\n+++ x\n@@ -1 +1 @@\n-a\n+b\n", UnifiedDiff},
		{"bare hunk", "@@ -3,2 +3,2 @@\n a\n-b\n+c\n", UnifiedDiff},
		{"fenced diff", "```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```", UnifiedDiff},
		{"apply_patch", "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n", ApplyPatchFormat},
		{"apply_patch in a heredoc", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\nEOF\n", ApplyPatchFormat},
		{"apply_patch without its end", "*** Begin Patch\n*** Add File: a\n+x\n", ApplyPatchFormat},
		{"markdown that quotes a diff", "# Patching\n\nRun this:\n\n```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```\n", Plain},
		{"yaml document", "---\nkey: value\n", Plain},
		{"markdown setext heading", "Title\n=====\n\ntext\n", Plain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(tt.text); got != tt.want {
				t.Errorf("Detect = %v, want %v", got, tt.want)
			}
		})
	}
}
