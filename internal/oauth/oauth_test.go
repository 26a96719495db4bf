package oauth_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"f0/internal/oauth"
	"f0/internal/oauth/oauthtest"
	"f0/tool"
)

func TestParseScopes(t *testing.T) {
	tests := []struct {
		text    string
		names   string
		read    string // the scope For(Read) names
		wantErr string
	}{
		{text: oauth.DefaultScopes, names: "f0:read f0:write f0:admin", read: "f0:read"},
		{text: "mcp:tools=write, mcp:admin=admin", names: "mcp:tools mcp:admin", read: "mcp:tools"},
		{text: "b=read,a=read", names: "a b", read: "a"},
		{text: "f0:read", wantErr: `scope map entry "f0:read": want SCOPE=LEVEL`},
		{text: "f0:x=root", wantErr: `scope map entry "f0:x=root": access level "root"`},
		{text: " , ", wantErr: "names no scope"},
	}
	for _, tc := range tests {
		s, err := oauth.ParseScopes(tc.text)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseScopes(%q) error %v, want %q", tc.text, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseScopes(%q): %v", tc.text, err)
		}
		if got := strings.Join(s.Names(), " "); got != tc.names {
			t.Errorf("ParseScopes(%q).Names() = %q, want %q", tc.text, got, tc.names)
		}
		if got := s.For(tool.Read); got != tc.read {
			t.Errorf("ParseScopes(%q).For(read) = %q, want %q", tc.text, got, tc.read)
		}
	}
}

func TestScopesLevel(t *testing.T) {
	s, _ := oauth.ParseScopes(oauth.DefaultScopes)
	tests := []struct {
		granted []string
		level   tool.Access
		ok      bool
	}{
		{nil, 0, false},
		{[]string{"openid"}, 0, false},
		{[]string{"f0:read"}, tool.Read, true},
		{[]string{"f0:read", "f0:admin", "f0:write"}, tool.Admin, true},
	}
	for _, tc := range tests {
		if level, ok := s.Level(tc.granted); level != tc.level || ok != tc.ok {
			t.Errorf("Level(%v) = %v, %v; want %v, %v", tc.granted, level, ok, tc.level, tc.ok)
		}
	}
	if got := strings.Join(s.Upto(tool.Write), " "); got != "f0:read f0:write" {
		t.Errorf("Upto(write) = %q", got)
	}
	if got := s.For(tool.Admin); got != "f0:admin" {
		t.Errorf("For(admin) = %q", got)
	}
}

// The issuer's metadata is looked for where RFC 8414 and OpenID Connect put
// it; a document naming another issuer is refused.
func TestDiscovery(t *testing.T) {
	var seen []string
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.URL.Path)
		switch r.URL.Path {
		case "/tenant/.well-known/openid-configuration":
			w.Write([]byte(`{"issuer":"` + srv.URL + `/tenant","jwks_uri":"` + srv.URL + `/keys"}`))
		case "/.well-known/oauth-authorization-server/liar":
			w.Write([]byte(`{"issuer":"http://127.0.0.1:1/liar","jwks_uri":"` + srv.URL + `/keys"}`))
		case "/keys":
			w.Write([]byte(`{"keys":[]}`))
		default:
			http.NotFound(w, r)
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if _, err := oauth.NewVerifier(ctx, oauth.Config{Issuer: srv.URL + "/tenant", Audience: "http://127.0.0.1:2/mcp"}); err != nil {
		t.Fatalf("issuer with a path: %v", err)
	}
	want := "/.well-known/oauth-authorization-server/tenant /.well-known/openid-configuration/tenant /tenant/.well-known/openid-configuration /keys"
	if got := strings.Join(seen, " "); got != want {
		t.Errorf("fetched %s\nwant    %s", got, want)
	}
	_, err := oauth.NewVerifier(ctx, oauth.Config{Issuer: srv.URL + "/liar", Audience: "http://127.0.0.1:2/mcp"})
	if err == nil || !strings.Contains(err.Error(), `names the issuer "http://127.0.0.1:1/liar"`) {
		t.Errorf("issuer mismatch: %v", err)
	}
	_, err = oauth.NewVerifier(ctx, oauth.Config{Issuer: srv.URL + "/none", Audience: "http://127.0.0.1:2/mcp"})
	if err == nil || !strings.Contains(err.Error(), "no authorization server metadata") {
		t.Errorf("no metadata: %v", err)
	}
}

// A token signed with a key the issuer published after f0 fetched its keys
// verifies: the key set is fetched anew once.
func TestVerifierFollowsKeyRotation(t *testing.T) {
	is := oauthtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	const aud = "http://127.0.0.1:2/mcp"
	v, err := oauth.NewVerifier(ctx, oauth.Config{Issuer: is.URL, Audience: aud})
	if err != nil {
		t.Fatal(err)
	}
	claims := map[string]any{"iss": is.URL, "aud": aud, "exp": time.Now().Add(time.Minute).Unix(), "scope": "f0:write", "sub": "s", "client_id": "c"}
	if _, err := v.Verify(ctx, is.Sign(t, claims)); err != nil {
		t.Fatalf("first key: %v", err)
	}
	is.Rotate(oauthtest.NewKey(t, "key-2"))
	got, err := v.Verify(ctx, is.Sign(t, claims))
	if err != nil {
		t.Fatalf("rotated key: %v", err)
	}
	if got.Subject != "s" || got.ClientID != "c" || strings.Join(got.Scopes, " ") != "f0:write" {
		t.Errorf("claims %+v", got)
	}
	if n := is.KeyFetches(); n != 2 {
		t.Errorf("key set fetched %d times, want 2", n)
	}
	// A made-up key id soon after does not fetch the keys once more.
	_, err = v.Verify(ctx, oauthtest.SignWith(t, oauthtest.NewKey(t, "key-x"), claims))
	var refused *oauth.TokenError
	if !errors.As(err, &refused) || is.KeyFetches() != 2 {
		t.Errorf("unknown key: %v, %d fetches", err, is.KeyFetches())
	}
	delete(claims, "exp")
	_, err = v.Verify(ctx, is.Sign(t, claims))
	if !errors.As(err, &refused) || refused.Description != "the token has no expiry (exp)" {
		t.Errorf("no exp: %v", err)
	}
}
