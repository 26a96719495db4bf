package net

import (
	"context"
	"errors"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"f0/internal/web"
)

// fakeClock never waits: Sleep records the wait and moves the time on.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sleeps = append(f.sleeps, d)
	f.now = f.now.Add(d)
	return nil
}

func (f *fakeClock) waits() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	parts := make([]string, len(f.sleeps))
	for i, d := range f.sleeps {
		parts[i] = d.String()
	}
	return strings.Join(parts, " ")
}

// flakyServer answers status (with header lines) to the first n requests
// of each path, then 200 "ok"; it counts the requests.
type flakyServer struct {
	mu    sync.Mutex
	hits  map[string]int
	url   string
	extra http.Header
}

func newFlakyServer(t *testing.T, extra http.Header) *flakyServer {
	fs := &flakyServer{hits: map[string]int{}, extra: extra}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// /CODE/N: CODE for the first N requests.
		parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
		code, _ := strconv.Atoi(parts[0])
		n, _ := strconv.Atoi(parts[1])
		fs.mu.Lock()
		hit := fs.hits[r.URL.Path]
		fs.hits[r.URL.Path]++
		fs.mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		if hit < n {
			for k, v := range fs.extra {
				w.Header()[k] = v
			}
			w.WriteHeader(code)
			fmt.Fprintf(w, "attempt %d: %d\n", hit+1, code)
			return
		}
		io.WriteString(w, "ok\n")
	}))
	t.Cleanup(srv.Close)
	fs.url = srv.URL
	return fs
}

func (fs *flakyServer) count(path string) int {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.hits[path]
}

func TestRetry(t *testing.T) {
	cases := []struct {
		name     string
		args     string // URL appended: /CODE/N
		path     string
		extra    http.Header
		requests int
		waits    string
		text     string // the whole body shown, as curl writes it to stdout
		isError  bool
	}{
		{name: "503 twice, then ok: 1 s, then 2 s", args: "--retry 3", path: "/503/2", requests: 3, waits: "1s 2s",
			text: "attempt 1: 503\nattempt 2: 503\nok"},
		{name: "--retry-delay is fixed", args: "--retry 3 --retry-delay 5", path: "/500/3", requests: 4, waits: "5s 5s 5s",
			text: "attempt 1: 500\nattempt 2: 500\nattempt 3: 500\nok"},
		{name: "retries run out", args: "--retry 1", path: "/502/5", requests: 2, waits: "1s", text: "attempt 1: 502\nattempt 2: 502"},
		{name: "each transient status", args: "--retry 8", path: "/429/1", requests: 2, waits: "1s", text: "attempt 1: 429\nok"},
		{name: "408", args: "--retry 1", path: "/408/1", requests: 2, waits: "1s", text: "attempt 1: 408\nok"},
		{name: "504", args: "--retry 1", path: "/504/1", requests: 2, waits: "1s", text: "attempt 1: 504\nok"},
		{name: "404 is not transient", args: "--retry 3", path: "/404/1", requests: 1, waits: "", text: "attempt 1: 404"},
		{name: "501 is not transient", args: "--retry 3", path: "/501/1", requests: 1, waits: "", text: "attempt 1: 501"},
		{name: "-f --retry-all-errors retries a 404", args: "-f --retry 2 --retry-all-errors", path: "/404/1", requests: 2, waits: "1s", text: "ok"},
		{name: "-f writes no failed body", args: "-f --retry 2", path: "/503/1", requests: 2, waits: "1s", text: "ok"},
		{name: "--retry-all-errors without -f keeps a 404", args: "--retry 2 --retry-all-errors", path: "/404/1", requests: 1, waits: "", text: "attempt 1: 404"},
		{name: "Retry-After seconds", args: "--retry 2", path: "/503/1", extra: http.Header{"Retry-After": {"7"}}, requests: 2, waits: "7s",
			text: "attempt 1: 503\nok"},
		{name: "Retry-After beyond --retry-max-time stops", args: "--retry 2 --retry-max-time 5", path: "/503/1", extra: http.Header{"Retry-After": {"7"}},
			requests: 1, waits: "", text: "attempt 1: 503"},
		{name: "--retry-max-time ends the doubling", args: "--retry 10 --retry-max-time 6", path: "/503/9", requests: 4, waits: "1s 2s 4s",
			text: "attempt 1: 503\nattempt 2: 503\nattempt 3: 503\nattempt 4: 503"},
		{name: "no --retry, no retry", args: "-s", path: "/503/1", requests: 1, waits: "", text: "attempt 1: 503"},
		{name: "-i shows every attempt's headers", args: "-i --retry 1", path: "/503/1", requests: 2, waits: "1s",
			text: "HTTP/1.1 503 Service Unavailable\nContent-Type: text/plain\nContent-Length: 15\n\nattempt 1: 503\nHTTP/1.1 200 OK\nContent-Type: text/plain\nContent-Length: 3\n\nok"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs := newFlakyServer(t, tc.extra)
			clk := newFakeClock()
			e := newClockEnv(t, clk)
			res := e.call(t, map[string]any{"args": tc.args + " " + fs.url + tc.path})
			text := stripDate(strings.TrimSuffix(res.Sections.Body, "\n"))
			if got := fs.count(tc.path); got != tc.requests {
				t.Errorf("%d requests, want %d", got, tc.requests)
			}
			if got := clk.waits(); got != tc.waits {
				t.Errorf("waited %q, want %q", got, tc.waits)
			}
			if !res.IsError && text != tc.text {
				t.Errorf("text:\n%q\nwant:\n%q", text, tc.text)
			}
		})
	}
}

// stripDate drops Date header lines, which change between runs.
func stripDate(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "Date: ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestRetryNotes(t *testing.T) {
	fs := newFlakyServer(t, nil)
	clk := newFakeClock()
	e := newClockEnv(t, clk)
	res := e.call(t, map[string]any{"args": "--retry 2 " + fs.url + "/503/2"})
	got := res.Sections.Tail
	want := "note: problem: HTTP error 503 Service Unavailable; retried after 1 s (1 retry left)\n" +
		"note: problem: HTTP error 503 Service Unavailable; retried after 2 s (0 retries left)"
	if got != want {
		t.Errorf("notes:\n%s\nwant:\n%s", got, want)
	}
}

func TestRetryConnectionRefused(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/"
	ln.Close()
	for _, tc := range []struct {
		args, waits, tail string
	}{
		{"--retry 2", "", "start the server first."},
		{"--retry 2 --retry-connrefused", "1s 2s", "start the server first. (3 attempts: 2 retries by --retry)"},
		{"--retry 1 --retry-all-errors", "1s", "start the server first. (2 attempts: 1 retry by --retry)"},
	} {
		clk := newFakeClock()
		e := newClockEnv(t, clk)
		res := e.call(t, map[string]any{"args": tc.args + " " + closed})
		if first, _, _ := strings.Cut(res.Text, "\n"); !res.IsError || !strings.Contains(first, "connection refused") || !strings.HasSuffix(first, tc.tail) {
			t.Errorf("%s:\n%s\nwant the first line to end with %q", tc.args, res.Text, tc.tail)
		}
		if got := clk.waits(); got != tc.waits {
			t.Errorf("%s: waited %q, want %q", tc.args, got, tc.waits)
		}
	}
}

func TestRetrierTransient(t *testing.T) {
	resp := func(code int) *http.Response { return &http.Response{StatusCode: code, Header: http.Header{}} }
	refused := &stdnet.OpError{Op: "dial", Err: syscall.ECONNREFUSED}
	cases := []struct {
		plan retryPlan
		fail bool
		resp *http.Response
		err  error
		want string
	}{
		{resp: resp(503), want: "HTTP error"},
		{resp: resp(522), want: "HTTP error"},
		{resp: resp(200), want: ""},
		{resp: resp(404), fail: true, want: ""},
		{plan: retryPlan{allErrors: true}, resp: resp(404), fail: true, want: "retrying all errors"},
		{err: &totalTimeoutError{limit: time.Second}, want: "timeout"},
		{err: &web.ConnectTimeoutError{Limit: time.Second}, want: "timeout"},
		{err: &stdnet.DNSError{Err: "no such host", Name: "nope.invalid"}, want: "timeout"},
		{err: refused, want: ""},
		{plan: retryPlan{connRefused: true}, err: refused, want: "connection refused"},
		{plan: retryPlan{allErrors: true}, err: errors.New("tls: bad certificate"), want: "retrying all errors"},
		{plan: retryPlan{allErrors: true}, err: &web.BlockedError{}, want: ""},
	}
	for i, tc := range cases {
		rt := newRetrier(tc.plan, tc.fail, newFakeClock(), time.Time{})
		if got := rt.transient(tc.resp, tc.err); got != tc.want {
			t.Errorf("%d: transient = %q, want %q", i, got, tc.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"30", 30 * time.Second, true},
		{"Wed, 02 Jan 2030 03:05:05 GMT", time.Minute, true},
		{"soon", 0, false},
		{"99999999", retryMaxSleep, true},
		{"Fri, 01 Jan 2100 00:00:00 GMT", retryMaxSleep, true},
	} {
		got, ok := retryAfter(&http.Response{Header: http.Header{"Retry-After": {tc.v}}}, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Retry-After %q: %v %v, want %v %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}

// TestNetMaxTimeBoundsTheCall is F12 of issue 27: --net-max-time bounded
// each attempt, not the call, so with 5 s retries ran 40 s and more, and a
// Retry-After of 20 s was waited. The call's retries and their waits stay
// within --net-max-time, and a Retry-After date is capped like seconds.
func TestNetMaxTimeBoundsTheCall(t *testing.T) {
	cases := []struct {
		name, args, path string
		extra            http.Header
		requests         int
		waits            string
	}{
		{"the doubling stops at --net-max-time", "--retry 10", "/503/9", nil, 3, "1s 2s"},
		{"a Retry-After past --net-max-time is not waited", "--retry 3", "/503/1", http.Header{"Retry-After": {"20"}}, 1, ""},
		{"a Retry-After date past it neither", "--retry 3", "/503/1", http.Header{"Retry-After": {"Wed, 02 Jan 2030 05:00:00 GMT"}}, 1, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs := newFlakyServer(t, tc.extra)
			clk := newFakeClock()
			e := newClockEnv(t, clk, withNet(func(c *web.Config) { c.MaxTime = 5 * time.Second }))
			e.call(t, map[string]any{"args": tc.args + " " + fs.url + tc.path})
			if got := fs.count(tc.path); got != tc.requests {
				t.Errorf("%d requests, want %d", got, tc.requests)
			}
			if got := clk.waits(); got != tc.waits {
				t.Errorf("waited %q, want %q", got, tc.waits)
			}
		})
	}
}
