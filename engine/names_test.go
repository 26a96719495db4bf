package engine

import (
	"context"
	"strings"
	"testing"

	"f0/internal/texttest"
	"f0/tool"
)

func TestResolveSpellings(t *testing.T) {
	p := newTestPipeline(t, Config{Prefix: "p"})
	for _, name := range []string{
		"test.echo", "test_echo", "TEST-ECHO", "test/echo", " Test.Echo ", "test__echo",
		"mcp__f0__test_echo", "mcp__my-server__test.echo", "f0_test_echo", "f0.test.echo",
		"p_test_echo", "functions.test_echo", "default_api:test_echo", "test.mirror", "test_mirror",
		// Server prefixes of other clients: VS Code/Copilot, gemini-cli and
		// Cursor (mcp_<server>_), pi (<server>_), gemini-cli (<server>__).
		"mcp_f0_test_echo", "mcp_my_server_test_echo", "x_test_echo", "srv__test_echo",
	} {
		t.Run(name, func(t *testing.T) {
			got, ok := p.Resolve(name)
			if !ok || got.Name != "test.echo" {
				t.Fatalf("Resolve(%q) = %v, %v; want test.echo", name, got, ok)
			}
		})
	}
}

func TestResolveRejectsNearMisses(t *testing.T) {
	p := newTestPipeline(t, Config{})
	for _, name := range []string{"test.ech", "echo", "testecho", "mcp__f0__", "", "test", "test_echo_x"} {
		if got, ok := p.Resolve(name); ok {
			t.Errorf("Resolve(%q) = %s; only a tool's name, in any spelling or after a prefix, may execute", name, got.Name)
		}
	}
}

func TestNotFoundSuggestions(t *testing.T) {
	p := newTestPipeline(t, Config{})
	cases := []struct {
		name string
		want []string // in the answer, in order
	}{
		{"test_ehco", []string{`unknown tool "test_ehco"`, "Did you mean:", "- test_echo:", "Example: test_echo {"}},
		{"echo", []string{"- test_echo:"}},
		{"mirror", []string{"- test_echo:"}},
		{"tools_serch", []string{"- tools_search:"}},
		{"help", []string{"- tools_describe:"}},
		{"zzzzzz", []string{`unknown tool "zzzzzz".`, "tools_search {}", `tools_describe {"name":"…"}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), c.name, nil)
			if !res.IsError {
				t.Fatalf("want an error result, got %q", res.Text)
			}
			assertInOrder(t, res.Text, c.want...)
		})
	}
}

func TestNotFoundListsNamesAsListed(t *testing.T) {
	p := newTestPipeline(t, Config{NameStyle: Dotted})
	res := p.Call(context.Background(), "test.ehco", nil)
	assertInOrder(t, res.Text, "- test.echo:", "tools.search {}")
}

func TestHiddenToolSaysWhy(t *testing.T) {
	cases := []struct {
		cfg  Config
		name string
		want string
	}{
		{Config{Exclude: []string{"test_echo"}}, "test.echo", "it is in --exclude-tools"},
		{Config{Include: []string{"tools.search"}}, "test.echo", "it is not in --tools"},
		{Config{Namespaces: []string{"tools"}}, "test.echo", "--namespaces"},
		{Config{Access: tool.Write}, "test.nuke", "needs admin access"},
	}
	for _, c := range cases {
		p := newTestPipeline(t, c.cfg)
		res := p.Call(context.Background(), c.name, nil)
		if !res.IsError {
			t.Fatalf("%s under %+v: want error", c.name, c.cfg)
		}
		assertInOrder(t, res.Text, "exists but this server does not expose it", c.want)
		for _, v := range p.Visible() {
			if v.Name == c.name {
				t.Errorf("%s is hidden but listed", c.name)
			}
		}
	}
}

func TestConfigRejectsUnknownNames(t *testing.T) {
	reg := newTestPipeline(t, Config{}).Registry()
	for _, cfg := range []Config{
		{Include: []string{"test.ehco"}},
		{Exclude: []string{"nope"}},
		{Namespaces: []string{"web"}},
	} {
		if _, err := NewHost(reg, cfg); err == nil {
			t.Errorf("%+v: want error", cfg)
		}
	}
	_, err := NewHost(reg, Config{Include: []string{"test.ehco"}})
	if err == nil || !strings.Contains(err.Error(), "did you mean test.echo or") {
		t.Errorf("want a suggestion, got %v", err)
	}
}

func TestListedNames(t *testing.T) {
	cases := []struct {
		cfg  Config
		want string
	}{
		{Config{}, "test_echo"},
		{Config{NameStyle: Dotted}, "test.echo"},
		{Config{Prefix: "f0"}, "f0_test_echo"},
	}
	for _, c := range cases {
		p := newTestPipeline(t, c.cfg)
		tool, _ := p.Resolve("test.echo")
		if got := p.ListedName(tool); got != c.want {
			t.Errorf("%+v: listed %q, want %q", c.cfg, got, c.want)
		}
	}
}

func TestWords(t *testing.T) {
	got := strings.Join(words("readFile_now-HTTP2"), " ")
	if got != "read file now http2" {
		t.Errorf("words = %q", got)
	}
}

// assertInOrder checks that text holds each part, in order.
func assertInOrder(t *testing.T, text string, want ...string) {
	t.Helper()
	texttest.InOrder(t, text, want...)
}

func TestSuggestionsNameHiddenTools(t *testing.T) {
	p := newTestPipeline(t, Config{Exclude: []string{"test.echo"}})
	res := p.Call(context.Background(), "test_ecoh", nil)
	assertInOrder(t, res.Text, `unknown tool "test_ecoh"`, "- test_echo: not exposed by this server (it is in --exclude-tools)")
}

func TestKeywordBeatsFarMisspelling(t *testing.T) {
	p := newTestPipeline(t, Config{})
	// "mirror" is test.echo's keyword; no tool name is within reach.
	res := p.Call(context.Background(), "mirror_it", nil)
	assertInOrder(t, res.Text, "Did you mean:\n- test_echo:")
	if res := p.Call(context.Background(), "nope", nil); strings.Contains(res.Text, "Did you mean") {
		t.Errorf("a four-letter word two edits from a name is not a suggestion:\n%s", res.Text)
	}
}
