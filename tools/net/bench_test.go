package net

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkCurlGet times an in-process net.curl GET of a small loopback
// page through the whole pipeline (repair, validation, access, budget).
// bench/net.sh compares it with the curl binary fetching the same URL.
func BenchmarkCurlGet(b *testing.B) {
	for _, bc := range []struct {
		name string
		args func(url string) any
	}{
		{"structured", func(url string) any { return map[string]any{"url": url} }},
		{"curl-style", func(url string) any { return map[string]any{"args": "-sS " + url} }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"ok":true,"items":[1,2,3]}`)
			}))
			defer srv.Close()
			p, _ := newPipeline(b)
			args := bc.args(srv.URL + "/")
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				res := p.Call(context.Background(), "net_curl", args)
				if res.IsError || !strings.Contains(res.Text, `"ok":true`) {
					b.Fatal(res.Text)
				}
			}
		})
	}
}

// BenchmarkParseCurlArgs times splitting and parsing a typical curl line.
func BenchmarkParseCurlArgs(b *testing.B) {
	in := Input{Args: `curl -sSL -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer abc" -d '{"a":1}' -w '%{http_code}\n' https://example.com/api/items?limit=10`}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := buildPlan(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCurlLongBody times a GET of a 4 MB body that is cut at the
// budget: the answer keeps its first page, and a copy of the whole body for
// the pages after it (spilled to a file past 1 MiB).
func BenchmarkCurlLongBody(b *testing.B) {
	body := strings.Repeat("a line of a long body\n", 200000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, body)
	}))
	defer srv.Close()
	p, _ := newPipeline(b)
	args := map[string]any{"url": srv.URL}
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if res := p.Call(context.Background(), "net_curl", args); res.IsError || !strings.Contains(res.Text, "Get the rest") {
			b.Fatal(res.Text)
		}
	}
}
