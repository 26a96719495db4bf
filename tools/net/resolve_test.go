package net

import (
	"strings"
	"testing"

	"f0/internal/web"
)

func TestOverrideRoute(t *testing.T) {
	parse := func(flags ...string) web.Routes {
		var ov web.Routes
		for _, f := range flags {
			kind, v, _ := strings.Cut(f, " ")
			if kind == "--resolve" {
				o, err := parseResolve(v, f)
				if err != nil {
					t.Fatal(err)
				}
				ov = append(ov, o...)
				continue
			}
			o, err := parseConnectTo(v, f)
			if err != nil {
				t.Fatal(err)
			}
			ov = append(ov, *o)
		}
		return ov
	}
	cases := []struct {
		flags []string
		addr  string
		want  string
	}{
		{[]string{"--resolve example.com:443:127.0.0.1"}, "example.com:443", "127.0.0.1:443"},
		{[]string{"--resolve example.com:443:127.0.0.1"}, "example.com:80", "example.com:80 (unchanged)"},
		{[]string{"--resolve EXAMPLE.com:443:[::1],127.0.0.2"}, "example.com:443", "[::1]:443 127.0.0.2:443"},
		{[]string{"--resolve *:8080:127.0.0.1"}, "any.test:8080", "127.0.0.1:8080"},
		{[]string{"--resolve +example.com:80:127.0.0.1"}, "example.com:80", "127.0.0.1:80"},
		{[]string{"--connect-to example.com:80:127.0.0.1:9999"}, "example.com:80", "127.0.0.1:9999"},
		{[]string{"--connect-to ::backend.test:"}, "example.com:443", "backend.test:443"},
		{[]string{"--connect-to example.com::[::1]:8443"}, "example.com:443", "[::1]:8443"},
		{[]string{"--connect-to a.test:80:b.test:81", "--resolve b.test:81:127.0.0.9"}, "a.test:80", "127.0.0.9:81"},
	}
	for _, tc := range cases {
		got, changed := parse(tc.flags...).Addrs(tc.addr)
		s := strings.Join(got, " ")
		if !changed {
			s += " (unchanged)"
		}
		if s != tc.want {
			t.Errorf("%v %s: %s, want %s", tc.flags, tc.addr, s, tc.want)
		}
	}
}

func TestResolveObeysRules(t *testing.T) {
	e := newEnv(t)
	_, port, _ := strings.Cut(e.host, ":")
	fake := "http://api.example.test:" + port + "/text"
	cases := []struct {
		name        string
		allow, deny []string
		args        string
		want        string // the start of the text, or of the error
		isError     bool
	}{
		{name: "--resolve reaches the address", args: "--resolve api.example.test:" + port + ":127.0.0.1 " + fake, want: "hello"},
		{name: "--connect-to reaches the address", args: "--connect-to api.example.test:80:" + e.host + " http://api.example.test/text", want: "hello"},
		{name: "deny applies to the address dialled", deny: []string{"loopback"}, args: "--resolve example.com:80:127.0.0.1 http://example.com/", isError: true,
			want: "net_curl failed: GET http://example.com/: connection to example.com (127.0.0.1) blocked by this server's rule --net-deny loopback (127.0.0.1 is a loopback address)"},
		{name: "deny applies through --connect-to", deny: []string{"127.0.0.0/8"}, args: "--connect-to example.com:80:127.0.0.1:" + port + " http://example.com/", isError: true,
			want: "net_curl failed: GET http://example.com/: connection to example.com (127.0.0.1) blocked by this server's rule --net-deny 127.0.0.0/8"},
		{name: "an allowed name does not vouch for a given address", allow: []string{"api.example.test"}, args: "--resolve api.example.test:" + port + ":127.0.0.1 " + fake, isError: true,
			want: "net_curl failed: GET " + fake + ": connection to api.example.test (127.0.0.1) blocked: it matches none of this server's --net-allow rules (api.example.test)"},
		{name: "a denied name stays denied", deny: []string{"api.example.test"}, args: "--resolve api.example.test:" + port + ":127.0.0.1 " + fake, isError: true,
			want: "net_curl failed: GET " + fake + ": connection to api.example.test blocked by this server's rule --net-deny api.example.test"},
		{name: "--connect-to a denied name", deny: []string{"*.internal.test"}, args: "--connect-to ::db.internal.test: http://example.com/", isError: true,
			want: "net_curl failed: GET http://example.com/: connection to db.internal.test blocked by this server's rule --net-deny *.internal.test"},
		{name: "allowed address", allow: []string{"127.0.0.1"}, args: "--resolve api.example.test:" + port + ":127.0.0.1 " + fake, want: "hello"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := newPipeline(t, withNet(func(c *web.Config) { c.Allow, c.Deny = tc.allow, tc.deny }))
			env := &env{p: p}
			res := env.call(t, map[string]any{"args": tc.args})
			text := res.Text
			if !tc.isError {
				text = res.Sections.Body
			}
			if res.IsError != tc.isError || !strings.HasPrefix(text, tc.want) {
				t.Errorf("isError=%v:\n%s\nwant it to start with:\n%s", res.IsError, res.Text, tc.want)
			}
		})
	}
}
