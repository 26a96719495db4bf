package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"golang.org/x/term"

	"f0/engine"
)

// progressBar draws a call's progress on one terminal line of stderr (a
// download with `f0 net.curl -o FILE URL`), and clears it when the call
// ends.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer
	drawn bool
}

// progress installs a progress bar for a call when stderr is a terminal.
// The returned function clears the bar; call it before printing the
// result.
func (a *app) progress(ctx context.Context) (context.Context, func()) {
	if !isTerminal(a.stderr) {
		return ctx, func() {}
	}
	bar := &progressBar{w: a.stderr}
	return engine.WithProgress(ctx, bar.update), bar.clear
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
	line := escapeControls(message)
	if total > 0 {
		frac := min(max(done/total, 0), 1)
		filled := int(frac * barWidth)
		line = fmt.Sprintf("[%s%s] %3.0f%% %s", strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled), frac*100, line)
	}
	fmt.Fprintf(b.w, "\r\033[K%s", line)
	b.drawn = true
}

func (b *progressBar) clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprint(b.w, "\r\033[K")
		b.drawn = false
	}
}
