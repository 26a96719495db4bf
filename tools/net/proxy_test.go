package net

import (
	"f0/internal/proxytest"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	stdnet "net"

	"f0/internal/web"
	"f0/tool"
)

// The proxy tests run net.curl through real proxy servers from Debian
// (see proxytest).

// answerBody is the answer without net.curl's status line.
func answerBody(res tool.Result) string {
	_, b, _ := strings.Cut(res.Text, "\n")
	return b
}

// origin is a server on another loopback address that says how it was
// reached (tinyproxy adds a Via header) and counts its requests.
type origin struct {
	url  string
	hits atomic.Int32
}

func newOrigin(t *testing.T, ip string) *origin {
	t.Helper()
	o := &origin{}
	o.url = listen127(t, ip, o.handler())
	return o
}

func (o *origin) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.hits.Add(1)
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "reached %s via %q\n", r.Host, r.Header.Get("Via"))
	})
}

func withProxies(ps web.Proxies) envOpt {
	return withNet(func(c *web.Config) { c.Proxies = ps })
}

func mustProxy(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := web.ParseProxy(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestThroughAnHTTPProxy(t *testing.T) {
	proxy, log := proxytest.Tinyproxy(t, "")
	o := newOrigin(t, "127.0.0.3")
	t.Run("the operator's proxy carries a plain http request", func(t *testing.T) {
		e := newEnv(t, withProxies(web.Proxies{All: mustProxy(t, proxy)}))
		res := e.call(t, map[string]any{"url": o.url + "/"})
		assertInOrder(t, res.Text, "200 OK", "reached "+strings.TrimPrefix(o.url, "http://")+` via "1.1 `, "tinyproxy")
	})
	t.Run("https goes through CONNECT", func(t *testing.T) {
		tlsOrigin := httptest.NewUnstartedServer(o.handler())
		ln, err := stdnet.Listen("tcp", "127.0.0.3:0")
		if err != nil {
			t.Skip(err)
		}
		tlsOrigin.Listener = ln
		tlsOrigin.StartTLS()
		defer tlsOrigin.Close()
		before := proxytest.Forwarded(t, log)
		e := newEnv(t, withAccess(tool.Admin), withProxies(web.Proxies{HTTPS: mustProxy(t, proxy)}))
		res := e.call(t, map[string]any{"args": []string{"-sk", tlsOrigin.URL + "/"}})
		// Through a tunnel the proxy cannot add a header: the origin saw none.
		want := "reached " + strings.TrimPrefix(tlsOrigin.URL, "https://") + ` via ""`
		if res.IsError || answerBody(res) != want {
			t.Fatalf("got %q (error %v), want %q", res.Text, res.IsError, want)
		}
		if proxytest.Forwarded(t, log) != before+1 {
			t.Fatalf("the proxy's log shows %d new connections, want 1", proxytest.Forwarded(t, log)-before)
		}
	})
	t.Run("a host in the no-proxy list is reached directly", func(t *testing.T) {
		e := newEnv(t, withProxies(web.Proxies{All: mustProxy(t, proxy), NoProxy: []string{"127.0.0.0/8"}}))
		res := e.call(t, map[string]any{"args": []string{"-s", o.url + "/"}})
		if want := "reached " + strings.TrimPrefix(o.url, "http://") + ` via ""`; answerBody(res) != want {
			t.Fatalf("got %q, want %q", res.Text, want)
		}
	})
}

func TestTheRulesApplyThroughAProxy(t *testing.T) {
	proxy, log := proxytest.Tinyproxy(t, "")
	o := newOrigin(t, "127.0.0.3")
	denied := newOrigin(t, "127.0.0.2")
	deny := func(rules ...string) envOpt {
		return withNet(func(c *web.Config) { c.Deny = rules; c.Proxies = web.Proxies{All: mustProxy(t, proxy)} })
	}
	t.Run("a denied target is refused before anything reaches the proxy", func(t *testing.T) {
		before := proxytest.Forwarded(t, log)
		e := newEnv(t, deny("127.0.0.2"))
		res := e.call(t, map[string]any{"url": denied.url + "/"})
		want := "connection to 127.0.0.2 blocked by this server's rule --net-deny 127.0.0.2"
		if !res.IsError || !strings.Contains(res.Text, want) {
			t.Fatalf("got:\n%s\nwant it to contain %q", res.Text, want)
		}
		if denied.hits.Load() != 0 || proxytest.Forwarded(t, log) != before {
			t.Fatalf("the denied origin got %d requests and the proxy %d", denied.hits.Load(), proxytest.Forwarded(t, log)-before)
		}
	})
	t.Run("a redirect to a denied target is refused at that hop", func(t *testing.T) {
		e := newEnv(t, deny("127.0.0.2"))
		res := e.call(t, map[string]any{"args": []string{"-L", o.url + "/?to=" + denied.url + "/"}})
		want := "after a redirect to " + denied.url + "/: connection to 127.0.0.2 blocked by this server's rule --net-deny 127.0.0.2"
		if !res.IsError || !strings.Contains(res.Text, want) || denied.hits.Load() != 0 {
			t.Fatalf("got:\n%s\nwant it to contain %q (denied origin hit %d times)", res.Text, want, denied.hits.Load())
		}
	})
	t.Run("a denied proxy address is refused", func(t *testing.T) {
		e := newEnv(t, deny("127.0.0.1"))
		before := o.hits.Load()
		res := e.call(t, map[string]any{"url": o.url + "/"})
		want := "connection to 127.0.0.1 blocked by this server's rule --net-deny 127.0.0.1"
		if !res.IsError || !strings.Contains(res.Text, want) || o.hits.Load() != before {
			t.Fatalf("got:\n%s\nwant it to contain %q", res.Text, want)
		}
	})
}

func TestProxyCredentials(t *testing.T) {
	proxy, _ := proxytest.Tinyproxy(t, "alice")
	o := newOrigin(t, "127.0.0.3")
	e := newEnv(t, withAccess(tool.Admin))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"without credentials the proxy answers 407", []string{"-s", "-x", proxy, o.url + "/"}, "407 Proxy Authentication Required"},
		{"-U gives them", []string{"-s", "-U", "alice:secret", "-x", proxy, o.url + "/"}, "reached " + strings.TrimPrefix(o.url, "http://")},
		{"so does the proxy's address", []string{"-s", "-x", "http://alice:secret@" + proxy, o.url + "/"}, "reached " + strings.TrimPrefix(o.url, "http://")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.call(t, map[string]any{"args": tc.args})
			if res.IsError || !strings.HasPrefix(answerBody(res), tc.want) && !strings.HasPrefix(res.Text, tc.want) {
				t.Fatalf("got %q (error %v), want it to start with %q", res.Text, res.IsError, tc.want)
			}
		})
	}
}

func TestThroughASOCKS5Proxy(t *testing.T) {
	o := newOrigin(t, "127.0.0.3")
	open := proxytest.Microsocks(t, "")
	locked := proxytest.Microsocks(t, "bob")
	for _, tc := range []struct {
		name, proxy string
		args        []string
	}{
		{"socks5", "socks5://" + open, nil},
		{"socks5h", "socks5h://" + open, nil},
		{"with credentials in the address", "socks5h://bob:secret@" + locked, nil},
		{"with --socks5-hostname and -U", "", []string{"--socks5-hostname", locked, "-U", "bob:secret"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []envOpt
			args := append([]string{"-s"}, tc.args...)
			if tc.proxy != "" {
				opts = append(opts, withProxies(web.Proxies{All: mustProxy(t, tc.proxy)}))
			} else {
				opts = append(opts, withAccess(tool.Admin))
			}
			e := newEnv(t, opts...)
			res := e.call(t, map[string]any{"args": append(args, o.url+"/")})
			if want := "reached " + strings.TrimPrefix(o.url, "http://") + ` via ""`; res.IsError || answerBody(res) != want {
				t.Fatalf("got %q (error %v), want %q", res.Text, res.IsError, want)
			}
		})
	}
	t.Run("a denied target is refused before the SOCKS handshake names it", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) {
			c.Deny = []string{"127.0.0.3"}
			c.Proxies = web.Proxies{All: mustProxy(t, "socks5h://"+open)}
		}))
		before := o.hits.Load()
		res := e.call(t, map[string]any{"url": o.url + "/"})
		if !res.IsError || !strings.Contains(res.Text, "blocked by this server's rule --net-deny 127.0.0.3") || o.hits.Load() != before {
			t.Fatalf("got %q", res.Text)
		}
	})
}

func TestAProxyOfTheCallsOwnNeedsAdmin(t *testing.T) {
	e := newEnv(t, withProxies(web.Proxies{All: mustProxy(t, "127.0.0.1:3128")}))
	for _, args := range [][]string{
		{"-x", "127.0.0.1:3128", e.url + "/text"},
		{"--socks5", "127.0.0.1:1080", e.url + "/text"},
		{"--noproxy", "*", e.url + "/text"},
		{"-U", "a:b", e.url + "/text"},
	} {
		res := e.call(t, map[string]any{"args": args})
		want := `net_curl: access denied: this call needs "admin" access (` + args[0] + " "
		why := " in args chooses the proxy, which is the operator's to set (--proxy, or curl's environment variables))"
		if !res.IsError || !strings.HasPrefix(res.Text, want) || !strings.Contains(res.Text, why) {
			t.Fatalf("%v: got:\n%s\nwant it to start with:\n%s", args, res.Text, want)
		}
	}
	t.Run("without an operator's proxy, --noproxy and -U change nothing and need nothing", func(t *testing.T) {
		e := newEnv(t)
		for _, args := range [][]string{{"-s", "--noproxy", "*", e.url + "/text"}, {"-s", "-U", "a:b", e.url + "/text"}} {
			if res := e.call(t, map[string]any{"args": args}); res.IsError || answerBody(res) != "hello" {
				t.Fatalf("%v: got %q (error %v)", args, res.Text, res.IsError)
			}
		}
		res := e.call(t, map[string]any{"args": []string{"-x", "127.0.0.1:3128", e.url + "/text"}})
		if !res.IsError || !strings.Contains(res.Text, `needs "admin" access (-x 127.0.0.1:3128 in args chooses the proxy`) {
			t.Fatalf("-x without an operator's proxy: got %q", res.Text)
		}
	})
}
