package fs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"f0/internal/roots"
)

func TestWalkLess(t *testing.T) {
	paths := []string{"a-b", "a/z", "a", "a/b/c", "a.go", "b", "a/b"}
	slices.SortFunc(paths, func(x, y string) int {
		if walkLess(x, y) {
			return -1
		}
		if walkLess(y, x) {
			return 1
		}
		return 0
	})
	want := []string{"a", "a/b", "a/b/c", "a/z", "a-b", "a.go", "b"}
	if !slices.Equal(paths, want) {
		t.Errorf("walk order %v, want %v", paths, want)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestWalkOrderIsStable walks a tree many times: the order never depends
// on the workers' timing.
func TestWalkOrderIsStable(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		for j := range 5 {
			p := filepath.Join(dir, fmt.Sprintf("d%02d", i%7), fmt.Sprintf("s%d", j), fmt.Sprintf("f%02d.txt", i))
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			must(t, os.WriteFile(p, []byte("x\n"), 0o644))
		}
	}
	set, err := roots.Open([]string{dir})
	must(t, err)
	defer set.Close()
	start, _ := set.Locate(".")
	var first []string
	for range 20 {
		var got []string
		spec := walkSpec{start: start, work: func(ctx context.Context, w *worker, d *dirHandle, e *entry) any { return e.name }}
		_, err := runWalk(context.Background(), set, spec, func(e *entry) bool {
			got = append(got, e.rel)
			return true
		})
		must(t, err)
		if first == nil {
			first = got
			sorted := slices.Clone(got)
			slices.SortFunc(sorted, func(a, b string) int {
				if walkLess(a, b) {
					return -1
				}
				return 1
			})
			if !slices.Equal(sorted, got) {
				t.Fatalf("not in walk order: %v", got)
			}
		} else if !slices.Equal(first, got) {
			t.Fatal("the order changed between runs")
		}
	}
	// Stopping early leaves no goroutine or handle behind (checked by -race
	// and the test's end), and returns quickly.
	n := 0
	_, err = runWalk(context.Background(), set, walkSpec{start: start, work: func(ctx context.Context, w *worker, d *dirHandle, e *entry) any { return nil }}, func(e *entry) bool {
		n++
		return n < 10
	})
	must(t, err)
}
