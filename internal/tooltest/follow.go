// Package tooltest runs calls through a pipeline the way a model in a
// given client would, for the tests of the packages whose answers suggest
// calls.
package tooltest

import (
	"context"
	"testing"

	"f0/engine"
	"f0/internal/text"
	"f0/internal/texttest"
)

// Clients are the clients whose limits and call spellings the core knows,
// and "" for a client it does not know. The relay's answers are for f0's
// own command line, which expands them: Follow reads them as it prints
// them.
func Clients() []string {
	return []string{"", "pi-mcp-adapter", "claude-code", engine.RelayClientName}
}

// Follow runs start through p as client's calls are run, then every call
// each answer suggests, as the model would copy it (texttest.Follow): no
// advice may get the same advice again. It returns the answers by call.
func Follow(t *testing.T, p *engine.Host, client string, start texttest.Call) map[string]string {
	t.Helper()
	ctx := engine.WithClient(context.Background(), p.Client(client))
	run := func(c texttest.Call) (string, string) {
		key := c.Name
		if tool, ok := p.Resolve(c.Name); ok {
			key = tool.Name
		}
		txt := p.Call(ctx, c.Name, c.Args).Text
		if client == engine.RelayClientName {
			txt = engine.ExpandMarked(txt, engine.ListedDialect{})
		}
		return key + " " + text.CompactJSON(c.Args), txt
	}
	return texttest.Follow(t, start, run, 200)
}
