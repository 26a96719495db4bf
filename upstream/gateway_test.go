package upstream

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"

	"github.com/mark3labs/mcp-go/server"

	"f0/tools/batch"
)

// gateway starts the given servers and builds a pipeline over their tools
// and f0's meta tools, following their changes.
func gateway(t *testing.T, cfg engine.Config, servers ...Server) *engine.Host {
	t.Helper()
	p, _, _ := gatewayWithin(t, cfg, StartWait, servers...)
	return p
}

// gatewayWithin is gateway waiting at most wait for the servers; it also
// returns the set and a channel of the pipeline's new versions.
func gatewayWithin(t testing.TB, cfg engine.Config, wait time.Duration, servers ...Server) (*engine.Host, *Set, chan *engine.Host) {
	t.Helper()
	return gatewayWith(t, cfg, Options{}, wait, servers...)
}

// gatewayWith is gatewayWithin with the connections' options.
func gatewayWith(t testing.TB, cfg engine.Config, opts Options, wait time.Duration, servers ...Server) (*engine.Host, *Set, chan *engine.Host) {
	t.Helper()
	opts.Version = "test"
	set, list, err := startWithin(context.Background(), servers, opts, wait)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	reg, err := engine.NewRegistry(append(meta.Tools(), list...)...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	versions := make(chan *engine.Host, 16)
	p.Watch(func(next *engine.Host) { versions <- next })
	set.Follow(p, nil)
	return p, set, versions
}

func TestCallsGoThroughThePipeline(t *testing.T) {
	p := gateway(t, engine.Config{Access: tool.Admin}, fakeUpstream(t, "up"))
	cases := []struct {
		name, tool string
		args       any
		want       string
		isError    bool
	}{
		{"structured", "up.read_file", map[string]any{"path": "a.txt"}, `args {"path":"a.txt"}`, false},
		{"listed name", "up_read_file", map[string]any{"path": "a.txt"}, `args {"path":"a.txt"}`, false},
		{"upstream's own name", "readFile", map[string]any{"path": "a.txt"}, `args {"path":"a.txt"}`, false},
		{"namespaced original", "up.readFile", map[string]any{"path": "a.txt"}, `args {"path":"a.txt"}`, false},
		{"client prefix", "mcp__f0__up_read_file", map[string]any{"path": "a.txt"}, `args {"path":"a.txt"}`, false},
		{"arguments as a JSON string", "up_read_file", `{"path":"a.txt","head":"2"}`, `args {"head":2,"path":"a.txt"}`, false},
		{"wrapped", "up_read_file", map[string]any{"args": `{"path":"a.txt"}`}, `args {"path":"a.txt"}`, false},
		{"bare value", "up_read_file", "a.txt", `args {"path":"a.txt"}`, false},
		{"enum from $ref in another case", "up_read_file", map[string]any{"path": "a", "encoding": "UTF8"}, `"encoding":"utf8"`, false},
		{"null-ish dropped", "up_read_file", map[string]any{"path": "a", "head": "null"}, `args {"path":"a"}`, false},
		{"another tool's field is an error naming that tool", "up_read_file", map[string]any{"path": "a", "colour": "red"}, "- \"colour\": unknown field; it is an argument of up_pick, not of up_read_file\n", true},
		{"unknown field is an error", "up_read_file", map[string]any{"path": "a", "shade": "red"}, "- \"shade\": unknown field: not an argument of up_read_file, nor another name for one\n", true},
		{"inert metadata dropped with a note", "up_read_file", map[string]any{"path": "a", "toolCallId": "call_1"}, `note: ignored field "toolCallId": it changes nothing here`, false},
		{"a schema that allows extra keys keeps them", "up_note", map[string]any{"text": "a", "colour": "red"}, `noted {"colour":"red","text":"a"}`, false},
		{"near miss", "up_read_file", map[string]any{"pth": "a"}, `"pth": unknown field; did you mean "path"?`, true},
		{"bad enum", "up_read_file", map[string]any{"path": "a", "encoding": "latin1"}, `"encoding"`, true},
		{"misspelt tool", "up.red_file", map[string]any{"path": "a"}, "- up_read_file: Read a file.", true},
		{"free object as JSON text", "up_wipe_all", map[string]any{"tags": `{"a":1}`}, `wiped {"tags":{"a":1}}`, false},
		{"upstream error", "up_fail", nil, "up_fail failed: the upstream tool answered with an error: no such thing", true},
		{"image summarized", "up_image", nil, "[image image/png, 21 bytes, sha256", false},
		{"draft-07 definitions: enum repaired", "up_pick", map[string]any{"colour": "RED"}, `picked {"colour":"red"}`, false},
		{"draft-07 definitions: nested object checked", "up_pick", map[string]any{"box": map[string]any{}}, `"box.w": is required`, true},
		{"draft-07 definitions: items typed", "up_pick", map[string]any{"many": "green"}, `picked {"many":["green"]}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := p.Call(context.Background(), tc.tool, tc.args)
			if res.IsError != tc.isError || !strings.Contains(res.Text, tc.want) {
				t.Fatalf("got isError=%v:\n%s\nwant isError=%v and %q", res.IsError, res.Text, tc.isError, tc.want)
			}
		})
	}
}

func TestErrorShowsWhatWasPassedExpectedAndAnExample(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
	res := p.Call(context.Background(), "up_read_file", json.RawMessage(`{"head": 3}`))
	want := `up_read_file: invalid arguments.
- "path": is required but missing
You passed: {"head":3}
Expected: {path: string, head?: number, encoding?: "utf8"|"base64", offset?: integer, response?: string, includeBinary?: boolean}
Example: up_read_file {"path":"<path>"}`
	if !res.IsError || !strings.HasPrefix(res.Text, want) {
		t.Fatalf("got:\n%s\nwant it to start with:\n%s", res.Text, want)
	}
}

// TestDraft07DefinitionsAreInlined: a draft-07 schema whose properties are
// "$ref": "#/definitions/…" (zod-to-json-schema and older servers write
// them) reaches f0 through mcp-go's client with its definitions, so the
// listed schema has the referenced types inline.
func TestDraft07DefinitionsAreInlined(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
	got := string(p.Registry().Schema(p.Registry().Lookup("up.pick")))
	for _, want := range []string{`"colour":{"type":"string","enum":["red","green"]}`,
		`"box":{"properties":{"w":{"type":"integer"}},"type":"object","required":["w"]}`,
		`"many":{"items":{"type":"string","enum":["red","green"]},"type":"array"}`} {
		if !strings.Contains(got, want) {
			t.Errorf("listed schema lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "$ref") || strings.Contains(got, "definitions") {
		t.Errorf("listed schema keeps a reference:\n%s", got)
	}
}

func TestImageComesWhenAsked(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
	res := p.Call(context.Background(), "up_image", map[string]any{"includeBinary": true})
	if res.IsError || len(res.Images) != 1 || res.Images[0].MIMEType != "image/png" {
		t.Fatalf("got %+v", res)
	}
}

func TestAccessFromAnnotations(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up")) // default cap: write
	levels := map[string]tool.Access{"up.read_file": tool.Read, "up.die": tool.Write, "up.wipe_all": tool.Admin}
	for name, want := range levels {
		if got := p.Registry().Lookup(name).Access; got != want {
			t.Errorf("%s: access %s, want %s", name, got, want)
		}
	}
	res := p.Call(context.Background(), "up_wipe_all", nil)
	if !res.IsError || !strings.Contains(res.Text, "--access admin") {
		t.Fatalf("a destructive tool under --access write: %s", res.Text)
	}
}

// TestLongResultPagesFromTheKeptCopy: a result over the budget is cut with
// a footer naming the offset call, and that call returns the next part of
// the same result (the upstream counts its calls in the first line).
func TestLongResultPagesFromTheKeptCopy(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
	ctx := context.Background()
	first := p.Call(ctx, "up_big", map[string]any{"kib": 100})
	if first.IsError || !strings.HasPrefix(first.Text, "call 1\n") || len(first.Text) > tool.DefaultMaxOutput {
		t.Fatalf("first page (%d bytes):\n%.300s", len(first.Text), first.Text)
	}
	i := strings.Index(first.Text, `Get the rest: up_big `)
	if i < 0 {
		t.Fatalf("no continuation in:\n%s", first.Text[len(first.Text)-400:])
	}
	var next map[string]any
	if err := json.Unmarshal([]byte(strings.TrimPrefix(first.Text[i:], "Get the rest: up_big ")), &next); err != nil {
		t.Fatal(err)
	}
	second := p.Call(ctx, "up_big", next)
	lastLine := lastBodyLine(first.Text)
	if second.IsError || !strings.Contains(second.Text, "[from byte ") || strings.Contains(second.Text, "call 2") {
		t.Fatalf("second page:\n%.400s", second.Text)
	}
	if !strings.Contains(second.Text, nextLine(lastLine)) {
		t.Fatalf("second page does not go on after %q:\n%.300s", lastLine, second.Text)
	}
}

func lastBodyLine(text string) string {
	body, _, _ := strings.Cut(text, "\n… [truncated")
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	return lines[len(lines)-1]
}

// nextLine is the fake's line after "line NNNNNN …".
func nextLine(line string) string {
	var n int
	if _, err := fmtSscanf(line, &n); err != nil {
		return "?"
	}
	return strings.Replace(line, fmtLine(n), fmtLine(n+1), 1)[:len("line 000000")]
}

func TestDeadUpstreamIsExplainedThenRestarted(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up"))
	ctx := context.Background()
	res := p.Call(ctx, "up_die", nil)
	for _, want := range []string{`upstream server "up" stopped: `, "fake: dying as asked", "f0 starts it again on the next call."} {
		if !res.IsError || !strings.Contains(res.Text, want) {
			t.Fatalf("missing %q in:\n%s", want, res.Text)
		}
	}
	again := p.Call(ctx, "up_read_file", map[string]any{"path": "a"})
	if again.IsError || !strings.Contains(again.Text, `args {"path":"a"}`) {
		t.Fatalf("after the restart:\n%s", again.Text)
	}
}

// TestSlowUpstreamDoesNotBlockOthers: while a call waits on one server, a
// call to another completes; cancelling the wait ends it.
func TestSlowUpstreamDoesNotBlockOthers(t *testing.T) {
	p := gateway(t, engine.Config{}, fakeUpstream(t, "slow"), fakeUpstream(t, "quick"))
	ctx, cancel := context.WithCancel(context.Background())
	progressed := make(chan string, 4)
	waitCtx := engine.WithProgress(ctx, func(done, total float64, msg string) { progressed <- msg })
	waited := make(chan tool.Result, 1)
	go func() { waited <- p.Call(waitCtx, "slow_wait", nil) }()
	if msg := <-progressed; msg != "half" {
		t.Fatalf("progress %q", msg)
	}
	for _, name := range []string{"quick_read_file", "slow_read_file"} {
		if res := p.Call(context.Background(), name, map[string]any{"path": "a"}); res.IsError {
			t.Fatalf("%s while slow_wait runs: %s", name, res.Text)
		}
	}
	cancel()
	select {
	case res := <-waited:
		if !res.IsError {
			t.Fatalf("cancelled call: %s", res.Text)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("cancelled call never returned")
	}
}

func fmtSscanf(line string, n *int) (int, error) { return fmt.Sscanf(line, "line %06d", n) }
func fmtLine(n int) string                       { return fmt.Sprintf("line %06d", n) }

// TestHTTPUpstreamWithBearerToken: a streamable HTTP upstream behind a
// bearer token is reached with the token from the headers, its session's
// closing DELETE included.
func TestHTTPUpstreamWithBearerToken(t *testing.T) {
	var unauthorized atomic.Int64
	h := server.NewStreamableHTTPServer(fakeServer())
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok" {
			unauthorized.Add(1)
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer ts.Close()
	srv := Server{Name: "remote", URL: ts.URL + "/mcp", Headers: map[string]string{"Authorization": "Bearer tok"}}
	p := gateway(t, engine.Config{}, srv)
	res := p.Call(context.Background(), "remote_read_file", `{"path":"a"}`)
	if res.IsError || !strings.Contains(res.Text, `args {"path":"a"}`) {
		t.Fatalf("got %s", res.Text)
	}
	without := gateway(t, engine.Config{}, Server{Name: "remote", URL: ts.URL + "/mcp"})
	res = without.Call(context.Background(), "remote_read_file", `{"path":"a"}`)
	if !res.IsError || !strings.Contains(res.Text, `upstream server "remote" could not be started`) {
		t.Fatalf("without the token: %s", res.Text)
	}
	if unauthorized.Load() == 0 {
		t.Fatal("the server never refused a request")
	}
}

// TestBatchSearchAndDescribeCoverUpstreamTools: batch calls upstream tools
// beside f0's own; tools.search finds them; tools.describe shows the
// upstream's full description.
func TestBatchSearchAndDescribeCoverUpstreamTools(t *testing.T) {
	set, list, err := Start(context.Background(), []Server{fakeUpstream(t, "up")}, Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	reg, err := engine.NewRegistry(append(append(meta.Tools(), batch.Tools(nil)...), list...)...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res := p.Call(ctx, "batch", map[string]any{"calls": []any{
		map[string]any{"tool": "up_read_file", "args": `{"path":"a"}`},
		map[string]any{"tool": "tools_search", "args": map[string]any{"query": "file"}},
	}})
	for _, want := range []string{`args {"path":"a"}`, "- up_read_file (read): Read a file."} {
		if res.IsError || !strings.Contains(res.Text, want) {
			t.Fatalf("missing %q in:\n%s", want, res.Text)
		}
	}
	desc := p.Call(ctx, "tools_describe", map[string]any{"name": "up.readFile"})
	if !strings.Contains(desc.Text, "Read a file. Only inside the allowed directories.") {
		t.Fatalf("describe:\n%s", desc.Text)
	}
}
