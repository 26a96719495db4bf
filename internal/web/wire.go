package web

import (
	"bytes"
	"context"
	"net"
	"net/http/httptrace"
	"strconv"
	"sync"
)

// maxWireHead is the most of one response head a WireLog keeps; a longer
// head is not recorded (the answer then renders the parsed header).
const maxWireHead = 1 << 20

// WireLog is what one HTTP/1 round trip carried that net/http does not
// keep: the response heads exactly as the server sent them — status line
// with its reason phrase, header lines in order and case, line ends — the
// interim 1xx heads first, then the final one. It can also hold back the
// "Content-Length: 0" line Go writes for a POST, PUT or PATCH without a
// body, which curl does not send.
//
// Attach a WireLog to a request's context with WithWireLog; connections
// made by this package's dialer feed it while the request uses them. Over
// HTTP/2 (binary frames) nothing is recorded.
type WireLog struct {
	// NoEmptyLength drops Go's "Content-Length: 0" from the request head.
	NoEmptyLength bool

	mu      sync.Mutex
	heads   [][]byte
	cur     []byte // the head being received
	done    bool   // the final head arrived (or was too long)
	out     []byte // the request head being sent, while held back
	outDone bool
}

// Heads returns the response heads recorded so far, each ending with its
// blank line.
func (l *WireLog) Heads() [][]byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([][]byte(nil), l.heads...)
}

// WithWireLog makes the round trip of a request made with ctx record into
// l. Use one WireLog per round trip: a redirect is another round trip.
func WithWireLog(ctx context.Context, l *WireLog) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) {
			if wc, ok := info.Conn.(*wireConn); ok {
				wc.attach(l)
			}
		},
	})
}

// received takes the bytes read from the connection, up to the end of the
// final response head.
func (l *WireLog) received(p []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done || len(p) == 0 {
		return
	}
	from := max(len(l.cur)-3, 0)
	l.cur = append(l.cur, p...)
	for !l.done {
		end := headEnd(l.cur, from)
		if end < 0 {
			if len(l.cur) > maxWireHead {
				l.cur, l.done = nil, true
			}
			return
		}
		head := bytes.Clone(l.cur[:end])
		l.heads = append(l.heads, head)
		l.cur, from = l.cur[end:], 0
		if code := headStatus(head); code < 100 || code > 199 || code == 101 {
			l.cur, l.done = nil, true
		}
	}
}

// headEnd is the index just past the blank line that ends a head in b
// (CRLF CRLF, or bare LFs as some servers send), searching from from; -1
// when b holds no end yet.
func headEnd(b []byte, from int) int {
	for i := from; i < len(b); i++ {
		if b[i] != '\n' {
			continue
		}
		switch {
		case i+1 < len(b) && b[i+1] == '\n':
			return i + 2
		case i+2 < len(b) && b[i+1] == '\r' && b[i+2] == '\n':
			return i + 3
		}
	}
	return -1
}

// headStatus is the status code on a head's first line, 0 when unreadable.
func headStatus(head []byte) int {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	f := bytes.Fields(line)
	if len(f) < 2 {
		return 0
	}
	code, err := strconv.Atoi(string(f[1]))
	if err != nil {
		return 0
	}
	return code
}

// emptyLength is the line net/http writes for a bodiless POST, PUT or
// PATCH. The caller's own Content-Length is never written by net/http, so
// this line is always Go's.
var emptyLength = []byte("\r\nContent-Length: 0\r\n")

// sending filters the bytes written to the connection: while the request
// head is held back it returns nil, then the head without Go's empty
// Content-Length, followed by whatever came after it.
func (l *WireLog) sending(p []byte) []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.NoEmptyLength || l.outDone {
		return p
	}
	l.out = append(l.out, p...)
	end := bytes.Index(l.out, []byte("\r\n\r\n"))
	if end < 0 {
		return nil
	}
	head, rest := l.out[:end+2], l.out[end+2:]
	out := append(bytes.Replace(head, emptyLength, []byte("\r\n"), 1), rest...)
	l.out, l.outDone = nil, true
	return out
}

// wireConn is a connection that feeds the WireLog of the round trip using
// it. It wraps the plaintext side: the TCP connection for http://, the TLS
// connection for https:// when HTTP/1.1 was negotiated.
type wireConn struct {
	net.Conn
	mu  sync.Mutex
	log *WireLog
}

func (c *wireConn) attach(l *WireLog) {
	c.mu.Lock()
	c.log = l
	c.mu.Unlock()
}

func (c *wireConn) current() *WireLog {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.log
}

func (c *wireConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if l := c.current(); l != nil {
		l.received(p[:n])
	}
	return n, err
}

func (c *wireConn) Write(p []byte) (int, error) {
	l := c.current()
	if l == nil {
		return c.Conn.Write(p)
	}
	out := l.sending(p)
	if len(out) == 0 {
		return len(p), nil // held back until the head is complete
	}
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
