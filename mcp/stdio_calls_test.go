package mcp

import (
	"context"
	"strings"
	"testing"

	"f0/tool"
	"f0/tools/meta"
)

// TestStdioPlainCallsAnswerAsMCPGo: the calls the stdio transport answers
// itself get, byte for byte, the line mcp-go's HandleMessage writes for
// them, except that <, > and & are not escaped (as in every other line f0
// writes), and the calls it leaves to HandleMessage still get their
// answers.
func TestStdioPlainCallsAnswerAsMCPGo(t *testing.T) {
	cases := []struct{ name, id, params string }{
		{"a plain call", `1`, `{"name":"tools_search","arguments":{"query":"describe"}}`},
		{"a string id", `"req-7"`, `{"name":"tools_describe","arguments":{"name":"tools_search"}}`},
		{"a negative id", `-3`, `{"name":"tools_search","arguments":{"query":"x"}}`},
		{"wrong arguments", `2`, `{"name":"tools_describe","arguments":{"name":5}}`},
		{"arguments as a string", `3`, `{"name":"tools_search","arguments":"describe"}`},
		{"no arguments", `4`, `{"name":"tools_search"}`},
		{"null arguments", `5`, `{"name":"tools_search","arguments":null}`},
		{"a progress token", `6`, `{"name":"tools_search","arguments":{"query":"x"},"_meta":{"progressToken":"t"}}`},
		{"markup and escapes in the text", `7`, `{"name":"tools_search","arguments":{"query":"<b>&amp;\u00e9\n\"q\""}}`},
		{"upper-case member names", `8`, `{"Name":"tools_search","Arguments":{"query":"x"}}`},
		{"a misspelt name (HandleMessage)", `9`, `{"name":"tools-search","arguments":{"query":"x"}}`},
		{"other _meta (HandleMessage)", `10`, `{"name":"tools_search","arguments":{"query":"x"},"_meta":{"trace":"t"}}`},
		{"an unknown tool (HandleMessage)", `11`, `{"name":"no_such_tool","arguments":{}}`},
		{"a fractional id (HandleMessage)", `1.5`, `{"name":"tools_search","arguments":{"query":"x"}}`},
		{"an escaped name (HandleMessage)", `12`, `{"name":"tools\u005fsearch","arguments":{"query":"x"}}`},
	}
	p := customSearchPipeline(t, func(_ context.Context, _ tool.Call, in meta.SearchInput) (tool.Result, error) {
		if in.Query == "x" {
			return tool.Result{IsError: true, Text: "nothing for x"}, nil
		}
		return tool.Text("found %s", in.Query), nil
	})
	direct := newRawStdio(t, NewServer(p, Options{}), StdioOptions{})
	reference := newRawStdio(t, NewServer(p, Options{}), StdioOptions{allToMCPGo: true})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			line := `{"jsonrpc":"2.0","id":` + c.id + `,"method":"tools/call","params":` + c.params + `}`
			direct.send(line)
			reference.send(line)
			_, got := direct.answerLine(c.id)
			_, want := reference.answerLine(c.id)
			want = unescapeHTML.Replace(want)
			if got != want {
				t.Errorf("answered\n%s\nHandleMessage answers\n%s", got, want)
			}
		})
	}
}

// unescapeHTML undoes encoding/json's escaping of HTML characters.
var unescapeHTML = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&")
