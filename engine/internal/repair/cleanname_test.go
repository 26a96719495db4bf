package repair

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestCleanName(t *testing.T) {
	cases := []struct {
		raw, name string
		args      map[string]any
		clean     bool
	}{
		{"fs_read", "fs_read", nil, false},
		{`"fs_find"`, "fs_find", nil, true},
		{`\"fs_find\"`, "fs_find", nil, true},
		{"'`fs_find`'", "fs_find", nil, true},
		{"fs_read<|channel|>analysis", "fs_read", nil, true},
		{"fs_find<|call|>", "fs_find", nil, true},
		{"functions.fs_read <|constrain|>json", "functions.fs_read", nil, true},
		{"to=functions.fs_read", "functions.fs_read", nil, true},
		{`<|channel|>commentary to=functions.fs_read <|constrain|>json<|message|>{"path":"a"}<|call|>`, "functions.fs_read", map[string]any{"path": "a"}, true},
		{"fs_read(path: str) -> str: Read a file", "fs_read", nil, true},
		{"fs_read: Read a file", "fs_read", nil, true},
		{"fs_read()", "fs_read", nil, true},
		{"fs_find_mcp_f0", "fs_find", nil, true},
		{"fs_find@f0", "fs_find", nil, true},
		{"fs_read.", "fs_read", nil, true},
		{`More: tools_describe {"name":"fs_read"}`, "tools_describe", map[string]any{"name": "fs_read"}, true},
		{`fs_read {"path":"a"}`, "fs_read", map[string]any{"path": "a"}, true},
		{`fs_read {"path":"a"} and more`, "fs_read", nil, false},
	}
	for _, c := range cases {
		got, ok := cleanName(c.raw)
		if ok != c.clean || ok && (got.name != c.name || !reflect.DeepEqual(got.args, c.args)) {
			t.Errorf("cleanName(%q) = %q %v %v, want %q %v %v", c.raw, got.name, got.args, ok, c.name, c.args, c.clean)
		}
	}
}

func TestTextEnvelopes(t *testing.T) {
	cases := []struct {
		text  string
		calls []foundCall
	}{
		{"<tool_call>\n{\"name\":\"x\"}\n</tool_call>", []foundCall{{args: `{"name":"x"}`}}},
		{"<tool_call>{\"a\":1}</tool_call>\n<tool_call>{\"b\":2}", []foundCall{{args: `{"a":1}`}, {args: `{"b":2}`}}},
		{"<function=fs_read>\n<parameter=path>\na b\n\n</parameter>\n</function>", []foundCall{{name: "fs_read", args: map[string]any{"path": "a b\n"}}}},
		{"<function=fs_read>{\"path\":\"a\"}</function>", []foundCall{{name: "fs_read", args: `{"path":"a"}`}}},
		{"[TOOL_CALLS]fs_read[CALL_ID]c1[ARGS]{\"path\":\"a\"}", []foundCall{{name: "fs_read", args: map[string]any{"path": "a"}}}},
		{"[TOOL_CALLS] [{\"name\":\"x\"}]", []foundCall{{args: `[{"name":"x"}]`}}},
		{"fs_read<arg_key>path</arg_key><arg_value>a</arg_value>", []foundCall{{name: "fs_read", args: map[string]any{"path": "a"}}}},
		{"{\"path\":\"a\"}<|call|>", []foundCall{{args: `{"path":"a"}`}}},
		{"{\"a\":1} {\"b\":2}", []foundCall{{args: map[string]any{"a": json.Number("1")}}, {args: map[string]any{"b": json.Number("2")}}}},
	}
	for _, c := range cases {
		var got []foundCall
		for _, env := range textEnvelopes {
			if calls, ok := env.read(c.text); ok {
				got = calls
				break
			}
		}
		if !reflect.DeepEqual(got, c.calls) {
			t.Errorf("%q: got %#v, want %#v", c.text, got, c.calls)
		}
	}
	for _, plain := range []string{`{"a":1}`, "hello.txt", "<b>bold</b>", "{\"a\":1} trailing"} {
		for _, env := range textEnvelopes {
			if calls, ok := env.read(plain); ok {
				t.Errorf("%q read as an envelope (%s): %#v", plain, env.said, calls)
			}
		}
	}
}
