// Package logline takes the write of a log line off the caller's path: the
// caller copies its line into a buffer, and a goroutine of the writer's
// own writes what has gathered to the real destination (stderr).
//
// Nothing is dropped and nothing grows without bound. When the writer has
// been quiet a line is written at once: the caller wakes the goroutine.
// After a write the goroutine stays awake for a moment (Linger) and writes
// whatever gathered meanwhile in one go, so under load the callers neither
// write nor wake anyone: they copy bytes. A caller whose line does not fit
// in the buffer waits for room, as it would have waited on a full pipe.
// Close writes every line written so far and stops the goroutine; lines
// written after it go out directly.
package logline

import (
	"errors"
	"io"
	"sync"
	"time"
)

// DefaultLimit is how many bytes may wait to be written before callers
// wait for room: far more than a burst of call lines, little memory.
const DefaultLimit = 64 << 10

// Linger is how long the goroutine stays awake after a write for more
// lines, and so the longest a line waits when lines keep coming.
const Linger = time.Millisecond

// closeWait is how long Close waits for a destination that takes nothing
// (a pipe nobody reads) before it gives up on the last lines.
const closeWait = 5 * time.Second

// ErrStuck is Close's answer when the destination did not take the last
// lines within closeWait.
var ErrStuck = errors.New("log lines not written: the destination took nothing for " + closeWait.String())

// Writer is an io.Writer that writes to another one from a goroutine of
// its own. It is safe for concurrent use.
type Writer struct {
	out       io.Writer
	limit     int
	closeWait time.Duration

	mu      sync.Mutex
	room    sync.Cond // signalled when a batch is written
	pending []byte    // lines not yet handed to out
	spare   []byte    // the buffer out last wrote, reused
	awake   bool      // the goroutine will look at pending without a wake
	closed  bool

	wake     chan struct{} // the goroutine waits here for lines
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
}

// New starts a Writer that writes to out, letting at most limit bytes wait
// (DefaultLimit when limit ≤ 0; a single longer line is still taken
// whole). Close it to write the last lines and stop its goroutine.
func New(out io.Writer, limit int) *Writer {
	if limit <= 0 {
		limit = DefaultLimit
	}
	w := &Writer{out: out, limit: limit, closeWait: closeWait, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	w.room.L = &w.mu
	go w.loop()
	return w
}

// Write copies p to be written soon. It waits only when lines already
// waiting leave no room for p. It always reports p written: a log line
// that out refused has nowhere better to go.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	for !w.closed && len(w.pending) > 0 && len(w.pending)+len(p) > w.limit {
		w.nudge() // no lingering while a caller waits
		w.room.Wait()
	}
	if w.closed {
		w.mu.Unlock()
		_, _ = w.out.Write(p)
		return len(p), nil
	}
	w.pending = append(w.pending, p...)
	if !w.awake {
		w.awake = true
		w.nudge()
	}
	w.mu.Unlock()
	return len(p), nil
}

// nudge wakes the goroutine, or leaves the wake it already has.
func (w *Writer) nudge() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// loop writes what gathered each time it is woken, then again after each
// Linger while lines keep coming, until stopped.
func (w *Writer) loop() {
	defer close(w.done)
	linger := time.NewTimer(Linger)
	for {
		select {
		case <-w.wake:
		case <-w.stop:
			w.drain(true)
			return
		}
		for w.drain(false) {
			linger.Reset(Linger)
			select {
			case <-linger.C:
			case <-w.wake:
			case <-w.stop:
				w.drain(true)
				return
			}
		}
	}
}

// drain writes the pending lines, in batches, until none are left, and
// says whether it wrote any; when it wrote none, the goroutine sleeps
// until the next wake. The last drain marks the writer closed as it finds
// nothing left, so that no line slips in between.
func (w *Writer) drain(last bool) (wrote bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(w.pending) > 0 {
		batch := w.pending
		w.pending, w.spare = w.spare[:0], nil
		wrote = true
		w.mu.Unlock()
		_, _ = w.out.Write(batch)
		w.mu.Lock()
		if cap(batch) <= 2*w.limit { // a huge line's buffer is not kept
			w.spare = batch[:0]
		}
		w.room.Broadcast()
	}
	w.awake = wrote
	w.closed = last
	if last {
		w.room.Broadcast() // callers waiting for room now write directly
	}
	return wrote
}

// Close writes every line written so far and stops the goroutine; later
// lines are written directly. It waits at most closeWait for a
// destination that takes nothing, and then answers ErrStuck. It is safe
// to call more than once.
func (w *Writer) Close() error {
	w.stopOnce.Do(func() { close(w.stop) })
	select {
	case <-w.done:
		return nil
	case <-time.After(w.closeWait):
		return ErrStuck
	}
}
