package net

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"f0/internal/setting"
	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

// failed explains a request that did not complete. Timeouts and limits
// are answers that say which limit fired and how to raise it; other
// failures are errors the pipeline reports.
func (c *curl) failed(ctx context.Context, r *request, ex *exchange, err error) (tool.Result, error) {
	var (
		tt *totalTimeoutError
		ct *web.ConnectTimeoutError
		tm *tooManyRedirectsError
		ce *capError
	)
	if res, ok := continuationFailure(ctx, r, ex, err); ok {
		return res, nil
	}
	if ie, ok := tool.AsInputError(err); ok && ie.Field == responseField {
		return tool.Result{}, ie
	}
	u := ex.target.u.Redacted()
	switch {
	case errors.As(err, &tt):
		return tool.Result{IsError: true, Text: c.timeoutText(ctx, r, ex)}, nil
	case errors.As(err, &ct):
		return tool.Result{IsError: true, Text: c.connectTimeoutText(ctx, r, ex, ct)}, nil
	case errors.As(err, &tm):
		text := fmt.Sprintf("%s %s: %v.", r.method, u, tm)
		if ex.resp != nil {
			if loc := ex.resp.Header.Get("Location"); loc != "" {
				text += fmt.Sprintf(" The last answer was %s, pointing to %s.", ex.resp.Status, resolveRef(ex.resp, loc))
			}
		}
		more := max(2*tm.max, 10)
		if words, ok := withMaxRedirs(r.plan, more); ok {
			text += " Allow more: " + ex.next(ctx, map[string]any{"args": words})
		} else {
			text += " Allow more: " + ex.next(ctx, map[string]any{"maxRedirects": more})
		}
		return tool.Result{IsError: true, Text: text}, nil
	case errors.As(err, &ce):
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s: %v.\n", r.method, u, ce)
		if ce.flag == "--max-filesize" {
			b.WriteString("Raise --max-filesize in args, or drop it.")
		} else {
			last := min(ce.limit, 1<<20) - 1
			fmt.Fprintf(&b, "Ask for part of it with a Range header (-r 0-%d, or headers {\"Range\": \"bytes=0-%d\"}); the operator can raise %s.", last, last, c.call.Settings().Setting(setting.NetMaxDownloadSetting, ""))
		}
		return tool.Result{IsError: true, Text: b.String()}, nil
	case ctx.Err() != nil:
		return tool.Result{}, ctx.Err()
	}
	return tool.Result{}, c.explain(ctx, r.method+" "+u, ex, err)
}

// explain says which network failure a request met and what to try
// (web.ExplainFailure), with net.curl's way to trust a host.
func (c *curl) explain(ctx context.Context, prefix string, ex *exchange, err error) error {
	return web.ExplainFailure(prefix, err, web.Remedies{Tool: "net.curl", TrustHost: func() string {
		return "insecure: true (curl -k) skips verification; it needs admin access: " + ex.next(ctx, map[string]any{"insecure": true})
	}})
}

// withMaxRedirs returns the call's curl words with every --max-redirs
// value replaced by n, when the limit came from args (so that a raised
// maxRedirects field would contradict it). The words keep their
// positions, which oneURL relies on.
func withMaxRedirs(p *plan, n int) ([]string, bool) {
	if !strings.HasSuffix(p.maxRedirs.from, " in args") {
		return nil, false
	}
	words := slices.Clone(p.words)
	found := false
	for i := 0; i < len(words); i++ {
		switch {
		case p.urlWords[i]:
		case words[i] == "--max-redirs" && i+1 < len(words):
			words[i+1] = strconv.Itoa(n)
			found = true
			i++
		case strings.HasPrefix(words[i], "--max-redirs="):
			words[i] = "--max-redirs=" + strconv.Itoa(n)
			found = true
		}
	}
	return words, found
}

// timeoutText says that the total time limit fired, where it came from,
// and how to raise it.
func (c *curl) timeoutText(ctx context.Context, r *request, ex *exchange) string {
	var b strings.Builder
	from := r.plan.maxTime.from
	if from == "" {
		from = "the default"
	}
	fmt.Fprintf(&b, "%s %s timed out after %s: the total time limit fired (set by %s)", r.method, ex.target.u.Redacted(), web.HumanDuration(r.maxTime), from)
	if ex.resp != nil {
		fmt.Fprintf(&b, "; the server had answered %s, and the body was still arriving (%s received)", ex.resp.Status, text.HumanBytes(ex.size))
	}
	b.WriteString(".\n")
	if ms := r.maxTime.Milliseconds(); strings.HasPrefix(from, `"timeoutMs"`) && ms < 100 {
		fmt.Fprintf(&b, "timeoutMs is in milliseconds: %d means %d ms; for %d seconds send \"timeoutMs\": %d or \"maxTimeSeconds\": %d.\n", ms, ms, ms, ms*1000, ms)
	}
	if r.maxTime >= c.cfg.MaxTime {
		fmt.Fprintf(&b, "That is the most this server allows (%s).", maxTime(c.call, c.cfg.MaxTime))
		return b.String()
	}
	next := min(max(2*r.maxTime, 60*time.Second), c.cfg.MaxTime)
	if strings.HasSuffix(from, " in args") {
		fmt.Fprintf(&b, "Raise it in args: -m %g", next.Seconds())
	} else {
		fmt.Fprintf(&b, "Raise it: %s", ex.next(ctx, map[string]any{"timeoutMs": next.Milliseconds(), "maxTimeSeconds": nil}))
	}
	fmt.Fprintf(&b, " (this server allows up to %s, %s).", web.HumanDuration(c.cfg.MaxTime), c.call.Settings().Setting(setting.NetMaxTimeSetting, ""))
	return b.String()
}

// connectTimeoutText says that the connect time limit fired.
func (c *curl) connectTimeoutText(ctx context.Context, r *request, ex *exchange, ct *web.ConnectTimeoutError) string {
	var b strings.Builder
	from := r.plan.connectTimeout.from
	if from == "" {
		from = "the default"
	}
	fmt.Fprintf(&b, "%s %s: %v: the connect time limit fired (set by %s; it covers the TCP connection and the TLS handshake).\n",
		r.method, ex.target.u.Redacted(), ct, from)
	if ct.Limit >= c.cfg.MaxTime {
		fmt.Fprintf(&b, "That is the most this server allows (%s).", maxTime(c.call, c.cfg.MaxTime))
		return b.String()
	}
	next := min(max(2*ct.Limit, 30*time.Second), c.cfg.MaxTime)
	if strings.HasSuffix(from, " in args") {
		fmt.Fprintf(&b, "If the host is just slow, raise it in args: --connect-timeout %g", next.Seconds())
	} else {
		fmt.Fprintf(&b, "If the host is just slow, raise it: %s", ex.next(ctx, map[string]any{"connectTimeoutMs": next.Milliseconds()}))
	}
	return b.String()
}

// maxTime names the server's time cap with its value, as the caller's
// reader sets it: "--net-max-time 5 min".
func maxTime(call tool.Call, d time.Duration) string {
	return call.Settings().Setting(setting.NetMaxTimeSetting, web.HumanDuration(d))
}
