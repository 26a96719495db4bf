package net

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/tool"
)

// TestShellAroundCurl: a shell line around one request runs as net.curl,
// with a note for each thing the shell would have done.
func TestShellAroundCurl(t *testing.T) {
	e := newEnv(t)
	u := e.url
	jq := " with gojq (jq's language; object keys come out sorted)"
	e.runCalls(t, afterHead, []callCase{
		{"jq", map[string]any{"args": "curl -s " + u + "/json | jq .ok"},
			"true\nnote: applied | jq .ok" + jq + " to the body, as the shell would have"},
		{"jq then head", map[string]any{"args": "curl -s -d 'a\nb\nc' " + u + "/echo | jq -r .body | head -n 2"},
			"a\nb\nnote: applied | jq -r .body" + jq + " | head -n 2 to the body, as the shell would have"},
		{"tail and grep", map[string]any{"args": "curl -s -d 'one\ntwo\nthree' " + u + "/echo | jq -r .body | tail -2 | grep -n o"},
			"1:two\nnote: applied | jq -r .body" + jq + " | tail -2 | grep -n o to the body, as the shell would have"},
		{"head -c", map[string]any{"args": "curl -s " + u + "/text 2>/dev/null | head -c 4"},
			"hell\nnote: dropped \"2>/dev/null\": f0 has no stderr; errors come back in the answer\nnote: applied | head -c 4 to the body, as the shell would have"},
		{"a list with a pipe", map[string]any{"args": []any{"curl", "-s", u + "/json", "|", "jq", "-c", "."}},
			"{\"ok\":true}\nnote: applied | jq -c ." + jq + " to the body, as the shell would have"},
		{"bash -lc", map[string]any{"args": "bash -lc 'curl -s " + u + "/text 2>&1'"},
			"hello\nnote: f0 runs no shell; read the line inside bash -lc as curl's\nnote: dropped \"2>&1\": f0 has no stderr; errors come back in the answer"},
		{"jq on a body that is not JSON", map[string]any{"args": "curl -s " + u + "/text | jq ."},
			"hello\nnote: | jq . was not applied: the body is not JSON (invalid character 'h' looking for beginning of value); the body is shown as it is"},
		{"wget -qO-", map[string]any{"args": "wget -qO- " + u + "/text"},
			"hello\nnote: read \"wget -qO- " + u + "/text\" as curl's words: -L -s " + u + "/text"},
		{"wget --header --post-data", map[string]any{"args": "wget -q -O - --header 'X-A: 1' --post-data 'x=1' " + u + "/echo | jq -c '{method, body, a: .headers[\"X-A\"], ct: .headers[\"Content-Type\"]}'"},
			"{\"a\":\"1\",\"body\":\"x=1\",\"ct\":\"application/x-www-form-urlencoded\",\"method\":\"POST\"}\n" +
				"note: read \"wget -q -O - --header 'X-A: 1' --post-data x=1 " + u + "/echo\" as curl's words: -L -s -H 'X-A: 1' -d x=1 " + u + "/echo\n" +
				"note: applied | jq -c '{method, body, a: .headers[\"X-A\"], ct: .headers[\"Content-Type\"]}'" + jq + " to the body, as the shell would have"},
		{"HTTPie", map[string]any{"args": "http POST " + u + "/echo a=b n:=2 X-Y:z q==1 | jq -c '{method, body, query, y: .headers[\"X-Y\"], ct: .headers[\"Content-Type\"]}'"},
			"{\"body\":\"{\\\"a\\\":\\\"b\\\",\\\"n\\\":2}\",\"ct\":\"application/json\",\"method\":\"POST\",\"query\":\"q=1\",\"y\":\"z\"}\n" +
				"note: read \"http POST " + u + "/echo a=b n:=2 X-Y:z q==1\" as curl's words: -H 'X-Y: z' --url-query q=1 --json '{\"a\":\"b\",\"n\":2}' " + u + "/echo\n" +
				"note: applied | jq -c '{method, body, query, y: .headers[\"X-Y\"], ct: .headers[\"Content-Type\"]}'" + jq + " to the body, as the shell would have"},
		{"HTTPie PUT form", map[string]any{"args": "http -f PUT " + u + "/echo a=1 | jq -r .body"},
			"a=1\nnote: read \"http -f PUT " + u + "/echo a=1\" as curl's words: -X PUT --data-urlencode a=1 " + u + "/echo\nnote: applied | jq -r .body" + jq + " to the body, as the shell would have"},
	})
	e.runCalls(t, endsWith, []callCase{
		{"redirect to a file", map[string]any{"args": "curl -s " + u + "/text > out.txt"}, "note: read the redirect \">out.txt\" as -o out.txt"},
		{"redirect in a list", map[string]any{"args": []any{"-s", u + "/text", ">", "saved.txt"}}, "note: read the redirect \">saved.txt\" as -o saved.txt"},
		{"wget -O", map[string]any{"args": "wget -O got.txt " + u + "/text"}, "note: read \"wget -O got.txt " + u + "/text\" as curl's words: -L -o got.txt " + u + "/text"},
		{"wget saves under the URL's name", map[string]any{"args": "wget " + u + "/text"}, "note: read \"wget " + u + "/text\" as curl's words: -L -o text " + u + "/text"},
	})
	for _, name := range []string{"out.txt", "saved.txt", "got.txt", "text"} {
		if got := readFile(t, e.dir, name); got != "hello\n" {
			t.Errorf("%s holds %q", name, got)
		}
	}
	call := func(args string) string { return "The request alone: net_curl {\"args\":" + args + "}" }
	e.runCalls(t, failsWith, []callCase{
		{"append", map[string]any{"args": "curl -s " + u + "/text >> log.txt"},
			"net_curl: \"args\": \">>log.txt\" appends the body to log.txt, and f0 saves a body only as a whole file (-o replaces it). To replace the file with the body: net_curl {\"args\":[\"-s\",\"" + u + "/text\",\"-o\",\"log.txt\"]}"},
		{"a second command", map[string]any{"args": "curl -s " + u + "/text; rm -rf /"},
			"net_curl: \"args\": the line runs more than one command (joined by ;); f0 runs only the request, never a second command. " + call(`["-s","`+u+`/text"]`)},
		{"a command before", map[string]any{"args": "TOKEN=$(cat t) && curl -s " + u + "/text"},
			"net_curl: \"args\": the line runs more than one command (joined by &&); f0 runs only the request, never a second command. " + call(`["-s","`+u+`/text"]`)},
		{"a pipe into another program", map[string]any{"args": "curl -s " + u + "/json | python3 -m json.tool"},
			"net_curl: \"args\": the output is piped into \"python3 -m json.tool\", and f0 applies only jq, head, tail and grep to a body. " + call(`["-s","`+u+`/json"]`)},
		{"a filter's output to a file", map[string]any{"args": "curl -s " + u + "/json | jq . > o.json"},
			"net_curl: \"args\": \"jq . > o.json\" redirects the filtered output, and f0 saves only a whole body (-o). " + call(`["-s","`+u+`/json"]`)},
		{"wget -r", map[string]any{"args": "wget -r " + u + "/"},
			"net_curl: \"args\": wget's -r has no curl meaning f0 can run (it makes one request a call)."},
	})
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return "<missing>"
	}
	return strings.TrimSpace(string(data)) + "\n"
}

// TestHTTPieWords: HTTPie's short URLs and items as curl's words.
func TestHTTPieWords(t *testing.T) {
	cases := []struct {
		program string
		args    []string
		want    string
	}{
		{"http", []string{":3000/api"}, "http://localhost:3000/api"},
		{"https", []string{"example.com/x", "Authorization:Bearer t"}, "-H 'Authorization: Bearer t' https://example.com/x"},
		{"http", []string{"DELETE", "example.com/x/1"}, "-X DELETE http://example.com/x/1"},
		{"http", []string{"--follow", "-a", "u:p", "example.com", "list:=[1,2]", `a\:b=c`}, `-L -u u:p --json '{"list":[1,2],"a:b":"c"}' http://example.com`},
		{"http", []string{"-f", "example.com", "file@a.txt"}, "-F file=@a.txt http://example.com"},
	}
	for _, c := range cases {
		sl, err := httpieWords(c.program, c.program, c.args)
		if err != nil {
			t.Fatalf("%s %q: %v", c.program, c.args, err)
		}
		if got := strings.Join(quotedWords(sl.words), " "); got != c.want {
			t.Errorf("%s %q: got %s, want %s", c.program, c.args, got, c.want)
		}
	}
}

// afterHead: the call succeeds, and its answer after the status line is
// want (the status line's size depends on the server's port).
func afterHead(res tool.Result, want string) bool {
	_, rest, _ := strings.Cut(res.Text, "\n")
	return !res.IsError && rest == want
}
