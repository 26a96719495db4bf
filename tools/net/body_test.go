package net

import (
	"context"
	"f0/engine"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"f0/tool"
)

func TestCurlFileType(t *testing.T) {
	for name, want := range map[string]string{
		"a.txt": "text/plain", "A.TXT": "text/plain", "dir/p.png": "image/png", "x.jpeg": "image/jpeg", "x.jpg": "image/jpeg",
		"x.svg": "image/svg+xml", "x.htm": "text/html", "x.pdf": "application/pdf", "x.xml": "application/xml", "x.gif": "image/gif",
		// curl's table stops there; mime.TypeByExtension knows these.
		"x.json": "", "x.csv": "", "x.zip": "", "x.mp4": "", "noext": "",
	} {
		if got := curlFileType(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// TestMissingDataFile: curl -d @FILE with no such file warns and sends an
// empty POST (the CLI does the same); a model is told the file is missing.
func TestMissingDataFile(t *testing.T) {
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Method+" "+r.Header.Get("Content-Length"))
	}))
	defer srv.Close()
	p, _ := newPipeline(t)
	for _, flag := range []string{"-d", "--data-binary", "--json"} {
		seen = nil
		res := p.Call(engine.WithConsole(context.Background(), tool.ConsoleOptions{}), "net_curl", map[string]any{"args": []any{flag, "@nosuch.json", srv.URL}})
		if res.IsError || strings.Join(seen, ",") != "POST 0" || !strings.Contains(res.Text, `Warning: Couldn't read data from file "nosuch.json", this makes an empty POST.`) {
			t.Errorf("native %s: sent %q, answer:\n%s", flag, seen, res.Text)
		}
		seen = nil
		res = p.Call(context.Background(), "net_curl", map[string]any{"args": []any{flag, "@nosuch.json", srv.URL}})
		if !res.IsError || len(seen) != 0 || !strings.Contains(res.Text, "nosuch.json") {
			t.Errorf("model %s: sent %q, answer:\n%s", flag, seen, res.Text)
		}
	}
}
