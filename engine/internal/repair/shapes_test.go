package repair

import (
	"encoding/json"
	"strings"
	"testing"

	"f0/internal/text"
	"f0/tool"
)

// TestReshape covers each published shape: the value already in the shape
// passes without a note, other shapes are converted with the note the model
// reads, and parts that cannot be read are problems.
func TestReshape(t *testing.T) {
	cases := []struct {
		name  string
		shape tool.Shape
		in    string // JSON
		want  string // JSON of the converted value
		note  string
		prob  string
	}{
		{"headers in shape", tool.HeaderLines, `["A: 1"]`, `["A: 1"]`, "", ""},
		{"headers object (the published form)", tool.HeaderLines, `{"B": 2, "A": "x", "R": ""}`, `["A: x","B: 2","R: "]`, "", ""},
		{"headers object, null is no header", tool.HeaderLines, `{"accept": "text/html", "authorization": null, "content-type": null}`, `["accept: text/html"]`, "", ""},
		{"headers lines", tool.HeaderLines, `"A: 1\r\nB: 2\n"`, `["A: 1","B: 2"]`, `read a string as ["A: 1","B: 2"]`, ""},
		{"headers pairs and objects", tool.HeaderLines, `[["A","1"],{"name":"B","value":"2"},{"C":"3"}]`, `["A: 1","B: 2","C: 3"]`, "read a list of pairs", ""},
		{"headers secret masked", tool.HeaderLines, `"{\"X-Api-Key\": \"k\"}"`, `["X-Api-Key: k"]`, `read JSON text as ["X-Api-Key: ***"]`, ""},
		{"headers bad item", tool.HeaderLines, `[true]`, `[true]`, "", `"headers[0]": expected "Name: value", got true (boolean)`},
		{"query in shape", tool.URLEncoded, `"a=1&b=2"`, `"a=1&b=2"`, "", ""},
		{"query object", tool.URLEncoded, `{"q": "a b", "l": [1, 2]}`, `"l=1&l=2&q=a+b"`, `read an object as "l=1&l=2&q=a+b"`, ""},
		{"query pairs", tool.URLEncoded, `[["q","a&b"],"n=1"]`, `"q=a%26b&n=1"`, "read a list", ""},
		{"query json text", tool.URLEncoded, `"{\"q\":\"go\"}"`, `"q=go"`, "read JSON text", ""},
		{"json object", tool.JSONText, `{"a": [1, 2.50]}`, `"{\"a\":[1,2.50]}"`, "sent the object as JSON text", ""},
		{"json text", tool.JSONText, `"{\"a\":1}"`, `"{\"a\":1}"`, "", ""},
		{"batch args object", tool.JSONArgs, `{"path": "go.mod"}`, `"{\"path\":\"go.mod\"}"`, "", ""},
		{"words", tool.CommandLine, `["-H", "A: b", "http://x/{a,b}", "it's"]`, `"-H 'A: b' 'http://x/{a,b}' 'it'\\''s'"`, "", ""},
		{"one word", tool.CommandLine, `["http://x/{a,b}"]`, `"'http://x/{a,b}'"`, "", ""},
		{"one command line", tool.CommandLine, `["-sL http://x"]`, `"-sL http://x"`, "", ""},
		{"cookie object", tool.CookiePairs, `{"s": "secret"}`, `"s=secret"`, `read an object as "s=***"`, ""},
		{"user object", tool.UserPass, `{"Username": "ann", "password": "pw"}`, `"ann:pw"`, `read the object as "ann:***"`, ""},
		{"user pair", tool.UserPass, `["ann", "pw"]`, `"ann:pw"`, `read the list as "ann:***"`, ""},
		{"user unreadable", tool.UserPass, `{"token": "x"}`, `{"token":"x"}`, "", `expected "user:password"`},
		{"user with more than credentials", tool.UserPass, `{"username": "ann", "password": "pw", "realm": "x"}`, `{"password":"pw","realm":"x","username":"ann"}`, "", `holds more than a user and a password (password, realm, username)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := text.DecodeJSON([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			out, note, problems := reshape("headers", c.shape, in)
			if got := text.CompactJSON(out); got != c.want {
				t.Errorf("value %s, want %s", got, c.want)
			}
			if c.note == "" && note != "" || !strings.Contains(note, c.note) {
				t.Errorf("note %q, want %q", note, c.note)
			}
			var ps []string
			for _, p := range problems {
				ps = append(ps, p.String())
			}
			if got := strings.Join(ps, "; "); c.prob == "" && got != "" || !strings.Contains(got, c.prob) {
				t.Errorf("problems %q, want %q", got, c.prob)
			}
		})
	}
}

// TestCommandLineRoundTrip checks that joined words split back into the same
// words with a POSIX shell's rules, as net.curl splits args.
func TestCommandLineRoundTrip(t *testing.T) {
	words := []any{"-d", `{"a": 1}`, "$HOME", "*.go", "a b", "", "x'y"}
	out, _, _ := reshape("args", tool.CommandLine, words)
	line, _ := out.(string)
	if strings.Contains(line, `$HOME`) && !strings.Contains(line, `'$HOME'`) {
		t.Errorf("$HOME left unquoted: %s", line)
	}
	data, _ := json.Marshal(line)
	if !strings.Contains(string(data), `'{\"a\": 1}'`) || !strings.Contains(line, "''") {
		t.Errorf("words not quoted for a shell: %s", line)
	}
}
