package web

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/temoto/robotstxt"
)

// Robots checks URLs against their sites' robots.txt (RFC 9309) for the
// operator who asked that the model's fetches respect it (serve's
// --net-robots): each site's file is fetched once and kept for a while,
// through the same transport, rules and proxy as the request it guards.
type Robots struct {
	agent string        // the product token groups are matched by: "f0"
	ua    string        // the User-Agent robots.txt is fetched with
	ttl   time.Duration // how long a site's file is kept
	now   func() time.Time

	mu    sync.Mutex
	sites map[string]robotsEntry // by scheme://host:port
}

// robotsEntry is one site's robots.txt as last fetched.
type robotsEntry struct {
	data    *robotstxt.RobotsData
	body    []byte
	status  int
	fetched time.Time
}

// Limits of the robots.txt check.
const (
	// RobotsTTL is how long a site's robots.txt is kept (RFC 9309 asks at
	// most 24 hours).
	RobotsTTL = time.Hour
	// maxRobots is the most of a robots.txt read (RFC 9309: at least 500
	// KiB); maxSites the most sites kept at once.
	maxRobots = 512 << 10
	maxSites  = 1024
)

// NewRobots returns a checker for the product token agent ("f0"), fetching
// robots.txt as userAgent, keeping each site's file for ttl.
func NewRobots(agent, userAgent string, ttl time.Duration, now func() time.Time) *Robots {
	return &Robots{agent: agent, ua: userAgent, ttl: ttl, now: now, sites: map[string]robotsEntry{}}
}

// RobotsError is a URL that robots.txt disallows.
type RobotsError struct {
	URL, RobotsURL string
	// Line is the rule that disallows it, as written, and LineNo its line
	// in the file (0 when the whole site is disallowed by the file's status).
	Line   string
	LineNo int
	Status int
}

func (e *RobotsError) Error() string {
	if e.LineNo == 0 {
		return fmt.Sprintf("%s answered %d, which robots.txt rules (RFC 9309) read as disallowing the whole site, so %s is not fetched (the operator made f0 respect robots.txt: --net-robots)", e.RobotsURL, e.Status, e.URL)
	}
	return fmt.Sprintf("robots.txt disallows %s for f0: line %d of %s, %q; it is not fetched (the operator made f0 respect robots.txt: --net-robots)", e.URL, e.LineNo, e.RobotsURL, e.Line)
}

// Refused marks the refusal as the server's rule, not the call's shape.
func (e *RobotsError) Refused() bool { return true }

// Check returns a *RobotsError when the site's robots.txt disallows u for
// the agent; rt fetches the file when it is not kept. A robots.txt that
// cannot be fetched (no answer, a redirect loop) allows the request, which
// then meets the same failure itself.
func (r *Robots) Check(ctx context.Context, rt http.RoundTripper, u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" || u.Path == "/robots.txt" {
		return nil
	}
	site := &url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/robots.txt"}
	e, ok := r.entry(ctx, rt, site)
	if !ok || e.data.TestAgent(pathOf(u), r.agent) {
		return nil
	}
	no, line := disallowingLine(e.body, r.agent, pathOf(u))
	return &RobotsError{URL: u.Redacted(), RobotsURL: site.String(), Line: line, LineNo: no, Status: e.status}
}

// pathOf is the path and query a rule is matched against.
func pathOf(u *url.URL) string {
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}

// entry is the site's robots.txt, kept or fetched now.
func (r *Robots) entry(ctx context.Context, rt http.RoundTripper, site *url.URL) (robotsEntry, bool) {
	key := site.String()
	r.mu.Lock()
	e, ok := r.sites[key]
	r.mu.Unlock()
	ttl := r.ttl
	if e.status >= 500 {
		ttl = min(ttl, time.Minute) // a server error is tried again soon
	}
	if ok && r.now().Sub(e.fetched) < ttl {
		return e, true
	}
	e, ok = r.fetch(ctx, rt, site)
	if !ok {
		return e, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.sites) >= maxSites {
		clear(r.sites)
	}
	r.sites[key] = e
	return e, true
}

// fetch gets a robots.txt, following up to five redirects (RFC 9309).
func (r *Robots) fetch(ctx context.Context, rt http.RoundTripper, site *url.URL) (robotsEntry, bool) {
	hc := &http.Client{Transport: rt, Timeout: 10 * time.Second, CheckRedirect: func(_ *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, site.String(), nil)
	if err != nil {
		return robotsEntry{}, false
	}
	req.Header.Set("User-Agent", r.ua)
	resp, err := hc.Do(req)
	if err != nil {
		return robotsEntry{}, false
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxRobots))
	if err != nil {
		return robotsEntry{}, false
	}
	data, err := robotstxt.FromStatusAndBytes(resp.StatusCode, body)
	if err != nil { // a status robots.txt rules say nothing of (3xx left over, 1xx)
		data, _ = robotstxt.FromStatusAndBytes(http.StatusNotFound, nil)
	}
	return robotsEntry{data: data, body: body, status: resp.StatusCode, fetched: r.now()}, true
}

// robotsLine is one "key: value" line of a robots.txt.
type robotsLine struct {
	no         int
	raw        string
	key, value string // key lower case
}

// robotsLines are a robots.txt's lines of rules, comments left out.
func robotsLines(body []byte) []robotsLine {
	var out []robotsLine
	sc := bufio.NewScanner(bytes.NewReader(body))
	for n := 1; sc.Scan(); n++ {
		raw := strings.TrimSpace(sc.Text())
		line, _, _ := strings.Cut(raw, "#")
		if key, value, ok := strings.Cut(line, ":"); ok {
			out = append(out, robotsLine{no: n, raw: raw, key: strings.ToLower(strings.TrimSpace(key)), value: strings.TrimSpace(value)})
		}
	}
	return out
}

// groupFor is the user-agent whose group applies to agent, as robotstxt
// chooses it: the longest one agent starts with, else "*".
func groupFor(lines []robotsLine, agent string) string {
	chosen := "*"
	for _, l := range lines {
		v := strings.ToLower(l.value)
		if l.key == "user-agent" && v != "*" && strings.HasPrefix(strings.ToLower(agent), v) && (chosen == "*" || len(v) > len(chosen)) {
			chosen = v
		}
	}
	return chosen
}

// disallowingLine finds the Disallow rule of the group that applies to
// agent that matches path longest: its line number and text. It returns 0
// when none does (a file disallowed by its status).
func disallowingLine(body []byte, agent, path string) (int, string) {
	lines := robotsLines(body)
	group := groupFor(lines, agent)
	best, bestLen, bestLine := 0, -1, ""
	inGroup, agentLines := false, false
	for _, l := range lines {
		if l.key == "user-agent" {
			if !agentLines {
				inGroup = false // a new group starts
			}
			agentLines = true
			inGroup = inGroup || strings.EqualFold(l.value, group)
			continue
		}
		agentLines = false
		if l.key == "disallow" && inGroup && l.value != "" && ruleMatches(l.value, path) && len(l.value) > bestLen {
			best, bestLen, bestLine = l.no, len(l.value), l.raw
		}
	}
	return best, bestLine
}

// ruleMatches reports whether a robots.txt path pattern matches path: a
// prefix, with * for any characters and a final $ for the end.
func ruleMatches(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	parts := strings.Split(strings.TrimSuffix(pattern, "$"), "*")
	if !strings.HasPrefix(path, parts[0]) {
		return false
	}
	pos := len(parts[0])
	for i, p := range parts[1:] {
		if anchored && i == len(parts)-2 {
			return strings.HasSuffix(path[pos:], p)
		}
		j := strings.Index(path[pos:], p)
		if j < 0 {
			return false
		}
		pos += j + len(p)
	}
	return !anchored || pos == len(path)
}
