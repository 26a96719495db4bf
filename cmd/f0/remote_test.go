package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBinaryCallRemoteHints: the calls a remote f0 suggests (the rest of a
// cut result, an error's example) come back from `f0 call --stdio CMD` as
// `f0 call` command lines against the same server, runnable as printed.
func TestBinaryCallRemoteHints(t *testing.T) {
	bin := built.get(t)
	dir := t.TempDir()
	big := strings.Repeat("a line of text that fills the budget\n", 4000)
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	server := shellQuote(bin) + " serve --root " + shellQuote(dir)
	prefix := "f0 call --stdio " + shellQuote(server) + " fs_read "
	in := proc{dir: dir}

	r := in.f0(t, "call", "--stdio", server, "fs_read", `{"path":"big.txt"}`)
	all := r.stdout + r.stderr
	if strings.ContainsAny(all, "\x1e\x1f") {
		t.Fatalf("a marker reached the terminal:\n%s", r)
	}
	next := regexp.MustCompile(regexp.QuoteMeta(prefix) + `'\{"offset":\d+,"path":"big.txt"\}'`).FindString(all)
	if next == "" {
		t.Fatalf("no runnable continuation starting %q:\n%s", prefix, r)
	}
	rest := in.run(t, "sh", "-c", strings.Replace(next, "f0 ", shellQuote(bin)+" ", 1))
	if rest.code != 0 || !strings.Contains(rest.stdout, "a line of text") {
		t.Fatalf("the printed continuation does not run: %s\n%s", next, rest)
	}

	bad := in.f0(t, "call", "--stdio", server, "fs_read", `{"pth":"big.txt"}`)
	expect{code: exitToolError, stderr: []string{prefix + `'{"path":`}}.check(t, bad)
}
