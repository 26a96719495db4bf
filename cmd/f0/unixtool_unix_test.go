//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// stdoutKind is where a command line's standard output goes.
type stdoutKind string

const (
	toPipe     stdoutKind = "pipe"      // f0 … | cat
	toDevNull  stdoutKind = "/dev/null" // f0 … > /dev/null
	toTerminal stdoutKind = "terminal"  // a pty, as a person at a terminal
)

// runStdout runs the built f0 in dir with its standard output a pipe,
// /dev/null or a terminal (a pty; its \r\n read back as \n), stderr a pipe
// and stdin empty. env replaces TERM and NO_COLOR of the environment.
func runStdout(t *testing.T, kind stdoutKind, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(built.get(t), args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TERM=") && !strings.HasPrefix(kv, "NO_COLOR=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, "TERM=xterm-256color"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stderr = &stderr
	var tty, master *os.File
	switch kind {
	case toPipe:
		cmd.Stdout = &stdout
	case toDevNull:
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer null.Close()
		cmd.Stdout = null
	case toTerminal:
		var err error
		master, tty, err = pty.Open()
		if err != nil {
			t.Skipf("no pty: %v", err)
		}
		defer master.Close()
		cmd.Stdout = tty
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	read := make(chan []byte)
	if master != nil {
		tty.Close() // the child holds it now
		go func() {
			data, _ := io.ReadAll(master) // ends with EIO once the child is gone
			read <- data
		}()
	}
	err := cmd.Wait()
	if master != nil {
		stdout.Write(bytes.ReplaceAll(<-read, []byte("\r\n"), []byte("\n")))
	}
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return result{code, stdout.String(), stderr.String()}
}

// unixCase is one command line as a user types it, and exactly what it
// prints and exits with.
type unixCase struct {
	name   string
	stdout stdoutKind
	env    []string
	args   []string
	code   int
	out    string // stdout exactly (nothing for /dev/null)
	err    string // stderr exactly
}

func runUnixCases(t *testing.T, dir string, cases []unixCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %s", c.stdout, c.name), func(t *testing.T) {
			r := runStdout(t, c.stdout, dir, c.env, c.args...)
			if r.code != c.code || r.stdout != c.out || r.stderr != c.err {
				t.Errorf("f0 %s\ngot  %s\nwant exit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(c.args, " "), r, c.code, c.out, c.err)
			}
		})
	}
}

// TestBinaryLikeRgAndFd: fs.search takes rg's words and prints rg's lines,
// fs.find fd's words and paths; nothing found prints nothing and exits 1,
// an error exits 2; a terminal gets rg's heading and colour.
func TestBinaryLikeRgAndFd(t *testing.T) {
	dir := fsRoot(t)
	const mainLine = "cmd/x/main.go:3:func main() {\n"
	funcFiles := "cmd/x/main.go\ncmd/x/main_test.go\nnotes/ignored.go.txt\npkg/lib/lib.go\n"
	runUnixCases(t, dir, []unixCase{
		{"search", toPipe, nil, []string{"fs.search", "func main"}, 0, mainLine + "notes/ignored.go.txt:1:func main() in a note\n", ""},
		{"pattern then path", toPipe, nil, []string{"fs.search", "Run", "pkg"}, 0, "pkg/lib/lib.go:3:// Run runs.\npkg/lib/lib.go:4:func Run() {}\n", ""},
		{"no match", toPipe, nil, []string{"fs.search", "TODO", "cmd"}, 1, "", ""},
		{"-i -g", toPipe, nil, []string{"fs.search", "-i", "-g", "*.go", "FUNC MAIN"}, 0, mainLine, ""},
		{"-g=", toPipe, nil, []string{"fs.search", "--glob=*.go", "func main"}, 0, mainLine, ""},
		{"-w", toPipe, nil, []string{"fs.search", "-w", "run", "cmd"}, 0, "cmd/x/main.go:4:\trun()\n", ""},
		{"-F", toPipe, nil, []string{"fs.search", "-F", "run()"}, 0, "cmd/x/main.go:4:\trun()\n", ""},
		{"-l", toPipe, nil, []string{"fs.search", "-l", "func"}, 0, funcFiles, ""},
		{"-c", toPipe, nil, []string{"fs.search", "-c", "func", "pkg"}, 0, "pkg/lib/lib.go:1\n", ""},
		{"-N", toPipe, nil, []string{"fs.search", "-N", "func main", "cmd"}, 0, "cmd/x/main.go:func main() {\n", ""},
		{"-C1", toPipe, nil, []string{"fs.search", "-C1", "-F", "run()"}, 0, "cmd/x/main.go-3-func main() {\ncmd/x/main.go:4:\trun()\ncmd/x/main.go-5-}\n", ""},
		{"one file", toPipe, nil, []string{"fs.search", "func", "cmd/x/main.go"}, 0, "3:func main() {\n", ""},
		{"several paths", toPipe, nil, []string{"fs.search", "package", "pkg/lib/lib.go", "go.mod"}, 0, "pkg/lib/lib.go:1:package lib\n", ""},
		{"-t", toPipe, nil, []string{"fs.search", "-t", "go", "-l", "main"}, 0, "cmd/x/main.go\ncmd/x/main_test.go\n", ""},
		{"--json", toPipe, nil, []string{"fs.search", "--json", "Run", "pkg/lib/lib.go"}, 0,
			`{"type":"begin","data":{"path":{"text":"pkg/lib/lib.go"}}}` + "\n" +
				`{"type":"match","data":{"path":{"text":"pkg/lib/lib.go"},"lines":{"text":"// Run runs.\n"},"line_number":3,"submatches":[{"match":{"text":"Run"},"start":3,"end":6}]}}` + "\n" +
				`{"type":"match","data":{"path":{"text":"pkg/lib/lib.go"},"lines":{"text":"func Run() {}\n"},"line_number":4,"submatches":[{"match":{"text":"Run"},"start":5,"end":8}]}}` + "\n" +
				`{"type":"end","data":{"path":{"text":"pkg/lib/lib.go"},"stats":{"matched_lines":2,"matches":2}}}` + "\n" +
				`{"type":"summary","data":{"stats":{"matched_lines":2,"matches":2,"searches_with_match":1}}}` + "\n", ""},
		{"-q", toPipe, nil, []string{"fs.search", "-q", "func"}, 0, "", ""},
		{"invalid regex", toPipe, nil, []string{"fs.search", "(foo"}, 2, "",
			"fs.search: \"pattern\": regex parse error: missing closing ): `(foo`. Escape the special characters, or search for the text with -F.\n"},
		{"missing path", toPipe, nil, []string{"fs.search", "x", "nope"}, 2, "",
			"fs.search: \"path\": search nope: no such file or directory. Find it by name: f0 fs.find nope\n"},
		{"flag f0 does not take", toPipe, nil, []string{"fs.search", "-v", "x"}, 2, "",
			"f0: fs.search: -v is not one of the rg flags f0 takes (-i -s -S -F -w -x -e -g -t -T -l -c -q --json -n -N -A -B -C -m -U --multiline-dotall -H -I --heading --no-heading --color --colour -. --no-ignore -u); a pattern that starts with - goes after -- or -e\nRun 'f0 --help' for usage.\n"},
		{"-m", toPipe, nil, []string{"fs.search", "-m", "1", "Run", "pkg"}, 0, "pkg/lib/lib.go:3:// Run runs.\n", ""},
		{"-U", toPipe, nil, []string{"fs.search", "-U", `main\(\) \{\n\t\w+`, "cmd"}, 0, "cmd/x/main.go:3:func main() {\ncmd/x/main.go:4:\trun()\n", ""},
		{"-U: . stays in a line", toPipe, nil, []string{"fs.search", "-U", `main\(\) \{.\trun`, "cmd"}, 1, "", ""},
		{"--multiline-dotall before -U", toPipe, nil, []string{"fs.search", "--multiline-dotall", "-U", `main\(\) \{.\trun`, "cmd"}, 0,
			"cmd/x/main.go:3:func main() {\ncmd/x/main.go:4:\trun()\n", ""},
		{"f0's view with a field", toPipe, nil, []string{"fs.search", "func", "path=pkg"}, 0,
			"pkg/lib/lib.go: 1 match\npkg/lib/lib.go:4:func Run() {}\n", "1 match in 1 file under pkg/ (searched 2 files)\n"},
		{"f0's view, no match", toPipe, nil, []string{"fs.search", "zzz", "path=pkg"}, 1, "",
			"No matches for \"zzz\" in 2 files under pkg/. To ignore case: f0 fs.search zzz ignoreCase=true path=pkg\n"},

		{"find a glob", toPipe, nil, []string{"fs.find", "*_test.go"}, 0, "cmd/x/main_test.go\npkg/lib/lib_test.go\n", ""},
		{"find a part of a name", toPipe, nil, []string{"fs.find", "lib"}, 0, "pkg/lib/\npkg/lib/lib.go\npkg/lib/lib_test.go\n", ""},
		{"find smart case", toPipe, nil, []string{"fs.find", "MAIN"}, 1, "", ""},
		{"find -e", toPipe, nil, []string{"fs.find", "-e", "go", "main"}, 0, "cmd/x/main.go\ncmd/x/main_test.go\n", ""},
		{"find -t d", toPipe, nil, []string{"fs.find", "-t", "d", "x"}, 0, "cmd/x/\n", ""},
		{"find in a path", toPipe, nil, []string{"fs.find", "main", "cmd"}, 0, "cmd/x/main.go\ncmd/x/main_test.go\n", ""},
		{"find -0", toPipe, nil, []string{"fs.find", "-0", "-g", "lib*.go"}, 0, "pkg/lib/lib.go\x00pkg/lib/lib_test.go\x00", ""},
		{"find nothing", toPipe, nil, []string{"fs.find", "*.tmp"}, 1, "", ""},
		{"find, the shell's expansion", toPipe, nil, []string{"fs.find", "go.mod", "go.mod"}, 2, "",
			"fs.find: \"path\": go.mod is a file; fs.find searches directories.\n" +
				"The shell expands an unquoted glob into the names of files (f0 fs.find *.go is f0 fs.find a.go b.go): quote it, f0 fs.find '*.go'.\n"},
		{"find --json", toPipe, nil, []string{"fs.find", "--json", "lib"}, 0,
			`{"path":"pkg/lib","type":"directory"}` + "\n" + `{"path":"pkg/lib/lib.go","type":"file"}` + "\n" + `{"path":"pkg/lib/lib_test.go","type":"file"}` + "\n", ""},

		{"search", toTerminal, nil, []string{"fs.search", "-g", "*.go", "func main"}, 0,
			"\x1b[35mcmd/x/main.go\x1b[0m\n\x1b[32m3\x1b[0m:\x1b[1;31mfunc main\x1b[0m() {\n", ""},
		{"two files", toTerminal, []string{"NO_COLOR=1"}, []string{"fs.search", "Run"}, 0,
			"cmd/x/main_test.go\n5:func TestRun(t *testing.T) {}\n\npkg/lib/lib.go\n3:// Run runs.\n4:func Run() {}\n", ""},
		{"--color=never", toTerminal, nil, []string{"fs.search", "--color=never", "-l", "Run"}, 0, "cmd/x/main_test.go\npkg/lib/lib.go\n", ""},
		{"--color always in a pipe", toPipe, nil, []string{"fs.search", "--color", "always", "-F", "run()"}, 0,
			"\x1b[35mcmd/x/main.go\x1b[0m:\x1b[32m4\x1b[0m:\t\x1b[1;31mrun()\x1b[0m\n", ""},
		{"--no-heading", toTerminal, []string{"NO_COLOR=1"}, []string{"fs.search", "--no-heading", "-F", "run()"}, 0, "cmd/x/main.go:4:\trun()\n", ""},
		{"find", toTerminal, nil, []string{"fs.find", "lib"}, 0, "\x1b[1;34mpkg/lib\x1b[0m/\npkg/lib/lib.go\npkg/lib/lib_test.go\n", ""},
		{"no match", toTerminal, nil, []string{"fs.search", "zzz"}, 1, "", ""},
	})
}

// TestBinaryAsUnixTool: the rest of the command line as scripts and people
// use it: a redirect to /dev/null is no terminal, unknown tools and a bare
// f0 are usage errors, a JSON word the shell took the quotes off still
// works.
func TestBinaryAsUnixTool(t *testing.T) {
	dir := fsRoot(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write([]byte{0, 1, 2, 3, 0xff})
	}))
	t.Cleanup(srv.Close)
	gomod := "module example.com/x\n\ngo 1.26\n"
	usage := "Usage: f0 [TOOL [ARGS…]] | f0 COMMAND\n\n" + commandSummary + "\n\nf0 --help lists the flags, the environment and the tools.\n"
	runUnixCases(t, dir, []unixCase{
		{"binary body", toDevNull, nil, []string{"net.curl", "-sS", srv.URL}, 0, "", ""},
		{"binary body", toPipe, nil, []string{"net.curl", "-sS", srv.URL}, 0, "\x00\x01\x02\x03\xff", ""},
		{"binary body", toTerminal, nil, []string{"net.curl", "-sS", srv.URL}, 23, "",
			"Warning: Binary output can mess up your terminal. Use \"--output -\" to tell \nWarning: f0 net.curl to output it to your terminal anyway, or consider \"--output \nWarning: <FILE>\" to save to a file.\n"},
		{"read", toDevNull, nil, []string{"fs.read", "go.mod"}, 0, "", "go.mod · lines 1-3 of 3 · 30 B\n"},
		{"read", toTerminal, nil, []string{"fs.read", "go.mod"}, 0, gomod, "go.mod · lines 1-3 of 3 · 30 B\n"},
		{"JSON without its quotes", toPipe, nil, []string{"call", "fs.read", "{path:go.mod}"}, 0, gomod,
			"note: read {path:go.mod} as path=go.mod: the shell took the quotes off the JSON; to pass JSON, quote it: '{\"path\":\"go.mod\"}'\ngo.mod · lines 1-3 of 3 · 30 B\n"},
		{"bare f0", toTerminal, nil, nil, 2, "", usage},
	})
	for _, args := range [][]string{{"fs.raed", "go.mod"}, {"call", "fs.raed", "{}"}, {"describe", "fs.raed"}} {
		r := runStdout(t, toPipe, dir, nil, args...)
		if r.code != exitUsage || r.stdout != "" || !strings.HasPrefix(r.stderr, "unknown tool \"fs.raed\".\nDid you mean:\n- fs.read:") {
			t.Errorf("f0 %s: want exit 2 and suggestions on stderr\n%s", strings.Join(args, " "), r)
		}
	}
}

// TestBinaryPipeGetsEverything: in a pipe fs.find, fs.search and fs.list
// print every finding, past the 1,000 paths and 500 matches a model gets at
// most.
func TestBinaryPipeGetsEverything(t *testing.T) {
	dir := t.TempDir()
	for i := range 1200 {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%30))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%04d_test.go", i)), []byte("package x\n// TODO one\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args  []string
		lines int
	}{
		{[]string{"fs.find", "*_test.go"}, 1200},
		{[]string{"fs.find", "-t", "f", "test"}, 1200},
		{[]string{"fs.search", "TODO"}, 1200},
		{[]string{"fs.search", "-l", "TODO"}, 1200},
		{[]string{"fs.list", "depth=2"}, 1230}, // f0's own view: its summary on stderr
	} {
		r := runStdout(t, toPipe, dir, nil, c.args...)
		quiet := r.stderr == "" || c.args[0] == "fs.list"
		if n := strings.Count(r.stdout, "\n"); r.code != 0 || n != c.lines || !quiet {
			t.Errorf("f0 %s | wc -l: %d lines, exit %d, want %d lines, exit 0; stderr %q", strings.Join(c.args, " "), n, r.code, c.lines, r.stderr)
		}
	}
}
