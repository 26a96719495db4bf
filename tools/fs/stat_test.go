package fs_test

import (
	"os"
	"path/filepath"
	"strings"
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

// TestStatCountsLines: the line count of a text file, read from the bytes
// that told its type when they hold the whole file, else from the file again.
func TestStatCountsLines(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"one.txt", "a\n", " · 1 line"},
		{"open.txt", "a\nb", " · 2 lines"},
		{"blank.txt", "\n\n\n", " · 3 lines"},
		{"under.txt", strings.Repeat("abcdefg\n", 1023) + "abcdefg", " · 1,024 lines"}, // 8 KiB less 1: all in the head
		{"probe.txt", strings.Repeat("abcdefg\n", 1024), " · 1,024 lines"},             // 8 KiB: read again
		{"big.txt", strings.Repeat("abcdefg\n", 5000) + "tail", " · 5,001 lines"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file(c.name, c.text)
			if text := e.ok("fs.stat", c.name); !strings.HasSuffix(text, "text/plain; charset=utf-8 · text"+c.want) {
				t.Errorf("want the last line to end %q:\n%s", c.want, text)
			}
		})
	}
}
