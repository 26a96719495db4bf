package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestRepairs(t *testing.T) {
	p := newTestPipeline(t, Config{})
	cases := []struct {
		name string
		args any
		want echoInput
	}{
		{"object", map[string]any{"url": "u"}, echoInput{URL: "u"}},
		{"raw json", json.RawMessage(`{"url":"u"}`), echoInput{URL: "u"}},
		{"json string", `{"url":"u","timeoutMs":5}`, echoInput{URL: "u", TimeoutMs: 5}},
		{"bare string fills main field", "https://x", echoInput{URL: "https://x"}},
		{"args wrapper with json string", map[string]any{"args": `{"url":"u"}`}, echoInput{URL: "u"}},
		{"arguments wrapper object", map[string]any{"arguments": map[string]any{"url": "u"}}, echoInput{URL: "u"}},
		{"options wrapper alone", map[string]any{"options": map[string]any{"url": "u"}}, echoInput{URL: "u"}},
		{"options beside fields", map[string]any{"url": "u", "options": map[string]any{"timeoutMs": "9"}}, echoInput{URL: "u", TimeoutMs: 9}},
		{"proxy envelope", map[string]any{"tool": "test_echo", "args": `{"url":"u"}`}, echoInput{URL: "u"}},
		{"numeric string", map[string]any{"url": "u", "timeoutMs": "5000"}, echoInput{URL: "u", TimeoutMs: 5000}},
		{"float that is whole", map[string]any{"url": "u", "timeoutMs": 5000.0}, echoInput{URL: "u", TimeoutMs: 5000}},
		{"number string float", map[string]any{"url": "u", "ratio": "0.5"}, echoInput{URL: "u", Ratio: 0.5}},
		{"bool true string", map[string]any{"url": "u", "followRedirects": "true"}, echoInput{URL: "u", Follow: true}},
		{"bool yes", map[string]any{"url": "u", "followRedirects": "yes"}, echoInput{URL: "u", Follow: true}},
		{"bool on", map[string]any{"url": "u", "followRedirects": "ON"}, echoInput{URL: "u", Follow: true}},
		{"bool off", map[string]any{"url": "u", "followRedirects": "off"}, echoInput{URL: "u"}},
		{"bool 1", map[string]any{"url": "u", "followRedirects": 1}, echoInput{URL: "u", Follow: true}},
		{"single value for list", map[string]any{"url": "u", "headers": "A: b"}, echoInput{URL: "u", Headers: []string{"A: b"}}},
		{"json list string", map[string]any{"url": "u", "headers": `["A: b","C: d"]`}, echoInput{URL: "u", Headers: []string{"A: b", "C: d"}}},
		{"json object string", map[string]any{"url": "u", "query": `{"q":"1"}`}, echoInput{URL: "u", Query: map[string]string{"q": "1"}}},
		{"enum case", map[string]any{"url": "u", "method": "get"}, echoInput{URL: "u", Method: "GET"}},
		{"synonym", map[string]any{"url": "u", "body": "x"}, echoInput{URL: "u", Data: "x"}},
		{"synonym snake", map[string]any{"url": "u", "timeout_ms": 7}, echoInput{URL: "u", TimeoutMs: 7}},
		{"casing", map[string]any{"URL": "u", "FollowRedirects": true, "timeout-ms": 3}, echoInput{URL: "u", Follow: true, TimeoutMs: 3}},
		{"same value twice", map[string]any{"url": "u", "data": "x", "body": "x"}, echoInput{URL: "u", Data: "x"}},
		{"null means absent", map[string]any{"url": "u", "method": nil}, echoInput{URL: "u"}},
		{"number for string", map[string]any{"url": 42}, echoInput{URL: "42"}},
		{"one-item list for string", map[string]any{"url": []any{"u"}}, echoInput{URL: "u"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, res := echo(t, p, c.args)
			if res.IsError {
				t.Fatalf("unexpected error:\n%s", res.Text)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestValidationMessages(t *testing.T) {
	p := newTestPipeline(t, Config{})
	footer := []string{"You passed: ", "Expected: {url: string, method?: \"GET\"|\"POST\"", "Example: test_echo "}
	// A call with a field f0 could not place is shown fixed: the misspelt
	// field under its name, an unknown one left out. Others show the
	// documented example.
	fixed := func(args string) string { return "\x00" + args }
	cases := []struct {
		name string
		args any
		want []string
	}{
		{"missing required", map[string]any{}, []string{`"url": is required but missing`}},
		{"true is never a number", map[string]any{"url": "u", "timeoutMs": true}, []string{`"timeoutMs": expected an integer, got true (a boolean is never a number)`}},
		{"non numeric string", map[string]any{"url": "u", "timeoutMs": "soon"}, []string{`"timeoutMs": expected an integer, got "soon" (string)`}},
		{"fraction for integer", map[string]any{"url": "u", "timeoutMs": 1.5}, []string{`"timeoutMs": expected an integer, got 1.5 (number)`}},
		{"below minimum", map[string]any{"url": "u", "timeoutMs": 0}, []string{`"timeoutMs": must be at least 1, got 0`}},
		{"bad bool", map[string]any{"url": "u", "followRedirects": "maybe"}, []string{`"followRedirects": expected a boolean (true or false), got "maybe" (string)`}},
		{"bad enum", map[string]any{"url": "u", "method": "FETCH"}, []string{`"method": expected one of "GET", "POST", got "FETCH"`}},
		{"object for string", map[string]any{"url": map[string]any{}}, []string{`"url": expected a string, got an object`}},
		{"string for object", map[string]any{"url": "u", "query": "q=1"}, []string{`"query": expected an object, got "q=1" (string)`}},
		{"misspelt field", map[string]any{"url": "u", "methd": "GET"}, []string{`"methd": unknown field; did you mean "method"?`, fixed(`{"method":"GET","url":"u"}`)}},
		{"transposed field", map[string]any{"url": "u", "mehtod": "GET"}, []string{`did you mean "method"?`, fixed(`{"method":"GET","url":"u"}`)}},
		{"misspelt synonym", map[string]any{"url": "u", "bodu": "x"}, []string{`"bodu": unknown field; did you mean "data"?`, fixed(`{"data":"x","url":"u"}`)}},
		{"misspelt required only once", map[string]any{"ulr": "u"}, []string{`"ulr": unknown field; did you mean "url"?`, fixed(`{"url":"u"}`)}},
		{"unknown field", map[string]any{"url": "u", "colour": "red"}, []string{`"colour": unknown field: not an argument of test_echo, nor another name for one`, fixed(`{"url":"u"}`)}},
		{"conflicting synonyms", map[string]any{"url": "u", "data": "x", "body": "y"}, []string{`"body": is another name for "data", and both were given with different values`}},
		{"array arguments", []any{1, 2}, []string{"arguments must be a JSON object, got an array"}},
		{"broken json string", `{"url":`, []string{"arguments were a string that looks like JSON but does not parse"}},
		{"number arguments", json.RawMessage(`5`), []string{"arguments must be a JSON object, got 5 (number)"}},
		{"several problems at once", map[string]any{"timeoutMs": true, "method": "x"}, []string{`"method": expected one of`, `"timeoutMs": expected an integer`, `"url": is required`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, res := echo(t, p, c.args)
			if !res.IsError {
				t.Fatalf("want error, got %s", res.Text)
			}
			want, example := c.want, `{"method":"GET","url":"https://example.com"}`
			if last := want[len(want)-1]; strings.HasPrefix(last, "\x00") {
				want, example = want[:len(want)-1], last[1:]
			}
			assertInOrder(t, res.Text, append([]string{"test_echo: invalid arguments."}, append(want, append(footer, example)...)...)...)
			if !strings.HasSuffix(res.Text, "Example: test_echo "+example) {
				t.Errorf("want the example %s, got:\n%s", example, res.Text)
			}
		})
	}
}

func TestInertMetadataIgnoredWithNote(t *testing.T) {
	p := newTestPipeline(t, Config{})
	got, res := echo(t, p, map[string]any{"url": "u", "reasoning": "because", "tool_call_id": "call_1", "toolSummary": "fetching"})
	if res.IsError || got.URL != "u" {
		t.Fatalf("got %+v / %s", got, res.Text)
	}
	assertInOrder(t, res.Text, `note: ignored fields "reasoning", "toolSummary", "tool_call_id": they change nothing here`)
	if n := strings.Count(res.Text, "note:"); n != 1 {
		t.Errorf("want one note line, got %d", n)
	}
}

func TestUnknownFieldIsAnError(t *testing.T) {
	p := newTestPipeline(t, Config{})
	_, res := echo(t, p, map[string]any{"url": "u", "reasoning": "because", "x_trace": 1})
	if !res.IsError {
		t.Fatalf("a field f0 cannot place must fail the call, got:\n%s", res.Text)
	}
	want := `test_echo: invalid arguments.
- "x_trace": unknown field: not an argument of test_echo, nor another name for one
note: ignored field "reasoning": it changes nothing here
You passed: {"reasoning":"because","url":"u","x_trace":1}
Expected: {url: string, method?: "GET"|"POST", timeoutMs?: integer, ratio?: number, followRedirects?: boolean, headers?: string[], query?: object, data?: string}
Example: test_echo {"url":"u"}`
	if res.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
}

func TestPassedIsShortened(t *testing.T) {
	p := newTestPipeline(t, Config{})
	_, res := echo(t, p, map[string]any{"data": strings.Repeat("x", 5000)})
	if !res.IsError || len(res.Text) > 1500 {
		t.Fatalf("error should stay short, got %d bytes", len(res.Text))
	}
}
