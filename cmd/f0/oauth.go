package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"

	"f0/engine"
	"f0/internal/oauth"
	"f0/mcp"
	"f0/tool"
)

// oauthFlags are serve's OAuth resource server flags.
type oauthFlags struct {
	issuer, audience, scopes string
}

// options builds the transport's OAuth options for a server listening on
// addr with the access cap ceiling, discovering the issuer's keys; nil when
// no issuer is named.
func (f oauthFlags) options(ctx context.Context, p *engine.Host, addr string, ceiling tool.Access) (*mcp.OAuthOptions, error) {
	if f.issuer == "" {
		if f.audience != "" || f.scopes != oauth.DefaultScopes {
			return nil, errors.New("--oauth-audience and --oauth-scopes need --oauth-issuer, the authorization server whose tokens f0 accepts")
		}
		return nil, nil
	}
	scopes, err := oauth.ParseScopes(f.scopes)
	if err != nil {
		return nil, fmt.Errorf("--oauth-scopes: %w", err)
	}
	resource := f.audience
	if resource == "" {
		if resource, err = defaultResource(addr); err != nil {
			return nil, err
		}
	}
	v, err := oauth.NewVerifier(ctx, oauth.Config{Issuer: f.issuer, Audience: resource})
	if err != nil {
		return nil, fmt.Errorf("--oauth-issuer: %w", err)
	}
	return &mcp.OAuthOptions{
		Verifier: v, Issuer: f.issuer, Resource: resource, Scopes: scopes, Ceiling: ceiling,
		Need: mcp.AccessNeeded(p),
	}, nil
}

// defaultResource is the resource URL of a server listening on addr, when
// clients reach it there: http://ADDR/mcp.
func defaultResource(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %q: %w", addr, err)
	}
	ip, ipErr := netip.ParseAddr(strings.Trim(host, "[]"))
	if host == "" || port == "0" || (ipErr == nil && ip.IsUnspecified()) {
		return "", fmt.Errorf("--oauth-audience: give this server's public URL (e.g. https://f0.example.com/mcp): tokens must be issued for it, and --http %s does not say it", addr)
	}
	return "http://" + net.JoinHostPort(strings.Trim(host, "[]"), port) + "/mcp", nil
}
