package upstream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
)

// maxFieldLine is the longest SSE line other than data that is passed on
// (event, id, retry); a longer one is dropped.
const maxFieldLine = 1 << 10

// sseFilter stands between a server's event stream and mcp-go's reader,
// which holds an event's data whole and joins its lines in time that
// grows with the square of their number: it passes on each event with its
// data on one line (the lines joined by a space, which is the same JSON
// as mcp-go's newline), up to max bytes; for a longer one it reads on
// without keeping it and passes on, in its place, an error answer for its
// id (as soon as the id is known).
type sseFilter struct {
	pump
	body io.ReadCloser
	br   *bufio.Reader
	max  int
	// request says whether a request from the server is passed on.
	request func() bool

	// The event being read: its other fields, its data, and where the
	// line being read is.
	fields    []byte
	data      []byte
	hasData   bool
	skip      *skipping
	lineStart bool
	lineKind  byte // 'd' data, 'f' a field kept, 'x' a line dropped
	field     []byte
}

func newSSEFilter(body io.ReadCloser, max int, request func() bool) *sseFilter {
	f := &sseFilter{body: body, br: bufio.NewReaderSize(body, 64<<10), max: max, request: request, lineStart: true}
	f.pump.next = f.nextEvent
	return f
}

func (f *sseFilter) Close() error { return f.body.Close() }

// nextEvent reads on until there is something to pass on: an event, or
// the answer for one too long.
func (f *sseFilter) nextEvent() ([]byte, error) {
	for {
		chunk, err := f.br.ReadSlice('\n')
		ended := err == nil
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			if err != io.EOF {
				return nil, err // as mcp-go, no event from a stream that broke off
			}
			var out []byte
			if len(chunk) > 0 {
				out = f.take(chunk, true)
			}
			return append(out, f.dispatch()...), err
		}
		if out := f.take(chunk, ended); out != nil {
			return out, nil
		}
	}
}

// take reads one piece of a line (ended: its last), and returns what is
// to be passed on.
func (f *sseFilter) take(chunk []byte, ended bool) []byte {
	if ended {
		chunk = bytes.TrimRight(chunk, "\r\n")
	}
	if f.lineStart {
		f.lineStart = false
		switch {
		case len(chunk) == 0 && ended:
			f.lineStart = true
			return f.dispatch()
		case bytes.HasPrefix(chunk, []byte("data:")):
			f.lineKind = 'd'
			chunk = bytes.TrimPrefix(chunk[len("data:"):], []byte(" "))
			if f.hasData {
				chunk = append([]byte(" "), chunk...)
			}
			f.hasData = true
		case bytes.HasPrefix(chunk, []byte("event:")) || bytes.HasPrefix(chunk, []byte("id:")) || bytes.HasPrefix(chunk, []byte("retry:")):
			f.lineKind, f.field = 'f', f.field[:0]
		default:
			f.lineKind = 'x' // a comment, or a field mcp-go does not read
		}
	}
	var out []byte
	switch f.lineKind {
	case 'd':
		out = f.takeData(chunk)
	case 'f':
		f.field = append(f.field, chunk...)
	}
	if ended {
		f.lineStart = true
		if f.lineKind == 'f' && len(f.field) <= maxFieldLine && len(f.fields) < 4*maxFieldLine {
			f.fields = append(append(f.fields, f.field...), '\n')
		}
	}
	return out
}

// takeData adds a piece of data to the event, or reads past it when the
// event is over max; the answer for an event over max is returned once
// its id is known.
func (f *sseFilter) takeData(p []byte) []byte {
	if f.skip == nil {
		if len(f.data)+len(p) <= f.max {
			f.data = append(f.data, p...)
			return nil
		}
		f.skip = &skipping{size: int64(len(f.data))}
		f.skip.env.feed(f.data)
		f.data = nil
	}
	s := f.skip
	s.size += int64(len(p))
	if s.answered {
		return nil
	}
	s.env.feed(p)
	if id, ok := s.env.answerID(); ok {
		s.answered = true
		return sseEvent(nil, tooLargeAnswer(id, s.size, f.max, false))
	}
	return nil
}

// dispatch ends the event: it is passed on whole, or its answer when it
// was too long and none was given yet.
func (f *sseFilter) dispatch() []byte {
	fields, data, hasData, skip := f.fields, f.data, f.hasData, f.skip
	f.fields, f.hasData, f.skip = nil, false, nil
	if cap(f.data) > 1<<20 {
		f.data = nil
	} else {
		f.data = f.data[:0]
	}
	switch {
	case skip != nil:
		if id, ok := skip.env.answerID(); ok && !skip.answered {
			return sseEvent(fields, tooLargeAnswer(id, skip.size, f.max, true))
		}
		return nil
	case hasData:
		if _, isRequest := peekRequest(data); isRequest && !f.request() {
			return nil // dropped: too many wait for their answers
		}
		return sseEvent(fields, data)
	}
	return nil
}

// isAnswer reports whether r carries f0's answer to a request from the
// server (a JSON-RPC message with no method).
func isAnswer(r *http.Request) bool {
	if r.Method != http.MethodPost || r.GetBody == nil {
		return false
	}
	body, err := r.GetBody()
	if err != nil {
		return false
	}
	defer body.Close()
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	return json.NewDecoder(io.LimitReader(body, 1<<20)).Decode(&m) == nil && m.Method == nil && (m.Result != nil || m.Error != nil)
}

// sseEvent is one event of the given fields and data.
func sseEvent(fields, data []byte) []byte {
	out := make([]byte, 0, len(fields)+len(data)+10)
	out = append(out, fields...)
	out = append(append(append(out, "data: "...), data...), "\n\n"...)
	return out
}

// capBody reads a response that is not an event stream, up to max bytes;
// a longer one is replaced by an error answer for the request's id.
func capBody(r *http.Request, resp *http.Response, max int) (*http.Response, error) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(max)+1))
	resp.Body.Close()
	if len(data) <= max {
		resp.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), errorReader{err}))
		return resp, nil
	}
	id := requestID(r)
	if id == nil {
		return nil, errors.New("the upstream server's answer is over f0's limit for one message from an upstream server")
	}
	answer := tooLargeAnswer(id, int64(len(data)), max, false)
	resp.StatusCode, resp.Status = http.StatusOK, "200 OK"
	resp.Header = resp.Header.Clone()
	resp.Header.Set("Content-Type", "application/json")
	resp.Header.Set("Content-Length", strconv.Itoa(len(answer)))
	resp.ContentLength = int64(len(answer))
	resp.Body = io.NopCloser(bytes.NewReader(answer))
	return resp, nil
}

// requestID is the JSON-RPC id of the request r sends, or nil.
func requestID(r *http.Request) json.RawMessage {
	if r.GetBody == nil {
		return nil
	}
	body, err := r.GetBody()
	if err != nil {
		return nil
	}
	defer body.Close()
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.NewDecoder(io.LimitReader(body, 1<<20)).Decode(&m) != nil || len(m.ID) == 0 || len(m.ID) > maxIDBytes {
		return nil
	}
	return m.ID
}

// errorReader returns err, or io.EOF when it is nil.
type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) {
	if e.err == nil {
		return 0, io.EOF
	}
	return 0, e.err
}

// isEventStream reports whether a response is an event stream.
func isEventStream(resp *http.Response) bool {
	mediaType, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return mediaType == "text/event-stream"
}
