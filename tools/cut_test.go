package tools

import (
	"context"
	"strings"
	"testing"
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
