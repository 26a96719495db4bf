package net

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/tool"
)

func TestCookieJarNetscape(t *testing.T) {
	now := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	j := newCookieJar(func() time.Time { return now })
	j.load([]byte("# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tjarred\tfromfile\n" +
		"#HttpOnly_.example.com\tTRUE\t/api\tTRUE\t1999999999\tsid\tx\nbad line\n\n" +
		"127.0.0.1\tFALSE\t/\tFALSE\t1000\told\tgone\n")) // expired in 1970
	u, _ := url.Parse("http://127.0.0.1:8080/cookies/set?extra=1")
	j.store(u, []string{
		"session=abc123; Path=/; HttpOnly",
		"theme=dark; Path=/; Expires=Wed, 01 Jan 2042 00:00:00 GMT",
		"extra=1; Path=/",
		"nopath=1",
		"aged=1; Max-Age=60",
		"evil=1; Domain=other.test", // not this host's: ignored
	})
	// The newest first, as curl 7.88.1 writes them (cookie_output sorts by
	// creation time); the file's cookies were loaded first.
	want := netscapeHeader +
		"127.0.0.1\tFALSE\t/cookies/\tFALSE\t1893553505\taged\t1\n" +
		"127.0.0.1\tFALSE\t/cookies/\tFALSE\t0\tnopath\t1\n" +
		"127.0.0.1\tFALSE\t/\tFALSE\t0\textra\t1\n" +
		"127.0.0.1\tFALSE\t/\tFALSE\t2272147200\ttheme\tdark\n" +
		"#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc123\n" +
		"#HttpOnly_.example.com\tTRUE\t/api\tTRUE\t1999999999\tsid\tx\n" +
		"127.0.0.1\tFALSE\t/\tFALSE\t0\tjarred\tfromfile\n"
	if got := string(j.netscape()); got != want {
		t.Errorf("jar:\n%s\nwant:\n%s", got, want)
	}
	for _, tc := range []struct{ url, want string }{
		// Longest path first, then longest domain, longest name, newest.
		{"http://127.0.0.1:8080/cookies/x", "nopath=1; aged=1; session=abc123; jarred=fromfile; extra=1; theme=dark"},
		{"http://127.0.0.1/", "session=abc123; jarred=fromfile; extra=1; theme=dark"},
		{"http://127.0.0.2/", ""},
		{"http://www.example.com/api/v1", ""}, // secure: https only
		{"https://www.example.com/api/v1", "sid=x"},
		{"https://example.com/apis", ""},
	} {
		u, _ := url.Parse(tc.url)
		if got := j.header(u); got != tc.want {
			t.Errorf("%s: Cookie %q, want %q", tc.url, got, tc.want)
		}
	}
	// A cookie set again replaces the old one; Max-Age=0 deletes it.
	j.store(u, []string{"theme=light; Path=/", "session=; Path=/; Max-Age=0"})
	got := string(j.netscape())
	if !strings.Contains(got, "\ttheme\tlight\n") || strings.Contains(got, "dark") || strings.Contains(got, "session") {
		t.Errorf("after replacing and deleting:\n%s", got)
	}
}

// cookieServer sets cookies at /set (and redirects to /show with ?next),
// and shows the Cookie header it got at /show.
func cookieServer(t *testing.T) (string, func() []string) {
	var mu sync.Mutex
	var seen []string
	mux := http.NewServeMux()
	mux.HandleFunc("/set", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Set-Cookie", "a=1; Path=/")
		if r.URL.Query().Has("next") {
			http.Redirect(w, r, "/show", http.StatusFound)
			return
		}
		io.WriteString(w, "set\n")
	})
	mux.HandleFunc("/show", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Cookie"))
		mu.Unlock()
		fmt.Fprintf(w, "cookie=%s\n", r.Header.Get("Cookie"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

func TestCookieFlags(t *testing.T) {
	srv, seen := cookieServer(t)
	e := newEnv(t)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(e.dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("in.txt", "127.0.0.1\tFALSE\t/\tFALSE\t0\tfromfile\t1\n")

	// -L with the engine on: the cookie set by the redirect goes on with
	// the file's (in curl's order), before the -b string.
	res := e.call(t, map[string]any{"args": []any{"-L", "-b", "in.txt", "-b", "given=2", "-c", "out/jar.txt", srv + "/set?next"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	if got := seen(); len(got) != 1 || got[0] != "fromfile=1; a=1; given=2" {
		t.Errorf("cookies sent after the redirect: %q", got)
	}
	data, err := os.ReadFile(filepath.Join(e.dir, "out", "jar.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if want := netscapeHeader + "127.0.0.1\tFALSE\t/\tFALSE\t0\ta\t1\n127.0.0.1\tFALSE\t/\tFALSE\t0\tfromfile\t1\n"; string(data) != want {
		t.Errorf("jar file:\n%q\nwant\n%q", data, want)
	}
	if !strings.Contains(res.Text, "note: cookies written to out/jar.txt") {
		t.Errorf("no note about the jar:\n%s", res.Text)
	}

	// A cookie file that does not exist only starts the engine, as in curl.
	res = e.call(t, map[string]any{"args": []any{"-b", "missing.txt", srv + "/show"}})
	if res.IsError || !strings.HasSuffix(res.Text, "cookie=") {
		t.Errorf("-b missing.txt: %s", res.Text)
	}
	// Without -b or -c, -L sends no cookie the redirect set (curl's engine is off).
	res = e.call(t, map[string]any{"args": []any{"-L", srv + "/set?next"}})
	if !strings.HasSuffix(res.Text, "cookie=") {
		t.Errorf("engine off: %s", res.Text)
	}
	// -c - puts the jar after the body.
	res = e.call(t, map[string]any{"args": []any{"-c", "-", srv + "/set"}})
	if want := "set\n" + netscapeHeader + "127.0.0.1\tFALSE\t/\tFALSE\t0\ta\t1"; !strings.HasSuffix(res.Text, want) {
		t.Errorf("-c -:\n%s\nwant it to end with:\n%s", res.Text, want)
	}
}

func TestCookieFilesStayInsideRoots(t *testing.T) {
	srv, _ := cookieServer(t)
	cases := []struct {
		name   string
		access tool.Access
		args   []any
		want   string
	}{
		{"-c outside the roots", tool.Write, []any{"-c", "../jar.txt", srv + "/set"},
			`net_curl: "args": -c ../jar.txt: "../jar.txt" is outside the allowed roots`},
		{"-b outside the roots", tool.Write, []any{"-b", "/etc/passwd", srv + "/set"},
			`net_curl: "args": -b /etc/passwd: "/etc/passwd" is outside the allowed roots`},
		{"-D outside the roots", tool.Write, []any{"-D", "/tmp/h.txt", srv + "/set"},
			`net_curl: "args": -D /tmp/h.txt: "/tmp/h.txt" is outside the allowed roots`},
		{"-T outside the roots", tool.Write, []any{"-T", "../up.txt", srv + "/set"},
			`net_curl: "args": -T ../up.txt: "../up.txt" is outside the allowed roots`},
		{"-c needs write", tool.Read, []any{"-c", "jar.txt", srv + "/set"},
			`net_curl: access denied: this call needs "write" access (it writes the cookie jar (-c jar.txt in args) to a file), and this server runs with --access read.`},
		{"-D needs write", tool.Read, []any{"-D", "h.txt", srv + "/set"},
			`net_curl: access denied: this call needs "write" access (it writes the response headers (-D h.txt in args) to a file), and this server runs with --access read.`},
		{"-T is a PUT", tool.Read, []any{"-T", "up.txt", srv + "/set"},
			`net_curl: access denied: this call needs "write" access (PUT can change things on the server), and this server runs with --access read.`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, withAccess(tc.access))
			res := e.call(t, map[string]any{"args": tc.args})
			if !res.IsError || !strings.HasPrefix(res.Text, tc.want) {
				t.Errorf("got:\n%s\nwant it to start with:\n%s", res.Text, tc.want)
			}
		})
	}
	// -c - and -D - write nothing: read access is enough.
	e := newEnv(t, withAccess(tool.Read))
	if res := e.call(t, map[string]any{"args": []any{"-c", "-", "-D", "-", srv + "/set"}}); res.IsError {
		t.Errorf("-c - -D - under read access: %s", res.Text)
	}
}
