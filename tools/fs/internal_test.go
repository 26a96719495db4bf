package fs

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"f0/tools/roots"
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

func TestWalkLess(t *testing.T) {
	paths := []string{"a-b", "a/z", "a", "a/b/c", "a.go", "b", "a/b"}
	slices.SortFunc(paths, func(x, y string) int {
		if walkLess(x, y) {
			return -1
		}
		if walkLess(y, x) {
			return 1
		}
		return 0
	})
	want := []string{"a", "a/b", "a/b/c", "a/z", "a-b", "a.go", "b"}
	if !slices.Equal(paths, want) {
		t.Errorf("walk order %v, want %v", paths, want)
	}
}

func TestRequiredLiteral(t *testing.T) {
	cases := []struct {
		pattern     string
		lit         string
		fold, whole bool
	}{
		{"hello", "hello", false, true},
		{"(?i)hello", "hello", true, true},
		{`func \w+Handler`, "Handler", false, false},
		{`func\s+main`, "func", false, false},
		{"foo|bar", "", false, false},
		{"(abc)+d", "abc", false, false},
		{`a.c`, "a", false, false},
		{`http\.Get\(`, "http.Get(", false, true},
		{`^package main$`, "package main", false, false},
		{`x*`, "", false, false},
	}
	for _, c := range cases {
		re, err := syntax.Parse(c.pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		lit, fold, whole := requiredLiteral(re.Simplify())
		if !strings.EqualFold(lit, c.lit) || (!fold && lit != c.lit) || fold != c.fold || (lit != "" && whole != c.whole) {
			t.Errorf("%q: got %q fold=%v whole=%v, want %q fold=%v whole=%v", c.pattern, lit, fold, whole, c.lit, c.fold, c.whole)
		}
	}
}

// TestMatcherAgreesWithRegexp compares the buffer matcher with running the
// regexp line by line, on random text and many pattern kinds.
func TestMatcherAgreesWithRegexp(t *testing.T) {
	patterns := []struct {
		p             string
		literal, fold bool
	}{
		{"needle", false, false}, {"needle", true, true}, {"NeEdLe", false, true}, {`ne+dle`, false, false},
		{`^needle`, false, false}, {`needle$`, false, false}, {`\bneedle\b`, false, false}, {`n.e`, false, false},
		{`x*`, false, false}, {`\s+needle`, false, false}, {`[0-9]{3}`, false, false}, {"a.b", true, false},
		{`(?i)straße`, false, false}, {"é", false, true}, {`needle|haystack`, false, false}, {`needle\nnext`, false, false},
	}
	words := []string{"needle", "NEEDLE", "Needle", "hay", "stack", "haystack", "a.b", "axb", " ", "\t", "123", "straße", "STRASSE", "é", "É", "nee", "dle", "\r"}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(words[rng.IntN(len(words))])
			if rng.IntN(4) == 0 {
				b.WriteByte('\n')
			}
		}
		text := b.String()
		for _, pc := range patterns {
			m, err := compileMatcher(pc.p, pc.literal, pc.fold)
			if err != nil {
				t.Fatal(err)
			}
			want := naiveLines(m.re, text)
			got := matcherLines(m, []byte(text))
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d, pattern %q (literal %v, fold %v) on %q:\ngot  %v\nwant %v", trial, pc.p, pc.literal, pc.fold, text, got, want)
			}
		}
	}
}

func naiveLines(re *regexp.Regexp, text string) []int {
	var out []int
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	if strings.HasSuffix(text, "\n") {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		if re.MatchString(l) {
			out = append(out, i+1)
		}
	}
	return out
}

func matcherLines(m *matcher, buf []byte) []int {
	var out []int
	pos, line := 0, 1
	for {
		start, end, _, ok := m.nextLine(buf, pos)
		if !ok {
			return out
		}
		line += bytes.Count(buf[pos:start], newline)
		out = append(out, line)
		pos, line = end+1, line+1
		if pos >= len(buf) {
			return out
		}
	}
}

func TestIndexFold(t *testing.T) {
	cases := []struct {
		s, lit string
		want   int
	}{
		{"xxHELLOxx", "hello", 2}, {"hell", "hello", -1}, {"zzzHeLlO", "hello", 3}, {"", "a", -1},
		{strings.Repeat("q", 1000) + "QUIZ", "quiz", 1000}, {"a1b2", "1b", 1},
	}
	for _, c := range cases {
		lit := []byte(c.lit)
		if got := indexFold([]byte(c.s), lit, rarestByte(lit, true)); got != c.want {
			t.Errorf("indexFold(%q, %q) = %d, want %d", c.s, c.lit, got, c.want)
		}
		upper := []byte(strings.ToUpper(c.lit))
		if got, want := indexRare([]byte(strings.ToUpper(c.s)), upper, rarestByte(upper, false)), bytes.Index([]byte(strings.ToUpper(c.s)), upper); got != want {
			t.Errorf("indexRare(%q, %q) = %d, want %d", c.s, c.lit, got, want)
		}
	}
}

// TestSearchFileBlocks searches files bigger than the block size, so that
// matches, context and line numbers cross block boundaries.
func TestSearchFileBlocks(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	var want []string
	for i := 1; i <= 3000; i++ {
		line := fmt.Sprintf("line %d %s", i, strings.Repeat("x", i%97))
		if i%7 == 0 {
			line += " MATCH"
		}
		b.WriteString(line + "\n")
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, l := range lines {
		if strings.Contains(l, "MATCH") {
			want = append(want, fmt.Sprintf("%d:%s", i+1, l))
		}
	}
	must(t, os.WriteFile(filepath.Join(dir, "f.txt"), []byte(b.String()), 0o644))
	root, err := os.OpenRoot(dir)
	must(t, err)
	defer root.Close()
	m, err := compileMatcher("MATCH", true, false)
	must(t, err)
	for _, block := range []int64{512, 1000, 4096, 1 << 20} {
		for _, ctxLines := range []int{0, 2} {
			conf := &searchConf{m: m, before: ctxLines, after: ctxLines, limit: 1 << 30, block: block}
			h := conf.searchFile(context.Background(), &worker{}, root, "f.txt")
			var got []string
			for _, l := range h.lines {
				if l.match {
					got = append(got, fmt.Sprintf("%d:%s", l.num, l.text))
				} else if lines[l.num-1] != l.text && !strings.HasSuffix(l.text, "]") {
					t.Fatalf("block %d: context line %d is %q, want %q", block, l.num, l.text, lines[l.num-1])
				}
			}
			if h.count != len(want) || !slices.Equal(got, want) {
				t.Fatalf("block %d context %d: %d matches, want %d; first differences:\n%v\n%v", block, ctxLines, h.count, len(want), head(got), head(want))
			}
			if ctxLines > 0 {
				// Every match has its two neighbours on each side, each line once.
				seen := map[int]bool{}
				for _, l := range h.lines {
					if seen[l.num] {
						t.Fatalf("block %d: line %d shown twice", block, l.num)
					}
					seen[l.num] = true
				}
				for i := 7; i <= 3000; i += 7 {
					for d := -2; d <= 2; d++ {
						if n := i + d; n >= 1 && n <= 3000 && !seen[n] {
							t.Fatalf("block %d: line %d (context of %d) missing", block, n, i)
						}
					}
				}
			}
		}
	}
}

func head(s []string) []string { return s[:min(3, len(s))] }

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestWalkOrderIsStable walks a tree many times: the order never depends
// on the workers' timing.
func TestWalkOrderIsStable(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		for j := range 5 {
			p := filepath.Join(dir, fmt.Sprintf("d%02d", i%7), fmt.Sprintf("s%d", j), fmt.Sprintf("f%02d.txt", i))
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			must(t, os.WriteFile(p, []byte("x\n"), 0o644))
		}
	}
	set, err := roots.Open([]string{dir})
	must(t, err)
	defer set.Close()
	start, _ := set.Locate(".")
	var first []string
	for range 20 {
		var got []string
		spec := walkSpec{start: start, work: func(ctx context.Context, w *worker, d *os.Root, e *entry) any { return e.name }}
		_, err := runWalk(context.Background(), set, spec, func(e *entry) bool {
			got = append(got, e.rel)
			return true
		})
		must(t, err)
		if first == nil {
			first = got
			sorted := slices.Clone(got)
			slices.SortFunc(sorted, func(a, b string) int {
				if walkLess(a, b) {
					return -1
				}
				return 1
			})
			if !slices.Equal(sorted, got) {
				t.Fatalf("not in walk order: %v", got)
			}
		} else if !slices.Equal(first, got) {
			t.Fatal("the order changed between runs")
		}
	}
	// Stopping early leaves no goroutine or handle behind (checked by -race
	// and the test's end), and returns quickly.
	n := 0
	_, err = runWalk(context.Background(), set, walkSpec{start: start, work: func(ctx context.Context, w *worker, d *os.Root, e *entry) any { return nil }}, func(e *entry) bool {
		n++
		return n < 10
	})
	must(t, err)
}
