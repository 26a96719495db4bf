package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// forTerminal is s as it may reach w: unchanged for a pipe or a file, and
// with its control characters escaped for a terminal, which would act on
// them. What f0 prints comes largely from others (a server's reason phrase,
// a page, a file, an upstream's result), and an escape sequence among it
// could write the clipboard (OSC 52), clear the screen or retitle the
// window.
func forTerminal(w io.Writer, s string) string {
	if !isTerminal(w) {
		return s
	}
	return escapeControls(s)
}

// escapeControls writes every control character of s but tab and newline
// (and a carriage return that ends a line) as an escape, \x1b or \u009b,
// and every byte that is not UTF-8 as \xNN.
func escapeControls(s string) string {
	if !hasControls(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case isControl(r) && !(r == '\r' && strings.HasPrefix(s[i+1:], "\n")):
			if r < 0x80 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// hasControls reports whether escapeControls has anything to do.
func hasControls(s string) bool {
	for i, r := range s {
		if r == utf8.RuneError || isControl(r) && !(r == '\r' && strings.HasPrefix(s[i+1:], "\n")) {
			return true
		}
	}
	return false
}

// isControl reports whether a terminal may act on r: C0 but tab and
// newline, DEL, and C1.
func isControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

// escapingWriter escapes control characters in what is written through it
// to a terminal (escapeControls), keeping back the end of a write that may
// be cut in the middle of a character or before a line's "\n".
type escapingWriter struct {
	w    io.Writer
	held []byte
}

// terminalWriter is w, escaping when w is a terminal.
func terminalWriter(w io.Writer) io.Writer {
	if !isTerminal(w) {
		return w
	}
	return &escapingWriter{w: w}
}

func (e *escapingWriter) Write(p []byte) (int, error) {
	data := append(e.held, p...)
	keep := incompleteTail(data)
	e.held = append([]byte(nil), data[len(data)-keep:]...)
	if _, err := io.WriteString(e.w, escapeControls(string(data[:len(data)-keep]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what Write kept back.
func (e *escapingWriter) Flush() error {
	if len(e.held) == 0 {
		return nil
	}
	_, err := io.WriteString(e.w, escapeControls(string(e.held)))
	e.held = nil
	return err
}

// incompleteTail is how many bytes at the end of data may belong with the
// next write: a carriage return, or the start of a UTF-8 character.
func incompleteTail(data []byte) int {
	if n := len(data); n > 0 && data[n-1] == '\r' {
		return 1
	}
	for k := 1; k <= min(3, len(data)); k++ {
		c := data[len(data)-k]
		if c < 0x80 {
			return 0
		}
		if c >= 0xc0 { // a leading byte: complete when its length fits
			if utf8.FullRune(data[len(data)-k:]) {
				return 0
			}
			return k
		}
	}
	return 0
}

// flushSink writes what an escaping sink kept back; other writers (nil
// among them) have nothing to write.
func flushSink(w io.Writer) {
	if e, ok := w.(interface{ Flush() error }); ok {
		_ = e.Flush()
	}
}
