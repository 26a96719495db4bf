package main

import (
	"testing"

	"f0/internal/oauth/oauthtest"
)

// serve's OAuth flags are checked before anything listens: what they need,
// and what they exclude.
func TestServeOAuthFlags(t *testing.T) {
	is := oauthtest.New(t)
	t.Setenv("F0_TEST_OAUTH_TOKEN", "tok")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"audience without issuer", []string{"--http", "127.0.0.1:0", "--oauth-audience", "http://127.0.0.1:1/mcp"},
			"--oauth-audience and --oauth-scopes need --oauth-issuer"},
		{"no public URL", []string{"--http", "0.0.0.0:8931", "--oauth-issuer", is.URL},
			"--oauth-audience: give this server's public URL"},
		{"port 0", []string{"--http", "127.0.0.1:0", "--oauth-issuer", is.URL},
			"--oauth-audience: give this server's public URL"},
		{"bad scope map", []string{"--http", "127.0.0.1:0", "--oauth-issuer", is.URL, "--oauth-scopes", "f0:read"},
			`--oauth-scopes: scope map entry "f0:read": want SCOPE=LEVEL`},
		{"unreachable issuer", []string{"--http", "127.0.0.1:8931", "--oauth-issuer", "http://127.0.0.1:1"},
			"--oauth-issuer: oauth issuer http://127.0.0.1:1: fetch the issuer's metadata"},
		{"with a static token", []string{"--http", "127.0.0.1:8931", "--oauth-issuer", is.URL, "--auth-token-env", "F0_TEST_OAUTH_TOKEN"},
			"a static bearer token and OAuth exclude each other"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := f0(t, "", append([]string{"serve"}, tc.args...)...)
			expect{code: exitUsage, stderr: []string{tc.want}}.check(t, r)
		})
	}
}
