package fs_test

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestSearch(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []toolCase{
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
	assertInOrder(t, res.Text, `No matches for "x"`, `note: "fs_grep" is mistral-vibe's tool name; ran fs_search (pattern "x" → ignoreCase true)`, "read as mistral-vibe's, whose answer contains the other's")
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
		if res.IsError || len(res.Sections.Body) > 3000 {
			t.Fatalf("error or a body over maxBytes (%d bytes):\n%s", len(res.Sections.Body), res.Text)
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

// spanFiles writes the files the tests of maxPerFile, excludePattern and
// multiline search.
func spanFiles(e *env) {
	e.file("a.go", "func A() {\n\treturn err\n}\n\nfunc B() {\n\tif err != nil {\n\t\treturn err\n\t}\n}\n")
	e.file("b.go", "// err one\n// err two\n// err three\n")
}

// TestSearchMaxPerFile stops after N matching lines in each file, as grep
// -m N does, under its own name and grep's and rg's.
func TestSearchMaxPerFile(t *testing.T) {
	e := newEnv(t)
	spanFiles(e)
	e.cases(t, "fs.search", []toolCase{
		{"two a file", map[string]any{"pattern": "err", "maxPerFile": 2},
			"4 matches in 2 files under ./ (searched 2 files)\na.go: 2 matches\na.go:2:\treturn err\na.go:6:\tif err != nil {\n\nb.go: 2 matches\nb.go:1:// err one\nb.go:2:// err two\nnote: showed at most 2 matches a file (maxPerFile); 2 files have more."},
		{"maxCount is per file, with after-context", map[string]any{"pattern": "err", "maxCount": 1, "after": 1},
			"2 matches in 2 files under ./ (searched 2 files)\na.go: 1 match\na.go:2:\treturn err\na.go-3-}\n\nb.go: 1 match\nb.go:1:// err one\nb.go-2-// err two\nnote: showed at most 1 match a file (maxPerFile); 2 files have more."},
		{"max_count with filesOnly", map[string]any{"pattern": "err", "max_count": 1, "filesOnly": true},
			"2 matches in 2 files under ./ (searched 2 files)\na.go: 1 match\nb.go: 1 match\nnote: showed at most 1 match a file (maxPerFile); 2 files have more."},
		{"a cap no file reaches", map[string]any{"pattern": "err", "m": 3, "path": "a.go"},
			"3 matches in a.go\na.go: 3 matches\na.go:2:\treturn err\na.go:6:\tif err != nil {\na.go:7:\t\treturn err"},
	})
	shellCases(t, e, []toolCase{
		{"grep -m", "grep -m 1 err b.go", "1 match in b.go\nb.go: 1 match\nb.go:1:// err one\n"},
		{"grep --max-count=", "grep --max-count=2 err b.go", "2 matches in b.go\nb.go: 2 matches\nb.go:1:// err one\nb.go:2:// err two\n"},
		{"rg -m", "rg -m1 err", "2 matches in 2 files under ./ (searched 2 files)\na.go: 1 match\na.go:2:\treturn err\n\nb.go: 1 match\nb.go:1:// err one\n"},
	})
	assertInOrder(t, e.fail("fs.search", map[string]any{"pattern": "err", "maxPerFile": 0}), `"maxPerFile": must be at least 1, got 0`)
}

// shellCases runs grep and rg command lines as a shell tool's call: each
// answer starts with want (the notes that follow say how it was read).
func shellCases(t *testing.T, e *env, cases []toolCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.p.Call(context.Background(), "bash", map[string]any{"command": c.args})
			if res.IsError || !strings.HasPrefix(res.Text, c.want) {
				t.Errorf("got:\n%s\nwant it to start with:\n%s", res.Text, c.want)
			}
		})
	}
}

// TestSearchExcludePattern leaves out the matching lines that also match
// a second regex, read as the pattern is.
func TestSearchExcludePattern(t *testing.T) {
	e := newEnv(t)
	spanFiles(e)
	e.cases(t, "fs.search", []toolCase{
		{"regex", map[string]any{"pattern": "err", "excludePattern": `!= nil|t[hw]`},
			"3 matches in 2 files under ./ (searched 2 files)\na.go: 2 matches\na.go:2:\treturn err\na.go:7:\t\treturn err\n\nb.go: 1 match\nb.go:1:// err one"},
		{"ignoreCase applies", map[string]any{"pattern": "ERR", "excludePattern": "RETURN", "ignoreCase": true},
			"4 matches in 2 files under ./ (searched 2 files)\na.go: 1 match\na.go:6:\tif err != nil {\n\nb.go: 3 matches\nb.go:1:// err one\nb.go:2:// err two\nb.go:3:// err three"},
		{"literal applies", map[string]any{"pattern": "err", "excludePattern": "!= nil {", "literal": true, "path": "a.go"},
			"2 matches in a.go\na.go: 2 matches\na.go:2:\treturn err\na.go:7:\t\treturn err"},
		{"an excluded line is still context", map[string]any{"pattern": "return", "excludePattern": "^\treturn", "before": 1, "path": "a.go"},
			"1 match in a.go\na.go: 1 match\na.go-6-\tif err != nil {\na.go:7:\t\treturn err"},
		{"with maxPerFile, excluded lines do not count", map[string]any{"pattern": "err", "excludePattern": "one", "maxPerFile": 1, "path": "b.go"},
			"1 match in b.go\nb.go: 1 match\nb.go:2:// err two\nnote: showed at most 1 match a file (maxPerFile); 1 file has more."},
	})
	assertInOrder(t, e.fail("fs.search", map[string]any{"pattern": "err", "excludePattern": "("}),
		`"excludePattern": regex parse error: missing closing ): `+"`(`", "say literal: true to exclude lines holding the text")
}

// TestSearchMultiline finds matches that span lines: each is shown with
// every line it spans, as matches are, and counted once.
func TestSearchMultiline(t *testing.T) {
	e := newEnv(t)
	spanFiles(e)
	e.file("c.txt", "a\nb\nxa\nbx\nab\n")
	e.cases(t, "fs.search", []toolCase{
		{"dot matches a line end", map[string]any{"pattern": "a.b", "multiline": true, "path": "c.txt"},
			"2 matches in c.txt\nc.txt: 2 matches\nc.txt:1:a\nc.txt:2:b\nc.txt:3:xa\nc.txt:4:bx"},
		{"context around the lines of a match", map[string]any{"pattern": `\{\n\treturn`, "multiline": true, "context": 1},
			"1 match in 1 file under ./ (searched 3 files)\na.go: 1 match\na.go:1:func A() {\na.go:2:\treturn err\na.go-3-}"},
		{"two matches apart", map[string]any{"pattern": `func \w+\(\) \{\n\t\w+`, "multiline": true, "path": "a.go"},
			"2 matches in a.go\na.go: 2 matches\na.go:1:func A() {\na.go:2:\treturn err\na.go:5:func B() {\na.go:6:\tif err != nil {"},
		{"greedy across lines, as DOTALL reads it", map[string]any{"pattern": `func A.*return`, "multiline": true, "path": "a.go"},
			"1 match in a.go\na.go: 1 match\na.go:1:func A() {\na.go:2:\treturn err\na.go:3:}\na.go:4:\na.go:5:func B() {\na.go:6:\tif err != nil {\na.go:7:\t\treturn err"},
		{"dotall false: . stays in a line", map[string]any{"pattern": `func A.*\n.*err`, "multiline": true, "dotall": false, "path": "a.go"},
			"1 match in a.go\na.go: 1 match\na.go:1:func A() {\na.go:2:\treturn err"},
		{"a pattern within one line reads as without multiline", map[string]any{"pattern": "err (one|two)", "multiline": true, "path": "b.go"},
			"2 matches in b.go\nb.go: 2 matches\nb.go:1:// err one\nb.go:2:// err two"},
		{"maxResults counts matches", map[string]any{"pattern": `a\nb`, "multiline": true, "maxResults": 1, "path": "c.txt"},
			"match 1 in 1 file under c.txt (stopped at the output budget or maxResults; searched 1 file so far) · rest at offset=1\nc.txt: 2 matches\nc.txt:1:a\nc.txt:2:b\n… [truncated: showed 36 bytes; there is more]\n" +
				`Get the rest: fs_search {"maxResults":1,"multiline":true,"offset":1,"path":"c.txt","pattern":"a\\nb"}`},
		{"excludePattern drops a match when one of its lines matches", map[string]any{"pattern": `a\nb`, "multiline": true, "excludePattern": "^x", "path": "c.txt"},
			"1 match in c.txt\nc.txt: 1 match\nc.txt:1:a\nc.txt:2:b"},
		{"maxPerFile", map[string]any{"pattern": `a\nb`, "multiline": true, "maxPerFile": 1, "path": "c.txt"},
			"1 match in c.txt\nc.txt: 1 match\nc.txt:1:a\nc.txt:2:b\nnote: showed at most 1 match a file (maxPerFile); 1 file has more."},
		{"filesOnly", map[string]any{"pattern": `a\nb`, "multiline": true, "filesOnly": true},
			"2 matches in 1 file under ./ (searched 3 files)\nc.txt: 2 matches"},
	})
	res := e.call("fs.search", map[string]any{"pattern": `a\nb`, "multiline": true, "path": "c.txt", "offset": 1})
	assertInOrder(t, res.Text, "c.txt:3:xa\nc.txt:4:bx")
	assertNot(t, res.Text, "c.txt:1:", "c.txt:2:")
	shellCases(t, e, []toolCase{
		{"rg -U: . stays in a line", `rg -U 'func A.*\n.*err' a.go`, "1 match in a.go\na.go: 1 match\na.go:1:func A() {\na.go:2:\treturn err\n"},
		{"rg -U --multiline-dotall", `rg -U --multiline-dotall 'A\(\) \{.\s+return' a.go`, "1 match in a.go\na.go: 1 match\na.go:1:func A() {\na.go:2:\treturn err\n"},
	})
}
