package curl

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/tools"
)

func TestUpload(t *testing.T) {
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.dir, "up load.txt"), []byte("line 1\nline 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// -T to a URL ending in / appends the file name (encoded), as curl does.
	got := e.call(t, map[string]any{"args": []any{"-T", "up load.txt", "-w", "%{url_effective}", e.url + "/"}})
	if !strings.HasSuffix(got.Sections.Body, e.url+"/up%20load.txt") {
		t.Errorf("-T to a directory URL went to:\n%s", got.Sections.Body)
	}
	res := e.call(t, map[string]any{"args": []any{"-T", "up load.txt", e.url + "/echo"}})
	var ec echoed
	if err := json.Unmarshal([]byte(res.Sections.Body), &ec); err != nil {
		t.Fatalf("%v: %s", err, res.Text)
	}
	if ec.Method != "PUT" || ec.Body != "line 1\nline 2\n" || ec.Headers["Content-Type"] != "" || ec.Headers["Expect"] != "100-continue" {
		t.Errorf("-T sent %+v", ec)
	}
}

func TestStdin(t *testing.T) {
	e := newEnv(t)
	call := func(ctx context.Context, args ...any) echoed {
		t.Helper()
		res := e.p.Call(ctx, "net_curl", map[string]any{"args": append(args, e.url+"/echo")})
		var ec echoed
		if err := json.Unmarshal([]byte(res.Sections.Body), &ec); err != nil {
			t.Fatalf("%v: %s", err, res.Text)
		}
		return ec
	}
	cli := func(text string) context.Context {
		return tools.WithStdin(context.Background(), tools.NewStdin(strings.NewReader(text)))
	}
	if ec := call(cli("a=1\nb=2\n"), "-d", "@-"); ec.Method != "POST" || ec.Body != "a=1b=2" {
		t.Errorf("-d @- sent %+v (curl drops the newlines)", ec)
	}
	if ec := call(cli("bin\r\nary"), "--data-binary", "@-"); ec.Body != "bin\r\nary" {
		t.Errorf("--data-binary @- sent %q", ec.Body)
	}
	if ec := call(cli("hello world"), "--data-urlencode", "msg@-"); ec.Body != "msg=hello+world" {
		t.Errorf("--data-urlencode msg@- sent %q", ec.Body)
	}
	if ec := call(cli("streamed\n"), "-T", "-"); ec.Method != "PUT" || ec.Body != "streamed\n" || ec.Headers["Transfer-Encoding"] != "" && ec.Headers["Content-Length"] != "" {
		t.Errorf("-T - sent %+v", ec)
	}
	// Over MCP there is no standard input: the error says what to send instead.
	for _, tc := range []struct {
		args []any
		what string
	}{
		{[]any{"-d", "@-"}, "@-"},
		{[]any{"-T", "-"}, "-T -"},
		{[]any{"--data-urlencode", "msg@-"}, "--data-urlencode msg@-"},
	} {
		res := e.p.Call(context.Background(), "net_curl", map[string]any{"args": append(tc.args, e.url+"/echo")})
		want := `net_curl: "args": ` + tc.what + `: there is no standard input to read over MCP. Put the data in the call instead: "data": "name=value" for a body as it is, "json": {"key": "value"} for JSON, or a file inside the roots (@file).`
		if !res.IsError || !strings.HasPrefix(res.Text, want) {
			t.Errorf("%v over MCP:\n%s\nwant it to start with:\n%s", tc.args, res.Text, want)
		}
	}
}

func TestHeaderFile(t *testing.T) {
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.dir, "h.txt"), []byte("X-A: 1\r\n\r\nX-B: two words\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := e.echo(t, map[string]any{"args": []any{"-H", "@h.txt", "-H", "X-C: 3", e.url + "/echo"}})
	if got.Headers["X-A"] != "1" || got.Headers["X-B"] != "two words" || got.Headers["X-C"] != "3" {
		t.Errorf("-H @h.txt sent %v", got.Headers)
	}
	for _, tc := range []struct{ file, want string }{
		{"../h.txt", `net_curl: "args": -H @../h.txt: "../h.txt" is outside the allowed roots`},
		{"-", `net_curl: "args": -H @-: there is no standard input to read over MCP.`},
	} {
		res := e.call(t, map[string]any{"args": []any{"-H", "@" + tc.file, e.url + "/echo"}})
		if !res.IsError || !strings.HasPrefix(res.Text, tc.want) {
			t.Errorf("got:\n%s\nwant it to start with:\n%s", res.Text, tc.want)
		}
	}
}
