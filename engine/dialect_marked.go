package engine

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"strings"

	"f0/tool"
)

// RelayClientName is the clientInfo name f0's own command line sends when
// it calls a tool on another f0 (`f0 call --server URL` or `--stdio CMD`).
// Such a server writes its suggestions with MarkedDialect, so the command
// line can print them as command lines of its own.
const RelayClientName = "f0-cli"

// Markers around a marked suggestion: ASCII record and unit separators,
// which no answer holds otherwise and which survive JSON encoding.
const (
	markOpen  = "\x1ef0:"
	markClose = "\x1f"
)

// MarkedDialect writes each suggested call as a marker that the front end
// relaying the answer replaces with its own rendering (ExpandMarked). The
// payload is the suggestion as base64url JSON, so no quoting on the way
// can break it. Names in prose stay listed names, which every front end
// accepts.
//
// The answer also carries what others wrote (a file, a web page, an
// upstream's result), which may hold marker bytes of its own. So the
// dialect a call gets (newMarkedDialect) signs its markers with a key no
// one else sees, and Seal, run once on the finished answer, keeps only
// the signed markers and escapes every other marker byte.
type MarkedDialect struct {
	ListedDialect
	key string // signs this call's markers; "" writes them unsigned
}

// newMarkedDialect returns a dialect with a fresh key of its own.
func newMarkedDialect() MarkedDialect {
	return MarkedDialect{key: rand.Text()}
}

// Escaped marker bytes: the Unicode symbols for them, which a terminal
// shows and ExpandMarked leaves alone.
var markEscapes = strings.NewReplacer("\x1e", "\u241e", "\x1f", "\u241f")

// markedCall is the payload of a marker.
type markedCall struct {
	Tool   string `json:"tool"`
	Listed string `json:"listed"`
	Args   any    `json:"args,omitempty"`
}

// Call writes the marker of s.
func (d MarkedDialect) Call(s tool.Suggestion) string {
	raw, err := json.Marshal(markedCall(s))
	if err != nil {
		return ListedDialect{}.Call(s)
	}
	return d.open() + base64.RawURLEncoding.EncodeToString(raw) + markClose
}

// open is how this dialect's markers begin: markOpen, then the key.
func (d MarkedDialect) open() string {
	if d.key == "" {
		return markOpen
	}
	return markOpen + d.key + ":"
}

// Seal turns a finished answer into what the relaying front end may
// expand: the markers this dialect signed become plain markers, a signed
// marker cut short (by a budget) is dropped, and every other marker byte
// is escaped, so no content can pose as a suggestion.
func (d MarkedDialect) Seal(text string) string {
	if d.key == "" || !strings.ContainsAny(text, markOpen[:1]+markClose) {
		return text
	}
	open := d.open()
	var b strings.Builder
	for {
		before, rest, found := strings.Cut(text, open)
		b.WriteString(markEscapes.Replace(before))
		if !found {
			return b.String()
		}
		n := base64URLPrefix(rest)
		if n < len(rest) && rest[n] == markClose[0] {
			b.WriteString(markOpen + rest[:n+1])
			n++
		}
		text = rest[n:]
	}
}

// base64URLPrefix is the length of s's leading run of base64url letters.
func base64URLPrefix(s string) int {
	for i, r := range []byte(s) {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return i
		}
	}
	return len(s)
}

// Name writes the listed name.
func (MarkedDialect) Name(s tool.Suggestion) string { return s.Listed }

// ExpandMarked replaces every marker in text with r's rendering of the
// call it holds. A marker that cannot be read (cut by a budget, say) is
// dropped, so no control characters reach a terminal.
func ExpandMarked(text string, r Dialect) string {
	if !strings.Contains(text, markOpen) {
		return text
	}
	var b strings.Builder
	for {
		before, rest, found := strings.Cut(text, markOpen)
		b.WriteString(before)
		if !found {
			return b.String()
		}
		payload, after, closed := strings.Cut(rest, markClose)
		if s, ok := readMarker(payload); ok && closed {
			b.WriteString(r.Call(s))
		}
		if !closed {
			return b.String()
		}
		text = after
	}
}

// readMarker decodes a marker's payload.
func readMarker(payload string) (tool.Suggestion, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return tool.Suggestion{}, false
	}
	var m markedCall
	if err := json.Unmarshal(raw, &m); err != nil || m.Tool == "" {
		return tool.Suggestion{}, false
	}
	return tool.Suggestion(m), true
}
