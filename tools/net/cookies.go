package net

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// jarCookie is one cookie of curl's cookie engine, with the fields of a
// Netscape cookie file line.
type jarCookie struct {
	domain    string // without a leading dot
	tailmatch bool   // subdomains match too (a Domain attribute, or TRUE in a file)
	path      string // as set; matched without a trailing slash
	secure    bool
	httpOnly  bool
	expires   int64 // Unix seconds; 0 for a session cookie
	name      string
	value     string
	created   int // order of creation: later cookies are written first
}

// cookieJar is curl's cookie engine for one call (-b FILE, -c FILE): it
// loads Netscape cookie files, stores what Set-Cookie headers set, sends
// the matching cookies with every request (redirects included), and
// writes the jar in the format curl writes it.
type cookieJar struct {
	mu      sync.Mutex
	cookies []*jarCookie
	created int
	now     func() time.Time
}

func newCookieJar(now func() time.Time) *cookieJar { return &cookieJar{now: now} }

// load adds the cookies of a Netscape cookie file. Lines that are not
// cookies (comments, blank lines, malformed ones) are skipped, as curl
// skips them.
func (j *cookieJar) load(data []byte) {
	j.mu.Lock()
	defer j.mu.Unlock()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r\n")
		httpOnly := false
		if rest, ok := strings.CutPrefix(line, "#HttpOnly_"); ok {
			line, httpOnly = rest, true
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) == 6 {
			f = append(f, "") // curl accepts a cookie without a value
		}
		if len(f) != 7 || f[0] == "" {
			continue
		}
		exp, err := strconv.ParseInt(f[4], 10, 64)
		if err != nil {
			continue
		}
		j.add(&jarCookie{domain: strings.ToLower(strings.TrimPrefix(f[0], ".")), tailmatch: strings.EqualFold(f[1], "TRUE"),
			path: f[2], secure: strings.EqualFold(f[3], "TRUE"), httpOnly: httpOnly, expires: exp, name: f[5], value: f[6]})
	}
}

// store keeps the cookies a response to u set; one with a Domain that
// does not cover u's host is ignored.
func (j *cookieJar) store(u *url.URL, lines []string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	host := strings.ToLower(u.Hostname())
	for _, line := range lines {
		hc, err := http.ParseSetCookie(line)
		if err != nil {
			continue
		}
		c := &jarCookie{domain: host, path: hc.Path, secure: hc.Secure, httpOnly: hc.HttpOnly, name: hc.Name, value: hc.Value}
		if hc.Quoted {
			c.value = `"` + c.value + `"`
		}
		if d := strings.ToLower(strings.TrimPrefix(hc.Domain, ".")); d != "" {
			if !domainMatch(host, d, true) {
				continue
			}
			c.domain, c.tailmatch = d, true
		}
		if !strings.HasPrefix(c.path, "/") {
			c.path = defaultCookiePath(u.EscapedPath())
		}
		switch now := j.now(); {
		case hc.MaxAge < 0:
			c.expires = now.Unix() - 1
		case hc.MaxAge > 0:
			c.expires = now.Unix() + int64(hc.MaxAge)
		case !hc.Expires.IsZero():
			c.expires = max(hc.Expires.Unix(), 1)
		}
		j.add(c)
	}
}

// defaultCookiePath is curl's path for a cookie set without one: the
// request path up to and including its last slash.
func defaultCookiePath(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i+1]
	}
	return "/"
}

// add replaces a cookie of the same name, domain and path (the new one
// counts as created now), or adds c. An expired cookie only removes.
func (j *cookieJar) add(c *jarCookie) {
	j.cookies = slices.DeleteFunc(j.cookies, func(o *jarCookie) bool {
		return o.name == c.name && o.domain == c.domain && matchPath(o.path) == matchPath(c.path)
	})
	if j.expired(c) {
		return
	}
	j.created++
	c.created = j.created
	j.cookies = append(j.cookies, c)
}

func (j *cookieJar) expired(c *jarCookie) bool {
	return c.expires != 0 && c.expires <= j.now().Unix()
}

// header is the Cookie header value for a request to u, the cookies in
// curl's order (longest path, then longest domain, then longest name, then
// newest), or "".
func (j *cookieJar) header(u *url.URL) string {
	j.mu.Lock()
	defer j.mu.Unlock()
	host := strings.ToLower(u.Hostname())
	// curl 7.79+ sends secure cookies to localhost over plain http too.
	secure := u.Scheme == "https" || host == "localhost" || host == "127.0.0.1" || host == "::1"
	var match []*jarCookie
	for _, c := range j.cookies {
		if !j.expired(c) && (!c.secure || secure) && domainMatch(host, c.domain, c.tailmatch) && pathMatch(u.EscapedPath(), c.path) {
			match = append(match, c)
		}
	}
	slices.SortFunc(match, func(a, b *jarCookie) int {
		return cmp.Or(cmp.Compare(len(b.path), len(a.path)), cmp.Compare(len(b.domain), len(a.domain)),
			cmp.Compare(len(b.name), len(a.name)), cmp.Compare(b.created, a.created))
	})
	parts := make([]string, len(match))
	for i, c := range match {
		parts[i] = c.name + "=" + c.value
	}
	return strings.Join(parts, "; ")
}

func domainMatch(host, domain string, tail bool) bool {
	return host == domain || tail && strings.HasSuffix(host, "."+domain)
}

// matchPath is a cookie path as curl compares it: without a trailing
// slash, "/" for an empty one.
func matchPath(p string) string {
	p = strings.Trim(p, `"`)
	if !strings.HasPrefix(p, "/") {
		return "/"
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}

// pathMatch reports whether a cookie's path covers a request path.
func pathMatch(reqPath, cookiePath string) bool {
	cp := matchPath(cookiePath)
	if reqPath == "" {
		reqPath = "/"
	}
	if cp == "/" || reqPath == cp {
		return true
	}
	return strings.HasPrefix(reqPath, cp) && reqPath[len(cp)] == '/'
}

// netscapeHeader opens every cookie file curl 7.88 writes.
const netscapeHeader = "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n# This file was generated by libcurl! Edit at your own risk.\n\n"

// netscape renders the jar as curl -c writes it: the header, then every
// unexpired cookie, the newest first.
func (j *cookieJar) netscape() []byte {
	j.mu.Lock()
	defer j.mu.Unlock()
	var b bytes.Buffer
	b.WriteString(netscapeHeader)
	live := slices.DeleteFunc(slices.Clone(j.cookies), j.expired)
	slices.SortFunc(live, func(a, b *jarCookie) int { return cmp.Compare(b.created, a.created) })
	for _, c := range live {
		if c.httpOnly {
			b.WriteString("#HttpOnly_")
		}
		if c.tailmatch {
			b.WriteByte('.')
		}
		path := c.path
		if path == "" {
			path = "/"
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", c.domain, upperBool(c.tailmatch), path, upperBool(c.secure), c.expires, c.name, c.value)
	}
	return b.Bytes()
}

func upperBool(v bool) string {
	if v {
		return "TRUE"
	}
	return "FALSE"
}

// jarTransport runs a call's requests through its cookie engine: each
// request, redirects included, carries the jar's cookies before any
// Cookie header the caller gave (-b 'name=value'), as curl sends them, and
// each response's Set-Cookie lines go into the jar.
type jarTransport struct {
	base http.RoundTripper
	jar  *cookieJar
}

func (t *jarTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if jar := t.jar.header(req.URL); jar != "" {
		req = req.Clone(req.Context())
		if given := req.Header.Get("Cookie"); given != "" {
			jar += "; " + given
		}
		req.Header.Set("Cookie", jar)
	}
	resp, err := t.base.RoundTrip(req)
	if resp != nil {
		t.jar.store(req.URL, resp.Header.Values("Set-Cookie"))
	}
	return resp, err
}
