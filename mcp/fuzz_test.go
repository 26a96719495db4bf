package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzJSONRPCLine feeds arbitrary input to the stdio line handling: the
// line splitter with its size limit, the one-pass envelope scan, and the
// rewrite of undecodable tool calls. Nothing may panic; every line fits the
// limit; on input encoding/json can decode, the scan finds exactly what the
// decoder finds; and a rewritten call always decodes.
//
//	go test -run '^$' -fuzz '^FuzzJSONRPCLine$' -fuzztime=15s ./mcp
func FuzzJSONRPCLine(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fs_read","arguments":{"path":"a"}}}`,
		`{"jsonrpc":"2.0","id":"x\"y","result":{}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fs_read","arguments":{"limit":1e400}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs_read","arguments":{"p":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}}}`,
		`{"ID":4,"Method":"ping"}` + "\r\n\n",
		`not json` + "\n" + strings.Repeat("x", 300),
		`{"id":[1,{"a":"}"}],"method":"m","params":[-0.5e-3,true,null]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		const limit = 256
		r := newLineReader(bytes.NewReader(input), limit)
		for {
			line, err := r.next()
			var tooLong *tooLongError
			if errors.As(err, &tooLong) {
				if tooLong.size <= limit {
					t.Fatalf("refused a line of %d bytes under the limit", tooLong.size)
				}
				scanEnvelope(tooLong.head)
				continue
			}
			if err != nil {
				break
			}
			if len(line) > limit {
				t.Fatalf("a line of %d bytes passed the limit", len(line))
			}
			checkEnvelope(t, line)
		}
		checkEnvelope(t, input)
	})
}

// checkEnvelope compares the scan of msg with encoding/json's reading.
func checkEnvelope(t *testing.T, msg []byte) {
	e := scanEnvelope(msg)
	if rewritten := readableCall(&e); rewritten != nil {
		var call struct {
			ID     json.RawMessage `json:"id"`
			Params struct {
				Meta map[string]string `json:"_meta"`
			} `json:"params"`
		}
		if err := json.Unmarshal(rewritten, &call); err != nil {
			t.Fatalf("rewritten call does not decode: %v\n%s", err, rewritten)
		}
		if !bytes.Equal(call.ID, e.id) {
			t.Fatalf("rewritten call id %s, want %s", call.ID, e.id)
		}
	}
	if bytes.ContainsAny(msg, "\\") || bytes.ContainsFunc(msg, func(r rune) bool { return r >= 0x80 }) {
		return // escaped or non-ASCII keys: encoding/json folds them in ways the scan does not
	}
	var want struct {
		ID     json.RawMessage `json:"id"`
		Method json.RawMessage `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if trimmed := bytes.TrimSpace(msg); len(trimmed) == 0 || trimmed[0] != '{' || json.Unmarshal(msg, &want) != nil {
		return
	}
	var decoded any // what mcp-go does with arguments
	if err := json.Unmarshal(msg, &decoded); (err != nil) != e.undecodable() {
		t.Fatalf("scan: undecodable %v (depth %d, number %s); encoding/json into any: %v\n%s", e.undecodable(), e.depth, e.badNumber, err, msg)
	}
	if !bytes.Equal(e.id, want.ID) || !bytes.Equal(e.method, want.Method) || !bytes.Equal(e.params, want.Params) {
		t.Fatalf("scan: id %s method %s params %s; encoding/json: id %s method %s params %s\n%s",
			e.id, e.method, e.params, want.ID, want.Method, want.Params, msg)
	}
}
