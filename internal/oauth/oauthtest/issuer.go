// Package oauthtest is a stand-in authorization server for f0's Go tests of
// token verification: it publishes RFC 8414 metadata and a key set on
// 127.0.0.1 and signs the tokens a test asks for, good or bad. The end to
// end tests use a real OpenID provider instead (e2e/oauth.test.mjs).
package oauthtest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
)

// Issuer is a running stand-in authorization server.
type Issuer struct {
	// URL is the issuer identifier, http://127.0.0.1:PORT.
	URL string

	mu         sync.Mutex
	keys       []jwk.Key // private; the first one signs
	keyFetches int       // requests for the key set
}

// New starts an issuer with one signing key, stopped when t ends.
func New(t testing.TB) *Issuer {
	t.Helper()
	is := &Issuer{}
	is.keys = []jwk.Key{NewKey(t, "key-1")}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]any{"issuer": is.URL, "jwks_uri": is.URL + "/jwks", "token_endpoint": is.URL + "/token"})
	})
	mux.HandleFunc("/jwks", is.serveKeys)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	is.URL = srv.URL
	return is
}

// NewKey makes an RS256 signing key with key id kid.
func NewKey(t testing.TB, kid string) jwk.Key {
	t.Helper()
	raw, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	key, err := jwk.Import(raw)
	if err != nil {
		t.Fatal(err)
	}
	_ = key.Set(jwk.KeyIDKey, kid)
	_ = key.Set(jwk.AlgorithmKey, jwa.RS256())
	return key
}

func (is *Issuer) serveKeys(w http.ResponseWriter, _ *http.Request) {
	is.mu.Lock()
	defer is.mu.Unlock()
	is.keyFetches++
	set := jwk.NewSet()
	for _, k := range is.keys {
		pub, err := k.PublicKey()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		_ = set.AddKey(pub)
	}
	writeJSON(w, set)
}

// KeyFetches is how many times the key set was fetched.
func (is *Issuer) KeyFetches() int {
	is.mu.Lock()
	defer is.mu.Unlock()
	return is.keyFetches
}

// Rotate publishes key first, signing with it from now on; the old keys
// stay published.
func (is *Issuer) Rotate(key jwk.Key) {
	is.mu.Lock()
	defer is.mu.Unlock()
	is.keys = append([]jwk.Key{key}, is.keys...)
}

// Sign signs claims with the issuer's current key.
func (is *Issuer) Sign(t testing.TB, claims map[string]any) string {
	t.Helper()
	is.mu.Lock()
	key := is.keys[0]
	is.mu.Unlock()
	return SignWith(t, key, claims)
}

// SignWith signs claims with key, as a JWT access token (typ at+jwt).
func SignWith(t testing.TB, key jwk.Key, claims map[string]any) string {
	t.Helper()
	payload, err := json.Marshal(claims)
	if err != nil {
		t.Fatal(err)
	}
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.TypeKey, "at+jwt")
	kid, _ := key.KeyID()
	_ = hdr.Set(jws.KeyIDKey, kid)
	signed, err := jws.Sign(payload, jws.WithKey(jwa.RS256(), key, jws.WithProtectedHeaders(hdr)))
	if err != nil {
		t.Fatal(err)
	}
	return string(signed)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
