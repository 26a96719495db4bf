package web

import (
	"net/url"
	"strings"
	"testing"
)

func TestParseProxy(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{in: "127.0.0.1:3128", want: "http://127.0.0.1:3128"},
		{in: "proxy.internal", want: "http://proxy.internal:1080"},
		{in: "https://proxy.internal", want: "https://proxy.internal:443"},
		{in: "SOCKS5H://[::1]", want: "socks5h://[::1]:1080"},
		{in: "http://u:p@127.0.0.1:8080/", want: "http://u:p@127.0.0.1:8080"},
		{in: "socks4://127.0.0.1", err: "socks4 proxies are not supported; use socks5:// or socks5h://"},
		{in: "ftp://127.0.0.1", err: `unknown proxy scheme "ftp"; want http, https, socks5 or socks5h`},
		{in: "http://127.0.0.1:3128/path", err: "want [SCHEME://][USER:PASSWORD@]HOST[:PORT], e.g. http://127.0.0.1:3128"},
		{in: " ", err: "empty proxy address"},
	} {
		u, err := ParseProxy(tc.in)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseProxy(%q) = %v, %v; want error %q", tc.in, u, err, tc.err)
			}
		case err != nil || u.String() != tc.want:
			t.Errorf("ParseProxy(%q) = %v, %v; want %s", tc.in, u, err, tc.want)
		}
	}
}

// TestProxyChoice follows curl's manual: the scheme's proxy, else
// all_proxy; no_proxy entries match a host and the names under it, IPs
// and CIDR blocks match addresses, "*" matches every host.
func TestProxyChoice(t *testing.T) {
	hp, sp, ap := mustParse(t, "127.0.0.1:1"), mustParse(t, "127.0.0.1:2"), mustParse(t, "socks5h://127.0.0.1:3")
	ps := Proxies{HTTP: hp, HTTPS: sp, NoProxy: SplitNoProxy("local.com, .corp.example,10.0.0.0/8 ::1")}
	all := Proxies{All: ap, NoProxy: []string{"*"}}
	for _, tc := range []struct {
		ps   Proxies
		url  string
		want *url.URL
	}{
		{ps, "http://example.com/", hp},
		{ps, "https://example.com/", sp},
		{ps, "ftp://example.com/", nil},
		{Proxies{All: ap, HTTP: hp}, "https://example.com/", ap},
		{ps, "http://local.com/", nil},
		{ps, "http://www.local.com:8080/", nil},
		{ps, "http://www.notlocal.com/", hp},
		{ps, "http://corp.example/", nil},
		{ps, "http://a.b.corp.example./", nil},
		{ps, "http://10.1.2.3/", nil},
		{ps, "http://11.1.2.3/", hp},
		{ps, "http://[::1]:80/", nil},
		{all, "https://example.com/", nil},
	} {
		u, _ := url.Parse(tc.url)
		if got := tc.ps.For(u); got != tc.want {
			t.Errorf("For(%s) = %v, want %v", tc.url, got, tc.want)
		}
	}
}

func TestProxiesFromEnv(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	ps, used, err := ProxiesFromEnv(env(map[string]string{
		"HTTP_PROXY":  "127.0.0.1:9", // curl reads only the lower-case http_proxy
		"https_proxy": "127.0.0.1:2", "HTTPS_PROXY": "127.0.0.1:3",
		"ALL_PROXY": "socks5://127.0.0.1:4", "NO_PROXY": "a.example,b.example",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if ps.HTTP != nil || ps.HTTPS.Host != "127.0.0.1:2" || ps.All.String() != "socks5://127.0.0.1:4" || strings.Join(ps.NoProxy, " ") != "a.example b.example" {
		t.Fatalf("got %+v", ps)
	}
	if len(used) != 3 || used[0].Name != "https_proxy" || used[2].Name != "NO_PROXY" {
		t.Fatalf("used %+v", used)
	}
	_, _, err = ProxiesFromEnv(env(map[string]string{"all_proxy": "socks4://127.0.0.1"}))
	if want := `environment variable all_proxy="socks4://127.0.0.1": socks4 proxies are not supported; use socks5:// or socks5h://`; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

func TestWithUser(t *testing.T) {
	u := WithUser(mustParse(t, "127.0.0.1:3128"), "alice:s3:cret")
	if p, _ := u.User.Password(); u.User.Username() != "alice" || p != "s3:cret" {
		t.Fatalf("got %v", u)
	}
	if WithUser(nil, "a:b") != nil {
		t.Fatal("no proxy stays none")
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := ParseProxy(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
