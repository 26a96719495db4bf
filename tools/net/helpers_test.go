package net

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"

	"github.com/andybalholm/brotli"

	"f0/internal/roots"
	"f0/internal/texttest"
	"f0/internal/web"
)

// env is a pipeline over net.curl with a temporary root, and a loopback
// test server.
type env struct {
	p    *engine.Host
	dir  string
	srv  *httptest.Server
	url  string
	host string // 127.0.0.1:port
}

type envOpt func(*web.Config, *engine.Config)

func withAccess(a tool.Access) envOpt {
	return func(_ *web.Config, tc *engine.Config) { tc.Access = a }
}
func withNet(f func(*web.Config)) envOpt { return func(c *web.Config, _ *engine.Config) { f(c) } }
func withBudget(n int) envOpt            { return func(_ *web.Config, tc *engine.Config) { tc.MaxOutput = n } }
func withKeep(l engine.KeepLimits) envOpt {
	return func(_ *web.Config, tc *engine.Config) { tc.Keep = l }
}

func newEnv(t testing.TB, opts ...envOpt) *env {
	t.Helper()
	return newClockEnv(t, realClock{}, opts...)
}

// newClockEnv is newEnv whose --retry waits on clk.
func newClockEnv(t testing.TB, clk clock, opts ...envOpt) *env {
	t.Helper()
	srv := httptest.NewServer(testHandler())
	t.Cleanup(srv.Close)
	e := &env{srv: srv, url: srv.URL, host: strings.TrimPrefix(srv.URL, "http://")}
	e.p, e.dir = newPipelineClock(t, clk, opts...)
	return e
}

func newPipeline(t testing.TB, opts ...envOpt) (*engine.Host, string) {
	t.Helper()
	return newPipelineClock(t, realClock{}, opts...)
}

func newPipelineClock(t testing.TB, clk clock, opts ...envOpt) (*engine.Host, string) {
	t.Helper()
	dir := t.TempDir()
	files, err := roots.Open([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	cfg := web.Config{Version: "test"}
	tcfg := engine.Config{Access: tool.Write}
	for _, o := range opts {
		o(&cfg, &tcfg)
	}
	pol, err := web.NewPolicy(cfg.Allow, cfg.Deny)
	if err != nil {
		t.Fatal(err)
	}
	ts := []*tool.Tool{newCurl(cfg, web.NewClient(pol, cfg.Proxies), files, clk).tool()}
	reg, err := engine.NewRegistry(append(ts, meta.Tools()...)...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, tcfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, dir
}

func (e *env) call(t testing.TB, args any) tool.Result {
	t.Helper()
	res := e.p.Call(context.Background(), "net_curl", args)
	// Bodies keep their bytes exactly; the tests here state them without
	// the final newline most test handlers write.
	res.Text = strings.TrimSuffix(res.Text, "\n")
	return res
}

// pngBytes is a tiny valid PNG header followed by binary data.
var pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0, 1, 2, 250, 251}, 200)...)

const page = `<!doctype html><html><head><title>T</title><style>body{color:red}</style><script>alert(1)</script></head>
<body><nav><a href="/home">Home</a> | <a href="/about">About</a></nav>
<main><h1>Hello world</h1><p>Some <b>bold</b> text and a <a href="/docs/x">link</a>.</p>
<ul><li>one</li><li>two</li></ul><pre>code  kept</pre></main><footer>© footer</footer></body></html>`

func testHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "hello\n")
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true}`)
	})
	mux.HandleFunc("/html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	})
	mux.HandleFunc("/latin1", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=iso-8859-1")
		w.Write([]byte("caf\xe9 cr\xe8me\n"))
	})
	mux.HandleFunc("/meta-charset", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><head><meta charset=\"windows-1252\"></head><body><p>na\xefve \x93quotes\x94</p></body></html>"))
	})
	mux.HandleFunc("/png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(pngBytes)
	})
	mux.HandleFunc("/sniff-binary", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Write(pngBytes)
	})
	mux.HandleFunc("/octet-text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		io.WriteString(w, "# README\nplain text served as octet-stream\n")
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/text", http.StatusFound)
	})
	mux.HandleFunc("/chain/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		if n <= 0 {
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "end of chain\n")
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/chain/%d", n-1), http.StatusMovedPermanently)
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h := map[string]string{}
		for k := range r.Header {
			h[k] = strings.Join(r.Header[k], ", ")
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"method": r.Method, "query": r.URL.RawQuery, "headers": h, "body": string(body), "host": r.Host})
	})
	mux.HandleFunc("/gzip", compressed("gzip", "gzip", func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) }))
	mux.HandleFunc("/br", compressed("brotli", "br", func(w io.Writer) io.WriteCloser { return brotli.NewWriter(w) }))
	mux.HandleFunc("/status/{code}", func(w http.ResponseWriter, r *http.Request) {
		code, _ := strconv.Atoi(r.PathValue("code"))
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(code)
		fmt.Fprintf(w, "status %d body\n", code)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	})
	mux.HandleFunc("/slow-body", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "first part\n")
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		ct := r.URL.Query().Get("type")
		if ct == "" {
			ct = "text/plain; charset=utf-8"
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Content-Length", strconv.Itoa(n))
		body := bigText(n)
		if lines, _ := strconv.Atoi(r.URL.Query().Get("ascii")); lines > 0 {
			// an ASCII start longer than what a charset guess looks at
			body = append(bytes.Repeat([]byte("ascii line\n"), lines), body...)[:n]
		}
		w.Write(body)
	})
	mux.HandleFunc("/nolength", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Type", "application/octet-stream")
		w.(http.Flusher).Flush() // chunked: no Content-Length
		w.Write(bytes.Repeat([]byte{0}, n))
	})
	mux.HandleFunc("/upload", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var lines []string
		for k, v := range r.MultipartForm.Value {
			lines = append(lines, fmt.Sprintf("field %s=%s", k, strings.Join(v, ",")))
		}
		for k, fhs := range r.MultipartForm.File {
			for _, fh := range fhs {
				f, _ := fh.Open()
				data, _ := io.ReadAll(f)
				lines = append(lines, fmt.Sprintf("file %s name=%s type=%s content=%q", k, fh.Filename, fh.Header.Get("Content-Type"), data))
			}
		}
		sort.Strings(lines)
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, strings.Join(lines, "\n")+"\n")
	})
	mux.HandleFunc("/nodate", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Date"] = nil
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("X-Test", "yes")
		io.WriteString(w, "fixed\n")
	})
	mux.HandleFunc("/nodate-redirect", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Date"] = nil
		w.Header().Set("Location", "/nodate")
		w.WriteHeader(http.StatusFound)
	})
	mux.HandleFunc("/files/{name}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		io.WriteString(w, "%PDF-1.4 fake\x00\x01")
	})
	return mux
}

// bigText is n bytes of numbered lines with multi-byte characters.
func bigText(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "line %05d ééé\n", i)
	}
	return b.Bytes()[:n]
}

// assertInOrder checks that text holds each part, in order.
func assertInOrder(t testing.TB, text string, parts ...string) {
	t.Helper()
	texttest.InOrder(t, text, parts...)
}

// timeRe matches elapsed times in a first line.
var timeRe = regexp.MustCompile(`\d+(\.\d+)? (ms|µs|s)\b`)

// stripTime replaces elapsed times with T, for exact comparisons.
func stripTime(s string) string {
	return timeRe.ReplaceAllString(s, "T")
}

// compressed serves "decoded from NAME" in the content coding token, made
// by enc, to a request that accepts it, and a plain body saying so to one
// that does not.
func compressed(name, token string, enc func(io.Writer) io.WriteCloser) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		if !strings.Contains(r.Header.Get("Accept-Encoding"), token) {
			io.WriteString(w, "plain: no "+name+" asked\n")
			return
		}
		w.Header().Set("Content-Encoding", token)
		zw := enc(w)
		io.WriteString(zw, "decoded from "+name+"\n")
		zw.Close()
	}
}

// callCase is one row of a table of calls: the arguments a model sends and
// what the answer must hold.
type callCase struct {
	name string
	args map[string]any
	want string
}

// An answerCheck says whether res holds want.
type answerCheck func(res tool.Result, want string) bool

// isAnswer: the call succeeds with want (timings written T, stripTime).
func isAnswer(res tool.Result, want string) bool { return !res.IsError && stripTime(res.Text) == want }

// endsWith: the call succeeds and its answer ends with want.
func endsWith(res tool.Result, want string) bool {
	return !res.IsError && strings.HasSuffix(res.Text, want)
}

// failsWith: the call fails and its answer starts with want.
func failsWith(res tool.Result, want string) bool {
	return res.IsError && strings.HasPrefix(res.Text, want)
}

// runCalls makes the call of each case on e, as a subtest, and checks its
// answer.
func (e *env) runCalls(t *testing.T, check answerCheck, cases []callCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if res := e.call(t, c.args); !check(res, c.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", res.Text, c.want)
			}
		})
	}
}
