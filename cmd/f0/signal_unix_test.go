//go:build unix

package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCurlFIFOEndsAndSignalsWork is F10 of issue 27 from the command
// line: `f0 net.curl -d @fifo` blocked on the FIFO and then ignored SIGINT
// and SIGTERM. The FIFO is refused at once, and a second signal always
// ends f0.
func TestCurlFIFOEndsAndSignalsWork(t *testing.T) {
	bin := built.get(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	for _, flags := range [][]string{{"-d", "@pipe"}, {"-T", "pipe"}, {"-H", "@pipe"}, {"-b", "pipe"}} {
		t.Run(flags[0], func(t *testing.T) {
			args := append([]string{"--root", dir, "--access", "write", "net.curl"}, append(flags, "-m", "1", srv.URL)...)
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			for _, sig := range []os.Signal{nil, os.Interrupt, syscall.SIGTERM} {
				if sig != nil {
					cmd.Process.Signal(sig)
				}
				select {
				case <-done:
					if !strings.Contains(stderr.String(), "pipe is not a regular file") {
						t.Errorf("f0 ended, without refusing the FIFO (after %v):\n%s", sig, stderr.String())
					}
					return
				case <-time.After(2 * time.Second):
				}
			}
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close() // let the blocked reader go
			}
			t.Fatal("f0 still runs 2 s after SIGINT and SIGTERM, blocked on the FIFO")
		})
	}
}
