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
	echo := map[string]any{"url": "https://example.com"}
	tests := map[string]struct {
		tool string
		args any
		busy bool // every --max-calls slot is taken
		want CallRecord
	}{
		"ok":                        {"test.echo", echo, false, CallRecord{Tool: "test.echo"}},
		"unknown name":              {"no.such.tool", nil, false, CallRecord{Failure: FailureInvalid}},
		"arguments that do not fit": {"test.echo", map[string]any{"method": "PUT"}, false, CallRecord{Tool: "test.echo", Failure: FailureInvalid}},
		"busy":                      {"test.echo", echo, true, CallRecord{Tool: "test.echo", Failure: FailureBusy, BusyLimit: setting.MaxCallsSetting}},
		"tool failed":               {"test.panic", map[string]any{}, false, CallRecord{Tool: "test.panic", Failure: FailureTool}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
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
			if got.Tool != tc.want.Tool || got.Failure != tc.want.Failure || got.BusyLimit != tc.want.BusyLimit {
				t.Errorf("record %+v; want tool %q failure %q limit %q", got, tc.want.Tool, tc.want.Failure, tc.want.BusyLimit)
			}
			if got.Bytes == 0 {
				t.Error("record has no answer bytes")
			}
		})
	}
}
