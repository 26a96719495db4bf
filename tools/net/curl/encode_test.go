package curl

import (
	"strings"
	"testing"
)

// TestRawSpacesAreEncoded: a URL with raw spaces, written as models write
// it in the url field or inside curl-style args, reaches the server encoded
// (not as a bare 400), and the answer says what was encoded.
func TestRawSpacesAreEncoded(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name string
		args map[string]any
		note string
	}{
		{"url field", map[string]any{"url": e.url + "/echo?q=go lang&x=\"a\""}, "note: encoded 3 characters in the URL that a browser would encode"},
		{"curl args", map[string]any{"args": "curl -s '" + e.url + "/echo?q=go lang'"}, "note: encoded 1 character in the URL that a browser would encode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if res.IsError || !strings.Contains(res.Text, `"query":"q=go%20lang`) || !strings.Contains(res.Text, c.note) {
				t.Fatalf("want the query encoded on the wire and %q:\n%s", c.note, res.Text)
			}
		})
	}
}
