package web

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"
)

const robotsFile = `# a comment
User-agent: *
Disallow: /private
Allow: /private/open

User-agent: other
Disallow: /

User-agent: f0
User-agent: f0-extra
Disallow: /no-f0/   # only f0
Disallow: /*.pdf$
`

func TestRobotsRules(t *testing.T) {
	var fetched atomic.Int32
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			t.Errorf("fetched %s", r.URL.Path)
		}
		if ua := r.Header.Get("User-Agent"); ua != "f0/test" {
			t.Errorf("User-Agent %q", ua)
		}
		fetched.Add(1)
		w.WriteHeader(status)
		w.Write([]byte(robotsFile))
	}))
	defer srv.Close()
	now := time.Unix(1e9, 0)
	r := NewRobots("f0", "f0/test", time.Hour, func() time.Time { return now })
	check := func(path string) error {
		u, _ := url.Parse(srv.URL + path)
		return r.Check(context.Background(), http.DefaultTransport, u)
	}
	tests := []struct {
		path string
		line int
		rule string
	}{
		{"/public", 0, ""},
		{"/private/x", 0, ""}, // the f0 group applies, not *
		{"/no-f0/page", 11, "Disallow: /no-f0/   # only f0"},
		{"/docs/a.pdf", 12, "Disallow: /*.pdf$"},
		{"/docs/a.pdf?x=1", 0, ""},
		{"/robots.txt", 0, ""},
	}
	for _, tt := range tests {
		err := check(tt.path)
		var re *RobotsError
		switch {
		case tt.line == 0 && err != nil:
			t.Errorf("%s: %v, want allowed", tt.path, err)
		case tt.line > 0 && (!errors.As(err, &re) || re.LineNo != tt.line || re.Line != tt.rule || re.RobotsURL != srv.URL+"/robots.txt"):
			t.Errorf("%s: %#v, want line %d %q", tt.path, err, tt.line, tt.rule)
		}
	}
	if n := fetched.Load(); n != 1 {
		t.Errorf("robots.txt fetched %d times, want once (kept)", n)
	}
	want := `robots.txt disallows ` + srv.URL + `/no-f0/page for f0: line 11 of ` + srv.URL + `/robots.txt, "Disallow: /no-f0/   # only f0"; it is not fetched (the operator made f0 respect robots.txt: --net-robots)`
	if err := check("/no-f0/page"); err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant\n%s", err, want)
	}
	now = now.Add(2 * time.Hour)
	status = http.StatusServiceUnavailable
	err := check("/public")
	want = srv.URL + `/robots.txt answered 503, which robots.txt rules (RFC 9309) read as disallowing the whole site, so ` + srv.URL + `/public is not fetched (the operator made f0 respect robots.txt: --net-robots)`
	if err == nil || err.Error() != want || fetched.Load() != 2 {
		t.Errorf("after the time to keep it, a 503:\n%v\nwant\n%s", err, want)
	}
}

func TestRuleMatches(t *testing.T) {
	for _, tt := range []struct {
		pattern, path string
		want          bool
	}{
		{"/a", "/abc", true}, {"/a", "/b", false}, {"/*.pdf$", "/x/y.pdf", true}, {"/*.pdf$", "/x/y.pdf?q", false},
		{"/a$", "/a", true}, {"/a$", "/ab", false}, {"/*/b", "/x/b/c", true}, {"/*/b", "/x/c", false},
	} {
		if got := ruleMatches(tt.pattern, tt.path); got != tt.want {
			t.Errorf("ruleMatches(%q, %q) = %v", tt.pattern, tt.path, got)
		}
	}
}
