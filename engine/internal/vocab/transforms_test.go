package vocab

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// oneRoute resolves args against a tool of one route to target whose
// field rules are given as JSON (README §4), so that each transform is
// tested on its own.
func oneRoute(t *testing.T, fx *fixture, target, rulesJSON string, args map[string]any) (Result, error) {
	t.Helper()
	var raw map[string]*rawRule
	if err := json.Unmarshal([]byte(rulesJSON), &raw); err != nil {
		t.Fatal(err)
	}
	rules, err := parseRules(raw)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(rules))
	for n := range rules {
		names = append(names, n)
	}
	sort.Strings(names)
	tool := &Tool{Names: []string{"probe"}, Published: names, Routes: []*Route{{To: target, Fields: rules}}, agent: "test"}
	tool.known = knownFields(tool)
	var env Env
	if fx != nil {
		env = fx
	}
	r := &resolver{v: testVocab(t), env: env}
	return r.resolveTool(context.Background(), tool, args, 0)
}

func mustOne(t *testing.T, res Result, err error) map[string]any {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Mapped || len(res.Calls) != 1 {
		t.Fatalf("want one call, got outcome %d, %d calls, refusal %s", res.Outcome, len(res.Calls), quote(res.Refusal))
	}
	return res.Calls[0].Args
}

func TestLineWindow(t *testing.T) {
	n := func(i int) *int { return &i }
	incl1 := lineSpec{base: 1, inclusive: true}
	cases := []struct {
		name              string
		spec              lineSpec
		start, end, count *int
		want              map[string]any
		err               string
	}{
		{"1-based inclusive", incl1, n(10), n(20), nil, map[string]any{"offset": 10, "limit": 11}, ""},
		{"1-based exclusive", lineSpec{base: 1}, n(10), n(20), nil, map[string]any{"offset": 10, "limit": 10}, ""},
		{"0-based inclusive", lineSpec{base: 0, inclusive: true}, n(0), n(9), nil, map[string]any{"offset": 1, "limit": 10}, ""},
		{"0-based exclusive", lineSpec{base: 0}, n(0), n(9), nil, map[string]any{"offset": 1, "limit": 9}, ""},
		{"end only: from the first line", incl1, nil, n(5), nil, map[string]any{"offset": 1, "limit": 5}, ""},
		{"start only: to the end", incl1, n(7), nil, nil, map[string]any{"offset": 7}, ""},
		{"nothing: the whole file", incl1, nil, nil, nil, map[string]any{}, ""},
		{"eof end", lineSpec{base: 1, inclusive: true, eof: []int{-1}}, n(11), n(-1), nil, map[string]any{"offset": 11}, ""},
		{"count", incl1, n(5), nil, n(3), map[string]any{"offset": 5, "limit": 3}, ""},
		{"start 0 in 1-based is the first line", incl1, n(0), n(4), nil, map[string]any{"offset": 1, "limit": 4}, ""},
		{"one line", incl1, n(4), n(4), nil, map[string]any{"offset": 4, "limit": 1}, ""},
		{"end before start", incl1, n(9), n(3), nil, nil, "leaves no lines"},
		{"exclusive empty", lineSpec{base: 1}, n(4), n(4), nil, nil, "leaves no lines"},
		{"negative: error", incl1, n(-3), nil, nil, nil, "negative line numbers"},
		{"negative end: error", incl1, n(1), n(-3), nil, nil, "negative line numbers"},
		{"from_end start", lineSpec{base: 1, inclusive: true, eof: []int{-1}, fromEnd: true}, n(-5), n(-1), nil, map[string]any{"offset": -5}, ""},
		{"from_end both", lineSpec{base: 1, inclusive: true, eof: []int{-1}, fromEnd: true}, n(-10), n(-3), nil, map[string]any{"offset": -10, "limit": 8}, ""},
		{"from_end end needs the line count", lineSpec{base: 1, inclusive: true, eof: []int{-1}, fromEnd: true}, n(3), n(-3), nil, nil, "counts from the end"},
		{"from_end start, positive end", lineSpec{base: 1, inclusive: true, eof: []int{-1}, fromEnd: true}, n(-5), n(8), nil, nil, "needs the file's line count"},
		{"from_end start 0", lineSpec{base: 1, inclusive: true, fromEnd: true}, n(0), nil, nil, nil, "past the last line"},
		{"tail: a negative start is the last lines, the count ignored", lineSpec{base: 0, inclusive: true, tail: true}, n(-20), nil, n(10), map[string]any{"offset": -20}, ""},
		{"tail: start 0 is the first line", lineSpec{base: 0, inclusive: true, tail: true}, n(0), nil, n(10), map[string]any{"offset": 1, "limit": 10}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := lineWindow(c.spec, c.start, c.end, c.count)
			if c.err != "" {
				if err == nil || !strings.Contains(err.problem, c.err) {
					t.Fatalf("got %+v, err %+v; want an error with %q", w, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %+v", err)
			}
			if got := w.fields(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

// TestLineWindowFix: a window f0 cannot express is an input error naming
// the foreign field and the fs_read call that shows the lines.
func TestLineWindowFix(t *testing.T) {
	rules := `{"start_line": {"transform": "line_window", "args": {"start": "start_line", "end": "end_line", "count": null, "base": 1, "end_inclusive": true, "eof": [-1], "negative": "from_end"}},
	           "end_line": {"consumed_by": "start_line"}}`
	_, err := oneRoute(t, nil, "fs.read", rules, map[string]any{"start_line": 3, "end_line": -3})
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "end_line" || !strings.Contains(ie.Fix, `"offset": 3`) {
		t.Fatalf("got %v", err)
	}
}

func TestRangeTransforms(t *testing.T) {
	pair := `{"view_range": {"transform": "range_pair", "args": {"base": 1, "end_inclusive": true, "eof": [-1]}}}`
	text := `{"path": {"to": "path"}, "line_ranges": {"transform": "range_text", "args": {"base": 1, "end_inclusive": true}}}`
	cases := []struct {
		name  string
		rules string
		args  map[string]any
		want  []map[string]any
	}{
		{"pair", pair, map[string]any{"view_range": []any{2.0, 4.0}}, []map[string]any{{"offset": 2, "limit": 3}}},
		{"pair to eof", pair, map[string]any{"view_range": []any{11.0, -1.0}}, []map[string]any{{"offset": 11}}},
		{"text", text, map[string]any{"path": "a", "line_ranges": "2-4"}, []map[string]any{{"path": "a", "offset": 2, "limit": 3}}},
		{"text one line", text, map[string]any{"path": "a", "line_ranges": "7"}, []map[string]any{{"path": "a", "offset": 7, "limit": 1}}},
		{"text open end", text, map[string]any{"path": "a", "line_ranges": "7-"}, []map[string]any{{"path": "a", "offset": 7}}},
		{"texts: one read per range, in order", text, map[string]any{"path": "a", "line_ranges": []any{"5-6", "1-2"}},
			[]map[string]any{{"path": "a", "offset": 5, "limit": 2}, {"path": "a", "offset": 1, "limit": 2}}},
		{"pairs", text, map[string]any{"path": "a", "line_ranges": []any{[]any{1.0, 2.0}, []any{5.0, 6.0}}},
			[]map[string]any{{"path": "a", "offset": 1, "limit": 2}, {"path": "a", "offset": 5, "limit": 2}}},
		{"objects, a null end to the end", text, map[string]any{"path": "a", "line_ranges": []any{map[string]any{"start": 2.0, "end": 3.0}, map[string]any{"start": 9.0, "end": nil}}},
			[]map[string]any{{"path": "a", "offset": 2, "limit": 2}, {"path": "a", "offset": 9}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := oneRoute(t, nil, "fs.read", c.rules, c.args)
			if err != nil {
				t.Fatal(err)
			}
			var got []map[string]any
			for _, call := range res.Calls {
				got = append(got, call.Args)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %s, want %s", quote(got), quote(c.want))
			}
			if res.Batch != (len(c.want) > 1) {
				t.Errorf("batch %v for %d calls", res.Batch, len(c.want))
			}
		})
	}
}

// TestPathRange: wcgw's ReadFiles paths with a line range after the last
// colon, 1-based and inclusive; a bare number reads from that line to the
// end, and a text whose suffix is no range is the path as it is.
func TestPathRange(t *testing.T) {
	rules := `{"p": {"transform": "path_range", "args": {"base": 1, "end_inclusive": true}}}`
	cases := []struct {
		in   string
		want map[string]any
	}{
		{"a.py:10-20", map[string]any{"path": "a.py", "offset": 10, "limit": 11}},
		{"a.py:10-", map[string]any{"path": "a.py", "offset": 10}},
		{"a.py:10", map[string]any{"path": "a.py", "offset": 10}},
		{"a.py:-20", map[string]any{"path": "a.py", "offset": 1, "limit": 20}},
		{"a.py:10-x", map[string]any{"path": "a.py", "offset": 10}},
		{"/w/a.py", map[string]any{"path": "/w/a.py"}},
		{"a.py:main", map[string]any{"path": "a.py:main"}},
		{`C:\src\a.py`, map[string]any{"path": `C:\src\a.py`}},
		{"a.py:-x", map[string]any{"path": "a.py:-x"}},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			res, err := oneRoute(t, nil, "fs.read", rules, map[string]any{"p": c.in})
			got := mustOne(t, res, err)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %s, want %s", quote(got), quote(c.want))
			}
		})
	}
	if _, err := oneRoute(t, nil, "fs.read", rules, map[string]any{"p": "a.py:20-10"}); err == nil {
		t.Error("a.py:20-10: want an input error (no lines)")
	}
}

// TestNestedShellCommand: a command line inside a nested object (wcgw's
// BashCommand {action_json: {command}}) is the call's command line.
func TestNestedShellCommand(t *testing.T) {
	rules := `{"action_json": {"items": {"command": {"transform": "shell_command"}, "thread_id": {"inert": "session"}}}}`
	res, err := oneRoute(t, nil, TargetShell, rules, map[string]any{"action_json": map[string]any{"command": "cat a.txt", "thread_id": "t"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Calls) != 1 || res.Calls[0].Tool != TargetShell || res.Calls[0].Command != "cat a.txt" {
		t.Errorf("got %s, want one shell call of cat a.txt", quote(res.Calls))
	}
}

// TestLineSpan: XAgent's overwrite from line N replaces as many lines as
// the text has; line 0 is the first line.
func TestLineSpan(t *testing.T) {
	rules := `{"line_number": {"transform": "line_span", "args": {"text": "content"}}, "content": {"consumed_by": "line_number"}}`
	cases := []struct {
		line    float64
		content string
		want    map[string]any
	}{
		{2, "A\nB", map[string]any{"startLine": 2, "endLine": 3, "newText": "A\nB"}},
		{2, "A\nB\n", map[string]any{"startLine": 2, "endLine": 3, "newText": "A\nB\n"}},
		{0, "A", map[string]any{"startLine": 1, "endLine": 1, "newText": "A"}},
	}
	for _, c := range cases {
		res, err := oneRoute(t, nil, "fs.edit", rules, map[string]any{"line_number": c.line, "content": c.content})
		if got := mustOne(t, res, err); !reflect.DeepEqual(got, c.want) {
			t.Errorf("line %v %q: got %s, want %s", c.line, c.content, quote(got), quote(c.want))
		}
	}
	for _, bad := range []map[string]any{{"line_number": -1.0, "content": "A"}, {"line_number": 2.0, "content": ""}} {
		if _, err := oneRoute(t, nil, "fs.edit", rules, bad); err == nil {
			t.Errorf("%v: want an input error", bad)
		}
	}
}

// TestValueTransforms: each one-value transform of README §6.
func TestValueTransforms(t *testing.T) {
	fx := newFixture(t)
	cases := []struct {
		name   string
		target string
		rules  string
		args   map[string]any
		want   map[string]any
		note   string
	}{
		{"plus_one", "fs.read", `{"o": {"to": "offset", "transform": "plus_one"}}`, map[string]any{"o": 0.0}, map[string]any{"offset": 1}, ""},
		{"items of one object into the call", "fs.list", `{"opts": {"items": {"git": {"to": "gitignore"}, "gem": {"values": {"true": {"ignoreFiles": [".geminiignore"]}, "false": {"ignoreFiles": []}}, "absent": {"ignoreFiles": [".geminiignore"]}}}}}`,
			map[string]any{"opts": map[string]any{"git": false}}, map[string]any{"gitignore": false, "ignoreFiles": []any{".geminiignore"}}, ""},
		{"minus_one", "fs.list", `{"o": {"to": "offset", "transform": "minus_one"}}`, map[string]any{"o": 3.0}, map[string]any{"offset": 2}, ""},
		{"plus_one keeps a negative", "fs.read", `{"o": {"to": "offset", "transform": "plus_one"}}`, map[string]any{"o": -3.0}, map[string]any{"offset": -3}, ""},
		{"not", "fs.search", `{"IsRegex": {"to": "literal", "transform": "not"}}`, map[string]any{"IsRegex": false}, map[string]any{"literal": true}, ""},
		{"not of text", "fs.search", `{"IsRegex": {"to": "literal", "transform": "not"}}`, map[string]any{"IsRegex": "true"}, map[string]any{"literal": false}, ""},
		{"to_list of a scalar", "fs.search", `{"g": {"to": "glob", "transform": "to_list"}}`, map[string]any{"g": "*.go"}, map[string]any{"glob": []any{"*.go"}}, ""},
		{"to_list appends", "fs.search", `{"a": {"to": "glob", "transform": "to_list"}, "b": {"to": "glob", "transform": "to_list"}}`,
			map[string]any{"a": "*.go", "b": []any{"*.md", "*.txt"}}, map[string]any{"glob": []any{"*.go", "*.md", "*.txt"}}, ""},
		{"ext_globs into a list", "fs.search", `{"e": {"to": "glob", "transform": "ext_globs"}}`, map[string]any{"e": []any{"go", ".md"}}, map[string]any{"glob": []any{"*.go", "*.md"}}, ""},
		{"ext_globs into a string, one", "fs.find", `{"e": {"to": "pattern", "transform": "ext_globs"}}`, map[string]any{"e": ".go"}, map[string]any{"pattern": "*.go"}, ""},
		{"ext_globs into a string, several", "fs.find", `{"e": {"to": "pattern", "transform": "ext_globs"}}`, map[string]any{"e": []any{"go", "md"}}, map[string]any{"pattern": "*.{go,md}"}, ""},
		{"ext_globs not combined with a pattern", "fs.find", `{"a": {"to": "pattern"}, "e": {"to": "pattern", "transform": "ext_globs", "approx": "extensions not combined"}}`,
			map[string]any{"a": "main*", "e": []any{"go"}}, map[string]any{"pattern": "main*"}, "extensions not combined"},
		{"substring_glob of a word", "fs.find", `{"q": {"to": "pattern", "transform": "substring_glob"}}`, map[string]any{"q": "main"}, map[string]any{"pattern": "*main*", "ignoreCase": true}, ""},
		{"substring_glob of a part of a path", "fs.find", `{"q": {"to": "pattern", "transform": "substring_glob"}}`, map[string]any{"q": "components/List"}, map[string]any{"pattern": "**/*components/List*", "ignoreCase": true}, ""},
		{"substring_glob of a glob", "fs.find", `{"q": {"to": "pattern", "transform": "substring_glob"}}`, map[string]any{"q": "*.go"}, map[string]any{"pattern": "*.go"}, ""},
		{"substring_glob: the call's case wins", "fs.find", `{"q": {"to": "pattern", "transform": "substring_glob"}, "i": {"to": "ignoreCase"}}`,
			map[string]any{"q": "main", "i": false}, map[string]any{"pattern": "*main*", "ignoreCase": false}, ""},
		{"anywhere_glob", "fs.find", `{"g": {"to": "pattern", "transform": "anywhere_glob"}}`, map[string]any{"g": "*.go"}, map[string]any{"pattern": "**/*.go"}, ""},
		{"anywhere_glob keeps **/", "fs.find", `{"g": {"to": "pattern", "transform": "anywhere_glob"}}`, map[string]any{"g": "**/x.go"}, map[string]any{"pattern": "**/x.go"}, ""},
		{"glob_alternatives", "fs.find", `{"g": {"to": "pattern", "transform": "glob_alternatives"}}`, map[string]any{"g": "*.py; *.md"}, map[string]any{"pattern": "{*.py,*.md}"}, ""},
		{"glob_alternatives one", "fs.find", `{"g": {"to": "pattern", "transform": "glob_alternatives"}}`, map[string]any{"g": " *.py "}, map[string]any{"pattern": "*.py"}, ""},
		{"anywhere_glob keeps /", "fs.find", `{"g": {"to": "pattern", "transform": "anywhere_glob"}}`, map[string]any{"g": "/src/*.go"}, map[string]any{"pattern": "/src/*.go"}, ""},
		{"smart_case lower", "fs.find", `{"p": {"to": "pattern", "transform": "smart_case"}}`, map[string]any{"p": "main"}, map[string]any{"pattern": "main", "ignoreCase": true}, ""},
		{"smart_case upper", "fs.find", `{"p": {"to": "pattern", "transform": "smart_case"}}`, map[string]any{"p": "Main"}, map[string]any{"pattern": "Main"}, ""},
		{"rg_type_globs after to_list", "fs.search", `{"glob": {"to": "glob", "transform": "to_list"}, "type": {"to": "glob", "transform": "rg_type_globs"}}`,
			map[string]any{"glob": "*.md", "type": "py"}, map[string]any{"glob": []any{"*.md", "*.py", "*.pyi"}}, ""},
		{"url_in_text one", "net.curl", `{"prompt": {"transform": "url_in_text", "approx": "instructions dropped"}}`,
			map[string]any{"prompt": "Summarise http://127.0.0.1:8080/a."}, map[string]any{"url": "http://127.0.0.1:8080/a"}, "instructions dropped"},
		{"url_in_text several", "net.curl", `{"prompt": {"transform": "url_in_text"}}`,
			map[string]any{"prompt": "compare (http://127.0.0.1/a) and 'https://[::1]:9/b'"}, map[string]any{"urls": []any{"http://127.0.0.1/a", "https://[::1]:9/b"}}, ""},
		{"unescape_newlines", "fs.write", `{"content": {"to": "content", "transform": "unescape_newlines"}}`, map[string]any{"content": `a\nb`}, map[string]any{"content": "a\nb"}, ""},
		{"unescape_newlines keeps a text with line ends", "fs.write", `{"content": {"to": "content", "transform": "unescape_newlines"}}`, map[string]any{"content": "a\n" + `b\nc`}, map[string]any{"content": "a\n" + `b\nc`}, ""},
		{"chars_as_bytes", "net.curl", `{"max_length": {"to": "maxBytes", "transform": "chars_as_bytes"}}`, map[string]any{"max_length": 500.0}, map[string]any{"maxBytes": 500}, ""},
		{"strip_root_name", "fs.read", `{"path": {"to": "path", "transform": "strip_root_name"}}`, map[string]any{"path": "backend/src/main.go"}, map[string]any{"path": fx.path("src/main.go")}, ""},
		{"strip_root_name of a glob", "fs.read", `{"path": {"to": "path", "transform": "strip_root_name"}}`, map[string]any{"path": "backend/src/*.go"}, map[string]any{"path": fx.path("src/*.go")}, ""},
		{"strip_root_name: a file to be made in the root", "fs.write", `{"path": {"to": "path", "transform": "strip_root_name"}}`, map[string]any{"path": "backend/none.go"}, map[string]any{"path": fx.path("none.go")}, ""},
		{"strip_root_name: missing rest and directory", "fs.read", `{"path": {"to": "path", "transform": "strip_root_name"}}`, map[string]any{"path": "backend/nodir/none.go"}, map[string]any{"path": "backend/nodir/none.go"}, ""},
		{"name_filter: a keyword is part of a name", "fs.search", `{"i": {"to": "glob", "transform": "name_filter"}}`, map[string]any{"i": "test"}, map[string]any{"glob": []any{"*test*"}}, ""},
		{"name_filter: a regex is left for the glob repair", "fs.search", `{"i": {"to": "glob", "transform": "name_filter"}}`, map[string]any{"i": `\.py$`}, map[string]any{"glob": []any{`\.py$`}}, ""},
		{"project_relative: a leading slash is the project root", "fs.read", `{"p": {"to": "path", "transform": "project_relative"}}`, map[string]any{"p": "/src/main.go"}, map[string]any{"path": "src/main.go"}, ""},
		{"project_relative: / is the root", "fs.list", `{"p": {"to": "path", "transform": "project_relative"}}`, map[string]any{"p": "/"}, map[string]any{"path": "."}, ""},
		{"project_relative: a path inside a root stays", "fs.read", `{"p": {"to": "path", "transform": "project_relative"}}`, map[string]any{"p": fx.path("src/main.go")}, map[string]any{"path": fx.path("src/main.go")}, ""},
		{"project_relative under: the agent's directory is cut", "fs.read", `{"p": {"to": "path", "transform": "project_relative", "args": {"under": "/workspace"}}}`, map[string]any{"p": "/workspace/src/main.go"}, map[string]any{"path": "src/main.go"}, ""},
		{"project_relative under: without its slash too", "fs.read", `{"p": {"to": "path", "transform": "project_relative", "args": {"under": "/workspace"}}}`, map[string]any{"p": "workspace/src/main.go"}, map[string]any{"path": "src/main.go"}, ""},
		{"project_relative under: the directory itself is the root", "fs.list", `{"p": {"to": "path", "transform": "project_relative", "args": {"under": "/workspace"}}}`, map[string]any{"p": "/workspace"}, map[string]any{"path": "."}, ""},
		{"project_relative under: another absolute path is under the root", "fs.read", `{"p": {"to": "path", "transform": "project_relative", "args": {"under": "/workspace"}}}`, map[string]any{"p": "/src/main.go"}, map[string]any{"path": "src/main.go"}, ""},
		{"project_relative under: a path inside a root stays", "fs.read", `{"p": {"to": "path", "transform": "project_relative", "args": {"under": "/workspace"}}}`, map[string]any{"p": fx.path("src/main.go")}, map[string]any{"path": fx.path("src/main.go")}, ""},
		{"project_relative under: a relative path stays", "fs.read", `{"p": {"to": "path", "transform": "project_relative", "args": {"under": "/workspace"}}}`, map[string]any{"p": "src/main.go"}, map[string]any{"path": "src/main.go"}, ""},
		{"default: the transform runs on the assumed value", "fs.write", `{"c": {"to": "content"}, "nl": {"to": "content", "transform": "newline", "args": {"anchor": "after"}, "default": true}}`, map[string]any{"c": "x"}, map[string]any{"content": "x\n"}, "default nl: true"},
		{"default: the call's value wins", "fs.write", `{"c": {"to": "content"}, "nl": {"to": "content", "transform": "newline", "args": {"anchor": "after"}, "default": true}}`, map[string]any{"c": "x", "nl": false}, map[string]any{"content": "x"}, ""},
		{"expand_tabs: to the next multiple of 8, per line", "fs.edit", `{"o": {"to": "oldText", "transform": "expand_tabs"}}`, map[string]any{"o": "\tx\nab\ty"}, map[string]any{"oldText": "        x\nab      y"}, "expands the tabs of o"},
		{"expand_tabs: no tab, no change", "fs.edit", `{"o": {"to": "oldText", "transform": "expand_tabs"}}`, map[string]any{"o": "a b"}, map[string]any{"oldText": "a b"}, ""},
		{"strip_root_name: no root of that name", "fs.read", `{"path": {"to": "path", "transform": "strip_root_name"}}`, map[string]any{"path": "src/main.go"}, map[string]any{"path": "src/main.go"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := oneRoute(t, fx, c.target, c.rules, c.args)
			got := mustOne(t, res, err)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %s, want %s", quote(got), quote(c.want))
			}
			if c.note != "" && !noteMentions(res, c.note) {
				t.Errorf("notes %q lack %q", res.Notes, c.note)
			}
		})
	}
}

// TestMap: the value as trimmed lower-case text selects its fields, else
// "*"; absent applies when the field is missing; the call's own fields
// win; an unknown value is an error listing the accepted ones.
func TestMap(t *testing.T) {
	star := `{"output_mode": {"values": {"content": {}, "files_with_matches": {"filesOnly": true}, "*": {"maxResults": 5}}, "absent": {"filesOnly": true}},
	          "only": {"to": "filesOnly"}}`
	cases := []struct {
		name string
		args map[string]any
		want map[string]any
	}{
		{"value", map[string]any{"output_mode": " Files_With_Matches "}, map[string]any{"filesOnly": true}},
		{"empty entry", map[string]any{"output_mode": "content"}, map[string]any{}},
		{"star", map[string]any{"output_mode": "count"}, map[string]any{"maxResults": 5.0}},
		// A default that narrows the answer (files only) is not applied: the
		// lines hold the files (see builder.absentFor).
		{"absent narrowing", map[string]any{}, map[string]any{}},
		{"the call's field wins over absent", map[string]any{"only": false}, map[string]any{"filesOnly": false}},
		{"the call's field wins over the value", map[string]any{"output_mode": "files_with_matches", "only": false}, map[string]any{"filesOnly": false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := oneRoute(t, nil, "fs.search", star, c.args)
			if got := mustOne(t, res, err); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %s, want %s", quote(got), quote(c.want))
			}
		})
	}
	wide := `{"caseSensitive": {"values": {"true": {}, "false": {"ignoreCase": true}}, "absent": {"ignoreCase": true}}}`
	res, err := oneRoute(t, nil, "fs.search", wide, map[string]any{})
	if got := mustOne(t, res, err); !reflect.DeepEqual(got, map[string]any{"ignoreCase": true}) {
		t.Errorf("absent widening: got %s", quote(got))
	}
	bools := `{"case_sensitive": {"values": {"true": {}, "false": {"ignoreCase": true}}}}`
	res, err = oneRoute(t, nil, "fs.search", bools, map[string]any{"case_sensitive": false})
	if got := mustOne(t, res, err); !reflect.DeepEqual(got, map[string]any{"ignoreCase": true}) {
		t.Errorf("boolean value: got %s", quote(got))
	}
	_, err = oneRoute(t, nil, "fs.search", bools, map[string]any{"case_sensitive": "maybe"})
	var ie *InputError
	if !errors.As(err, &ie) || !reflect.DeepEqual(ie.Accepted, []string{"false", "true"}) {
		t.Errorf("unknown value: got %v", err)
	}
	refuse := `{"multiline": {"values": {"false": {}, "true": {"$refuse": "use fs_search per line"}}}}`
	res, err = oneRoute(t, nil, "fs.search", refuse, map[string]any{"multiline": true})
	if err != nil || res.Outcome != Refused || res.Refusal.Field != "multiline" {
		t.Errorf("$refuse: got %+v, %v", res, err)
	}
}

// TestInputErrors: values a transform cannot read are errors naming the
// field and what it expected.
func TestInputErrors(t *testing.T) {
	cases := []struct {
		name, target, rules string
		args                map[string]any
		field, want         string
	}{
		{"rg type unknown", "fs.search", `{"type": {"to": "glob", "transform": "rg_type_globs"}}`, map[string]any{"type": "gooo"}, "type", "not a ripgrep type"},
		{"url_in_text without a URL", "net.curl", `{"prompt": {"transform": "url_in_text"}}`, map[string]any{"prompt": "summarise the docs"}, "prompt", "must contain the URL"},
		{"minus_one below 1", "fs.list", `{"o": {"to": "offset", "transform": "minus_one"}}`, map[string]any{"o": 0.0}, "o", "counts from 1"},
		{"items of one object given two", "fs.list", `{"opts": {"items": {"git": {"to": "gitignore"}}}}`, map[string]any{"opts": []any{map[string]any{}, map[string]any{}}}, "opts", "want one object, got a list of 2"},
		{"plus_one of text", "fs.read", `{"o": {"to": "offset", "transform": "plus_one"}}`, map[string]any{"o": "ten"}, "o", "want an integer"},
		{"range_pair of text", "fs.read", `{"r": {"transform": "range_pair", "args": {"base": 1, "end_inclusive": true, "eof": [-1]}}}`, map[string]any{"r": "1-2"}, "r", "want [start, end]"},
		{"unknown field", "fs.read", `{"target_file": {"to": "path"}}`, map[string]any{"target_flie": "a"}, "target_flie", "unknown field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := oneRoute(t, nil, c.target, c.rules, c.args)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != c.field || !strings.Contains(ie.Error(), c.want) {
				t.Fatalf("got %v; want an input error on %s with %q", err, c.field, c.want)
			}
		})
	}
}

// TestEditText: the three edit formats are handed to the caller with their
// text and the table's args.
func TestEditText(t *testing.T) {
	res, err := oneRoute(t, nil, "fs.edit", `{"path": {"to": "path"}, "diff": {"to": "edits", "transform": "search_replace_blocks", "args": {"line_hints": false, "empty_search": "replace_file"}}}`,
		map[string]any{"path": "a.go", "diff": "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE"})
	args := mustOne(t, res, err)
	edit := res.Calls[0].Edit
	if edit == nil || edit.Format != "search_replace_blocks" || edit.Field != "edits" || edit.EmptySearch != "replace_file" || args["path"] != "a.go" {
		t.Errorf("got %s %s", quote(args), quote(edit))
	}
	res, err = oneRoute(t, nil, "batch", `{"input": {"transform": "apply_patch"}}`, map[string]any{"input": "*** Begin Patch\n*** End Patch"})
	mustOne(t, res, err)
	if e := res.Calls[0].Edit; e == nil || e.Format != "apply_patch" || e.Field != "" || res.Calls[0].Tool != TargetBatch {
		t.Errorf("apply_patch: got %s", quote(res.Calls))
	}
}

// TestPseudoTargets: shell and call hand the command line and the wrapped
// call back to the caller.
func TestPseudoTargets(t *testing.T) {
	res, err := oneRoute(t, nil, "shell", `{"command": {"transform": "shell_command"}, "timeout": {"needs": "shell.timeout", "today": "drop", "note": "no time limit"}}`,
		map[string]any{"command": "curl -s http://127.0.0.1/", "timeout": 5.0})
	mustOne(t, res, err)
	if c := res.Calls[0]; c.Tool != TargetShell || c.Command != "curl -s http://127.0.0.1/" || !noteMentions(res, "timeout was left out") {
		t.Errorf("shell: got %s %q", quote(c), res.Notes)
	}
	unwrap := `{"server_name": {"transform": "unwrap_call", "args": {"server": "server_name", "tool": "tool_name", "arguments": "arguments"}},
	            "tool_name": {"consumed_by": "server_name"}, "arguments": {"consumed_by": "server_name"}}`
	res, err = oneRoute(t, nil, "call", unwrap, map[string]any{"server_name": "f0", "tool_name": "fs_read", "arguments": `{"path": "a.go"}`})
	mustOne(t, res, err)
	want := &Unwrap{Server: "f0", Tool: "fs_read", Arguments: map[string]any{"path": "a.go"}}
	if !reflect.DeepEqual(res.Calls[0].Unwrap, want) {
		t.Errorf("call: got %s", quote(res.Calls[0].Unwrap))
	}
	res, err = oneRoute(t, nil, "call", unwrap, map[string]any{"tool_name": "fs_list"})
	if mustOne(t, res, err); res.Calls[0].Unwrap.Tool != "fs_list" {
		t.Errorf("call without a server: got %s", quote(res.Calls[0].Unwrap))
	}
}

// TestFanOut: a list becomes one call per item; group_by merges items of
// one file into one fs.edit with their edits in order.
func TestFanOut(t *testing.T) {
	group := `{"replacements": {"transform": "fan_out", "args": {"items": "replacements", "each": "fs.edit", "group_by": "filePath"},
	           "items": {"filePath": {"to": "path"}, "oldString": {"to": "oldText"}, "newString": {"to": "newText"}}}}`
	res, err := oneRoute(t, nil, "batch", group, map[string]any{"replacements": []any{
		map[string]any{"filePath": "a.go", "oldString": "1", "newString": "2"},
		map[string]any{"filePath": "b.go", "oldString": "3", "newString": "4"},
		map[string]any{"filePath": "a.go", "oldString": "5", "newString": "6"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []Call{
		{Tool: "fs.edit", Args: map[string]any{"path": "a.go", "edits": []any{map[string]any{"oldText": "1", "newText": "2"}, map[string]any{"oldText": "5", "newText": "6"}}}},
		{Tool: "fs.edit", Args: map[string]any{"path": "b.go", "edits": []any{map[string]any{"oldText": "3", "newText": "4"}}}},
	}
	if !reflect.DeepEqual(res.Calls, want) || !res.Batch {
		t.Errorf("group_by: got %s", quote(res.Calls))
	}
	texts := `{"paths": {"transform": "fan_out", "args": {"items": "paths", "each": "fs.read", "set": {"lineNumbers": true}}, "items": {"$text": {"to": "path"}}}}`
	res, err = oneRoute(t, nil, "batch", texts, map[string]any{"paths": []any{"a", "b"}})
	if err != nil || len(res.Calls) != 2 || res.Calls[1].Args["path"] != "b" || res.Calls[1].Args["lineNumbers"] != true {
		t.Errorf("bare strings: got %s, %v", quote(res.Calls), err)
	}
	_, err = oneRoute(t, nil, "batch", texts, map[string]any{"paths": []any{}})
	var ie *InputError
	if !errors.As(err, &ie) || !strings.Contains(ie.Problem, "empty") {
		t.Errorf("empty list: got %v", err)
	}
}

// TestConflictBlocks: gptme's ORIGINAL/UPDATED blocks are handed over as
// SEARCH/REPLACE blocks, their text otherwise unchanged.
func TestConflictBlocks(t *testing.T) {
	res, err := oneRoute(t, nil, "fs.edit", `{"path": {"to": "path"}, "patch": {"to": "edits", "transform": "conflict_blocks"}}`,
		map[string]any{"path": "a.go", "patch": "<<<<<<< ORIGINAL\n    a := 1\n=======\n    a := 2\n>>>>>>> UPDATED"})
	mustOne(t, res, err)
	want := "<<<<<<< SEARCH\n    a := 1\n=======\n    a := 2\n>>>>>>> REPLACE"
	if e := res.Calls[0].Edit; e == nil || e.Format != "search_replace_blocks" || e.Text != want || e.Field != "edits" {
		t.Errorf("got %s", quote(res.Calls[0].Edit))
	}
}

// TestJoinName: a name joined to its directory, its extension replaced
// by the extension field, a default added to a name without one, and a
// refusal when only the directory is given.
func TestJoinName(t *testing.T) {
	rules := `{"filename": {"to": "path", "transform": "join_name", "args": {"dir": "directory", "ext": "extension", "default_ext": "txt"}},
	           "directory": {"consumed_by": "filename"}, "extension": {"consumed_by": "filename"}}`
	cases := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"filename": "notes.md"}, "notes.md"},
		{map[string]any{"filename": "notes"}, "notes.txt"},
		{map[string]any{"filename": "notes.md", "directory": "docs"}, "docs/notes.md"},
		{map[string]any{"filename": "notes.md", "directory": "docs", "extension": ".rst"}, "docs/notes.rst"},
		{map[string]any{"filename": "/abs/notes.md", "directory": "docs"}, "/abs/notes.md"},
	}
	for _, c := range cases {
		res, err := oneRoute(t, nil, "fs.write", rules, c.args)
		if got := mustOne(t, res, err)["path"]; got != c.want {
			t.Errorf("%s: path %v, want %s", quote(c.args), got, c.want)
		}
	}
	res, err := oneRoute(t, nil, "fs.write", rules, map[string]any{"directory": "docs"})
	if err != nil || res.Outcome != Refused || !strings.Contains(res.Refusal.Text, "fs_write") {
		t.Errorf("directory alone: got %s, %v", quote(res.Refusal), err)
	}
}

// TestEndWithNewline: a text without a final line end gets one, and the
// note says so; a text with one is kept.
func TestEndWithNewline(t *testing.T) {
	rules := `{"content": {"to": "content", "transform": "end_with_newline"}}`
	for in, want := range map[string]string{"a": "a\n", "a\n": "a\n", "a\nb": "a\nb\n"} {
		res, err := oneRoute(t, nil, "fs.write", rules, map[string]any{"content": in})
		if got := mustOne(t, res, err)["content"]; got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
		if added := in != want; added != noteMentions(res, "line end") {
			t.Errorf("%q: notes %q", in, res.Notes)
		}
	}
}
