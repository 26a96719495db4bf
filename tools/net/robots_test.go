package net

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"f0/internal/web"
)

// With the operator's --net-robots, a URL robots.txt disallows for f0 is
// not fetched, a redirect to one neither, and the answer names the rule.
func TestCurlRespectsRobots(t *testing.T) {
	var pages atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nDisallow: /private\n"))
		case "/jump":
			http.Redirect(w, r, "/private/x", http.StatusFound)
		default:
			pages.Add(1)
			w.Write([]byte("page\n"))
		}
	}))
	defer srv.Close()
	e := &env{}
	e.p, e.dir = newPipeline(t, withNet(func(c *web.Config) { c.Robots = true }))
	if res := e.call(t, map[string]any{"url": srv.URL + "/public"}); res.IsError || !strings.HasSuffix(res.Text, "\npage") {
		t.Errorf("an allowed page:\n%s", res.Text)
	}
	rule := `line 2 of ` + srv.URL + `/robots.txt, "Disallow: /private"; it is not fetched (the operator made f0 respect robots.txt: --net-robots)`
	for _, tt := range []struct{ path, want string }{
		{"/private/a", "robots.txt disallows " + srv.URL + "/private/a for f0: " + rule},
		{"/jump", "after a redirect: robots.txt disallows " + srv.URL + "/private/x for f0: " + rule},
	} {
		res := e.call(t, map[string]any{"url": srv.URL + tt.path, "followRedirects": true})
		if !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s:\n%s\nwant it to hold\n%s", tt.path, res.Text, tt.want)
		}
	}
	if n := pages.Load(); n != 1 {
		t.Errorf("%d pages fetched, want only the allowed one", n)
	}
	e.p, e.dir = newPipeline(t)
	if res := e.call(t, map[string]any{"url": srv.URL + "/private/a"}); res.IsError {
		t.Errorf("without --net-robots robots.txt is not read:\n%s", res.Text)
	}
}
