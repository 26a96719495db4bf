package tools

import "context"

type nativeKey struct{}

// WithNative marks the calls made with ctx as coming from a front end that
// stands in for the program a tool imitates: the CLI running `f0 net.curl
// ARGS…` in a script's place. Such a tool answers with that program's own
// output — curl's bytes for stdout — instead of the view it gives a model
// (status line, notes, decoded and shortened bodies). Both views are built
// from the same request and response.
func WithNative(ctx context.Context) context.Context {
	return context.WithValue(ctx, nativeKey{}, true)
}

// Native reports whether ctx asks for the imitated program's own output
// (see WithNative).
func Native(ctx context.Context) bool {
	on, _ := ctx.Value(nativeKey{}).(bool)
	return on
}
