package net

import (
	"bytes"
	"compress/gzip"
	"context"
	"f0/engine"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/tool"

	"github.com/klauspost/compress/zstd"

	"f0/internal/web"
)

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

func zstded(s string) []byte {
	zw, _ := zstd.NewWriter(nil)
	defer zw.Close()
	return zw.EncodeAll([]byte(s), nil)
}

// TestDecodesOnlyWhenAsked: curl decodes a body only with --compressed; a
// model is given the text of a body compressed unasked, with a note.
func TestDecodesOnlyWhenAsked(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		switch r.URL.Path {
		case "/zstd":
			w.Header().Set("Content-Encoding", "zstd")
			w.Write(zstded("zstd text\n"))
		default:
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipped("gzip text\n"))
		}
	}))
	defer srv.Close()
	p, _ := newPipeline(t)
	tests := []struct {
		name   string
		native bool
		args   []any
		want   string // the text, without the status line
		note   bool
	}{
		{"native: the bytes as received", true, []any{srv.URL + "/gzip"}, string(gzipped("gzip text\n")), false},
		{"native with -H Accept-Encoding", true, []any{"-H", "Accept-Encoding: gzip", srv.URL + "/gzip"}, string(gzipped("gzip text\n")), false},
		{"native --compressed: decoded", true, []any{"--compressed", srv.URL + "/gzip"}, "gzip text\n", false},
		{"native --compressed: zstd", true, []any{"--compressed", srv.URL + "/zstd"}, "zstd text\n", false},
		{"model: decoded with a note", false, []any{srv.URL + "/gzip"}, "gzip text\n", true},
		{"model --compressed: no note", false, []any{"--compressed", srv.URL + "/zstd"}, "zstd text\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.native {
				ctx = engine.WithConsole(ctx, tool.ConsoleOptions{})
			}
			res := p.Call(ctx, "net_curl", map[string]any{"args": tc.args, "base64": false})
			if res.IsError {
				t.Fatal(res.Text)
			}
			body := res.Sections.Body
			switch {
			case strings.Contains(tc.want, "text") && body != tc.want:
				t.Errorf("body %q, want %q", body, tc.want)
			case !strings.Contains(tc.want, "text") && strings.Contains(res.Text, "gzip text"):
				t.Errorf("the body was decoded:\n%s", res.Text)
			}
			note := strings.Contains(res.Text, "without --compressed; it is shown decoded")
			if note != tc.note {
				t.Errorf("note %v, want %v:\n%s", note, tc.note, res.Text)
			}
		})
	}
}

func TestDownloadCap(t *testing.T) {
	e := newEnv(t, withNet(func(c *web.Config) { c.MaxDownload = 1000 }))
	cases := []callCase{
		{"by Content-Length", map[string]any{"url": e.url + "/big?n=5000"},
			"GET " + e.url + "/big?n=5000: the response body is larger than the download limit of 1000 B (--net-max-download); the call stopped reading it.\n" +
				"Ask for part of it with a Range header (-r 0-999, or headers {\"Range\": \"bytes=0-999\"}); the operator can raise --net-max-download."},
		{"while streaming to a file", map[string]any{"url": e.url + "/nolength?n=50000", "output": "dl/big.bin"},
			"GET " + e.url + "/nolength?n=50000: the response body is larger than the download limit of 1000 B (--net-max-download); nothing was saved."},
		{"--max-filesize", map[string]any{"args": []any{"--max-filesize", "100", "-o", "x.txt", e.url + "/big?n=500"}},
			"GET " + e.url + "/big?n=500: the response body is larger than the download limit of 100 B (--max-filesize); nothing was saved.\nRaise --max-filesize in args, or drop it."},
	}
	e.runCalls(t, failsWith, cases)
	t.Run("the range hint stops at 1 MiB", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.MaxDownload = 2 << 20 }))
		res := e.call(t, map[string]any{"url": e.url + "/big?n=3000000"})
		assertInOrder(t, res.Text, "larger than the download limit of 2.0 MB", `(-r 0-1048575, or headers {"Range": "bytes=0-1048575"})`)
	})
	t.Run("the range hint fits the limit, and works", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.MaxDownload = 50000 }))
		e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/ranged", func(w http.ResponseWriter, r *http.Request) {
			http.ServeContent(w, r, "big.txt", time.Time{}, strings.NewReader(string(bigText(200000))))
		})
		res := e.call(t, map[string]any{"url": e.url + "/ranged"})
		assertInOrder(t, res.Text, `(-r 0-49999, or headers {"Range": "bytes=0-49999"})`)
		res = e.call(t, map[string]any{"args": []any{"-r", "0-49999", e.url + "/ranged"}})
		if res.IsError {
			t.Fatalf("the suggested range fails:\n%s", res.Text)
		}
		assertInOrder(t, res.Text, "206 Partial Content")
	})
	var left []string
	filepath.Walk(e.dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Fatalf("files left behind: %v", left)
	}
}

func TestProgress(t *testing.T) {
	e := newEnv(t)
	type report struct {
		done, total float64
		msg         string
	}
	var mu sync.Mutex
	var got []report
	ctx := engine.WithProgress(context.Background(), func(done, total float64, msg string) {
		mu.Lock()
		got = append(got, report{done, total, msg})
		mu.Unlock()
	})
	res := e.p.Call(ctx, "net_curl", map[string]any{"url": e.url + "/big?n=300000&type=application/octet-stream", "output": "big.bin"})
	if res.IsError {
		t.Fatal(res.Text)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 {
		t.Fatal("no progress reported")
	}
	last := got[len(got)-1]
	if last.done != 300000 || last.total != 300000 || last.msg != "downloaded 293 KB of 293 KB" {
		t.Fatalf("last report %+v", last)
	}
	for i := 1; i < len(got); i++ {
		if got[i].done < got[i-1].done {
			t.Fatalf("progress went back: %+v", got)
		}
	}
}

func TestHeadIgnoresTheCap(t *testing.T) {
	e := newEnv(t, withNet(func(c *web.Config) { c.MaxDownload = 1000 }))
	res := e.call(t, map[string]any{"args": []any{"-I", e.url + "/big?n=5000"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, "200 OK · text/plain; charset=utf-8 · no body (HEAD), Content-Length 5000")
}
