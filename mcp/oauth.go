package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"f0/engine"
	"f0/internal/oauth"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// TokenVerifier checks an OAuth access token; a refused token gives an
// *oauth.TokenError.
type TokenVerifier interface {
	Verify(ctx context.Context, raw string) (oauth.Claims, error)
}

// OAuthOptions make the HTTP transport an OAuth 2.1 resource server (the
// MCP authorization spec): it publishes its protected resource metadata
// (RFC 9728), challenges requests without a valid token with a pointer to
// it, and lets a token's scopes grant f0's access levels.
type OAuthOptions struct {
	// Verifier checks the tokens.
	Verifier TokenVerifier
	// Issuer is the authorization server the metadata names.
	Issuer string
	// Resource is this server's resource URL: the MCP endpoint as clients
	// reach it, and the audience tokens must carry.
	Resource string
	// Scopes map scopes to access levels.
	Scopes oauth.Scopes
	// Ceiling is the server's own access cap: no scope above it is offered.
	Ceiling tool.Access
	// Need is the level a tools/call needs (0 when it cannot be prepared).
	Need func(ctx context.Context, name string, args json.RawMessage) tool.Access
}

// AccessNeeded is OAuthOptions.Need for the tools of p: the level the
// call would need as the pipeline prepares it.
func AccessNeeded(p *engine.Host) func(ctx context.Context, name string, args json.RawMessage) tool.Access {
	return func(ctx context.Context, name string, args json.RawMessage) tool.Access {
		return p.Latest().Prepare(ctx, name, args).Access()
	}
}

// metadataPath is where RFC 9728 puts protected resource metadata.
const metadataPath = "/.well-known/oauth-protected-resource"

// resourceMetadata is the protected resource metadata document.
type resourceMetadata struct {
	Resource               string   `json:"resource"`
	AuthorizationServers   []string `json:"authorization_servers"`
	ScopesSupported        []string `json:"scopes_supported,omitempty"`
	BearerMethodsSupported []string `json:"bearer_methods_supported"`
	ResourceName           string   `json:"resource_name"`
}

// oauthGuard is the resource server's side of the HTTP transport.
type oauthGuard struct {
	opts OAuthOptions
	// metadataURL is where the metadata of Resource lives (RFC 9728 §3.1:
	// the well-known path, then the resource's path).
	metadataURL string
	// paths are the paths the metadata is served at on this server.
	paths []string
}

func newOAuthGuard(opts OAuthOptions) (*oauthGuard, error) {
	u, err := url.Parse(opts.Resource)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("resource URL %q: want an absolute http(s) URL without query or fragment, the MCP endpoint as clients reach it (e.g. https://f0.example.com/mcp)", opts.Resource)
	}
	path := strings.TrimSuffix(u.EscapedPath(), "/")
	g := &oauthGuard{opts: opts, metadataURL: u.Scheme + "://" + u.Host + metadataPath + path}
	g.paths = []string{metadataPath, metadataPath + "/mcp"}
	if path != "" && path != "/mcp" {
		g.paths = append(g.paths, metadataPath+path)
	}
	return g, nil
}

// serveMetadata answers GET of the protected resource metadata.
func (g *oauthGuard) serveMetadata(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodOptions {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Access-Control-Allow-Methods", "GET, HEAD")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed: GET the metadata", http.StatusMethodNotAllowed)
		return
	}
	data, _ := json.MarshalIndent(resourceMetadata{
		Resource:               g.opts.Resource,
		AuthorizationServers:   []string{g.opts.Issuer},
		ScopesSupported:        g.opts.Scopes.Upto(g.opts.Ceiling),
		BearerMethodsSupported: []string{"header"},
		ResourceName:           "f0",
	}, "", "  ")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "max-age=300")
	// Public, and read by browser-based clients from their own origin.
	w.Header().Set("Access-Control-Allow-Origin", "*")
	_, _ = w.Write(append(data, '\n'))
}

// authenticate verifies the request's access token and hands the request
// on with the level its scopes grant.
func (g *oauthGuard) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions {
			next.ServeHTTP(w, r) // CORS preflight carries no credentials
			return
		}
		raw, ok := bearer(r.Header.Get("Authorization"))
		if !ok {
			// The least scope: a client asks for more when a call needs it
			// (insufficient_scope), as the MCP spec's step-up flow goes.
			g.challenge(w, http.StatusUnauthorized, fmt.Sprintf("scope=%q", g.opts.Scopes.For(tool.Read)),
				fmt.Sprintf("401 unauthorized: send Authorization: Bearer <access token>, a token from %s for %s (how to get one: %s)", g.opts.Issuer, g.opts.Resource, g.metadataURL))
			return
		}
		claims, err := g.opts.Verifier.Verify(r.Context(), raw)
		var refused *oauth.TokenError
		switch {
		case errors.As(err, &refused):
			g.challenge(w, http.StatusUnauthorized, fmt.Sprintf(`error="invalid_token", error_description=%q`, refused.Description),
				"401 unauthorized: "+refused.Description)
			return
		case err != nil:
			w.Header().Set("Retry-After", "5")
			http.Error(w, "503 the authorization server's keys are unavailable: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		level, ok := g.opts.Scopes.Level(claims.Scopes)
		if !ok {
			g.insufficient(w, tool.Read, "the token has none of this server's scopes")
			return
		}
		ctx := engine.WithGrant(r.Context(), engine.Grant{Level: level, Ask: g.ask})
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, ownerKey{}, ownerOf(claims))))
	})
}

type ownerKey struct{}

// ownerOf names whose token it is, for binding sessions: its subject, or
// its client when it has none.
func ownerOf(c oauth.Claims) string {
	if c.Subject != "" {
		return "sub " + c.Subject
	}
	return "client " + c.ClientID
}

// tokenOwner is the owner of the request's verified token; "" without
// OAuth.
func tokenOwner(ctx context.Context) string {
	owner, _ := ctx.Value(ownerKey{}).(string)
	return owner
}

// ask names the scope a client asks for to get the level need.
func (g *oauthGuard) ask(need tool.Access) string {
	if scope := g.opts.Scopes.For(need); scope != "" {
		return fmt.Sprintf("a token with scope %s from %s", scope, g.opts.Issuer)
	}
	return ""
}

// allows answers 403 insufficient_scope, and reports false, for a tools/call
// whose tool or arguments need more than the token grants.
func (g *oauthGuard) allows(w http.ResponseWriter, r *http.Request, e *envelope) bool {
	grant, ok := engine.GrantFrom(r.Context())
	if !ok || !e.isMethod(string(mcpgo.MethodToolsCall)) || g.opts.Need == nil {
		return true
	}
	var params struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if json.Unmarshal(e.params, &params) != nil {
		return true // the call fails on its own, running nothing
	}
	need := g.opts.Need(r.Context(), params.Name, params.Arguments)
	if need <= grant.Level {
		return true
	}
	g.insufficient(w, need, fmt.Sprintf("%s needs %s access and the token grants %s", params.Name, need, grant.Level))
	return false
}

// insufficient answers 403 with the scope that grants need.
func (g *oauthGuard) insufficient(w http.ResponseWriter, need tool.Access, why string) {
	scope := g.opts.Scopes.For(need)
	g.challenge(w, http.StatusForbidden, fmt.Sprintf(`error="insufficient_scope", scope=%q, error_description=%q`, scope, why),
		fmt.Sprintf("403 forbidden: %s; ask %s for a token with scope %s", why, g.opts.Issuer, scope))
}

// challenge answers with status and a Bearer challenge that points to the
// metadata, followed by params.
func (g *oauthGuard) challenge(w http.ResponseWriter, status int, params, body string) {
	w.Header().Set("WWW-Authenticate", fmt.Sprintf("Bearer resource_metadata=%q, %s", g.metadataURL, params))
	// Close the connection rather than read a body that an unauthenticated
	// client may never finish sending.
	if status == http.StatusUnauthorized {
		w.Header().Set("Connection", "close")
	}
	http.Error(w, body, status)
}
