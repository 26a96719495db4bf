package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// The tests in this file run the built f0 binary as a separate process, as
// a user does: real argv, real pipes for stdout and stderr, real exit codes.

// built is the f0 binary, built once for the whole test run on first use.
var built binary

type binary struct {
	once      sync.Once
	dir, path string
	err       error
}

// get builds f0 (once) and returns its path.
func (b *binary) get(t *testing.T) string {
	t.Helper()
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "f0-bin-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "f0")
		if runtime.GOOS == "windows" {
			b.path += ".exe"
		}
		// go test puts its own GOROOT/bin first on PATH, so "go" is the
		// go tool that runs these tests.
		out, err := exec.Command("go", "build", "-o", b.path, ".").CombinedOutput()
		if err != nil {
			b.err = fmt.Errorf("go build ./cmd/f0: %v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

func (b *binary) cleanup() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// proc is one run of a program: where, with what environment and stdin.
type proc struct {
	dir   string   // working directory ("" for a fresh temporary one)
	env   []string // added to the environment (F0_… variables are cleared by TestMain)
	stdin string
}

// run runs name with args and returns its exit code and streams.
func (p proc) run(t *testing.T, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = p.dir
	if cmd.Dir == "" {
		cmd.Dir = t.TempDir()
	}
	cmd.Env = append(os.Environ(), p.env...)
	cmd.Stdin = strings.NewReader(p.stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return result{code, stdout.String(), stderr.String()}
}

// f0 runs the built binary.
func (p proc) f0(t *testing.T, args ...string) result {
	t.Helper()
	return p.run(t, built.get(t), args...)
}

// binCase is one command line and what it must print.
type binCase struct {
	name string
	p    proc
	args []string
	want expect
}

func runBinCases(t *testing.T, cases []binCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.want.check(t, c.p.f0(t, c.args...))
		})
	}
}

// TestBinaryFlagsAnywhere: f0's own flags work after the tool name, unless
// they come after "--" or are the value of a tool's flag; an unknown
// --flag after a tool with no flags is a usage error that says what to
// write instead.
func TestBinaryFlagsAnywhere(t *testing.T) {
	dir := fsRoot(t)
	if err := os.WriteFile(filepath.Join(dir, "--root"), []byte("a file named --root\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	url := netServer(t)
	runBinCases(t, []binCase{
		{"--root after the tool", proc{}, []string{"fs.list", "--root", dir},
			expect{stdout: []string{"cmd/\ngo.mod\n"}}},
		{"--root=DIR after an argument", proc{}, []string{"fs.list", "depth=2", "--root=" + dir},
			expect{stdout: []string{"cmd/x/\n"}}},
		{"the flag beats the environment", proc{env: []string{"F0_ROOT=" + filepath.Join(dir, "nonexistent")}},
			[]string{"fs.read", "go.mod", "--root", dir}, expect{stdout: []string{"module example.com/x"}}},
		{"flags before and after", proc{}, []string{"--access", "read", "fs.write", "--root", dir, "path=x", "content=y"},
			expect{code: exitToolError, stderr: []string{"unknown tool \"fs.write\"", "--access read"}}},
		{"after -- a word is a value", proc{}, []string{"--root", dir, "fs.read", "--", "--root"},
			expect{stdout: []string{"a file named --root"}}},
		{"a value given as --flag", proc{}, []string{"fs.list", "--depth", "2", "--root", dir},
			expect{code: exitUsage, stderr: []string{"unknown flag --depth after fs.list", "write depth=VALUE", "f0 fs.list -- --depth"}}},
		{"a flag with no value", proc{}, []string{"fs.list", "--root"},
			expect{code: exitUsage, stderr: []string{"--root needs a value"}}},
		{"curl's flags stay curl's", proc{}, []string{"net.curl", "--root", dir, "-S", "-o", "saved.txt", url + "/text"},
			expect{stderr: []string{"saved 6 bytes (text/plain) to saved.txt"}}},
		{"a curl flag's value stays curl's", proc{dir: dir}, []string{"net.curl", "-d", "--root", url + "/accept"},
			expect{stdout: []string{"accept=*/* method=POST"}}},
		{"net flags after net.curl", proc{}, []string{"net.curl", url + "/text", "--net-deny", "loopback"},
			expect{code: 7, stderr: []string{"f0 net.curl: (7) Failed to connect to 127.0.0.1 port ", "blocked by this server's rule --net-deny loopback"}}},
	})
	if data, err := os.ReadFile(filepath.Join(dir, "saved.txt")); err != nil || string(data) != "hello\n" {
		t.Errorf("net.curl -o with --root after the tool saved %q (%v)", data, err)
	}
}

// TestBinarySubcommands: a near-miss of a command suggests it and exits 2;
// a near-miss of a tool suggests tools and exits 2 too; version works both
// ways.
func TestBinarySubcommands(t *testing.T) {
	runBinCases(t, []binCase{
		{"serv", proc{}, []string{"serv"}, expect{code: exitUsage, stderr: []string{`unknown command "serv"; did you mean serve?`, "f0 --help"}}},
		{"tool", proc{}, []string{"tool"}, expect{code: exitUsage, stderr: []string{"did you mean tools?"}}},
		{"versoin", proc{}, []string{"versoin"}, expect{code: exitUsage, stderr: []string{"did you mean version?"}}},
		{"describ", proc{}, []string{"describ", "fs.read"}, expect{code: exitUsage, stderr: []string{"did you mean describe?", "or the tool tools.describe"}}},
		{"a tool's near-miss", proc{}, []string{"fs.raed", "go.mod"}, expect{code: exitUsage, stderr: []string{`unknown tool "fs.raed"`, "- fs.read"}}},
		// curl is another server's and the shell's name for net.curl: it runs.
		{"a well-known tool name", proc{}, []string{"curl", "http://127.0.0.1:1/"}, expect{code: 7, stderr: []string{"f0 net.curl: (7) Failed to connect to 127.0.0.1 port 1 after "}}},
		{"a tool's short name", proc{}, []string{"crl", "http://127.0.0.1:1/"}, expect{code: exitUsage, stderr: []string{`unknown tool "crl"`, "- net.curl"}}},
		{"version", proc{}, []string{"version"}, expect{stdout: []string{"f0 version "}}},
		{"--version", proc{}, []string{"--version"}, expect{stdout: []string{"f0 version "}}},
		{"completion", proc{}, []string{"completion", "bash"}, expect{stdout: []string{"bash completion", "__start_f0"}}},
		{"tool names complete", proc{}, []string{"__complete", "fs.r"}, expect{stdout: []string{"fs.read\tRead files\n:4"}, notStdout: []string{"net.curl", "fs.list"}}},
		{"commands and tools complete", proc{}, []string{"__complete", "se"}, expect{stdout: []string{"serve\t"}, notStdout: []string{"fs.read"}}},
	})
}

// TestBinaryHelp: --help says where flags may go and lists the environment.
func TestBinaryHelp(t *testing.T) {
	r := proc{}.f0(t, "--help")
	expect{stdout: []string{
		"anywhere on the line", "f0 fs.list --root DIR", "after a -- word", "curl's",
		"F0_ROOT", "several separated by ':'", "F0_ACCESS", "F0_NET_DENY", "F0_MAX_OUTPUT", "F0_TOOLS_PREFIX",
		"f0 version", "f0 completion",
	}}.check(t, r)
	expect{stdout: []string{"F0_HTTP", "--http", "F0_AUTH_TOKEN_ENV"}}.check(t, proc{}.f0(t, "serve", "--help"))
}

// TestBinaryPipedOutput: listings end with a newline on a pipe, so the note
// on stderr is not glued to the last line; file and HTTP bodies keep their
// bytes exactly.
func TestBinaryPipedOutput(t *testing.T) {
	dir := fsRoot(t)
	if err := os.WriteFile(filepath.Join(dir, "nonl.txt"), []byte("no newline"), 0o644); err != nil {
		t.Fatal(err)
	}
	url := netServer(t)
	in := proc{dir: dir}
	for _, args := range [][]string{
		{"fs.list"}, {"fs.find", "**/*.go"}, {"fs.search", "func"}, {"tools.search", "file"}, {"fs.stat", "go.mod"},
	} {
		r := in.f0(t, args...)
		if r.code != 0 || !strings.HasSuffix(r.stdout, "\n") || strings.HasSuffix(r.stdout, "\n\n") {
			t.Errorf("f0 %s: a listing must end with exactly one newline\n%s", strings.Join(args, " "), r)
		}
	}
	if r := in.f0(t, "fs.read", "nonl.txt"); r.stdout != "no newline" {
		t.Errorf("fs.read to a pipe is not byte-exact: %q", r.stdout)
	}
	if r := in.f0(t, "net.curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", url+"/text"); r.stdout != "200" {
		t.Errorf("net.curl -w to a pipe is not byte-exact: %q", r.stdout)
	}
}

// TestBinaryCurlFields: net.curl's declared fields as name=value and
// name:=json, where they cannot be curl's.
func TestBinaryCurlFields(t *testing.T) {
	url := netServer(t)
	runBinCases(t, []binCase{
		{"url=", proc{}, []string{"net.curl", "url=" + url + "/text"}, expect{stdout: []string{"hello\n"}}},
		{"json:=", proc{}, []string{"net.curl", url + "/accept", `json:={"a":1}`}, expect{stdout: []string{"accept=application/json method=POST"}}},
		{"method= with curl flags", proc{}, []string{"net.curl", "-sS", "method=PUT", url + "/accept"}, expect{stdout: []string{"method=PUT"}}},
		{"-d a=b is curl's", proc{}, []string{"net.curl", "-d", "method=x", url + "/accept"}, expect{stdout: []string{"method=POST"}}},
		{"not a field", proc{}, []string{"net.curl", "nosuchfield=1"}, expect{code: 3, stderr: []string{"f0 net.curl: (3) \"nosuchfield=1\" is not a URL"}}},
		{"after --", proc{}, []string{"net.curl", "--", "url=" + url + "/text"}, expect{code: 3, stderr: []string{"(3) \"url="}}},
		{"bad json", proc{}, []string{"net.curl", url, "json:={"}, expect{code: exitUsage, stderr: []string{"json:={", "must be JSON"}}},
	})
}

// TestBinaryCallStdioShowsStderr: a stdio server that dies says why.
func TestBinaryCallStdioShowsStderr(t *testing.T) {
	bin := built.get(t)
	missing := filepath.Join(t.TempDir(), "missing")
	runBinCases(t, []binCase{
		{"server fails to start", proc{}, []string{"call", "--stdio", shellQuote(bin) + " serve --root " + shellQuote(missing), "tools_search", "{}"},
			expect{code: exitToolError, stderr: []string{"the server wrote on stderr", "--root", "no such file or directory"}}},
		{"server prints and exits", proc{}, []string{"call", "--stdio", "sh -c 'echo out of cheese >&2; exit 3'", "tools_search", "{}"},
			expect{code: exitToolError, stderr: []string{"the server wrote on stderr:\nout of cheese"}}},
		{"a working server", proc{}, []string{"call", "--stdio", shellQuote(bin) + " serve", "tools_search", "query=read"},
			expect{stdout: []string{"fs_read"}}},
	})
}

// TestBinaryTestScriptNeedsCompiler: ./test.sh checks for a C compiler
// first and says what to install, instead of cgo's own error.
func TestBinaryTestScriptNeedsCompiler(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("test.sh is a bash script")
	}
	script, err := filepath.Abs("../../test.sh")
	if err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CGO_ENABLED=") && !strings.HasPrefix(kv, "CC=") {
			env = append(env, kv)
		}
	}
	cmd := exec.Command("bash", script)
	cmd.Env = append(env, "CC=/nonexistent/cc")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	if err == nil || !strings.Contains(stderr.String(), "needs a working C compiler") || !strings.Contains(stderr.String(), "Install one: ") {
		t.Fatalf("test.sh without a C compiler: %v\n%s", err, stderr.String())
	}
	wantInstall := map[string]string{"darwin": "xcode-select --install"}[runtime.GOOS]
	if _, apt := exec.LookPath("apt-get"); apt == nil && runtime.GOOS == "linux" {
		wantInstall = "apt-get install gcc"
	}
	if wantInstall != "" && !strings.Contains(stderr.String(), wantInstall) {
		t.Errorf("test.sh does not say %q:\n%s", wantInstall, stderr.String())
	}
}

// shellQuote quotes a word for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestBinaryBraceGlobBareWord: a bare word that starts with { but holds no
// key: value is the tool's main field (a brace glob), not broken JSON; a
// broken JSON object is still answered as one.
func TestBinaryBraceGlobBareWord(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.go", "b.md", "c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runBinCases(t, []binCase{
		{"brace glob", proc{dir: dir}, []string{"fs.find", "{*.go,*.md}"},
			expect{stdout: []string{"a.go\nb.md\n"}, notStdout: []string{"c.txt"}}},
		{"broken JSON object", proc{dir: dir}, []string{"fs.read", `{"path": "a.go"`},
			expect{code: exitToolError, stderr: []string{"arguments could not be read: unexpected EOF"}}},
	})
}

// TestServeLogsEveryCallOnSignal: f0 serve writes its log lines off the
// calls' path, and a signal that stops it still leaves one msg=call line
// per call answered on its stderr.
func TestServeLogsEveryCallOnSignal(t *testing.T) {
	const calls = 300
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(built.get(t), "serve", "--root", t.TempDir())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			var lines strings.Builder
			lines.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}` + "\n")
			lines.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
			for i := 1; i <= calls; i++ {
				fmt.Fprintf(&lines, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"tools_describe","arguments":{"name":"fs_read"}}}`+"\n", i)
			}
			go io.WriteString(in, lines.String())
			answers := bufio.NewScanner(out)
			answers.Buffer(nil, 1<<20)
			for n := 0; n <= calls; n++ {
				if !answers.Scan() {
					t.Fatalf("%d answers, then: %v\n%s", n, answers.Err(), stderr.String())
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			go io.Copy(io.Discard, out)
			if err := cmd.Wait(); err != nil {
				t.Fatalf("serve after %s: %v\n%s", sig, err, stderr.String())
			}
			if got := strings.Count(stderr.String(), "msg=call tool=tools.describe"); got != calls {
				t.Errorf("%d call lines logged for %d calls:\n%s", got, calls, stderr.String())
			}
		})
	}
}
