package fs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestList(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []toolCase{
		{"default", map[string]any{}, "./ · 11 entries\nREADME.md\napp.log\nbuild/\ncmd/\ndangling -> (leads outside the roots)\ndata.bin\nemptydir/\nout-dir -> (leads outside the roots)\nout-file -> (leads outside the roots)\npkg/\nup-file -> (leads outside the roots)\n" +
			"note: skipped .git/, node_modules/ (all: true includes them); 2 hidden entries (hidden: true includes them)."},
		{"bare path", "cmd", "cmd/ · 1 entry\ncmd/app/"},
		{"depth", map[string]any{"path": "pkg", "depth": 3}, "pkg/ · 5 entries · depth 3\npkg/util/\npkg/util/sub/\npkg/util/sub/keep.go\npkg/util/sub/x.gen\npkg/util/util.go\nnote: 1 hidden entry (hidden: true includes them)."},
		{"glob on names", map[string]any{"path": "cmd/app", "glob": "*_test.go"}, "cmd/app/ · 1 entry\ncmd/app/main_test.go"},
		{"path glob lists every level", map[string]any{"glob": "**/*.go"}, "./ · 4 entries · depth unlimited\ncmd/app/main.go\ncmd/app/main_test.go\npkg/util/sub/keep.go\npkg/util/util.go\nnote: skipped .git/, node_modules/ (all: true includes them); 3 hidden entries (hidden: true includes them)."},
		{"hidden and all", map[string]any{"path": ".", "hidden": true, "all": true, "glob": ".*"}, "./ · 4 entries\n.git/\n.gitignore\n.hidden/\n.hidden/h.txt" /* placeholder, fixed below */},
		{"recursive synonym", map[string]any{"directory": "cmd", "levels": 2}, "cmd/ · 3 entries · depth 2\ncmd/app/\ncmd/app/main.go\ncmd/app/main_test.go"},
		{"a file", "README.md", ""},
		{"empty directory", "emptydir", "emptydir/ · 0 entries\n(empty directory)"},
		// Left out, and not entered: pkg/util/sub is not walked.
		{"exclude", map[string]any{"path": "pkg", "depth": 3, "exclude": []any{"sub", "*.go"}}, "pkg/ · 1 entry · depth 3\npkg/util/"},
		{"ignore (Claude Code's LS)", map[string]any{"path": "pkg", "depth": 3, "ignore": "sub"}, "pkg/ · 2 entries · depth 3\npkg/util/\npkg/util/util.go"},
	}
	must(t, os.Mkdir(filepath.Join(e.root, "emptydir"), 0o755))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := e.ok("fs.list", c.args)
			switch c.name {
			case "hidden and all":
				assertInOrder(t, got, "./ · 3 entries", ".git/", ".gitignore", ".hidden/")
				return
			case "a file":
				assertInOrder(t, got, "README.md is a file, not a directory", "  -rw-r--r--  README.md")
				return
			}
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	long := e.ok("fs.list", map[string]any{"path": "cmd/app", "long": true})
	assertInOrder(t, long, "cmd/app/ · 2 entries\n", "     59 B  ", "  -rw-r--r--  cmd/app/main.go\n", "     45 B  ", "cmd/app/main_test.go")
	// Sorting by size puts the largest first.
	e.file("sizes/big.txt", strings.Repeat("x", 5000))
	e.file("sizes/small.txt", "x")
	e.file("sizes/mid.txt", strings.Repeat("x", 50))
	old := time.Now().Add(-time.Hour)
	must(t, os.Chtimes(filepath.Join(e.root, "sizes/big.txt"), old, old))
	if got := e.ok("fs.list", map[string]any{"path": "sizes", "sort": "size"}); got != "sizes/ · 3 entries\nsizes/big.txt\nsizes/mid.txt\nsizes/small.txt" {
		t.Errorf("by size:\n%s", got)
	}
	if got := e.ok("fs.list", map[string]any{"path": "sizes", "sort": "MTIME"}); !strings.HasSuffix(got, "sizes/big.txt") {
		t.Errorf("by time, oldest last:\n%s", got)
	}
	// Errors.
	assertInOrder(t, e.fail("fs.list", "pkg/utill"), `fs_list: "path": list pkg/utill: no such file or directory; did you mean pkg/util?`)
	assertInOrder(t, e.fail("fs.list", map[string]any{"sort": "date"}), `"sort": expected one of "name", "size", "mtime", got "date"`)
	assertInOrder(t, e.fail("fs.list", map[string]any{"glob": "[x"}), `"glob": "[x" is not a valid glob.`)
	assertInOrder(t, e.fail("fs.list", map[string]any{"depht": 2}), `"depht": unknown field; did you mean "depth"?`)
}

// TestListPages lists a big directory through the footer calls.
func TestListPages(t *testing.T) {
	e := newEnv(t)
	for i := range 120 {
		e.file(fmt.Sprintf("many/f%03d.txt", i), "x")
	}
	seen := map[string]bool{}
	args := map[string]any{"path": "many", "maxResults": 50}
	for calls := 0; args != nil; calls++ {
		if calls > 10 {
			t.Fatal("too many calls")
		}
		res := e.call("fs.list", args)
		for _, line := range strings.Split(res.Sections.Body, "\n") {
			if strings.HasPrefix(line, "many/") {
				if seen[line] {
					t.Fatalf("%s listed twice", line)
				}
				seen[line] = true
			}
		}
		args = next(t, res.Text)
	}
	if len(seen) != 120 {
		t.Fatalf("paging listed %d of 120 entries", len(seen))
	}
	res := e.call("fs.list", map[string]any{"path": "many", "maxBytes": 600})
	assertInOrder(t, res.Text, "many/f000.txt", "… [truncated: showed ", `Get the rest: fs_list {"maxBytes":600,"offset":`)
}

// TestListSortBySizePutsDirectoriesFirst: sort=size lists directories
// first, then files from the largest.
func TestListSortBySizePutsDirectoriesFirst(t *testing.T) {
	sizes := newEnv(t)
	sizes.file("adir/x", strings.Repeat("x", 5000))
	sizes.file("big.txt", strings.Repeat("b", 100))
	sizes.file("small.txt", "s")
	sizes.file("zdir/y", "y")
	sizes.file("mid.txt", strings.Repeat("m", 50))
	got := sizes.ok("fs.list", map[string]any{"sort": "size"})
	assertInOrder(t, got, "adir/\n", "zdir/\n", "big.txt\n", "mid.txt\n", "small.txt")
}

// TestListGlobSaysWhatWasNotOpened: a glob that matches nothing within the
// depth says so of the depth, not of the directory, and names what it
// matches deeper (or that nothing does).
func TestListGlobSaysWhatWasNotOpened(t *testing.T) {
	e := newEnv(t)
	e.file("web/src/components/List.tsx", "x\n")
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"depth 2", map[string]any{"path": "web", "glob": "**/*.tsx", "depth": 2},
			"No entry of web/ down to depth 2 matches \"**/*.tsx\". Deeper, it matches:\nweb/src/components/List.tsx"},
		{"nothing deeper either", map[string]any{"path": "web", "glob": "**/*.go", "depth": 2},
			`No entry of web/ down to depth 2 matches "**/*.go", nor does any entry deeper.`},
		{"deep enough", map[string]any{"path": "web", "glob": "**/*.tsx", "depth": 3}, "web/src/components/List.tsx"},
		{"nothing deeper", map[string]any{"path": "web/src/components", "glob": "*.go"}, `No entry of web/src/components/ matches "*.go".`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := e.ok("fs.list", c.args); !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestListIgnoreFiles: ignoreFiles names more ignore files, read as
// .gitignore is, with or without gitignore.
func TestListIgnoreFiles(t *testing.T) {
	e := newEnv(t)
	e.file("w/.gitignore", "gen/\n")
	e.file("w/.geminiignore", "secret.txt\n")
	e.file("w/a.go", "a\n")
	e.file("w/gen/g.go", "g\n")
	e.file("w/secret.txt", "s\n")
	cases := []toolCase{
		{"both", map[string]any{"path": "w", "gitignore": true, "ignoreFiles": []any{".geminiignore"}},
			"w/ · 1 entry\nw/a.go\nnote: 2 hidden entries (hidden: true includes them); 2 entries ignored by .gitignore or .geminiignore (gitignore: false with ignoreFiles: [] includes them)."},
		{"only the other file", map[string]any{"path": "w", "ignoreFiles": []any{".geminiignore"}},
			"w/ · 2 entries\nw/a.go\nw/gen/\nnote: 2 hidden entries (hidden: true includes them); 1 entry ignored by .geminiignore (ignoreFiles: [] includes them)."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.TrimSpace(e.ok("fs.list", c.args)); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
