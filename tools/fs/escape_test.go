package fs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestEscapesAreRefused sends every way out of the root the issue lists to
// every tool that takes a path, on real symlinks. Each call must fail with
// an error that names the root and shows nothing from outside; the
// directory outside must not change (checked when the test ends).
func TestEscapesAreRefused(t *testing.T) {
	e := newEnv(t)
	e.file("sub/a.txt", "inside\n")
	abs := func(p string) string { return filepath.Join(e.base, p) }
	outsidePaths := map[string]string{
		"dotdot":         "../root-evil/secret",
		"deep dotdot":    "sub/../../root-evil/secret",
		"absolute":       abs("root-evil/secret"),
		"sibling prefix": abs("root-evil"),
		"etc":            "/etc/passwd",
		"file symlink":   "out-file",
		"relative link":  "up-file",
		"dir symlink":    "out-dir/secret",
		"NUL byte":       "sub/a.txt\x00.png",
	}
	type call struct {
		tool string
		args func(p string) map[string]any
	}
	calls := []call{
		{"fs.read", func(p string) map[string]any { return map[string]any{"path": p} }},
		{"fs.read", func(p string) map[string]any { return map[string]any{"paths": []any{p, p}} }},
		{"fs.stat", func(p string) map[string]any { return map[string]any{"path": filepath.Join(p, "x")} }},
		{"fs.list", func(p string) map[string]any { return map[string]any{"path": p} }},
		{"fs.search", func(p string) map[string]any { return map[string]any{"pattern": "SECRET", "path": p} }},
		{"fs.write", func(p string) map[string]any { return map[string]any{"path": p, "content": "x"} }},
		{"fs.write", func(p string) map[string]any { return map[string]any{"path": p, "content": "x", "mode": "append"} }},
		{"fs.edit", func(p string) map[string]any {
			return map[string]any{"path": p, "edits": []any{map[string]any{"oldText": "SECRET", "newText": "x"}}}
		}},
		{"fs.mkdir", func(p string) map[string]any { return map[string]any{"path": filepath.Join(p, "d")} }},
		{"fs.copy", func(p string) map[string]any { return map[string]any{"source": p, "destination": "copied"} }},
		{"fs.copy", func(p string) map[string]any {
			return map[string]any{"source": "sub/a.txt", "destination": filepath.Join(p, "x")}
		}},
		{"fs.move", func(p string) map[string]any {
			return map[string]any{"source": "sub/a.txt", "destination": filepath.Join(p, "x")}
		}},
		{"fs.delete", func(p string) map[string]any { return map[string]any{"path": filepath.Join(p, "x"), "recursive": true} }},
	}
	for name, p := range outsidePaths {
		for _, c := range calls {
			args := c.args(p)
			if strings.Contains(name, "link") && c.tool == "fs.stat" || (name == "file symlink" || name == "relative link") && (c.tool == "fs.delete" || c.tool == "fs.mkdir") {
				continue // these act on the link itself (inside) or below a file: covered elsewhere
			}
			t.Run(fmt.Sprintf("%s/%s/%v", name, c.tool, args), func(t *testing.T) {
				text := e.fail(c.tool, args)
				if !strings.Contains(text, e.root) && !strings.Contains(text, "no such file") && !strings.Contains(text, "not a directory") {
					t.Errorf("the refusal does not name the root %s:\n%s", e.root, text)
				}
				assertNot(t, text, secret)
			})
		}
	}
	if got := e.read("sub/a.txt"); got != "inside\n" {
		t.Errorf("the file inside changed: %q", got)
	}
}

// TestWalksStayInside checks that listings, finds and searches over the
// whole root neither read nor descend through links that leave it.
func TestWalksStayInside(t *testing.T) {
	e := newEnv(t)
	e.file("sub/a.txt", "inside SECRET-OUTSIDE? no\n")
	text := e.ok("fs.search", map[string]any{"pattern": "SECRET-OUTSIDE-CON.ENT", "hidden": true, "all": true, "gitignore": false})
	assertInOrder(t, text, "No matches")
	text = e.ok("fs.list", map[string]any{"depth": 5, "hidden": true, "all": true})
	assertInOrder(t, text, "dangling -> (leads outside the roots)", "out-dir -> (leads outside the roots)", "out-file -> (leads outside the roots)", "sub/", "sub/a.txt")
	assertNot(t, text, "root-evil", "out-dir/secret")
	text = e.ok("fs.find", map[string]any{"pattern": "**/secret*", "hidden": true})
	assertInOrder(t, text, "No path")
	text = e.ok("fs.stat", map[string]any{"path": "out-file"})
	assertInOrder(t, text, "out-file", "type: symbolic link -> (leads outside the roots)")
	assertNot(t, text, "root-evil")
}

// TestLinksInsideAreFollowed keeps links that stay inside working.
func TestLinksInsideAreFollowed(t *testing.T) {
	e := newEnv(t)
	e.file("sub/a.txt", "inside\n")
	must(t, os.Symlink("sub/a.txt", filepath.Join(e.root, "in-file")))
	must(t, os.Symlink("sub", filepath.Join(e.root, "in-dir")))
	assertInOrder(t, e.ok("fs.read", "in-file"), "inside")
	assertInOrder(t, e.ok("fs.read", "in-dir/a.txt"), "inside")
	assertInOrder(t, e.ok("fs.stat", "in-file"), "type: symbolic link -> sub/a.txt")
	assertInOrder(t, e.ok("fs.list", map[string]any{"path": "."}), "in-dir -> sub/", "in-file -> sub/a.txt")
	assertInOrder(t, e.ok("fs.search", map[string]any{"pattern": "inside"}), "in-file:1:inside", "sub/a.txt:1:inside")
}

// TestWritesThroughLinks: a dangling link, a link out of the root and a
// directory link out of the root never let a write land outside.
func TestWritesThroughLinks(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"path": "dangling", "content": "x"}, "write dangling: refused: it is a symbolic link that leads outside the allowed roots (" + e.root + " — set by --root) or nowhere"},
		{map[string]any{"path": "out-file", "content": "x"}, "refused"},
		{map[string]any{"path": "out-dir/planted", "content": "x"}, "refused: it leads outside the allowed roots (" + e.root + " — set by --root)"},
		{map[string]any{"path": "out-dir/new/planted", "content": "x"}, "refused"},
		{map[string]any{"path": "dangling", "content": "x", "mode": "create"}, "already exists"},
	}
	for _, c := range cases {
		text := e.fail("fs.write", c.args)
		assertInOrder(t, text, c.want)
	}
	if _, err := os.Lstat(filepath.Join(e.outside, "new")); err == nil {
		t.Fatal("a write through a dangling link created a file outside")
	}
}

// TestRenameAndCopyTargetsOutside covers a move or copy whose destination
// leaves the root, directly or through a link.
func TestRenameAndCopyTargetsOutside(t *testing.T) {
	e := newEnv(t)
	e.file("a.txt", "A\n")
	e.file("dir/b.txt", "B\n")
	for _, tool := range []string{"fs.move", "fs.copy"} {
		for _, dst := range []string{"../root-evil/a.txt", filepath.Join(e.outside, "a.txt"), "out-dir/a.txt", "out-dir/", "out-dir/new/"} {
			for _, src := range []string{"a.txt", "dir"} {
				text := e.fail(tool, map[string]any{"source": src, "destination": dst})
				assertInOrder(t, text, "outside the allowed roots")
			}
		}
		// The link's own name is inside: it exists, and is only replaced on request.
		text := e.fail(tool, map[string]any{"source": "a.txt", "destination": "out-dir"})
		assertInOrder(t, text, "the destination out-dir already exists (a symbolic link)")
	}
	if e.read("a.txt") != "A\n" || e.read("dir/b.txt") != "B\n" {
		t.Fatal("a refused move lost its source")
	}
	// Copying a directory that holds a link out of the root leaves the link out.
	must(t, os.Symlink(filepath.Join(e.outside, "secret"), filepath.Join(e.root, "dir", "leak")))
	text := e.ok("fs.copy", map[string]any{"source": "dir", "destination": "dir2"})
	assertInOrder(t, text, "copied dir → dir2", "note: left out 1 entry: dir/leak (a link leading outside the copied directory, or dangling)")
	if e.read("dir2/leak") != "<missing>" || e.read("dir2/b.txt") != "B\n" {
		t.Fatal("copy followed a link out of the root, or lost a file")
	}
}

// TestDeleteNeverLeaves deletes links, not what they point to, and never a
// root.
func TestDeleteNeverLeaves(t *testing.T) {
	e := newEnv(t)
	assertInOrder(t, e.ok("fs.delete", "out-file"), "deleted out-file (symbolic link; what it pointed to is untouched)")
	assertInOrder(t, e.ok("fs.delete", "out-dir"), "deleted out-dir (symbolic link")
	for _, p := range []string{".", e.root, "sub/..", "./"} {
		text := e.fail("fs.delete", map[string]any{"path": p, "recursive": true})
		assertInOrder(t, text, "is a root directory; fs_delete never deletes a root")
	}
}

// TestDirectorySwappedForSymlink runs walks, reads, writes, copies and
// deletes while another goroutine keeps swapping a directory for a link
// to the outside. Whatever the interleaving, nothing outside is read or
// changed (the env checks the outside tree when the test ends).
func TestDirectorySwappedForSymlink(t *testing.T) {
	e := newEnv(t)
	flip := filepath.Join(e.root, "flip")
	for i := range 20 {
		e.file(fmt.Sprintf("flip/sub%d/x.txt", i), "INSIDE\n")
	}
	must(t, os.Symlink(e.outside, filepath.Join(e.root, "flip.link")))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				os.Rename(flip, filepath.Join(e.root, "flip.link"))
				os.Rename(filepath.Join(e.root, "flip.dir"), flip)
				return
			default:
			}
			// dir → aside, link → in place; then back.
			os.Rename(flip, filepath.Join(e.root, "flip.dir"))
			os.Rename(filepath.Join(e.root, "flip.link"), flip)
			os.Rename(flip, filepath.Join(e.root, "flip.link"))
			os.Rename(filepath.Join(e.root, "flip.dir"), flip)
		}
	}()
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"fs.search", map[string]any{"pattern": "SECRET|INSIDE", "path": "flip"}},
		{"fs.search", map[string]any{"pattern": "SECRET|INSIDE", "hidden": true}},
		{"fs.list", map[string]any{"path": "flip", "depth": 3}},
		{"fs.find", map[string]any{"pattern": "**/*", "path": "flip"}},
		{"fs.read", map[string]any{"path": "flip/sub1/x.txt"}},
		{"fs.read", map[string]any{"path": "flip/secret"}},
		{"fs.stat", map[string]any{"path": "flip/secret"}},
		{"fs.write", map[string]any{"path": "flip/sub2/new.txt", "content": "new"}},
		{"fs.write", map[string]any{"path": "flip/planted.txt", "content": "planted"}},
		{"fs.edit", map[string]any{"path": "flip/secret", "edits": []any{map[string]any{"oldText": "SECRET", "newText": "x"}}}},
		{"fs.copy", map[string]any{"source": "flip", "destination": "copy", "overwrite": true}},
		{"fs.copy", map[string]any{"source": "flip/secret", "destination": "stolen"}},
		{"fs.mkdir", map[string]any{"path": "flip/made/deep"}},
		{"fs.delete", map[string]any{"path": "flip/sub3", "recursive": true}},
		{"fs.delete", map[string]any{"path": "flip/secret"}},
		{"fs.move", map[string]any{"source": "flip/secret", "destination": "moved"}},
	}
	for range 15 {
		for _, c := range calls {
			e.call(c.tool, c.args) // e.call fails the test on outside content
		}
	}
	close(stop)
	wg.Wait()
	if data := e.read("stolen"); strings.Contains(data, secret) {
		t.Fatal("a copy brought outside content in")
	}
	filepath.WalkDir(e.root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if data, _ := os.ReadFile(p); strings.Contains(string(data), secret) {
				t.Errorf("%s holds outside content", p)
			}
		}
		return nil
	})
}
