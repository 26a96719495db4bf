package release

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// podman runs podman with its own storage in a temporary directory (so the
// test neither needs nor touches /var/lib/containers) and with runc: crun
// refuses this kind of machine's hybrid cgroup setup ("cgroups in hybrid
// mode not supported"), runc does not.
type podman struct {
	bin  string
	base []string
}

// newPodman finds podman and runc. Without them the runtime check is
// skipped, except where F0_REQUIRE_IMAGE=1 (CI) makes that a failure.
func newPodman(t *testing.T) podman {
	t.Helper()
	bin, err := exec.LookPath("podman")
	runc, err2 := exec.LookPath("runc")
	if err != nil || err2 != nil {
		if os.Getenv("F0_REQUIRE_IMAGE") == "1" {
			t.Fatal("podman or runc is not installed, and F0_REQUIRE_IMAGE=1 requires the container run (Debian: apt-get install podman runc)")
		}
		t.Skip("podman or runc is not installed (Debian: apt-get install podman runc)")
	}
	dir := t.TempDir()
	return podman{bin: bin, base: []string{
		"--root", filepath.Join(dir, "storage"), "--runroot", filepath.Join(dir, "run"),
		"--storage-driver", "vfs", "--runtime", runc, "--cgroup-manager", "cgroupfs", "--events-backend", "file",
	}}
}

func (p podman) run(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, p.bin, append(p.base, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("podman %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// limits keep the container's rlimits at what this machine allows: podman
// raises RLIMIT_NOFILE and RLIMIT_NPROC for a container of root's, and the
// sandbox may not (setrlimit: Operation not permitted).
var limits = []string{"--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024"}

// runInContainer loads the image from its layout into podman and runs it:
// `f0 version`, then the entrypoint itself with no network but its own
// loopback, checked from inside the container by the image's health check
// command and by an MCP call that reads a file from the mounted /workspace.
func runInContainer(t *testing.T, layout, version string) {
	p := newPodman(t)
	image := lastLine(p.run(t, "pull", "--quiet", "oci:"+layout+":"+version))
	out := p.run(t, append(append([]string{"run", "--rm"}, limits...), "--entrypoint", "/usr/local/bin/f0", image, "version")...)
	if !strings.HasPrefix(out, "f0 version "+version) {
		t.Errorf("podman run … version printed %q", out)
	}

	workspace := t.TempDir()
	if err := os.WriteFile(filepath.Join(workspace, "hello.txt"), []byte("hello from the host\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(workspace, 0o755); err != nil {
		t.Fatal(err)
	}
	run := append([]string{"run", "-d", "--network", "none", "-e", "F0_TOKEN=container-token", "-v", workspace + ":/workspace:ro"}, limits...)
	id := lastLine(p.run(t, append(run, image)...))
	t.Cleanup(func() { p.run(t, "rm", "-f", "-t", "2", id) })

	if got := waitHealthy(t, p, id); got != "ok" {
		t.Fatalf("the health check in the container answered %q", got)
	}
	// user is the name in the image's /etc/passwd, huser the uid as the
	// host sees it (no user of the host has it).
	if top := strings.Fields(lastLine(p.run(t, "top", id, "user", "huser"))); len(top) != 2 || top[0] != "f0" || top[1] != "65532" {
		t.Errorf("podman top %s user huser: %q, want the process to run as f0, 65532", id, top)
	}
	read := p.run(t, "exec", "-e", "F0_TOKEN=container-token", id, "f0", "call",
		"--server", "http://127.0.0.1:8931/mcp", "--auth-token-env", "F0_TOKEN", "fs.read", `{"path":"hello.txt"}`)
	if !strings.Contains(read, "hello from the host") {
		t.Errorf("fs.read through the container's MCP server printed:\n%s", read)
	}
}

// waitHealthy runs the image's HEALTHCHECK command in the container until
// it answers, for at most 30 seconds, and returns what it printed.
func waitHealthy(t *testing.T, p podman, id string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		out, err := exec.Command(p.bin, append(p.base, "exec", id, "f0", "net.curl", "-fsS", "http://127.0.0.1:8931/healthz")...).CombinedOutput()
		if err == nil || time.Now().After(deadline) {
			return strings.TrimSpace(string(out))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
