package net

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestInputModes simulates the shapes models send for the same request:
// every one must give the same answer.
func TestInputModes(t *testing.T) {
	e := newEnv(t)
	u := e.url + "/text"
	want := "200 OK · text/plain; charset=utf-8 · 6 B · T\nhello"
	cases := []struct {
		name string
		args any
	}{
		{"structured", map[string]any{"url": u}},
		{"curl-style list", map[string]any{"args": []any{"-sS", u}}},
		{"curl-style string", map[string]any{"args": "-sS " + u}},
		{"curl-style string with curl", map[string]any{"args": "curl -sS '" + u + "'"}},
		{"curl-style list of one string", map[string]any{"args": []any{"curl -s " + u}}},
		{"arguments as a plain string", "-s " + u},
		{"arguments as a bare list", json.RawMessage(`["-s","` + u + `"]`)},
		{"arguments as a JSON string", `{"url":"` + u + `"}`},
		{"args holding a JSON object", map[string]any{"args": `{"url":"` + u + `"}`}},
		{"args holding a JSON list", map[string]any{"args": `["-s","` + u + `"]`}},
		{"arguments wrapper", map[string]any{"arguments": map[string]any{"url": u}}},
		{"proxy envelope", map[string]any{"tool": "net_curl", "args": map[string]any{"url": u}}},
		{"mixed: args and fields", map[string]any{"args": "-s", "url": u}},
		{"mixed: same URL twice", map[string]any{"args": []any{u}, "url": u}},
		{"synonym uri", map[string]any{"uri": u}},
		{"snake case", map[string]any{"url": u, "follow_redirects": "yes", "timeout_ms": "5000"}},
		{"url without scheme", map[string]any{"url": strings.TrimPrefix(u, "http://")}},
		{"url list of one in url", map[string]any{"urls": u}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			// An envelope peeled says so in a note of its own; the answer
			// is the same.
			if got := withoutPeelNotes(stripTime(res.Text)); got != want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// withoutPeelNotes drops the notes that say which envelope the arguments
// were peeled from.
func withoutPeelNotes(s string) string {
	var kept []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "note: read the arguments inside ") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}

// TestModelMistakes asserts the exact help a model gets for mistakes the
// pipeline and the tool catch before any request is made.
func TestModelMistakes(t *testing.T) {
	e := newEnv(t)
	sig := "Expected: {url?: string, urls?: string[], args?: string[], method?: string, headers?: {accept?: string, authorization?: string}, data?: string, json?: string, form?: string, query?: string, followRedirects?: boolean, … 23 more (tools_describe {\"name\":\"net_curl\"})}\n" +
		`Example: net_curl {"headers":{"accept":"application/json"},"url":"https://api.github.com/repos/golang/go"}`
	cases := []struct {
		name string
		args any
		want string
	}{
		{"misspelt field", map[string]any{"url": "https://x", "methd": "POST"},
			"net_curl: invalid arguments.\n- \"methd\": unknown field; did you mean \"method\"?\nYou passed: {\"methd\":\"POST\",\"url\":\"https://x\"}\n" +
				strings.Replace(sig, `{"headers":{"accept":"application/json"},"url":"https://api.github.com/repos/golang/go"}`, `{"method":"POST","url":"https://x"}`, 1)},
		{"unknown field", map[string]any{"url": "https://x", "start_page": 2},
			"net_curl: invalid arguments.\n- \"start_page\": unknown field: not an argument of net_curl; the nearest are \"startIndex\"\nYou passed: {\"start_page\":2,\"url\":\"https://x\"}\n" +
				strings.Replace(sig, `{"headers":{"accept":"application/json"},"url":"https://api.github.com/repos/golang/go"}`, `{"url":"https://x"}`, 1)},
		{"timeout without unit, ambiguous", map[string]any{"url": "https://x", "timeout": 800},
			"net_curl: invalid arguments.\n- \"timeout\": 800 has no unit and could be seconds or milliseconds; \"timeoutMs\" takes milliseconds: send {\"timeoutMs\":800} for 800 milliseconds, or {\"timeoutMs\":800000} for 800 seconds\nYou passed: {\"timeout\":800,\"url\":\"https://x\"}\n" + sig},
		{"missing url", map[string]any{"method": "GET"},
			"net_curl: \"url\": is missing: there is no URL to request. Give \"url\", \"urls\", or a URL inside \"args\".\nYou passed: {\"method\":\"GET\"}\n" + sig},
		{"only flags", map[string]any{"args": "-sSL"},
			"net_curl: \"url\": is missing: there is no URL to request. Give \"url\", \"urls\", or a URL inside \"args\".\nYou passed: {\"args\":\"-sSL\"}\n" + sig},
		{"misspelt flag", map[string]any{"args": "-sS --folow https://x"},
			"net_curl: \"args\": unknown flag --folow; did you mean -L, --location? The structured field for it: \"followRedirects\".\nYou passed: {\"args\":\"-sS --folow https://x\"}\n" + sig},
		{"boolean as a number", map[string]any{"url": "https://x", "timeoutMs": true},
			"net_curl: invalid arguments.\n- \"timeoutMs\": expected an integer, got true (a boolean is never a number)\nYou passed: {\"timeoutMs\":true,\"url\":\"https://x\"}\n" + sig},
		{"wrong format", map[string]any{"url": "https://x", "format": "html"},
			"net_curl: invalid arguments.\n- \"format\": expected one of \"raw\", \"text\", \"markdown\", got \"html\"\nYou passed: {\"format\":\"html\",\"url\":\"https://x\"}\n" + sig},
		{"not a URL", map[string]any{"url": "ftp://x/file"},
			"net_curl: \"url\": \"ftp://x/file\": only http and https URLs are supported\nYou passed: {\"url\":\"ftp://x/file\"}\n" + sig},
		{"key=value in args", map[string]any{"args": []any{"url=https://x"}},
			"net_curl: \"args\": \"url=https://x\" is not a URL. Structured fields go in a JSON object, e.g. {\"url\": \"https://x\"}; curl-style args hold flags and URLs.\nYou passed: {\"args\":[\"url=https://x\"]}\n" + sig},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if !res.IsError {
				t.Fatalf("not an error:\n%s", res.Text)
			}
			if res.Text != c.want {
				t.Fatalf("got:\n%s\nwant:\n%s", res.Text, c.want)
			}
		})
	}
}

func TestRepairedValues(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name string
		args map[string]any
		want []string
	}{
		{"numbers and booleans as strings", map[string]any{"url": e.url + "/redirect", "timeoutMs": "5000", "followRedirects": "false", "includeHeaders": "yes"},
			[]string{"302 Found", "HTTP/1.1 302 Found"}},
		{"boolean as a number", map[string]any{"url": e.url + "/redirect", "followRedirects": 0}, []string{"302 Found"}},
		{"method in lower case", map[string]any{"url": e.url + "/echo", "method": "put", "data": "x"}, []string{`"method":"PUT"`}},
		{"headers as one string", map[string]any{"url": e.url + "/echo", "headers": "X-One: 1"}, []string{`"X-One":"1"`}},
		{"headers as a list", map[string]any{"url": e.url + "/echo", "headers": []any{"X-One: 1", "X-Two: 2"}}, []string{`"X-One":"1"`, `"X-Two":"2"`}},
		{"headers as JSON text", map[string]any{"url": e.url + "/echo", "header": `{"X-One":"1"}`}, []string{`"X-One":"1"`}},
		{"query as JSON text", map[string]any{"url": e.url + "/echo", "params": `{"q":"a b"}`}, []string{`"query":"q=a+b"`}},
		{"format in upper case", map[string]any{"url": e.url + "/html", "format": "MARKDOWN"}, []string{"# Hello world"}},
		{"foreign field", map[string]any{"url": e.url + "/text", "reasoning": "because"}, []string{"hello", `note: ignored field "reasoning"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			assertInOrder(t, res.Text, c.want...)
		})
	}
}

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
