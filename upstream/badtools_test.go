package upstream

import (
	"strings"
	"testing"

	"f0/engine"
)

// TestBadUpstreamToolIsLeftOut (F1): a tool f0 cannot serve (a name with
// no letter or digit, a schema that requires a field f0 adds) is left out
// with a warning; the server's other tools, f0's own and the other
// servers' are served.
func TestBadUpstreamToolIsLeftOut(t *testing.T) {
	tools := `[{"name":"!!!","inputSchema":{"type":"object"}},
	  {"name":"","inputSchema":{"type":"object"}},
	  {"name":"paged","inputSchema":{"type":"object","properties":{"offset":{"type":"integer"},"f0Offset":{"type":"integer"}},"required":["f0Offset"]}},
	  {"name":"x","description":"X.","inputSchema":{"type":"object","properties":{}}}]`
	p, _, _ := gatewayWithin(t, engine.Config{}, StartWait, rawUpstream(t, "up", "plain", "F0_FAKE_TOOLS="+tools), fakeUpstream(t, "ok"))
	got := listed(p)
	for _, want := range []string{"up.x", "ok.read_file", "tools.describe"} {
		if !strings.Contains(got, want) {
			t.Fatalf("%s is not listed: %s", want, got)
		}
	}
	if strings.Contains(got, "up.paged") || strings.Contains(got, "up. ") {
		t.Fatalf("a bad tool is listed: %s", got)
	}
}
