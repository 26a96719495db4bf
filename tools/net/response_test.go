package net

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestRedirects(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name    string
		args    map[string]any
		isError bool
		want    string
	}{
		{"curl-style does not follow", map[string]any{"args": []any{e.url + "/nodate-redirect"}}, false,
			"302 Found · no content type · 0 B · T\n" +
				"Location: " + e.url + "/nodate (not followed; follow it with -L, or: net_curl {\"args\":\"" + e.url + "/nodate-redirect\",\"followRedirects\":true})"},
		{"-L follows", map[string]any{"args": []any{"-L", e.url + "/nodate-redirect"}}, false,
			"200 OK · text/plain · 6 B · T · " + e.url + "/nodate after 1 redirect\nfixed"},
		{"structured follows", map[string]any{"url": e.url + "/chain/3"}, false,
			"200 OK · text/plain · 13 B · T · " + e.url + "/chain/0 after 3 redirects\nend of chain"},
		{"structured can stop", map[string]any{"url": e.url + "/nodate-redirect", "followRedirects": false}, false,
			"302 Found · no content type · 0 B · T\n" +
				"Location: " + e.url + "/nodate (not followed; follow it with -L, or: net_curl {\"followRedirects\":true,\"url\":\"" + e.url + "/nodate-redirect\"})"},
		{"-i shows every response", map[string]any{"args": []any{"-sLi", e.url + "/nodate-redirect"}}, false,
			"200 OK · text/plain · 6 B · T · " + e.url + "/nodate after 1 redirect\n" +
				"HTTP/1.1 302 Found\nLocation: /nodate\nContent-Length: 0\n\n" +
				"HTTP/1.1 200 OK\nContent-Type: text/plain\nX-Test: yes\nContent-Length: 6\n\nfixed"},
		{"too many redirects", map[string]any{"args": []any{"-L", "--max-redirs", "2", e.url + "/chain/5"}}, true,
			"GET " + e.url + "/chain/5: stopped after 2 redirects (maxRedirects 2). The last answer was 301 Moved Permanently, pointing to " + e.url + "/chain/2. " +
				"Allow more: net_curl {\"args\":[\"-L\",\"--max-redirs\",\"10\",\"" + e.url + "/chain/5\"]}"},
		{"maxRedirects 0", map[string]any{"url": e.url + "/chain/1", "maxRedirects": 0}, true,
			"GET " + e.url + "/chain/1: stopped after 0 redirects (maxRedirects 0)."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if res.IsError != c.isError {
				t.Fatalf("IsError %v:\n%s", res.IsError, res.Text)
			}
			if got := stripTime(res.Text); !strings.HasPrefix(got, c.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestAllowMoreRedirects runs the call that "Allow more" suggests: it must
// succeed, wherever the limit came from.
func TestAllowMoreRedirects(t *testing.T) {
	e := newEnv(t)
	chain := e.url + "/chain/5"
	cases := []struct {
		name    string
		args    map[string]any
		suggest string
	}{
		{"--max-redirs in a list", map[string]any{"args": []any{"-L", "--max-redirs", "2", chain}},
			`net_curl {"args":["-L","--max-redirs","10","` + chain + `"]}`},
		{"--max-redirs in a string", map[string]any{"args": "-sL --max-redirs 2 " + chain},
			`net_curl {"args":["-sL","--max-redirs","10","` + chain + `"]}`},
		{"--max-redirs=N", map[string]any{"args": []any{"-L", "--max-redirs=1", chain}},
			`net_curl {"args":["-L","--max-redirs=10","` + chain + `"]}`},
		{"the structured field", map[string]any{"url": chain, "maxRedirects": 2},
			`net_curl {"maxRedirects":10,"url":"` + chain + `"}`},
		{"flags and the field", map[string]any{"args": []any{"-L", chain}, "maxRedirects": 3},
			`net_curl {"args":"-L ` + chain + `","maxRedirects":10}`},
		{"one of several URLs", map[string]any{"args": []any{"-L", "--max-redirs", "2", e.url + "/text", chain}},
			`net_curl {"args":["-L","--max-redirs","10"],"url":"` + chain + `"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if !res.IsError {
				t.Fatalf("not an error:\n%s", res.Text)
			}
			_, call, ok := strings.Cut(res.Text, "Allow more: ")
			call, _, _ = strings.Cut(call, "\n")
			if !ok || call != c.suggest {
				t.Fatalf("suggested %q, want %q in:\n%s", call, c.suggest, res.Text)
			}
			var args map[string]any
			if err := json.Unmarshal([]byte(strings.TrimPrefix(call, "net_curl ")), &args); err != nil {
				t.Fatal(err)
			}
			res = e.call(t, args)
			if res.IsError {
				t.Fatalf("the suggested call fails:\n%s", res.Text)
			}
			assertInOrder(t, res.Text, "200 OK", "after 5 redirects", "end of chain")
		})
	}
}

func TestVerbose(t *testing.T) {
	e := newEnv(t)
	res := e.call(t, map[string]any{"args": []any{"-v", "-u", "bob:secret", "-H", "X-Key: k", "-d", "a=1", e.url + "/nodate"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	got := stripTime(res.Text)
	got = got[strings.Index(got, "\n")+1:]
	got = got[strings.Index(got, "\n")+1:] // the "* connected to" line
	want := "> POST /nodate HTTP/1.1\n> Host: " + e.host + "\n> Accept: */*\n> Authorization: Basic ***\n> Content-Type: application/x-www-form-urlencoded\n" +
		"> User-Agent: f0/test\n> X-Key: k\n> Content-Length: 3\n> [3 B of body]\n< HTTP/1.1 200 OK\n< Content-Length: 6\n< Content-Type: text/plain\n< X-Test: yes\nfixed"
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(res.Text, "Ym9i") || strings.Contains(res.Text, "secret") {
		t.Fatal("credentials leaked into -v output")
	}
}

func TestHeadAndInclude(t *testing.T) {
	e := newEnv(t)
	res := e.call(t, map[string]any{"args": []any{"-I", e.url + "/nodate"}})
	want := "200 OK · text/plain · no body (HEAD), Content-Length 6 · T\nHTTP/1.1 200 OK\nContent-Type: text/plain\nX-Test: yes\nContent-Length: 6\n"
	if got := stripTime(res.Text); res.IsError || got != want {
		t.Fatalf("got:\n%q\nwant:\n%q", got, want)
	}
	res = e.call(t, map[string]any{"url": e.url + "/nodate", "includeHeaders": true})
	want = "200 OK · text/plain · 6 B · T\nHTTP/1.1 200 OK\nContent-Type: text/plain\nX-Test: yes\nContent-Length: 6\n\nfixed"
	if got := stripTime(res.Text); res.IsError || got != want {
		t.Fatalf("got:\n%q\nwant:\n%q", got, want)
	}
}

func TestFail(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name    string
		args    map[string]any
		isError bool
		want    string
	}{
		{"404 without -f is an answer", map[string]any{"args": []any{e.url + "/status/404"}}, false,
			"404 Not Found · text/plain · 16 B · T\nstatus 404 body"},
		{"-f makes it an error", map[string]any{"args": []any{"-f", e.url + "/status/404"}}, true,
			"404 Not Found · text/plain · 16 B · T\nfailed: the server answered 404 Not Found, and fail (-f) makes a status of 400 or more an error\nThe body starts:\nstatus 404 body"},
		{"fail field", map[string]any{"url": e.url + "/status/500", "fail": true}, true,
			"500 Internal Server Error · text/plain · 16 B · T\nfailed: the server answered 500 Internal Server Error, and fail (-f) makes a status of 400 or more an error\nThe body starts:\nstatus 500 body"},
		{"--fail-with-body", map[string]any{"args": []any{"--fail-with-body", e.url + "/status/418"}}, true,
			"418 I'm a teapot · text/plain · 16 B · T\nfailed: the server answered 418 I'm a teapot, and --fail-with-body makes a status of 400 or more an error (the body is kept)\nstatus 418 body"},
		{"-f passes a 2xx", map[string]any{"args": []any{"-f", e.url + "/status/201"}}, false, "201 Created · text/plain · 16 B · T\nstatus 201 body"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if res.IsError != c.isError {
				t.Fatalf("IsError %v:\n%s", res.IsError, res.Text)
			}
			if got := stripTime(res.Text); got != c.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestFormats(t *testing.T) {
	e := newEnv(t)
	cases := []callCase{
		{"markdown", map[string]any{"url": e.url + "/html", "format": "markdown"},
			"200 OK · text/html; charset=utf-8 · 367 B · T · shown as markdown (117 B)\n# T\n\n# Hello world\n\nSome **bold** text and a [link](" + e.url + "/docs/x).\n\n- one\n- two\n\n```\ncode  kept\n```"},
		{"text", map[string]any{"url": e.url + "/html", "format": "text"},
			"200 OK · text/html; charset=utf-8 · 367 B · T · shown as text (68 B)\nT\n\nHello world\n\nSome bold text and a link.\n\n- one\n- two\n\ncode  kept"},
		{"markdown of JSON is a note", map[string]any{"url": e.url + "/json", "format": "markdown"},
			"200 OK · application/json · 11 B · T\n{\"ok\":true}\nnote: format \"markdown\" applies to HTML pages; this body (application/json) is shown as it is"},
		{"latin-1 is decoded", map[string]any{"url": e.url + "/latin1"},
			"200 OK · text/plain; charset=iso-8859-1 · 11 B · T · decoded from windows-1252\ncafé crème"},
		{"meta charset is honoured", map[string]any{"url": e.url + "/meta-charset", "format": "text"},
			"200 OK · text/html · 89 B · T · decoded from windows-1252 · shown as text (20 B)\nnaïve “quotes”"},
		{"JSON without a charset is UTF-8 after an ASCII start", map[string]any{"url": e.url + "/big?n=11054&ascii=1000&type=application/json", "offset": 11000},
			"200 OK · application/json · 11 KB · T\n(from byte 11,000 of 11,054)\nline 00000 ééé\nline 00001 ééé\nline 00002 ééé"},
		{"octet-stream text is shown", map[string]any{"url": e.url + "/octet-text"},
			"200 OK · application/octet-stream · 43 B · T\n# README\nplain text served as octet-stream"},
	}
	e.runCalls(t, isAnswer, cases)
}

func TestCompression(t *testing.T) {
	e := newEnv(t)
	cases := []callCase{
		{"gzip with --compressed", map[string]any{"args": []any{"--compressed", e.url + "/gzip"}}, "\ndecoded from gzip"},
		{"brotli with --compressed", map[string]any{"args": []any{"--compressed", e.url + "/br"}}, "\ndecoded from brotli"},
		{"structured asks by default", map[string]any{"url": e.url + "/br"}, "\ndecoded from brotli"},
		{"curl-style does not ask", map[string]any{"args": []any{e.url + "/gzip"}}, "\nplain: no gzip asked"},
		{"compressed false", map[string]any{"url": e.url + "/gzip", "compressed": false}, "\nplain: no gzip asked"},
	}
	e.runCalls(t, endsWith, cases)
}

func TestBinaryBodies(t *testing.T) {
	sum := sha256.Sum256(pngBytes)
	sha := hex.EncodeToString(sum[:])
	t.Run("omitted with both ways to get it", func(t *testing.T) {
		e := newEnv(t)
		res := e.call(t, map[string]any{"url": e.url + "/png"})
		want := "200 OK · image/png · 1016 B · T\n" +
			"binary body omitted: image/png, 1016 B (1,016 bytes), sha256 " + sha + "\n" +
			"Get it as base64: net_curl {\"base64\":true,\"url\":\"" + e.url + "/png\"}\n" +
			"Save it to a file: net_curl {\"output\":\"download.png\",\"url\":\"" + e.url + "/png\"}"
		if got := stripTime(res.Text); res.IsError || got != want {
			t.Fatalf("got:\n%s\nwant:\n%s", got, want)
		}
	})
	t.Run("the suggestions drop offset", func(t *testing.T) {
		e := newEnv(t)
		res := e.call(t, map[string]any{"url": e.url + "/png", "offset": 100})
		assertInOrder(t, res.Text, "binary body omitted: image/png",
			"Get it as base64: net_curl {\"base64\":true,\"url\":\""+e.url+"/png\"}\n",
			"Save it to a file: net_curl {\"output\":\"download.png\",\"url\":\""+e.url+"/png\"}")
		e = newEnv(t, withBudget(1500))
		res = e.call(t, map[string]any{"url": e.url + "/png", "offset": 100})
		assertInOrder(t, res.Text, "Get it as base64: net_curl {\"base64\":true,\"maxBytes\":3072,\"url\":\""+e.url+"/png\"}\n")
	})
	t.Run("sniffed without a content type", func(t *testing.T) {
		e := newEnv(t)
		res := e.call(t, map[string]any{"args": []any{e.url + "/sniff-binary"}})
		assertInOrder(t, res.Text, "binary body omitted: no content type, 1016 B", `Save it to a file: net_curl {"args":"http`, `"output":"download.bin"}`)
	})
	t.Run("declared binary type", func(t *testing.T) {
		e := newEnv(t)
		res := e.call(t, map[string]any{"url": e.url + "/files/report.pdf"})
		assertInOrder(t, res.Text, "binary body omitted: application/pdf", `"output":"report.pdf"`)
	})
	t.Run("base64", func(t *testing.T) {
		e := newEnv(t)
		res := e.call(t, map[string]any{"url": e.url + "/png", "base64": true})
		want := "200 OK · image/png · 1016 B · T\nbase64 of the body (image/png, 1,016 bytes) · sha256 " + sha + "\n" + base64.StdEncoding.EncodeToString(pngBytes)
		if got := stripTime(res.Text); res.IsError || got != want {
			t.Fatalf("got:\n%s\nwant:\n%s", got, want)
		}
	})
	t.Run("base64 refused over the budget", func(t *testing.T) {
		e := newEnv(t, withBudget(1500))
		res := e.call(t, map[string]any{"url": e.url + "/png", "base64": "true"})
		want := "200 OK · image/png · 1016 B · T\n" +
			"base64 refused: this body (image/png, 1016 B) is 1,356 bytes as base64, more than this call's output budget of 1,500 bytes.\n" +
			"Save it to a file instead: net_curl {\"output\":\"download.png\",\"url\":\"" + e.url + "/png\"}\n" +
			"Or raise the budget: net_curl {\"base64\":true,\"maxBytes\":3072,\"url\":\"" + e.url + "/png\"}"
		if got := stripTime(res.Text); !res.IsError || got != want {
			t.Fatalf("got:\n%s\nwant:\n%s", got, want)
		}
		res = e.call(t, map[string]any{"url": e.url + "/png", "base64": true, "maxBytes": 3072})
		if res.IsError || !strings.Contains(res.Text, base64.StdEncoding.EncodeToString(pngBytes)) {
			t.Fatalf("with the suggested budget:\n%s", res.Text)
		}
	})
}

// TestUTF16BodyHasNoBOM: a UTF-16 body is shown decoded, without its byte
// order mark (the cases of DecodeText are tested in f0/internal/web).
func TestUTF16BodyHasNoBOM(t *testing.T) {
	utf16le := []byte{0xFF, 0xFE, 'h', 0, 0xE9, 0, '\n', 0}
	e := newEnv(t)
	e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/utf16", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-16")
		w.Write(utf16le)
	})
	res := e.call(t, map[string]any{"url": e.url + "/utf16"})
	if _, body, _ := strings.Cut(res.Text, "\n"); res.IsError || body != "hé" {
		t.Fatalf("body %q in:\n%s", body, res.Text)
	}
}
