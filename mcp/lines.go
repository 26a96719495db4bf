package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"f0/internal/text"
)

// headKept is how much of an over-long line is kept to find its id.
const headKept = 4096

// lineReader splits the input into lines in time linear in their length,
// and refuses lines over a limit without holding them in memory.
type lineReader struct {
	br  *bufio.Reader
	max int64
	err error // sticky: the input ended
}

func newLineReader(r io.Reader, max int64) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// tooLongError reports a line over the limit; head is its start.
type tooLongError struct {
	size, limit int64
	head        []byte
}

func (e *tooLongError) Error() string {
	return fmt.Sprintf("the message is %s bytes, over the limit of %s bytes per message (f0 serve --max-body raises it); send large content in smaller parts",
		text.GroupDigits(e.size), text.GroupDigits(e.limit))
}

// next returns the next line without its line ending, in a slice the
// caller owns, or a *tooLongError for a line over the limit (the reader
// then continues with the line after it), or the error that ended the
// input (io.EOF), again on every later call.
func (r *lineReader) next() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	chunk, err := r.br.ReadSlice('\n')
	if err == nil && int64(len(chunk)) <= r.max {
		return bytes.Clone(trimEOL(chunk)), nil
	}
	line := append([]byte(nil), chunk...)
	for errors.Is(err, bufio.ErrBufferFull) {
		if int64(len(line)) > r.max+2 { // +2: a line ending does not count
			return nil, r.skip(line)
		}
		chunk, err = r.br.ReadSlice('\n')
		line = append(line, chunk...)
	}
	if err != nil {
		r.err = err
		if len(line) == 0 {
			return nil, err
		}
	}
	line = trimEOL(line)
	if int64(len(line)) > r.max {
		return nil, &tooLongError{size: int64(len(line)), limit: r.max, head: line[:min(len(line), headKept)]}
	}
	return line, nil
}

// skip reads the rest of an over-long line, keeping only its start.
func (r *lineReader) skip(line []byte) error {
	e := &tooLongError{size: int64(len(line)), limit: r.max, head: bytes.Clone(line[:min(len(line), headKept)])}
	for {
		chunk, err := r.br.ReadSlice('\n')
		e.size += int64(len(chunk))
		if !errors.Is(err, bufio.ErrBufferFull) {
			if err != nil {
				r.err = err
			}
			e.size -= eolLen(chunk)
			return e
		}
	}
}

func eolLen(chunk []byte) int64 {
	return int64(len(chunk) - len(trimEOL(chunk)))
}

func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte{'\n'})
	return bytes.TrimSuffix(line, []byte{'\r'})
}

// lineWriter writes one JSON message per line, each with a single write.
type lineWriter struct {
	mu   sync.Mutex
	w    io.Writer
	pool sync.Pool // *encoder
}

// encoder is a buffer with its JSON encoder, reused across messages.
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

// send encodes v on one line and writes it.
func (w *lineWriter) send(v any) error {
	e, _ := w.pool.Get().(*encoder)
	if e == nil {
		e = &encoder{}
		e.enc = json.NewEncoder(&e.buf)
		e.enc.SetEscapeHTML(false)
	}
	defer w.recycle(e)
	if err := e.enc.Encode(v); err != nil { // Encode ends the line
		return fmt.Errorf("encode message: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err := w.w.Write(e.buf.Bytes())
	return err
}

func (w *lineWriter) recycle(e *encoder) {
	if e.buf.Cap() > 1<<20 {
		return // let a huge answer's buffer go
	}
	e.buf.Reset()
	w.pool.Put(e)
}
