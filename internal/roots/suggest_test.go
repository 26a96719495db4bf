package roots

import (
	"errors"
	"io/fs"
	"slices"
	"testing"
)

func TestSuggest(t *testing.T) {
	_, root := tree(t)
	emptyFiles(t, root, "src/main.go", "src/man.go", "README.md", "docs/guide/intro.md", "Makefile")
	s, err := Open([]string{root})
	must(t, err)
	defer s.Close()
	cases := map[string][]string{
		"src/mian.go":         {"src/main.go", "src/man.go"},
		"src/main.g":          {"src/main.go"},
		"scr/main.go":         {"src/main.go"},
		"README":              {"README.md"},
		"readme.md":           {"README.md"},
		"docs/giude/intro.md": {"docs/guide/intro.md"},
		"makefile":            {"Makefile"},
		"q":                   nil,
		"totally/else.txt":    nil,
		"out-dir/secret":      nil, // never looks outside
	}
	for in, want := range cases {
		l, err := s.Locate(in)
		must(t, err)
		if got := s.Suggest(l); !slices.Equal(got, want) {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
	l, _ := s.Locate("src/mian.go")
	_, err = l.Root.OS().Open(l.Native())
	msg := s.Explain("read", l, err)
	if !errors.Is(msg, fs.ErrNotExist) || msg.Error() != "read src/mian.go: no such file or directory; did you mean src/main.go or src/man.go?" {
		t.Errorf("Explain: %v", msg)
	}
}
