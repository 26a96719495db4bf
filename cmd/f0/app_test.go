package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/tool"
)

// listedNames returns the first column of `f0 tools`.
func listedNames(t *testing.T, out string) []string {
	t.Helper()
	var names []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			names = append(names, f[0])
		}
	}
	return names
}

func TestToolsCommand(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		args   []string
		want   []string
		absent []string
	}{
		// The table spells tools as the command line takes them, whatever
		// the MCP listing's style or prefix.
		{"default", nil, []string{"tools"}, []string{"tools.search", "tools.describe"}, []string{"tools_search", "f0__resolve"}},
		{"dotted flag", nil, []string{"--tool-names", "dotted", "tools"}, []string{"tools.search", "tools.describe"}, []string{"tools_search"}},
		{"dotted env", map[string]string{"F0_TOOL_NAMES": "dotted"}, []string{"tools"}, []string{"tools.search"}, []string{"tools_search"}},
		{"underscore flag", nil, []string{"--tool-names", "underscore", "tools"}, []string{"tools.search"}, []string{"tools_search"}},
		{"prefix", nil, []string{"--tools-prefix", "p", "tools"}, []string{"tools.search", "tools.describe"}, []string{"p_tools_search", "tools_search"}},
		{"prefix env", map[string]string{"F0_TOOLS_PREFIX": "q"}, []string{"tools"}, []string{"tools.search"}, []string{"q_tools_search"}},
		{"exclude", nil, []string{"--exclude-tools", "tools.search", "tools"}, []string{"tools.describe"}, []string{"tools.search"}},
		{"exclude env", map[string]string{"F0_EXCLUDE_TOOLS": "tools_search"}, []string{"tools"}, []string{"tools.describe"}, []string{"tools.search"}},
		{"include", nil, []string{"--tools", "tools-search", "tools"}, []string{"tools.search"}, []string{"tools.describe"}},
		{"namespace", nil, []string{"--namespaces", "tools", "tools"}, []string{"tools.search", "tools.describe"}, []string{"fs.read"}},
		{"namespace env", map[string]string{"F0_NAMESPACES": "tools"}, []string{"tools"}, []string{"tools.search"}, []string{"fs.read"}},
		{"namespace, old flag", nil, []string{"--allowed-root-endpoints", "tools", "tools"}, []string{"tools.search", "tools.describe"}, []string{"fs.read"}},
		{"namespace, old flag after the command", nil, []string{"tools", "--allowed-root-endpoints=fs"}, []string{"fs.read"}, []string{"tools.search"}},
		{"namespace, old env", map[string]string{"F0_ALLOWED_ROOT_ENDPOINTS": "tools"}, []string{"tools"}, []string{"tools.search"}, []string{"fs.read"}},
		{"namespace flag over old env", map[string]string{"F0_ALLOWED_ROOT_ENDPOINTS": "tools"}, []string{"--namespaces", "fs", "tools"}, []string{"fs.read"}, []string{"tools.search"}},
		{"read access", nil, []string{"--access", "read", "tools"}, []string{"tools.search", "fs.read"}, []string{"fs.write"}},
		{"flags after the command", nil, []string{"tools", "--exclude-tools=fs.read"}, []string{"tools.search"}, []string{"fs.read"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			r := f0(t, "", tc.args...)
			if r.code != exitOK {
				t.Fatalf("%s", r)
			}
			names := listedNames(t, r.stdout)
			for _, w := range tc.want {
				if !slices.Contains(names, w) {
					t.Errorf("%q not listed: %v", w, names)
				}
			}
			for _, a := range tc.absent {
				if slices.Contains(names, a) {
					t.Errorf("%q listed: %v", a, names)
				}
			}
			if !strings.Contains(r.stdout, "read") {
				t.Errorf("no access level column:\n%s", r.stdout)
			}
		})
	}
}

func TestToolsJSON(t *testing.T) {
	r := f0(t, "", "tools", "--json")
	if r.code != exitOK {
		t.Fatalf("%s", r)
	}
	var out struct {
		Tools []struct {
			Name        string          `json:"name"`
			Title       string          `json:"title"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"inputSchema"`
			Annotations map[string]any  `json:"annotations"`
		} `json:"tools"`
		Sizes []struct {
			Name   string `json:"name"`
			Bytes  int    `json:"bytes"`
			Tokens int    `json:"tokens"`
		} `json:"sizes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("tools --json is not JSON: %v\n%s", err, r.stdout)
	}
	if len(out.Sizes) != len(out.Tools)+1 || out.Sizes[len(out.Sizes)-1].Name != "total" {
		t.Fatalf("sizes should list every tool and a total: %+v", out.Sizes)
	}
	sum := 0
	for i, s := range out.Sizes[:len(out.Tools)] {
		if s.Name != out.Tools[i].Name || s.Bytes <= 0 || s.Tokens != (s.Bytes+3)/4 {
			t.Errorf("size of %s: %+v", out.Tools[i].Name, s)
		}
		sum += s.Bytes
	}
	if total := out.Sizes[len(out.Sizes)-1]; total.Bytes != sum {
		t.Errorf("total %d bytes, the tools add up to %d", total.Bytes, sum)
	}
	var names []string
	for _, tl := range out.Tools {
		names = append(names, tl.Name)
		if len(tl.InputSchema) == 0 || tl.Description == "" || tl.Title == "" {
			t.Errorf("%s: incomplete listing: %+v", tl.Name, tl)
		}
		if _, ok := tl.Annotations["readOnlyHint"]; !ok {
			t.Errorf("%s: no readOnlyHint", tl.Name)
		}
	}
	for _, w := range []string{"tools_search", "tools_describe"} {
		if !slices.Contains(names, w) {
			t.Errorf("%q not in tools --json: %v", w, names)
		}
	}
	if slices.Contains(names, "f0__resolve") {
		t.Error("hidden fallback listed")
	}
	// The same tools as the text listing, which spells them as the
	// command line does: as MCP lists them with --tool-names dotted.
	text := listedNames(t, f0(t, "", "tools").stdout)
	var dotted []string
	var listed struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal([]byte(f0(t, "", "--tool-names", "dotted", "tools", "--json").stdout), &listed); err != nil {
		t.Fatal(err)
	}
	for _, tl := range listed.Tools {
		dotted = append(dotted, tl.Name)
	}
	if !slices.Equal(sortedCopy(text), sortedCopy(dotted)) {
		t.Errorf("tools = %v, --tool-names dotted tools --json = %v", text, dotted)
	}
}

func sortedCopy(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

func TestDescribeCommand(t *testing.T) {
	tests := []struct {
		args []string
		want expect
	}{
		{[]string{"describe", "tools-search"}, expect{code: exitOK, stdout: []string{"tools.search: ", "Canonical name tools.search", "Arguments:", "Examples:", "Input schema:"}}},
		{[]string{"describe", "TOOLS.DESCRIBE"}, expect{code: exitOK, stdout: []string{"Canonical name tools.describe"}}},
		{[]string{"--tool-names", "dotted", "describe", "tools_search"}, expect{code: exitOK, stdout: []string{"tools.search: "}}},
		{[]string{"describe", "nope"}, expect{code: exitUsage, stderr: []string{`unknown tool "nope"`, "List every tool with f0 tools.search"}}},
		{[]string{"describe", "tools_serch"}, expect{code: exitUsage, stderr: []string{`unknown tool "tools_serch"`, "Did you mean", "- tools.search"}}},
		{[]string{"describe"}, expect{code: exitUsage, stderr: []string{"accepts 1 arg"}}},
		{[]string{"describe", "a", "b"}, expect{code: exitUsage}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			tc.want.check(t, f0(t, "", tc.args...))
		})
	}
}

// TestDescribeWorksWithoutToolsDescribe: regression test (the bug was in cmd/f0/app.go,
// describeCommand). `f0 describe` goes through the tools.describe tool, so
// it fails whenever the operator's filters hide that tool (for example
// F0_NAMESPACES=net,fs in the environment, or --tools naming
// only the tools an agent needs), although the tool being described is
// exposed.
func TestDescribeWorksWithoutToolsDescribe(t *testing.T) {
	for _, args := range [][]string{
		{"--tools", "tools.search", "describe", "tools.search"},
		{"--exclude-tools", "tools.describe", "describe", "tools.search"},
	} {
		r := f0(t, "", args...)
		if r.code != exitOK || !strings.Contains(r.stdout, "Canonical name tools.search") {
			t.Errorf("f0 %s:\n%s", strings.Join(args, " "), r)
		}
	}
}

func TestCallCommand(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  expect
	}{
		{"json", "", []string{"call", "tools_describe", `{"name":"tools_search"}`},
			expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"json with spaces", "", []string{"call", "tools_describe", ` { "name" : "tools_search" } `},
			expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"stdin", `{"name":"tools_search"}`, []string{"call", "tools_describe", "-"},
			expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"stdin with newline", "{\"name\":\"tools.describe\"}\n", []string{"call", "tools.describe", "-"},
			expect{code: exitOK, stdout: []string{"Canonical name tools.describe"}}},
		{"other spelling", "", []string{"call", "TOOLS-DESCRIBE", `{"name":"tools_search"}`},
			expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"key=value", "", []string{"call", "tools_describe", "name=tools_search"},
			expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"no arguments", "", []string{"call", "tools_search"},
			expect{code: exitOK, stdout: []string{"- tools.search (read)", "- tools.describe (read)"}}},
		{"unknown tool", "", []string{"call", "net_crul", "{}"},
			expect{code: exitUsage, stderr: []string{`unknown tool "net_crul"`, "List every tool with f0 tools.search"}}},
		{"misspelt tool", "", []string{"call", "tools_serch", "{}"},
			expect{code: exitUsage, stderr: []string{`unknown tool "tools_serch"`, "- tools.search"}}},
		{"bad argument", "", []string{"call", "tools_describe", `{"nmae":"tools_search"}`},
			expect{code: exitToolError, stderr: []string{"tools.describe: ", "Example: f0 tools.describe"}}},
		{"broken json", "", []string{"call", "tools_describe", `{"name":`},
			expect{code: exitToolError, stderr: []string{"tools.describe: "}}},
		{"broken json on stdin", `{"name":`, []string{"call", "tools_describe", "-"},
			expect{code: exitToolError, stderr: []string{"tools.describe: "}}},
		{"no tool", "", []string{"call"},
			expect{code: exitUsage, stderr: []string{"requires at least 1 arg"}}},
		{"bad := value", "", []string{"call", "tools_search", "query:={"},
			expect{code: exitUsage, stderr: []string{"query:={", "must be JSON"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.want.check(t, f0(t, tc.stdin, tc.args...))
		})
	}
}

// TestAccessCapHidesWriteTools: --access read hides the write tools from
// the listing and a call to one explains why.
func TestAccessCapHidesWriteTools(t *testing.T) {
	if !slices.Contains(listedNames(t, f0(t, "", "tools").stdout), "fs_write") {
		t.Skip("fs_write is not in the catalogue yet")
	}
	names := listedNames(t, f0(t, "", "--access", "read", "tools").stdout)
	if slices.Contains(names, "fs_write") || !slices.Contains(names, "tools_search") {
		t.Errorf("--access read lists %v", names)
	}
	root := t.TempDir()
	expect{code: exitToolError, stderr: []string{`unknown tool "fs_write"`, "needs write access", "--access read"}}.check(t,
		f0(t, "", "--access", "read", "--root", root, "call", "fs_write", `{"path":"x.txt","content":"y"}`))
	if _, err := os.Stat(root + "/x.txt"); err == nil {
		t.Error("fs_write ran with --access read")
	}
}

func TestExcludedToolCall(t *testing.T) {
	for _, args := range [][]string{
		{"--exclude-tools", "tools.search", "call", "tools.search", "{}"},
		{"--exclude-tools", "tools.search", "tools_search"},
	} {
		expect{code: exitToolError, stderr: []string{
			`unknown tool "tools`, "tools.search exists but this server does not expose it", "--exclude-tools",
		}}.check(t, f0(t, "", args...))
	}
}

func TestShorthand(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  expect
	}{
		{"key=value", "", []string{"tools.search", "query=file"}, expect{code: exitOK, stdout: []string{"- fs.read (read)"}}},
		{"bare word", "", []string{"tools.describe", "tools_search"}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"listed name", "", []string{"tools_describe", "tools.search"}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"key:=json", "", []string{"tools.search", `query:="describe"`}, expect{code: exitOK, stdout: []string{"- tools.describe"}}},
		{"key:=json object field", "", []string{"tools.describe", `name:="tools.search"`}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"pair and bare word", "", []string{"tools.search", "namespace=tools", "describe"}, expect{code: exitOK, stdout: []string{"- tools.describe"}}},
		{"json object", "", []string{"tools.describe", `{"name":"tools_search"}`}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"stdin", `{"name":"tools_search"}`, []string{"tools.describe", "-"}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"no arguments", "", []string{"tools.search"}, expect{code: exitOK, stdout: []string{"- tools.search", "- tools.describe"}}},
		{"bare word twice", "", []string{"tools.describe", "tools_search", "name=tools_describe"}, expect{code: exitUsage, stderr: []string{"both as a bare word and as name="}}},
		{"--help", "", []string{"tools.describe", "--help"}, expect{code: exitOK, stdout: []string{"Canonical name tools.describe", "Arguments:"}}},
		{"--help after args", "", []string{"tools.search", "query=x", "--help"}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"-h", "", []string{"tools.search", "-h"}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"help", "", []string{"tools.search", "help"}, expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}},
		{"unknown tool", "", []string{"net_crul", "x=1"}, expect{code: exitUsage, stderr: []string{`unknown tool "net_crul"`}}},
		{"misspelt tool", "", []string{"tools.serch"}, expect{code: exitUsage, stderr: []string{`unknown tool "tools.serch"`, "- tools.search"}}},
		{"bad := value", "", []string{"tools.search", "query:=nope"}, expect{code: exitUsage, stderr: []string{"must be JSON"}}},
		{"no command", "", nil, expect{code: exitUsage, stderr: []string{"Usage: f0 [TOOL", "f0 fs.search PATTERN", "f0 --help lists"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.want.check(t, f0(t, tc.stdin, tc.args...))
		})
	}
}

// TestBareWordsJoinForStringMainField: regression test (the bug was in cmd/f0/app.go, readArgs).
// Several bare words become a JSON array, which a string main field cannot
// take: `f0 tools.search describe schema` fails with "arguments must be a
// JSON object, got an array" instead of searching for "describe schema".
func TestBareWordsJoinForStringMainField(t *testing.T) {
	for _, args := range [][]string{
		{"tools.search", "describe", "schema"},
		{"tools.search", "namespace=tools", "describe", "schema"},
	} {
		r := f0(t, "", args...)
		if r.code != exitOK || !strings.Contains(r.stdout, "- tools.describe (read)") {
			t.Errorf("f0 %s:\n%s", strings.Join(args, " "), r)
		}
	}
}

// lockedBuffer is safe to write from the command and read from the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeHTTP runs `f0 serve --http` through run(), finds its address in
// the log, calls it with `f0 call --server`, and stops it.
func TestServeHTTP(t *testing.T) {
	t.Setenv("F0_TEST_SERVE_TOKEN", "serve-token")
	var stdout, stderr lockedBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--http", "127.0.0.1:0", "--auth-token-env", "F0_TEST_SERVE_TOKEN", "--log-level", "info"},
			strings.NewReader(""), &stdout, &stderr)
	}()
	url := servedURL(t, &stderr, done)
	if !strings.Contains(stderr.String(), "auth=true") {
		t.Errorf("start line does not say auth is on:\n%s", stderr.String())
	}
	expect{code: exitOK, stdout: []string{"Canonical name tools.search"}}.check(t,
		f0(t, "", "call", "--server", url, "--auth-token-env", "F0_TEST_SERVE_TOKEN", "tools_describe", "name=tools_search"))
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exited %d after cancel:\n%s", code, stderr.String())
		}
	case <-time.After(testTimeout):
		t.Fatal("serve did not stop")
	}
	if stdout.String() != "" {
		t.Errorf("serve --http wrote to stdout: %q", stdout.String())
	}
	for _, w := range []string{"msg=call", "tool=tools.describe", "outcome=ok", "shutting down"} {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("log lacks %q:\n%s", w, stderr.String())
		}
	}
}

func TestServeHTTPPortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	r := f0(t, "", "serve", "--http", ln.Addr().String())
	expect{code: exitToolError, stderr: []string{"listen on", ln.Addr().String()}}.check(t, r)
}

// TestServeStdio runs `f0 serve` through run() with a scripted client and
// checks stdout holds nothing but JSON-RPC lines while logs go to stderr.
func TestServeStdio(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr lockedBuffer
	var stdout lockedBuffer
	done := make(chan int, 1)
	go func() {
		code := run(context.Background(), []string{"serve", "--log-level", "debug"}, inR, io.MultiWriter(outW, &stdout), &stderr)
		outW.Close()
		done <- code
	}()
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	request := func(id int, body string) map[string]any {
		t.Helper()
		if _, err := fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,%s}`+"\n", id, body); err != nil {
			t.Fatal(err)
		}
		timeout := time.After(testTimeout)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("stdout closed before response %d\n%s", id, stderr.String())
				}
				var msg map[string]any
				if err := json.Unmarshal([]byte(line), &msg); err != nil {
					t.Fatalf("stdout line is not JSON: %q", line)
				}
				if v, _ := msg["id"].(float64); int(v) == id {
					return msg
				}
			case <-timeout:
				t.Fatalf("no response %d", id)
			}
		}
	}
	request(1, `"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}`)
	fmt.Fprintln(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	list := request(2, `"method":"tools/list"`)
	if b, _ := json.Marshal(list); !strings.Contains(string(b), `"tools_search"`) {
		t.Errorf("tools/list: %s", b)
	}
	bad := request(3, `"method":"tools/call","params":{"name":"tools_serch","arguments":{}}`)
	if b, _ := json.Marshal(bad); !strings.Contains(string(b), `"isError":true`) {
		t.Errorf("unknown tool: %s", b)
	}
	good := request(4, `"method":"tools/call","params":{"name":"tools.describe","arguments":"{\"name\":\"tools_search\"}"}`)
	if b, _ := json.Marshal(good); strings.Contains(string(b), `"isError":true`) || !strings.Contains(string(b), "Canonical name tools.search") {
		t.Errorf("call: %s", b)
	}
	inW.Close()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exited %d:\n%s", code, stderr.String())
		}
	case <-time.After(testTimeout):
		t.Fatal("serve did not stop when stdin closed")
	}
	for i, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var msg map[string]any
		if err := json.Unmarshal([]byte(line), &msg); err != nil || msg["jsonrpc"] != "2.0" {
			t.Errorf("stdout line %d is not JSON-RPC: %q", i+1, line)
		}
	}
	for _, w := range []string{"serving MCP over stdio", "msg=call", "outcome=error", "outcome=ok"} {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
		}
	}
}

func TestReadArgs(t *testing.T) {
	a := newApp(strings.NewReader(`{"from":"stdin"}`), io.Discard, io.Discard)
	main := &tool.Tool{Spec: tool.Spec{Fields: tool.Fields{MainField: "query"}}}
	tests := []struct {
		name    string
		tool    *tool.Tool
		words   []string
		want    string // JSON of the result
		wantErr string
	}{
		{"none", main, nil, `null`, ""},
		{"json", main, []string{`{"a":1}`}, `{"a":1}`, ""},
		{"stdin", main, []string{"-"}, `{"from":"stdin"}`, ""},
		{"pairs", main, []string{"a=1", "b=two"}, `{"a":"1","b":"two"}`, ""},
		{"json pairs", main, []string{"a:=1", `b:=["x"]`, "c:=true"}, `{"a":1,"b":["x"],"c":true}`, ""},
		{"value with =", main, []string{"a=b=c"}, `{"a":"b=c"}`, ""},
		{"bare word", main, []string{"hello"}, `"hello"`, ""},
		{"bare words", main, []string{"a", "b"}, `["a","b"]`, ""},
		{"bare word with pair", main, []string{"k=v", "word"}, `{"k":"v","query":"word"}`, ""},
		{"path-like with =", main, []string{"./a=b"}, `"./a=b"`, ""},
		{"spaced key", main, []string{"a b=c"}, `"a b=c"`, ""},
		{"leading =", main, []string{"=x"}, `"=x"`, ""},
		{"bare word, no main field", &tool.Tool{}, []string{"k=v", "word"}, "", "give every argument as key=value"},
		{"bare word, no tool", nil, []string{"k=v", "word"}, "", "give every argument as key=value"},
		{"duplicate main", main, []string{"query=a", "b"}, "", "both as a bare word"},
		{"bad json pair", main, []string{"a:=nope"}, "", "must be JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := a.readArgs(nil, tc.tool, tc.words)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			data, _ := json.Marshal(got)
			if !jsonEqual(t, string(data), tc.want) {
				t.Errorf("readArgs = %s, want %s", data, tc.want)
			}
		})
	}
}

func jsonEqual(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}
