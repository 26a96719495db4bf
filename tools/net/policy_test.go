package net

import (
	"context"
	"fmt"
	stdnet "net"
	"net/http"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/internal/setting"
	"f0/internal/web"
)

// listen127 starts a server on another loopback address; Linux routes all
// of 127.0.0.0/8 to the loopback interface.
func listen127(t *testing.T, ip string, h http.Handler) string {
	t.Helper()
	ln, err := stdnet.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

func TestDenyRulesAtDialTime(t *testing.T) {
	other := listen127(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintln(w, "reached 127.0.0.2")
	}))
	redirector := func(e *env) string { return e.url + "/go?to=" + other + "/" }
	handler := func(e *env) {
		e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/go", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
		})
	}
	t.Run("without rules the redirect reaches 127.0.0.2", func(t *testing.T) {
		e := newEnv(t)
		handler(e)
		res := e.call(t, map[string]any{"url": redirector(e)})
		assertInOrder(t, res.Text, "200 OK", "after 1 redirect", "reached 127.0.0.2")
	})
	t.Run("a redirect to a denied address is blocked", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{"127.0.0.2"} }))
		handler(e)
		res := e.call(t, map[string]any{"url": redirector(e)})
		want := "net_curl failed: GET " + redirector(e) + ": after a redirect to " + other + "/: connection to 127.0.0.2 blocked by this server's rule --net-deny 127.0.0.2"
		if !res.IsError || !strings.HasPrefix(res.Text, want) {
			t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
		}
		if res := e.call(t, map[string]any{"url": e.url + "/text"}); res.IsError {
			t.Fatalf("127.0.0.1 is allowed: %s", res.Text)
		}
	})
	t.Run("an allow list stops the redirect too", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.Allow = []string{"127.0.0.1"} }))
		handler(e)
		res := e.call(t, map[string]any{"args": []any{"-L", redirector(e)}})
		assertInOrder(t, res.Text, "connection to 127.0.0.2 blocked: it matches none of this server's --net-allow rules (127.0.0.1)")
	})
	t.Run("a host name that resolves to a denied address", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{"127.0.0.0/8", "::1"} }))
		port := e.host[strings.LastIndexByte(e.host, ':'):]
		res := e.call(t, map[string]any{"url": "http://localhost" + port + "/text"})
		assertInOrder(t, res.Text, "net_curl failed: GET http://localhost"+port+"/text: connection to localhost (", ") blocked by this server's rule --net-deny ")
	})
	t.Run("the unspecified address reaches the local host", func(t *testing.T) {
		// Without rules the address reaches the test server on 127.0.0.1.
		e := newEnv(t)
		port := e.host[strings.LastIndexByte(e.host, ':'):]
		if res := e.call(t, map[string]any{"url": "http://0.0.0.0" + port + "/text"}); res.IsError {
			t.Logf("0.0.0.0 does not reach the local host here: %s", res.Text)
		}
		for _, deny := range []string{"127.0.0.0/8", "127.0.0.1", "::1"} {
			e := newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{deny} }))
			handler(e)
			port := e.host[strings.LastIndexByte(e.host, ':'):]
			for _, u := range []string{"http://0.0.0.0" + port + "/text", "http://[::]" + port + "/text", "http://[::ffff:0.0.0.0]" + port + "/text"} {
				res := e.call(t, map[string]any{"url": u})
				if !res.IsError || !strings.Contains(res.Text, "blocked by this server's rule --net-deny "+deny+" (") ||
					!strings.Contains(res.Text, "is the unspecified address, which reaches this host like") {
					t.Errorf("deny %s, %s:\n%s", deny, u, res.Text)
				}
			}
		}
		// A redirect from an allowed address (127.0.0.2) to 0.0.0.0.
		e = newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{"127.0.0.1"} }))
		port = e.host[strings.LastIndexByte(e.host, ':'):]
		jump := listen127(t, "127.0.0.2", http.RedirectHandler("http://0.0.0.0"+port+"/text", http.StatusFound))
		res := e.call(t, map[string]any{"url": jump + "/"})
		assertInOrder(t, res.Text, "after a redirect to http://0.0.0.0"+port+"/text: connection to 0.0.0.0 blocked by this server's rule --net-deny 127.0.0.1 (0.0.0.0 is the unspecified address")
	})
	t.Run("an allow list must allow the loopback address", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.Allow = []string{"10.0.0.0/8"} }))
		port := e.host[strings.LastIndexByte(e.host, ':'):]
		res := e.call(t, map[string]any{"url": "http://0.0.0.0" + port + "/text"})
		assertInOrder(t, res.Text, "connection to 0.0.0.0 blocked: it matches none of this server's --net-allow rules (10.0.0.0/8)")
	})
	t.Run("a zoned IPv6 literal is denied like the bare address", func(t *testing.T) {
		v6 := listen127(t, "[::1]", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintln(w, "reached ::1")
		}))
		port := v6[strings.LastIndexByte(v6, ':'):]
		if res := newEnv(t).call(t, map[string]any{"url": "http://[::1%25lo]" + port + "/"}); res.IsError {
			t.Skipf("no interface lo here: %s", res.Text)
		}
		e := newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{"::1"} }))
		for _, u := range []string{"http://[::1]" + port + "/", "http://[::1%25lo]" + port + "/", "http://[::%25lo]" + port + "/", "http://[::1%251]" + port + "/x"} {
			res := e.call(t, map[string]any{"url": u})
			if !res.IsError || !strings.Contains(res.Text, "blocked by this server's rule --net-deny ::1") {
				t.Errorf("%s was not blocked:\n%s", u, res.Text)
			}
		}
		jump := listen127(t, "127.0.0.2", http.RedirectHandler("http://[::1%25lo]"+port+"/", http.StatusFound))
		res := e.call(t, map[string]any{"args": []any{"-L", jump + "/"}})
		assertInOrder(t, res.Text, "after a redirect to http://[::1%25lo]"+port+"/: connection to ::1%lo (::1) blocked by this server's rule --net-deny ::1")
	})
	t.Run("loopback word", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{"loopback"} }))
		res := e.call(t, map[string]any{"url": e.url + "/text"})
		assertInOrder(t, res.Text, "connection to 127.0.0.1 blocked by this server's rule --net-deny loopback (127.0.0.1 is a loopback address)")
	})
	t.Run("allowed by name", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.Allow = []string{"localhost"} }))
		port := e.host[strings.LastIndexByte(e.host, ':'):]
		if res := e.call(t, map[string]any{"url": "http://localhost" + port + "/text"}); res.IsError {
			t.Fatal(res.Text)
		}
		res := e.call(t, map[string]any{"url": e.url + "/text"})
		assertInOrder(t, res.Text, "connection to 127.0.0.1 blocked: it matches none of this server's --net-allow rules (localhost)")
	})
}

func TestRedirectDropsCredentials(t *testing.T) {
	echo := func(w http.ResponseWriter, r *http.Request) {
		for _, name := range []string{"Authorization", "Cookie", "X-Api-Key", "X-Auth-Token", "Client-Secret", "X-Trace"} {
			fmt.Fprintf(w, "%s=%q\n", name, r.Header.Get(name))
		}
	}
	other := listen127(t, "127.0.0.2", http.HandlerFunc(echo))
	e := newEnv(t)
	mux := e.srv.Config.Handler.(*http.ServeMux)
	mux.HandleFunc("/echo-creds", echo)
	mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, other+"/", http.StatusFound) })
	mux.HandleFunc("/here", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/echo-creds", http.StatusFound) })
	headers := map[string]any{"Authorization": "Bearer a", "Cookie": "s=1", "X-Api-Key": "k", "X-Auth-Token": "t", "Client-Secret": "c", "X-Trace": "keep"}
	res := e.call(t, map[string]any{"url": e.url + "/away", "followRedirects": true, "headers": headers})
	assertInOrder(t, res.Text, `Authorization=""`, `Cookie=""`, `X-Api-Key=""`, `X-Auth-Token=""`, `Client-Secret=""`, `X-Trace="keep"`)
	res = e.call(t, map[string]any{"url": e.url + "/here", "followRedirects": true, "headers": headers})
	assertInOrder(t, res.Text, `Authorization="Bearer a"`, `Cookie="s=1"`, `X-Api-Key="k"`, `X-Auth-Token="t"`, `Client-Secret="c"`, `X-Trace="keep"`)
}

// shellSettings names settings as a terminal's reader changes them, the
// way the CLI's renderer does, but marked so a test can tell them apart.
type shellSettings struct{ engine.ListedDialect }

func (shellSettings) Setting(s setting.Setting, v string) string {
	return "<" + setting.FlagSetting(s, v) + ">"
}
func (shellSettings) Change(s setting.Setting, v string) string {
	return "<f0 " + setting.FlagSetting(s, v) + ">"
}

// TestLimitsNameTheirSetting: a call the operator's settings refused or
// cut names the setting as the caller's reader changes it: the operator's
// flag and F0_ variable over MCP, the front end's own words elsewhere.
func TestLimitsNameTheirSetting(t *testing.T) {
	e := newEnv(t, withNet(func(c *web.Config) { c.Deny = []string{"127.0.0.2"}; c.MaxDownload = 1000; c.MaxTime = time.Second }))
	cases := []struct {
		name      string
		args      map[string]any
		mcp, term []string
	}{
		{"deny rule", map[string]any{"url": "http://127.0.0.2:9/"},
			[]string{"blocked by this server's rule --net-deny 127.0.0.2.", "The operator's rules (--net-allow, --net-deny) decide"},
			[]string{"blocked by this server's rule <--net-deny 127.0.0.2>.", "The operator's rules (<--net-allow>, <--net-deny>) decide"}},
		{"built-in rule, by name", map[string]any{"args": []any{"--resolve", "metadata.google.internal:80:127.0.0.1", "http://metadata.google.internal/"}},
			[]string{"unless the operator allows them; to allow it, start f0 with --net-allow metadata (or F0_NET_ALLOW=metadata)."},
			[]string{"unless the operator allows them; to allow it, start f0 with <f0 --net-allow metadata>."}},
		{"download cap", map[string]any{"url": e.url + "/big?n=5000"},
			[]string{"larger than the download limit of 1000 B (--net-max-download)", "the operator can raise --net-max-download."},
			[]string{"larger than the download limit of 1000 B (<--net-max-download>)", "the operator can raise <--net-max-download>."}},
		{"time cap", map[string]any{"url": e.url + "/text", "timeoutMs": 10000},
			[]string{"is above this server's cap; used 1 s (--net-max-time)"},
			[]string{"is above this server's cap; used 1 s (<--net-max-time>)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertInOrder(t, e.call(t, c.args).Text, c.mcp...)
			term := e.p.Call(engine.WithDialect(context.Background(), shellSettings{}), "net_curl", c.args).Text
			assertInOrder(t, term, c.term...)
			if strings.Contains(term, "F0_") {
				t.Fatalf("the terminal's text names the operator's environment:\n%s", term)
			}
		})
	}
}
