package batch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"f0/engine"
	"f0/internal/roots"
	"f0/schemas"
	"f0/tool"
	"f0/tools/batch"
)

type sleepInput struct {
	Ms   int    `json:"ms,omitempty"`
	Say  string `json:"say,omitempty"`
	Fail bool   `json:"fail,omitempty"`
}

type pathInput struct {
	Path string `json:"path" jsonschema:"required"`
}

type bigInput struct {
	Size   int `json:"size" jsonschema:"required"`
	Offset int `json:"offset,omitempty"`
}

// fixture builds a pipeline with batch and a few test tools; running
// counts the test.sleep calls in flight, peak the most seen at once.
// test.look (reads a path) and test.put (writes one) call hook, when set,
// as they start: tests block them there to see what runs at once.
type fixture struct {
	p             *engine.Host
	running, peak atomic.Int32
	hook          func(ctx context.Context, tool, path string) error
}

func newFixture(t *testing.T, cfg engine.Config) *fixture {
	t.Helper()
	f := &fixture{}
	sleep := tool.Def[sleepInput]{
		Spec: tool.Spec{Name: "test.sleep", Title: "Sleep", Summary: "Sleeps, then says something.", Access: tool.Read},
		Run: func(ctx context.Context, call tool.Call, in sleepInput) (tool.Result, error) {
			n := f.running.Add(1)
			defer f.running.Add(-1)
			for {
				old := f.peak.Load()
				if n <= old || f.peak.CompareAndSwap(old, n) {
					break
				}
			}
			select {
			case <-time.After(time.Duration(in.Ms) * time.Millisecond):
			case <-ctx.Done():
				return tool.Result{}, ctx.Err()
			}
			if in.Fail {
				return tool.Result{}, fmt.Errorf("asked to fail")
			}
			return tool.Text("said %s", in.Say), nil
		},
	}.Erase()
	big := tool.Def[bigInput]{
		Spec: tool.Spec{Name: "test.big", Title: "Big", Summary: "Big output that pages.", Access: tool.Read},
		Run: func(ctx context.Context, call tool.Call, in bigInput) (tool.Result, error) {
			text := strings.Repeat("0123456789abcdef\n", in.Size/17+1)[in.Offset:in.Size]
			return tool.Result{Text: text, Next: func(shown int) map[string]any { return map[string]any{"offset": in.Offset + shown} }}, nil
		},
	}.Erase()
	write := tool.Def[sleepInput]{
		Spec: tool.Spec{Name: "test.write", Title: "Write", Summary: "Needs write access.", Access: tool.Write},
		Run: func(ctx context.Context, call tool.Call, in sleepInput) (tool.Result, error) {
			return tool.Text("written"), nil
		},
	}.Erase()
	onPath := func(name string, access tool.Access) *tool.Tool {
		return tool.Def[pathInput]{
			Spec: tool.Spec{Name: name, Title: name, Summary: "Touches a path.", Access: access, Fields: tool.Fields{Forms: map[string]tool.FieldForm{"path": tool.PathKind}}},
			Run: func(ctx context.Context, call tool.Call, in pathInput) (tool.Result, error) {
				if f.hook != nil {
					if err := f.hook(ctx, name, in.Path); err != nil {
						return tool.Result{}, err
					}
				}
				return tool.Text("%s %s", name, in.Path), nil
			},
		}.Erase()
	}
	docs := func(name string) (schemas.Doc, error) {
		switch name {
		case "test.look", "test.put":
			return schemas.Doc{Examples: []map[string]any{{"path": "a"}}}, nil
		}
		return schemas.Doc{Examples: []map[string]any{{"size": 1}}}, nil
	}
	files := openRoots(t, t.TempDir())
	all := append([]*tool.Tool{sleep, big, write, onPath("test.look", tool.Read), onPath("test.put", tool.Write)}, batch.Tools(files)...)
	reg, err := engine.NewRegistryWithDocs(docs, all...)
	if err != nil {
		t.Fatal(err)
	}
	if f.p, err = engine.NewHost(reg, cfg); err != nil {
		t.Fatal(err)
	}
	return f
}

// openRoots opens dir as the roots of a test, closed when it ends.
func openRoots(t *testing.T, dir string) *roots.Set {
	t.Helper()
	files, err := roots.Open([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	return files
}

func (f *fixture) call(args any) tool.Result {
	return f.p.Call(context.Background(), "batch", args)
}

// items splits a batch answer into its items' texts.
var itemHeader = regexp.MustCompile(`(?m)^── \[(\d+)\] (\S+): (.*)$`)

func assertContains(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Fatalf("missing %q in:\n%s", w, text)
		}
	}
}

func TestOrderAndConcurrency(t *testing.T) {
	f := newFixture(t, engine.Config{})
	var calls []map[string]any
	for i := range 8 {
		calls = append(calls, map[string]any{"tool": "test_sleep", "args": map[string]any{"ms": (8 - i) * 5, "say": fmt.Sprint(i)}})
	}
	res := f.call(map[string]any{"calls": calls, "maxConcurrency": 3})
	if res.IsError {
		t.Fatal(res.Text)
	}
	heads := itemHeader.FindAllStringSubmatch(res.Text, -1)
	if len(heads) != 8 {
		t.Fatalf("want 8 items, got %d:\n%s", len(heads), res.Text)
	}
	for i, h := range heads {
		if h[1] != fmt.Sprint(i) || h[2] != "test_sleep" || h[3] != "ok" {
			t.Errorf("item %d header %q", i, h[0])
		}
	}
	for i := range 8 {
		assertContains(t, res.Text, fmt.Sprintf("── [%d] test_sleep: ok\nsaid %d", i, i))
	}
	assertContains(t, res.Text, "batch: 8 ok, 0 failed · ")
	if peak := f.peak.Load(); peak > 3 || peak < 2 {
		t.Errorf("peak concurrency %d, want at most 3 (and some parallelism)", peak)
	}
}

func TestShapesModelsSend(t *testing.T) {
	f := newFixture(t, engine.Config{})
	cases := map[string]any{
		"name/arguments":      map[string]any{"calls": []any{map[string]any{"name": "test.sleep", "arguments": map[string]any{"say": "x"}}}},
		"calls as JSON":       map[string]any{"calls": `[{"tool":"test_sleep","args":{"say":"x"}}]`},
		"bare array":          []any{map[string]any{"tool": "TEST-SLEEP", "args": map[string]any{"say": "x"}}},
		"bare array as JSON":  `[{"tool":"test_sleep","args":"{\"say\":\"x\"}"}]`,
		"whole batch as JSON": `{"calls":[{"tool":"test_sleep","arguments":{"say":"x"}}]}`,
		"synonym items":       map[string]any{"items": []any{map[string]any{"tool": "test_sleep", "params": map[string]any{"say": "x"}}}},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			res := f.call(args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			assertContains(t, res.Text, "batch: 1 ok, 0 failed", "── [0] test_sleep: ok\nsaid x")
		})
	}
}

func TestItemErrorsAreItsOwn(t *testing.T) {
	f := newFixture(t, engine.Config{Access: tool.Read})
	res := f.call(map[string]any{"calls": []any{
		map[string]any{"tool": "test_slep", "args": map[string]any{}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "fine"}},
		map[string]any{"tool": "test_write", "args": map[string]any{}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"ms": "soon"}},
	}})
	if res.IsError {
		t.Fatalf("a batch with one success is not an error:\n%s", res.Text)
	}
	assertContains(t, res.Text,
		"batch: 1 ok, 3 failed",
		"── [0] test_slep: error\nunknown tool \"test_slep\"", "- test_sleep:",
		"── [1] test_sleep: ok\nsaid fine",
		"── [2] test_write: error\nunknown tool \"test_write\": test_write exists but this server does not expose it (it needs write access",
		"── [3] test_sleep: error\ntest_sleep: invalid arguments.\n- \"ms\": expected an integer, got \"soon\" (string)")
}

func TestAllFailedIsError(t *testing.T) {
	f := newFixture(t, engine.Config{})
	res := f.call(map[string]any{"calls": []any{map[string]any{"tool": "nope"}, map[string]any{"tool": "test_sleep", "args": map[string]any{"fail": true}}}})
	if !res.IsError {
		t.Fatalf("every item failed: want isError\n%s", res.Text)
	}
	assertContains(t, res.Text, "batch: 0 ok, 2 failed", "test_sleep failed: asked to fail")
}

func TestStopOnError(t *testing.T) {
	f := newFixture(t, engine.Config{})
	res := f.call(map[string]any{"continueOnError": "false", "maxConcurrency": 1, "calls": []any{
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "first"}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"fail": true}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "never"}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "never"}},
	}})
	if !res.IsError {
		t.Fatalf("a batch that stopped early is an error:\n%s", res.Text)
	}
	assertContains(t, res.Text, "batch: 1 ok, 1 failed, 2 not run",
		"── [2] test_sleep: not run (an earlier call failed and continueOnError is false)",
		"── [3] test_sleep: not run")
	if strings.Contains(res.Text, "said never") {
		t.Fatal("a call after the failure ran")
	}
}

func TestSharedBudget(t *testing.T) {
	f := newFixture(t, engine.Config{MaxOutput: 8192})
	res := f.call(map[string]any{"calls": []any{
		map[string]any{"tool": "test_big", "args": map[string]any{"size": 100000}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "small one"}},
		map[string]any{"tool": "test_big", "args": map[string]any{"size": 50000, "maxBytes": 1000000}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "last one"}},
	}})
	if len(res.Text) > 8192 {
		t.Fatalf("batch answer %d bytes over its 8192 budget", len(res.Text))
	}
	assertContains(t, res.Text, "── [1] test_sleep: ok\nsaid small one", "── [3] test_sleep: ok\nsaid last one")
	// Each cut item names its own continuation.
	for _, want := range []string{`Get the rest: test_big {"offset":`, `"size":100000}`, `"size":50000}`} {
		assertContains(t, res.Text, want)
	}
	if strings.Contains(res.Text, "truncated: showed") && strings.Count(res.Text, "Get the rest: test_big") != 2 {
		t.Errorf("want a continuation for each big item:\n%s", res.Text)
	}
}

func TestRefusals(t *testing.T) {
	f := newFixture(t, engine.Config{})
	cases := map[string]struct {
		args any
		want string
	}{
		"nested batch": {map[string]any{"calls": []any{map[string]any{"tool": "batch", "args": map[string]any{"calls": []any{}}}}}, `"calls[0].tool": is batch: a batch cannot contain another batch. Put all the calls in one list.`},
		"empty":        {map[string]any{"calls": []any{}}, `"calls": is empty`},
		"missing":      {map[string]any{}, `"calls": is required but missing`},
		"item no tool": {map[string]any{"calls": []any{map[string]any{"args": map[string]any{}}}}, `"calls[0].tool": is required`},
		"too many":     {map[string]any{"calls": strings.Repeat(`{"tool":"test_sleep"},`, batch.MaxCalls) + `{"tool":"test_sleep"}`}, "a batch takes at most 64"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			args := c.args
			if s, ok := args.(map[string]any)["calls"].(string); ok {
				args = map[string]any{"calls": "[" + s + "]"}
			}
			res := f.call(args)
			if !res.IsError {
				t.Fatalf("want error:\n%s", res.Text)
			}
			assertContains(t, res.Text, c.want, "Example: batch {")
		})
	}
}

func TestCancellation(t *testing.T) {
	f := newFixture(t, engine.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan tool.Result)
	go func() {
		done <- f.p.Call(ctx, "batch", map[string]any{"calls": []any{
			map[string]any{"tool": "test_sleep", "args": map[string]any{"ms": 60000}},
			map[string]any{"tool": "test_sleep", "args": map[string]any{"ms": 60000}},
		}})
	}()
	for f.running.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	res := <-done
	if !res.IsError {
		t.Fatalf("a cancelled batch: %s", res.Text)
	}
}

func TestSchemaIsPortable(t *testing.T) {
	f := newFixture(t, engine.Config{})
	tool, _ := f.p.Resolve("batch")
	raw := f.p.Registry().Schema(tool)
	if errs := schemas.Check(raw); len(errs) > 0 {
		t.Fatal(errs)
	}
	var s map[string]any
	json.Unmarshal(raw, &s)
	items := s["properties"].(map[string]any)["calls"].(map[string]any)["items"].(map[string]any)
	if _, ok := items["properties"].(map[string]any)["tool"]; !ok {
		t.Fatalf("items inline: %v", items)
	}
}

func TestStopOnErrorIgnoresConcurrency(t *testing.T) {
	f := newFixture(t, engine.Config{})
	for range 5 {
		res := f.call(map[string]any{"continueOnError": false, "maxConcurrency": 4, "calls": []any{
			map[string]any{"tool": "test_sleep", "args": map[string]any{"fail": true}},
			map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "never"}},
			map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "never"}},
		}})
		if !res.IsError || strings.Contains(res.Text, "said never") {
			t.Fatalf("calls after a failure ran, or the batch was not an error:\n%s", res.Text)
		}
		assertContains(t, res.Text, "batch: 0 ok, 1 failed, 2 not run")
	}
	last := f.call(map[string]any{"continueOnError": false, "calls": []any{
		map[string]any{"tool": "test_sleep", "args": map[string]any{"say": "first"}},
		map[string]any{"tool": "test_sleep", "args": map[string]any{"fail": true}},
	}})
	if !last.IsError {
		t.Fatalf("with continueOnError false a failure makes the batch an error:\n%s", last.Text)
	}
}

func TestManyItemsStayWithinBudget(t *testing.T) {
	f := newFixture(t, engine.Config{})
	var calls []any
	for range 24 {
		calls = append(calls, map[string]any{"tool": "test_big", "args": map[string]any{"size": 5000}})
	}
	res := f.call(map[string]any{"calls": calls})
	if len(res.Text) > tool.DefaultMaxOutput {
		t.Fatalf("%d bytes over the budget", len(res.Text))
	}
	if n := len(itemHeader.FindAllString(res.Text, -1)); n != 24 {
		t.Fatalf("%d of 24 items shown:\n%s", n, res.Text)
	}
	if strings.Count(res.Text, "Get the rest: test_big") != 24 {
		t.Errorf("every cut item names its continuation")
	}
	res = f.call(map[string]any{"calls": append(calls, calls[0])})
	if !res.IsError {
		t.Fatal("more items than the budget can hold must be refused")
	}
	assertContains(t, res.Text, `"calls": has 25 calls; with an output budget of 24576 bytes a batch takes at most 24`, "Split it into batches of 24, or raise maxBytes.")
}

func TestCancelledItemsSayWhy(t *testing.T) {
	f := newFixture(t, engine.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan tool.Result)
	go func() {
		done <- f.p.Call(ctx, "batch", map[string]any{"maxConcurrency": 1, "calls": []any{
			map[string]any{"tool": "test_sleep", "args": map[string]any{"ms": 60000}},
			map[string]any{"tool": "test_sleep", "args": map[string]any{"ms": 1}},
		}})
	}()
	for f.running.Load() < 1 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	res := <-done
	if strings.Contains(res.Text, "continueOnError") {
		t.Fatalf("cancelled items blamed on continueOnError:\n%s", res.Text)
	}
}

// TestPiLineBudgetIsShared: under pi (2,000 lines a result) two items of
// 17-byte lines share the lines as well as the bytes, so the batch stays
// whole in pi and each item ends with its own continuation, written for pi.
func TestPiLineBudgetIsShared(t *testing.T) {
	f := newFixture(t, engine.Config{})
	ctx := engine.WithClient(context.Background(), f.p.Client("pi-mcp-f0"))
	res := f.p.Call(ctx, "batch", map[string]any{"maxBytes": 50000, "calls": []any{
		map[string]any{"tool": "test_big", "args": map[string]any{"size": 100000}},
		map[string]any{"tool": "test_big", "args": map[string]any{"size": 100000}},
	}})
	lines := strings.Count(strings.TrimSuffix(res.Text, "\n"), "\n") + 1
	// 25 KB an item would be 1,470 lines each: the line share binds.
	if lines > engine.PiMaxLines || len(res.Text) > engine.PiMaxBytes || lines < engine.PiMaxLines*9/10 {
		t.Fatalf("%d lines, %d bytes: pi would cut the batch", lines, len(res.Text))
	}
	if n := strings.Count(res.Text, `Get the rest: mcp({tool: "test_big", args: {"offset":`); n != 2 {
		t.Fatalf("%d continuations written for pi, want 2:\n%s", n, res.Text[len(res.Text)-600:])
	}
	if strings.Contains(res.Text, "truncated: showed") && strings.Contains(res.Text[strings.LastIndex(res.Text, "── [1]"):], "This is the most") {
		t.Fatalf("the batch itself was cut:\n%s", res.Text[len(res.Text)-400:])
	}
}

// guard bounds how long a test waits for something that must happen; it
// is not a timing assertion: a correct batch gets there at once.
const guard = 10 * time.Second

// wait receives from ch, or fails the test with what did not happen.
func wait[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(guard):
		t.Fatalf("%s did not happen", what)
	}
	var zero T
	return zero
}

// TestReadsOfOnePathRunTogether: two reads of one path do not wait for
// each other. Each blocks until both have started, which only happens
// when they run at once.
func TestReadsOfOnePathRunTogether(t *testing.T) {
	f := newFixture(t, engine.Config{})
	entered, release := make(chan string, 2), make(chan struct{})
	f.hook = func(ctx context.Context, tool, path string) error {
		entered <- path
		<-release
		return nil
	}
	done := make(chan tool.Result)
	go func() {
		done <- f.call(map[string]any{"calls": []any{
			map[string]any{"tool": "test_look", "args": map[string]any{"path": "a.txt"}},
			map[string]any{"tool": "test_look", "args": map[string]any{"path": "a.txt"}},
		}})
	}()
	wait(t, entered, "the first read")
	wait(t, entered, "the second read, while the first runs,")
	close(release)
	assertContains(t, wait(t, done, "the batch's answer").Text, "batch: 2 ok, 0 failed", "── [0] test_look: ok\ntest.look a.txt", "── [1] test_look: ok\ntest.look a.txt")
}

// TestAReadWaitsForTheWriteBeforeIt: of [put a, look a, look b], look b
// runs beside put a and look a only after it. put a waits until look b has
// started, so a look a sent at once would be seen running before put a
// ended.
func TestAReadWaitsForTheWriteBeforeIt(t *testing.T) {
	f := newFixture(t, engine.Config{})
	otherStarted := make(chan struct{})
	var putDone, lookedEarly atomic.Bool
	f.hook = func(ctx context.Context, tool, path string) error {
		switch {
		case tool == "test.put":
			select {
			case <-otherStarted:
			case <-time.After(guard):
				return fmt.Errorf("the read of another path did not run beside the write")
			}
			putDone.Store(true)
		case path == "b.txt":
			close(otherStarted)
		case !putDone.Load():
			lookedEarly.Store(true)
		}
		return nil
	}
	res := f.call(map[string]any{"calls": []any{
		map[string]any{"tool": "test_put", "args": map[string]any{"path": "a.txt"}},
		map[string]any{"tool": "test_look", "args": map[string]any{"path": "./a.txt"}},
		map[string]any{"tool": "test_look", "args": map[string]any{"path": "b.txt"}},
	}})
	assertContains(t, res.Text, "batch: 3 ok, 0 failed")
	if lookedEarly.Load() {
		t.Fatalf("the read of a.txt ran before the write of a.txt ended:\n%s", res.Text)
	}
}

// TestCancelledBatchLeavesWaitingItemsNotRun: a read waiting for a write
// that is cancelled is not run, and says why.
func TestCancelledBatchLeavesWaitingItemsNotRun(t *testing.T) {
	f := newFixture(t, engine.Config{})
	entered := make(chan struct{})
	f.hook = func(ctx context.Context, tool, path string) error {
		if tool == "test.put" {
			close(entered)
			<-ctx.Done()
			return ctx.Err()
		}
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan tool.Result)
	go func() {
		done <- f.p.Call(ctx, "batch", map[string]any{"calls": []any{
			map[string]any{"tool": "test_put", "args": map[string]any{"path": "d"}},
			map[string]any{"tool": "test_look", "args": map[string]any{"path": "d/x.txt"}},
		}})
	}()
	wait(t, entered, "the write")
	cancel()
	res := wait(t, done, "the cancelled batch's answer")
	if !res.IsError {
		t.Fatalf("a cancelled batch is an error:\n%s", res.Text)
	}
	assertContains(t, res.Text, "── [1] test_look: not run (the batch was cancelled)")
}

// TestMaxConcurrencyOneKeepsListOrder: with maxConcurrency 1 the items
// run one at a time in list order, whatever they touch.
func TestMaxConcurrencyOneKeepsListOrder(t *testing.T) {
	f := newFixture(t, engine.Config{})
	var order []string
	f.hook = func(ctx context.Context, tool, path string) error {
		order = append(order, path) // one at a time: no lock needed, and the race detector checks it
		return nil
	}
	var calls []any
	for i := range 6 {
		calls = append(calls, map[string]any{"tool": "test_look", "args": map[string]any{"path": fmt.Sprintf("f%d", i)}})
	}
	f.call(map[string]any{"maxConcurrency": 1, "calls": calls})
	if got := strings.Join(order, " "); got != "f0 f1 f2 f3 f4 f5" {
		t.Fatalf("ran in the order %s", got)
	}
}

// TestTooManyItemsForPi: a batch pi's cut cannot hold is told to split,
// not to raise maxBytes, which pi's cut would not let through.
func TestTooManyItemsForPi(t *testing.T) {
	f := newFixture(t, engine.Config{})
	var calls []any
	for range 50 {
		calls = append(calls, map[string]any{"tool": "test_big", "args": map[string]any{"size": 10}})
	}
	ctx := engine.WithClient(context.Background(), f.p.Client("pi-mcp-adapter"))
	res := f.p.Call(ctx, "batch", map[string]any{"calls": calls, "maxBytes": 60000})
	assertContains(t, res.Text, `"calls": has 50 calls; with an output budget of 51136 bytes a batch takes at most 49, so that each gets 1024 bytes. Split it into batches of 49.`)
	if strings.Contains(res.Text, "raise maxBytes") {
		t.Fatalf("advice pi cannot follow:\n%s", res.Text)
	}
}
