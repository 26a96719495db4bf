package mcp

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"f0/engine"
)

// TestSlowConnectionsDoNotLockOutHealthz is the slowloris attack: many
// more connections than --max-conns, each sending part of its headers and
// never the rest. /healthz and real clients must still be answered, not
// wait in the kernel's queue until the slow ones time out (10 s each, slot
// by slot). F0_SLOW_CONNS raises the count (the red team used 20,000).
func TestSlowConnectionsDoNotLockOutHealthz(t *testing.T) {
	n := 300
	if v, err := strconv.Atoi(os.Getenv("F0_SLOW_CONNS")); err == nil {
		n = v
	}
	h, err := NewHTTPServer(newTestServer(t, engine.Config{}), HTTPOptions{Addr: "127.0.0.1:0", MaxConns: 32})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, _ := serve(t, h, ctx)
	for i := range n {
		c, err := net.DialTimeout("tcp", addr, testTimeout)
		if err != nil {
			t.Fatalf("slow connection %d: %v", i, err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: %d\r\n", i)
	}
	start := time.Now()
	client := &http.Client{Timeout: testTimeout}
	resp, err := client.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatalf("/healthz behind %d slow connections: %v", n, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "ok\n" {
		t.Fatalf("/healthz: %s %q", resp.Status, body)
	}
	t.Logf("/healthz answered in %v behind %d slow connections (cap 32)", time.Since(start), n)
}

// TestConnLimiterSparesServingConnections: over the cap, the newcomer
// pushes out a connection that is not serving a request, never one that
// is; when all of them serve, the newcomer is turned away.
func TestConnLimiterSparesServingConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	srv := &http.Server{ConnContext: connContext, Handler: servingConns(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/block" {
			<-release
		}
		io.WriteString(w, "done")
	}))}
	lim := limitConns(ln, 2)
	go srv.Serve(lim)
	defer srv.Close()
	url := "http://" + ln.Addr().String()

	blocked := make(chan error, 2)
	for range 2 {
		go func() {
			c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: testTimeout}
			resp, err := c.Get(url + "/block")
			if err == nil {
				_, err = io.ReadAll(resp.Body)
				resp.Body.Close()
			}
			blocked <- err
		}()
	}
	deadline := time.Now().Add(testTimeout)
	for serving(lim) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the two blocking requests never started")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Both slots serve: a newcomer is closed without an answer.
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: testTimeout}
	if resp, err := c.Get(url + "/now"); err == nil {
		resp.Body.Close()
		t.Fatalf("a third connection was served while both slots served requests")
	}
	close(release)
	for range 2 {
		if err := <-blocked; err != nil {
			t.Errorf("a serving connection was cut: %v", err)
		}
	}
	if resp, err := c.Get(url + "/now"); err != nil {
		t.Errorf("after the slots freed: %v", err)
	} else {
		resp.Body.Close()
	}
}

// serving counts the connections serving a request.
func serving(l *connLimiter) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open - l.fresh.Len() - l.idle.Len()
}
