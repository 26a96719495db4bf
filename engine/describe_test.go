package engine

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"testing"

	"f0/internal/logline"
)

func TestToolsSearch(t *testing.T) {
	p := newTestPipeline(t, Config{Exclude: []string{"test.plain"}})
	cases := []struct {
		name  string
		args  any
		want  []string
		never []string
	}{
		{"empty lists everything exposed", nil, []string{"tools:", "- other_thing (read)", "- test_echo (read)", "- tools_search (read)", `tools_describe {"name":"other_thing"}`}, []string{"test_plain"}},
		{"by name word", map[string]any{"query": "echo"}, []string{`1 tools match "echo":`, "- test_echo"}, []string{"other_thing"}},
		{"by keyword", "mirror", []string{"- test_echo"}, nil},
		{"by synonym word", map[string]any{"query": "help"}, []string{"- tools_describe"}, nil},
		{"by namespace", map[string]any{"namespace": "other"}, []string{"1 tools:", "- other_thing"}, []string{"test_echo"}},
		{"no match lists all", map[string]any{"query": "kubernetes"}, []string{`No tool matches "kubernetes". Every tool this server exposes:`, "- test_echo"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), "tools.search", c.args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			assertInOrder(t, res.Text, c.want...)
			for _, n := range c.never {
				if strings.Contains(res.Text, n) {
					t.Errorf("hidden or unrelated %s shown:\n%s", n, res.Text)
				}
			}
		})
	}
}

func TestToolsDescribe(t *testing.T) {
	p := newTestPipeline(t, Config{})
	res := p.Call(context.Background(), "tools_describe", map[string]any{"name": "TEST.MIRROR"})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text,
		"test_echo: Echo", "Canonical name test.echo; access read; also answers to test.mirror.",
		"Echo the decoded input as JSON.", "A fixture.",
		"Arguments:", "url (string, required): Where to go.", `method ("GET"|"POST")`, "timeoutMs (integer) (also accepted as timeout_ms)",
		"data (string) (also accepted as body)",
		"Examples:", `test_echo {"method":"GET","url":"https://example.com"}`,
		`Input schema: {"properties":{"url":`)

	miss := p.Call(context.Background(), "tools_describe", map[string]any{"name": "test_ecoh"})
	if !miss.IsError {
		t.Fatal("describing an unknown tool must be an error")
	}
	assertInOrder(t, miss.Text, `unknown tool "test_ecoh"`, "- test_echo:")
}

func TestMetaToolsRespectFilters(t *testing.T) {
	p := newTestPipeline(t, Config{Namespaces: []string{"tools", "other"}})
	res := p.Call(context.Background(), "tools_describe", map[string]any{"name": "test.echo"})
	if !res.IsError || !strings.Contains(res.Text, "exists but this server does not expose it") {
		t.Fatalf("describe must not reveal hidden tools' schemas:\n%s", res.Text)
	}
	list := p.Call(context.Background(), "tools_search", nil)
	if strings.Contains(list.Text, "test_echo") {
		t.Fatalf("search lists a hidden tool:\n%s", list.Text)
	}
}

func BenchmarkPipelineCall(b *testing.B) {
	p := newTestPipeline(b, Config{})
	ctx := context.Background()
	args := map[string]any{"url": "https://example.com", "timeoutMs": "5000", "headers": "A: b"}
	b.ReportAllocs()
	for b.Loop() {
		if res := p.Call(ctx, "test_echo", args); res.IsError {
			b.Fatal(res.Text)
		}
	}
}

func BenchmarkPipelineRawJSON(b *testing.B) {
	p := newTestPipeline(b, Config{})
	ctx := context.Background()
	raw := []byte(`{"url":"https://example.com","method":"get","followRedirects":"yes"}`)
	b.ReportAllocs()
	for b.Loop() {
		if res := p.Call(ctx, "net.curl-ish", raw); !res.IsError {
			b.Fatal("unexpected")
		}
		if res := p.Call(ctx, "TEST-ECHO", raw); res.IsError {
			b.Fatal(res.Text)
		}
	}
}

// BenchmarkCallLogLine measures what the per-call info line costs: the
// same trivial call with logging off, and with a text logger at info
// writing into a pipe that another goroutine drains, or to stderr (point it
// at a pipe to another process, as a client reading the server's stderr
// does), directly or as f0 serve does, through a logline.Writer whose own
// goroutine makes the write(2). The difference is the line's cost; compare
// CPU time, not wall time, on a busy machine (the async case's write(2)
// happens on another goroutine but in the same process, so time counts it
// too). On Linux it also reports caller-cpu-ns/op: the CPU time of the
// calling goroutine's own thread, locked to it, per call.
//
//	go test -c -o tools.test ./tools
//	time ./tools.test -test.run '^$' -test.bench 'CallLogLine/off$' -test.benchtime 100000x
//	time ./tools.test -test.run '^$' -test.bench 'CallLogLine/info-to-stderr$' -test.benchtime 100000x 2> >(cat >/dev/null)
func BenchmarkCallLogLine(b *testing.B) {
	loggers := []struct {
		name   string
		logger func(testing.TB) *slog.Logger
	}{
		{"off", func(testing.TB) *slog.Logger { return nil }},
		{"info-to-pipe", func(tb testing.TB) *slog.Logger {
			r, w, err := os.Pipe()
			if err != nil {
				tb.Fatal(err)
			}
			go func() { _, _ = io.Copy(io.Discard, r) }()
			tb.Cleanup(func() { w.Close() })
			return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
		}},
		{"info-to-stderr", func(testing.TB) *slog.Logger {
			return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
		}},
		{"info-to-discard", func(testing.TB) *slog.Logger {
			return slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo}))
		}},
		{"info-to-stderr-async", func(tb testing.TB) *slog.Logger {
			lines := logline.New(os.Stderr, 0)
			tb.Cleanup(func() { lines.Close() })
			return slog.New(slog.NewTextHandler(lines, &slog.HandlerOptions{Level: slog.LevelInfo}))
		}},
	}
	for _, l := range loggers {
		b.Run(l.name, func(b *testing.B) {
			p := newTestPipeline(b, Config{Logger: l.logger(b)})
			ctx := context.Background()
			args := json.RawMessage(`{"size":100}`)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			before, measured := threadCPU()
			b.ReportAllocs()
			for b.Loop() {
				if res := p.Call(ctx, "test_plain", args); res.IsError {
					b.Fatal(res.Text)
				}
			}
			if after, ok := threadCPU(); measured && ok {
				b.ReportMetric(float64(after-before)/float64(b.N), "caller-cpu-ns/op")
			}
		})
	}
}
