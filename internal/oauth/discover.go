package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// serverMetadata is what f0 reads of an authorization server's metadata
// document (RFC 8414, or OpenID Connect Discovery 1.0).
type serverMetadata struct {
	Issuer  string `json:"issuer"`
	JWKSURI string `json:"jwks_uri"`
}

// maxMetadata caps a metadata document or key set read from the issuer.
const maxMetadata = 1 << 20

// metadataURLs are the addresses where an issuer may publish its metadata,
// in the order the MCP authorization spec has clients try them: RFC 8414
// first, then OpenID Connect, with the well-known part inserted before the
// issuer's path, and for OpenID Connect also appended after it.
func metadataURLs(issuer string) ([]string, error) {
	u, err := url.Parse(issuer)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, fmt.Errorf("issuer %q is not an http(s) URL", issuer)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("issuer %q has a query or fragment, which an issuer identifier may not have (RFC 8414)", issuer)
	}
	origin := u.Scheme + "://" + u.Host
	path := strings.TrimSuffix(u.EscapedPath(), "/")
	if path == "" {
		return []string{origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration"}, nil
	}
	return []string{
		origin + "/.well-known/oauth-authorization-server" + path,
		origin + "/.well-known/openid-configuration" + path,
		origin + path + "/.well-known/openid-configuration",
	}, nil
}

// discover fetches the issuer's metadata from the first address that has
// it, and checks that the document names the same issuer.
func discover(ctx context.Context, client *http.Client, issuer string) (serverMetadata, error) {
	urls, err := metadataURLs(issuer)
	if err != nil {
		return serverMetadata{}, err
	}
	var tried []string
	for _, u := range urls {
		md, found, err := fetchMetadata(ctx, client, u)
		if err != nil {
			return serverMetadata{}, err
		}
		if !found {
			tried = append(tried, u)
			continue
		}
		if md.Issuer != issuer {
			return serverMetadata{}, fmt.Errorf("the metadata at %s names the issuer %q, not %q: give --oauth-issuer exactly as the authorization server spells it", u, md.Issuer, issuer)
		}
		if md.JWKSURI == "" {
			return serverMetadata{}, fmt.Errorf("the metadata at %s has no jwks_uri: f0 verifies JWT access tokens with the issuer's published keys", u)
		}
		return md, nil
	}
	return serverMetadata{}, fmt.Errorf("no authorization server metadata for issuer %s (tried %s)", issuer, strings.Join(tried, ", "))
}

// fetchMetadata reads one metadata document; found is false when the
// address answers that it has none (404 or another client error), so that
// the next one may be tried.
func fetchMetadata(ctx context.Context, client *http.Client, u string) (md serverMetadata, found bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return md, false, fmt.Errorf("metadata request %s: %w", u, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return md, false, fmt.Errorf("fetch the issuer's metadata: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadata+1))
	switch {
	case err != nil:
		return md, false, fmt.Errorf("read %s: %w", u, err)
	case resp.StatusCode >= 400 && resp.StatusCode < 500:
		return md, false, nil
	case resp.StatusCode != http.StatusOK:
		return md, false, fmt.Errorf("fetch %s: %s", u, resp.Status)
	case len(body) > maxMetadata:
		return md, false, fmt.Errorf("the metadata at %s is over %d bytes", u, maxMetadata)
	}
	if err := json.Unmarshal(body, &md); err != nil {
		return md, false, fmt.Errorf("the metadata at %s is not a JSON object: %w", u, err)
	}
	if md.Issuer == "" {
		return md, false, errors.New("the metadata at " + u + " has no issuer")
	}
	return md, true, nil
}
