package fs

import (
	"strings"
	"testing"
)

func TestIgnoreRules(t *testing.T) {
	// Each case: .gitignore lines in base, a path, whether it is a
	// directory, and whether it is ignored.
	cases := []struct {
		base, rules string
		rel         string
		dir         bool
		want        bool
	}{
		{".", "*.log", "a.log", false, true},
		{".", "*.log", "sub/deep/a.log", false, true},
		{".", "*.log\n!keep.log", "keep.log", false, false},
		{".", "!keep.log\n*.log", "keep.log", false, true}, // the last matching line wins
		{".", "build/", "build", true, true},
		{".", "build/", "build", false, false}, // directories only
		{".", "build/", "src/build", true, true},
		{".", "/build", "src/build", true, false}, // anchored
		{".", "/build", "build", true, true},
		{".", "doc/*.txt", "doc/a.txt", false, true},
		{".", "doc/*.txt", "doc/sub/a.txt", false, false},
		{".", "doc/**/*.txt", "doc/sub/a.txt", false, true},
		{".", "**/tmp", "a/b/tmp", true, true},
		{".", "a/**/b", "a/x/y/b", false, true},
		{".", "# comment\n\n  \n", "# comment", false, false},
		{".", `\#hash`, "#hash", false, true},
		{".", `\!bang`, "!bang", false, true},
		{".", "trail   ", "trail", false, true},
		{".", "*.o\r\n", "x.o", false, true},
		{".", "[abc].txt", "b.txt", false, true},
		{".", "[!abc].txt", "b.txt", false, false},
		{"sub", "*.gen", "sub/x.gen", false, true},
		{"sub", "/only", "sub/only", false, true},
		{"sub", "/only", "only", false, false},
		{"sub", "x/y", "other/x/y", false, false},
	}
	for _, c := range cases {
		ig := &ignorer{rules: parseIgnore(strings.NewReader(c.rules), c.base)}
		name := c.rel[strings.LastIndexByte(c.rel, '/')+1:]
		if got := ig.ignored(c.rel, name, c.dir); got != c.want {
			t.Errorf("rules %q in %s: ignored(%q, dir=%v) = %v, want %v", c.rules, c.base, c.rel, c.dir, got, c.want)
		}
	}
	// A deeper .gitignore overrides a higher one.
	top := &ignorer{rules: parseIgnore(strings.NewReader("*.txt"), ".")}
	deep := &ignorer{parent: top, rules: parseIgnore(strings.NewReader("!keep.txt"), "sub")}
	if deep.ignored("sub/keep.txt", "keep.txt", false) || !deep.ignored("sub/other.txt", "other.txt", false) {
		t.Error("deeper rules must override higher ones")
	}
}
