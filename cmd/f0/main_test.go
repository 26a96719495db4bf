package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// testTimeout only fires when something hangs.
const testTimeout = 30 * time.Second

// TestMain clears F0_… variables of the environment the tests run in, so
// only the tests' own t.Setenv calls configure f0.
//
// With F0_TEST_RUN_MAIN=1 the test binary is f0 itself (for `call --stdio`).
func TestMain(m *testing.M) {
	if os.Getenv("F0_TEST_RUN_MAIN") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	for _, kv := range os.Environ() {
		// F0_ settings (not CI's F0_REQUIRE_ switches), and curl's proxy
		// variables (which f0 honours), so no setting of the machine's
		// changes what the tests see.
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "F0_") && !strings.HasPrefix(name, "F0_REQUIRE_") || isProxyVariable(name) {
			os.Unsetenv(name)
		}
	}
	code := m.Run()
	built.cleanup()
	os.Exit(code)
}

// isProxyVariable reports whether name is one of curl's proxy variables.
func isProxyVariable(name string) bool {
	switch strings.ToLower(name) {
	case "http_proxy", "https_proxy", "all_proxy", "no_proxy":
		return true
	}
	return false
}

type result struct {
	code           int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", r.code, r.stdout, r.stderr)
}

// f0 runs the command line in-process with stdin.
func f0(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return f0ctx(t, context.Background(), stdin, args...)
}

func f0ctx(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// expect checks the exit code and that each stream contains the wanted
// strings.
type expect struct {
	code      int
	stdout    []string
	stderr    []string
	notStdout []string
}

func (e expect) check(t *testing.T, r result) {
	t.Helper()
	if r.code != e.code {
		t.Errorf("exit code %d, want %d\n%s", r.code, e.code, r)
		return
	}
	for _, w := range e.stdout {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q\n%s", w, r)
		}
	}
	for _, w := range e.stderr {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q\n%s", w, r)
		}
	}
	for _, w := range e.notStdout {
		if strings.Contains(r.stdout, w) {
			t.Errorf("stdout has %q\n%s", w, r)
		}
	}
	if e.code != exitOK && r.stdout != "" && len(e.stdout) == 0 {
		t.Errorf("failure wrote to stdout\n%s", r)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{"unknown flag", nil, []string{"--bogus"}, []string{"unknown flag: --bogus", "f0 --help"}},
		{"unknown flag on a command", nil, []string{"tools", "--bogus"}, []string{"unknown flag: --bogus"}},
		{"bad access", nil, []string{"--access", "bogus", "tools"}, []string{"--access"}},
		{"bad access env", map[string]string{"F0_ACCESS": "bogus"}, []string{"tools"}, []string{"access", "bogus"}},
		{"bad name style", nil, []string{"--tool-names", "camel", "tools"}, []string{"--tool-names", "underscore or dotted"}},
		{"bad max output", nil, []string{"--max-output", "0", "tools"}, []string{"--max-output"}},
		{"bad max output env", map[string]string{"F0_MAX_OUTPUT": "lots"}, []string{"tools"}, []string{"F0_MAX_OUTPUT"}},
		{"bad log level", nil, []string{"--log-level", "loud", "tools"}, []string{"--log-level"}},
		{"unknown --tools", nil, []string{"--tools", "nope", "tools"}, []string{"--tools", `unknown tool "nope"`}},
		{"misspelt --tools", nil, []string{"--tools", "tools.serch", "tools"}, []string{"--tools", `unknown tool "tools.serch"`, "did you mean tools.search"}},
		{"misspelt --exclude-tools", nil, []string{"--exclude-tools", "tools_serch", "tools"}, []string{"--exclude-tools", "did you mean tools.search"}},
		{"unknown namespace", nil, []string{"--namespaces", "nope", "tools"}, []string{"--namespaces", `"nope"`, "tools"}},
		{"unknown namespace, old flag", nil, []string{"--allowed-root-endpoints", "nope", "tools"}, []string{"--namespaces", `"nope"`, "tools"}},
		{"unknown namespace, old env", map[string]string{"F0_ALLOWED_ROOT_ENDPOINTS": "nope"}, []string{"tools"}, []string{"F0_ALLOWED_ROOT_ENDPOINTS", `"nope"`}},
		{"unknown command flag for tools", nil, []string{"tools", "extra"}, []string{"unknown command"}},
		{"bad shutdown grace", nil, []string{"serve", "--http", "127.0.0.1:0", "--shutdown-grace", "soon"}, []string{"--shutdown-grace"}},
		{"bad session ttl", nil, []string{"serve", "--http", "127.0.0.1:0", "--session-ttl", "-1s"}, []string{"--session-ttl"}},
		{"bad listen address", nil, []string{"serve", "--http", "nonsense"}, []string{"nonsense"}},
		{"no token beyond loopback", nil, []string{"serve", "--http", "0.0.0.0:0"}, []string{"refusing to listen beyond loopback", "--auth-token-env"}},
		{"token variable unset", nil, []string{"serve", "--http", "127.0.0.1:0", "--auth-token-env", "F0_TEST_UNSET_TOKEN"}, []string{"F0_TEST_UNSET_TOKEN", "empty or not set"}},
		{"serve takes no args", nil, []string{"serve", "extra"}, []string{"unknown command"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			r := f0(t, "", tc.args...)
			if r.code != exitUsage {
				t.Fatalf("exit %d, want %d\n%s", r.code, exitUsage, r)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q\n%s", w, r)
				}
			}
			if r.stdout != "" {
				t.Errorf("usage error wrote to stdout\n%s", r)
			}
		})
	}
}
