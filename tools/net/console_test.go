package net

import (
	"bytes"
	"context"
	"f0/engine"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

// consoleRun is what a command line prints for one call: stdout, stderr and
// the exit status.
type consoleRun struct {
	stdout, stderr string
	exit           int
}

// runConsole calls net.curl with curl's words as a command line does; with
// sink set, bodies stream to it.
func (e *env) runConsole(t *testing.T, terminal, sink bool, words ...string) consoleRun {
	t.Helper()
	ctx := engine.WithConsole(context.Background(), tool.ConsoleOptions{Terminal: terminal})
	var out bytes.Buffer
	if sink {
		tl, _ := e.p.Resolve("net.curl")
		ctx = engine.WithSink(ctx, tl, &out)
	}
	args := make([]any, len(words))
	for i, w := range words {
		args[i] = strings.ReplaceAll(w, "URL", e.url)
	}
	res := e.p.Call(ctx, "net_curl", map[string]any{"args": args})
	if res.Console == nil {
		t.Fatalf("no console output:\n%s", res.Text)
	}
	for _, b := range res.Console.Stdout {
		out.Write(b)
	}
	// The two runs of a case may fall in different seconds.
	stdout := dateHeader.ReplaceAllString(out.String(), "Date: (the date)\r\n")
	return consoleRun{stdout: stdout, stderr: res.Console.Stderr, exit: res.Console.Exit}
}

// dateHeader is a response's Date line as -i prints it.
var dateHeader = regexp.MustCompile(`Date: [^\r\n]*\r\n`)

// Streaming a body to the front end's sink prints what keeping it prints:
// the same bytes in the same order (header blocks, bodies, -w, cookies),
// the same warnings and exit codes.
func TestConsoleStreamsAsItKeeps(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name     string
		terminal bool
		words    []string
		stdout   string // a part the output must have
		exit     int
	}{
		{"a body", false, []string{"-s", "URL/text"}, "hello\n", 0},
		{"-i", false, []string{"-si", "URL/text"}, "HTTP/1.1 200 OK\r\n", 0},
		{"two URLs with -w", false, []string{"-s", "-w", "[%{http_code}]", "URL/text", "URL/json"}, "hello\n[200]", 0},
		{"-L -i", false, []string{"-siL", "URL/redirect"}, "HTTP/1.1 302 Found\r\n", 0},
		{"-f", false, []string{"-sf", "URL/status/404"}, "", 22},
		{"--fail-with-body -i", false, []string{"-si", "--fail-with-body", "URL/status/500"}, "status 500 body\n", 22},
		{"-I", false, []string{"-sI", "URL/text"}, "Content-Type: text/plain; charset=utf-8\r\n", 0},
		{"a large body", false, []string{"-s", "URL/big?n=300000"}, "line 00000 ééé", 0},
		{"binary to a pipe", false, []string{"-s", "URL/png"}, "\x89PNG", 0},
		{"binary to a terminal", true, []string{"URL/png"}, "", 23},
		{"binary to a terminal with -o -", true, []string{"-s", "-o", "-", "URL/png"}, "\x89PNG", 0},
		{"text to a terminal", true, []string{"-s", "URL/text"}, "hello\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kept := e.runConsole(t, c.terminal, false, c.words...)
			streamed := e.runConsole(t, c.terminal, true, c.words...)
			if streamed.stdout != kept.stdout || streamed.exit != kept.exit || streamed.exit != c.exit || !strings.Contains(streamed.stdout, c.stdout) {
				t.Errorf("streamed: exit %d, stdout %q\nkept: exit %d, stdout %q\nwant exit %d, stdout with %q",
					streamed.exit, cut(streamed.stdout), kept.exit, cut(kept.stdout), c.exit, c.stdout)
			}
			if warned := strings.Contains(streamed.stderr, "Binary output can mess up your terminal"); warned != (c.exit == 23) {
				t.Errorf("stderr:\n%s", streamed.stderr)
			}
		})
	}
}

func cut(s string) string { return text.CutUTF8(s, 300) }

// A streamed body is not held: a 50 MB download allocates buffers, not the
// body, and reserves nothing against --max-call-memory (the issue: a body
// over 128 MiB to stdout was answered "server is busy").
func TestConsoleStreamingMemoryIsFlat(t *testing.T) {
	e := newEnv(t, withLoad(0, 1<<20), withNet(func(c *web.Config) { c.MaxDownload = 50 << 20 }))
	e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/endless", endless)
	tl, _ := e.p.Resolve("net.curl")
	var sink countingWriter
	ctx := engine.WithSink(engine.WithConsole(context.Background(), tool.ConsoleOptions{}), tl, &sink)
	e.p.Call(context.Background(), "warm_up_no_such_tool", nil) // loads the vocabularies before the measure
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res := e.p.Call(ctx, "net_curl", map[string]any{"args": []any{"-sS", e.url + "/endless"}})
	runtime.ReadMemStats(&after)
	want := "f0 net.curl: (63) Maximum file size exceeded: f0 net.curl reads at most 50 MB of a response (--net-max-download); raise it with --net-max-download SIZE, e.g. --net-max-download 1G\n"
	if res.Console == nil || res.Console.Exit != 63 || res.Console.Stderr != want || sink.n != 50<<20 {
		t.Fatalf("%d bytes streamed; answer:\n%s", sink.n, res.Text)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("streaming 50 MB allocated %d bytes", grew)
	}
}

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// A body curl does not print (-f on a status of 400 or more) is not held
// either: only its start is kept for the model's excerpt.
func TestConsoleFailKeepsOnlyTheStart(t *testing.T) {
	e := newEnv(t, withLoad(0, 64<<10))
	e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/big404", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		w.Write(bytes.Repeat([]byte("not found\n"), 500000))
	})
	run := e.runConsole(t, false, true, "-sSf", "URL/big404")
	if want := "f0 net.curl: (22) The requested URL returned error: 404\n"; run.exit != 22 || run.stdout != "" || run.stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 22 and %q", run.exit, cut(run.stdout), run.stderr, want)
	}
}
