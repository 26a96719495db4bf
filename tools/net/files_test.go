//go:build unix

package net

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"f0/tool"
)

// mkfifo makes a FIFO in dir; the cleanup opens it for writing, so that a
// reader the code under test left blocked on it (before the fix) ends.
func mkfifo(t *testing.T, dir, name string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	t.Cleanup(func() {
		for range 20 {
			if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}

// TestFileFlagsRefuseFIFOs is F10 of issue 27: -d @fifo, -T fifo,
// -H @fifo and -b fifo blocked forever on a FIFO in the root, past -m and
// past cancellation, holding a --max-calls slot each. They refuse a file
// that is not regular, as fs.read does, at once.
func TestFileFlagsRefuseFIFOs(t *testing.T) {
	e := newEnv(t, withAccess(tool.Write))
	mkfifo(t, e.dir, "pipe")
	cases := [][]any{
		{"-d", "@pipe"},
		{"--data-binary", "@pipe"},
		{"--data-urlencode", "x@pipe"},
		{"-F", "f=@pipe"},
		{"-F", "f=<pipe"},
		{"-T", "pipe"},
		{"-H", "@pipe"},
		{"-b", "pipe"},
	}
	for _, flags := range cases {
		t.Run(strings.Join([]string{flags[0].(string), flags[1].(string)}, " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			done := make(chan tool.Result, 1)
			go func() {
				done <- e.p.Call(ctx, "net_curl", map[string]any{"args": append(flags, "-m", "1", e.url+"/echo")})
			}()
			select {
			case res := <-done:
				if !res.IsError || !strings.Contains(res.Text, "pipe is not a regular file") {
					t.Errorf("a FIFO was not refused:\n%s", res.Text)
				}
			case <-time.After(4 * time.Second):
				t.Fatal("the call is still blocked on the FIFO, past -m 1 and its cancellation")
			}
		})
	}
}

// TestRequestFilesCountInCallMemory is F11 of issue 27: the files a
// request reads (-d @, -T, -H @, -b) were held outside --max-call-memory,
// so 48 calls with a 90 MB file in the root held 4.5 GB. Their bytes are
// reserved like a response body's.
func TestRequestFilesCountInCallMemory(t *testing.T) {
	e := newEnv(t, withAccess(tool.Write), withLoad(0, 1<<20))
	if err := os.WriteFile(filepath.Join(e.dir, "big.bin"), make([]byte, 3<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]any{{"-d", "@big.bin"}, {"-T", "big.bin"}, {"-H", "@big.bin"}, {"-b", "big.bin"}} {
		t.Run(flags[0].(string), func(t *testing.T) {
			res := e.call(t, map[string]any{"args": append(flags, e.url+"/echo")})
			if !res.IsError || !strings.Contains(res.Text, "needs more than 1,048,576 bytes of memory") {
				t.Errorf("a 3 MiB request file under a 1 MiB --max-call-memory:\n%.400s", res.Text)
			}
			assertHeldNothing(t, e)
		})
	}
	small := filepath.Join(e.dir, "small.txt")
	if err := os.WriteFile(small, []byte("a=1"), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := e.call(t, map[string]any{"args": []any{"-d", "@small.txt", e.url + "/echo"}}); res.IsError {
		t.Errorf("a small request file: %s", res.Text)
	}
}
