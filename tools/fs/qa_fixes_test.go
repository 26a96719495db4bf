package fs_test

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"f0/tools"
)

// TestMissingPathAcrossRoots: with several roots a relative path that
// exists only in another root is named with the call that reads it, and
// the searches that cover one root say where the others are.
func TestMissingPathAcrossRoots(t *testing.T) {
	base := t.TempDir()
	r1, r2 := filepath.Join(base, "r1"), filepath.Join(base, "r2")
	must(t, os.MkdirAll(r1, 0o755))
	must(t, os.MkdirAll(filepath.Join(r2, "pkg"), 0o755))
	must(t, os.WriteFile(filepath.Join(r1, "a.py"), []byte("a\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(r2, "e.py"), []byte("print('e')\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(r2, "pkg", "mod.py"), []byte("x\n"), 0o644))
	p := pipelineFor(t, tools.Config{Access: tools.Read}, r1, r2)
	do := func(tool string, args any) tools.Result {
		return p.Call(context.Background(), tool, args)
	}
	e2 := filepath.Join(r2, "e.py")
	res := do("fs_read", map[string]any{"path": "e.py"})
	assertInOrder(t, res.Text, `fs_read: "path": read e.py: no such file or directory; it exists in another root: `+e2+".",
		`Use it: fs_read {"path":"`+e2+`"}`)
	if got := do("fs_read", map[string]any{"path": e2}); got.IsError {
		t.Fatalf("the suggested call fails: %s", got.Text)
	}
	// A near name in another root is suggested too.
	res = do("fs_read", map[string]any{"path": "pkg/mdo.py"})
	assertInOrder(t, res.Text, "read pkg/mdo.py: no such file or directory; did you mean "+filepath.Join(r2, "pkg", "mod.py")+"?")
	// Several files: the section names the other root.
	res = do("fs_read", map[string]any{"paths": []any{"a.py", "e.py"}})
	assertInOrder(t, res.Text, "==> e.py <==\nerror: read e.py: no such file or directory; it exists in another root: "+e2)
	// Empty answers of the searches over the first root name the others.
	assertInOrder(t, do("fs_find", map[string]any{"pattern": "nothing.py"}).Text, "No path under ./ matches nothing.py",
		"This looked in "+r1+" only; the other roots: "+`fs_find {"path":"`+r2+`","pattern":"nothing.py"}`)
	assertInOrder(t, do("fs_find", map[string]any{"pattern": "mod.py"}).Text, "No path under ./ matches mod.py",
		`the other roots: fs_find {"path":"`+r2+`","pattern":"mod.py"}`)
	assertInOrder(t, do("fs_find", map[string]any{"pattern": "mod.py", "path": r2}).Text, filepath.Join(r2, "pkg", "mod.py"))
	assertInOrder(t, do("fs_search", map[string]any{"pattern": "print"}).Text, `No matches for "print"`,
		`the other roots: fs_search {"path":"`+r2+`","pattern":"print"}`)
	assertInOrder(t, do("fs_list", map[string]any{"glob": "*.md"}).Text, `No entry of ./ matches "*.md".`,
		`the other roots: fs_list {"glob":"*.md","path":"`+r2+`"}`)
	// A search of a directory inside a root does not.
	assertNot(t, do("fs_find", map[string]any{"pattern": "zzz", "path": filepath.Join(r2, "pkg")}).Text, "other roots")
}

// TestFindOnlyIgnoredMatch: when nothing matches but .gitignore hid
// entries, the answer's first hint is the call with gitignore: false.
func TestFindOnlyIgnoredMatch(t *testing.T) {
	e := newEnv(t)
	e.file(".gitignore", "build/\n")
	e.file("build/out.bin", "x")
	res := e.ok("fs.find", "out.bin")
	assertInOrder(t, res, "No path under ./ matches out.bin (looked at ",
		`1 entry ignored by .gitignore was not looked at; include them: fs_find {"gitignore":false,"pattern":"out.bin"}`)
	assertInOrder(t, e.ok("fs.find", map[string]any{"gitignore": false, "pattern": "out.bin"}), "build/out.bin")
}

// TestSearchPageHeadersAreExact pages through a search that stops at the
// budget: every page's status line counts exactly the matches (or files)
// it shows, numbered from the offset, and the next page starts right
// after them.
func TestSearchPageHeadersAreExact(t *testing.T) {
	e := newEnv(t)
	for f := range 150 {
		var b strings.Builder
		for i := range 4 {
			fmt.Fprintf(&b, "needle %d of file %d %s\nother\n", i, f, strings.Repeat("q", 30))
		}
		e.file(fmt.Sprintf("d%d/f%03d.txt", f%5, f), b.String())
	}
	head := regexp.MustCompile(`^(match|matches|file|files) ([\d,]+)(?:-([\d,]+))?(?: in ([\d,]+) files?)? `)
	num := func(s string) int { n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return n }
	for _, filesOnly := range []bool{false, true} {
		args := map[string]any{"pattern": "needle", "filesOnly": filesOnly}
		if filesOnly {
			args["maxBytes"] = 2500
		}
		total, pages := 0, 0
		for args != nil {
			pages++
			res := e.call("fs.search", args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			offset, _ := args["offset"].(float64)
			args = next(t, res.Text)
			if args == nil { // the last page
				assertInOrder(t, res.Text, "600 matches in 150 files under ./ (searched 150 files)")
				if offset > 0 {
					assertInOrder(t, res.Text, fmt.Sprintf("; showing %s %d-", map[bool]string{true: "files", false: "matches"}[filesOnly], int(offset)+1))
				}
			}
			var shown int
			filesSeen := map[string]bool{}
			for _, line := range strings.Split(res.Sections.Body, "\n") {
				name, rest, ok := strings.Cut(line, ":")
				if !ok {
					continue
				}
				if filesOnly && strings.HasSuffix(rest, "matches") || !filesOnly && strings.Contains(rest, ":needle ") {
					shown++
					filesSeen[name] = true
				}
			}
			total += shown
			if args == nil {
				continue
			}
			m := head.FindStringSubmatch(res.Sections.Head)
			if m == nil {
				t.Fatalf("status line %q", res.Sections.Head)
			}
			from, to := num(m[2]), num(cmp.Or(m[3], m[2]))
			if from != int(offset)+1 || to-from+1 != shown {
				t.Errorf("filesOnly=%v page %d: status %q but shows %d from offset %v", filesOnly, pages, res.Sections.Head, shown, offset)
			}
			if !filesOnly && num(m[4]) != len(filesSeen) {
				t.Errorf("page %d: status %q but shows %d files", pages, res.Sections.Head, len(filesSeen))
			}
			if got := args["offset"].(float64); int(got) != to {
				t.Errorf("page %d: shows up to %d, next offset %v", pages, to, got)
			}
		}
		want := map[bool]int{false: 600, true: 150}[filesOnly]
		if total != want || pages < 2 {
			t.Errorf("filesOnly=%v: %d items in %d pages, want %d in several", filesOnly, total, pages, want)
		}
	}
}

// TestSmallerQAFixes: a refused source is reported under "source"; a write
// through a link inside the root names its target; fs.stat types a link by
// its target's name; sort=size lists directories first.
func TestSmallerQAFixes(t *testing.T) {
	e := newEnv(t)
	e.file("real/a.txt", "A\n")
	e.file("app.js", "console.log(1)\n")
	must(t, os.Symlink("real/a.txt", filepath.Join(e.root, "link.txt")))
	must(t, os.Symlink("link.txt", filepath.Join(e.root, "link2")))
	must(t, os.Symlink("app.js", filepath.Join(e.root, "current")))

	for _, tool := range []string{"fs.copy", "fs.move"} {
		text := e.fail(tool, map[string]any{"source": "out-dir/secret", "destination": "copy.txt"})
		assertInOrder(t, text, `"source": `, "outside the allowed roots")
	}
	assertInOrder(t, e.fail("fs.copy", map[string]any{"source": "out-file", "destination": "copy.txt"}),
		`fs_copy: "source": copy out-file: refused: it leads outside the allowed roots`)

	assertInOrder(t, e.fail("fs.write", map[string]any{"path": "link.txt", "content": "B"}),
		"write link.txt: refused: it is a symbolic link to real/a.txt; write to real/a.txt instead")
	assertInOrder(t, e.fail("fs.write", map[string]any{"path": "link2", "content": "B"}),
		"write link2: refused: it is a symbolic link to real/a.txt; write to real/a.txt instead")
	assertInOrder(t, e.fail("fs.edit", map[string]any{"path": "link.txt", "old": "A", "new": "B"}),
		"refused: it is a symbolic link to real/a.txt; write to real/a.txt instead")
	if e.read("real/a.txt") != "A\n" {
		t.Fatal("a refused write changed the target")
	}

	assertInOrder(t, e.ok("fs.stat", "current"), "current\n  type: symbolic link -> app.js", "mime: text/javascript")

	sizes := newEnv(t)
	sizes.file("adir/x", strings.Repeat("x", 5000))
	sizes.file("big.txt", strings.Repeat("b", 100))
	sizes.file("small.txt", "s")
	sizes.file("zdir/y", "y")
	sizes.file("mid.txt", strings.Repeat("m", 50))
	got := sizes.ok("fs.list", map[string]any{"sort": "size"})
	assertInOrder(t, got, "adir/\n", "zdir/\n", "big.txt\n", "mid.txt\n", "small.txt")
}

// TestImageLimit: an image larger than the limit is refused with what can
// be done; a server whose cap allows it offers the call with maxBytes.
func TestImageLimit(t *testing.T) {
	e := newEnv(t)
	big := append(append([]byte{}, pngBytes...), make([]byte, 1<<20)...)
	must(t, os.WriteFile(filepath.Join(e.root, "big.png"), big, 0o644))
	text := e.fail("fs.read", map[string]any{"path": "big.png", "image": true})
	assertInOrder(t, text, `fs_read: "image": big.png is 1.0 MB, 1,398,196 bytes as base64; images are returned up to 1,048,576 bytes as base64 (this call's limit)`,
		`f0 cannot make a smaller copy. Its type, size and dimensions: fs_read {"path":"big.png"}`)
	assertNot(t, e.ok("fs.read", "big.png"), "See the image")
	// A small image is still returned.
	must(t, os.WriteFile(filepath.Join(e.root, "dot.png"), pngBytes, 0o644))
	if res := e.call("fs.read", map[string]any{"path": "dot.png", "image": true}); res.IsError || len(res.Images) != 1 {
		t.Fatalf("small image: %s", res.Text)
	}
	// A server with a larger cap offers the larger budget, which works.
	p := pipelineFor(t, tools.Config{Access: tools.Read, OutputCap: 4 << 20}, e.root)
	res := p.Call(context.Background(), "fs_read", map[string]any{"path": "big.png", "image": true})
	assertInOrder(t, res.Text, `Ask for a larger limit: fs_read {"image":true,"maxBytes":1399220,"path":"big.png"}`)
	res = p.Call(context.Background(), "fs_read", map[string]any{"path": "big.png", "image": true, "maxBytes": 1399220})
	if res.IsError || len(res.Images) != 1 || len(res.Images[0].Data) != len(big) {
		t.Fatalf("image with a larger budget: %s", res.Text)
	}
}
