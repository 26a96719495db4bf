package roots

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// testTimeout only fires when something hangs.
const testTimeout = 30 * time.Second

// increment is a Change that adds one to the number a file holds.
func increment(cur Current, w io.Writer) error {
	data, err := io.ReadAll(cur)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	_, err = fmt.Fprintf(w, "%d\n", n+1)
	return err
}

func openDirs(t *testing.T, dirs ...string) *Set {
	t.Helper()
	s, err := Open(dirs)
	must(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// TestRewriteTakesTurns: parallel rewrites of one file, through one set,
// through a view of it and through a nested root that reaches the same
// file, all land.
func TestRewriteTakesTurns(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	s := openDirs(t, dir, filepath.Join(dir, "sub"))
	views := []*Set{s, s.WithOrigin("a view"), s.described("another view")}
	var wg sync.WaitGroup
	errs := make(chan error, 48)
	for i := range 48 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			set := views[i%len(views)]
			name := "sub/n.txt"
			if i%2 == 1 {
				name = filepath.Join(dir, "sub", "n.txt") // through the nested root
			}
			l, err := set.Locate(name)
			if err == nil {
				_, err = set.Rewrite(context.Background(), l, WriteOptions{}, increment)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "sub", "n.txt")); string(data) != "48\n" {
		t.Errorf("the file holds %q after 48 increments", data)
	}
}

// TestRewriteNoticesAnotherServer: two servers (sets opened separately) do
// not take turns with each other, but one that writes while the other's
// rewrite is under way is noticed before the rename, and the rewrite is
// made again on its content.
func TestRewriteNoticesAnotherServer(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "n.txt"), []byte("0\n"), 0o644))
	a, b := openDirs(t, dir), openDirs(t, dir)
	la, _ := a.Locate("n.txt")
	lb, _ := b.Locate("n.txt")
	reading, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	tries := 0
	go func() {
		_, err := a.Rewrite(context.Background(), la, WriteOptions{}, func(cur Current, w io.Writer) error {
			if tries++; tries == 1 {
				close(reading)
				<-release
			}
			return increment(cur, w)
		})
		done <- err
	}()
	<-reading
	// b does not wait for a's turn: a separate server has its own.
	finished := make(chan error, 1)
	go func() {
		_, err := b.Rewrite(context.Background(), lb, WriteOptions{}, increment)
		finished <- err
	}()
	select {
	case err := <-finished:
		must(t, err)
	case <-time.After(testTimeout):
		t.Fatal("a second server waited for the first one's turn")
	}
	close(release)
	must(t, <-done)
	if data, _ := os.ReadFile(filepath.Join(dir, "n.txt")); string(data) != "2\n" || tries != 2 {
		t.Errorf("the file holds %q after %d tries; want 2 and 2", data, tries)
	}
}

// TestRewriteRefusedLeavesNothing: a change that fails leaves the file as
// it was and no temporary file, and a cancelled wait for the turn gives up.
func TestRewriteRefusedLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "f.txt"), []byte("keep\n"), 0o644))
	s := openDirs(t, dir)
	l, _ := s.Locate("f.txt")
	refused := errors.New("refused")
	if _, err := s.Rewrite(context.Background(), l, WriteOptions{}, func(cur Current, w io.Writer) error {
		io.WriteString(w, "half")
		return refused
	}); !errors.Is(err, refused) {
		t.Fatalf("got %v, want the change's error", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(data) != "keep\n" {
		t.Errorf("the file holds %q", data)
	}
	unlock, err := s.shared.locks.lock(context.Background(), l)
	must(t, err)
	defer unlock()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Rewrite(ctx, l, WriteOptions{}, increment); !errors.Is(err, context.Canceled) {
		t.Errorf("waiting for a held file with a cancelled context: got %v", err)
	}
}
