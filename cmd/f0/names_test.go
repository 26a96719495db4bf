package main

import (
	"context"
	"strings"
	"testing"
)

// TestTerminalSpellsToolsAsTyped: every text a person reads on the terminal
// names a tool the way the command line takes it (fs.read), never as MCP
// lists it (fs_read), whatever the listing's style or prefix.
func TestTerminalSpellsToolsAsTyped(t *testing.T) {
	const table = "" +
		"fs.read         read  Read text files by line window (offset, limit, tail), several at once.\n" +
		"tools.describe  read  Show one tool's arguments, full input schema, examples and notes.\n"
	const helpList = "\nTools (f0 TOOL --help shows one):\n" +
		"  fs.read         Read text files by line window (offset, limit, tail), several at once.\n" +
		"  tools.describe  Show one tool's arguments, full input schema, examples and notes.\n"
	two := []string{"--tools", "fs.read,tools.describe"}
	cases := []struct {
		name   string
		args   []string
		stdout func(string) string // the part of stdout compared
		stderr func(string) string // the part of stderr compared
		want   string
	}{
		{"tools table", append(two, "tools"), whole, nil, table},
		{"tools table, prefixed listing", append(two, "--tools-prefix", "p", "tools"), whole, nil, table},
		{"root help's tool list", append(two, "--help"), after("\nTools ("), nil, helpList},
		{"search's describe call", []string{"tools.search", "write"}, lastLine, nil,
			"Arguments and examples of one tool: f0 tools.describe fs.write"},
		{"a note naming a tool", []string{"tools.describe", "fs_write"}, lineWith("safer"), nil,
			"- To change part of a file, fs.edit is safer than rewriting it."},
		{"a note naming a tool, tool help", []string{"fs.read", "--help"}, lineWith("bare string"), nil,
			`- A bare string is the path: fs.read "go.mod".`},
		{"a description naming a tool", []string{"tools.search", "--help"}, lineWith("Ranks tools"), nil,
			"Ranks tools by the words of the query over their names, keywords, summaries and descriptions. Use it when you do not know which tool fits; then call tools.describe for one tool's arguments."},
		{"a text about spellings stays", []string{"tools.describe", "tools.describe"}, lineWith("Accepts any spelling"), nil,
			"Accepts any spelling of a tool name (net_curl, net.curl, NET-CURL) and suggests the closest names when there is no such tool."},
		{"an example naming a tool", []string{"tools.describe", "tools.describe"}, lineWith("  f0 tools.describe "), nil,
			"  f0 tools.describe tools.search"},
		{"batch examples", []string{"describe", "batch"}, lineWith(`"tool":"fs.stat"`), nil,
			`  f0 batch 'calls:=[{"args":"{\"path\": \"go.mod\"}","tool":"fs.stat"},{"args":"{}","tool":"fs.list"}]'`},
		{"an error's example", []string{"tools.describe"}, nil, lineWith("Example:"),
			"Example: f0 tools.describe tools.search"},
		{"an error's describe call", []string{"call", "net.curl", `{"url":"http://127.0.0.1:1/","maxTime":"abc"}`}, nil, lineWith("Expected:"),
			"Expected: {url?: string, urls?: string[], args?: string[], method?: string, headers?: {accept?: string, authorization?: string}, data?: string, json?: string, form?: string, query?: string, followRedirects?: boolean, … 23 more (f0 tools.describe net.curl)}"},
		{"a misspelt --tools", []string{"--tools", "fs_raed", "tools"}, nil, lineWith("--tools"),
			`f0: --tools: unknown tool "fs_raed"; did you mean fs.read or fs.find or fs.copy?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f0(t, "", c.args...)
			got := ""
			if c.stdout != nil {
				got = c.stdout(r.stdout)
			} else {
				got = c.stderr(r.stderr)
			}
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s\n%s", got, c.want, r)
			}
		})
	}
}

// TestMCPKeepsListedNames: what a model reads keeps the names MCP lists,
// the same documentation the terminal shows spelt fs.read.
func TestMCPKeepsListedNames(t *testing.T) {
	p := rootPipeline(t, t.TempDir())
	for _, c := range []struct {
		tool, arg, want string
	}{
		{"tools.describe", "fs.write", "- To change part of a file, fs_edit is safer than rewriting it.\n"},
		{"tools.describe", "tools.describe", `tools_describe {"name":"tools_search"}`},
		{"tools.describe", "batch", `{"args":"{\"path\": \"go.mod\"}","tool":"fs_stat"}`},
		{"net.curl", `{"url":"http://127.0.0.1:1/","maxTime":"abc"}`, `(tools_describe {"name":"net_curl"})`},
		{"tools.search", "write", `Arguments and examples of one tool: tools_describe {"name":"fs_write"}`},
	} {
		res := p.Call(context.Background(), c.tool, c.arg)
		if !strings.Contains(res.Text, c.want) {
			t.Errorf("%s %s: want %q in:\n%s", c.tool, c.arg, c.want, res.Text)
		}
	}
}

func whole(s string) string { return s }

// lastLine is the last line of s, without its line break.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// after is the part of s from the first sep on.
func after(sep string) func(string) string {
	return func(s string) string {
		if i := strings.Index(s, sep); i >= 0 {
			return s[i:]
		}
		return ""
	}
}

// lineWith is the first line of s that contains part.
func lineWith(part string) func(string) string {
	return func(s string) string {
		for line := range strings.Lines(s) {
			if strings.Contains(line, part) {
				return strings.TrimSuffix(line, "\n")
			}
		}
		return ""
	}
}
