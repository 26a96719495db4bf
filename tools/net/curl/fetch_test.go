package curl

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"f0/tools"
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
				ctx = tools.WithConsole(ctx, tools.ConsoleOptions{})
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
