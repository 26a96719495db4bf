package fs_test

import (
	"strings"
	"testing"
)

// TestReadFilter: exclude, gitignore and ignoreFiles leave files out of
// those a read's paths name or match, said in a note; leaving out every
// one is an error that names the read without the filter.
func TestReadFilter(t *testing.T) {
	e := newEnv(t)
	e.file(".gitignore", "gen/\n")
	e.file(".geminiignore", "secret.txt\n")
	e.file("a.go", "a\n")
	e.file("a_test.go", "t\n")
	e.file("gen/g.go", "g\n")
	e.file("secret.txt", "s\n")
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"exclude a name", map[string]any{"paths": []any{"a.go", "a_test.go"}, "exclude": []any{"*_test.go"}},
			"a.go · line 1 of 1 · 2 B\na\nnote: left out 1 file: a_test.go (exclude)"},
		{"exclude a directory", map[string]any{"paths": []any{"a.go", "gen/g.go"}, "exclude": "gen"},
			"a.go · line 1 of 1 · 2 B\na\nnote: left out 1 file: gen/g.go (exclude)"},
		{"gitignore over a glob", map[string]any{"paths": []any{"**/*.go"}, "gitignore": true, "exclude": []any{"*_test.go"}},
			"a.go · line 1 of 1 · 2 B\na\nnote: read the glob \"**/*.go\" as the 3 files it matches: a.go, a_test.go, gen/g.go\nnote: left out 2 files: a_test.go (exclude), gen/g.go (.gitignore)"},
		{"another ignore file", map[string]any{"paths": []any{"a.go", "secret.txt", "gen/g.go"}, "ignoreFiles": []any{".geminiignore"}},
			"==> a.go · line 1 of 1 · 2 B <==\na\n\n==> gen/g.go · line 1 of 1 · 2 B <==\ng\nnote: left out 1 file: secret.txt (.geminiignore)"},
		{"no filter", map[string]any{"paths": []any{"gen/g.go"}}, "gen/g.go · line 1 of 1 · 2 B\ng\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.TrimSpace(e.ok("fs.read", c.args)); got != strings.TrimSpace(c.want) {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "gen/g.go", "gitignore": true}),
		`"gitignore": leaves out every file the call names: gen/g.go (.gitignore).`, `Name other files, or read these without the filter: fs_read {"path":"gen/g.go"}`)
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "a.go", "exclude": "a["}), `"exclude": `)
}
