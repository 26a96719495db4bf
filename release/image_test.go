package release

import (
	"bufio"
	"context"
	"debug/elf"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// imageEntrypoint is the image's ENTRYPOINT (release/Containerfile).
var imageEntrypoint = []string{"/usr/local/bin/f0", "serve", "--http", "0.0.0.0:8931", "--auth-token-env", "F0_TOKEN", "--root", "/workspace"}

// builtImage builds the image with release/image.sh into a layout in a
// temporary directory and unpacks it. Without buildah the test is skipped,
// except where F0_REQUIRE_IMAGE=1 (CI) makes that a failure.
func builtImage(t *testing.T, version string) (layout string, img *ociImage) {
	t.Helper()
	if _, err := exec.LookPath("buildah"); err != nil {
		if os.Getenv("F0_REQUIRE_IMAGE") == "1" {
			t.Fatal("buildah is not installed, and F0_REQUIRE_IMAGE=1 requires the image test (Debian: apt-get install buildah)")
		}
		t.Skip("buildah is not installed (Debian: apt-get install buildah); set F0_REQUIRE_IMAGE=1 to make this a failure")
	}
	// podman names an image pulled from a layout after its path, and a
	// name must be lower case: t.TempDir's path has the test's name in it.
	dir, err := os.MkdirTemp("", "f0-image-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	layout = filepath.Join(dir, "oci")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "./image.sh", layout)
	cmd.Env = append(os.Environ(), "VERSION="+version)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release/image.sh: %v\n%s", err, out)
	}
	img, err = readLayout(layout, version, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return layout, img
}

// TestImage builds the OCI image and checks what a runtime would run: the
// config (user, entrypoint, label, port), the files (a static binary, a
// user that is not root, a CA bundle, a writable /tmp), and the unpacked
// binary itself, which must print its stamped version and serve /healthz.
func TestImage(t *testing.T) {
	s, _ := readServerJSON(t)
	layout, img := builtImage(t, s.Version)
	t.Run("config", func(t *testing.T) { checkConfig(t, img, s) })
	t.Run("files", func(t *testing.T) { checkFiles(t, img) })
	bin := filepath.Join(img.rootfs, "usr/local/bin/f0")
	t.Run("static", func(t *testing.T) { checkStatic(t, bin) })
	t.Run("version", func(t *testing.T) {
		out, err := exec.Command(bin, "version").CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "f0 version "+s.Version+"\ncommit ") {
			t.Errorf("f0 version: %v\n%s", err, out)
		}
	})
	t.Run("environment", func(t *testing.T) { checkEnvNames(t, bin, s) })
	t.Run("serve", func(t *testing.T) {
		// The image's entrypoint, on loopback and a free port instead of
		// 0.0.0.0:8931, with --root in a temporary directory.
		args := slices.Clone(imageEntrypoint[1:])
		args[2], args[6] = "127.0.0.1:0", t.TempDir()
		base := startServe(t, bin, args, "F0_TOKEN=image-test-token")
		checkServing(t, base, "image-test-token")
	})
	t.Run("runtime", func(t *testing.T) { runInContainer(t, layout, s.Version) })
}

func checkConfig(t *testing.T, img *ociImage, s serverJSON) {
	c := img.config.Config
	if img.config.OS != "linux" {
		t.Errorf("os %q, want linux", img.config.OS)
	}
	if c.User != "65532:65532" {
		t.Errorf("User %q, want 65532:65532 (not root)", c.User)
	}
	if !slices.Equal(c.Entrypoint, imageEntrypoint) || len(c.Cmd) != 0 {
		t.Errorf("Entrypoint %q Cmd %q, want %q and no Cmd", c.Entrypoint, c.Cmd, imageEntrypoint)
	}
	if got := c.Labels["io.modelcontextprotocol.server.name"]; got != s.Name {
		t.Errorf("label io.modelcontextprotocol.server.name = %q, want server.json's name %q", got, s.Name)
	}
	if got := c.Labels["org.opencontainers.image.version"]; got != s.Version {
		t.Errorf("label org.opencontainers.image.version = %q, want %q", got, s.Version)
	}
	if _, ok := c.ExposedPorts["8931/tcp"]; !ok {
		t.Errorf("ExposedPorts %v lack 8931/tcp", c.ExposedPorts)
	}
	if c.WorkingDir != "/workspace" {
		t.Errorf("WorkingDir %q, want /workspace", c.WorkingDir)
	}
	if !slices.Contains(c.Env, "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt") {
		t.Errorf("Env %q lacks SSL_CERT_FILE", c.Env)
	}
}

func checkFiles(t *testing.T, img *ociImage) {
	tests := []struct {
		path string
		mode int64
		uid  int
	}{
		{"usr/local/bin/f0", 0o755, 0},
		{"etc/ssl/certs/ca-certificates.crt", 0o644, 0},
		{"etc/passwd", 0o644, 0},
		{"tmp", 0o1777, 0},
		{"workspace", 0o755, 65532},
		{"home/f0", 0o755, 65532},
	}
	for _, tt := range tests {
		h := img.files[tt.path]
		if h == nil {
			t.Errorf("/%s is not in the image", tt.path)
			continue
		}
		if mode := h.Mode & 0o7777; mode != tt.mode || h.Uid != tt.uid {
			t.Errorf("/%s: mode %o uid %d, want %o uid %d", tt.path, mode, h.Uid, tt.mode, tt.uid)
		}
	}
	passwd, _ := os.ReadFile(filepath.Join(img.rootfs, "etc/passwd"))
	if !strings.Contains(string(passwd), "f0:x:65532:65532:") {
		t.Errorf("/etc/passwd names no user 65532:\n%s", passwd)
	}
}

// checkStatic: no program interpreter and no shared libraries, so the
// binary runs on an empty base.
func checkStatic(t *testing.T, bin string) {
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary has a program interpreter: it is dynamically linked")
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("the binary needs shared libraries %q (%v)", libs, err)
	}
}

// checkEnvNames: every environment variable server.json offers is one f0
// reads, an F0_ variable of its flags or the image's token.
func checkEnvNames(t *testing.T, bin string, s serverJSON) {
	help, err := exec.Command(bin, "serve", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("f0 serve --help: %v\n%s", err, help)
	}
	for _, p := range s.Packages {
		for _, e := range p.EnvironmentVariables {
			if e.Name != "F0_TOKEN" && !regexp.MustCompile(`(?m)^\s+`+e.Name+`\s`).Match(help) {
				t.Errorf("server.json offers %s, which f0 serve --help does not list", e.Name)
			}
		}
	}
}

// listening matches the log line that names the address f0 serves on.
var listening = regexp.MustCompile(`url=http://([0-9.:\[\]]+)/mcp`)

// startServe starts bin with args and returns the base URL it serves on,
// read from its log; the process is stopped when the test ends.
func startServe(t *testing.T, bin string, args []string, env ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("f0 serve did not log its address within 30s")
	}
	return ""
}

// checkServing: /healthz answers ok without a token, /mcp wants the token.
func checkServing(t *testing.T, base, token string) {
	t.Helper()
	res, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != "ok" {
		t.Errorf("GET /healthz = %d %q, want 200 ok", res.StatusCode, body)
	}
	for _, tt := range []struct {
		token string
		want  int
	}{{"", http.StatusUnauthorized}, {token, http.StatusOK}} {
		req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"image-test","version":"0"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tt.token != "" {
			req.Header.Set("Authorization", "Bearer "+tt.token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tt.want {
			t.Errorf("POST /mcp with token %q = %d, want %d", tt.token, res.StatusCode, tt.want)
		}
	}
}
