package mcp

import (
	"bytes"
	"encoding/json"
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
	version            []byte // the jsonrpc member, raw
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

// isJSONRPC2 reports whether the message says it is JSON-RPC 2.0, as
// mcp-go requires.
func (e *envelope) isJSONRPC2() bool { return string(e.version) == `"2.0"` }

// undecodable reports whether encoding/json (and so mcp-go) would refuse
// the message although it is well-formed enough to know its id.
func (e *envelope) undecodable() bool { return e.depth > maxJSONDepth || e.badNumber != nil }

// scanEnvelope reads msg's top-level members. It tolerates anything: on
// malformed input the fields are simply left empty, and the decoder that
// runs afterwards reports the error.
func scanEnvelope(msg []byte) envelope {
	var e envelope
	var vals [6][]byte
	e.depth, e.badNumber, e.object = scanMembers(msg, &envelopeKeys, &vals)
	e.id, e.method, e.params = vals[0], vals[1], vals[2]
	e.response = vals[3] != nil || vals[4] != nil
	e.version = vals[5]
	return e
}

// envelopeKeys are the members scanEnvelope looks for.
var envelopeKeys = [6]string{"id", "method", "params", "result", "error", "jsonrpc"}

// scanMembers finds the raw values of the members named keys (written in
// lower case, and matched without regard to case, as encoding/json and so
// mcp-go match them) of the JSON object in data, the last one winning as
// with encoding/json. It returns the deepest nesting seen, the first number
// out of float64 range, and whether data starts as an object. Cost is
// linear in len(data), and nothing is allocated.
func scanMembers(data []byte, keys *[6]string, vals *[6][]byte) (depth int, badNumber []byte, object bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return 0, nil, false
	}
	s := memberScanner{data: data, keys: keys, vals: vals, key: -1}
	s.run(i)
	return s.maxDepth, s.badNumber, true
}

type memberScanner struct {
	data      []byte
	keys      *[6]string
	vals      *[6][]byte
	depth     int
	maxDepth  int
	badNumber []byte
	key       int // index in keys of the member being read, or -1
	wantKey   bool
	valStart  int // start of the current top-level value
}

// visit records a top-level value for the key being read.
func (s *memberScanner) visit(val []byte) {
	if s.key >= 0 {
		s.vals[s.key] = val
	}
	s.key = -1
}

// match finds a key's index in keys.
func (s *memberScanner) match(key []byte) int {
	for i, k := range s.keys {
		if k != "" && equalFoldASCII(k, key) {
			return i
		}
	}
	return -1
}

func equalFoldASCII(k string, key []byte) bool {
	if len(k) != len(key) {
		return false
	}
	for i := range len(k) {
		a, b := k[i], key[i]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
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
			if s.depth == 2 {
				s.visit(d[s.valStart : i+1])
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
		s.key = s.match(s.data[start+1 : max(start+1, end-1)])
		s.wantKey = false
		return
	}
	s.visit(s.data[start:end])
}

// outOfRange reports whether a JSON number cannot be held by a float64.
// Only long numbers or numbers with an exponent can overflow.
func outOfRange(num []byte) bool {
	if len(num) < 20 && !bytes.ContainsAny(num, "eE") {
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
	var vals [6][]byte
	scanMembers(e.params, &[6]string{"name", "arguments"}, &vals)
	name, args := vals[0], vals[1]
	// The id and name are copied verbatim: they must be valid JSON.
	if len(name) == 0 || name[0] != '"' || !json.Valid(name) || !json.Valid(e.id) {
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
