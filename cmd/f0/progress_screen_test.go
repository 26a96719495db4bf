package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// screen is one terminal that stdout and stderr both write to, in order.
type screen struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// view is one stream (stdout or stderr) of the screen; it is a terminal.
type view struct{ s *screen }

func (v view) Write(p []byte) (int, error) {
	v.s.mu.Lock()
	defer v.s.mu.Unlock()
	return v.s.b.Write(p)
}

func (view) IsTerminal() bool { return true }

// slowBody serves body in three parts 300 ms apart, with its length, so
// that a download reports progress more than once.
func slowBody(t *testing.T, body string) string {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		third := len(body) / 3
		for i, part := range []string{body[:third], body[third : 2*third], body[2*third:]} {
			if i > 0 {
				time.Sleep(300 * time.Millisecond)
			}
			w.Write([]byte(part))
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/"
}

// TestProgressGivesWayToTheBody: with stdout and stderr on one terminal,
// the download bar is cleared before the first byte of the body and not
// drawn again (issue 26: "100% downloaded 51 B of 51 B{"name":…}" was one
// line); saved to a file, the bar shows the speed and the time left and is
// cleared at the end.
func TestProgressGivesWayToTheBody(t *testing.T) {
	body := `{"name":"` + strings.Repeat("x", 3000) + `"}` + "\n"
	url := slowBody(t, body)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	var s screen
	for _, args := range [][]string{{"net.curl", url}, {"net.curl", "-L", url}} {
		s = screen{}
		if code := run(ctx, args, strings.NewReader(""), view{&s}, view{&s}); code != exitOK {
			t.Fatalf("%q: exit %d\n%q", args, code, s.b.String())
		}
		out := s.b.String()
		at := strings.Index(out, `{"name":`)
		if at < 0 || !strings.HasSuffix(out[:at], "\r\033[K") || !strings.HasPrefix(out[:at], "\r\033[K[") {
			t.Fatalf("%q: the bar is not drawn then cleared before the body:\n%q", args, out)
		}
		if rest := out[at:]; !strings.HasPrefix(rest, body) || strings.Contains(rest, "downloaded") || strings.Contains(rest, "\r") {
			t.Fatalf("%q: the bar is drawn again after the body started: %q", args, rest[len(body):])
		}
	}

	s = screen{}
	dir := t.TempDir()
	file := filepath.Join(dir, "out.json")
	if code := run(ctx, []string{"--root", dir, "net.curl", "-o", file, url}, strings.NewReader(""), view{&s}, view{&s}); code != exitOK {
		t.Fatalf("exit %d\n%q", code, s.b.String())
	}
	out := s.b.String()
	if !strings.Contains(out, "/s, 0:00:0") || !strings.Contains(out, " left") || !strings.Contains(out, " left\r\033[K") || !strings.Contains(out, "KB/s\r\033[K200 OK · ") {
		t.Fatalf("want the bar with speed and time left, cleared at the end:\n%q", out)
	}
	if got, err := os.ReadFile(file); err != nil || string(got) != body {
		t.Fatalf("saved %q, %v", got, err)
	}
}
