package net

import (
	"context"
	"fmt"
	"io"
	"log"
	stdnet "net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/internal/web"
	"f0/tool"
)

func TestTimeouts(t *testing.T) {
	e := newEnv(t)
	cases := []callCase{
		{"timeoutMs", map[string]any{"url": e.url + "/slow", "timeoutMs": 200},
			"GET " + e.url + "/slow timed out after 200 ms: the total time limit fired (set by \"timeoutMs\": 200).\n" +
				"Raise it: net_curl {\"timeoutMs\":60000,\"url\":\"" + e.url + "/slow\"} (this server allows up to 5 min, --net-max-time)."},
		{"-m in args", map[string]any{"args": []any{"-m", "0.2", e.url + "/slow"}},
			"GET " + e.url + "/slow timed out after 200 ms: the total time limit fired (set by -m 0.2 in args).\n" +
				"Raise it in args: -m 60 (this server allows up to 5 min, --net-max-time)."},
		{"maxTimeSeconds, while the body arrives", map[string]any{"url": e.url + "/slow-body", "maxTimeSeconds": 0.3},
			"GET " + e.url + "/slow-body timed out after 300 ms: the total time limit fired (set by \"maxTimeSeconds\": 0.3); the server had answered 200 OK, and the body was still arriving (11 B received).\n" +
				"Raise it: net_curl {\"timeoutMs\":60000,\"url\":\"" + e.url + "/slow-body\"} (this server allows up to 5 min, --net-max-time)."},
		{"milliseconds that look like seconds", map[string]any{"url": e.url + "/slow", "timeoutMs": 30},
			"GET " + e.url + "/slow timed out after 30 ms: the total time limit fired (set by \"timeoutMs\": 30).\n" +
				"timeoutMs is in milliseconds: 30 means 30 ms; for 30 seconds send \"timeoutMs\": 30000 or \"maxTimeSeconds\": 30.\n" +
				"Raise it: net_curl {\"timeoutMs\":60000,\"url\":\"" + e.url + "/slow\"}"},
	}
	e.runCalls(t, failsWith, cases)
	t.Run("a default above the cap is capped without a note", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.MaxTime = 5 * time.Second }))
		for _, args := range []map[string]any{{"url": e.url + "/text"}, {"args": []any{e.url + "/text"}}} {
			res := e.call(t, args)
			if res.IsError || strings.Contains(res.Text, "note:") || len(res.Notes) > 0 {
				t.Fatalf("%v:\n%s\nnotes %v", args, res.Text, res.Notes)
			}
		}
		res := e.call(t, map[string]any{"url": e.url + "/text", "timeoutMs": 10000})
		assertInOrder(t, res.Text, `note: the total time limit asked for (10 s, from "timeoutMs": 10000) is above this server's cap; used 5 s (--net-max-time)`)
	})
	t.Run("capped by the server", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *web.Config) { c.MaxTime = 300 * time.Millisecond }))
		res := e.call(t, map[string]any{"url": e.url + "/slow", "timeoutMs": 60000})
		assertInOrder(t, res.Text, "timed out after 300 ms", "That is the most this server allows (--net-max-time 300 ms).",
			"note: the total time limit asked for (1 min, from \"timeoutMs\": 60000) is above this server's cap; used 300 ms (--net-max-time)")
	})
}

// silentListener accepts TCP connections and never answers, so a TLS
// handshake never completes.
func silentListener(t *testing.T) string {
	t.Helper()
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []stdnet.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return ln.Addr().String()
}

func TestConnectTimeout(t *testing.T) {
	e := newEnv(t)
	addr := silentListener(t)
	res := e.call(t, map[string]any{"url": "https://" + addr + "/", "connectTimeoutMs": 200})
	want := "GET https://" + addr + "/: could not connect to " + addr + " within 200 ms: the connect time limit fired (set by \"connectTimeoutMs\": 200; it covers the TCP connection and the TLS handshake).\n" +
		"If the host is just slow, raise it: net_curl {\"connectTimeoutMs\":30000,\"url\":\"https://" + addr + "/\"}"
	if !res.IsError || res.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
	res = e.call(t, map[string]any{"args": []any{"--connect-timeout", "0.2", "https://" + addr + "/"}})
	assertInOrder(t, res.Text, "the connect time limit fired (set by --connect-timeout 0.2 in args;", "raise it in args: --connect-timeout 30")
}

func TestConnectionRefused(t *testing.T) {
	e := newEnv(t)
	ln, _ := stdnet.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	res := e.call(t, map[string]any{"url": "http://" + addr + "/x"})
	want := "net_curl failed: GET http://" + addr + "/x: connection refused: nothing is listening on " + addr +
		" (dial tcp " + addr + ": connect: connection refused). Check the host and port (and http:// against https://), or start the server first.\nYou passed:"
	if !res.IsError || !strings.HasPrefix(res.Text, want) {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
}

func TestTLS(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "proto %s\n", r.Proto)
	}))
	srv.EnableHTTP2 = true
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake is expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	p, _ := newPipeline(t, withAccess(tool.Admin))
	res := p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL})
	if !res.IsError || !strings.Contains(res.Text, "certificate") {
		t.Fatalf("an unknown certificate was accepted:\n%s", res.Text)
	}
	suggest := `net_curl {"insecure":true,"url":"` + srv.URL + `"}`
	assertInOrder(t, res.Text, "net_curl failed: GET "+srv.URL+": TLS certificate verification failed (",
		"). If you trust this host, insecure: true (curl -k) skips verification; it needs admin access: "+suggest+"\n")
	if res := p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL, "insecure": true}); res.IsError {
		t.Fatalf("the suggested call fails:\n%s", res.Text)
	}
	res = p.Call(context.Background(), "net_curl", map[string]any{"args": []any{"-ski", srv.URL}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, "200 OK", "HTTP/2 200 \ncontent-length: 15", "proto HTTP/2.0")
	res = p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL, "insecure": true, "writeOut": "%{http_version} %{scheme}"})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, "proto HTTP/2.0", "2 https")
}
