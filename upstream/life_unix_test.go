//go:build unix

package upstream

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// TestWhatAServerStartedStopsWithIt (F20): a process the server started
// (npx's node, a shell's background job) does not outlive the server when
// f0 stops it.
func TestWhatAServerStartedStopsWithIt(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "grandchild")
	srv := Server{Name: "up", Command: "sh", Args: []string{"-c", `sleep 300 & echo $! > "$0"; exec sleep 301`, pidFile}}
	set, _, err := startWithin(context.Background(), []Server{srv}, Options{}, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(10 * time.Second); pid == 0; time.Sleep(10 * time.Millisecond) {
		data, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
		if time.Now().After(deadline) {
			t.Fatal("the server never started its child")
		}
	}
	set.Close()
	for deadline := time.Now().Add(5 * time.Second); running(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("process %d the server started still runs after Close", pid)
		}
	}
}

// running reports whether pid is a live process (a zombie waiting for a
// parent that does not reap it is not).
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true // no /proc (macOS): trust kill
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) == 0 || fields[0] != "Z"
}
