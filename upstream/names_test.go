package upstream

import (
	"regexp"
	"strings"
	"testing"

	"f0/engine"
)

// modelToolName is what model APIs take as a tool name.
var modelToolName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// TestUpstreamToolNamesFitModelAPIs (F16): every listed upstream tool
// name, f0's prefix included, is what model APIs take: a long or
// non-ASCII name is renamed, the same way every time.
func TestUpstreamToolNamesFitModelAPIs(t *testing.T) {
	long := strings.Repeat("a", 10005)
	tools := `[{"name":"` + long + `","inputSchema":{"type":"object"}},
	  {"name":"прочитать_файл","inputSchema":{"type":"object"}},
	  {"name":"ｒｅａｄ","inputSchema":{"type":"object"}},
	  {"name":"read_файл","inputSchema":{"type":"object"}},
	  {"name":"x","description":"X.","inputSchema":{"type":"object","properties":{}}}]`
	var names []string
	for range 2 {
		p, _, _ := gatewayWith(t, engine.Config{Prefix: "myprefix"}, Options{Prefix: "myprefix"}, StartWait,
			rawUpstream(t, "a_long_server_name", "plain", "F0_FAKE_TOOLS="+tools))
		var these []string
		for _, tl := range p.Visible() {
			if tl.Namespace() != "a_long_server_name" {
				continue
			}
			name := p.ListedName(tl)
			if !modelToolName.MatchString(name) {
				t.Errorf("listed %q", name)
			}
			these = append(these, name)
		}
		if len(these) != 5 {
			t.Fatalf("listed %d tools: %s", len(these), strings.Join(these, " "))
		}
		if names != nil && strings.Join(names, " ") != strings.Join(these, " ") {
			t.Fatalf("renamed differently: %s, then %s", names, these)
		}
		names = these
	}
	t.Log(strings.Join(names, "\n"))
}
