package vocab

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The fixture (rows.go) is a root directory with a few files; its
// methods here are the Env that answers for it.

func newFixture(t testing.TB) *fixture {
	t.Helper()
	root := filepath.Join(t.TempDir(), "backend")
	for name, body := range FixtureFiles() {
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
