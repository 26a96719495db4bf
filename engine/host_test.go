package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"f0/tool"
)

func TestAccess(t *testing.T) {
	cases := []struct {
		name   string
		cap    tool.Access
		tool   string
		args   any
		denied []string
	}{
		{"read call under read", tool.Read, "test.echo", map[string]any{"url": "u"}, nil},
		{"per-call rule raises level", tool.Read, "test.echo", map[string]any{"url": "u", "method": "post"},
			[]string{`test_echo: access denied: this call needs "write" access (POST changes things), and this server runs with --access read.`,
				`You passed: {"method":"post","url":"u"}`, "--access write (or F0_ACCESS=write)",
				`Example within read access: test_echo {"method":"GET","url":"https://example.com"}`}},
		{"per-call rule within cap", tool.Write, "test.echo", map[string]any{"url": "u", "method": "POST"}, nil},
		{"admin tool under admin", tool.Admin, "test.nuke", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newTestPipeline(t, Config{Access: c.cap})
			res := p.Call(context.Background(), c.tool, c.args)
			if res.IsError != (c.denied != nil) {
				t.Fatalf("IsError = %v:\n%s", res.IsError, res.Text)
			}
			if c.denied != nil {
				assertInOrder(t, res.Text, c.denied...)
			}
		})
	}
}

func TestDefaultAccessIsWrite(t *testing.T) {
	p := newTestPipeline(t, Config{})
	if p.Config().Access != tool.Write {
		t.Fatalf("default access %v", p.Config().Access)
	}
}

var footerCall = regexp.MustCompile(`(?m)^(?:Get the rest|Get all of it|Get more at once): (\S+) (\{.*\})$`)

func TestBudgetFooterWithNext(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 4096})
	const size = 20000
	var got strings.Builder
	args := map[string]any{"size": size}
	for range 20 {
		res := p.Call(context.Background(), "test.pages", args)
		if res.IsError {
			t.Fatal(res.Text)
		}
		if len(res.Text) > 4096 {
			t.Fatalf("result of %d bytes is over the 4096 budget", len(res.Text))
		}
		if !utf8.ValidString(res.Text) {
			t.Fatal("cut inside a character")
		}
		m := footerCall.FindStringSubmatch(res.Text)
		if m == nil {
			got.WriteString(res.Text)
			break
		}
		body, _, _ := strings.Cut(res.Text, "… [truncated: showed ")
		got.WriteString(body)
		if !strings.HasSuffix(body, "\n") {
			got.WriteString("\n")
		}
		if m[1] != "test_pages" {
			t.Fatalf("footer names %q", m[1])
		}
		args = nil
		if err := json.Unmarshal([]byte(m[2]), &args); err != nil {
			t.Fatalf("footer call is not JSON: %v", err)
		}
	}
	want := fixtureText(size)
	if got.String() != want {
		t.Fatalf("paging through the footers did not give back the whole text (%d vs %d bytes)", got.Len(), len(want))
	}
}

func fixtureText(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString("line " + pad5(i) + " ééé\n")
	}
	return b.String()[:n]
}

func pad5(i int) string {
	s := strconv.Itoa(i)
	return strings.Repeat("0", 5-len(s)) + s
}

func TestBudgetFooterWithoutNext(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 2048, OutputCap: 65536})
	res := p.Call(context.Background(), "test.plain", map[string]any{"size": 10000})
	assertInOrder(t, res.Text, "… [truncated: showed ", " of 10,000 bytes; ", " bytes left]", "Get all of it: test_plain {")
	m := footerCall.FindStringSubmatch(res.Text)
	if m == nil {
		t.Fatalf("no footer call in %q", res.Text)
	}
	var next map[string]any
	if err := json.Unmarshal([]byte(m[2]), &next); err != nil {
		t.Fatal(err)
	}
	res = p.Call(context.Background(), m[1], next)
	if strings.Contains(res.Text, "truncated") || !strings.HasPrefix(res.Text, fixtureText(10000)) {
		t.Fatalf("the footer's call did not return everything: %d bytes", len(res.Text))
	}
}

func TestBudgetAtCap(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 2048, OutputCap: 2048})
	res := p.Call(context.Background(), "test.plain", map[string]any{"size": 10000})
	assertInOrder(t, res.Text, "This is the most one call returns (2,048 bytes); narrow the call")
}

func TestMaxBytesCapped(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 1024, OutputCap: 4096})
	res := p.Call(context.Background(), "test.plain", map[string]any{"size": 10000, "maxBytes": "100000"})
	if len(res.Text) > 4096 {
		t.Fatalf("%d bytes over the cap", len(res.Text))
	}
	assertInOrder(t, res.Text, "note: maxBytes 100000 is above this server's cap; used 4096", "truncated")
	small := p.Call(context.Background(), "test.plain", map[string]any{"size": 10000, "maxBytes": 3000})
	if body := small.Sections.Body; len(body) > 3000 || len(body) < 2000 || len(small.Text) > 4096 {
		t.Fatalf("maxBytes 3000 gave a %d-byte body in %d bytes", len(body), len(small.Text))
	}
}

func TestFitsWithoutFooter(t *testing.T) {
	p := newTestPipeline(t, Config{})
	res := p.Call(context.Background(), "test.plain", map[string]any{"size": 100})
	if res.Text != fixtureText(100) {
		t.Fatalf("got %q", res.Text)
	}
}

func TestPanicBecomesResult(t *testing.T) {
	var logs bytes.Buffer
	p := newTestPipeline(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	res := p.Call(context.Background(), "test.panic", nil)
	if !res.IsError {
		t.Fatal("want error")
	}
	assertInOrder(t, res.Text, "test_panic failed: internal error (panic: boom). The server is still running")
	if !strings.Contains(logs.String(), "tool panic") || !strings.Contains(logs.String(), "goroutine") {
		t.Errorf("panic not logged with stack: %s", logs.String())
	}
	if again := p.Call(context.Background(), "test.echo", "u"); again.IsError {
		t.Fatal("pipeline unusable after a panic")
	}
}

func TestCancellation(t *testing.T) {
	p := newTestPipeline(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan tool.Result)
	go func() { done <- p.Call(ctx, "test.wait", nil) }()
	cancel()
	res := <-done
	assertInOrder(t, res.Text, "test_wait: the call was cancelled by the client.")

	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	res = p.Call(ctx, "test.wait", nil)
	assertInOrder(t, res.Text, "test_wait: the call ran out of time")
}

func TestToolErrors(t *testing.T) {
	p := newTestPipeline(t, Config{})
	res := p.Call(context.Background(), "test.fail", nil)
	// A failure that is not about the arguments says the cause, without the
	// schema and an example.
	if res.Text != "test_fail failed: disk on fire\nYou passed: no arguments" {
		t.Errorf("failure answer:\n%s", res.Text)
	}
	res = p.Call(context.Background(), "test.reject", map[string]any{})
	assertInOrder(t, res.Text, `test_reject: "path": no such file. Try go.mod.`, "You passed: {}", "Example: test_reject {}")
}

func TestCallLogLine(t *testing.T) {
	var logs bytes.Buffer
	p := newTestPipeline(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	p.Call(context.Background(), "TEST-ECHO", "u")
	line := logs.String()
	for _, want := range []string{"msg=call", "tool=test.echo", "duration=", "bytes=", "outcome=ok"} {
		if !strings.Contains(line, want) {
			t.Errorf("log line %q lacks %q", line, want)
		}
	}
}

func TestProgressReachesTool(t *testing.T) {
	var got []float64
	ctx := WithProgress(context.Background(), func(done, total float64, msg string) { got = append(got, done) })
	(&callState{front: frontEndOf(ctx)}).toolCall().Progress(1, 2, "half")
	(&callState{front: frontEndOf(context.Background())}).toolCall().Progress(1, 2, "nobody listens")
	(tool.Call{}).Progress(1, 2, "outside a call")
	if len(got) != 1 || got[0] != 1 {
		t.Fatalf("got %v", got)
	}
}

func TestFooterWithHugeArgumentsStaysShort(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 4096})
	res := p.Call(context.Background(), "test.pages", map[string]any{"size": 20000, "reason": strings.Repeat("x", 100000)})
	if len(res.Text) > 4096 {
		t.Fatalf("%d bytes over the budget", len(res.Text))
	}
	c := &callState{p: p, tool: p.reg.Lookup("test.pages"), render: ListedDialect{}, args: map[string]any{"size": 20000, "note": strings.Repeat("9", 5000)}}
	got := p.nextCall(c, map[string]any{"offset": 100})
	if got != `test_pages with the same arguments as this call, changed by {"offset":100}` {
		t.Fatalf("nextCall = %q", got)
	}
}

func TestNotFoundQuotesLongNamesShort(t *testing.T) {
	p := newTestPipeline(t, Config{})
	res := p.Call(context.Background(), strings.Repeat("x", 200000), nil)
	if len(res.Text) > 2000 {
		t.Fatalf("a 200 KB name gave a %d-byte answer", len(res.Text))
	}
}

func TestNotesCutWhenOnlyTheyDoNotFit(t *testing.T) {
	p := newTestPipeline(t, Config{MaxOutput: 150})
	res := p.Call(context.Background(), "test.plain", map[string]any{"size": 100, "explanation": "I want the fixture", "toolSummary": "reading"})
	if strings.Contains(res.Text, "truncated") {
		t.Fatalf("a body that fits is not truncated:\n%s", res.Text)
	}
	assertInOrder(t, res.Text, fixtureText(100), "note: i", "… [notes cut to fit the output budget]")
	if len(res.Text) > 150 {
		t.Errorf("%d bytes over the 150-byte budget", len(res.Text))
	}
}

func TestCallInBudgetKeepsAnExplicitMaxBytes(t *testing.T) {
	p := newTestPipeline(t, Config{})
	// maxBytes equal to the server default is still the caller's choice.
	res := p.CallInBudget(context.Background(), "test.plain", map[string]any{"size": 50000, "maxBytes": tool.DefaultMaxOutput}, tool.Limits{Bytes: 1 << 20})
	if len(res.Sections.Body) > tool.DefaultMaxOutput {
		t.Fatalf("a %d-byte body: an explicit maxBytes lost to a larger caller budget", len(res.Sections.Body))
	}
	if res := p.CallInBudget(context.Background(), "test.plain", map[string]any{"size": 50000}, tool.Limits{Bytes: 1 << 20}); len(res.Text) != 50000 {
		t.Fatalf("without maxBytes the caller's budget applies, got %d bytes", len(res.Text))
	}
}
