package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestFinderWords: rg's and fd's words become the tools' arguments and the
// paths to search.
func TestFinderWords(t *testing.T) {
	searchFields := []string{"pattern", "path", "glob", "maxResults"}
	findFields := []string{"pattern", "path", "type"}
	cases := []struct {
		tool  string
		words []string
		args  string // the arguments as JSON
		paths []string
		err   string
	}{
		{"fs.search", []string{"TODO", "cmd"}, `{"pattern":"TODO"}`, []string{"cmd"}, ""},
		{"fs.search", []string{"-i", "-g", "*.go", "-g!*_test.go", "TODO"}, `{"glob":["*.go","!*_test.go"],"ignoreCase":true,"pattern":"TODO"}`, nil, ""},
		{"fs.search", []string{"-iFl", "a.b(", "x", "y"}, `{"filesOnly":true,"ignoreCase":true,"literal":true,"pattern":"a.b("}`, []string{"x", "y"}, ""},
		{"fs.search", []string{"-wF", "a.b"}, `{"pattern":"\\b(?:a\\.b)\\b"}`, nil, ""},
		{"fs.search", []string{"-e", "a", "-e", "b"}, `{"pattern":"(?:a)|(?:b)"}`, nil, ""},
		{"fs.search", []string{"-S", "todo"}, `{"ignoreCase":true,"pattern":"todo"}`, nil, ""},
		{"fs.search", []string{"-S", "Todo"}, `{"ignoreCase":false,"pattern":"Todo"}`, nil, ""},
		{"fs.search", []string{"-C2", "-A", "1", "x"}, `{"after":1,"context":2,"pattern":"x"}`, nil, ""},
		{"fs.search", []string{"-uu", "x"}, `{"gitignore":false,"hidden":true,"pattern":"x"}`, nil, ""},
		{"fs.search", []string{"--", "-x", "d"}, `{"pattern":"-x"}`, []string{"d"}, ""},
		{"fs.search", []string{"x", "maxResults=3"}, `{"maxResults":"3","pattern":"x"}`, nil, ""},
		{"fs.search", []string{"pattern=x", "cmd"}, `{"pattern":"x"}`, []string{"cmd"}, ""},
		{"fs.search", []string{"-t", "nosuchtype", "x"}, "", nil, "unrecognized file type: nosuchtype"},
		{"fs.search", []string{"-C", "two", "x"}, "", nil, `context wants a number of lines, not "two"`},
		{"fs.search", nil, "", nil, "no pattern given"},
		{"fs.find", []string{"go"}, `{"ignoreCase":true,"pattern":"*go*"}`, nil, ""},
		{"fs.find", []string{"Go", "src"}, `{"pattern":"*Go*"}`, []string{"src"}, ""},
		{"fs.find", []string{"-e", "go", "-e", "md", "test"}, `{"ignoreCase":true,"pattern":"*test*.{go,md}"}`, nil, ""},
		{"fs.find", []string{"-e", ".go"}, `{"ignoreCase":true,"pattern":"*.go"}`, nil, ""},
		{"fs.find", []string{"^main\\.go$"}, `{"ignoreCase":true,"pattern":"main.go"}`, nil, ""},
		{"fs.find", []string{"-F", "a*b"}, `{"ignoreCase":true,"pattern":"*a\\*b*"}`, nil, ""},
		{"fs.find", []string{"-g", "*.go", "-t", "f", "-HI"}, `{"gitignore":false,"hidden":true,"ignoreCase":true,"pattern":"*.go","type":"file"}`, nil, ""},
		{"fs.find", []string{"-s", "main"}, `{"pattern":"*main*"}`, nil, ""},
		{"fs.find", []string{"-E", "vendor"}, `{"exclude":["vendor"],"ignoreCase":true,"pattern":"*"}`, nil, ""},
		{"fs.find", []string{"(a|b)"}, "", nil, "is a regular expression"},
		{"fs.find", []string{"-t", "l", "x"}, "", nil, "files (f) from directories (d) only"},
		{"fs.find", []string{"--max-depth", "2"}, `{"ignoreCase":true,"maxDepth":2,"pattern":"*"}`, nil, ""},
		{"fs.find", []string{"-d1", "-e", "go"}, `{"ignoreCase":true,"maxDepth":1,"pattern":"*.go"}`, nil, ""},
		{"fs.find", []string{"--min-depth=2", "x"}, `{"ignoreCase":true,"minDepth":2,"pattern":"*x*"}`, nil, ""},
		{"fs.find", []string{"--exact-depth", "3", "x"}, `{"ignoreCase":true,"maxDepth":3,"minDepth":3,"pattern":"*x*"}`, nil, ""},
		{"fs.find", []string{"-d", "two", "x"}, "", nil, `depth "two" is no whole number`},
		{"fs.find", []string{"--max-columns", "2"}, "", nil, "--max-columns is not one of the fd flags"},
	}
	for _, c := range cases {
		fields := searchFields
		if c.tool == "fs.find" {
			fields = findFields
		}
		w, err := finders[c.tool].read(fields, c.words)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %q: error %v, want %q", c.tool, c.words, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", c.tool, c.words, err)
			continue
		}
		got, _ := json.Marshal(w.args)
		if string(got) != c.args || !slices.Equal(w.bare, c.paths) {
			t.Errorf("%s %q:\ngot  %s %q\nwant %s %q", c.tool, c.words, got, w.bare, c.args, c.paths)
		}
	}
}
