//go:build unix

package upstream

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestServerStillStartingIsStoppedOnClose (F20): a server whose start is
// under way when f0 closes (it never answers the handshake) is stopped,
// not left running after f0.
func TestServerStillStartingIsStoppedOnClose(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	set, _, err := startWithin(context.Background(), []Server{rawUpstream(t, "up", "noinit", "F0_FAKE_PID="+pidFile)}, Options{}, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(10 * time.Second); pid == 0; time.Sleep(10 * time.Millisecond) {
		data, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(string(data))
		if time.Now().After(deadline) {
			t.Fatal("the server never started")
		}
	}
	set.Close()
	if err := syscall.Kill(pid, 0); err == nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("server %d still runs after Close", pid)
	}
}
