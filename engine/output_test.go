package engine

import (
	"context"
	"strings"
	"testing"

	"f0/internal/text"
	"f0/internal/texttest"
)

// TestPartialResultFooter: a cut result ends with a footer naming the call
// that gets the rest (a nil value in Next removes that argument), and says
// how much is left when the tool knows the whole size.
func TestPartialResultFooter(t *testing.T) {
	p := nestedPipeline(t)
	res := p.Call(context.Background(), "test.partial", map[string]any{"drop": true})
	assertInOrder(t, res.Text, "x\nx\n", "… [truncated: showed ", " bytes; there is more]", `Get the rest: test_partial {"skip":`)
	if strings.Contains(res.Text, `"drop"`) {
		t.Errorf("a nil value in Next must remove the argument:\n%s", res.Text)
	}
	if len(res.Text) > 1024 {
		t.Errorf("%d bytes over the budget", len(res.Text))
	}
	known := p.Call(context.Background(), "test.partial", map[string]any{"known": true})
	assertInOrder(t, known.Text, "… [truncated: showed ", " of 10,240 bytes; ", " bytes left]", `"known":true`)
}

// TestFooterNeverRepeatsItsAdvice: a text a tool cannot page, longer than
// the budget, ends with "get all of it" only when a larger maxBytes would
// show more for that client. In pi, whose 2,000-line cut binds before the
// bytes on short lines, following "maxBytes" once got the same footer
// again; now the second answer says it is the most one call returns.
func TestFooterNeverRepeatsItsAdvice(t *testing.T) {
	p := newTestPipeline(t, Config{})
	for _, client := range []string{"@langchain/mcp-adapters", "pi-mcp-adapter", "claude-code"} {
		ctx := WithClient(context.Background(), p.Client(client))
		run := func(c texttest.Call) (string, string) {
			key := c.Name
			if tool, ok := p.Resolve(c.Name); ok {
				key = tool.Name
			}
			return key + " " + text.CompactJSON(c.Args), p.Call(ctx, c.Name, c.Args).Text
		}
		answers := texttest.Follow(t, texttest.Call{Name: "test_plain", Args: map[string]any{"size": 40000}}, run, 20)
		if len(answers) < 2 {
			t.Errorf("%q: the first answer suggests no larger budget", client)
		}
	}
	pi := WithClient(context.Background(), p.Client("pi-mcp-adapter"))
	last := p.Call(pi, "test_plain", map[string]any{"size": 40000, "maxBytes": 40512}).Text
	assertInOrder(t, last, "… [truncated: showed ", "This is the most one call returns here (1,999 lines: the client cuts longer results, whatever maxBytes); narrow the call to see the rest.")
}
