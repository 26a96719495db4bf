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
		{"✿FUNCTION✿: fs_read\n✿ARGS✿: {\"path\": \"a\"}\n✿RESULT✿: x", []foundCall{{name: "fs_read", args: `{"path": "a"}`}}},
		{"✿FUNCTION✿: fs_read\n✿ARGS✿: {\"path\": \"a\"}\n✿ARGS✿: {\"path\": \"b\"}", []foundCall{{name: "fs_read", args: `{"path": "a"}`}, {name: "fs_read", args: `{"path": "b"}`}}},
		{"{\"path\":\"a\"}<|call|>", []foundCall{{args: `{"path":"a"}`}}},
		{"{\"a\":1} {\"b\":2}", []foundCall{{args: map[string]any{"a": json.Number("1")}}, {args: map[string]any{"b": json.Number("2")}}}},
		// The inference servers' parsers (tokenenvelopes.go).
		{"<tool_calls>[{\"name\":\"fs_read\",\"arguments\":{\"path\":\"a\"}}]</tool_calls>", []foundCall{{args: `[{"name":"fs_read","arguments":{"path":"a"}}]`}}},
		{"<tool_calls>\n{\"name\":\"a\"}\n{\"name\":\"b\"}\n</tool_calls>", []foundCall{{args: `{"name":"a"}`}, {args: `{"name":"b"}`}}},
		{"functools[{\"name\":\"fs_read\",\"arguments\":{\"path\":\"a\"}}]", []foundCall{{args: `[{"name":"fs_read","arguments":{"path":"a"}}]`}}},
		{"<|tool_call|>[{\"name\":\"x\"}]", []foundCall{{args: `[{"name":"x"}]`}}},
		{"<|action_start|><|plugin|>\n{\"name\":\"x\",\"parameters\":{}}<|action_end|>", []foundCall{{args: `{"name":"x","parameters":{}}`}}},
		{"<|python_tag|>{\"name\":\"x\",\"parameters\":{}}<|eom_id|>", []foundCall{{args: `{"name":"x","parameters":{}}`}}},
		{"<|START_ACTION|>[{\"tool_call_id\":\"0\",\"tool_name\":\"x\",\"parameters\":{}}]<|END_ACTION|>", []foundCall{{args: `[{"tool_call_id":"0","tool_name":"x","parameters":{}}]`}}},
		{"Action: ```json\n[{\"tool_name\":\"x\",\"parameters\":{}}]\n```", []foundCall{{args: `[{"tool_name":"x","parameters":{}}]`}}},
		{"<|tool_calls_section_begin|><|tool_call_begin|>functions.fs_read:0<|tool_call_argument_begin|>{\"path\":\"a\"}<|tool_call_end|><|tool_calls_section_end|>",
			[]foundCall{{name: "fs_read", args: `{"path":"a"}`}}},
		{"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>fs_read\n```json\n{\"path\":\"a\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
			[]foundCall{{name: "fs_read", args: `{"path":"a"}`}}},
		{"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>fs_read<｜tool▁sep｜>{\"path\":\"a\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", []foundCall{{name: "fs_read", args: `{"path":"a"}`}}},
		{"<minimax:tool_call>\n<invoke name=\"fs_read\">\n<parameter name=\"path\">a</parameter>\n<parameter name=\"limit\">2</parameter>\n</invoke>\n</minimax:tool_call>",
			[]foundCall{{name: "fs_read", args: map[string]any{"path": "a", "limit": "2"}}}},
		{"<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"fs_read\"><steptml:parameter name=\"path\">a</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>",
			[]foundCall{{name: "fs_read", args: map[string]any{"path": "a"}}}},
		{"<seed:tool_call>\n<function=fs_read>\n<parameter=path>a</parameter>\n</function>\n</seed:tool_call>", []foundCall{{name: "fs_read", args: map[string]any{"path": "a"}}}},
		{"<function_calls>\n<invoke name=\"fs_read\">\n<parameter name=\"path\">a</parameter>\n</invoke>\n</function_calls>", []foundCall{{name: "fs_read", args: map[string]any{"path": "a"}}}},
		{"<function_calls>\nfs_read(path=\"a\", limit=2)\n</function_calls>", []foundCall{{name: "fs_read", args: map[string]any{"path": "a", "limit": json.Number("2")}}}},
		{"```tool_code\nfs_read(path='a b', whole=True, lines=[1, 2], opts={'x': None})\n```",
			[]foundCall{{name: "fs_read", args: map[string]any{"path": "a b", "whole": true, "lines": []any{json.Number("1"), json.Number("2")}, "opts": map[string]any{"x": nil}}}}},
		{"[fs_read(path=\"a\"), net_curl(url=\"http://127.0.0.1/\")]", []foundCall{{name: "fs_read", args: map[string]any{"path": "a"}}, {name: "net_curl", args: map[string]any{"url": "http://127.0.0.1/"}}}},
		{"[fs_read(path=\"\"\"line\\none\"\"\")]", []foundCall{{name: "fs_read", args: map[string]any{"path": "line\none"}}}},
	}
	for _, c := range cases {
		var got []foundCall
		for _, read := range textEnvelopes {
			if calls, _, ok := read(c.text); ok {
				got = calls
				break
			}
		}
		if !reflect.DeepEqual(got, c.calls) {
			t.Errorf("%q: got %#v, want %#v", c.text, got, c.calls)
		}
	}
	for _, plain := range []string{`{"a":1}`, "hello.txt", "<b>bold</b>", "{\"a\":1} trailing", `["a.go", "b.go"]`, "[fs_read(\"positional\")]", "[1, 2]", "Action: go", "functools", "[a](b)"} {
		for _, read := range textEnvelopes {
			if calls, said, ok := read(plain); ok {
				t.Errorf("%q read as an envelope (%s): %#v", plain, said, calls)
			}
		}
	}
}
