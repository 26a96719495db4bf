package fs

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

// The compiled glob agrees with doublestar, the matcher it replaces, on
// every pattern and name here.
func TestGlobMatchesLikeDoublestar(t *testing.T) {
	patterns := []string{"*", "*.go", "**", "**/*.go", "a/**", "a/**/b", "**/b", "a/*/b", "?.txt", "a?c",
		"[abc].go", "[a-c]x", "[!a]x", "[^a]x", "[a-]x", `\*.go`, `a\?b`, "{a,b}.go", "{a,b/c}/*.go", "x{,y}z",
		"{*.go,*.md}", "**/{a,b}/**", "a**b", "**/*_test.go", ".*", "a/**/", "{**/a,b}", "*/", "a/b", "A.GO",
		"[[]x", "a[/]b", "**/.git/**", "src/**/*.{ts,tsx}", "{a,{b,c}}d", "a/**/**/b", "**/**", "x/**/"}
	names := []string{"a", "a/", "b", "a.go", "x.go", "a/b", "a/x/b", "a/x/y/b", "b/c", "b/c/x.go", "a/b.go",
		"abc", "ac", "bx", "ax", "-x", "cx", "*.go", "a?b", "axb", "ab", "aXb", "a/", "xz", "xyz", "x/y/z.go",
		"a/b/c", "x_test.go", "d/x_test.go", ".git", "p/.git/config", ".hidden", "src/x/y.tsx", "src/y.ts", "ad", "cd",
		"[x", "a/b/", "x/a", "x/a/y", "a.md", "A.GO", "a/x/b/c", "a/x/", "a/b/c/"}
	for _, p := range patterns {
		g, err := compileGlob(p)
		if !doublestar.ValidatePattern(p) {
			if err == nil {
				t.Errorf("%q: doublestar refuses it, compileGlob accepts it", p)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		for _, n := range names {
			want, _ := doublestar.Match(p, n)
			if got := g.match(n); got != want {
				t.Errorf("%q against %q: %v, doublestar says %v (regexp %s)", p, n, got, want, g.re)
			}
		}
	}
}

// A pattern of forty {a,a} groups takes a backtracking matcher 2^40 steps
// on a name that almost matches; the compiled glob answers at once.
func TestGlobBombIsLinear(t *testing.T) {
	bomb := strings.Repeat("{a,a}", 40) + "b"
	g, err := compileGlob(bomb)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.Repeat("a", 40) + "c"
	done := make(chan bool)
	go func() { done <- g.match(name) }()
	select {
	case ok := <-done:
		if ok {
			t.Fatal("matched")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the match did not end")
	}
	_ = context.Background
}
