package roots

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes root/ with a file, a sibling root-evil/ with a secret, and
// symlinks pointing in and out.
func tree(t *testing.T) (base, root string) {
	t.Helper()
	base = t.TempDir()
	root = filepath.Join(base, "root")
	must(t, os.MkdirAll(filepath.Join(root, "sub"), 0o755))
	must(t, os.MkdirAll(filepath.Join(base, "root-evil"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "sub", "a.txt"), []byte("inside"), 0o600))
	must(t, os.WriteFile(filepath.Join(base, "root-evil", "secret"), []byte("SECRET"), 0o644))
	must(t, os.Symlink(filepath.Join(base, "root-evil", "secret"), filepath.Join(root, "out-file")))
	must(t, os.Symlink(filepath.Join(base, "root-evil"), filepath.Join(root, "out-dir")))
	must(t, os.Symlink("sub/a.txt", filepath.Join(root, "in-file")))
	must(t, os.Symlink(filepath.Join(base, "root-evil", "new"), filepath.Join(root, "dangling")))
	return base, root
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestLocate(t *testing.T) {
	base, root := tree(t)
	s, err := Open([]string{root})
	must(t, err)
	defer s.Close()
	ok := map[string]string{
		"sub/a.txt": "sub/a.txt", "./sub/../sub/a.txt": "sub/a.txt", "": ".", ".": ".",
		filepath.Join(root, "sub"): "sub", root: ".",
	}
	for in, want := range ok {
		l, err := s.Locate(in)
		if err != nil || l.Rel != want {
			t.Errorf("Locate(%q) = %q, %v; want %q", in, l.Rel, err, want)
		}
	}
	for _, bad := range []string{"..", "../root-evil/secret", "sub/../../x", filepath.Join(base, "root-evil", "secret"), "/etc/passwd", "a\x00b"} {
		if _, err := s.Locate(bad); err == nil {
			t.Errorf("Locate(%q) accepted a path outside the root", bad)
		}
	}
	_, err = s.Locate(filepath.Join(base, "root-evil"))
	if !errors.Is(err, ErrOutside) || !strings.Contains(err.Error(), root) {
		t.Errorf("sibling prefix: %v should wrap ErrOutside and name the root", err)
	}
}

func TestSymlinksCannotLeave(t *testing.T) {
	_, root := tree(t)
	s, err := Open([]string{root})
	must(t, err)
	defer s.Close()
	for _, p := range []string{"out-file", "out-dir/secret"} {
		l, err := s.Locate(p)
		must(t, err)
		data, err := l.Root.OS().ReadFile(l.Native())
		if err == nil {
			t.Fatalf("read %s through a symlink out of the root: %q", p, data)
		}
		msg := s.Explain("read", l, err).Error()
		if !strings.Contains(msg, "outside the allowed roots") || strings.Contains(msg, "SECRET") {
			t.Errorf("message %q", msg)
		}
	}
	l, _ := s.Locate("in-file")
	if data, err := l.Root.OS().ReadFile(l.Native()); err != nil || string(data) != "inside" {
		t.Errorf("symlink inside the root: %q, %v", data, err)
	}
}

func TestWriteAtomic(t *testing.T) {
	base, root := tree(t)
	s, err := Open([]string{root})
	must(t, err)
	defer s.Close()

	l, _ := s.Locate("new/dir/f.txt")
	if _, err := s.WriteAtomic(l, strings.NewReader("x"), WriteOptions{}); err == nil {
		t.Error("missing parent without CreateDirs must fail")
	}
	n, err := s.WriteAtomic(l, strings.NewReader("hello"), WriteOptions{CreateDirs: true})
	if err != nil || n != 5 {
		t.Fatalf("write: %d, %v", n, err)
	}
	l2, _ := s.Locate("sub/a.txt")
	_, err = s.WriteAtomic(l2, strings.NewReader("replaced"), WriteOptions{})
	must(t, err)
	info, _ := os.Stat(filepath.Join(root, "sub", "a.txt"))
	if info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v not kept", info.Mode().Perm())
	}
	if _, err := s.WriteAtomic(l2, strings.NewReader("x"), WriteOptions{Exclusive: true}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("exclusive write over an existing file: %v", err)
	}
	for _, p := range []string{"dangling", "out-file", "out-dir/planted"} {
		l, _ := s.Locate(p)
		if _, err := s.WriteAtomic(l, strings.NewReader("x"), WriteOptions{CreateDirs: true}); err == nil {
			t.Errorf("write through %s succeeded", p)
		}
	}
	if _, err := os.Stat(filepath.Join(base, "root-evil", "new")); err == nil {
		t.Error("a write through a dangling symlink created a file outside the root")
	}
	if _, err := os.Stat(filepath.Join(base, "root-evil", "planted")); err == nil {
		t.Error("a write through a directory symlink landed outside the root")
	}
	entries, _ := os.ReadDir(filepath.Join(root, "sub"))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// TestWriteAtomicNotFoundParent names the missing directory.
func TestWriteAtomicNotFoundParent(t *testing.T) {
	_, root := tree(t)
	s, err := Open([]string{root})
	must(t, err)
	defer s.Close()
	l, _ := s.Locate("sbu/new.txt")
	_, err = s.WriteAtomic(l, strings.NewReader("x"), WriteOptions{})
	nf, ok := AsNotFound(err)
	if !ok || nf.Error() != "write into sbu/: no such file or directory; did you mean sub?" {
		t.Errorf("got %v", err)
	}
}
