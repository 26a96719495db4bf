//go:build !windows

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"f0/internal/kept/redisstore/redistest"
)

// TestReadmeExamples runs every command-line example of README.md (the
// lines of its ```sh blocks) as printed, with the built f0 first on PATH,
// in a copy of the repository, one bash per line. Two rewrites keep the
// tests off the network and off fixed ports, and nothing else is changed:
//
//   - a URL to another host (https://go.dev/doc/) goes to a local fixture
//     server instead (http://127.0.0.1:PORT/doc/), which also answers as
//     an OAuth authorization server (metadata and an empty key set);
//   - 127.0.0.1:8931 and :8932 become free ports: `f0 serve --http` lines
//     listen on 127.0.0.1:0 (0.0.0.0:8931 too: tests stay on loopback), and
//     a client line (f0 call --server …) reaches an f0 serve --http that
//     this test keeps running, with F0_TOKEN set.
//
// `export` lines run before the later lines of their block. A server line
// (f0 serve --http) must come up, then is stopped. Lines whose command is
// not f0's are skipped only when listed in skippedCommands, with the reason.
func TestReadmeExamples(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash on PATH")
	}
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := shellBlocks(string(data))
	if len(blocks) == 0 {
		t.Fatal("no ```sh blocks in README.md")
	}
	env := readmeEnv(t)
	repo := copyRepo(t, "../..")
	fixture := fixtureServer(t)
	env.vars = append(env.vars, "F0_TOKEN="+readmeToken)
	shared := startReadmeServer(t, env)
	store := &readmeStore{}
	ran := 0
	for i, block := range blocks {
		var prelude []string
		for _, line := range block {
			cmd, skip := firstCommand(line)
			if reason, ok := skippedCommands[cmd]; ok {
				t.Logf("block %d: skipped (%s): %s", i+1, reason, line)
				continue
			}
			if !runnableCommands[cmd] && !skip {
				t.Errorf("README block %d: %q starts with %q: add it to runnableCommands or skippedCommands", i+1, line, cmd)
				continue
			}
			if cmd == "export" {
				prelude = append(prelude, line)
				continue
			}
			script := strings.Join(append(prelude, store.rewrite(t, rewriteURLs(line, fixture, shared, isServeHTTP(line)))), "\n")
			ran++
			t.Run(line, func(t *testing.T) {
				if isServeHTTP(line) {
					startServeLine(t, bash, repo, env, script)
					return
				}
				r := env.bash(t, bash, repo, script)
				if r.code != 0 {
					t.Errorf("README example failed as printed:\n%s\n(ran: %s)", r, script)
				}
			})
		}
	}
	if ran < 20 {
		t.Errorf("only %d README examples ran; the parser missed some", ran)
	}
}

// readmeToken is F0_TOKEN for the examples that use a running server.
const readmeToken = "readme-test-token"

// skippedCommands are the commands in README examples that this test does
// not run, with the reason.
var skippedCommands = map[string]string{
	"./test.sh":             "the full suite, of which this test is a part",
	"claude":                "configures Claude Code, which is not installed here",
	"npx":                   "MCP clients from npm; e2e/ runs them against f0",
	"kcadm.sh":              "configures a Keycloak server, which is not running here (e2e/oauth.test.mjs runs a real provider)",
	"redis-server":          "the shared store: this test starts its own on a free port and points --store at it",
	"release/goreleaser.sh": "builds every release target; release/ci.sh runs goreleaser in CI",
	"release/image.sh":      "builds the OCI image; release/image_test.go runs it",
	"podman":                "runs the image; release/runtime_test.go does it with the image just built",
}

// runnableCommands are the commands this test runs.
var runnableCommands = map[string]bool{
	"f0": true, "./bin/f0": true, "go": true, "echo": true, "source": true, "export": true,
}

// shellBlocks returns the command lines of every ```sh block, with
// backslash-continued lines joined and comment-only lines dropped.
func shellBlocks(md string) [][]string {
	var blocks [][]string
	var cur []string
	in := false
	pending := ""
	for _, line := range strings.Split(md, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !in && trimmed == "```sh":
			in, cur = true, nil
		case in && trimmed == "```":
			in = false
			blocks = append(blocks, cur)
		case in:
			if strings.HasSuffix(trimmed, `\`) {
				pending += strings.TrimSuffix(trimmed, `\`) + " "
				continue
			}
			full := pending + trimmed
			pending = ""
			if full != "" && !strings.HasPrefix(full, "#") {
				cur = append(cur, full)
			}
		}
	}
	return blocks
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// firstCommand is the command a line runs (after VAR=value words); skip
// tells a line that is only assignments.
func firstCommand(line string) (string, bool) {
	for _, w := range strings.Fields(line) {
		if !assignment.MatchString(w) {
			return w, false
		}
	}
	return "", true
}

// isServeHTTP tells an `f0 serve --http` line, which runs until stopped.
func isServeHTTP(line string) bool {
	words := strings.Fields(line)
	for len(words) > 0 && assignment.MatchString(words[0]) {
		words = words[1:]
	}
	return len(words) > 2 && (words[0] == "f0" || words[0] == "./bin/f0") && words[1] == "serve" && words[2] == "--http"
}

var (
	urlPattern  = regexp.MustCompile(`https?://[^\s'"]+`)
	fixedPorts  = regexp.MustCompile(`(127\.0\.0\.1|0\.0\.0\.0):893[12]`)
	localURLRef = regexp.MustCompile(`^https?://(127\.0\.0\.1|localhost|\[::1\])[:/]`)
)

// rewriteURLs points URLs at the fixture and the fixed ports at free ones.
func rewriteURLs(line, fixture, shared string, serving bool) string {
	line = urlPattern.ReplaceAllStringFunc(line, func(u string) string {
		if localURLRef.MatchString(u) {
			return u
		}
		rest := u[strings.Index(u, "://")+3:]
		path := ""
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			path = rest[i:]
		}
		return fixture + path
	})
	if serving {
		return fixedPorts.ReplaceAllString(line, "127.0.0.1:0")
	}
	return fixedPorts.ReplaceAllString(line, strings.TrimPrefix(shared, "http://"))
}

// readmeStore is the Valkey or Redis server of the examples' --store
// redis://127.0.0.1:6379/0, started at the first line that names it.
type readmeStore struct{ url string }

var readmeStoreURL = regexp.MustCompile(`--store redis://127\.0\.0\.1:6379/0`)

// rewrite points --store at the test's own server; without one installed
// (and not required), the line runs without --store.
func (s *readmeStore) rewrite(t *testing.T, line string) string {
	if !readmeStoreURL.MatchString(line) {
		return line
	}
	if redistest.Binary() == "" && os.Getenv(redistest.RequireEnv) != "1" {
		t.Logf("no redis-server: running without --store: %s", line)
		return readmeStoreURL.ReplaceAllString(line, "")
	}
	if s.url == "" {
		s.url = redistest.Start(t)
	}
	return readmeStoreURL.ReplaceAllString(line, "--store "+s.url)
}

// readmeShell is the environment the examples run in.
type readmeShell struct {
	vars []string
}

// readmeEnv puts the built f0 first on PATH and keeps go install inside a
// temporary directory.
func readmeEnv(t *testing.T) readmeShell {
	bin := filepath.Dir(built.get(t))
	vars := []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"GOBIN=" + t.TempDir(),
	}
	return readmeShell{vars: vars}
}

func (e readmeShell) command(ctx context.Context, bash, dir, script string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, bash, "-c", "set -eo pipefail\n"+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), e.vars...)
	cmd.Stdin = strings.NewReader("")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	return cmd
}

// bash runs script to its end.
func (e readmeShell) bash(t *testing.T, bash, dir, script string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // only a hang hits this
	defer cancel()
	cmd := e.command(ctx, bash, dir, script)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("bash: %v", err)
	}
	return result{code, stdout.String(), stderr.String()}
}

// startServeLine runs a `f0 serve --http` example until it says it serves,
// then stops it.
func startServeLine(t *testing.T, bash, dir string, e readmeShell, script string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := e.command(ctx, bash, dir, script)
	url, stderr, err := startAndWait(cmd)
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		cmd.Wait()
	}()
	if err != nil {
		t.Fatalf("the server did not come up: %v\n%s", err, stderr)
	}
	res, err := http.Get(strings.TrimSuffix(url, "/mcp") + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz: %s", res.Status)
	}
}

var servingURL = regexp.MustCompile(`msg="serving MCP over streamable HTTP" url=(http://\S+/mcp)`)

// startAndWait starts a serving command and returns its URL once its log
// names it, or its stderr when it exits first.
func startAndWait(cmd *exec.Cmd) (string, string, error) {
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return "", "", err
	}
	if err := cmd.Start(); err != nil {
		return "", "", err
	}
	var seen strings.Builder
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		seen.WriteString(sc.Text() + "\n")
		if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, pipe)
			return m[1], seen.String(), nil
		}
	}
	return "", seen.String(), fmt.Errorf("exited before serving")
}

// startReadmeServer runs the f0 serve --http that client examples call.
func startReadmeServer(t *testing.T, e readmeShell) string {
	t.Helper()
	cmd := exec.Command(built.get(t), "serve", "--http", "127.0.0.1:0", "--auth-token-env", "F0_TOKEN", "--root", t.TempDir())
	cmd.Env = append(os.Environ(), e.vars...)
	url, stderr, err := startAndWait(cmd)
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	if err != nil {
		t.Fatalf("f0 serve --http: %v\n%s", err, stderr)
	}
	return strings.TrimSuffix(url, "/mcp")
}

// fixtureServer answers the README's URLs to other hosts: JSON for an API,
// bytes for an archive, a page for anything else.
func fixtureServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/repos/"):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"full_name":%q,"stargazers_count":1}`+"\n", strings.TrimPrefix(r.URL.Path, "/repos/"))
		case strings.HasPrefix(r.URL.Path, "/.well-known/oauth-authorization-server"):
			// An authorization server's metadata, for the OAuth example.
			w.Header().Set("Content-Type", "application/json")
			issuer := "http://" + r.Host + strings.TrimPrefix(r.URL.Path, "/.well-known/oauth-authorization-server")
			fmt.Fprintf(w, `{"issuer":%q,"jwks_uri":%q}`+"\n", issuer, "http://"+r.Host+"/jwks")
		case r.URL.Path == "/jwks":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintln(w, `{"keys":[]}`)
		case strings.HasSuffix(r.URL.Path, ".tar.gz"):
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(bytes.Repeat([]byte{0x1f, 0x8b, 0, 1}, 1024))
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<html><head><title>Fixture</title></head><body><h1>%s</h1><p>A page.</p></body></html>\n", r.URL.Path)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// copyRepo copies the repository's files (no .git, no installed or built
// files) into a temporary directory, so examples that write stay there.
func copyRepo(t *testing.T, root string) string {
	t.Helper()
	dst := t.TempDir()
	skip := map[string]bool{".git": true, "node_modules": true, ".bin": true, "bin": true}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if skip[d.Name()] && rel != "." {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		info, err := d.Info()
		if err != nil || !info.Mode().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
