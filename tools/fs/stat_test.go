package fs_test

import (
	"os"
	"path/filepath"
	"testing"
)

func TestStat(t *testing.T) {
	e := newEnv(t)
	project(e)
	must(t, os.Symlink("README.md", filepath.Join(e.root, "readme-link")))
	must(t, os.Chmod(filepath.Join(e.root, "README.md"), 0o640))
	text := e.ok("fs.stat", "README.md")
	assertInOrder(t, text, "README.md\n  type: file · 24 bytes (24 B)\n  mode: -rw-r----- (0640) · modified: ", "\n  mime: text/markdown; charset=utf-8 · text · 2 lines")
	assertInOrder(t, e.ok("fs.stat", "cmd/app"), "cmd/app\n  type: directory · 2 entries\n  mode: drwxr-xr-x (0755)")
	assertInOrder(t, e.ok("fs.stat", "data.bin"), "mime: application/octet-stream · binary")
	assertInOrder(t, e.ok("fs.stat", "readme-link"), "readme-link\n  type: symbolic link -> README.md\n  type: file · 24 bytes")
	many := e.ok("fs.stat", map[string]any{"path": []any{"README.md", "nope.md", "cmd"}})
	assertInOrder(t, many, "README.md\n  type: file", "nope.md\n  error: stat nope.md: no such file or directory", "cmd\n  type: directory · 1 entry")
	assertInOrder(t, e.fail("fs.stat", "READMEE.md"), `fs_stat: "path": stat READMEE.md: no such file or directory; did you mean README.md?`)
	assertInOrder(t, e.fail("fs.stat", map[string]any{"paths": []any{"a", "b"}}), "a\n  error:", "b\n  error:")
}

// TestStatTypesLinkByTarget: fs.stat gives a link's MIME type from its
// target's name.
func TestStatTypesLinkByTarget(t *testing.T) {
	e := newEnv(t)
	e.file("app.js", "console.log(1)\n")
	must(t, os.Symlink("app.js", filepath.Join(e.root, "current")))
	assertInOrder(t, e.ok("fs.stat", "current"), "current\n  type: symbolic link -> app.js", "mime: text/javascript")
}
