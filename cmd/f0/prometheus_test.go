package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The scrape test's settings, read before TestMain clears F0_ variables.
var (
	requirePrometheus = os.Getenv("F0_REQUIRE_PROMETHEUS") == "1"
	prometheusPath    = os.Getenv("F0_PROMETHEUS")
)

// prometheusBinary is the real Prometheus the scrape test runs: Debian's
// (.ci/run installs it and sets F0_REQUIRE_PROMETHEUS=1, which makes its
// absence a failure), or F0_PROMETHEUS.
func prometheusBinary(t *testing.T) string {
	t.Helper()
	if prometheusPath != "" {
		return prometheusPath
	}
	if p, err := exec.LookPath("prometheus"); err == nil {
		return p
	}
	if requirePrometheus {
		t.Fatal("F0_REQUIRE_PROMETHEUS=1 but no prometheus on PATH (apt-get install prometheus, or set F0_PROMETHEUS)")
	}
	t.Skip("no prometheus on PATH (apt-get install prometheus; F0_REQUIRE_PROMETHEUS=1 makes this a failure)")
	return ""
}

var listenURL = regexp.MustCompile(`msg="serving MCP over streamable HTTP" url=(http://\S+)/mcp`)

// TestPrometheusScrapesF0 starts f0 serve --http with a token and a real
// Prometheus scraping its /metrics every 500 ms with that token, makes
// calls with f0 call --server, and asks Prometheus' HTTP API for f0's
// series: the calls by tool and outcome, the errors, the latency
// histogram, the open sessions.
func TestPrometheusScrapesF0(t *testing.T) {
	prom := prometheusBinary(t)
	const token = "prometheus-scrape-token"
	dir := t.TempDir()
	base := startF0(t, dir, token)

	promAddr := freeAddr(t)
	tokenFile := filepath.Join(dir, "token")
	writeFile(t, tokenFile, token)
	target := strings.TrimPrefix(base, "http://")
	writeFile(t, filepath.Join(dir, "prometheus.yml"), fmt.Sprintf(`global:
  scrape_interval: 500ms
  scrape_timeout: 400ms
scrape_configs:
  - job_name: f0
    authorization:
      credentials_file: %s
    static_configs:
      - targets: ['%s']
`, tokenFile, target))
	startProcess(t, prom, "--config.file="+filepath.Join(dir, "prometheus.yml"), "--web.listen-address="+promAddr,
		"--storage.tsdb.path="+filepath.Join(dir, "tsdb"), "--log.level=warn")

	t.Setenv("F0_SCRAPE_TOKEN", token)
	mcpURL := base + "/mcp"
	for range 3 {
		if r := (proc{dir: dir}).f0(t, "call", "--server", mcpURL, "--auth-token-env", "F0_SCRAPE_TOKEN", "fs.list", `{"path":"."}`); r.code != exitOK {
			t.Fatalf("f0 call fs.list: %s", r)
		}
	}
	(proc{dir: dir}).f0(t, "call", "--server", mcpURL, "--auth-token-env", "F0_SCRAPE_TOKEN", "fs.read", `{"path":"no-such-file"}`)

	api := "http://" + promAddr
	tests := []struct{ query, want string }{
		{`up{job="f0"}`, "1"},
		{`f0_tool_calls_total{tool="fs.list",outcome="ok"}`, "3"},
		{`f0_tool_calls_total{tool="fs.read",outcome="error"}`, "1"},
		{`f0_tool_errors_total{tool="fs.read",kind="tool"}`, "1"},
		{`f0_tool_call_duration_seconds_count{tool="fs.list"}`, "3"},
		{`sum(f0_tool_response_bytes_count)`, "4"},
		{`count(f0_sessions_open{transport="http"})`, "1"},
		{`f0_build_info`, "1"},
	}
	for _, tc := range tests {
		if got := waitQuery(t, api, tc.query, tc.want); got != tc.want {
			t.Errorf("Prometheus: %s = %q, want %q", tc.query, got, tc.want)
		}
	}
}

// startF0 runs f0 serve --http on a free loopback port with token and
// returns its base URL.
func startF0(t *testing.T, dir, token string) string {
	t.Helper()
	cmd := exec.Command(built.get(t), "serve", "--http", "127.0.0.1:0", "--auth-token-env", "F0_SERVE_TOKEN", "--root", dir)
	cmd.Env = append(os.Environ(), "F0_SERVE_TOKEN="+token)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(cmd) })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listenURL.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(testTimeout):
		t.Fatal("f0 serve did not say where it listens")
	}
	return ""
}

// startProcess runs a program until the test ends.
func startProcess(t *testing.T, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(cmd) })
}

// stop ends a process started by a test and waits for it.
func stop(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

// freeAddr is a loopback address nothing listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// waitQuery asks Prometheus for query's one value until it is want or the
// test's time is up, and returns the last value ("" while there is none).
func waitQuery(t *testing.T, api, query, want string) string {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	got := ""
	for time.Now().Before(deadline) {
		if got = instantValue(t.Context(), api, query); got == want {
			return got
		}
		time.Sleep(250 * time.Millisecond)
	}
	return got
}

// instantValue is the value of query's single series, "" when it has
// none (or Prometheus is not up yet).
func instantValue(ctx context.Context, api, query string) string {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, api+"/api/v1/query?query="+url.QueryEscape(query), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	var answer struct {
		Data struct {
			Result []struct {
				Value [2]any `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if json.NewDecoder(resp.Body).Decode(&answer) != nil || len(answer.Data.Result) != 1 {
		return ""
	}
	s, _ := answer.Data.Result[0].Value[1].(string)
	return s
}
