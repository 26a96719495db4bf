package engine

import (
	"context"

	"f0/tool"
)

// Grant is what the credentials of a request allow, below the server's own
// access cap: an OAuth access token's scopes, read by the HTTP transport.
type Grant struct {
	// Level is the highest access level the credentials grant.
	Level tool.Access
	// Ask names what the client would need for a level it lacks (the
	// scope to ask the authorization server for); nil says nothing more.
	Ask func(need tool.Access) string
}

type grantKey struct{}

// WithGrant caps the calls made with ctx at what g allows.
func WithGrant(ctx context.Context, g Grant) context.Context {
	return context.WithValue(ctx, grantKey{}, g)
}

// GrantFrom returns the grant of ctx; ok is false when the request carries
// none (stdio, the command line, a static bearer token).
func GrantFrom(ctx context.Context) (Grant, bool) {
	g, ok := ctx.Value(grantKey{}).(Grant)
	return g, ok && g.Level > 0
}
