package fs_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// project makes a small repository-like tree.
func project(e *env) {
	e.file(".gitignore", "build/\n*.log\n")
	e.file(".hidden/h.txt", "TODO hidden\n")
	e.file("node_modules/pkg/index.js", "TODO dependency\n")
	e.file(".git/HEAD", "ref: TODO\n")
	e.file("build/out.txt", "TODO built\n")
	e.file("app.log", "TODO log\n")
	e.file("README.md", "# Demo\nTODO: write docs\n")
	e.file("cmd/app/main.go", "package main\n\nfunc main() {\n\trun() // TODO handle errors\n}\n")
	e.file("cmd/app/main_test.go", "package main\n\nfunc TestMain(t *testing.T) {}\n")
	e.file("pkg/util/util.go", "package util\n\n// TODO: more\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 2 // TODO\n}\n")
	e.file("pkg/util/sub/.gitignore", "*.gen\n")
	e.file("pkg/util/sub/x.gen", "TODO generated\n")
	e.file("pkg/util/sub/keep.go", "package sub // TODO\n")
	e.file("data.bin", "TODO\x00binary")
}

func TestList(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []struct {
		name string
		args any
		want string
	}{
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

func TestFind(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []struct {
		name string
		args any
		want string
	}{
		{"bare name", "main.go", "1 path matching main.go under ./\ncmd/app/main.go"},
		{"doublestar", map[string]any{"pattern": "**/*.go"}, "4 paths matching **/*.go under ./\ncmd/app/main.go\ncmd/app/main_test.go\npkg/util/sub/keep.go\npkg/util/util.go"},
		{"static prefix", map[string]any{"pattern": "pkg/**/*.go"}, "2 paths matching pkg/**/*.go under pkg/\npkg/util/sub/keep.go\npkg/util/util.go"},
		{"in a directory", map[string]any{"pattern": "*_test.go", "path": "cmd"}, "1 path matching *_test.go under cmd/\ncmd/app/main_test.go"},
		{"directories", map[string]any{"pattern": "*", "type": "dir"}, "5 directories matching * under ./\ncmd/\ncmd/app/\npkg/\npkg/util/\npkg/util/sub/"},
		{"ignore case", map[string]any{"pattern": "readme*", "ignoreCase": true}, "1 path matching readme* under ./\nREADME.md"},
		{"gitignore off", map[string]any{"pattern": "*.gen", "gitignore": false}, "1 path matching *.gen under ./\npkg/util/sub/x.gen"},
		{"alternatives", map[string]any{"pattern": "*.{md,log}", "gitignore": "no"}, "2 paths matching *.{md,log} under ./\nREADME.md\napp.log"},
		{"absolute pattern", map[string]any{"pattern": filepath.Join(e.root, "cmd", "**", "main.go")}, "1 path matching " + filepath.Join(e.root, "cmd", "**", "main.go") + " under cmd/\ncmd/app/main.go"},
		{"glob synonym", map[string]any{"glob": "keep.go"}, "1 path matching keep.go under ./\npkg/util/sub/keep.go"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := e.ok("fs.find", c.args)
			got, _, _ = strings.Cut(got, "\nnote:")
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	assertInOrder(t, e.ok("fs.find", "*.gen"), "No path under ./ matches *.gen (looked at ", "note: ", "3 entries ignored by .gitignore (gitignore: false includes them)")
	assertInOrder(t, e.ok("fs.find", "Main.go"), `No path under ./ matches Main.go`, `To ignore case: fs_find {"ignoreCase":true,"pattern":"Main.go"}`)
	assertInOrder(t, e.fail("fs.find", map[string]any{}), `"pattern": is required but missing`, `Example: fs_find {"pattern":"**/*_test.go"}`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "a[", "path": "."}), `"pattern": "a[" is not a valid glob.`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "path": "cmdd"}), `find in cmdd: no such file or directory; did you mean cmd?`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "type": "symlink"}), `"type": expected one of "file", "dir", "any", got "symlink"`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "path": "README.md"}), `"path": README.md is a file; fs_find searches directories.`)
}

func TestSearch(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []struct {
		name string
		args any
		want string
	}{
		{"literal default", "TODO", "5 matches in 4 files under ./ (searched 6 files)\nREADME.md: 1 match\nREADME.md:2:TODO: write docs\n\ncmd/app/main.go: 1 match\ncmd/app/main.go:4:\trun() // TODO handle errors\n\npkg/util/sub/keep.go: 1 match\npkg/util/sub/keep.go:1:package sub // TODO\n\npkg/util/util.go: 2 matches\npkg/util/util.go:3:// TODO: more\npkg/util/util.go:9:\treturn 2 // TODO"},
		{"regex in a directory", map[string]any{"pattern": `func [AB]\(\)`, "path": "pkg"}, "2 matches in 1 file under pkg/ (searched 2 files)\npkg/util/util.go: 2 matches\npkg/util/util.go:4:func A() int {\npkg/util/util.go:8:func B() int {"},
		{"context", map[string]any{"query": "return", "path": "pkg/util/util.go", "context": 1}, "2 matches in pkg/util/util.go\npkg/util/util.go: 2 matches\npkg/util/util.go-4-func A() int {\npkg/util/util.go:5:\treturn 1\npkg/util/util.go-6-}\n--\npkg/util/util.go-8-func B() int {\npkg/util/util.go:9:\treturn 2 // TODO\npkg/util/util.go-10-}"},
		{"before only", map[string]any{"pattern": "return 2", "before": 2, "path": "pkg"}, "1 match in 1 file under pkg/ (searched 2 files)\npkg/util/util.go: 1 match\npkg/util/util.go-7-\npkg/util/util.go-8-func B() int {\npkg/util/util.go:9:\treturn 2 // TODO"},
		{"files only", map[string]any{"pattern": "todo", "ignoreCase": true, "filesOnly": true}, "5 matches in 4 files under ./ (searched 6 files)\nREADME.md: 1 match\ncmd/app/main.go: 1 match\npkg/util/sub/keep.go: 1 match\npkg/util/util.go: 2 matches"},
		{"glob", map[string]any{"pattern": "TODO", "glob": "*.go", "filesOnly": true}, "4 matches in 3 files under ./ (searched 4 files)\ncmd/app/main.go: 1 match\npkg/util/sub/keep.go: 1 match\npkg/util/util.go: 2 matches"},
		{"glob as a CLI string and exclude", map[string]any{"pattern": "TODO", "glob": "*.go", "exclude": "sub", "filesOnly": "true"}, "3 matches in 2 files under ./ (searched 3 files)\ncmd/app/main.go: 1 match\npkg/util/util.go: 2 matches"},
		{"negated glob", map[string]any{"pattern": "TODO", "glob": []any{"*.go", "!util.go"}, "filesOnly": true}, "2 matches in 2 files under ./ (searched 3 files)\ncmd/app/main.go: 1 match\npkg/util/sub/keep.go: 1 match"},
		{"path glob", map[string]any{"pattern": "TODO", "include": "cmd/**/*.go", "filesOnly": true}, "1 match in 1 file under ./ (searched 2 files)\ncmd/app/main.go: 1 match"},
		{"everything", map[string]any{"pattern": "TODO", "hidden": true, "all": true, "gitignore": false, "filesOnly": true}, "11 matches in 10 files under ./ (searched 14 files)\n.git/HEAD: 1 match\n.hidden/h.txt: 1 match\nREADME.md"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := e.ok("fs.search", c.args)
			got, _, _ = strings.Cut(got, "\nnote:")
			if c.name == "everything" {
				assertInOrder(t, got, c.want)
				return
			}
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	assertInOrder(t, e.ok("fs.search", "TODO"), "note: skipped 1 binary file.", "note: skipped .git/, node_modules/ (all: true includes them); 3 hidden entries (hidden: true includes them); 3 entries ignored by .gitignore (gitignore: false includes them).")
	assertInOrder(t, e.ok("fs.search", map[string]any{"pattern": "run(", "filesOnly": true}),
		"1 match in 1 file", `note: "run(" is not a valid regular expression (missing closing ): `+"`run(`"+`), so it was searched as plain text; say literal: true to do that on purpose`)
	assertInOrder(t, e.ok("fs.search", "nothing-like-this"), `No matches for "nothing-like-this" in 6 files under ./. To ignore case: fs_search {"ignoreCase":true,"pattern":"nothing-like-this"}`)
	assertInOrder(t, e.ok("fs.search", map[string]any{"pattern": "TODO", "offset": 50}), "No more matches after the first 50.")
	assertInOrder(t, e.fail("fs.search", map[string]any{"path": "pkg"}), `"pattern": is required but missing`, `Example: fs_search {"glob":["*.go"],"pattern":"func main"}`)
	assertInOrder(t, e.fail("fs.search", map[string]any{"pattern": "x", "path": "pkk"}), `search pkk: no such file or directory; did you mean pkg?`)
	assertInOrder(t, e.fail("fs.search", map[string]any{"pattern": "x", "glob": "[a"}), `"glob": "[a" is not a valid glob.`)
	assertInOrder(t, e.fail("fs.search", map[string]any{"pattern": "x", "context": 500}), `"context": must be at most 50, got 500`)
	assertInOrder(t, e.fail("fs.search", map[string]any{"patern": "x"}), `"patern": unknown field; did you mean "pattern"?`)
	// Grep is another agent's name for fs.search; after a server prefix too.
	res := e.p.Call(context.Background(), "fs_grep", map[string]any{"pattern": "x"})
	assertInOrder(t, res.Text, `No matches for "x"`, `note: "fs_grep" is another server's tool name; ran fs_search`)
}

// TestSearchPages pages through many matches with the footer calls and
// gets every match exactly once, in order.
func TestSearchPages(t *testing.T) {
	e := newEnv(t)
	want := 0
	for f := range 30 {
		var b strings.Builder
		for i := range 40 {
			if (i+f)%3 == 0 {
				fmt.Fprintf(&b, "match %d in file %d %s\n", i, f, strings.Repeat("z", 40))
				want++
			} else {
				b.WriteString("other\n")
			}
		}
		e.file(fmt.Sprintf("d%d/f%02d.txt", f%4, f), b.String())
	}
	var got []string
	args := map[string]any{"pattern": "match", "maxBytes": 3000}
	for calls := 0; args != nil; calls++ {
		if calls > 100 {
			t.Fatal("too many calls")
		}
		res := e.call("fs.search", args)
		if res.IsError || len(res.Text) > 3000 {
			t.Fatalf("error or over budget (%d bytes):\n%s", len(res.Text), res.Text)
		}
		for _, line := range strings.Split(res.Sections.Body, "\n") {
			if strings.Contains(line, ":match ") {
				got = append(got, line)
			}
		}
		args = next(t, res.Text)
	}
	if len(got) != want {
		t.Fatalf("paging returned %d matches, want %d", len(got), want)
	}
	seen := map[string]bool{}
	for _, g := range got {
		if seen[g] {
			t.Fatalf("%s twice", g)
		}
		seen[g] = true
	}
	// maxResults stops with a footer too.
	res := e.call("fs.search", map[string]any{"pattern": "match", "maxResults": 3})
	assertInOrder(t, res.Text, "matches 1-3 in 1 file under ./ (stopped at the output budget or maxResults; searched 1 file so far)", `Get the rest: fs_search {"maxResults":3,"offset":3,"pattern":"match"}`)
}

func TestSearchLongLinesAndEncodings(t *testing.T) {
	e := newEnv(t)
	e.file("min.js", strings.Repeat("a", 5000)+"NEEDLE"+strings.Repeat("b", 5000)+"\n")
	e.file("latin1.txt", "caf\xe9 NEEDLE\r\n")
	got := e.ok("fs.search", "NEEDLE")
	assertInOrder(t, got, "latin1.txt:1:caf\uFFFD NEEDLE\n", "min.js:1:…aaaa", "NEEDLEbbbb", "b …[line of 9.8 KB]")
	if strings.Contains(got, "NEEDLE\r") {
		t.Error("carriage return shown")
	}
}

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
