package main

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/engine"
	"f0/internal/texttest"
)

// fsRoot makes a small module to point --root at.
func fsRoot(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":               "module example.com/x\n\ngo 1.26\n",
		"cmd/x/main.go":        "package main\n\nfunc main() {\n\trun()\n}\n",
		"cmd/x/main_test.go":   "package main\n\nimport \"testing\"\n\nfunc TestRun(t *testing.T) {}\n",
		"pkg/lib/lib.go":       "package lib\n\n// Run runs.\nfunc Run() {}\n",
		"pkg/lib/lib_test.go":  "package lib\n",
		"notes/ignored.go.txt": "func main() in a note\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFSCommandLine(t *testing.T) {
	dir := fsRoot(t)
	cases := []struct {
		name string
		args []string
		want expect
	}{
		{"read a file", []string{"fs.read", "go.mod"}, expect{
			stdout: []string{"module example.com/x\n\ngo 1.26\n"}, stderr: []string{"go.mod · lines 1-3 of 3 · 30 B"}, notStdout: []string{"lines 1-3"}}},
		{"read a window", []string{"fs.read", "go.mod", "limit=1"}, expect{
			stdout: []string{"module example.com/x"}, stderr: []string{"line 1 of 3", "More lines follow: f0 --root " + dir + " fs.read go.mod offset=2"}, notStdout: []string{"go 1.26"}}},
		{"read several", []string{"fs.read", `paths:=["go.mod","pkg/lib/lib.go"]`}, expect{
			stdout: []string{"==> go.mod · lines 1-3 of 3 · 30 B <==", "==> pkg/lib/lib.go · lines 1-4 of 4"}}},
		{"search", []string{"fs.search", "func main", "glob=*.go"}, expect{
			stdout: []string{"cmd/x/main.go: 1 match\ncmd/x/main.go:3:func main() {"}, stderr: []string{"1 match in 1 file under ./ (searched 4 files)"}, notStdout: []string{"notes/"}}},
		{"search with context", []string{"fs.search", "run()", "literal=true", "context=1"}, expect{
			stdout: []string{"cmd/x/main.go-3-func main() {\ncmd/x/main.go:4:\trun()\ncmd/x/main.go-5-}"}}},
		{"find", []string{"fs.find", "**/*_test.go"}, expect{
			stdout: []string{"cmd/x/main_test.go\npkg/lib/lib_test.go"}}},
		{"list", []string{"fs.list", "depth=2"}, expect{
			stdout: []string{"cmd/\ncmd/x/\ngo.mod\nnotes/\nnotes/ignored.go.txt\npkg/\npkg/lib/"}}},
		{"stat", []string{"fs_stat", "go.mod"}, expect{stdout: []string{"go.mod\n  type: file · 30 bytes", "text · 3 lines"}}},
		{"call with JSON", []string{"call", "fs.read", `{"path":"pkg/lib/lib.go","offset":3}`}, expect{stdout: []string{"// Run runs.\nfunc Run() {}"}}},
		{"missing file", []string{"fs.read", "cmd/x/mian.go"}, expect{code: exitToolError,
			stderr: []string{`fs.read: "path": read cmd/x/mian.go: no such file or directory; did you mean cmd/x/main.go?`}}},
		{"outside", []string{"fs.read", "../x"}, expect{code: exitToolError, stderr: []string{`"../x" is outside the allowed roots (` + dir + ` — set by --root)`}}},
		{"misspelt tool", []string{"fs.raed", "go.mod"}, expect{code: exitUsage, stderr: []string{`unknown tool "fs.raed"`, "- fs.read:"}}},
		{"help", []string{"fs.read", "--help"}, expect{stdout: []string{"fs.read: Read files", "offset (integer)", "head", "(several at once: paths)"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.want.check(t, f0(t, "", append([]string{"--root", dir}, c.args...)...))
		})
	}
}

func TestFSWriteFromTheCommandLine(t *testing.T) {
	dir := fsRoot(t)
	r := f0(t, "", "--root", dir, "fs.write", "path=out/hello.txt", "content=hello")
	expect{stdout: []string{"created out/hello.txt: 5 bytes, 1 line"}}.check(t, r)
	r = f0(t, `{"path":"out/hello.txt","edits":[{"old_string":"hello","new_string":"hi"}]}`, "--root", dir, "call", "fs_edit", "-")
	expect{stdout: []string{"-hello", "+hi"}, stderr: []string{"edited out/hello.txt: 1 edit"}}.check(t, r)
	if data, _ := os.ReadFile(filepath.Join(dir, "out", "hello.txt")); string(data) != "hi" {
		t.Fatalf("file holds %q", data)
	}
	r = f0(t, "", "--root", dir, "--access", "read", "fs.write", "path=x", "content=y")
	expect{code: exitToolError, stderr: []string{"it needs write access"}}.check(t, r)
	r = f0(t, "", "--root", dir, "fs.delete", "out/hello.txt")
	if r.code != exitToolError || !strings.Contains(r.stderr, "needs admin access") {
		t.Fatalf("fs.delete under the default access:\n%s", r)
	}
	r = f0(t, "", "--root", dir, "--access", "admin", "fs.delete", "out")
	expect{code: exitToolError, stderr: []string{"deleting a directory needs recursive: true"}}.check(t, r)
	r = f0(t, "", "--root", dir, "--access", "admin", "fs.delete", "out", "recursive=true")
	expect{stdout: []string{"deleted out/ and everything in it (1 file, 0 subdirectories)"}}.check(t, r)
}

// TestFSReadSeveralBareWords: `f0 fs.read a b` should read both files. The
// pipeline sends a list given for path to paths (Spec.Plurals), but
// readArgs in app.go joins several bare words into one string when the
// main field is a string. The fix there: keep the list when
// t.Plurals[t.MainField] is set.
func TestFSReadSeveralBareWords(t *testing.T) {
	dir := fsRoot(t)
	r := f0(t, "", "--root", dir, "fs.read", "go.mod", "pkg/lib/lib.go")
	if r.code != exitOK {
		t.Fatalf("several bare words must read several files:\n%s", r)
	}
	expect{stdout: []string{"==> go.mod · lines 1-3 of 3 · 30 B <==", "==> pkg/lib/lib.go"}}.check(t, r)
}

// TestRootsFlag: --roots is accepted everywhere, but only serve has a client
// to send roots; the command line says so instead of ignoring it.
func TestRootsFlag(t *testing.T) {
	dir := fsRoot(t)
	cases := []struct {
		name string
		args []string
		want expect
	}{
		{"fixed on the command line", []string{"--root", dir, "--roots", "fixed", "fs.read", "go.mod"}, expect{stdout: []string{"module example.com/x"}}},
		{"client on the command line", []string{"--root", dir, "--roots", "client", "fs.read", "go.mod"}, expect{code: exitUsage,
			stderr: []string{"f0: --roots client: only f0 serve has an MCP client to send roots; on the command line name the directories with --root DIR"}}},
		{"a wrong mode", []string{"--roots", "auto", "tools"}, expect{code: exitUsage,
			stderr: []string{`f0: --roots "auto": want client (the MCP client's roots, inside --root when given) or fixed (only --root, or the working directory)`}}},
		{"client and stateless", []string{"serve", "--roots", "client", "--stateless", "--http", "127.0.0.1:0"}, expect{code: exitUsage,
			stderr: []string{"f0: --roots client: client roots need a session, and --stateless serves without sessions; name the directories with --root DIR"}}},
		{"describe names the roots", []string{"--root", dir, "describe", "fs_read"}, expect{stdout: []string{"Roots: " + dir + " — set by --root"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.want.check(t, f0(t, "", c.args...)) })
	}
}

// TestBinaryForeignNames: on the command line too, other servers' tool
// names run the f0 tool they mean, with their argument names mapped, and
// the core's repairs say what they understood.
func TestBinaryForeignNames(t *testing.T) {
	dir := fsRoot(t)
	runBinCases(t, []binCase{
		{"Read with file_path", proc{}, []string{"--root", dir, "Read", "file_path=go.mod"},
			expect{stdout: []string{"module example.com/x"}, stderr: []string{`note: "Read" is claude-code's tool name; ran fs.read (file_path → path)`}}},
		{"read_file with a bare path", proc{}, []string{"--root", dir, "read_file", "go.mod"},
			expect{stdout: []string{"module example.com/x"}}},
		{"Windows separators", proc{}, []string{"--root", dir, "fs.read", `cmd\x\main.go`},
			expect{stdout: []string{"package main"}, stderr: []string{`Windows separators`}}},
		{"a line range", proc{}, []string{"--root", dir, "call", "fs.read", `{"path":"cmd/x/main.go","start_line":3,"end_line":4}`},
			expect{stdout: []string{"func main() {\n\trun()\n"}, stderr: []string{"note: read start_line 3, end_line 4 as lines 3-4"}}},
	})
}

// TestBase64OnTheCommandLine: base64 of a binary file larger than a
// model's budget goes whole to a pipe or a file (as it is read), and a
// terminal, which gets the budget, gets it in pages with the redirect that
// gets it all.
func TestBase64OnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	data := make([]byte, 100000)
	for i := range data {
		data[i] = byte(i * 13)
	}
	if err := os.WriteFile(filepath.Join(dir, "a b.bin"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("piped", func(t *testing.T) {
		r := f0(t, "", "--root", dir, "fs.read", "a b.bin", "base64=true")
		if r.code != 0 || r.stdout != base64.StdEncoding.EncodeToString(data) || !strings.HasPrefix(r.stderr, "a b.bin · application/octet-stream · 100,000 bytes · sha256 ") {
			t.Fatalf("exit %d, %d bytes on stdout, stderr:\n%s", r.code, len(r.stdout), r.stderr)
		}
	})
	t.Run("on a terminal", func(t *testing.T) {
		p := rootPipeline(t, dir)
		ctx := engine.WithDialect(context.Background(), cliRenderer{reg: p.Registry(), flags: []string{"--root", dir}})
		res := p.Call(ctx, "fs.read", map[string]any{"path": "a b.bin", "base64": true})
		if res.IsError {
			t.Fatalf("a page of base64 is an answer:\n%s", res.Text)
		}
		texttest.InOrder(t, res.Text, "a b.bin · application/octet-stream · 100,000 bytes · sha256 ", " · base64 lines 1-",
			"note: all of it in one call: f0 --root "+dir+" fs.read 'a b.bin' base64=true maxBytes=",
			"note: send the output to a file, which gets all of it: f0 --root "+dir+" fs.read 'a b.bin' base64=true > 'a b.bin.b64'\n",
			"Get the rest: f0 --root "+dir+" fs.read 'a b.bin' base64=true offset=")
	})
}

// A file a call wrote is named on a line of its own on stderr, as the
// resource_link an MCP client gets.
func TestBinaryNamesWhatItSaved(t *testing.T) {
	dir := fsRoot(t)
	url := netServer(t)
	runBinCases(t, []binCase{
		{"fs.write", proc{}, []string{"--root", dir, "fs.write", "path=notes/a.txt", "content=hi"},
			expect{stdout: []string{"created notes/a.txt: 2 bytes, 1 line\n"}, stderr: []string{"saved: " + filepath.Join(dir, "notes", "a.txt") + "\n"}}},
		{"net.curl output", proc{}, []string{"--root", dir, "net.curl", url + "/text", "output=got.txt"},
			expect{stderr: []string{"saved 6 bytes (text/plain) to got.txt", "saved: " + filepath.Join(dir, "got.txt") + "\n"}}},
	})
}
