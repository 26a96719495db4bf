package fs_test

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []toolCase{
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
		{"exclude", map[string]any{"pattern": "**/*.go", "exclude": []any{"*_test.go", "sub"}}, "2 paths matching **/*.go under ./\ncmd/app/main.go\npkg/util/util.go"},
		{"excludePatterns (the filesystem server's)", map[string]any{"pattern": "**/*.go", "excludePatterns": "cmd"}, "2 paths matching **/*.go under ./\npkg/util/sub/keep.go\npkg/util/util.go"},
	}
	checkFinds(t, e, cases)
	assertInOrder(t, e.ok("fs.find", "*.gen"), "No path under ./ matches *.gen (looked at ", "note: ", "3 entries ignored by .gitignore (gitignore: false includes them)")
	assertInOrder(t, e.ok("fs.find", "Main.go"), `No path under ./ matches Main.go`, `Ignoring case, it matches: cmd/app/main.go. All of them: fs_find {"ignoreCase":true,"pattern":"Main.go"}`)
	// A / outside the roots is the search path's root (Deep Agents' glob
	// "/*.md"): its own entries, not names at any depth.
	assertInOrder(t, e.ok("fs.find", map[string]any{"pattern": "/*.md"}), "1 path matching /*.md under ./\nREADME.md\n", `note: read the pattern "/*.md" under .: / is outside the roots`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "/nowhere/*.conf"}), `"pattern": "/nowhere" is outside the allowed roots`)
	assertInOrder(t, e.ok("fs.find", "Nothing.go"), `No path under ./ matches Nothing.go`, ` To ignore case: fs_find {"ignoreCase":true,"pattern":"Nothing.go"}`)
	assertInOrder(t, e.fail("fs.find", map[string]any{}), `"pattern": is required but missing`, `Example: fs_find {"pattern":"**/*_test.go"}`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "a[", "path": "."}), `"pattern": "a[" is not a valid glob.`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "path": "cmdd"}), `find in cmdd: no such file or directory; did you mean cmd?`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "type": "symlink"}), `"type": expected one of "file", "dir", "any", got "symlink"`)
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "path": "README.md"}), `"path": README.md is a file; fs_find searches directories.`)
}

// TestFindHintsGitignoredMatch: when nothing matches but .gitignore hid
// entries, the answer's first hint is the call with gitignore: false.
func TestFindHintsGitignoredMatch(t *testing.T) {
	e := newEnv(t)
	e.file(".gitignore", "build/\n")
	e.file("build/out.bin", "x")
	res := e.ok("fs.find", "out.bin")
	assertInOrder(t, res, "No path under ./ matches out.bin (looked at ",
		`1 entry ignored by .gitignore was not looked at; include them: fs_find {"gitignore":false,"pattern":"out.bin"}`)
	assertInOrder(t, e.ok("fs.find", map[string]any{"gitignore": false, "pattern": "out.bin"}), "build/out.bin")
}

// TestFindDepth: maxDepth and minDepth count from path as find -maxdepth
// does, 1 being path's own entries, also when the pattern's directory
// makes the walk start below path.
func TestFindDepth(t *testing.T) {
	e := newEnv(t)
	project(e)
	cases := []toolCase{
		{"own entries", map[string]any{"pattern": "*", "maxDepth": 1}, "8 paths matching * under ./ to depth 1\nREADME.md\ncmd/\ndangling\ndata.bin\nout-dir\nout-file\npkg/\nup-file"},
		{"two levels of directories", map[string]any{"pattern": "*", "type": "dir", "maxDepth": 2}, "4 directories matching * under ./ to depth 2\ncmd/\ncmd/app/\npkg/\npkg/util/"},
		{"at least", map[string]any{"pattern": "*.go", "minDepth": 4}, "1 path matching *.go under ./ from depth 4\npkg/util/sub/keep.go"},
		{"a range", map[string]any{"pattern": "*.go", "minDepth": 3, "maxDepth": 3}, "3 paths matching *.go under ./ at depth 3\ncmd/app/main.go\ncmd/app/main_test.go\npkg/util/util.go"},
		{"counted from path", map[string]any{"pattern": "*.go", "path": "pkg", "maxDepth": 2}, "1 path matching *.go under pkg/ to depth 2\npkg/util/util.go"},
		{"counted from path, not the pattern's directory", map[string]any{"pattern": "pkg/**/*.go", "maxDepth": 3}, "1 path matching pkg/**/*.go under pkg/ to depth 3\npkg/util/util.go"},
		{"the synonym depth", map[string]any{"pattern": "*.md", "depth": 1}, "1 path matching *.md under ./ to depth 1\nREADME.md"},
		{"an ignore file of another name", map[string]any{"pattern": "*.go", "ignoreFiles": []any{".geminiignore"}}, "3 paths matching *.go under ./\ncmd/app/main.go\ncmd/app/main_test.go\npkg/util/util.go"},
	}
	e.file(".geminiignore", "sub/\n")
	checkFinds(t, e, cases)
	checkFinds(t, e, []toolCase{
		{"nothing that shallow", map[string]any{"pattern": "*.go", "maxDepth": 2},
			`No path under ./ matches *.go (looked at 10 entries). 2 entries ignored by .gitignore were not looked at; include them: fs_find {"gitignore":false,"maxDepth":2,"pattern":"*.go"} The depth limit, counted from path (1: its own entries), kept the search out of 2 directories; without it: fs_find {"pattern":"*.go"} To ignore case: fs_find {"ignoreCase":true,"maxDepth":2,"pattern":"*.go"}`},
		{"the pattern's directory is already at the limit", map[string]any{"pattern": "pkg/util/*.go", "maxDepth": 2},
			`No path under pkg/util/ matches pkg/util/*.go (looked at 2 entries). The depth limit, counted from path (1: its own entries), left out 1 match and kept the search out of 1 directory; without it: fs_find {"pattern":"pkg/util/*.go"} To ignore case: fs_find {"ignoreCase":true,"maxDepth":2,"pattern":"pkg/util/*.go"}`},
		{"nothing that deep", map[string]any{"pattern": "*.md", "minDepth": 2},
			`No path under ./ matches *.md (looked at 15 entries). 3 entries ignored by .gitignore were not looked at; include them: fs_find {"gitignore":false,"minDepth":2,"pattern":"*.md"} The depth limit, counted from path (1: its own entries), left out 1 match; without it: fs_find {"pattern":"*.md"} To ignore case: fs_find {"ignoreCase":true,"minDepth":2,"pattern":"*.md"}`},
	})
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "minDepth": 3, "maxDepth": 2}), `"minDepth": is 3, deeper than maxDepth 2, so nothing could match.`, "Depths count from path: 1 is its own entries.")
	assertInOrder(t, e.fail("fs.find", map[string]any{"pattern": "*.go", "maxDepth": 0}), `"maxDepth": must be at least 1, got 0`)
	assertInOrder(t, e.ok("fs.find", map[string]any{"pattern": "x.gen", "ignoreFiles": []any{".geminiignore"}}),
		`No path under ./ matches x.gen (looked at `, `3 entries ignored by .gitignore or .geminiignore were not looked at; include them: fs_find {"gitignore":false,"pattern":"x.gen"}`,
		"3 entries ignored by .gitignore or .geminiignore (gitignore: false with ignoreFiles: [] includes them).")
}

// checkFinds runs fs.find cases and compares their answers before the
// notes.
func checkFinds(t *testing.T, e *env, cases []toolCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _, _ := strings.Cut(e.ok("fs.find", c.args), "\nnote:")
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
