package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
)

// countingServer answers GET /doc with the same long text and POST /orders
// with a long text naming the order, counting the requests of each.
func countingServer(t *testing.T) (url string, gets, posts *atomic.Int32) {
	t.Helper()
	gets, posts = &atomic.Int32{}, &atomic.Int32{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /doc", func(w http.ResponseWriter, r *http.Request) {
		gets.Add(1)
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, longBody("doc"))
	})
	mux.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, longBody(fmt.Sprintf("order %d", posts.Add(1))))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL, gets, posts
}

func longBody(what string) string {
	var b strings.Builder
	for i := 0; b.Len() < 6000; i++ {
		fmt.Fprintf(&b, "%s line %04d\n", what, i)
	}
	return b.String()
}

var cliRest = regexp.MustCompile(`(?m)^Get the rest: f0 (.*)$`)

// TestCLIContinuations: the footer of a cut body on the command line is a
// command that runs. Each command is a process of its own, which keeps no
// copy: a GET is sent again and continues when its body is the same; a
// POST is never sent again, and its footer says how to save it instead.
func TestCLIContinuations(t *testing.T) {
	url, gets, posts := countingServer(t)
	dir := t.TempDir()
	root := "--root=" + dir
	var got strings.Builder
	args := []string{root, "net.curl", "url=" + url + "/doc", "maxBytes=2000"}
	for range 20 {
		r := f0(t, "", args...)
		if r.code != 0 {
			t.Fatalf("f0 %s:\n%s", strings.Join(args, " "), r)
		}
		got.WriteString(r.stdout)
		m := cliRest.FindStringSubmatch(r.stderr)
		if m == nil {
			break
		}
		if !strings.HasSuffix(r.stdout, "\n") {
			got.WriteString("\n")
		}
		args = strings.Fields(m[1]) // the command names the root itself
	}
	if got.String() != longBody("doc") {
		t.Fatalf("the pages are not the body:\n%s", got.String())
	}
	if n := gets.Load(); n < 3 {
		t.Fatalf("%d GETs: the pages did not come from commands of their own", n)
	}

	r := f0(t, "", root, "net.curl", "url="+url+"/orders", "method=POST", "data=x", "maxBytes=2000")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "order 1 line 0000\n") {
		t.Fatalf("first page:\n%s", r)
	}
	want := "The rest is not shown: f0 did not keep a copy of it (f0 keeps no copies in a command that ends with its answer), and f0 does not send a POST again to page through its answer. " +
		"To get the whole response the next time you send it (it runs again on the server), save it to a file: f0 --root " + dir + " net.curl data=x maxBytes=2000 method=POST output=download.txt url=" + url + "/orders"
	if !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "Get the rest") {
		t.Fatalf("stderr:\n%s\nwant:\n%s", r.stderr, want)
	}
	r = f0(t, "", root, "net.curl", "url="+url+"/orders", "method=POST", "data=x", "offset=100", "response=r-000000000000-0000000000000000")
	if r.code == 0 || !strings.Contains(r.stderr, "the rest of this response cannot be shown") {
		t.Fatalf("a continuation of a POST:\n%s", r)
	}
	if n := posts.Load(); n != 1 {
		t.Fatalf("%d POSTs; want 1", n)
	}
	r = f0(t, "", root, "call", "net.curl", `{"url":"`+url+`/doc","maxBytes":2000}`)
	if m := cliRest.FindStringSubmatch(r.stderr); r.code != 0 || m == nil || !strings.Contains(m[1], "response=r-") {
		t.Fatalf("f0 call:\n%s", r)
	}
}
