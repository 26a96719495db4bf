package main

import (
	"strings"
	"testing"
)

// TestServeFlagMistakes: the flags a user of other servers types get an
// answer that says what f0 takes instead, and a token given where a
// variable's name belongs is not printed back.
func TestServeFlagMistakes(t *testing.T) {
	const token = "9f86d081884c7d659a2feaa0c55ad015"
	const listen = "f0 serve listens with --http HOST:PORT, e.g. f0 serve --http 127.0.0.1:8080 (without --http it serves stdio)\n"
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"--port", []string{"serve", "--port", "8080"}, "f0: unknown flag: --port: " + listen},
		{"-p", []string{"serve", "-p", "8080"}, "f0: unknown shorthand flag: 'p' in -p: " + listen},
		{"--host", []string{"serve", "--host", "127.0.0.1"}, "f0: unknown flag: --host: " + listen},
		{"token as the variable", []string{"serve", "--http", "127.0.0.1:0", "--auth-token-env", token},
			"f0: --auth-token-env: the value looks like a token, not the name of an environment variable (not repeated here); put the token in a variable and name that: export F0_TOKEN=…; --auth-token-env F0_TOKEN\n"},
		{"token with symbols", []string{"serve", "--http", "127.0.0.1:0", "--auth-token-env", "s3cr3t+/="},
			"f0: --auth-token-env: the value looks like a token, not the name of an environment variable (not repeated here); put the token in a variable and name that: export F0_TOKEN=…; --auth-token-env F0_TOKEN\n"},
		{"token to call --server", []string{"call", "--server", "http://127.0.0.1:1/mcp", "--auth-token-env", token, "tools.search"},
			"f0: --auth-token-env: the value looks like a token, not the name of an environment variable (not repeated here); put the token in a variable and name that: export F0_TOKEN=…; --auth-token-env F0_TOKEN\n"},
		{"unset variable", []string{"serve", "--http", "127.0.0.1:0", "--auth-token-env", "F0_NO_SUCH_TOKEN"},
			"f0: --auth-token-env F0_NO_SUCH_TOKEN: the environment variable is empty or not set\n"},
		{"bad --max-body", []string{"serve", "--max-body", "lots"}, "f0: --max-body \"lots\": want a size such as 100MiB, 4M, 512K or 5000000\n"},
		{"bad --max-call-memory", []string{"tools", "--max-call-memory", "0"}, "f0: --max-call-memory \"0\": want a size such as 100MiB, 4M, 512K or 5000000\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f0(t, "", c.args...)
			want, code := c.want+"Run 'f0 --help' for usage.\n", exitUsage
			if c.args[0] == "call" {
				want, code = c.want, exitToolError // a remote that could not be reached
			}
			if r.code != code || r.stderr != want {
				t.Fatalf("want exit %d and stderr\n%s\ngot\n%s", code, want, r)
			}
			if strings.Contains(r.stderr, "9f86d0") || strings.Contains(r.stderr, "s3cr3t") {
				t.Fatalf("the token is printed:\n%s", r)
			}
		})
	}
}

// TestMaxBodyTakesASize: serve --max-body reads sizes as the other size
// flags do; the stdio limit it sets is the one a too long line is told.
func TestMaxBodyTakesASize(t *testing.T) {
	line := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fs_read","arguments":{"path":"` + strings.Repeat("x", 2048) + `"}}}` + "\n"
	for _, size := range []string{"1KiB", "1K", "1kb", "1024"} {
		r := f0(t, line, "serve", "--root", t.TempDir(), "--max-body", size)
		if r.code != exitOK || !strings.Contains(r.stdout, "over the limit of 1,024 bytes per message (f0 serve --max-body raises it)") {
			t.Errorf("--max-body %s: %s", size, r)
		}
	}
}

func TestLooksLikeToken(t *testing.T) {
	for v, want := range map[string]bool{
		"F0_TOKEN": false, "MY_API_TOKEN": false, "token": false, "GITHUB_TOKEN_2": false,
		"9f86d081884c7d65": true, "abcdef0123456789abcd": true, "ghp_x+y": true, "a b": true,
	} {
		if got := looksLikeToken(v); got != want {
			t.Errorf("looksLikeToken(%q) = %v, want %v", v, got, want)
		}
	}
}
