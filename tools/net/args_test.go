package net

import (
	"errors"
	"strings"
	"testing"
	"time"

	"f0/tool"
)

// parse runs args through the same path a call does.
func parse(t *testing.T, in Input) *plan {
	t.Helper()
	p, err := buildPlan(in)
	if err != nil {
		t.Fatalf("buildPlan: %v", err)
	}
	return p
}

func parseErr(t *testing.T, in Input) string {
	t.Helper()
	_, err := buildPlan(in)
	if err == nil {
		t.Fatalf("buildPlan(%+v) succeeded, want an error", in)
	}
	var ie *tool.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %v is not an InputError", err)
	}
	return err.Error()
}

func TestSplitArgs(t *testing.T) {
	cases := []struct {
		in    string
		want  []string
		notes int
	}{
		{`-sL https://x`, []string{"-sL", "https://x"}, 0},
		{`curl -H 'Accept: application/json' "https://x/a b"`, []string{"curl", "-H", "Accept: application/json", "https://x/a b"}, 0},
		{`-d '{"a":1,"b":2}' https://x`, []string{"-d", `{"a":1,"b":2}`, "https://x"}, 0},
		{`-H "Quote: \"yes\"" x\ y`, []string{"-H", `Quote: "yes"`, "x y"}, 0},
		{"-sS \\\n  -L https://x", []string{"-sS", "-L", "https://x"}, 0},
		{`-w $'%{http_code}\n' https://x`, []string{"-w", "%{http_code}\n", "https://x"}, 0},
		{`-H 'Authorization: Bearer $TOKEN' https://x`, []string{"-H", "Authorization: Bearer $TOKEN", "https://x"}, 0},
		{`["-sL","https://x"]`, []string{"-sL", "https://x"}, 0},
		{`https://x/?a=1&b=2&c=3`, []string{"https://x/?a=1&b=2&c=3"}, 1},
		{`'' ""`, []string{"", ""}, 0},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, notes, err := splitArgs(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			if len(notes) != c.notes {
				t.Fatalf("notes %q", notes)
			}
		})
	}
}

func TestSplitArgsRefuses(t *testing.T) {
	cases := []struct{ in, want string }{
		{`-H "X: $TOKEN" https://x`, `"args": $TOKEN is a shell variable; f0 does not expand variables (it would not have your shell's values). Put the value itself in the call, or single-quote the text to send a literal '$'.`},
		{`-H "X: ${TOKEN:-a}" https://x`, `"args": ${TOKEN:-a} is a shell variable;`},
		{`-d "$(cat secret)" https://x`, `"args": $(cat secret) is a command substitution; f0 runs no commands. Put the command's output itself in the call.`},
		{"-d `id` https://x", "\"args\": `id` is a command substitution;"},
		{`-d $((1+2)) https://x`, `"args": $((1+2)) is shell arithmetic;`},
		{`https://x | jq .`, `"args": the string has an unquoted | at column 11, which a shell treats as an operator; f0 runs only curl, never a pipeline or a second command. Drop the pipe and what follows;`},
		{`https://x; rm -rf /`, `"args": the string has an unquoted ; at column 10`},
		{`https://x > out.html`, `Save the body with -o FILE instead of a redirect.`},
		{`https://x & echo hi`, `"args": the string has an unquoted & at column 11`},
		{`-H 'Accept: x https://x`, `"args": cannot split the string: reached EOF without closing quote `},
		{`-d {a,b} https://x`, `"args": {a,b} is unquoted, and a shell would expand its braces into several words. Put it in single quotes`},
		{strings.Repeat("{a,b}", 40) + " https://x", `is unquoted, and a shell would expand its braces into several words.`},
		{`-d {"a":1,"b":2} https://x`, `"args": {"a":1,"b":2} is JSON without quotes around it; a shell would strip its double quotes. Put it in single quotes: -d '{"a":1}', or use the "json" field.`},
		{`-d {"a":1} https://x`, `"args": {"a":1} is JSON without quotes around it; a shell would strip its double quotes`},
		{`-o ~/page.html https://x`, `"args": ~/page.html starts with ~, which f0 does not expand`},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			_, _, err := splitArgs(c.in)
			err = polish(err)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error:\n%s\nwant it to contain:\n%s", err, c.want)
			}
		})
	}
}

func TestParseCurlFlags(t *testing.T) {
	cases := []struct {
		name  string
		args  any
		check func(t *testing.T, p *plan)
	}{
		{"combined short flags", "-sSL https://x", func(t *testing.T, p *plan) {
			if !p.follow.val || len(p.urls) != 1 {
				t.Fatalf("follow %v urls %v", p.follow, p.urls)
			}
		}},
		{"attached values", []any{"-XPOST", "-H'X: 1'", "-HAccept:\tjson", "--max-time=2.5", "https://x"}, func(t *testing.T, p *plan) {
			if p.method.val != "POST" || p.maxTime.val != 2500*time.Millisecond {
				t.Fatalf("method %q maxTime %v", p.method.val, p.maxTime.val)
			}
			if len(p.headers) != 2 || p.headers[0].name != "'X" || p.headers[1].value != "json" {
				t.Fatalf("headers %+v", p.headers)
			}
		}},
		{"value in a group", "-sLo out.html https://x", func(t *testing.T, p *plan) {
			if len(p.outputs) != 1 || p.outputs[0] != "out.html" || !p.follow.val {
				t.Fatalf("outputs %v follow %v", p.outputs, p.follow)
			}
		}},
		{"group ending in an attached value", "-sXput https://x", func(t *testing.T, p *plan) {
			if p.method.val != "PUT" {
				t.Fatalf("method %q", p.method.val)
			}
		}},
		{"leading curl and --", []any{"curl", "-s", "--", "-weird-host"}, func(t *testing.T, p *plan) {
			if len(p.urls) != 1 || p.urls[0] != "-weird-host" {
				t.Fatalf("urls %v", p.urls)
			}
		}},
		{"repeated flags: last wins", "-X GET -X DELETE -m 5 -m 7 https://x", func(t *testing.T, p *plan) {
			if p.method.val != "DELETE" || p.maxTime.val != 7*time.Second {
				t.Fatalf("method %q maxTime %v", p.method.val, p.maxTime.val)
			}
		}},
		{"repeated -d joins", "-d a=1 -d b=2 https://x", func(t *testing.T, p *plan) {
			if len(p.body) != 2 || p.methodName() != "POST" {
				t.Fatalf("body %+v method %s", p.body, p.methodName())
			}
		}},
		{"-G makes GET", "-G -d q=go https://x", func(t *testing.T, p *plan) {
			if p.methodName() != "GET" || !p.get {
				t.Fatalf("method %s", p.methodName())
			}
		}},
		{"-I makes HEAD", "-I https://x", func(t *testing.T, p *plan) {
			if p.methodName() != "HEAD" {
				t.Fatalf("method %s", p.methodName())
			}
		}},
		{"--no- switches", "-L --no-location https://x", func(t *testing.T, p *plan) {
			if p.follow.val || !p.follow.set {
				t.Fatalf("follow %+v", p.follow)
			}
		}},
		{"--url and bare URLs", "--url https://a https://b --url=https://c", func(t *testing.T, p *plan) {
			if strings.Join(p.urls, " ") != "https://a https://b https://c" {
				t.Fatalf("urls %v", p.urls)
			}
			if !p.urlWords[0] || !p.urlWords[1] || !p.urlWords[2] || !p.urlWords[3] || p.urlWords[4] {
				t.Fatalf("urlWords %v", p.urlWords)
			}
		}},
		{"data flags", []any{"--data-raw", "@raw", "--data-binary", "@f.bin", "--data-urlencode", "q=a b", "--json", "{}", "https://x"}, func(t *testing.T, p *plan) {
			want := []dataPart{{kind: dataRaw, text: "@raw"}, {kind: dataBinary, text: "f.bin", file: true},
				{kind: dataURLEncode, name: "q", text: "a b"}, {kind: dataJSON, text: "{}"}}
			if len(p.body) != len(want) {
				t.Fatalf("body %+v", p.body)
			}
			for i := range want {
				if p.body[i] != want[i] {
					t.Fatalf("body[%d] = %+v, want %+v", i, p.body[i], want[i])
				}
			}
		}},
		{"form fields", []any{"-F", "name=x", "-F", "file=@a.png;type=image/png;filename=b.png", "-F", "text=<notes.txt", "--form-string", "at=@literal", "https://x"}, func(t *testing.T, p *plan) {
			want := []formPart{{name: "name", value: "x"}, {name: "file", file: "a.png", ctype: "image/png", filename: "b.png"},
				{name: "text", contentFile: "notes.txt"}, {name: "at", value: "@literal"}}
			for i := range want {
				if p.forms[i] != want[i] {
					t.Fatalf("forms[%d] = %+v, want %+v", i, p.forms[i], want[i])
				}
			}
		}},
		{"auth, agent, referer, cookie, range, bearer", []any{"-u", "a:b", "-A", "bot/1", "-e", "https://r;auto", "-b", "s=1", "-r", "0-9", "--oauth2-bearer", "tok", "https://x"}, func(t *testing.T, p *plan) {
			if p.user.val != "a:b" || p.userAgent.val != "bot/1" || p.referer.val != "https://r" || p.cookie.val != "s=1" {
				t.Fatalf("plan %+v", p)
			}
			if len(p.headers) != 2 || p.headers[0].value != "bytes=0-9" || p.headers[1].value != "Bearer tok" {
				t.Fatalf("headers %+v", p.headers)
			}
		}},
		{"accepted no-ops", "-sS -g -# -N --no-progress-meter --create-dirs --http1.1 --http2 --basic --compressed https://x", func(t *testing.T, p *plan) {
			if !p.compressed.val {
				t.Fatal("compressed not set")
			}
		}},
		{"-h", "-h", func(t *testing.T, p *plan) {
			if !p.help {
				t.Fatal("help not set")
			}
		}},
		{"list of one string is split", []any{"-sL https://x"}, func(t *testing.T, p *plan) {
			if !p.follow.val || p.urls[0] != "https://x" {
				t.Fatalf("plan %+v", p)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.check(t, parse(t, Input{Args: c.args}))
		})
	}
}

func TestParseCurlErrors(t *testing.T) {
	cases := []struct {
		name string
		in   Input
		want string
	}{
		{"misspelt long flag", Input{Args: "--locaton https://x"}, `"args": unknown flag --locaton; did you mean -L, --location? The structured field for it: "followRedirects".`},
		{"prefix of a long flag", Input{Args: "--head https://x --connect https://x"}, `"args": unknown flag --connect; did you mean --connect-timeout or --connect-to? The structured field for it: "connectTimeoutMs".`},
		{"short flag in the wrong case", Input{Args: "-l https://x"}, `"args": unknown flag -l; did you mean -L, --location? The structured field for it: "followRedirects".`},
		{"unknown letter in a group", Input{Args: "-sSlk https://x"}, `"args": unknown flag -l (in -sSlk); did you mean -L, --location?`},
		{"unknown flag far from all", Input{Args: "--frobnicate https://x"}, `"args": unknown flag --frobnicate. Supported: -X -H -d`},
		{"known unsupported flag", Input{Args: "--netrc https://x"}, `"args": --netrc is not supported by net.curl: give credentials with -u`},
		{"known unsupported short flag", Input{Args: "-Z https://x"}, `"args": -Z is not supported by net.curl: URLs are requested one after the other`},
		{"missing value", Input{Args: "https://x -H"}, `"args": -H needs a value ('NAME: VALUE') and it is the last word. Write -H 'NAME: VALUE'.`},
		{"value on a switch", Input{Args: "--location=yes https://x"}, `"args": --location takes no value (got "yes")`},
		{"bad number", Input{Args: "-m soon https://x"}, `"args": -m soon: expected a number of seconds, e.g. 10 or 2.5`},
		{"bad header", Input{Args: []any{"-H", "NoColon", "https://x"}}, `"args": -H NoColon: "NoColon" is not a header: write "Name: value"`},
		{"misspelt method", Input{Args: "-X GTE https://x"}, `"args": unknown method "GTE"; did you mean "GET"?`},
		{"bad method", Input{Method: "GE T", URL: "https://x"}, `"method": "GE T" is not an HTTP method`},
		{"stdin", Input{Args: "- https://x"}, `"args": "-" is not a URL or a flag`},
		{"a word that is not a string", Input{Args: []any{"-s", true}}, `"args[1]": expected a string, got true`},
		{"args of the wrong type", Input{Args: map[string]any{"a": 1}}, `"args": expected a list of words or one string, got {"a":1}`},
		{"-I with a body", Input{Args: "-I -d a=1 https://x"}, `"args": -I (HEAD) cannot send a body`},
		{"-F with -d", Input{Args: "-F a=1 -d b=2 https://x"}, `"args": -F (multipart form) and -d b=2 in args both give a request body`},
		{"user without password", Input{Args: "-u bob https://x"}, `"user": "bob" has no password; f0 cannot prompt for one`},
		{"retry count", Input{Args: "--retry many https://x"}, `"args": --retry many: expected a number of retries, e.g. --retry 3`},
		{"retry delay", Input{Args: "--retry 2 --retry-delay 1.5 https://x"}, `"args": --retry-delay 1.5: expected a whole number of seconds, e.g. --retry-delay 5`},
		{"resolve without address", Input{Args: "--resolve example.com:443 https://example.com"}, `"args": --resolve example.com:443: expected HOST:PORT:ADDRESS, e.g. --resolve example.com:443:127.0.0.1`},
		{"resolve to a name", Input{Args: "--resolve example.com:443:localhost https://example.com"}, `"args": --resolve example.com:443:localhost: "localhost" is not an IP address. Write HOST:PORT:ADDRESS`},
		{"connect-to with three parts", Input{Args: "--connect-to a:1:b https://a"}, `"args": --connect-to a:1:b: expected HOST1:PORT1:HOST2:PORT2`},
		{"upload and data", Input{Args: "-T up.txt -d a=1 https://x/"}, `"args": -T up.txt in args and -d a=1 in args both give a request body. Upload the file with -T alone`},
		{"write-out from a file", Input{Args: "-w @fmt.txt https://x"}, `reading the format from a file is not supported`},
		{"field disagrees with flag", Input{Args: "-X POST https://x", Method: "get"}, `"method": "get" disagrees with -X POST in args. Give the setting once.`},
		{"two fields disagree", Input{URL: "https://x", TimeoutMs: ptr(5000), MaxTimeSeconds: ptr(10.0)}, `"maxTimeSeconds": 10 disagrees with "timeoutMs": 5000. Give the setting once.`},
		{"switch disagrees", Input{Args: "-L https://x", FollowRedirects: ptr(false)}, `"followRedirects": false disagrees with -L in args.`},
		{"url disagrees with args", Input{Args: "https://a", URL: "https://b"}, `"url": "https://b" disagrees with the URL in args (https://a)`},
		{"body twice", Input{Args: "-d a=1 https://x", JSON: map[string]any{"a": 1}}, `"json": disagrees with -d a=1 in args: both give a request body`},
		{"data and json", Input{URL: "https://x", Data: "a", JSON: "{}"}, `"data" and "json" both give a request body. Send one of data, json and form.`},
		{"output disagrees", Input{Args: "-o a.html https://x", Output: "b.html"}, `"output": "b.html" disagrees with -o a.html in args`},
		{"base64 and output", Input{URL: "https://x", Output: "a", Base64: ptr(true)}, `"base64" and "output" both ask for the body`},
		{"headers of a wrong shape", Input{URL: "https://x", Headers: 42}, `"headers": expected an object or a list of "Name: value", got 42`},
		{"header without a colon", Input{URL: "https://x", Headers: []any{"Accept application/json"}}, `"headers": "Accept application/json" is not a header: write "Name: value"`},
		{"header written name=value", Input{URL: "https://x", Headers: []any{"X-Token=abc"}}, `"headers": "X-Token=abc" is not a header: write "X-Token: abc"`},
		{"header with a newline", Input{URL: "https://x", Headers: map[string]any{"X": "a\r\nInjected: 1"}}, `"headers": the value of header X has a line break or control character`},
		// The pipeline turns an object into "name=value&…" (tools.URLEncoded)
		// before the tool sees it; an object that reaches the tool is refused.
		{"form of a wrong type", Input{URL: "https://x", Form: map[string]any{"a": map[string]any{}}}, `"form": expected "name=value&…", got {"a":{}}`},
		{"remoteName and output", Input{URL: "https://x/a.txt", RemoteName: ptr(true), Output: "b.txt"}, `"remoteName": true and "output": "b.txt" both name the file the body is saved to. Give one of them`},
		{"-O and -o", Input{Args: "-O -o b.txt https://x/a.txt"}, `-O in args and -o b.txt in args both name the file the body is saved to.`},
		{"flag with a unit", Input{Args: "--max-time-ms 500 https://x"}, `"args": unknown flag --max-time-ms; did you mean -m, --max-time? The structured field for it: "maxTimeSeconds".`},
		{"flag with a noun", Input{Args: "--output-file a.html https://x"}, `"args": unknown flag --output-file; did you mean -o, --output? The structured field for it: "output".`},
		{"flag with a prefix", Input{Args: []any{"--data-json", "{}", "https://x"}}, `"args": unknown flag --data-json; did you mean --json? The structured field for it: "json".`},
		{"cookie without pairs", Input{URL: "https://x", Cookie: "jar.txt"}, `"cookie": "jar.txt" has no name=value pair`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := parseErr(t, c.in); !strings.Contains(got, c.want) {
				t.Fatalf("error:\n%s\nwant it to contain:\n%s", got, c.want)
			}
		})
	}
}

func TestFieldShapes(t *testing.T) {
	cases := []struct {
		name string
		in   Input
		want []header
	}{
		{"object", Input{Headers: map[string]any{"B": "2", "A": "1", "N": []any{"x", "y"}, "Del": nil}},
			[]header{{name: "A", value: "1"}, {name: "B", value: "2"}, {name: "Del", remove: true}, {name: "N", value: "x"}, {name: "N", value: "y"}}},
		{"list", Input{Headers: []any{"A: 1", "B:2", map[string]any{"name": "C", "value": "3"}}},
			[]header{{name: "A", value: "1"}, {name: "B", value: "2"}, {name: "C", value: "3"}}},
		{"one string", Input{Headers: "A: 1"}, []header{{name: "A", value: "1"}}},
		{"lines", Input{Headers: "A: 1\nB: 2\n"}, []header{{name: "A", value: "1"}, {name: "B", value: "2"}}},
		{"JSON text", Input{Headers: `{"A":"1"}`}, []header{{name: "A", value: "1"}}},
		{"empty and removed", Input{Headers: []any{"X-Empty;", "User-Agent:"}}, []header{{name: "X-Empty"}, {name: "User-Agent", remove: true}}},
		{"numbers", Input{Headers: map[string]any{"X-N": 5}}, []header{{name: "X-N", value: "5"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.in.URL = "https://x"
			p := parse(t, c.in)
			if len(p.headers) != len(c.want) {
				t.Fatalf("headers %+v", p.headers)
			}
			for i := range c.want {
				if p.headers[i] != c.want[i] {
					t.Fatalf("headers[%d] = %+v, want %+v", i, p.headers[i], c.want[i])
				}
			}
		})
	}
}

func TestAccess(t *testing.T) {
	cases := []struct {
		in   Input
		want tool.Access
		why  string
	}{
		{Input{URL: "https://x"}, tool.Read, ""},
		{Input{Args: "-I https://x"}, tool.Read, ""},
		{Input{URL: "https://x", Method: "options"}, tool.Read, ""},
		{Input{Args: "-G -d q=1 https://x"}, tool.Read, ""},
		{Input{Args: "-o /dev/null https://x"}, tool.Read, ""},
		{Input{Args: "-o - https://x"}, tool.Read, ""},
		{Input{URL: "https://x", Output: "-"}, tool.Read, ""},
		{Input{URL: "https://x", Output: "-", Base64: ptr(true)}, tool.Read, ""},
		{Input{Args: "-d a=1 https://x"}, tool.Write, "POST can change things on the server"},
		{Input{URL: "https://x", Method: "delete"}, tool.Write, "DELETE can change things on the server"},
		{Input{URL: "https://x", Output: "a.html"}, tool.Write, "it saves the body to a file"},
		{Input{Args: "-O https://x/a.png"}, tool.Write, "it saves the body to a file"},
		{Input{Args: "-k https://x"}, tool.Admin, "insecure turns off TLS certificate verification"},
		{Input{Args: "-k http://x HTTPS://y"}, tool.Admin, "insecure turns off TLS certificate verification"},
		{Input{Args: "-kL http://x"}, tool.Admin, "insecure turns off TLS certificate verification"},                 // a redirect may reach https
		{Input{URL: "http://x", Insecure: ptr(true)}, tool.Admin, "insecure turns off TLS certificate verification"}, // fields follow redirects
		{Input{Args: "-k http://x"}, tool.Read, ""},                                                                  // plain http: -k changes nothing
		{Input{Args: "-k x.test/a"}, tool.Read, ""},                                                                  // no scheme: http://, as in curl
		{Input{Args: "-c - -D - -b jar.txt http://x"}, tool.Read, ""},
		{Input{Args: "-c jar.txt http://x"}, tool.Write, "it writes the cookie jar (-c jar.txt in args) to a file"},
		{Input{Args: "-D h.txt http://x"}, tool.Write, "it writes the response headers (-D h.txt in args) to a file"},
		{Input{Args: "-T up.txt http://x/"}, tool.Write, "PUT can change things on the server"},
		{Input{Args: "-T up.txt -X POST http://x/"}, tool.Write, "POST can change things on the server"},
		{Input{Args: "--retry 3 --resolve x:80:127.0.0.1 http://x"}, tool.Read, ""},
		{Input{Args: "--bogus"}, tool.Read, ""}, // the call fails on its arguments
		{Input{Args: "-x 127.0.0.1:3128 http://x"}, tool.Admin, "-x 127.0.0.1:3128 in args chooses the proxy, which is the operator's to set (--proxy, or curl's environment variables)"},
		{Input{Args: "--noproxy * http://x"}, tool.Read, ""}, // no operator's proxy: it changes nothing
	}
	c := &curl{}
	for _, tc := range cases {
		got, why := c.access(tc.in)
		if got != tc.want || why != tc.why {
			t.Errorf("%+v: access %v (%q), want %v (%q)", tc.in, got, why, tc.want, tc.why)
		}
	}
}

func TestEveryFlagIsDocumented(t *testing.T) {
	p, _ := newPipeline(t)
	tool, _ := p.Resolve("net.curl")
	notes := strings.Join(p.Registry().Doc(tool).Notes, "\n")
	for _, f := range curlFlags {
		name := "--" + f.long
		if f.short != 0 {
			name = "-" + string(f.short)
		}
		if !strings.Contains(notes+" ", " "+name+" ") && !strings.Contains(notes, " "+name+".") {
			t.Errorf("flag %s is not in the notes of tools/net/schema/net.curl.json", name)
		}
		if f.set == nil && f.long != "url" {
			t.Errorf("flag %s does nothing", name)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestFlagWord(t *testing.T) {
	cases := []struct {
		word             string
		known, takesNext bool
	}{
		{"-H", true, true},
		{"-HAccept:x", true, false},
		{"-sSL", true, false},
		{"-sLo", true, true},
		{"-sLofile", true, false},
		{"-d", true, true},
		{"--data", true, true},
		{"--data=a=b", true, false},
		{"--max-time", true, true},
		{"--location", true, false},
		{"--no-location", true, false},
		{"--help", true, false},
		{"--proxytunnel", true, false}, // refused, but curl's
		{"--root", false, false},
		{"--access=read", false, false},
		{"--", false, false},
		{"-", false, false},
		{"https://example.com", false, false},
		{"url=http://x", false, false},
	}
	for _, c := range cases {
		known, next := flagWord(c.word)
		if known != c.known || next != c.takesNext {
			t.Errorf("flagWord(%q) = %v, %v; want %v, %v", c.word, known, next, c.known, c.takesNext)
		}
	}
}
