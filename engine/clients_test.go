package engine

import (
	"context"
	"os"
	"strings"
	"testing"

	"f0/internal/text"
	"f0/internal/texttest"
	"f0/tool"
)

// TestClientTableRows: every row says where its facts come from, how to
// configure the client and what it validates; ids and clientInfo names
// are unique; and the default for unknown clients stays below every cut
// the table knows.
func TestClientTableRows(t *testing.T) {
	table := Clients()
	ids, names := map[string]bool{}, map[string]string{}
	for _, r := range table.Clients {
		if r.ID == "" || r.Client == "" || r.Source == "" || r.Config == "" || r.Validates == "" {
			t.Errorf("row %+v lacks an id, a name, a source, a configuration or what it validates", r)
		}
		if ids[r.ID] {
			t.Errorf("id %s twice", r.ID)
		}
		ids[r.ID] = true
		for _, m := range r.Match {
			if other, ok := names[m]; ok {
				t.Errorf("clientInfo %q in %s and %s", m, other, r.ID)
			}
			names[m] = r.ID
		}
		switch r.Call {
		case "function", "codemode", "pi-proxy":
		default:
			t.Errorf("%s: call %q", r.ID, r.Call)
		}
		if r.Cut != nil && r.Cut.Keeps != "all" && r.limits(0).Bytes == 0 {
			t.Errorf("%s: a cut of no size", r.ID)
		}
	}
	if least := table.smallestCut(); table.DefaultBytes >= least || least == 0 {
		t.Errorf("default %d bytes is not below the smallest known cut %d", table.DefaultBytes, least)
	}
}

// TestEveryClientGetsResultsInsideItsCut: for each row (and an unknown
// client), a long read asked for with a large maxBytes stays inside the
// client's cut, and its footer names the tool as that client's model
// calls it.
func TestEveryClientGetsResultsInsideItsCut(t *testing.T) {
	p := newTestPipeline(t, Config{})
	calls := map[string]string{
		"pi":                    `Get the rest: mcp__f0__test_pages {"maxBytes":20416,"offset":`,
		"pi-mcp-f0":             `Get the rest: mcp({tool: "test_pages", args: {`,
		"claude-code":           `Get the rest: mcp__f0__test_pages {`,
		"codex-mcp-client":      `Get the rest: test_pages {`,
		"gemini-cli-mcp-client": `Get the rest: mcp_f0_test_pages {`,
		"Visual Studio Code":    `Get the rest: mcp_f0_test_pages {`,
		"f0":                    `Get the rest: f0_test_pages {`,
		"cursor-vscode":         `Get the rest: test_pages {`,
		"@librechat/api-client": `Get the rest: test_pages_mcp_f0 {`,
		"Roo Code":              `Get the rest: mcp--f0--test_pages {`,
		"Cline":                 `Get the rest: f0__test_pages {`,
		"goose":                 `Get the rest: f0__test_pages {`,
		"genkit-mcp":            `Get the rest: f0__test_pages {`,
		"gemini-cli-mcp-client (via mcp-remote 0.15.1)": `Get the rest: mcp_f0_test_pages {`,
		"unknown-client": `Get the rest: test_pages {`,
	}
	for name, call := range calls {
		c := p.Client(name)
		res := p.Call(WithClient(context.Background(), c), "test_pages", map[string]any{"size": 400000, "maxBytes": 300000})
		limit := c.Limits
		if limit.Bytes == 0 { // the client does not cut
			limit.Bytes = tool.DefaultOutputCap
		}
		if len(res.Text) > limit.Bytes || limit.Lines > 0 && text.LineCount(res.Text) > limit.Lines {
			t.Errorf("%s: %d bytes, %d lines; the client cuts at %+v", name, len(res.Text), text.LineCount(res.Text), limit)
		}
		last := res.Text[strings.LastIndex(res.Text, "\n")+1:]
		if !strings.HasPrefix(last, call) {
			t.Errorf("%s: footer %q, want %q…", name, last, call)
		}
	}
}

// TestPiCodemodeCalls: pi 1.x's calls are written as a tool call and as a
// codemode script's call, with pi's name of the tool.
func TestPiCodemodeCalls(t *testing.T) {
	s := tool.Suggestion{Tool: "fs.read", Listed: "fs_read", Args: map[string]any{"path": "a", "offset": 3}}
	r := PiCodemodeDialect{Server: "my-files"}
	if got, want := r.Call(s), `mcp__my_files__fs_read {"offset":3,"path":"a"} (in a codemode script: await tools.mcp__my_files__fs_read({"offset":3,"path":"a"}))`; got != want {
		t.Errorf("Call = %s\nwant   %s", got, want)
	}
	long := PiCodemodeDialect{Server: strings.Repeat("s", 70)}.Name(s)
	if len(long) != piToolNameMax || !strings.HasPrefix(long, "mcp__sss") {
		t.Errorf("long name %q (%d)", long, len(long))
	}
}

// TestReadmeClients: README.md's client section is the table rendered
// (F0_UPDATE_README=1 writes it).
func TestReadmeClients(t *testing.T) {
	texttest.Section(t, "../README.md", "<!-- clients: rendered from engine/clients.json by TestReadmeClients -->\n", "<!-- /clients -->\n",
		ClientsMarkdown(), os.Getenv("F0_UPDATE_README") == "1", "run F0_UPDATE_README=1 go test ./engine -run TestReadmeClients")
}
