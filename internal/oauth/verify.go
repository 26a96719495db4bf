package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/lestrrat-go/httprc/v3"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"
)

// Verification defaults.
const (
	// DefaultLeeway is how far the clocks of f0 and the issuer may differ
	// when exp, nbf and iat are checked.
	DefaultLeeway = 30 * time.Second
	// keysMinRefresh and keysMaxRefresh bound how often the issuer's key set
	// is fetched again in the background.
	keysMinRefresh = 5 * time.Minute
	keysMaxRefresh = time.Hour
	// unknownKeyRefresh is the least time between two fetches of the key set
	// made because a token named a key f0 did not have (a rotation).
	unknownKeyRefresh = 30 * time.Second
)

// Config says whose tokens a Verifier accepts.
type Config struct {
	// Issuer is the authorization server's issuer identifier, exactly as its
	// metadata spells it.
	Issuer string
	// Audience is this server's resource URL: a token's aud must contain it.
	Audience string
	// Leeway is the clock skew allowed; zero means DefaultLeeway.
	Leeway time.Duration
	// Client fetches the metadata and the keys; nil means a client with a
	// 10 s timeout.
	Client *http.Client
}

// Claims is what f0 reads of a verified access token.
type Claims struct {
	Subject  string
	ClientID string
	Scopes   []string
}

// TokenError says why a token was refused, in words fit for the
// error_description of a WWW-Authenticate challenge.
type TokenError struct {
	Description string
	err         error
}

func (e *TokenError) Error() string { return "invalid token: " + e.Description }
func (e *TokenError) Unwrap() error { return e.err }

// Verifier checks JWT access tokens against one issuer's published keys.
type Verifier struct {
	cfg     Config
	jwksURL string
	keys    *jwk.Cache

	mu          sync.Mutex
	lastRefresh time.Time
}

// NewVerifier discovers the issuer's metadata and fetches its key set; the
// keys are then refreshed in the background until ctx ends.
func NewVerifier(ctx context.Context, cfg Config) (*Verifier, error) {
	if cfg.Leeway <= 0 {
		cfg.Leeway = DefaultLeeway
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Audience == "" {
		return nil, errors.New("oauth: no audience: f0 accepts only tokens issued for its own resource URL")
	}
	md, err := discover(ctx, cfg.Client, cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("oauth issuer %s: %w", cfg.Issuer, err)
	}
	cache, err := jwk.NewCache(ctx, httprc.NewClient(httprc.WithWhitelist(httprc.NewMapWhitelist().Add(md.JWKSURI))))
	if err != nil {
		return nil, fmt.Errorf("oauth: start the key cache: %w", err)
	}
	err = cache.Register(ctx, md.JWKSURI, jwk.WithHTTPClient(cfg.Client),
		jwk.WithMinInterval(keysMinRefresh), jwk.WithMaxInterval(keysMaxRefresh))
	if err != nil {
		return nil, fmt.Errorf("oauth issuer %s: fetch its keys from %s: %w", cfg.Issuer, md.JWKSURI, err)
	}
	return &Verifier{cfg: cfg, jwksURL: md.JWKSURI, keys: cache}, nil
}

// Verify checks a compact JWS access token: its signature by one of the
// issuer's keys, its issuer, its audience, and its times (exp and nbf
// within the leeway). A refused token gives a *TokenError.
func (v *Verifier) Verify(ctx context.Context, raw string) (Claims, error) {
	set, err := v.keySet(ctx, raw)
	if err != nil {
		return Claims{}, err
	}
	tok, err := jwt.ParseString(raw,
		jwt.WithKeySet(set, jws.WithInferAlgorithmFromKey(true)),
		jwt.WithValidate(true),
		jwt.WithIssuer(v.cfg.Issuer),
		jwt.WithAudience(v.cfg.Audience),
		jwt.WithRequiredClaim(jwt.ExpirationKey),
		jwt.WithAcceptableSkew(v.cfg.Leeway),
		jwt.WithContext(ctx),
	)
	if err != nil {
		return Claims{}, &TokenError{Description: v.describe(err), err: err}
	}
	return claimsOf(tok), nil
}

// keySet is the issuer's key set, fetched anew (at most every
// unknownKeyRefresh) when the token names a key the cached set lacks: the
// issuer rotated its keys.
func (v *Verifier) keySet(ctx context.Context, raw string) (jwk.Set, error) {
	set, err := v.keys.Lookup(ctx, v.jwksURL)
	if err != nil {
		return nil, fmt.Errorf("oauth: the issuer's keys: %w", err)
	}
	kid, ok := keyID(raw)
	if !ok {
		return nil, &TokenError{Description: "the token is not a signed JWT"}
	}
	if _, found := set.LookupKeyID(kid); found || kid == "" || !v.mayRefresh() {
		return set, nil
	}
	if fresh, err := v.keys.Refresh(ctx, v.jwksURL); err == nil {
		return fresh, nil
	}
	return set, nil
}

// mayRefresh reports whether a fetch of the keys for an unknown key id may
// go out now, and if so counts it.
func (v *Verifier) mayRefresh() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if time.Since(v.lastRefresh) < unknownKeyRefresh {
		return false
	}
	v.lastRefresh = time.Now()
	return true
}

// keyID reads the kid of a compact JWS's protected header, unverified;
// ok is false when raw is not a compact JWS.
func keyID(raw string) (string, bool) {
	if strings.Count(raw, ".") != 2 {
		return "", false
	}
	msg, err := jws.ParseString(raw)
	if err != nil || len(msg.Signatures()) != 1 {
		return "", false
	}
	kid, _ := msg.Signatures()[0].ProtectedHeaders().KeyID()
	return kid, true
}

// describe says why jwx refused a token, naming what f0 expected.
func (v *Verifier) describe(err error) string {
	switch {
	case errors.Is(err, jwt.TokenExpiredError()):
		return "the token has expired"
	case errors.Is(err, jwt.TokenNotYetValidError()):
		return "the token is not valid yet (nbf)"
	case errors.Is(err, jwt.InvalidIssuerError()):
		return fmt.Sprintf("the token was not issued by %s", v.cfg.Issuer)
	case errors.Is(err, jwt.InvalidAudienceError()):
		return fmt.Sprintf("the token's audience is not %s (ask for the token with resource=%s, RFC 8707)", v.cfg.Audience, v.cfg.Audience)
	case errors.Is(err, jwt.MissingRequiredClaimError()):
		return "the token has no expiry (exp)"
	case errors.Is(err, jwt.InvalidIssuedAtError()):
		return "the token was issued in the future (iat)"
	case errors.Is(err, jwt.ValidateError()):
		return "the token's claims do not validate: " + err.Error()
	}
	return "the token's signature does not verify with the issuer's keys"
}

// claimsOf reads the subject, client and scopes of a verified token. Scopes
// come from scope (a space-separated string, RFC 9068) or scp (a list, as
// some issuers write it).
func claimsOf(tok jwt.Token) Claims {
	var c Claims
	c.Subject, _ = tok.Subject()
	_ = tok.Get("client_id", &c.ClientID)
	var scope string
	if tok.Get("scope", &scope) == nil {
		c.Scopes = strings.Fields(scope)
	}
	var scp []any
	if tok.Get("scp", &scp) == nil {
		for _, s := range scp {
			if s, ok := s.(string); ok {
				c.Scopes = append(c.Scopes, s)
			}
		}
	}
	return c
}
