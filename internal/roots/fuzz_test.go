package roots

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// FuzzConfine feeds arbitrary paths (with $ROOT and $BASE standing for the
// root and the directory around it, so that absolute paths near the root
// are explored too) to every kind of access, and checks that nothing
// outside the root is ever opened, read, written or removed:
//   - Locate only returns locations lexically inside the root;
//   - every file or directory actually opened is inside the root, as the
//     kernel reports it (/proc/self/fd on Linux);
//   - no content from outside ever comes back, in data or messages;
//   - the tree outside the root is unchanged afterwards.
//
// Seed corpus: testdata/fuzz/FuzzConfine. Run longer with
// go test ./internal/roots -run '^$' -fuzz FuzzConfine -fuzztime 60s.
func FuzzConfine(f *testing.F) {
	for _, p := range []string{
		"..", "../root-evil/secret", "sub/../../root-evil/secret", "out-file", "out-dir/secret", "out-dir/../root-evil/secret",
		"dangling", "in-file", "sub/a.txt", "", ".", "./", "//", "sub//a.txt", "a\x00b", "/etc/passwd",
		"$BASE/root-evil/secret", "$ROOT/../root-evil/secret", "$ROOT-evil/secret", "$ROOT/out-dir/x", "$ROOT/sub/a.txt",
		"sub/a.txt/..", "out-dir/", "out-dir/.", "sub/./../out-file", "\\..\\root-evil", "~/.ssh/id_rsa", "sub/mian.txt",
	} {
		for op := range uint8(8) {
			f.Add(p, op)
		}
	}
	f.Fuzz(func(t *testing.T, p string, op uint8) {
		base, root := tree(t)
		outside := filepath.Join(base, "root-evil")
		before := snapshotTree(outside)
		p = strings.NewReplacer("$ROOT", root, "$BASE", base).Replace(p)
		s, err := Open([]string{root})
		must(t, err)
		defer s.Close()
		defer func() {
			if after := snapshotTree(outside); after != before {
				t.Fatalf("%q (op %d) changed the outside:\n%s\n→\n%s", p, op, before, after)
			}
		}()
		l, err := s.Locate(p)
		if err != nil {
			noSecret(t, err.Error())
			return
		}
		if _, ok := within(root, l.Abs()); !ok || l.Root.Dir != root {
			t.Fatalf("Locate(%q) = %s, outside the root", p, l.Abs())
		}
		r := l.Root.OS()
		ctx := context.Background()
		switch op % 8 {
		case 0:
			if f, err := l.Open(); err == nil {
				checkInside(t, f, root)
				data, _ := io.ReadAll(io.LimitReader(f, 1<<20))
				noSecret(t, string(data))
				f.Close()
			} else {
				noSecret(t, s.Explain("read", l, err).Error())
			}
		case 1:
			if d, err := r.OpenRoot(l.Native()); err == nil {
				if f, err := d.Open("."); err == nil {
					checkInside(t, f, root)
					names, _ := f.Readdirnames(-1)
					for _, n := range names {
						if n == "secret" {
							t.Fatalf("%q listed the outside directory", p)
						}
					}
					f.Close()
				}
				fs.WalkDir(d.FS(), ".", func(q string, de fs.DirEntry, err error) error {
					if err == nil && de.Type().IsRegular() {
						data, _ := fs.ReadFile(d.FS(), q)
						noSecret(t, string(data))
					}
					return nil
				})
				d.Close()
			}
		case 2:
			_, err := s.WriteAtomic(l, strings.NewReader("written"), WriteOptions{CreateDirs: true})
			if err != nil {
				noSecret(t, err.Error())
			}
		case 3:
			r.MkdirAll(l.Native(), 0o755)
		case 4:
			if !l.IsRoot() {
				r.RemoveAll(l.Native())
			}
		case 5:
			dst, _ := s.Locate("copied")
			if _, err := s.Copy(ctx, l, dst, CopyOptions{Overwrite: true}); err != nil {
				noSecret(t, err.Error())
			}
			src, _ := s.Locate("sub/a.txt")
			s.Copy(ctx, src, l, CopyOptions{Overwrite: true})
		case 6:
			dst, _ := s.Locate("moved")
			if _, err := s.Move(ctx, l, dst, CopyOptions{}); err != nil {
				noSecret(t, err.Error())
			}
			src, _ := s.Locate("in-file")
			s.Move(ctx, src, l, CopyOptions{Overwrite: true})
		case 7:
			for _, sug := range s.Suggest(l) {
				if strings.Contains(sug, "secret") {
					t.Fatalf("suggested an outside name: %s", sug)
				}
			}
			_, err := r.Stat(l.Native())
			if err != nil {
				noSecret(t, s.Explain("stat", l, err).Error())
			}
		}
		// Nothing inside may hold outside content afterwards.
		filepath.WalkDir(root, func(q string, de fs.DirEntry, err error) error {
			if err == nil && de.Type().IsRegular() {
				data, _ := os.ReadFile(q)
				noSecret(t, string(data))
			}
			return nil
		})
	})
}

func noSecret(t *testing.T, s string) {
	t.Helper()
	if strings.Contains(s, "SECRET") {
		t.Fatalf("outside content leaked: %q", s)
	}
}

// checkInside asks the kernel where an open file is.
func checkInside(t *testing.T, f *os.File, root string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	where, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", f.Fd()))
	if err != nil {
		return
	}
	if where != root && !strings.HasPrefix(where, root+string(filepath.Separator)) {
		t.Fatalf("opened %s, outside the root %s", where, root)
	}
}

// snapshotTree lists a tree with its file contents and modes.
func snapshotTree(dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		info, _ := d.Info()
		fmt.Fprintf(&b, "%s %v", p, info.Mode())
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, " %q", data)
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}
