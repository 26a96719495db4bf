package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/internal/oauth"
	"f0/internal/oauth/oauthtest"
	"f0/tool"
)

// oauthServer is f0's HTTP transport as a resource server for an issuer.
type oauthServer struct {
	base, resource, metadata string
}

func newOAuthServer(t *testing.T, is *oauthtest.Issuer) oauthServer {
	t.Helper()
	p := newPipeline(t, engine.Config{})
	ts := httptest.NewUnstartedServer(nil)
	o := oauthServer{base: "http://" + ts.Listener.Addr().String()}
	o.resource, o.metadata = o.base+"/mcp", o.base+"/.well-known/oauth-protected-resource/mcp"
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	v, err := oauth.NewVerifier(ctx, oauth.Config{Issuer: is.URL, Audience: o.resource})
	if err != nil {
		t.Fatal(err)
	}
	scopes, err := oauth.ParseScopes(oauth.DefaultScopes)
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHTTPServer(NewServer(p, Options{Version: "test"}), HTTPOptions{Addr: "127.0.0.1:0", OAuth: &OAuthOptions{
		Verifier: v, Issuer: is.URL, Resource: o.resource, Scopes: scopes, Ceiling: tool.Write, Need: AccessNeeded(p),
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = h.Handler()
	ts.Start()
	t.Cleanup(func() {
		ts.Close()
		sctx, scancel := context.WithTimeout(context.Background(), testTimeout)
		defer scancel()
		_ = h.streamable.Shutdown(sctx)
	})
	return o
}

// claims are a good token's claims for o, with changes (a nil value deletes).
func (o oauthServer) claims(is *oauthtest.Issuer, changes map[string]any) map[string]any {
	now := time.Now()
	c := map[string]any{"iss": is.URL, "aud": o.resource, "sub": "alice", "client_id": "cli",
		"iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(), "scope": "f0:read"}
	for k, v := range changes {
		if v == nil {
			delete(c, k)
			continue
		}
		c[k] = v
	}
	return c
}

// unsigned is a JWT with alg none.
func unsigned(t *testing.T, claims map[string]any) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"none","typ":"at+jwt","kid":"key-1"}`)) + "." + enc([]byte(mustJSON(t, claims))) + "."
}

func bearerHeader(token string) map[string]string {
	if token == "" {
		return nil
	}
	return map[string]string{"Authorization": "Bearer " + token}
}

// Every way a token can be wrong gets 401 or 403 with a challenge that
// points to the metadata and says why, in the header and the body.
func TestOAuthRefusesBadTokens(t *testing.T) {
	is := oauthtest.New(t)
	o := newOAuthServer(t, is)
	now := time.Now()
	sign := func(changes map[string]any) string { return is.Sign(t, o.claims(is, changes)) }
	invalid := func(why string) (int, string, string) {
		return 401, `Bearer resource_metadata="` + o.metadata + `", error="invalid_token", error_description="` + why + `"`, "401 unauthorized: " + why
	}
	tests := []struct {
		name       string
		token      string
		status     int
		challenge  string
		bodyPrefix string
	}{
		{"no token", "", 401, `Bearer resource_metadata="` + o.metadata + `", scope="f0:read"`,
			"401 unauthorized: send Authorization: Bearer <access token>, a token from " + is.URL + " for " + o.resource + " (how to get one: " + o.metadata + ")"},
		{"not a JWT", "abc", 0, "", ""},
		{"wrong audience", sign(map[string]any{"aud": "http://127.0.0.1:1/mcp"}), 0, "", ""},
		{"expired", sign(map[string]any{"exp": now.Add(-2 * time.Minute).Unix()}), 0, "", ""},
		{"not yet valid", sign(map[string]any{"nbf": now.Add(2 * time.Minute).Unix()}), 0, "", ""},
		{"wrong issuer", sign(map[string]any{"iss": "http://127.0.0.1:1"}), 0, "", ""},
		{"bad signature", oauthtest.SignWith(t, oauthtest.NewKey(t, "key-1"), o.claims(is, nil)), 0, "", ""},
		{"unknown key", oauthtest.SignWith(t, oauthtest.NewKey(t, "key-9"), o.claims(is, nil)), 0, "", ""},
		{"unsigned", unsigned(t, o.claims(is, nil)), 0, "", ""},
		{"no f0 scope", sign(map[string]any{"scope": "openid profile"}), 403,
			`Bearer resource_metadata="` + o.metadata + `", error="insufficient_scope", scope="f0:read", error_description="the token has none of this server's scopes"`,
			"403 forbidden: the token has none of this server's scopes; ask " + is.URL + " for a token with scope f0:read"},
	}
	whys := map[string]string{
		"not a JWT":      "the token is not a signed JWT",
		"wrong audience": "the token's audience is not " + o.resource + " (ask for the token with resource=" + o.resource + ", RFC 8707)",
		"expired":        "the token has expired",
		"not yet valid":  "the token is not valid yet (nbf)",
		"wrong issuer":   "the token was not issued by " + is.URL,
		"bad signature":  "the token's signature does not verify with the issuer's keys",
		"unknown key":    "the token's signature does not verify with the issuer's keys",
		"unsigned":       "the token's signature does not verify with the issuer's keys",
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if why, ok := whys[tc.name]; ok {
				tc.status, tc.challenge, tc.bodyPrefix = invalid(why)
			}
			resp := rawPost(t, o.resource, initializeMsg(1), bearerHeader(tc.token))
			body := strings.TrimSpace(readBody(t, resp))
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d (%s)", resp.StatusCode, tc.status, body)
			}
			if got := resp.Header.Get("WWW-Authenticate"); got != tc.challenge {
				t.Errorf("WWW-Authenticate:\n got %s\nwant %s", got, tc.challenge)
			}
			if body != tc.bodyPrefix {
				t.Errorf("body:\n got %s\nwant %s", body, tc.bodyPrefix)
			}
		})
	}
}

// Tokens that are right, within the clock leeway, or that list the audience
// among others or the scopes as scp, open a session.
func TestOAuthAcceptsGoodTokens(t *testing.T) {
	is := oauthtest.New(t)
	o := newOAuthServer(t, is)
	tests := map[string]map[string]any{
		"plain":                 nil,
		"expired within leeway": {"exp": time.Now().Add(-10 * time.Second).Unix()},
		"audience among others": {"aud": []string{"http://127.0.0.1:1/other", o.resource}},
		"scopes as scp":         {"scope": nil, "scp": []string{"f0:read"}},
		"f0 scope among others": {"scope": "openid f0:write profile"},
		"nbf now":               {"nbf": time.Now().Unix()},
	}
	for name, changes := range tests {
		t.Run(name, func(t *testing.T) {
			resp := rawPost(t, o.resource, initializeMsg(1), bearerHeader(is.Sign(t, o.claims(is, changes))))
			body := readBody(t, resp)
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Mcp-Session-Id") == "" {
				t.Fatalf("status %d, session %q: %s", resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), body)
			}
		})
	}
}

// A token's scope decides which calls it may make: f0:read reads, a write
// call gets 403 insufficient_scope naming f0:write, and f0:write writes.
func TestOAuthScopesGrantAccessLevels(t *testing.T) {
	is := oauthtest.New(t)
	o := newOAuthServer(t, is)
	call := func(token, name string, args map[string]any) (*http.Response, string) {
		h := bearerHeader(token)
		resp := rawPost(t, o.resource, initializeMsg(1), h)
		readBody(t, resp)
		for k, v := range sessionHeaders(resp.Header.Get("Mcp-Session-Id")) {
			h[k] = v
		}
		resp = rawPost(t, o.resource, map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call",
			"params": map[string]any{"name": name, "arguments": args}}, h)
		return resp, readBody(t, resp)
	}
	reader := is.Sign(t, o.claims(is, nil))
	writer := is.Sign(t, o.claims(is, map[string]any{"scope": "f0:write"}))
	write := map[string]any{"path": "note.txt", "content": "hi\n"}

	resp, body := call(reader, "fs.list", map[string]any{"path": "."})
	if resp.StatusCode != http.StatusOK || strings.Contains(body, `"isError":true`) {
		t.Errorf("f0:read listing: %d %s", resp.StatusCode, body)
	}
	resp, body = call(reader, "fs.write", write)
	wantChallenge := `Bearer resource_metadata="` + o.metadata + `", error="insufficient_scope", scope="f0:write", error_description="fs.write needs write access and the token grants read"`
	if resp.StatusCode != http.StatusForbidden || resp.Header.Get("WWW-Authenticate") != wantChallenge {
		t.Errorf("f0:read write: %d %q, want 403 %q", resp.StatusCode, resp.Header.Get("WWW-Authenticate"), wantChallenge)
	}
	if want := "403 forbidden: fs.write needs write access and the token grants read; ask " + is.URL + " for a token with scope f0:write"; strings.TrimSpace(body) != want {
		t.Errorf("f0:read write body:\n got %s\nwant %s", body, want)
	}
	resp, body = call(writer, "fs.write", write)
	if resp.StatusCode != http.StatusOK || strings.Contains(body, `"isError":true`) {
		t.Errorf("f0:write write: %d %s", resp.StatusCode, body)
	}
}

// The protected resource metadata is served at the well-known address and
// at the one suffixed with the MCP endpoint's path, without a token.
func TestOAuthResourceMetadata(t *testing.T) {
	is := oauthtest.New(t)
	o := newOAuthServer(t, is)
	want := resourceMetadata{Resource: o.resource, AuthorizationServers: []string{is.URL},
		ScopesSupported: []string{"f0:read", "f0:write"}, BearerMethodsSupported: []string{"header"}, ResourceName: "f0"}
	for _, path := range []string{"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"} {
		resp, err := http.Get(o.base + path)
		if err != nil {
			t.Fatal(err)
		}
		var got resourceMetadata
		err = json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("GET %s: %d %s %v", path, resp.StatusCode, resp.Header.Get("Content-Type"), err)
		}
		if gotJSON, wantJSON := mustJSON(t, got), mustJSON(t, want); gotJSON != wantJSON {
			t.Errorf("GET %s:\n got %s\nwant %s", path, gotJSON, wantJSON)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A session is bound to the subject of the token that opened it: another
// subject's token finds no such session, a new token of the same subject
// goes on with it.
func TestOAuthSessionsBelongToTheirSubject(t *testing.T) {
	is := oauthtest.New(t)
	o := newOAuthServer(t, is)
	alice := is.Sign(t, o.claims(is, nil))
	resp := rawPost(t, o.resource, initializeMsg(1), bearerHeader(alice))
	readBody(t, resp)
	id := resp.Header.Get("Mcp-Session-Id")
	list := map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
	for _, tc := range []struct {
		who    string
		token  string
		status int
	}{
		{"bob", is.Sign(t, o.claims(is, map[string]any{"sub": "bob"})), http.StatusNotFound},
		{"alice again", is.Sign(t, o.claims(is, map[string]any{"jti": "second"})), http.StatusOK},
	} {
		h := bearerHeader(tc.token)
		for k, v := range sessionHeaders(id) {
			h[k] = v
		}
		resp := rawPost(t, o.resource, list, h)
		if body := readBody(t, resp); resp.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d: %s", tc.who, resp.StatusCode, tc.status, body)
		}
	}
}
