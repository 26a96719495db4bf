package net

import (
	"context"
	"errors"
	"fmt"
	stdnet "net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

// retryPlan is curl's --retry family.
type retryPlan struct {
	times                  int           // --retry
	delay                  time.Duration // --retry-delay; 0: 1 s, doubling
	maxTime                time.Duration // --retry-max-time; 0: no limit
	allErrors, connRefused bool
}

// Retry timing as curl 7.88.1 has it (tool_operate.c).
const (
	retryFirstSleep = time.Second
	retryMaxSleep   = 10 * time.Minute
)

// clock is the time a call's retries wait on; tests give one that does
// not wait.
type clock interface {
	Now() time.Time
	// Sleep waits d, or returns ctx's error when it ends first.
	Sleep(ctx context.Context, d time.Duration) error
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retrier decides, after each attempt of one URL, whether curl would try
// again and how long it would wait first.
type retrier struct {
	plan  retryPlan
	fail  bool // -f: a status of 400 or more is an error (curl's 22)
	clock clock
	start time.Time
	// deadline is when the whole call must be over (--net-max-time): no
	// retry waits past it.
	deadline time.Time
	left     int
	sleep    time.Duration
}

func newRetrier(p retryPlan, fail bool, clk clock, deadline time.Time) *retrier {
	sleep := p.delay
	if sleep == 0 {
		sleep = retryFirstSleep
	}
	return &retrier{plan: p, fail: fail, clock: clk, start: clk.Now(), deadline: deadline, left: p.times, sleep: sleep}
}

// next returns whether to retry after an attempt that ended with resp
// (nil when none came) and err, with the wait and the reason, as curl's
// warning words it.
func (rt *retrier) next(resp *http.Response, err error) (bool, time.Duration, string) {
	if rt.left <= 0 || rt.plan.maxTime > 0 && rt.clock.Now().Sub(rt.start) >= rt.plan.maxTime {
		return false, 0, ""
	}
	why := rt.transient(resp, err)
	if why == "" {
		return false, 0, ""
	}
	wait := rt.sleep
	if why == "HTTP error" {
		if after, ok := retryAfter(resp, rt.clock.Now()); ok && after > 0 {
			wait = after
			if rt.plan.maxTime > 0 && rt.clock.Now().Sub(rt.start)+after > rt.plan.maxTime {
				return false, 0, ""
			}
		}
	}
	if !rt.deadline.IsZero() && rt.clock.Now().Add(wait).After(rt.deadline) {
		return false, 0, "" // the call's time would be over before the retry
	}
	rt.left--
	if rt.plan.delay == 0 {
		rt.sleep = min(2*rt.sleep, retryMaxSleep)
	}
	return true, wait, why
}

// transient names the kind of transient failure (curl's words), or "".
func (rt *retrier) transient(resp *http.Response, err error) string {
	var dns *stdnet.DNSError
	var tt *totalTimeoutError
	var ct *web.ConnectTimeoutError
	var blocked *web.BlockedError
	switch {
	case errors.As(err, &blocked):
		return "" // the rules will say the same next time
	case errors.As(err, &tt), errors.As(err, &ct), errors.As(err, &dns):
		return "timeout"
	case err != nil && rt.plan.connRefused && errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case err == nil && resp != nil && retryStatus(resp.StatusCode):
		return "HTTP error"
	case err != nil, rt.fail && resp != nil && resp.StatusCode >= 400:
		if rt.plan.allErrors {
			return "retrying all errors"
		}
	}
	return ""
}

// retryStatus reports whether curl retries a response with this status:
// 408, 429, 500, 502, 503, 504, and Cloudflare's 522 and 524.
func retryStatus(code int) bool {
	switch code {
	case 408, 429, 500, 502, 503, 504, 522, 524:
		return true
	}
	return false
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date; either
// is capped at retryMaxSleep.
func retryAfter(resp *http.Response, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
		return time.Duration(min(n, int64(retryMaxSleep/time.Second))) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(t.Sub(now), 0), retryMaxSleep), true
	}
	return 0, false
}

// retryNote is what an answer says about one retry, as curl's warning.
func retryNote(why string, resp *http.Response, wait time.Duration, left int) string {
	what := why
	if resp != nil && why == "HTTP error" {
		what = "HTTP error " + resp.Status
	}
	return fmt.Sprintf("note: problem: %s; retried after %s (%d %s left)", what, web.HumanDuration(wait), left, text.Plural(left, "retry", "retries"))
}

// afterRetries adds to a failed call how many attempts --retry made, so
// that the answer does not read as one attempt.
func afterRetries(ex *exchange, res tool.Result, err error) (tool.Result, error) {
	n := len(ex.retried)
	if n == 0 {
		return res, err
	}
	what := fmt.Sprintf("(%d attempts: %d %s by --retry)", n+1, n, text.Plural(n, "retry", "retries"))
	if err != nil {
		return res, &retriedError{err: err, what: what}
	}
	if res.IsError {
		res.Text = strings.TrimRight(res.Text, "\n") + " " + what
	}
	return res, nil
}

// retriedError is a failure after retries.
type retriedError struct {
	err  error
	what string
}

func (e *retriedError) Error() string { return e.err.Error() + " " + e.what }
func (e *retriedError) Unwrap() error { return e.err }
