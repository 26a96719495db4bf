package repair

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
)

func TestPathValue(t *testing.T) {
	cases := []struct{ in, want, note string }{
		{"file:///srv/a.txt", "/srv/a.txt", `note: read the path "file:///srv/a.txt" (a file:// URI) as "/srv/a.txt"`},
		{"file://localhost/srv/a%20b.txt", "/srv/a b.txt", "a file:// URI"},
		{"file:notes/a%20b.md", "notes/a b.md", "a file:// URI"},
		{`src\main.go`, "src/main.go", `Windows separators (\)`},
		{`.\notes\a.md`, "./notes/a.md", `Windows separators`},
		{"src/main.go", "src/main.go", ""},
		{`a\b/c`, `a\b/c`, ""}, // a '/' says the path is already Unix-style
	}
	for _, c := range cases {
		got, note := pathValue(c.in)
		if got != c.want || !strings.Contains(note, c.note) || (c.note == "") != (note == "") {
			t.Errorf("pathValue(%q) = %q, %q; want %q with a note holding %q", c.in, got, note, c.want, c.note)
		}
	}
}

func TestURLValue(t *testing.T) {
	cases := []struct{ in, want, note string }{
		{"http://h/a b?q=x y", "http://h/a%20b?q=x%20y", "note: encoded 2 characters in the URL"},
		{"<http://h/a>", "http://h/a", "note: took the URL out of"},
		{"`http://h/a`", "http://h/a", "took the URL out of"},
		{`"http://h/a"`, "http://h/a", "took the URL out of"},
		{"http://h/é", "http://h/%C3%A9", "encoded 1 character"},
		{"http://h/a%20b?x=1&y=[2]", "http://h/a%20b?x=1&y=[2]", ""},
		{"not a url at all", "not a url at all", ""}, // no path to encode; the tool says what is wrong
		{"example.com/a b", "example.com/a%20b", "encoded 1 character"},
	}
	for _, c := range cases {
		got, note := urlValue(c.in)
		if got != c.want || !strings.Contains(note, c.note) || (c.note == "") != (note == "") {
			t.Errorf("urlValue(%q) = %q, %q; want %q with a note holding %q", c.in, got, note, c.want, c.note)
		}
	}
}

func TestTimeValue(t *testing.T) {
	cases := []struct {
		field, used string
		kind        tool.FieldForm
		in          any
		want        string // the value, or the problem
	}{
		{"timeoutMs", "timeout", tool.Millis, json.Number("30"), "30000"},
		{"timeoutMs", "timeout", tool.Millis, json.Number("600"), "600000"},
		{"timeoutMs", "timeout", tool.Millis, json.Number("5000"), "5000"},
		{"timeoutMs", "timeout", tool.Millis, json.Number("800"), `800 has no unit and could be seconds or milliseconds; "timeoutMs" takes milliseconds`},
		{"timeoutMs", "timeoutMs", tool.Millis, json.Number("30"), "30"}, // the name says ms: taken as written
		{"timeoutMs", "timeoutMs", tool.Millis, "30s", "30000"},
		{"timeoutMs", "timeoutMs", tool.Millis, "1.5 min", "90000"},
		{"maxTimeSeconds", "maxTimeSeconds", tool.Seconds, "2500ms", "2.5"},
		{"maxTimeSeconds", "maxTimeSeconds", tool.Seconds, json.Number("30000"), "30"},
		{"maxTimeSeconds", "maxTimeSeconds", tool.Seconds, json.Number("90"), "90"},
		{"timeoutMs", "timeout", tool.Millis, "soon", "soon"},
		{"timeoutMs", "timeout", tool.Millis, "30", "30000"}, // a number written as text has no unit either
	}
	for _, c := range cases {
		got, _, prob := timeValue(c.field, c.used, c.kind, c.in)
		s := text.CompactJSON(got)
		if prob != nil {
			s = prob.Msg
		}
		if !strings.Contains(strings.Trim(s, `"`), c.want) {
			t.Errorf("timeValue(%s as %s, %v) = %s; want %s", c.field, c.used, c.in, s, c.want)
		}
	}
}

func TestNullish(t *testing.T) {
	str := &schemas.Schema{Type: "string"}
	num := &schemas.Schema{Type: "integer"}
	enum := &schemas.Schema{Type: "string", Enum: []any{"a", "b"}}
	cases := []struct {
		s    *schemas.Schema
		kind tool.FieldForm
		v    any
		want bool
	}{
		{num, 0, nil, true}, {num, 0, "null", true}, {num, 0, "undefined", true}, {num, 0, "None", true}, {num, 0, "", true},
		{num, 0, json.Number("0"), false}, {enum, 0, "", true}, {enum, 0, "none", true},
		{str, 0, "null", false}, {str, 0, "", false}, // free text may mean the text
		{str, tool.PathKind, "undefined", true}, {str, tool.URLKind, "", true},
	}
	for _, c := range cases {
		if got := isNullish(c.s, c.kind, c.v); got != c.want {
			t.Errorf("isNullish(%s, %v) = %v", c.s.Type, c.v, got)
		}
	}
}

func TestParseRange(t *testing.T) {
	cases := []struct {
		in       any
		from, to int
		ok       bool
	}{
		{"10-20", 10, 20, true}, {"L10-L20", 10, 20, true}, {"10:20", 10, 20, true}, {"5..-1", 5, -1, true},
		{[]any{json.Number("3"), json.Number("9")}, 3, 9, true}, {"10", 0, 0, false}, {[]any{"a"}, 0, 0, false},
	}
	for _, c := range cases {
		from, to, ok := parseRange(c.in)
		if ok != c.ok || ok && (from != c.from || to != c.to) {
			t.Errorf("parseRange(%v) = %d, %d, %v", c.in, from, to, ok)
		}
	}
}

func TestCallItems(t *testing.T) {
	raw := `[{"id":"c1","type":"function","function":{"name":"fs_read","arguments":"{\"path\":\"a\"}"}},
		{"functionCall":{"name":"fs_list","args":{"path":"."}}},
		{"type":"text","text":"I will read it"},
		{"type":"tool_use","id":"t1","name":"fs_stat","input":{"path":"a"}},
		{"tool":"fs_find","args":{"pattern":"*.go"}}]`
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	got, notes := callItems("calls", v, nil)
	want := `[{"arguments":"{\"path\":\"a\"}","name":"fs_read"},{"args":{"path":"."},"name":"fs_list"},{"input":{"path":"a"},"name":"fs_stat"},{"args":{"pattern":"*.go"},"tool":"fs_find"}]`
	if text.CompactJSON(got) != want {
		t.Errorf("items:\n%s\nwant\n%s", text.CompactJSON(got), want)
	}
	wantNotes := []string{"note: read calls items in OpenAI tool_calls and Gemini functionCall and Anthropic tool_use shape as {tool, args}",
		"note: skipped 1 calls item(s) that are text, not calls"}
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes %q", notes)
	}
}

func TestForeignCandidates(t *testing.T) {
	cases := []struct {
		name string
		want []string
	}{
		{"read_file", []string{"read_file"}},
		// Where the name marks its prefix ('__', '.', ':', '/'), the tool's
		// own name is whole: e2b's files.make_dir is never a dir.
		{"mcp__filesystem__read_file", []string{"mcp_filesystem_read_file", "filesystem_read_file", "read_file"}},
		{"files.make_dir", []string{"files_make_dir", "make_dir"}},
		{"Tools/Search", []string{"tools_search", "search"}},
		{"mcp_fs_read_text_file", []string{"mcp_fs_read_text_file", "fs_read_text_file", "read_text_file", "text_file", "file"}},
		{"filesystem_list_directory", []string{"filesystem_list_directory", "list_directory", "directory"}},
		{"git_fetch", []string{"git_fetch"}}, // an unknown server's fetch is not ours
	}
	for _, c := range cases {
		if got := keys.OtherNameCandidates(c.name); !slices.Equal(got, c.want) {
			t.Errorf("keys.OtherNameCandidates(%q) = %q; want %q", c.name, got, c.want)
		}
	}
}

func TestInvertBooleans(t *testing.T) {
	tool := &tool.Tool{Spec: tool.Spec{Fields: tool.Fields{Inverse: map[string]string{"caseSensitive": "ignoreCase"}}}}
	cases := []struct {
		args      map[string]any
		want      string
		note, bad string
	}{
		{map[string]any{"case_sensitive": false}, `{"ignoreCase":true}`, "note: read case_sensitive false as ignoreCase true", ""},
		{map[string]any{"caseSensitive": "yes"}, `{"ignoreCase":false}`, "as ignoreCase false", ""},
		{map[string]any{"caseSensitive": false, "ignoreCase": false}, `{"ignoreCase":false}`, "", ""}, // the field itself wins
		{map[string]any{"caseSensitive": "maybe"}, `{"caseSensitive":"maybe"}`, "", "expected a boolean"},
		// Both, saying opposite things: neither is dropped in silence.
		{map[string]any{"caseSensitive": true, "ignoreCase": true}, `{"ignoreCase":true}`, "", `true means ignoreCase false, and "ignoreCase" was given as true; send only "ignoreCase"`},
	}
	for _, c := range cases {
		problems, notes := invertBooleans(tool, c.args)
		got := text.CompactJSON(c.args)
		if got != c.want || c.note != "" && (len(notes) != 1 || !strings.Contains(notes[0], c.note)) ||
			c.bad != "" && (len(problems) != 1 || !strings.Contains(problems[0].Msg, c.bad)) {
			t.Errorf("invertBooleans → %s, %q, %v; want %s, %q, %q", got, notes, problems, c.want, c.note, c.bad)
		}
	}
}
