package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"time"
)

// drainGrace bounds how long the end of input waits for calls in flight.
const drainGrace = 30 * time.Second

// drain lets a stdio session end the way a pipe of requests expects: when
// the input closes, requests already read are answered before the server
// sees the end of input (mcp-go cancels whatever is still running at EOF,
// and drops what is still queued). It counts requests read and responses
// written, line by line.
type drain struct {
	mu      sync.Mutex
	pending int
	changed chan struct{} // closed and replaced whenever pending drops
}

func newDrain() *drain { return &drain{changed: make(chan struct{})} }

// message is the part of a JSON-RPC message that tells requests from
// responses.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func classify(line []byte) (request, response bool) {
	var m message
	if json.Unmarshal(line, &m) != nil {
		return false, false
	}
	hasID := len(m.ID) > 0 && !bytes.Equal(m.ID, []byte("null"))
	return hasID && m.Method != "", hasID && m.Method == ""
}

func (d *drain) add(n int) {
	d.mu.Lock()
	d.pending += n
	if n < 0 {
		close(d.changed)
		d.changed = make(chan struct{})
	}
	d.mu.Unlock()
}

// wait returns once nothing is pending, or after the grace.
func (d *drain) wait() {
	deadline := time.After(drainGrace)
	for {
		d.mu.Lock()
		pending, changed := d.pending, d.changed
		d.mu.Unlock()
		if pending <= 0 {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			return
		}
	}
}

// lines calls fn for every complete line written through it.
type lines struct {
	buf []byte
	fn  func([]byte)
}

func (l *lines) feed(p []byte) {
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return
		}
		l.fn(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
}

// drainReader counts the requests it passes on and holds back EOF until
// they are answered.
type drainReader struct {
	r     io.Reader
	d     *drain
	lines lines
}

func (d *drain) reader(r io.Reader) io.Reader {
	dr := &drainReader{r: r, d: d}
	dr.lines.fn = func(line []byte) {
		if req, _ := classify(line); req {
			d.add(1)
		}
	}
	return dr
}

func (dr *drainReader) Read(p []byte) (int, error) {
	n, err := dr.r.Read(p)
	dr.lines.feed(p[:n])
	if err == io.EOF {
		if len(dr.lines.buf) > 0 { // a last request without its newline
			dr.lines.feed([]byte{'\n'})
		}
		dr.d.wait()
	}
	return n, err
}

// drainWriter counts the responses written.
type drainWriter struct {
	mu    sync.Mutex
	w     io.Writer
	lines lines
}

func (d *drain) writer(w io.Writer) io.Writer {
	dw := &drainWriter{w: w}
	dw.lines.fn = func(line []byte) {
		if _, resp := classify(line); resp {
			d.add(-1)
		}
	}
	return dw
}

func (dw *drainWriter) Write(p []byte) (int, error) {
	n, err := dw.w.Write(p)
	dw.mu.Lock()
	dw.lines.feed(p[:n])
	dw.mu.Unlock()
	return n, err
}
