package net

import (
	"context"
	"strings"
	"testing"

	"f0/tool"
)

func TestMisspeltToolName(t *testing.T) {
	e := newEnv(t)
	res := e.p.Call(context.Background(), "net_crul", map[string]any{"url": "https://x"})
	if !res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, `unknown tool "net_crul".`, "Did you mean:", "- net_curl: Make an HTTP(S) request like curl",
		`Example: net_curl {"headers":{"accept":"application/json"},"url":"https://api.github.com/repos/golang/go"}`)
	for _, name := range []string{"net.curl", "NET-CURL", "mcp__f0__net_curl", "f0_net_curl", "net/curl"} {
		if res := e.p.Call(context.Background(), name, map[string]any{"url": e.url + "/text"}); res.IsError {
			t.Errorf("%s: %s", name, res.Text)
		}
	}
}

func TestAccessLevels(t *testing.T) {
	cases := []struct {
		name   string
		access tool.Access
		args   func(e *env) map[string]any
		denied string
	}{
		{"GET under read", tool.Read, func(e *env) map[string]any { return map[string]any{"url": e.url + "/text"} }, ""},
		{"HEAD under read", tool.Read, func(e *env) map[string]any { return map[string]any{"args": "-I " + e.url + "/text"} }, ""},
		{"-o /dev/null under read", tool.Read, func(e *env) map[string]any { return map[string]any{"args": "-o /dev/null " + e.url + "/text"} }, ""},
		{"POST under read", tool.Read, func(e *env) map[string]any { return map[string]any{"args": "-d a=1 " + e.url + "/echo"} },
			`net_curl: access denied: this call needs "write" access (POST can change things on the server), and this server runs with --access read.`},
		{"output under read", tool.Read, func(e *env) map[string]any { return map[string]any{"url": e.url + "/text", "output": "x.txt"} },
			`net_curl: access denied: this call needs "write" access (it saves the body to a file), and this server runs with --access read.`},
		{"POST under write", tool.Write, func(e *env) map[string]any { return map[string]any{"url": e.url + "/echo", "method": "POST"} }, ""},
		{"insecure under write", tool.Write, func(e *env) map[string]any { return map[string]any{"url": e.url + "/text", "insecure": true} },
			`net_curl: access denied: this call needs "admin" access (insecure turns off TLS certificate verification), and this server runs with --access write.`},
		{"insecure under admin", tool.Admin, func(e *env) map[string]any { return map[string]any{"args": "-k " + e.url + "/text"} }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, withAccess(c.access))
			res := e.call(t, c.args(e))
			if (c.denied != "") != res.IsError {
				t.Fatalf("IsError %v:\n%s", res.IsError, res.Text)
			}
			if c.denied != "" && !strings.HasPrefix(res.Text, c.denied) {
				t.Fatalf("got:\n%s\nwant it to start with:\n%s", res.Text, c.denied)
			}
		})
	}
}
