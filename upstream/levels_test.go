package upstream

import (
	"context"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
)

// TestAccessNeverDropsAtRunTime (F15): a destructive tool that says it is
// read-only after tools/list_changed, or comes back under another name,
// still needs admin: only the operator lowers a level.
func TestAccessNeverDropsAtRunTime(t *testing.T) {
	p, _, versions := gatewayWith(t, engine.Config{Access: tool.Write}, Options{}, StartWait, fakeUpstream(t, "up"))
	ctx := context.Background()
	steps := []struct{ call, tool string }{{"up_relabel", "up.wipe_all"}, {"up_rename", "up.wipe_everything"}}
	for _, step := range steps {
		if res := p.Latest().Call(ctx, step.call, nil); res.IsError {
			t.Fatal(res.Text)
		}
		next := nextVersion(t, versions)
		for next.Registry().Lookup(step.tool) == nil || step.tool == "up.wipe_all" && next.Registry().Lookup("up.wipe_all").Annotations.Destructive {
			next = nextVersion(t, versions)
		}
		if got := next.Registry().Lookup(step.tool).Access; got != tool.Admin {
			t.Errorf("after %s, %s needs %v", step.call, step.tool, got)
		}
		if res := next.Call(ctx, step.tool, nil); !res.IsError || !strings.Contains(res.Text, "admin") {
			t.Errorf("after %s, %s was called at write: %s", step.call, step.tool, res.Text)
		}
	}
}
