package vocab

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is a root directory with a few files, and the Env that answers
// for it.
type fixture struct {
	root string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	root := filepath.Join(t.TempDir(), "backend")
	lines := strings.Repeat("line\n", 10)
	files := map[string]string{
		"a.txt":       lines,
		"src/main.go": "package main\n",
		"img.png":     "png",
		"doc.pdf":     "%PDF",
		"nb.ipynb":    "{}",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	return &fixture{root: root}
}

func (f *fixture) path(rel string) string { return filepath.Join(f.root, rel) }

func (f *fixture) PathKind(_ context.Context, p string) PathKind {
	if !filepath.IsAbs(p) {
		p = filepath.Join(f.root, p)
	}
	st, err := os.Stat(p)
	switch {
	case err != nil:
		return PathMissing
	case st.IsDir():
		return PathDir
	}
	return PathFile
}

func (f *fixture) Roots() []string { return []string{f.root} }

// testVocab is the embedded vocabulary.
func testVocab(t testing.TB) *Vocabulary {
	t.Helper()
	v, err := Load(Options{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}
