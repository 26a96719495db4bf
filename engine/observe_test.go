package engine

import (
	"context"
	"sync"
	"testing"

	"f0/internal/setting"
)

// recorder is an observer that keeps what it is told.
type recorder struct {
	mu      sync.Mutex
	started int
	ended   []CallRecord
}

func (r *recorder) StartCall(ctx context.Context) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.started++
	return ctx
}

func (r *recorder) EndCall(_ context.Context, rec CallRecord) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ended = append(r.ended, rec)
}

// TestObserverSeesEachCallOnce: the observer learns each call's tool and
// kind of failure, once, where its log line is written.
func TestObserverSeesEachCallOnce(t *testing.T) {
	tests := []struct {
		name      string
		tool      string
		args      any
		busy      bool
		wantTool  string
		want      Failure
		wantLimit setting.Setting
	}{
		{"ok", "test.echo", map[string]any{"url": "https://example.com"}, false, "test.echo", "", ""},
		{"unknown name", "no.such.tool", nil, false, "", FailureInvalid, ""},
		{"arguments that do not fit", "test.echo", map[string]any{"method": "PUT"}, false, "test.echo", FailureInvalid, ""},
		{"busy", "test.echo", map[string]any{"url": "https://example.com"}, true, "test.echo", FailureBusy, setting.MaxCallsSetting},
		{"tool failed", "test.panic", map[string]any{}, false, "test.panic", FailureTool, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{}
			p := newTestPipeline(t, Config{MaxCalls: 1, Observer: rec})
			if tc.busy {
				if !p.load.enter() {
					t.Fatal("the first call found the server busy")
				}
				defer p.load.leave(0)
			}
			p.Call(context.Background(), tc.tool, tc.args)
			if rec.started != 1 || len(rec.ended) != 1 {
				t.Fatalf("started %d, ended %d; want one call", rec.started, len(rec.ended))
			}
			got := rec.ended[0]
			if got.Tool != tc.wantTool || got.Failure != tc.want || got.BusyLimit != tc.wantLimit {
				t.Errorf("record %+v; want tool %q failure %q limit %q", got, tc.wantTool, tc.want, tc.wantLimit)
			}
			if got.Bytes == 0 {
				t.Error("record has no answer bytes")
			}
		})
	}
}
