package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"f0/internal/setting"
	"f0/tool"
)

// terminalSettings is a front end whose reader puts a flag on a command
// line, as the CLI's renderer does.
type terminalSettings struct{ ListedDialect }

func (terminalSettings) Setting(s setting.Setting, value string) string {
	return "[" + setting.FlagSetting(s, value) + "]"
}

func (terminalSettings) Change(s setting.Setting, value string) string {
	return "run f0 " + setting.FlagSetting(s, value)
}

// TestSettingsRenderedByTheFrontEnd: the core names the setting that
// refused a call and the change that lets it through; an MCP client's
// reader gets the operator's flag and environment variable, a front end
// with its own SettingWriter its own words. The MCP text is pinned whole.
func TestSettingsRenderedByTheFrontEnd(t *testing.T) {
	cases := []struct {
		name      string
		cfg       Config
		tool      string
		args      any
		mcp, term []string
	}{
		{"access denied", Config{Access: tool.Read}, "test.echo", map[string]any{"url": "u", "method": "post"},
			[]string{"and this server runs with --access read.\n", "To allow it, the operator starts f0 with --access write (or F0_ACCESS=write)."},
			[]string{"and this server runs with [--access read].\n", "To allow it, the operator starts f0 with run f0 --access write."}},
		{"tool above the access cap", Config{Access: tool.Read}, "test.nuke", nil,
			[]string{"test_nuke exists but this server does not expose it (it needs admin access and the server runs with --access read).\nThe operator can allow it with --access admin (or F0_ACCESS=admin).\n"},
			[]string{"(it needs admin access and the server runs with [--access read]).\nThe operator can allow it with run f0 --access admin.\n"}},
		{"excluded tool", Config{Exclude: []string{"test.echo"}}, "test_echo", nil,
			[]string{"does not expose it (it is in --exclude-tools)."},
			[]string{"does not expose it (it is in [--exclude-tools])."}},
		{"tool not included", Config{Include: []string{"tools.search"}}, "test_ehco", nil,
			[]string{"- test_echo: not exposed by this server (it is not in --tools)\n"},
			[]string{"- test_echo: not exposed by this server (it is not in [--tools])\n"}},
		{"namespace not exposed", Config{Namespaces: []string{"tools"}}, "test_echo", nil,
			[]string{`(its namespace "test" is not in --namespaces)`},
			[]string{`(its namespace "test" is not in [--namespaces])`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newTestPipeline(t, c.cfg)
			assertInOrder(t, p.Call(context.Background(), c.tool, c.args).Text, c.mcp...)
			term := p.Call(WithDialect(context.Background(), terminalSettings{}), c.tool, c.args).Text
			assertInOrder(t, term, c.term...)
			if strings.Contains(term, "F0_") {
				t.Fatalf("the terminal's text names the operator's environment:\n%s", term)
			}
		})
	}
}

// TestBusyNamesItsLimit: a call over the load limit names the setting of
// that limit the way the front end sets it.
func TestBusyNamesItsLimit(t *testing.T) {
	p := newTestPipeline(t, Config{MaxCalls: 1})
	c := &callState{p: p, tool: p.reg.tools[0], render: ListedDialect{}}
	if !p.load.enter() {
		t.Fatal("the first call found the server busy")
	}
	defer p.load.leave(0)
	res, ok := c.enter()
	if ok {
		t.Fatal("a second call entered past --max-calls 1")
	}
	assertInOrder(t, res.Text, "the server is busy: 1 calls are running, its limit (--max-calls); retry in about ")
	c.render = terminalSettings{}
	res, _ = c.enter()
	assertInOrder(t, res.Text, "the server is busy: 1 calls are running, its limit ([--max-calls]); retry in about ")
	if got := (&BusyError{What: "x", Limit: setting.MaxCallMemorySetting, Retry: "1 s"}).Error(); got != "the server is busy: x (--max-call-memory); retry in about 1 s" {
		t.Fatalf("BusyError.Error() = %q", got)
	}
}

func TestSettingEnv(t *testing.T) {
	for s, want := range map[setting.Setting]string{setting.AccessSetting: "F0_ACCESS", setting.MaxCallMemorySetting: "F0_MAX_CALL_MEMORY", setting.NamespacesSetting: "F0_NAMESPACES"} {
		if got := s.Env(); got != want {
			t.Errorf("%s.Env() = %s, want %s", s, got, want)
		}
	}
}

// TestHoldTellsBusyFromTooMuch: a call that finds the memory taken by
// other calls is busy (sending it again later works); a call that alone
// needs more than every call may hold together is told so, not to retry.
func TestHoldTellsBusyFromTooMuch(t *testing.T) {
	p := newTestPipeline(t, Config{MaxHeld: 1000})
	first, second := (&callState{p: p}).toolCall(), (&callState{p: p}).toolCall()
	if err := first.Hold(600); err != nil {
		t.Fatalf("the first call's hold: %v", err)
	}
	var busy *BusyError
	if err := second.Hold(600); !errors.As(err, &busy) {
		t.Fatalf("over what the others left: got %v, want busy", err)
	}
	var tooMuch *TooMuchMemoryError
	err := second.Hold(1200)
	if !errors.As(err, &tooMuch) {
		t.Fatalf("over the whole limit: got %v, want too much", err)
	}
	want := "the answer needs more than 1,000 bytes of memory, the most the running calls may hold together (--max-call-memory); ask for a part of it at a time, or save it to a file"
	if err.Error() != want {
		t.Fatalf("got %q\nwant %q", err, want)
	}
}
