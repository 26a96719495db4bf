package upstream

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
)

// pipelineOver is gatewayWithin with the default configuration.
func pipelineOver(t *testing.T, wait time.Duration, servers ...Server) (*engine.Host, chan *engine.Host) {
	t.Helper()
	p, _, versions := gatewayWithin(t, engine.Config{}, wait, servers...)
	return p, versions
}

// nextVersion waits for the pipeline's next version.
func nextVersion(t *testing.T, versions chan *engine.Host) *engine.Host {
	t.Helper()
	select {
	case p := <-versions:
		return p
	case <-time.After(time.Minute):
		t.Fatal("the tools never changed")
		return nil
	}
}

func listed(p *engine.Host) string {
	var names []string
	for _, t := range p.Visible() {
		names = append(names, t.Name)
	}
	return strings.Join(names, " ")
}

// TestServerThatFailsToStart: f0 starts without it; a placeholder stands
// for its tools and answers every call of them with the server and why;
// once the server can start (here: the background retry), its tools are
// served in the placeholder's place.
func TestServerThatFailsToStart(t *testing.T) {
	notReady := filepath.Join(t.TempDir(), "not-ready")
	if err := os.WriteFile(notReady, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p, versions := pipelineOver(t, StartWait, fakeUpstream(t, "up", "F0_FAKE_FAIL_WHILE="+notReady), fakeUpstream(t, "ok"))
	if got := listed(p); !strings.Contains(got, "up.unavailable") || strings.Contains(got, "up.read_file") || !strings.Contains(got, "ok.read_file") {
		t.Fatalf("listed: %s", got)
	}
	ctx := context.Background()
	for _, name := range []string{"up_read_file", "up.anything", "up_unavailable"} {
		res := p.Call(ctx, name, map[string]any{"path": "a"})
		// The answer names the tool the caller asked for, and does not
		// call its arguments foreign: they are the wanted tool's.
		for _, want := range []string{name + " failed: ", `upstream server "up" could not be started: `, "fake: not ready yet", "f0 starts it again in "} {
			if !res.IsError || !strings.HasPrefix(res.Text, name) || !strings.Contains(res.Text, want) {
				t.Fatalf("%s: missing %q in:\n%s", name, want, res.Text)
			}
		}
		if strings.Contains(res.Text, "ignored field") {
			t.Fatalf("%s: the wanted tool's arguments were called foreign:\n%s", name, res.Text)
		}
	}
	if res := p.Call(ctx, "ok_read_file", map[string]any{"path": "a"}); res.IsError {
		t.Fatalf("the other server: %s", res.Text)
	}
	if err := os.Remove(notReady); err != nil {
		t.Fatal(err)
	}
	next := nextVersion(t, versions)
	if got := listed(next); strings.Contains(got, "up.unavailable") || !strings.Contains(got, "up.read_file") {
		t.Fatalf("after the start: %s", got)
	}
	if res := p.Call(ctx, "up_read_file", map[string]any{"path": "a"}); res.IsError || !strings.Contains(res.Text, `args {"path":"a"}`) {
		t.Fatalf("a call on the first version after the start: %s", res.Text)
	}
}

// TestSlowStartDoesNotHoldUpTheOthers: a server still starting when f0
// stops waiting is served by a placeholder; the other server's tools work
// meanwhile; a call of its tool waits for the start and is then passed on.
func TestSlowStartDoesNotHoldUpTheOthers(t *testing.T) {
	hold := filepath.Join(t.TempDir(), "hold")
	if err := os.WriteFile(hold, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p, versions := pipelineOver(t, 200*time.Millisecond, fakeUpstream(t, "slow", "F0_FAKE_WAIT_WHILE="+hold), fakeUpstream(t, "quick"))
	// (quick may still be starting too on a loaded machine: a call of its
	// tool then waits for its start, not for slow's.)
	if got := listed(p); !strings.Contains(got, "slow.unavailable") {
		t.Fatalf("listed: %s", got)
	}
	ctx := context.Background()
	waited := make(chan tool.Result, 1)
	go func() { waited <- p.Call(ctx, "slow.read_file", map[string]any{"path": "a"}) }()
	if res := p.Call(ctx, "quick_read_file", map[string]any{"path": "b"}); res.IsError || !strings.Contains(res.Text, `args {"path":"b"}`) {
		t.Fatalf("the quick server while the slow one starts: %s", res.Text)
	}
	if err := os.Remove(hold); err != nil {
		t.Fatal(err)
	}
	res := <-waited
	if res.IsError || !strings.Contains(res.Text, `args {"path":"a"}`) {
		t.Fatalf("the call that waited for the start: %s", res.Text)
	}
	for !strings.Contains(listed(p.Latest()), "slow.read_file") {
		nextVersion(t, versions)
	}
}

// TestToolListChangedPassesThrough: a server that adds a tool and says so
// gets it served, under f0's names and repairs, with no restart.
func TestToolListChangedPassesThrough(t *testing.T) {
	p, versions := pipelineOver(t, StartWait, fakeUpstream(t, "up"))
	ctx := context.Background()
	if res := p.Call(ctx, "up_grown", map[string]any{"word": "x"}); !res.IsError {
		t.Fatalf("up_grown before it exists: %s", res.Text)
	}
	if res := p.Call(ctx, "up_grow", nil); res.IsError {
		t.Fatal(res.Text)
	}
	next := nextVersion(t, versions)
	if got := listed(next); !strings.Contains(got, "up.grown") {
		t.Fatalf("after list_changed: %s", got)
	}
	res := p.Latest().Call(ctx, "UP-GROWN", `{"wrd":"x"}`)
	if !res.IsError || !strings.Contains(res.Text, `"wrd": unknown field; did you mean "word"?`) {
		t.Fatalf("the new tool's schema: %s", res.Text)
	}
	if res := p.Latest().Call(ctx, "up_grown", "leaf"); res.IsError || res.Text != "grown leaf" {
		t.Fatalf("the new tool: %s", res.Text)
	}
}

// TestCancellationReachesTheUpstream: a cancelled call is cancelled on
// the upstream server too (notifications/cancelled), which ends its work.
func TestCancellationReachesTheUpstream(t *testing.T) {
	log := filepath.Join(t.TempDir(), "cancel.log")
	p, _ := pipelineOver(t, StartWait, fakeUpstream(t, "up", "F0_FAKE_CANCEL_LOG="+log))
	ctx, cancel := context.WithCancel(context.Background())
	progressed := make(chan string, 4)
	done := make(chan tool.Result, 1)
	go func() {
		done <- p.Call(engine.WithProgress(ctx, func(_, _ float64, msg string) { progressed <- msg }), "up_wait", nil)
	}()
	<-progressed // the upstream is running the call
	cancel()
	if res := <-done; !res.IsError {
		t.Fatalf("cancelled call: %s", res.Text)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		data, err := os.ReadFile(log)
		if err == nil {
			if !strings.HasPrefix(string(data), "cancelled: ") {
				t.Fatalf("upstream log: %s", data)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the upstream never saw the cancellation")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
