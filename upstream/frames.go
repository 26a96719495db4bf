package upstream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"f0/internal/text"
)

// DefaultMaxMessage is the largest message f0 reads from an upstream
// server (one stdio line, one HTTP body, one SSE event). A larger answer
// fails its call with tooLargeCode; the server stays connected.
const DefaultMaxMessage = 16 << 20

// tooLargeCode is the JSON-RPC error code of the answer f0 puts in place
// of one too large to read: not one mcp-go maps to an error of its own,
// so the call's error is the message.
const tooLargeCode = -32099

// maxIDBytes is the longest JSON-RPC id f0 echoes in such an answer.
const maxIDBytes = 256

// tooLargeAnswer is the JSON-RPC error answer that stands for a message
// of more than limit bytes with the given id.
func tooLargeAnswer(id json.RawMessage, size int64, limit int, ended bool) []byte {
	at := "more than " + text.HumanBytes(size)
	if ended {
		at = text.HumanBytes(size)
	}
	msg := fmt.Sprintf("the upstream server's answer is %s, over f0's limit of %s for one message from an upstream server; f0 did not read it. Ask for less (a smaller range, page or filter)",
		at, text.HumanBytes(int64(limit)))
	line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": tooLargeCode, "message": msg}})
	return line
}

// envelope finds the id of a JSON-RPC message read in pieces, and whether
// it has a method, keeping nothing else: what f0 needs to answer for a
// message too long to read. It follows the nesting of the top-level
// object only as far as strings and brackets go.
type envelope struct {
	depth             int
	inString, escaped bool
	inKey, inValue    bool
	key               []byte
	capturing         bool
	id                []byte
	idDone, method    bool
}

func (e *envelope) feed(p []byte) {
	for _, b := range p {
		e.step(b)
	}
}

func (e *envelope) step(b byte) {
	if e.inString {
		e.stringByte(b)
		return
	}
	if e.depth == 1 && e.inValue && (b == ',' || b == '}') {
		e.endValue()
	}
	switch b {
	case '"':
		e.inString = true
		e.inKey = e.depth == 1 && !e.inValue
		if e.inKey {
			e.key = e.key[:0]
		}
	case '{', '[':
		e.depth++
	case '}', ']':
		e.depth--
	case ':':
		if e.depth == 1 && !e.inValue {
			e.inValue = true
			e.capturing = string(e.key) == "id"
			e.method = e.method || string(e.key) == "method"
			return
		}
	}
	e.capture(b)
}

func (e *envelope) stringByte(b byte) {
	e.capture(b)
	switch {
	case e.escaped:
		e.escaped = false
	case b == '\\':
		e.escaped = true
	case b == '"':
		e.inString, e.inKey = false, false
	case e.inKey && len(e.key) < 16:
		e.key = append(e.key, b)
	}
}

func (e *envelope) capture(b byte) {
	if e.capturing && len(e.id) <= maxIDBytes && b != ' ' && b != '\t' && b != '\r' && b != '\n' {
		e.id = append(e.id, b)
	}
}

func (e *envelope) endValue() {
	if e.capturing {
		e.idDone = true
	}
	e.inValue, e.capturing = false, false
}

// answerID is the id to answer for: a string or number of a message
// without a method, once it is known.
func (e *envelope) answerID() (json.RawMessage, bool) {
	if !e.idDone || e.method || len(e.id) == 0 || len(e.id) > maxIDBytes || !json.Valid(e.id) {
		return nil, false
	}
	if c := e.id[0]; c != '"' && c != '-' && (c < '0' || c > '9') {
		return nil, false
	}
	return e.id, true
}

// serverRequest is a request an upstream server sent f0: its id and
// method (cut short).
type serverRequest struct {
	id     json.RawMessage
	method string
}

// peekRequest reports whether a message is a request (an id and a
// method), and reads them.
func peekRequest(line []byte) (serverRequest, bool) {
	if !bytes.Contains(line, []byte(`"method"`)) {
		return serverRequest{}, false
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(line, &m) != nil || m.Method == "" || len(m.ID) == 0 || string(m.ID) == "null" || len(m.ID) > maxIDBytes {
		return serverRequest{}, false
	}
	return serverRequest{id: bytes.Clone(m.ID), method: text.CutUTF8(m.Method, 64)}, true
}

// lineFilter stands between a stdio server's output and mcp-go's reader,
// which reads a line whole however long it is: it passes on each line up
// to max bytes; for a longer one it reads on without keeping it and
// passes on, in its place, an error answer for its id (as soon as the id
// is known). Requests from the server go to requests instead of mcp-go.
type lineFilter struct {
	pump
	br       *bufio.Reader
	max      int
	requests func(serverRequest)
	dropped  func(size int64)

	line []byte
	skip *skipping
}

// pump is the Read of a filter: what next passes on, piece by piece.
type pump struct {
	next func() ([]byte, error)
	out  []byte // what Read returns next
	err  error
}

func (f *pump) Read(p []byte) (int, error) {
	for len(f.out) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		f.out, f.err = f.next()
	}
	n := copy(p, f.out)
	f.out = f.out[n:]
	return n, nil
}

// skipping is the state of an over-long line being read past.
type skipping struct {
	env      envelope
	size     int64
	answered bool
}

func newLineFilter(r io.Reader, max int, requests func(serverRequest), dropped func(int64)) *lineFilter {
	f := &lineFilter{br: bufio.NewReaderSize(r, 64<<10), max: max, requests: requests, dropped: dropped}
	f.pump.next = f.nextLine
	return f
}

// nextLine returns what the next line becomes for mcp-go (nothing for a
// request or a dropped line).
func (f *lineFilter) nextLine() ([]byte, error) {
	if f.skip != nil {
		return f.skipMore()
	}
	if cap(f.line) > 1<<20 {
		f.line = nil // let a large line's buffer go
	}
	f.line = f.line[:0]
	for {
		chunk, err := f.br.ReadSlice('\n')
		if len(f.line)+len(chunk) > f.max+1 { // +1: the line ending
			f.skip = &skipping{size: int64(len(f.line) + len(chunk))}
			f.skip.env.feed(f.line)
			f.skip.env.feed(chunk)
			f.line = nil
			if err == nil || !errors.Is(err, bufio.ErrBufferFull) {
				return f.endSkip(err)
			}
			return f.skipMore()
		}
		f.line = append(f.line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if req, ok := peekRequest(f.line); ok && err == nil {
			f.requests(req)
			return nil, nil
		}
		return f.line, err
	}
}

// skipMore reads on through an over-long line; the answer for its id is
// returned as soon as the id is known, the rest of the line read after.
func (f *lineFilter) skipMore() ([]byte, error) {
	s := f.skip
	for {
		if !s.answered {
			if id, ok := s.env.answerID(); ok {
				s.answered = true
				return append(tooLargeAnswer(id, s.size, f.max, false), '\n'), nil
			}
		}
		chunk, err := f.br.ReadSlice('\n')
		s.size += int64(len(chunk))
		if !s.answered {
			s.env.feed(chunk)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return f.endSkip(err)
		}
	}
}

// endSkip ends an over-long line: its answer when not given yet, or
// nothing (a notification, a request, a message without an id).
func (f *lineFilter) endSkip(err error) ([]byte, error) {
	s := f.skip
	f.skip = nil
	if s.answered {
		return nil, err
	}
	if id, ok := s.env.answerID(); ok {
		return append(tooLargeAnswer(id, s.size, f.max, true), '\n'), err
	}
	f.dropped(s.size)
	return nil, err
}
