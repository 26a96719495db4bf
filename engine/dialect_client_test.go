package engine

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"f0/tool"
)

func TestRenderers(t *testing.T) {
	read := tool.Suggestion{Tool: "fs.read", Listed: "fs_read", Args: map[string]any{"path": "a.txt", "offset": 3}}
	find := tool.Suggestion{Tool: "fs.find", Listed: "fs_find", Args: map[string]any{"pattern": "*.go"}}
	sure := PiDialect{Prefix: "f0", Direct: map[string]bool{"fs.read": true}, Sure: true}
	guess := PiDialect{Prefix: "f0", Direct: map[string]bool{"fs.read": true}}
	for _, tc := range []struct {
		name string
		r    Dialect
		s    tool.Suggestion
		call string
		ref  string
	}{
		{"listed", ListedDialect{}, read, `fs_read {"offset":3,"path":"a.txt"}`, "fs_read"},
		{"pi direct", sure, read, `f0_fs_read {"offset":3,"path":"a.txt"}`, "f0_fs_read"},
		{"pi proxy", sure, find, `mcp({tool: "fs_find", args: {"pattern":"*.go"}})`, "fs_find"},
		{"pi unsure", guess, read, `f0_fs_read {"offset":3,"path":"a.txt"} (if f0_fs_read is not among your tools: mcp({tool: "fs_read", args: {"offset":3,"path":"a.txt"}}))`, "f0_fs_read"},
		{"pi proxy when guessing", guess, find, `mcp({tool: "fs_find", args: {"pattern":"*.go"}})`, "fs_find"},
		{"pi name already prefixed", PiDialect{Prefix: "fs", Direct: map[string]bool{"fs.read": true}, Sure: true}, read, `fs_read {"offset":3,"path":"a.txt"}`, "fs_read"},
		{"claude code", PrefixDialect{Prefix: "mcp__my_files__"}, read, `mcp__my_files__fs_read {"offset":3,"path":"a.txt"}`, "mcp__my_files__fs_read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.Call(tc.s); got != tc.call {
				t.Errorf("Call = %s\nwant   %s", got, tc.call)
			}
			if got := tc.r.Name(tc.s); got != tc.ref {
				t.Errorf("Name = %s, want %s", got, tc.ref)
			}
		})
	}
}

// TestClaudeCodeTokens: MAX_MCP_OUTPUT_TOKENS lowers Claude Code's budget
// (2 bytes a token) but never raises it past the 50,000 characters Claude
// Code keeps in the conversation whatever the token limit.
func TestClaudeCodeTokens(t *testing.T) {
	for _, tc := range []struct{ tokens, bytes int }{
		{0, 50000},
		{10000, 20000},
		{25000, 50000},
		{100000, 50000},
	} {
		p := newTestPipeline(t, Config{Clients: ClientOptions{ClaudeCodeTokens: tc.tokens}})
		if got := p.Client("claude-code").Limits; got != (tool.Limits{Bytes: tc.bytes}) {
			t.Errorf("MAX_MCP_OUTPUT_TOKENS=%d: %+v, want %d bytes", tc.tokens, got, tc.bytes)
		}
	}
}

func TestPiSanitizeMatchesAdapter(t *testing.T) {
	// pi-mcp-adapter's sanitizeServerPrefix: "my.server" → "my_2e_server".
	if got := piSanitize("my.server-1_x"); got != "my_2e_server-1_x" {
		t.Fatalf("piSanitize = %q", got)
	}
}

func TestClientFromName(t *testing.T) {
	p := newTestPipeline(t, Config{Clients: ClientOptions{Limits: map[string]tool.Limits{"acme*": {Bytes: 8000, Lines: 100}, "pi-mcp-big": {Bytes: 100000}}}})
	for _, tc := range []struct {
		name   string
		kind   string
		limits tool.Limits
	}{
		{"pi-mcp-f0", "pi", tool.Limits{Bytes: PiMaxBytes, Lines: PiMaxLines}},
		{"pi-mcp-big", "pi", tool.Limits{Bytes: 100000}},
		{"claude-code", "claude-code", tool.Limits{Bytes: 50000}},
		{"acme-agent", "", tool.Limits{Bytes: 8000, Lines: 100}},
		{"cursor-vscode", "cursor", tool.Limits{Bytes: 11264}},
		{"@langchain/mcp-adapters", "langchain", tool.Limits{}},
		{"codex-mcp-client", "codex", tool.Limits{Bytes: 12000}},
		{"gemini-cli-mcp-client", "gemini-cli", tool.Limits{Bytes: 40000}},
		{"pi", "pi 1.x", tool.Limits{Bytes: 20480}},
		{"claude-code (via mcp-remote 0.15.1)", "claude-code", tool.Limits{Bytes: 50000}},
		{"some-client", "", tool.Limits{Bytes: 11264}},
		{"", "", tool.Limits{Bytes: 11264}},
	} {
		c := p.Client(tc.name)
		if c.Kind != tc.kind || c.Limits != tc.limits {
			t.Errorf("Client(%q) = %q %+v, want %q %+v", tc.name, c.Kind, c.Limits, tc.kind, tc.limits)
		}
	}
	if r, ok := p.Client("pi-mcp-f0").Dialect.(PiDialect); !ok || r.Prefix != "f0" || r.Sure {
		t.Errorf("pi dialect = %#v", p.Client("pi-mcp-f0").Dialect)
	}
}

func TestParseClientLimits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		name string
		l    tool.Limits
		err  string
	}{
		{"acme=20000", "acme", tool.Limits{Bytes: 20000}, ""},
		{"pi-mcp-*=40000,1500", "pi-mcp-*", tool.Limits{Bytes: 40000, Lines: 1500}, ""},
		{"acme", "", tool.Limits{}, "expected NAME=BYTES[,LINES]"},
		{"acme=10", "", tool.Limits{}, "BYTES must be a number of at least 1024"},
		{"acme=2000,x", "", tool.Limits{}, "LINES must be a number"},
	} {
		name, l, err := ParseClientLimits(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || name != tc.name || l != tc.l {
			t.Errorf("%q = %q %+v %v", tc.in, name, l, err)
		}
	}
}

// piCall makes a call the way the MCP server does for pi's client named
// pi-mcp-f0.
func piCall(p *Host, name string, args any) tool.Result {
	return p.Call(WithClient(context.Background(), p.Client("pi-mcp-f0")), name, args)
}

// withinPi checks that pi would pass a text on whole: at most 50 KiB and
// 2,000 lines as pi counts them (a final newline ends the last line).
func withinPi(t *testing.T, text string) {
	t.Helper()
	lines := strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
	if len(text) > PiMaxBytes || lines > PiMaxLines {
		t.Fatalf("%d bytes, %d lines: pi would cut it", len(text), lines)
	}
}

var proxyCall = regexp.MustCompile(`mcp\(\{tool: "(\w+)", args: (\{.*\})\}\)$`)

func TestPiLongResultIsReadToTheEndByItsFooters(t *testing.T) {
	p := newTestPipeline(t, Config{})
	const size = 150000
	want := fixtureText(size)
	args := map[string]any{"size": size, "maxBytes": 200000}
	var bodies []string
	for calls := 1; ; calls++ {
		res := piCall(p, "test_pages", args)
		withinPi(t, res.Text)
		if calls == 1 && !strings.Contains(res.Text, "note: maxBytes 200,000 is more than pi passes on to the model (51,200 bytes); used 51,136") {
			t.Fatalf("no note about the client's cut:\n%s", res.Text[len(res.Text)-400:])
		}
		bodies = append(bodies, strings.TrimSuffix(res.Sections.Body, "\n"))
		last := res.Text[strings.LastIndexByte(res.Text, '\n')+1:]
		m := proxyCall.FindStringSubmatch(last)
		if m == nil {
			break
		}
		if m[1] != "test_pages" {
			t.Fatalf("footer calls %s", m[1])
		}
		args = nil
		if err := json.Unmarshal([]byte(m[2]), &args); err != nil {
			t.Fatal(err)
		}
		if calls > 10 {
			t.Fatal("no end after 10 calls")
		}
	}
	if got := strings.Join(bodies, "\n"); got != strings.TrimSuffix(want, "\n") {
		t.Fatalf("read %d bytes in %d calls, want %d: lines were skipped or repeated", len(got), len(bodies), len(want))
	}
	// 8,334 lines of 18 bytes: pi's 2,000 lines come before its 50 KB.
	if len(bodies) != 5 {
		t.Errorf("%d calls for %d bytes in 8,334 lines; want 5 of about 1,995 lines", len(bodies), size)
	}
}

func TestPiShortLinesAreCutAtTheLineLimit(t *testing.T) {
	p := newTestPipeline(t, Config{})
	// 4,000 lines of 6 bytes: 24 KB, inside the byte budget, past pi's 2,000 lines.
	res := p.Call(WithClient(context.Background(), p.Client("pi-mcp-f0")), "test.lines", map[string]any{"n": 4000})
	withinPi(t, res.Text)
	lines := strings.Split(res.Text, "\n")
	last := lines[len(lines)-1]
	if want := `Get the rest: mcp({tool: "test_lines", args: {"n":4000,"offset":`; !strings.HasPrefix(last, want) {
		t.Fatalf("last line %q, want %q…", last, want)
	}
	if !strings.Contains(lines[0], "· rest at offset=") {
		t.Fatalf("head %q does not say where the rest starts", lines[0])
	}
}

func TestUnknownClientGetsTheDefaultBudget(t *testing.T) {
	p := newTestPipeline(t, Config{})
	res := p.Call(WithClient(context.Background(), p.Client("some-client")), "test_pages", map[string]any{"size": 150000, "maxBytes": 100000})
	if len(res.Text) > Clients().DefaultBytes {
		t.Fatalf("%d bytes: more than f0 sends a client it does not know", len(res.Text))
	}
	if !strings.Contains(res.Text, "more than f0 sends a client it does not know") {
		t.Errorf("no note says why maxBytes was not honoured:\n%s", res.Text)
	}
	if !strings.Contains(res.Text, "Get the rest: test_pages {") {
		t.Fatalf("footer not in the listed form:\n%s", res.Text[len(res.Text)-300:])
	}
	operator := newTestPipeline(t, Config{Clients: ClientOptions{Limits: map[string]tool.Limits{"*": {Bytes: 200000}}}})
	res = operator.Call(WithClient(context.Background(), operator.Client("some-client")), "test_pages", map[string]any{"size": 150000, "maxBytes": 100000})
	if body := res.Sections.Body; len(body) < 90000 || len(body) > 100000 {
		t.Fatalf("a %d-byte body: with --client-limits '*=200000' an unknown client gets what maxBytes asks", len(body))
	}
}

func TestPiHintsAndInstructions(t *testing.T) {
	p := newTestPipeline(t, Config{Clients: ClientOptions{PiDirect: []string{"test_echo"}}})
	res := piCall(p, "test_ehco", map[string]any{})
	for _, want := range []string{"- f0_test_echo: Echo the decoded input as JSON.", `Example: f0_test_echo {"method":"GET","url":"https://example.com"}`, `List every tool with mcp({tool: "tools_search", args: {}}) (or mcp({server: "f0"}))`} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("not found answer lacks %q:\n%s", want, res.Text)
		}
	}
	in := p.Instructions(p.Client("pi-mcp-f0"))
	for _, want := range []string{"f0's tools come through pi", "51,200 bytes, 2,000 lines", `mcp({tool: "tools_search", args: {}})`} {
		if !strings.Contains(in, want) {
			t.Errorf("instructions lack %q:\n%s", want, in)
		}
	}
	if strings.Contains(in, "JSON string is accepted") || strings.Contains(in, "other spellings") {
		t.Errorf("pi instructions promise repairs pi's own checks prevent:\n%s", in)
	}
	if got, want := p.Instructions(Client{}), p.Instructions(p.Client("cursor")); got != want {
		t.Errorf("unknown clients get other instructions:\n%s\n%s", got, want)
	}
}

func TestMaxOutputNeverPassesAClientsCut(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 300 << 10})
	res := piCall(p, "test.plain", map[string]any{"size": 200000})
	withinPi(t, res.Text)
	if last := res.Text[strings.LastIndexByte(res.Text, '\n')+1:]; !strings.HasPrefix(last, "This is the most one call returns here (1,999 lines: the client cuts longer results, whatever maxBytes)") {
		t.Fatalf("last line %q", last)
	}
	cc := p.Call(WithClient(context.Background(), p.Client("claude-code")), "test.pages", map[string]any{"size": 200000})
	if len(cc.Text) > ClaudeCodeMaxTokens*bytesPerToken {
		t.Fatalf("%d bytes for Claude Code", len(cc.Text))
	}
	if !strings.Contains(cc.Text, `Get the rest: mcp__f0__test_pages {"offset":`) {
		t.Fatalf("Claude Code footer:\n%s", cc.Text[len(cc.Text)-200:])
	}
}
