// Package proxytest starts real proxy servers from Debian's packages for
// tests: tinyproxy (an HTTP proxy, CONNECT for https, optional basic
// credentials) and microsocks (SOCKS5), each on a free port of 127.0.0.1
// until the test ends. A test is skipped when the program is missing,
// unless F0_REQUIRE_PROXIES=1 (set by .ci/run) makes that a failure.
package proxytest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// need returns the path of a proxy program, or skips the test.
func need(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("F0_REQUIRE_PROXIES") == "1" {
		t.Fatalf("%s is required (F0_REQUIRE_PROXIES=1): %v; install it with apt-get install %s", name, err, name)
	}
	t.Skipf("%s not installed (apt-get install %s)", name, name)
	return ""
}

// freePort returns a free TCP port on 127.0.0.1.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// start runs a proxy until the test ends and waits for its port.
func start(t *testing.T, port int, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
	}
	t.Fatalf("%s did not listen on %s", name, addr)
}

// Tinyproxy starts tinyproxy on loopback; with user set it asks for
// basic credentials user:secret. It returns the proxy's address and its
// log file (one line per request it forwards).
func Tinyproxy(t *testing.T, user string) (string, string) {
	t.Helper()
	bin := need(t, "tinyproxy")
	dir := t.TempDir()
	port := freePort(t)
	logFile := filepath.Join(dir, "tinyproxy.log")
	conf := fmt.Sprintf("Port %d\nListen 127.0.0.1\nTimeout 30\nLogFile %q\nLogLevel Connect\nMaxClients 20\nAllow 127.0.0.1\n", port, logFile)
	if user != "" {
		conf += "BasicAuth " + user + " secret\n"
	}
	confFile := filepath.Join(dir, "tinyproxy.conf")
	if err := os.WriteFile(confFile, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	start(t, port, bin, "-d", "-c", confFile)
	return fmt.Sprintf("127.0.0.1:%d", port), logFile
}

// Microsocks starts a SOCKS5 proxy on loopback (with user:secret when
// user is set).
func Microsocks(t *testing.T, user string) string {
	t.Helper()
	bin := need(t, "microsocks")
	port := freePort(t)
	args := []string{"-i", "127.0.0.1", "-p", fmt.Sprint(port)}
	if user != "" {
		args = append(args, "-u", user, "-P", "secret")
	}
	start(t, port, bin, args...)
	return fmt.Sprintf("127.0.0.1:%d", port)
}

// Forwarded counts the requests tinyproxy's log says it forwarded.
func Forwarded(t *testing.T, logFile string) int {
	t.Helper()
	f, err := os.Open(logFile)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	for s := bufio.NewScanner(f); s.Scan(); {
		if strings.Contains(s.Text(), "Established connection to host") {
			n++
		}
	}
	return n
}
