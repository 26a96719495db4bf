package net

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// echoed is what the /echo handler saw.
type echoed struct {
	Method  string            `json:"method"`
	Query   string            `json:"query"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
	Host    string            `json:"host"`
}

// echo calls /echo and decodes what the server received.
func (e *env) echo(t *testing.T, args map[string]any) echoed {
	t.Helper()
	res := e.call(t, args)
	if res.IsError {
		t.Fatal(res.Text)
	}
	_, body, _ := strings.Cut(res.Text, "\n")
	body, _, _ = strings.Cut(body, "\nnote: ") // notes on repaired shapes follow the body
	var got echoed
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatalf("%v in:\n%s", err, res.Text)
	}
	return got
}

func TestRequestBodies(t *testing.T) {
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.dir, "data.txt"), []byte("line1\r\nline2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.dir, "q.txt"), []byte("a b&c"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := e.url + "/echo"
	cases := []struct {
		name   string
		args   map[string]any
		method string
		ctype  string
		body   string
		query  string
		accept string
	}{
		{"-d is a form POST", map[string]any{"args": []any{"-d", "a=1", "-d", "b=2", u}}, "POST", "application/x-www-form-urlencoded", "a=1&b=2", "", "*/*"},
		{"-d @file drops newlines", map[string]any{"args": []any{"-d", "@data.txt", u}}, "POST", "application/x-www-form-urlencoded", "line1line2", "", "*/*"},
		{"--data-binary @file keeps them", map[string]any{"args": []any{"--data-binary", "@data.txt", u}}, "POST", "application/x-www-form-urlencoded", "line1\r\nline2\n", "", "*/*"},
		{"--data-raw keeps @", map[string]any{"args": []any{"--data-raw", "@data.txt", u}}, "POST", "application/x-www-form-urlencoded", "@data.txt", "", "*/*"},
		{"--data-urlencode forms", map[string]any{"args": []any{"--data-urlencode", "q=a b&c", "--data-urlencode", "=x y", "--data-urlencode", "f@q.txt", u}}, "POST", "application/x-www-form-urlencoded", "q=a+b%26c&x+y&f=a+b%26c", "", "*/*"},
		{"--json", map[string]any{"args": []any{"--json", `{"a":1}`, u}}, "POST", "application/json", `{"a":1}`, "", "application/json"},
		{"-G moves data to the query", map[string]any{"args": []any{"-G", "-d", "q=go", "--data-urlencode", "s=a b", u + "?x=1"}}, "GET", "", "", "x=1&q=go&s=a+b", "*/*"},
		{"--url-query", map[string]any{"args": []any{"--url-query", "q=a b", u}}, "GET", "", "", "q=a+b", "*/*"},
		{"-X with -d", map[string]any{"args": []any{"-X", "PUT", "-d", "x", u}}, "PUT", "application/x-www-form-urlencoded", "x", "", "*/*"},
		{"data string", map[string]any{"url": u, "data": "a=1"}, "POST", "application/x-www-form-urlencoded", "a=1", "", "*/*"},
		{"data JSON string", map[string]any{"url": u, "data": `{"a":1}`}, "POST", "application/json", `{"a":1}`, "", "*/*"},
		{"data object", map[string]any{"url": u, "body": map[string]any{"a": 1}}, "POST", "application/json", `{"a":1}`, "", "*/*"},
		{"json object", map[string]any{"url": u, "json": map[string]any{"b": []any{1, 2}}}, "POST", "application/json", `{"b":[1,2]}`, "", "application/json"},
		{"json string", map[string]any{"url": u, "json": `[1,2]`}, "POST", "application/json", `[1,2]`, "", "application/json"},
		{"form", map[string]any{"url": u, "form": map[string]any{"b": "x y", "a": 1, "l": []any{"p", "q"}}}, "POST", "application/x-www-form-urlencoded", "a=1&b=x+y&l=p&l=q", "", "*/*"},
		{"query merged", map[string]any{"url": u + "?x=1", "query": map[string]any{"q": "a&b", "n": 2}}, "GET", "", "", "x=1&n=2&q=a%26b", "*/*"},
		{"method with data", map[string]any{"url": u, "method": "patch", "data": "x"}, "PATCH", "application/x-www-form-urlencoded", "x", "", "*/*"},
		{"content type header wins", map[string]any{"url": u, "data": "<a/>", "headers": map[string]any{"Content-Type": "application/xml"}}, "POST", "application/xml", "<a/>", "", "*/*"},
		{"fields add to args", map[string]any{"args": []any{"-d", "a=1", u}, "query": map[string]any{"q": "1"}, "headers": []any{"X-F: 1"}}, "POST", "application/x-www-form-urlencoded", "a=1", "q=1", "*/*"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := e.echo(t, c.args)
			if got.Method != c.method || got.Headers["Content-Type"] != c.ctype || got.Body != c.body || got.Query != c.query || got.Headers["Accept"] != c.accept {
				t.Fatalf("server saw %+v", got)
			}
		})
	}
}

func TestRequestHeaders(t *testing.T) {
	e := newEnv(t)
	u := e.url + "/echo"
	cases := []struct {
		name string
		args map[string]any
		want map[string]string // "" means absent
	}{
		{"defaults", map[string]any{"args": []any{u}}, map[string]string{"User-Agent": "f0/test", "Accept": "*/*", "Accept-Encoding": ""}},
		{"structured asks for compression", map[string]any{"url": u}, map[string]string{"Accept-Encoding": acceptEncoding}},
		{"-A and -e and -b", map[string]any{"args": []any{"-A", "bot/1", "-e", "https://ref", "-b", "a=1; b=2", u}},
			map[string]string{"User-Agent": "bot/1", "Referer": "https://ref", "Cookie": "a=1; b=2"}},
		{"fields", map[string]any{"url": u, "userAgent": "ua/2", "referer": "https://r", "cookie": map[string]any{"s": "x", "a": 1}},
			map[string]string{"User-Agent": "ua/2", "Referer": "https://r", "Cookie": "a=1; s=x"}},
		{"-u and --oauth2-bearer", map[string]any{"args": []any{"-u", "bob:pw", u}}, map[string]string{"Authorization": "Basic Ym9iOnB3"}},
		{"bearer", map[string]any{"args": []any{"--oauth2-bearer", "tok", u}}, map[string]string{"Authorization": "Bearer tok"}},
		{"header removes a default", map[string]any{"args": []any{"-H", "User-Agent:", "-H", "Accept:", u}}, map[string]string{"User-Agent": "", "Accept": ""}},
		{"empty header", map[string]any{"args": []any{"-H", "X-Empty;", u}}, map[string]string{"X-Empty": ""}},
		{"repeated header", map[string]any{"args": []any{"-H", "X-A: 1", "-H", "X-A: 2", u}}, map[string]string{"X-A": "1, 2"}},
		{"field header replaces args header", map[string]any{"args": []any{"-H", "Accept: text/html", u}, "headers": map[string]any{"accept": "application/json"}},
			map[string]string{"Accept": "application/json"}},
		// OpenAI's strict mode sends every header name the published object lists.
		{"null header value is no header", map[string]any{"url": u, "headers": map[string]any{"accept": nil, "authorization": "Bearer t"}},
			map[string]string{"Accept": "*/*", "Authorization": "Bearer t"}},
		{"range", map[string]any{"args": []any{"-r", "0-9", u}}, map[string]string{"Range": "bytes=0-9"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := e.echo(t, c.args)
			for k, v := range c.want {
				if got.Headers[k] != v {
					t.Fatalf("%s = %q, want %q (all: %v)", k, got.Headers[k], v, got.Headers)
				}
			}
		})
	}
	t.Run("Host header", func(t *testing.T) {
		got := e.echo(t, map[string]any{"args": []any{"-H", "Host: example.test", u}})
		if got.Host != "example.test" {
			t.Fatalf("host %q", got.Host)
		}
	})
}

func TestMultipart(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.dir, "a.png"), []byte("PNGDATA"), 0o644)
	os.WriteFile(filepath.Join(e.dir, "notes.txt"), []byte("some notes"), 0o644)
	res := e.call(t, map[string]any{"args": []any{"-F", "name=widget", "-F", "pic=@a.png;type=image/png", "-F", "doc=@notes.txt;filename=renamed.txt",
		"-F", "text=<notes.txt", "--form-string", "raw=@not-a-file", e.url + "/upload"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	want := strings.Join([]string{
		`field name=widget`, `field raw=@not-a-file`, `field text=some notes`,
		`file doc name=renamed.txt type=text/plain content="some notes"`,
		`file pic name=a.png type=image/png content="PNGDATA"`,
	}, "\n")
	if _, body, _ := strings.Cut(res.Text, "\n"); body != want {
		t.Fatalf("server saw:\n%s\nwant:\n%s", body, want)
	}
}

func TestFilesStayInsideRoots(t *testing.T) {
	e := newEnv(t, withAccess(3))
	cases := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"args": []any{"-d", "@/etc/passwd", e.url + "/echo"}}, `net_curl: "args": @/etc/passwd: "/etc/passwd" is outside the allowed roots`},
		{map[string]any{"args": []any{"--data-binary", "@../secret", e.url + "/echo"}}, `net_curl: "args": @../secret: "../secret" is outside the allowed roots`},
		{map[string]any{"args": []any{"-F", "f=@missing.bin", e.url + "/upload"}}, `net_curl: "args": -F f=@missing.bin: `},
		{map[string]any{"args": []any{"-d", "@-", e.url + "/echo"}}, `net_curl: "args": @-: there is no standard input to read over MCP. Put the data in the call instead: "data": "name=value" for a body as it is, "json": {"key": "value"} for JSON, or a file inside the roots (@file).`},
		{map[string]any{"url": e.url + "/text", "output": "../escape.txt"}, `net_curl: "output": "../escape.txt" is outside the allowed roots`},
		{map[string]any{"url": e.url + "/text", "output": "/tmp/abs.txt"}, `net_curl: "output": "/tmp/abs.txt" is outside the allowed roots`},
	}
	for _, c := range cases {
		res := e.call(t, c.args)
		if !res.IsError || !strings.HasPrefix(res.Text, c.want) {
			t.Errorf("got:\n%s\nwant it to start with:\n%s", res.Text, c.want)
		}
	}
	if err := os.Symlink("/etc", filepath.Join(e.dir, "etc")); err == nil {
		res := e.call(t, map[string]any{"args": []any{"-d", "@etc/passwd", e.url + "/echo"}})
		if !res.IsError || !strings.Contains(res.Text, "outside the allowed roots") {
			t.Errorf("symlink escape:\n%s", res.Text)
		}
	}
}

func TestStructuredSwitches(t *testing.T) {
	e := newEnv(t)
	t.Run("user", func(t *testing.T) {
		got := e.echo(t, map[string]any{"url": e.url + "/echo", "user": "ann:pw:with:colons"})
		if got.Headers["Authorization"] != "Basic YW5uOnB3OndpdGg6Y29sb25z" {
			t.Fatalf("server saw %v", got.Headers)
		}
	})
	t.Run("verbose", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/nodate", "verbose": true, "headers": map[string]any{"Authorization": "Bearer sk-secret"}})
		assertInOrder(t, res.Text, "> GET /nodate HTTP/1.1", "> Authorization: Bearer ***", "< HTTP/1.1 200 OK", "< X-Test: yes", "fixed")
		if strings.Contains(res.Text, "sk-secret") {
			t.Fatal("token leaked")
		}
	})
	t.Run("remoteName", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/files/annual.pdf", "remoteName": true})
		assertInOrder(t, res.Text, "saved 15 bytes (application/pdf) to annual.pdf · sha256 ")
		if _, err := os.Stat(filepath.Join(e.dir, "annual.pdf")); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("silent is accepted", func(t *testing.T) {
		if res := e.call(t, map[string]any{"url": e.url + "/text", "silent": true}); res.IsError {
			t.Fatal(res.Text)
		}
	})
}
