package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// rgfdCase is one command line run with rg or fd and, with the same words,
// as f0 fs.search or f0 fs.find.
type rgfdCase struct {
	program string   // "rg" or "fd"
	words   []string // the words after rg / fd and after f0 fs.search / fs.find
	// exitDiffers, when set, is why f0's exit code is not the program's.
	exitDiffers string
}

// TestRgFdDiff runs command lines side by side with rg and fd and with f0
// on Go's source tree, stdout a pipe, and compares the lines printed
// (sorted: both programs print in the order their threads finish) and the
// exit codes. rg's words carry -n: f0 numbers lines in a pipe too, which rg
// does only on a terminal. .ci/run installs Debian's ripgrep and fd-find and
// sets F0_REQUIRE_RGFD=1, so that CI cannot skip it.
func TestRgFdDiff(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	src := filepath.Join(goroot(t), "src")
	programs := map[string]string{"rg": lookReference(t, "rg"), "fd": lookReference(t, "fd", "fdfind")}
	f0bin := built.get(t)
	cases := []rgfdCase{
		{"rg", []string{"-n", "func main", "cmd/go"}, ""},
		{"rg", []string{"-n", "-i", "todo", "net/http"}, ""},
		{"rg", []string{"-n", "-w", "err", "-g", "*.go", "net/url"}, ""},
		{"rg", []string{"-n", "-F", "a.b(", "go/printer"}, ""},
		{"rg", []string{"-n", "-C2", `panic\(`, "net/url"}, ""},
		{"rg", []string{"-n", "-t", "go", "TODO", "os"}, ""},
		{"rg", []string{"-n", "-e", "Deadline", "-e", "Timeout", "context"}, ""},
		{"rg", []string{"-n", "-S", "errorf", "fmt"}, ""},
		{"rg", []string{"-n", "func main", "cmd/go/main.go"}, ""},
		{"rg", []string{"-n", "--no-heading", "package", "./errors"}, ""},
		{"rg", []string{"-l", "func main", "cmd"}, ""},
		{"rg", []string{"-c", "TODO", "cmd/go"}, ""},
		{"rg", []string{"-n", "-g", "!*_test.go", "Sprintf", "strconv"}, ""},
		{"rg", []string{"-n", "e", "net/http"}, ""},
		{"rg", []string{"-n", "exit", "all.bat", "make.bat"}, ""},
		{"rg", []string{"-n", "zzqqxx_no_such_text", "net"}, ""},
		{"rg", []string{"-n", "(unclosed", "net"}, ""},
		{"rg", []string{"-n", "x", "no/such/dir"}, ""},
		{"fd", []string{"go", "net"}, ""},
		{"fd", []string{"-e", "go", "test", "net/http"}, ""},
		{"fd", []string{"-t", "d", "http"}, ""},
		{"fd", []string{"-g", "*_test.go"}, ""},
		{"fd", []string{"-t", "f", "README"}, ""},
		{"fd", []string{"-H", "gitignore"}, ""},
		{"fd", []string{"^main", "cmd/go"}, ""},
		{"fd", []string{"-e", "s", "-e", "h", "", "runtime"}, ""},
		{"fd", []string{"zzqqxx_no_such_name"}, "fd 8 exits 0 when it finds nothing; f0 exits 1, as rg and grep do"},
	}
	for _, c := range cases {
		name := c.program + " " + strings.Join(c.words, " ")
		t.Run(name, func(t *testing.T) {
			ref := proc{dir: src}.run(t, programs[c.program], c.words...)
			tool := map[string]string{"rg": "fs.search", "fd": "fs.find"}[c.program]
			got := proc{dir: src}.run(t, f0bin, append([]string{tool}, c.words...)...)
			refLines, gotLines := sortedLines(ref.stdout), sortedLines(got.stdout)
			if !slices.Equal(refLines, gotLines) {
				t.Errorf("stdout differs: %s %d lines, f0 %d lines\n%s", c.program, len(refLines), len(gotLines), lineDiff(refLines, gotLines))
			}
			switch {
			case c.exitDiffers == "" && got.code != ref.code:
				t.Errorf("exit %d, %s exits %d\n%s", got.code, c.program, ref.code, got)
			case c.exitDiffers != "" && got.code == ref.code:
				t.Errorf("exit %d as %s's now; the known difference (%s) is gone", got.code, c.program, c.exitDiffers)
			}
			if (ref.stderr == "") != (got.stderr == "") {
				t.Errorf("stderr: %s %q, f0 %q", c.program, ref.stderr, got.stderr)
			}
		})
	}
}

// goroot is the Go tree the test runs in.
func goroot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// lookReference finds a reference program by one of its names; it skips
// the test when there is none, unless F0_REQUIRE_RGFD is set (CI).
func lookReference(t *testing.T, names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("F0_REQUIRE_RGFD") != "" {
		t.Fatalf("%s is not installed; .ci/run installs Debian's ripgrep and fd-find for this test", names[0])
	}
	t.Skipf("%s is not installed", names[0])
	return ""
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if s == "" {
		lines = nil
	}
	slices.Sort(lines)
	return lines
}

// lineDiff lists up to ten lines only one side printed.
func lineDiff(ref, got []string) string {
	var b bytes.Buffer
	n := 0
	for _, l := range ref {
		if _, found := slices.BinarySearch(got, l); !found && n < 10 {
			b.WriteString("- " + l + "\n")
			n++
		}
	}
	for _, l := range got {
		if _, found := slices.BinarySearch(ref, l); !found && n < 20 {
			b.WriteString("+ " + l + "\n")
			n++
		}
	}
	if n == 0 {
		return "(the same lines, a different number of times)"
	}
	return b.String()
}
