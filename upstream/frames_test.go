package upstream

import (
	"strings"
	"testing"
)

// TestEnvelopeFindsTheTopLevelID: the id of a message read in pieces is
// the top-level one, wherever it comes, and a message with a method has
// none to answer.
func TestEnvelopeFindsTheTopLevelID(t *testing.T) {
	cases := []struct{ msg, id string }{
		{`{"jsonrpc":"2.0","id":7,"result":{"id":1}}`, "7"},
		{`{"result":{"id":1,"text":"a\"},\"id\":2"},"id" : "x\"y"}`, `"x\"y"`},
		{`{"result":[{"id":3}],"id":-4}`, "-4"},
		{`{"jsonrpc":"2.0","method":"ping","id":5}`, ""},
		{`{"id":{"a":1},"result":1}`, ""},
		{`{"result":"` + strings.Repeat("x", 1000) + ``, ""},
	}
	for _, tc := range cases {
		var e envelope
		for i := 0; i < len(tc.msg); i += 3 {
			e.feed([]byte(tc.msg[i:min(i+3, len(tc.msg))]))
		}
		id, ok := e.answerID()
		if string(id) != tc.id || ok != (tc.id != "") {
			t.Errorf("%.60s: got %q %v, want %q", tc.msg, id, ok, tc.id)
		}
	}
}
