package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
)

// maxJSONDepth is encoding/json's nesting limit: a message nested deeper
// cannot be decoded by mcp-go at all.
const maxJSONDepth = 10000

// rawArgumentsMeta is the _meta key under which a transport hands the
// pipeline arguments that mcp-go cannot decode (nested too deep, a number
// out of float64 range), verbatim as a JSON string. The pipeline then
// answers them like any other wrong arguments, with a tool result.
const rawArgumentsMeta = "f0/rawArguments"

// envelope is what the transports need to know about a JSON-RPC message,
// found in one pass over its bytes without decoding it: the raw id, method
// and params, whether it carries a result or an error (a response), how
// deep it nests and the first number a float64 cannot hold.
type envelope struct {
	id, method, params []byte
	response           bool
	object             bool // the message is a JSON object
	depth              int
	badNumber          []byte
}

// hasID reports whether the message carries a non-null id.
func (e *envelope) hasID() bool { return len(e.id) > 0 && !bytes.Equal(e.id, []byte("null")) }

// isMethod reports whether the message's method is m.
func (e *envelope) isMethod(m string) bool {
	return len(e.method) == len(m)+2 && string(e.method[1:len(e.method)-1]) == m
}

// undecodable reports whether encoding/json (and so mcp-go) would refuse
// the message although it is well-formed enough to know its id.
func (e *envelope) undecodable() bool { return e.depth > maxJSONDepth || e.badNumber != nil }

// scanEnvelope reads msg's top-level members. It tolerates anything: on
// malformed input the fields are simply left empty, and the decoder that
// runs afterwards reports the error.
func scanEnvelope(msg []byte) envelope {
	var e envelope
	e.depth, e.badNumber, e.object = scanMembers(msg, func(key, val []byte) {
		// Keys match without regard to case, as encoding/json (and so
		// mcp-go) matches them.
		var lower [8]byte
		if len(key) > len(lower) {
			return
		}
		for i, c := range key {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			lower[i] = c
		}
		switch string(lower[:len(key)]) {
		case "id":
			e.id = val
		case "method":
			e.method = val
		case "params":
			e.params = val
		case "result", "error":
			e.response = true
		}
	})
	return e
}

// scanMembers calls visit for every member of the JSON object in data, with
// the raw key (without quotes) and the raw value, and returns the deepest
// nesting seen, the first number out of float64 range, and whether data
// starts as an object. Cost is linear in len(data); nothing is allocated.
func scanMembers(data []byte, visit func(key, val []byte)) (depth int, badNumber []byte, object bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return 0, nil, false
	}
	s := memberScanner{data: data, visit: visit}
	s.run(i)
	return s.maxDepth, s.badNumber, true
}

type memberScanner struct {
	data      []byte
	visit     func(key, val []byte)
	depth     int
	maxDepth  int
	badNumber []byte
	key       []byte
	wantKey   bool
	valStart  int // start of the current top-level value
}

func (s *memberScanner) run(i int) {
	d := s.data
	for i < len(d) {
		switch c := d[i]; {
		case c == '"':
			end := skipString(d, i)
			s.token(i, end, true)
			i = end
		case c == '{' || c == '[':
			s.depth++
			s.maxDepth = max(s.maxDepth, s.depth)
			if s.depth == 1 {
				s.wantKey = c == '{'
			} else if s.depth == 2 {
				s.valStart = i
			}
			i++
		case c == '}' || c == ']':
			if s.depth == 2 && s.key != nil {
				s.visit(s.key, d[s.valStart:i+1])
				s.key = nil
			}
			s.depth--
			i++
			if s.depth == 0 {
				return
			}
		case c == ',':
			s.wantKey = s.depth == 1
			i++
		case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
			end := skipWord(d, i)
			if c < 'a' && s.badNumber == nil && outOfRange(d[i:end]) {
				s.badNumber = d[i:end]
			}
			s.token(i, end, false)
			i = end
		default:
			i++
		}
	}
}

// token handles a string or scalar spanning data[start:end].
func (s *memberScanner) token(start, end int, isString bool) {
	if s.depth != 1 {
		return
	}
	if s.wantKey && isString {
		s.key = s.data[start+1 : max(start+1, end-1)]
		s.wantKey = false
		return
	}
	if s.key != nil {
		s.visit(s.key, s.data[start:end])
		s.key = nil
	}
}

// outOfRange reports whether a JSON number cannot be held by a float64.
// Only long numbers or numbers with an exponent can overflow.
func outOfRange(num []byte) bool {
	if len(num) < 20 && bytes.IndexAny(num, "eE") < 0 {
		return false
	}
	_, err := strconv.ParseFloat(string(num), 64)
	return err != nil
}

func skipSpace(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at d[i].
func skipString(d []byte, i int) int {
	i++
	for i < len(d) {
		j := bytes.IndexAny(d[i:], `"\`)
		if j < 0 {
			return len(d)
		}
		i += j
		if d[i] == '"' {
			return i + 1
		}
		i += 2 // an escape: skip the backslash and the escaped byte
	}
	return len(d)
}

// skipWord returns the index just past a number or a literal.
func skipWord(d []byte, i int) int {
	for i < len(d) {
		c := d[i]
		if c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			i++
			continue
		}
		break
	}
	return i
}

// readableCall rewrites a tools/call whose arguments mcp-go cannot decode
// into one it can: the arguments become {} and their exact text travels in
// params._meta[rawArgumentsMeta], so that the pipeline answers with a tool
// result (what was passed, what was expected) instead of mcp-go's protocol
// error, which for a message nested too deep even loses the request id. It
// returns nil when the message needs no rewrite or is not such a call.
func readableCall(e *envelope) []byte {
	if !e.undecodable() || !e.hasID() || !e.isMethod("tools/call") || len(e.params) == 0 {
		return nil
	}
	var name, args []byte
	scanMembers(e.params, func(key, val []byte) {
		switch string(key) {
		case "name":
			name = val
		case "arguments":
			args = val
		}
	})
	if len(name) == 0 || name[0] != '"' {
		return nil
	}
	raw, err := json.Marshal(string(args))
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	b.Grow(len(raw) + len(name) + len(e.id) + 128)
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	b.Write(e.id)
	b.WriteString(`,"method":"tools/call","params":{"name":`)
	b.Write(name)
	b.WriteString(`,"arguments":{},"_meta":{"` + rawArgumentsMeta + `":`)
	b.Write(raw)
	b.WriteString(`}}}`)
	return b.Bytes()
}

// readableCalls rewrites, before mcp-go reads them, POSTed tool calls whose
// arguments it could not decode (see readableCall). The body is already
// capped by the limits middleware.
func readableCalls(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			// Let mcp-go answer the read error (413 for a body over the cap).
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{err}))
			next.ServeHTTP(w, r)
			return
		}
		e := scanEnvelope(body)
		if rewritten := readableCall(&e); rewritten != nil {
			body = rewritten
			r.ContentLength = int64(len(body))
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
