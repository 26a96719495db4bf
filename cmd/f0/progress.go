package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"f0/engine"
	"f0/internal/text"
)

// progressBar draws a call's progress on one terminal line of stderr (a
// download with `f0 net.curl -o FILE URL`), with the speed and the time
// left as curl's meter gives them, and clears it when the call ends. As
// curl's meter, it gives way to a body written to the same terminal: the
// first byte of it clears the bar for good (see clearsFirst).
type progressBar struct {
	mu      sync.Mutex
	w       io.Writer
	drawn   bool
	stopped bool
	start   time.Time
	now     func() time.Time
}

// progress installs a progress bar for a call when stderr is a terminal;
// the bar is nil otherwise (its methods then do nothing). Clear it before
// printing the result.
func (a *app) progress(ctx context.Context) (context.Context, *progressBar) {
	if !isTerminal(a.stderr) {
		return ctx, nil
	}
	bar := &progressBar{w: a.stderr, start: time.Now(), now: time.Now}
	return engine.WithProgress(ctx, bar.update), bar
}

// isTerminal reports whether w is a terminal (isatty on its file
// descriptor), or says it is one (a test's). /dev/null is a character
// device but no terminal: `f0 … > /dev/null` is a redirect, as in curl.
func isTerminal(w io.Writer) bool {
	if t, ok := w.(interface{ IsTerminal() bool }); ok {
		return t.IsTerminal()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

const barWidth = 30

func (b *progressBar) update(done, total float64, message string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped {
		return
	}
	line := escapeControls(message) + b.pace(done, total, message)
	if total > 0 {
		frac := min(max(done/total, 0), 1)
		filled := int(frac * barWidth)
		line = fmt.Sprintf("[%s%s] %3.0f%% %s", strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled), frac*100, line)
	}
	fmt.Fprintf(b.w, "\r\033[K%s", line)
	b.drawn = true
}

// pace is the average speed since the call started, for a download (its
// message counts bytes: "downloaded …"), and the time left at that pace
// when the total is known: ", 2.0 MB/s, 0:00:03 left".
func (b *progressBar) pace(done, total float64, message string) string {
	elapsed := b.now().Sub(b.start).Seconds()
	if elapsed <= 0 || done <= 0 {
		return ""
	}
	rate := done / elapsed
	out := ""
	if strings.HasPrefix(message, "downloaded ") {
		out += ", " + text.HumanBytes(int64(rate)) + "/s"
	}
	if total > done {
		out += ", " + clock(time.Duration((total-done)/rate*float64(time.Second))) + " left"
	}
	return out
}

// clock writes a duration as curl's meter does: H:MM:SS.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// clear takes the bar off its line; a later update draws it again.
func (b *progressBar) clear() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprint(b.w, "\r\033[K")
		b.drawn = false
	}
}

// clearsFirst returns w, which writes to stdout, so that when stdout is
// the terminal the bar is on its first write clears the bar and stops it
// (curl shows no meter while it writes a body to the terminal).
func (b *progressBar) clearsFirst(stdout, w io.Writer) io.Writer {
	if b == nil || !isTerminal(stdout) {
		return w
	}
	return &barStopper{bar: b, w: w}
}

// barStopper stops the bar before the first byte it writes.
type barStopper struct {
	bar  *progressBar
	w    io.Writer
	once sync.Once
}

func (s *barStopper) Write(p []byte) (int, error) {
	s.once.Do(s.bar.stop)
	return s.w.Write(p)
}

// Flush flushes the writer underneath (the escaping one holds a cut
// sequence back).
func (s *barStopper) Flush() error {
	if f, ok := s.w.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

// stop clears the bar and draws it no more.
func (b *progressBar) stop() {
	b.clear()
	b.mu.Lock()
	b.stopped = true
	b.mu.Unlock()
}
