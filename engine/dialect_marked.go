package engine

import (
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
type MarkedDialect struct{ ListedDialect }

// markedCall is the payload of a marker.
type markedCall struct {
	Tool   string `json:"tool"`
	Listed string `json:"listed"`
	Args   any    `json:"args,omitempty"`
}

// Call writes the marker of s.
func (MarkedDialect) Call(s tool.Suggestion) string {
	raw, err := json.Marshal(markedCall(s))
	if err != nil {
		return ListedDialect{}.Call(s)
	}
	return markOpen + base64.RawURLEncoding.EncodeToString(raw) + markClose
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
