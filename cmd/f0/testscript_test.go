package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestTestScriptSaysItsStages: ./test.sh prints one line a stage on
// stderr (which step, of how many, after how long), so a run of minutes is
// never silent. It runs here on stand-ins for go, gofmt, node, npm, the C
// compiler, release/ci.sh and e2e/run.sh, each a no-op.
func TestTestScriptSaysItsStages(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("test.sh is a bash script")
	}
	script, err := os.ReadFile("../../test.sh")
	if err != nil {
		t.Fatal(err)
	}
	// The stand-ins are links to true and a bash function, not scripts
	// written here: a program this process has just written can fail to
	// start ("text file busy") while other tests start programs.
	truth, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true")
	}
	dir, bin := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "test.sh"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "e2e"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "release"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := []string{filepath.Join(dir, "e2e", "run.sh"), filepath.Join(dir, "release", "ci.sh")}
	for _, name := range []string{"cc", "gofmt", "node", "npm", "git"} {
		links = append(links, filepath.Join(bin, name))
	}
	for _, l := range links {
		if err := os.Symlink(truth, l); err != nil {
			t.Fatal(err)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cmd := exec.Command(bash, filepath.Join(dir, "test.sh"))
	cmd.Env = []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + t.TempDir(),
		// go, as a function bash takes from its environment: "go env CC" names the stand-in compiler.
		`BASH_FUNC_go%%=() { [ "$1 $2" = "env CC" ] && echo cc; return 0; }`}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("test.sh on stand-ins: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	want := []string{"go vet and gofmt", "staticcheck", "deadcode", "go test -race ./... (the longest step: minutes)",
		"release builds (release/ci.sh: vet and build per GOOS/GOARCH, goreleaser)", "fuzz FuzzJSONRPCLine (15 s)", "fuzz FuzzArgumentRepair (15 s)", "end-to-end tests (e2e/run.sh)", "done: all passed"}
	if len(lines) != len(want) {
		t.Fatalf("want %d stage lines on stderr, got:\n%s", len(want), stderr.String())
	}
	for i, w := range want {
		re := regexp.MustCompile(fmt.Sprintf(`^test\.sh \[%d/%d, \d+:\d\d\] %s$`, i+1, len(want), regexp.QuoteMeta(w)))
		if !re.MatchString(lines[i]) {
			t.Errorf("stage %d: %q, want %q", i+1, lines[i], re)
		}
	}
}
