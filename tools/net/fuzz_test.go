package net

import (
	"f0/internal/web"
	"strings"
	"testing"
)

// FuzzParseCurlArgs feeds the curl argument parser arbitrary strings, both
// as one shell-style string and as a list of words (split at NUL). It must
// never panic, and every input must either parse or give an error with a
// message.
func FuzzParseCurlArgs(f *testing.F) {
	for _, seed := range []string{
		"-sSL https://example.com",
		`curl -X POST -H 'Content-Type: application/json' -d '{"a":1}' https://x/api`,
		"-XPOST -H'A: b' --max-time=5 --url https://x -- -odd",
		"-sLo out.html -w '%{http_code}\\n' https://x",
		"--data-urlencode q=a+b -G https://x?y=1&z=2",
		"-F f=@a.png;type=image/png -F n=<x.txt https://x",
		`-H "X: $TOKEN" https://x`,
		"https://x | jq .",
		"-d {a,b} ~/x $(id) `id` $((1)) 'unterminated",
		"-sS\x00-H\x00Accept: */*\x00https://x",
		"--no-location --max-redirs -1 -m 0.5 --connect-timeout 1e3 https://x",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		inputs := []Input{{Args: s}}
		if strings.Contains(s, "\x00") {
			var words []any
			for _, w := range strings.Split(s, "\x00") {
				words = append(words, w)
			}
			inputs = append(inputs, Input{Args: words})
		}
		for _, in := range inputs {
			p, err := buildPlan(in)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("empty error message for %q", s)
				}
				continue
			}
			if p == nil {
				t.Fatalf("no plan and no error for %q", s)
			}
			for _, u := range p.urls {
				if _, err := parseTarget(u, p.query, p); err != nil && err.Error() == "" {
					t.Fatalf("empty error message for URL %q", u)
				}
			}
			if p.writeOut.set {
				if _, err := parseWriteOut(p.writeOut.val, p.writeOut.from); err != nil && err.Error() == "" {
					t.Fatalf("empty error message for -w %q", p.writeOut.val)
				}
			}
			p.access(web.Proxies{})
			p.methodName()
		}
	})
}
