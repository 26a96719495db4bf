package keys

import "testing"

// TestNormalFastPath checks that the names Normal returns untouched are
// names the full rewrite leaves as they are, and that the plain ones are
// among them.
func TestNormalFastPath(t *testing.T) {
	for _, c := range []struct {
		name string
		fast bool
	}{
		{"", true}, {"fs_read", true}, {"read_file", true}, {"str_replace_based_edit_tool", true}, {"a1_b2", true}, {"9", true},
		{"_fs", false}, {"fs_", false}, {"fs__read", false}, {"Fs_read", false}, {"fs.read", false}, {"fs-read", false},
		{" fs", false}, {"fsé", false}, {"mcp__f0__fs_read", false}, {"_", false},
	} {
		if got := isNormal(c.name); got != c.fast {
			t.Errorf("isNormal(%q) = %v, want %v", c.name, got, c.fast)
		}
		if got, want := Normal(c.name), rewriteName(c.name); got != want {
			t.Errorf("Normal(%q) = %q, the rewrite gives %q", c.name, got, want)
		}
	}
}
