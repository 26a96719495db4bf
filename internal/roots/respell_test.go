package roots

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestRespelled(t *testing.T) {
	_, root := tree(t)
	nfd := "cafe\u0301"
	emptyFiles(t, root, nfd+"/menu.txt", "don't.md", "it\u2019s.md", "a\u2013b.txt", "twin\u2019s.md", "twin\u2018s.md")
	s, err := Open([]string{root})
	must(t, err)
	defer s.Close()
	cases := map[string][]string{
		"caf\u00e9/menu.txt": {nfd + "/menu.txt"},                  // NFC asked, NFD on disk
		"don\u2019t.md":      {"don't.md"},                         // a typographic quote asked
		"it's.md":            {"it\u2019s.md"},                     // an ASCII quote asked
		"a-b.txt":            {"a\u2013b.txt"},                     // a dash
		"twin's.md":          {"twin\u2018s.md", "twin\u2019s.md"}, // two: an ambiguity
		"dont.md":            nil,                                  // a typo is Suggest's
		"out-dir/secret":     nil,                                  // never looks outside
	}
	for in, want := range cases {
		l, err := s.Locate(in)
		must(t, err)
		var got []string
		for _, r := range s.Respelled(l) {
			got = append(got, r.Rel)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("Respelled(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSpellingDifference(t *testing.T) {
	cases := []struct{ written, found, want string }{
		{"caf\u00e9", "cafe\u0301", "in another Unicode normalization (NFC/NFD)"},
		{"don\u2019t", "don't", "with other quotes, dashes or spaces"},
		{"caf\u00e9\u2019s", "cafe\u0301's", "in another Unicode normalization (NFC/NFD) and with other quotes, dashes or spaces"},
	}
	for _, c := range cases {
		if got := SpellingDifference(c.written, c.found); got != c.want {
			t.Errorf("SpellingDifference(%q, %q) = %q, want %q", c.written, c.found, got, c.want)
		}
	}
}

// emptyFiles creates empty files (and their directories) below root.
func emptyFiles(t *testing.T, root string, paths ...string) {
	t.Helper()
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		must(t, os.MkdirAll(filepath.Dir(full), 0o755))
		must(t, os.WriteFile(full, nil, 0o644))
	}
}
