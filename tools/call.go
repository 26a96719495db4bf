package tools

import (
	"context"
	"maps"
)

type callKey struct{}

func withCall(ctx context.Context, c *callState) context.Context {
	return context.WithValue(ctx, callKey{}, c)
}

// CallWith renders the running call with some arguments changed, the way a
// model sends it again, written by the caller's Renderer (`net_curl
// {"url":"…","base64":true}` for most clients). A nil value removes an
// argument. Tools use it to name the exact call that fixes or continues
// this one (a raised timeout, a binary body saved to a file).
// Outside a pipeline call it renders the changes alone.
func CallWith(ctx context.Context, changes map[string]any) string {
	c, ok := ctx.Value(callKey{}).(*callState)
	if !ok {
		return compactJSON(changes)
	}
	return c.render.Call(c.p.suggestion(c.tool, c.argsWith(changes)))
}

// argsWith returns the call's own arguments with changes applied; a nil
// value removes an argument.
func (c *callState) argsWith(changes map[string]any) map[string]any {
	next := maps.Clone(c.args)
	if next == nil {
		next = map[string]any{}
	}
	for k, v := range changes {
		if v == nil {
			delete(next, k)
		} else {
			next[k] = v
		}
	}
	return next
}
