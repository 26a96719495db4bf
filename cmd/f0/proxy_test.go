package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"f0/internal/proxytest"
)

// viaOrigin serves on 127.0.0.3 and answers with the Via header the
// request arrived with (tinyproxy adds one).
func viaOrigin(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.3:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.3: %v", err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "via %q\n", r.Header.Get("Via"))
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/"
}

// TestBinaryProxyFromTheEnvironment: on the command line f0 net.curl
// reads curl's proxy variables, as curl does; --proxy overrides them and
// --noproxy lists hosts reached directly.
func TestBinaryProxyFromTheEnvironment(t *testing.T) {
	proxy, _ := proxytest.Tinyproxy(t, "")
	origin := viaOrigin(t)
	through := []string{`via "1.1 `, `(tinyproxy/`}
	runBinCases(t, []binCase{
		{name: "http_proxy", p: proc{env: []string{"http_proxy=http://" + proxy}}, args: []string{"net.curl", "-s", origin},
			want: expect{code: exitOK, stdout: through}},
		{name: "ALL_PROXY with NO_PROXY naming the host", p: proc{env: []string{"ALL_PROXY=" + proxy, "NO_PROXY=127.0.0.3"}}, args: []string{"net.curl", "-s", origin},
			want: expect{code: exitOK, stdout: []string{`via ""`}}},
		{name: "--proxy", args: []string{"--proxy", proxy, "net.curl", "-s", origin},
			want: expect{code: exitOK, stdout: through}},
		{name: "--noproxy", p: proc{env: []string{"http_proxy=" + proxy}}, args: []string{"--noproxy", "*", "net.curl", "-s", origin},
			want: expect{code: exitOK, stdout: []string{`via ""`}}},
		{name: "a bad proxy variable is a usage error naming it", p: proc{env: []string{"https_proxy=socks4://127.0.0.1:1"}}, args: []string{"net.curl", "-s", origin},
			want: expect{code: exitUsage, stderr: []string{`environment variable https_proxy="socks4://127.0.0.1:1": socks4 proxies are not supported; use socks5:// or socks5h://`}}},
	})
}

// TestServeThroughTheOperatorsProxy: over MCP the operator's --proxy
// carries the model's requests, and a model's own -x needs admin.
func TestServeThroughTheOperatorsProxy(t *testing.T) {
	proxy, _ := proxytest.Tinyproxy(t, "")
	origin := viaOrigin(t)
	var stdout, stderr lockedBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--http", "127.0.0.1:0", "--proxy", proxy, "--log-level", "info"}, strings.NewReader(""), &stdout, &stderr)
	}()
	defer func() { cancel(); <-done }()
	url := servedURL(t, &stderr, done)
	expect{code: exitOK, stdout: []string{`via "1.1 `, `(tinyproxy/`}}.check(t, f0(t, "", "call", "--server", url, "net_curl", "url="+origin))
	expect{code: exitToolError, stderr: []string{`this call needs "admin" access (-x`, "chooses the proxy, which is the operator's to set"}}.check(t,
		f0(t, "", "call", "--server", url, "net_curl", `args:=["-x","`+proxy+`","`+origin+`"]`))
}

// servedURL waits for serve --http to log its URL.
func servedURL(t *testing.T, stderr *lockedBuffer, done chan int) string {
	t.Helper()
	urlRE := regexp.MustCompile(`url=(http://127\.0\.0\.1:\d+/mcp)`)
	for deadline := time.Now().Add(testTimeout); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if m := urlRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited %d early:\n%s", code, stderr.String())
		default:
		}
	}
	t.Fatalf("no URL logged:\n%s", stderr.String())
	return ""
}
