package logline

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// testTimeout bounds waits that only a broken writer makes long.
const testTimeout = 10 * time.Second

// sink records what the writer hands it: the bytes, and each batch's size.
// Until open is closed, every write waits (a pipe nobody reads yet).
type sink struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	batches []int
	open    chan struct{}
	got     chan struct{} // a value after each write
}

func newSink(open bool) *sink {
	s := &sink{open: make(chan struct{}), got: make(chan struct{}, 1<<10)}
	if open {
		close(s.open)
	}
	return s
}

func (s *sink) Write(p []byte) (int, error) {
	<-s.open
	s.mu.Lock()
	s.buf.Write(p)
	s.batches = append(s.batches, len(p))
	s.mu.Unlock()
	select {
	case s.got <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (s *sink) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

func (s *sink) largestBatch() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Max(append(s.batches, 0))
}

// TestWriterKeepsEveryLineInOrder writes from several goroutines at once
// into a small buffer and a destination that is slow to start: after Close
// every line is there, each goroutine's in its order, and no batch was
// larger than the limit (the buffer never grew past it).
func TestWriterKeepsEveryLineInOrder(t *testing.T) {
	cases := []struct {
		name    string
		writers int
		lines   int
		limit   int
	}{
		{"one writer", 1, 500, 64},
		{"many writers, tiny buffer", 8, 300, 40},
		{"many writers, default buffer", 8, 300, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSink(false)
			w := New(s, tc.limit)
			var wg sync.WaitGroup
			for g := range tc.writers {
				wg.Go(func() {
					for i := range tc.lines {
						fmt.Fprintf(w, "g%d line %04d\n", g, i)
					}
				})
			}
			close(s.open)
			wg.Wait()
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			out := s.String()
			for g := range tc.writers {
				next := 0
				for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					if strings.HasPrefix(line, fmt.Sprintf("g%d ", g)) {
						if want := fmt.Sprintf("g%d line %04d", g, next); line != want {
							t.Fatalf("got %q, want %q", line, want)
						}
						next++
					}
				}
				if next != tc.lines {
					t.Fatalf("writer %d: %d lines out, want %d", g, next, tc.lines)
				}
			}
			limit := tc.limit
			if limit <= 0 {
				limit = DefaultLimit
			}
			if b := s.largestBatch(); b > limit {
				t.Errorf("a batch of %d bytes: the buffer grew past its limit %d", b, limit)
			}
		})
	}
}

// TestWriterWritesPromptlyWhenIdle: a single line reaches the destination
// without Close.
func TestWriterWritesPromptlyWhenIdle(t *testing.T) {
	s := newSink(true)
	w := New(s, 0)
	defer w.Close()
	for i := range 3 {
		line := fmt.Sprintf("line %d\n", i)
		w.Write([]byte(line))
		select {
		case <-s.got:
		case <-time.After(testTimeout):
			t.Fatalf("line %d not written without a flush", i)
		}
		if !strings.HasSuffix(s.String(), line) {
			t.Fatalf("got %q", s.String())
		}
	}
}

// TestWriterTakesALongLineWhole: a line longer than the buffer is written
// whole, not cut or refused.
func TestWriterTakesALongLineWhole(t *testing.T) {
	s := newSink(true)
	w := New(s, 8)
	long := strings.Repeat("x", 100) + "\n"
	fmt.Fprint(w, "a\n")
	fmt.Fprint(w, long)
	fmt.Fprint(w, "b\n")
	w.Close()
	if got := s.String(); got != "a\n"+long+"b\n" {
		t.Errorf("got %q", got)
	}
}

// TestWriterAfterClose: lines written after Close go straight out.
func TestWriterAfterClose(t *testing.T) {
	s := newSink(true)
	w := New(s, 0)
	fmt.Fprint(w, "before\n")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(w, "after\n")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != "before\nafter\n" {
		t.Errorf("got %q", got)
	}
}

// TestWriterCloseOnAStuckDestination: Close does not hang when nothing
// reads the destination; it says the last lines were not written.
func TestWriterCloseOnAStuckDestination(t *testing.T) {
	s := newSink(false)
	defer close(s.open)
	w := New(s, 0)
	w.closeWait = time.Millisecond
	fmt.Fprint(w, "never read\n")
	if err := w.Close(); !errors.Is(err, ErrStuck) {
		t.Errorf("Close = %v, want ErrStuck", err)
	}
}
