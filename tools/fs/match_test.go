package fs

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

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
