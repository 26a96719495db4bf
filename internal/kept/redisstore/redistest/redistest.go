// Package redistest starts a real Valkey or Redis server for a test: on
// loopback, on a free port, with no persistence, stopped when the test
// ends. Without one installed the test is skipped, unless
// F0_REQUIRE_REDIS=1 (CI sets it) makes that a failure.
package redistest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// RequireEnv is the variable that makes a missing server a failure.
const RequireEnv = "F0_REQUIRE_REDIS"

// Binary finds the server: $F0_REDIS_SERVER, else valkey-server or
// redis-server on PATH; "" when none is there.
func Binary() string {
	if b := os.Getenv("F0_REDIS_SERVER"); b != "" {
		return b
	}
	for _, name := range []string{"valkey-server", "redis-server"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Start starts a server for t and returns its URL (redis://127.0.0.1:PORT/0).
func Start(t testing.TB) string {
	t.Helper()
	bin := Binary()
	if bin == "" {
		msg := "no valkey-server or redis-server on PATH (apt-get install redis-server, or set F0_REDIS_SERVER)"
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s, and %s=1 requires it", msg, RequireEnv)
		}
		t.Skip(msg)
	}
	var last error
	for range 3 {
		url, err := start(t, bin)
		if err == nil {
			return url
		}
		last = err
	}
	t.Fatal(last)
	return ""
}

// start runs the server on a port that was free a moment ago, and waits
// until it answers.
func start(t testing.TB, bin string) (string, error) {
	port, err := freePort()
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", t.TempDir(), "--loglevel", "warning")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-exited:
			return "", fmt.Errorf("%s exited (%v): %s", bin, err, out.String())
		default:
		}
		if answers(addr) {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			<-exited
			return "", fmt.Errorf("%s does not answer on %s: %s", bin, addr, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	return "redis://" + addr + "/0", nil
}

// answers reports whether a server on addr answers PING.
func answers(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return false
	}
	buf := make([]byte, 7)
	n, _ := c.Read(buf)
	return string(buf[:n]) == "+PONG\r\n"
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
