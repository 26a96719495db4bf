package net

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
)

func TestParseRules(t *testing.T) {
	good := []string{"example.com", "*.example.com", "Example.COM.", "10.0.0.0/8", "::1", "[fe80::1]", "1.2.3.4",
		"loopback", "PRIVATE", "link-local", "metadata", "my_host.internal"}
	for _, r := range good {
		if _, err := parseRule(r); err != nil {
			t.Errorf("%q: %v", r, err)
		}
	}
	bad := map[string]string{
		"10.0.0.0/33":   "not a CIDR block",
		"exa mple.com":  "want a host name",
		"*.":            "want a host name",
		"*.exa mple":    "want *.domain",
		"a.*.com":       "want a host name",
		"http://x.com/": "not a CIDR block",
	}
	for r, want := range bad {
		if _, err := parseRule(r); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", r, err, want)
		}
	}
	if _, err := newPolicy([]string{"ok.com", "bad host"}, nil); err == nil || !strings.HasPrefix(err.Error(), `--net-allow "bad host": `) {
		t.Errorf("newPolicy error %v", err)
	}
}

func TestPolicyMatching(t *testing.T) {
	cases := []struct {
		allow, deny []string
		host, ip    string
		want        string // "" allowed, else part of the error
	}{
		{nil, nil, "example.com", "93.184.216.34", ""},
		{nil, []string{"loopback"}, "localhost", "127.0.0.1", `connection to localhost blocked by this server's rule --net-deny loopback`},
		{nil, []string{"loopback"}, "sneaky.example", "127.0.0.1", `connection to sneaky.example (127.0.0.1) blocked by this server's rule --net-deny loopback (127.0.0.1 is a loopback address)`},
		{nil, []string{"loopback"}, "::ffff:127.0.0.1", "::ffff:127.0.0.1", `blocked by this server's rule --net-deny loopback`},
		{nil, []string{"loopback"}, "0.0.0.0", "0.0.0.0", `--net-deny loopback`},
		{nil, []string{"private"}, "db", "10.1.2.3", `--net-deny private (10.1.2.3 is a private address)`},
		{nil, []string{"private"}, "db", "fd12::1", `--net-deny private`},
		{nil, []string{"link-local"}, "x", "169.254.1.1", `--net-deny link-local`},
		{nil, []string{"metadata"}, "x", "169.254.169.254", `--net-deny metadata (169.254.169.254 is a cloud metadata address)`},
		{nil, []string{"metadata"}, "metadata.google.internal", "10.0.0.1", `--net-deny metadata`},
		{nil, []string{"*.internal"}, "db.corp.internal", "10.0.0.1", `--net-deny *.internal`},
		{nil, []string{"*.internal"}, "internal", "10.0.0.1", ""},
		{nil, []string{"192.168.0.0/16"}, "router", "192.168.1.1", `--net-deny 192.168.0.0/16`},
		{[]string{"*.example.com"}, nil, "api.example.com", "1.2.3.4", ""},
		{[]string{"*.example.com"}, nil, "example.com", "1.2.3.4", `it matches none of this server's --net-allow rules (*.example.com)`},
		{[]string{"*.example.com"}, []string{"private"}, "api.example.com", "10.0.0.1", `--net-deny private`},
		{[]string{"1.2.3.0/24", "loopback"}, nil, "anything", "1.2.3.9", ""},
		{[]string{"1.2.3.0/24"}, nil, "other", "5.6.7.8", `connection to other (5.6.7.8) blocked: it matches none of this server's --net-allow rules (1.2.3.0/24)`},
		// An unspecified address reaches the local host: rules for the
		// loopback addresses cover it, in both families and mapped forms.
		{nil, []string{"127.0.0.0/8"}, "0.0.0.0", "0.0.0.0", `connection to 0.0.0.0 blocked by this server's rule --net-deny 127.0.0.0/8 (0.0.0.0 is the unspecified address, which reaches this host like 127.0.0.1)`},
		{nil, []string{"127.0.0.1"}, "[::]", "::", `connection to [::] blocked by this server's rule --net-deny 127.0.0.1 (:: is the unspecified address, which reaches this host like 127.0.0.1)`},
		{nil, []string{"::1"}, "0.0.0.0", "0.0.0.0", `--net-deny ::1 (0.0.0.0 is the unspecified address, which reaches this host like ::1)`},
		{nil, []string{"::1"}, "[::]", "::", `--net-deny ::1`},
		{nil, []string{"127.0.0.0/8"}, "::ffff:0.0.0.0", "::ffff:0.0.0.0", `--net-deny 127.0.0.0/8`},
		{nil, []string{"127.0.0.0/8"}, "zero.example", "0.0.0.0", `connection to zero.example (0.0.0.0) blocked by this server's rule --net-deny 127.0.0.0/8`},
		{nil, []string{"10.0.0.0/8"}, "0.0.0.0", "0.0.0.0", ""},
		{[]string{"10.0.0.0/8"}, nil, "0.0.0.0", "0.0.0.0", `connection to 0.0.0.0 blocked: it matches none of this server's --net-allow rules (10.0.0.0/8)`},
		{[]string{"0.0.0.0"}, nil, "0.0.0.0", "0.0.0.0", `it matches none of this server's --net-allow rules (0.0.0.0)`},
		{[]string{"127.0.0.1"}, nil, "0.0.0.0", "0.0.0.0", ""},
		{[]string{"127.0.0.1"}, nil, "[::]", "::", `connection to [::] blocked: it matches none of this server's --net-allow rules (127.0.0.1)`},
		{[]string{"::1"}, nil, "[::]", "::", ""},
		{[]string{"loopback"}, nil, "zero.example", "0.0.0.0", ""},
		// A zone never changes what the rules say about an address.
		{nil, []string{"loopback"}, "::1%lo", "::1%lo", `--net-deny loopback (::1 is a loopback address)`},
		{nil, []string{"loopback"}, "::%lo", "::%lo", `--net-deny loopback (:: is a loopback address)`},
		{nil, []string{"127.0.0.1"}, "::%lo", "::%lo", `--net-deny 127.0.0.1 (:: is the unspecified address`},
		{nil, []string{"loopback"}, "::ffff:127.0.0.1%lo", "::ffff:127.0.0.1%lo", `--net-deny loopback (127.0.0.1 is a loopback address)`},
		{nil, []string{"fe80::/10"}, "fe80::1%eth0", "fe80::1%eth0", `--net-deny fe80::/10`},
		{nil, []string{"fe80::1%eth0"}, "x", "fe80::1%eth1", `--net-deny fe80::1%eth0`},
		{[]string{"::1"}, nil, "::1%lo", "::1%lo", ""},
		{[]string{"10.0.0.0/8"}, nil, "::1%lo", "::1%lo", `matches none of this server's --net-allow rules (10.0.0.0/8)`},
		// Built in: metadata and link-local are denied until allowed.
		{nil, nil, "x", "169.254.169.254", `connection to x (169.254.169.254) blocked: f0 does not connect to metadata addresses unless the operator allows them (169.254.169.254 is a cloud metadata address); to allow it, start f0 with --net-allow metadata`},
		{nil, nil, "metadata.google.internal", "169.254.169.254", `connection to metadata.google.internal blocked: f0 does not connect to metadata addresses`},
		{nil, nil, "x", "fd00:ec2::254", `(fd00:ec2::254 is a cloud metadata address)`},
		{nil, nil, "x", "fd00:ec2::254%eth0", `(fd00:ec2::254 is a cloud metadata address)`},
		{nil, nil, "x", "::ffff:169.254.169.254", `blocked: f0 does not connect to metadata addresses`},
		{nil, nil, "x", "169.254.1.1", `blocked: f0 does not connect to link-local addresses unless the operator allows them (169.254.1.1 is a link-local address); to allow it, start f0 with --net-allow link-local`},
		{nil, nil, "x", "fe80::1%eth0", `(fe80::1 is a link-local address)`},
		{nil, nil, "x", "127.0.0.1", ""},
		{nil, nil, "x", "10.0.0.1", ""},
		{[]string{"metadata"}, nil, "metadata.google.internal", "169.254.169.254", ""},
		{[]string{"metadata"}, nil, "x", "169.254.1.1", `--net-allow link-local`},
		{[]string{"metadata"}, nil, "example.com", "93.184.216.34", ""}, // opening a range does not restrict others
		{[]string{"link-local"}, nil, "x", "169.254.1.1", ""},
		{[]string{"link-local"}, nil, "x", "fe80::1%eth0", ""},
		{[]string{"link-local"}, nil, "x", "169.254.169.254", `--net-allow metadata`},
		{[]string{"169.254.169.254"}, nil, "x", "169.254.169.254", ""},
		{[]string{"169.254.0.0/16"}, nil, "x", "169.254.169.254", `--net-allow metadata`},
		{[]string{"169.254.0.0/16"}, nil, "x", "169.254.3.3", ""},
		{[]string{"0.0.0.0/0"}, nil, "x", "169.254.169.254", `--net-allow metadata`},
		{[]string{"0.0.0.0/0"}, nil, "x", "169.254.3.3", `--net-allow link-local`},
		{[]string{"private"}, nil, "x", "fd00:ec2::254", `--net-allow metadata`},
		{[]string{"private"}, nil, "x", "10.0.0.1", ""},
		{[]string{"private"}, nil, "x", "8.8.8.8", `matches none of this server's --net-allow rules (private)`},
		{[]string{"*.internal"}, nil, "metadata.google.internal", "169.254.169.254", `f0 does not connect to metadata addresses`},
		{[]string{"metadata"}, []string{"169.254.169.254"}, "x", "169.254.169.254", `--net-deny 169.254.169.254`},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v-%v-%s-%s", c.allow, c.deny, c.host, c.ip), func(t *testing.T) {
			p, err := newPolicy(c.allow, c.deny)
			if err != nil {
				t.Fatal(err)
			}
			byName, err := p.checkName(c.host)
			if err == nil {
				err = p.checkIP(c.host, netip.MustParseAddr(c.ip), byName)
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("blocked: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}

// listen127 starts a server on another loopback address; Linux routes all
// of 127.0.0.0/8 to the loopback interface.
func listen127(t *testing.T, ip string, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
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
		e := newEnv(t, withNet(func(c *Config) { c.Deny = []string{"127.0.0.2"} }))
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
		e := newEnv(t, withNet(func(c *Config) { c.Allow = []string{"127.0.0.1"} }))
		handler(e)
		res := e.call(t, map[string]any{"args": []any{"-L", redirector(e)}})
		assertInOrder(t, res.Text, "connection to 127.0.0.2 blocked: it matches none of this server's --net-allow rules (127.0.0.1)")
	})
	t.Run("a host name that resolves to a denied address", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *Config) { c.Deny = []string{"127.0.0.0/8", "::1"} }))
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
			e := newEnv(t, withNet(func(c *Config) { c.Deny = []string{deny} }))
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
		e = newEnv(t, withNet(func(c *Config) { c.Deny = []string{"127.0.0.1"} }))
		port = e.host[strings.LastIndexByte(e.host, ':'):]
		jump := listen127(t, "127.0.0.2", http.RedirectHandler("http://0.0.0.0"+port+"/text", http.StatusFound))
		res := e.call(t, map[string]any{"url": jump + "/"})
		assertInOrder(t, res.Text, "after a redirect to http://0.0.0.0"+port+"/text: connection to 0.0.0.0 blocked by this server's rule --net-deny 127.0.0.1 (0.0.0.0 is the unspecified address")
	})
	t.Run("an allow list must allow the loopback address", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *Config) { c.Allow = []string{"10.0.0.0/8"} }))
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
		e := newEnv(t, withNet(func(c *Config) { c.Deny = []string{"::1"} }))
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
		e := newEnv(t, withNet(func(c *Config) { c.Deny = []string{"loopback"} }))
		res := e.call(t, map[string]any{"url": e.url + "/text"})
		assertInOrder(t, res.Text, "connection to 127.0.0.1 blocked by this server's rule --net-deny loopback (127.0.0.1 is a loopback address)")
	})
	t.Run("allowed by name", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *Config) { c.Allow = []string{"localhost"} }))
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
