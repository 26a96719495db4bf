package catalog_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"f0/engine"
	"f0/internal/texttest"
)

// TestDependentStepsRunInOrder: a read after a write of a new file sees
// it, a read after an edit sees the edit, and a listing or a search after
// a write into a directory sees the new file — in one batch, with every
// pair beside the others. Each runs several times: with the items sent at
// once, the read often runs first.
func TestDependentStepsRunInOrder(t *testing.T) {
	dir := t.TempDir()
	p := newPipelineIn(t, dir, engine.Config{})
	if err := os.WriteFile(filepath.Join(dir, "old.txt"), []byte("colour = red\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var calls []any
	var want []string
	for i := range 4 {
		name := fmt.Sprintf("new%d.txt", i)
		calls = append(calls,
			map[string]any{"tool": "fs_write", "args": map[string]any{"path": name, "content": fmt.Sprintf("hello %d\n", i)}},
			map[string]any{"tool": "fs_read", "args": map[string]any{"path": name}})
		want = append(want, fmt.Sprintf("fs_read: ok\n%s · line 1 of 1 · 8 B\nhello %d\n", name, i))
	}
	calls = append(calls,
		map[string]any{"tool": "fs_edit", "args": map[string]any{"path": "old.txt", "oldText": "red", "newText": "blue"}},
		map[string]any{"tool": "fs_read", "args": map[string]any{"path": "old.txt"}},
		map[string]any{"tool": "fs_write", "args": map[string]any{"path": "sub/inner/made.txt", "content": "needle\n"}},
		map[string]any{"tool": "fs_list", "args": map[string]any{"path": "sub", "recursive": true}},
		map[string]any{"tool": "fs_search", "args": map[string]any{"pattern": "needle"}})
	want = append(want, "fs_read: ok\nold.txt · line 1 of 1 · 14 B\ncolour = blue\n", "inner/made.txt", "sub/inner/made.txt:1:needle")
	for range 5 {
		for _, f := range []string{"sub/inner/made.txt", "new0.txt", "new1.txt", "new2.txt", "new3.txt"} {
			os.Remove(filepath.Join(dir, f))
		}
		os.WriteFile(filepath.Join(dir, "old.txt"), []byte("colour = red\n"), 0o644)
		res := p.Call(context.Background(), "batch", map[string]any{"calls": calls, "maxConcurrency": 16})
		texttest.InOrder(t, res.Text, append([]string{"batch: 13 ok, 0 failed"}, want...)...)
	}
}

// TestStopOnErrorWithDependencies: with continueOnError false, a failed
// read stops the batch: the write after it is not run, and its file is
// not made.
func TestStopOnErrorWithDependencies(t *testing.T) {
	dir := t.TempDir()
	p := newPipelineIn(t, dir, engine.Config{})
	res := p.Call(context.Background(), "batch", map[string]any{"continueOnError": false, "calls": []any{
		map[string]any{"tool": "fs_write", "args": map[string]any{"path": "a.txt", "content": "a\n"}},
		map[string]any{"tool": "fs_read", "args": map[string]any{"path": "a.txt"}},
		map[string]any{"tool": "fs_read", "args": map[string]any{"path": "missing.txt"}},
		map[string]any{"tool": "fs_write", "args": map[string]any{"path": "b.txt", "content": "b\n"}},
	}})
	if !res.IsError {
		t.Fatalf("a batch that stopped is an error:\n%s", res.Text)
	}
	texttest.InOrder(t, res.Text, "batch: 2 ok, 1 failed, 1 not run", "── [1] fs_read: ok\na.txt · line 1 of 1 · 2 B\na\n",
		"── [2] fs_read: error", "── [3] fs_write: not run (an earlier call failed and continueOnError is false)")
	if _, err := os.Stat(filepath.Join(dir, "b.txt")); !os.IsNotExist(err) {
		t.Fatalf("the write after the failure ran: %v", err)
	}
}
