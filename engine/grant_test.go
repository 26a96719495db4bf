package engine

import (
	"context"
	"testing"

	"f0/tool"
)

// A request's grant caps its calls below the server's own cap; without a
// grant the server's cap alone decides.
func TestGrantCapsCalls(t *testing.T) {
	ask := func(need tool.Access) string { return "a token with scope f0:" + need.String() }
	cases := []struct {
		name   string
		grant  *Grant
		args   map[string]any
		denied []string
	}{
		{"no grant", nil, map[string]any{"url": "u", "method": "post"}, nil},
		{"read call, read grant", &Grant{Level: tool.Read, Ask: ask}, map[string]any{"url": "u"}, nil},
		{"write call, write grant", &Grant{Level: tool.Write}, map[string]any{"url": "u", "method": "post"}, nil},
		{"write call, read grant", &Grant{Level: tool.Read, Ask: ask}, map[string]any{"url": "u", "method": "post"},
			[]string{`test_echo: access denied: this call needs "write" access (POST changes things), and the credentials of this request grant "read".`,
				`You passed: {"method":"post","url":"u"}`, "To allow it, the client asks for a token with scope f0:write."}},
		{"write call, read grant, nothing to ask", &Grant{Level: tool.Read}, map[string]any{"url": "u", "method": "post"},
			[]string{`grant "read"`, "To allow it, the client needs credentials that grant it."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newTestPipeline(t, Config{Access: tool.Write})
			ctx := context.Background()
			if c.grant != nil {
				ctx = WithGrant(ctx, *c.grant)
			}
			res := p.Call(ctx, "test.echo", c.args)
			if res.IsError != (c.denied != nil) {
				t.Fatalf("IsError = %v:\n%s", res.IsError, res.Text)
			}
			if c.denied != nil {
				assertInOrder(t, res.Text, c.denied...)
			}
		})
	}
}
