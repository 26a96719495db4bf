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
