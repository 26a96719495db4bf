package web

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

func TestWireLogReceived(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   []string
	}{
		{"one read", []string{"HTTP/1.1 200 OK\r\nA: 1\r\n\r\nbody"}, []string{"HTTP/1.1 200 OK\r\nA: 1\r\n\r\n"}},
		{"split inside the blank line", []string{"HTTP/1.1 200 OK\r\nA: 1\r", "\n\r", "\nbody"}, []string{"HTTP/1.1 200 OK\r\nA: 1\r\n\r\n"}},
		{"bare LF", []string{"HTTP/1.0 200 OK\nA: 1\n\nbody"}, []string{"HTTP/1.0 200 OK\nA: 1\n\n"}},
		{"1xx first", []string{"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nB: 2\r\n\r\nx"},
			[]string{"HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 201 Created\r\nB: 2\r\n\r\n"}},
		{"101 is final", []string{"HTTP/1.1 101 Switching Protocols\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"}, []string{"HTTP/1.1 101 Switching Protocols\r\n\r\n"}},
		{"nothing after the final head", []string{"HTTP/1.1 204 No Content\r\n\r\n", "HTTP/1.1 200 OK\r\n\r\n"}, []string{"HTTP/1.1 204 No Content\r\n\r\n"}},
		{"incomplete", []string{"HTTP/1.1 200 OK\r\nA: 1"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := &WireLog{}
			for _, c := range tc.chunks {
				l.received([]byte(c))
			}
			var got []string
			for _, h := range l.Heads() {
				got = append(got, string(h))
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("heads %q, want %q", got, tc.want)
			}
		})
	}
}

func TestWireLogTooLong(t *testing.T) {
	l := &WireLog{}
	l.received([]byte("HTTP/1.1 200 OK\r\n"))
	l.received([]byte(strings.Repeat("X: y\r\n", maxWireHead/6+1)))
	l.received([]byte("\r\n"))
	if len(l.Heads()) != 0 {
		t.Error("a head over maxWireHead was recorded")
	}
}

func TestWireLogSending(t *testing.T) {
	tests := []struct {
		name   string
		drop   bool
		chunks []string
		want   string
	}{
		{"dropped", true, []string{"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nAccept: */*\r\n\r\n"}, "POST / HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n"},
		{"held until the head ends", true, []string{"PUT / HTTP/1.1\r\nContent-Len", "gth: 0\r\n", "\r\n"}, "PUT / HTTP/1.1\r\n\r\n"},
		{"another length is kept", true, []string{"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789"}, "POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789"},
		{"not asked", false, []string{"POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"}, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := &WireLog{NoEmptyLength: tc.drop}
			var got strings.Builder
			for _, c := range tc.chunks {
				got.Write(l.sending([]byte(c)))
			}
			if got.String() != tc.want {
				t.Errorf("sent %q, want %q", got.String(), tc.want)
			}
		})
	}
}

// TestWireConnRecordsHeads runs a real request over a wireConn and a
// server that writes its head by hand.
func TestWireConnRecordsHeads(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	const head = "HTTP/1.1 200 Fine Thanks\r\nx-lower: 1\r\nContent-Length: 2\r\nA-Last: z\r\n\r\n"
	seen := make(chan string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		req, err := http.ReadRequest(bufio.NewReader(conn))
		if err != nil {
			return
		}
		_, hasLength := req.Header["Content-Length"]
		seen <- req.Method + " length:" + map[bool]string{true: "yes", false: "no"}[hasLength]
		io.WriteString(conn, head+"ok")
	}()
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &wireConn{Conn: c}, nil
	}}
	defer tr.CloseIdleConnections()
	log := &WireLog{NoEmptyLength: true}
	req, _ := http.NewRequestWithContext(WithWireLog(context.Background(), log), "POST", "http://"+ln.Addr().String()+"/", nil)
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if got := <-seen; got != "POST length:no" {
		t.Errorf("server saw %s, want a POST without Content-Length", got)
	}
	if heads := log.Heads(); len(heads) != 1 || string(heads[0]) != head || string(body) != "ok" {
		t.Errorf("heads %q body %q, want %q and ok", heads, body, head)
	}
}
