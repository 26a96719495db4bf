package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"f0/catalog"
	"f0/engine"
	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"
)

// TestCLIRendererRoundTrip: every documented example of every tool,
// rendered as an f0 command line, reads back as the same arguments (a
// number or boolean written as key=value comes back as its text, which
// the pipeline converts as the schema says).
func TestCLIRendererRoundTrip(t *testing.T) {
	reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	r := cliRenderer{reg: reg, flags: []string{"--root", "/tmp/a dir"}}
	a := newApp(strings.NewReader(""), io.Discard, io.Discard)
	for _, tl := range reg.Tools() {
		for i, ex := range reg.Doc(tl).Examples {
			line := r.Call(tool.Suggestion{Tool: tl.Name, Listed: "x", Args: ex})
			t.Run(fmt.Sprintf("%s#%d", tl.Name, i), func(t *testing.T) {
				words, _, err := shellwords.ShellWords(line)
				if err != nil {
					t.Fatalf("%s: not a shell line: %v", line, err)
				}
				prefix := []string{"f0", "--root", "/tmp/a dir", tl.Name}
				if len(words) < len(prefix) || strings.Join(words[:len(prefix)], "\x00") != strings.Join(prefix, "\x00") {
					t.Fatalf("%s: want it to start with %q", line, prefix)
				}
				got, err := readBack(a, reg, tl, words[len(prefix):])
				if err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				want := plainArgs(ex)
				if s, ok := want[tl.RawArgsField].(string); ok {
					want[tl.RawArgsField], _ = rawWords(s) // a string of curl words reads back as its words
					want = plainArgs(want)
				}
				for k, v := range want {
					if n, ok := v.(json.Number); ok && got[k] == n.String() {
						got[k] = v
					}
					if b, ok := v.(bool); ok && got[k] == fmt.Sprint(b) {
						got[k] = v
					}
				}
				if text.CompactJSON(got) != text.CompactJSON(want) {
					t.Errorf("%s\nreads back as %s\nwant         %s", line, text.CompactJSON(got), text.CompactJSON(want))
				}
			})
		}
	}
}

// readBack parses the words after a tool name the way the CLI does.
func readBack(a *app, reg *engine.Registry, t *tool.Tool, words []string) (map[string]any, error) {
	if t.RawArgsField != "" {
		args, err := rawCall(reg, t, words)
		return plainArgs(args), err
	}
	v, err := a.readArgs(reg, t, words)
	if err != nil {
		return nil, err
	}
	if s, ok := v.(string); ok {
		return map[string]any{t.MainField: s}, nil
	}
	if v == nil {
		return map[string]any{}, nil
	}
	return plainArgs(v), nil
}

func TestCLIRendererWords(t *testing.T) {
	reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	r := cliRenderer{reg: reg}
	cases := []struct {
		tool string
		args any
		want string
	}{
		{"fs.read", map[string]any{"path": "go.mod", "offset": 3}, "f0 fs.read go.mod offset=3"},
		{"fs.read", map[string]any{"path": "my notes.txt"}, "f0 fs.read 'my notes.txt'"},
		{"fs.read", map[string]any{"path": "a=b"}, "f0 fs.read path=a=b"},
		{"fs.read", map[string]any{"path": "-x"}, "f0 fs.read path=-x"},
		{"fs.read", map[string]any{"path": "it's"}, `f0 fs.read 'it'\''s'`},
		{"fs.search", map[string]any{"pattern": "func main", "glob": []any{"*.go"}}, `f0 fs.search 'func main' 'glob:=["*.go"]'`},
		{"net.curl", map[string]any{"args": []any{"-sL", "https://x.test/a b"}, "offset": 23893}, "f0 net.curl -sL 'https://x.test/a b' offset=23893"},
		{"net.curl", map[string]any{"args": "-sL https://x.test/", "format": "markdown"}, "f0 net.curl -sL https://x.test/ format=markdown"},
		{"net.curl", map[string]any{"args": []any{"--", "x.test"}, "offset": 5}, "f0 net.curl offset=5 -- x.test"},
		{"net.curl", map[string]any{"url": "https://x.test/", "data": 5}, "f0 net.curl data:=5 url=https://x.test/"},
		{"tools.search", map[string]any{}, "f0 tools.search"},
		{"no.such", map[string]any{"a": 1}, `f0 call no.such '{"a":1}'`},
	}
	for _, c := range cases {
		if got := r.Call(tool.Suggestion{Tool: c.tool, Listed: "x", Args: c.args}); got != c.want {
			t.Errorf("%s %v:\n got %s\nwant %s", c.tool, c.args, got, c.want)
		}
	}
	flags := cliRenderer{reg: reg, flags: []string{"--root", "/a b", "--access", "read"}}
	if got := flags.Call(tool.Suggestion{Tool: "fs.list"}); got != "f0 --root '/a b' --access read fs.list" {
		t.Errorf("with flags: %s", got)
	}
	if got := flags.ListTools(); got != "f0 --root '/a b' --access read tools" {
		t.Errorf("listing tools on a terminal: %s", got)
	}
}

// hintLine finds the f0 command a hint suggests.
var hintLine = regexp.MustCompile(`(?m)(More lines follow|Get the rest|Example|Find it by name): (f0 .*)$`)

// runHint runs a suggested command line as printed, with the built f0
// first on PATH.
func runHint(t *testing.T, dir, line string) result {
	t.Helper()
	path := filepath.Dir(built.get(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	return proc{dir: dir, env: []string{"PATH=" + path}}.run(t, "sh", "-c", line)
}

// TestBinaryHintsRunAsPrinted: on the command line, a hint is the f0
// command that does it, with the same flags, and it runs as printed.
func TestBinaryHintsRunAsPrinted(t *testing.T) {
	dir := fsRoot(t)
	if err := os.WriteFile(filepath.Join(dir, "my notes.txt"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("0123456789abcdef\n", 400)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, long)
	}))
	t.Cleanup(srv.Close)
	elsewhere := t.TempDir() // hints must carry --root to work from anywhere
	cases := []struct {
		name     string
		args     []string
		hint     string // the hint's kind and command
		stdout   string // what running the hint prints (a prefix)
		hintCode int
	}{
		{"next lines", []string{"fs.read", "--root", dir, "my notes.txt", "limit=1"},
			"More lines follow: f0 --root " + dir + " fs.read 'my notes.txt' offset=2", "two\n", 0},
		{"rest of a search", []string{"--root", dir, "fs.search", "func|package", "maxBytes=300"},
			"Get the rest: f0 --root " + dir + " fs.search 'func|package' maxBytes=300 offset=", "", 0},
		{"rest of a body", []string{"net.curl", "-sS", srv.URL + "/long", "maxBytes=1000"},
			"Get the rest: f0 net.curl -sS " + srv.URL + "/long maxBytes=1000 offset=", "", 0},
		{"an error's example", []string{"--root", dir, "fs.read", "nope.txt"},
			"Example: f0 --root " + dir + " fs.read go.mod", "", 0},
		{"find it by name", []string{"--root", dir, "fs.read", "nope.txt"},
			"Find it by name: f0 --root " + dir + " fs.find nope.txt", "", exitNoMatch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := proc{dir: elsewhere}.f0(t, c.args...)
			var m []string
			for _, found := range hintLine.FindAllStringSubmatch(r.stderr, -1) {
				if strings.HasPrefix(found[0], c.hint) {
					m = found
				}
			}
			if m == nil {
				t.Fatalf("no hint %q\n%s", c.hint, r)
			}
			if mcpForm.MatchString(r.stderr) {
				t.Errorf("a hint in MCP form on the command line:\n%s", r.stderr)
			}
			hr := runHint(t, elsewhere, m[2])
			if hr.code != c.hintCode || !strings.HasPrefix(hr.stdout, c.stdout) {
				t.Fatalf("the hint %q does not run as printed (exit %d, want %d; stdout prefix %q)\n%s", m[2], hr.code, c.hintCode, c.stdout, hr)
			}
			if c.name == "rest of a body" && !strings.Contains(long, hr.stdout[:min(len(hr.stdout), 200)]) {
				t.Errorf("the rest of the body is not part of it:\n%s", hr.stdout)
			}
		})
	}
	desc := proc{}.f0(t, "describe", "fs.read")
	examples := desc.stdout[strings.Index(desc.stdout, "Examples:"):]
	for _, line := range strings.Split(strings.TrimSpace(examples), "\n")[1:3] {
		if !strings.HasPrefix(strings.TrimSpace(line), "f0 fs.read ") {
			t.Errorf("describe's example is not a command line: %q", line)
		}
	}
}

// mcpForm is a call written for an MCP client: a listed name and JSON.
var mcpForm = regexp.MustCompile(`\b[a-z]+_[a-z]+ \{"`)

// TestCLISettingHints: on a terminal, what refused a call and what lets
// it through are the flags of the command line, without the operator's
// environment variables an MCP client's reader gets.
func TestCLISettingHints(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"tool above the access cap", []string{"--root", dir, "--access", "read", "fs.write", "path=a.txt", "content=hi"},
			[]string{"fs.write exists but this server does not expose it (it needs write access and the server runs with --access read).\nThe operator can allow it with --access write.\n"}},
		{"call above the access cap", []string{"--root", dir, "--access", "read", "net.curl", "-d", "a=1", "http://127.0.0.1:9/"},
			[]string{`this call needs "write" access (POST can change things on the server), and this server runs with --access read.`, "To allow it, the operator starts f0 with --access write."}},
		{"excluded tool", []string{"--root", dir, "--exclude-tools", "fs.list", "fs.list", "."},
			[]string{"does not expose it (it is in --exclude-tools)."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f0(t, "", c.args...)
			out := r.stdout + r.stderr
			if r.code == 0 {
				t.Fatalf("the call was not refused:\n%s", r)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("want %q in:\n%s", w, r)
				}
			}
			if strings.Contains(out, "F0_") {
				t.Errorf("a terminal's hint names the operator's environment:\n%s", r)
			}
		})
	}
}

// TestCLIHeadingsSpellTheExamplesName: on a terminal an error's heading,
// its "did you mean" list and its example spell a tool the same way, as
// the command line takes it (fs.read), whatever spelling was typed; an MCP
// client keeps the listed name (fs_read) in both.
func TestCLIHeadingsSpellTheExamplesName(t *testing.T) {
	dir := t.TempDir()
	fields := `{path?: string, paths?: string[], offset?: integer, limit?: integer, tail?: integer, lineNumbers?: boolean, base64?: boolean, image?: boolean, version?: string, page?: integer, … 3 more `
	schema := fields + "(f0 --root " + dir + " tools.describe fs.read)}"
	cases := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"a wrong argument", []string{"--root", dir, "fs.read", "path=x", "offset=abc"},
			"fs.read: invalid arguments.\n- \"offset\": expected an integer, got \"abc\" (string)\nYou passed: {\"offset\":\"abc\",\"path\":\"x\"}\nExpected: " + schema + "\nExample: f0 --root " + dir + " fs.read go.mod\n"},
		{"the listed spelling typed", []string{"--root", dir, "fs_read"},
			"fs.read: \"path\": is required: name the file to read (or several in paths).\nYou passed: no arguments\nExpected: " + schema + "\nExample: f0 --root " + dir + " fs.read go.mod\n"},
		{"a misspelt tool", []string{"--root", dir, "--access", "read", "fs.wirte", "a.txt"},
			"unknown tool \"fs.wirte\".\nDid you mean:\n- fs.write: not exposed by this server (it needs write access and the server runs with --access read)\n- fs.list: List a directory's entries with depth, glob filter, sizes and times.\n- fs.delete: not exposed by this server (it needs admin access and the server runs with --access read)\nExample: f0 --access read --root " + dir + " fs.list .\n" +
				"List every tool with f0 --access read --root " + dir + " tools.search (or f0 --access read --root " + dir + " tools); show one tool's arguments with f0 --access read --root " + dir + " tools.describe ….\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code := exitToolError
			if strings.HasPrefix(c.stderr, "unknown tool") {
				code = exitUsage // no such tool: a usage error
			}
			if r := f0(t, "", c.args...); r.code != code || r.stderr != c.stderr {
				t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", r.code, r.stderr, c.stderr)
			}
		})
	}
	t.Run("MCP keeps the listed name", func(t *testing.T) {
		p := rootPipeline(t, dir)
		res := p.Call(context.Background(), "fs.read", map[string]any{"path": "x", "offset": "abc"})
		want := "fs_read: invalid arguments.\n- \"offset\": expected an integer, got \"abc\" (string)\nYou passed: {\"offset\":\"abc\",\"path\":\"x\"}\nExpected: " + fields + "(tools_describe {\"name\":\"fs_read\"})}\nExample: fs_read {\"path\":\"go.mod\"}"
		if res.Text != want {
			t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
		}
	})
}

// rootPipeline is the whole catalogue over dir, with the default settings.
func rootPipeline(t *testing.T, dir string) *engine.Host {
	t.Helper()
	reg, err := catalog.New(catalog.Options{Roots: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}
