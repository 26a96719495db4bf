package net

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"

	"f0/internal/web"
)

// bodyKind is what curl calls the request type (HTTPREQ_*): it decides
// what a redirect does to the method and the body, whatever -X says.
type bodyKind int

const (
	kindGet  bodyKind = iota // no body
	kindPost                 // -d, --json, -F and the like
	kindHead                 // -I
	kindPut                  // -T
)

// send is one request of an exchange as it goes on the wire. The first
// comes from the call; each redirect derives the next one with curl's
// rules (followed).
type send struct {
	u      *url.URL
	method string // the request line's method
	kind   bodyKind
	body   []byte // nil: no body at all (not even Content-Length: 0)
	// chunked sends body without a Content-Length (-T -).
	chunked bool
	header  http.Header
	host    string // a Host header given by the caller
}

// firstSend is the request the call makes to t.
func (r *request) firstSend(t *target) *send {
	s := &send{u: t.u, method: r.method, kind: kindGet, header: r.header.Clone(), host: r.host}
	switch {
	case r.plan.head && !r.custom:
		s.kind = kindHead
	case r.body != nil:
		s.kind, s.body, s.chunked = kindPost, r.body.data, r.body.chunked
		if r.plan.upload.set {
			s.kind = kindPut
		}
		if s.body == nil {
			s.body = []byte{} // -d '': Content-Length: 0, as curl sends
		}
		switch ct := s.header.Get("Content-Type"); {
		case r.bodyType != "":
			s.header.Set("Content-Type", r.bodyType)
		case ct != "" && r.body.boundary != "":
			// -H 'Content-Type: multipart/form-data' with -F: curl
			// sends the caller's type with the boundary added.
			s.header.Set("Content-Type", ct+"; boundary="+r.body.boundary)
		}
	}
	return s
}

// httpRequest builds the net/http request for s, recording its round trip
// into log.
func (s *send) httpRequest(ctx context.Context, log *web.WireLog) (*http.Request, error) {
	var rd io.Reader
	switch {
	case s.chunked: // a plain io.Reader: Go sends it chunked
		rd = struct{ io.Reader }{bytes.NewReader(s.body)}
	case s.body != nil:
		rd = bytes.NewReader(s.body)
	}
	log.NoEmptyLength = s.body == nil
	req, err := http.NewRequestWithContext(web.WithWireLog(ctx, log), s.method, s.u.String(), rd)
	if err != nil {
		return nil, err
	}
	req.Header = s.header.Clone()
	if s.host != "" {
		req.Host = s.host
	}
	return req, nil
}

// followable reports the statuses curl follows with -L when they carry a
// Location.
func followable(code int) bool {
	switch code {
	case 300, 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// followed is the request curl makes after resp answered s, and false when
// resp is not a redirect to follow. The rules are curl's (lib/transfer.c
// Curl_follow, lib/http.c): a 301 or 302 turns a POST into a GET without its
// body unless --post301/--post302; a 303 does the same to every method but
// HEAD unless --post303 keeps a POST; 307 and 308 keep everything. A method
// set with -X is sent on every request, even when the body is dropped.
// Authorization and a Cookie header go only to the first request's scheme,
// host and port, unless --location-trusted; f0 also keeps other headers
// whose name says they hold a secret (X-Api-Key…) from other hosts.
func (r *request) followed(first *url.URL, s *send, resp *http.Response) (*send, bool) {
	loc := resp.Header.Get("Location")
	if !followable(resp.StatusCode) || loc == "" {
		return nil, false
	}
	ref, err := url.Parse(loc)
	if err != nil {
		return nil, false
	}
	next := &send{u: s.u.ResolveReference(ref), method: s.method, kind: s.kind, body: s.body, chunked: s.chunked, header: s.header.Clone(), host: s.host}
	next.u.Fragment, next.u.RawFragment = "", ""
	switch code := resp.StatusCode; {
	case (code == 301 || code == 302) && s.kind == kindPost && !r.plan.keepPost[code]:
		next.toGet(r)
	case code == 303 && s.kind != kindGet && s.kind != kindHead && (s.kind != kindPost || !r.plan.keepPost[code]):
		next.toGet(r)
	}
	if !r.plan.locationTrusted && !sameOrigin(first, next.u) {
		r.dropCredentials(next.header)
	}
	if !strings.EqualFold(first.Hostname(), next.u.Hostname()) {
		next.host = "" // curl sends a custom Host only to the first host
	}
	return next, true
}

// toGet drops the body and the Content-Type it implied; the method becomes
// GET unless -X chose one.
func (s *send) toGet(r *request) {
	s.kind, s.body, s.chunked = kindGet, nil, false
	if r.bodyType != "" {
		s.header.Del("Content-Type")
	}
	s.header.Del("Expect") // asked before an upload (-T) only
	if !r.custom {
		s.method = http.MethodGet
	}
}

// sameOrigin reports whether b has a's scheme, host (in any case) and port:
// where curl still sends credentials after a redirect.
func sameOrigin(a, b *url.URL) bool {
	return a.Scheme == b.Scheme && strings.EqualFold(a.Hostname(), b.Hostname()) && portOf(a) == portOf(b)
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

// dropCredentials removes the headers that must not follow a redirect to
// another host: Authorization and Cookie (curl), and every other header
// whose name says it carries a secret (f0's rule: X-Api-Key, X-Auth-Token…
// must not leak either). A cookie given with -b is sent everywhere, as by
// curl.
func (r *request) dropCredentials(h http.Header) {
	for name := range h {
		if name == "Cookie" && r.cookieFromB {
			continue
		}
		if isCredential(name) {
			delete(h, name)
		}
	}
}

// credentialWords are parts of header names that carry secrets.
var credentialWords = []string{"auth", "token", "secret", "apikey", "api-key", "api_key", "password", "passwd", "cookie", "session", "credential", "signature"}

// isCredential reports whether a header's name says it carries a secret.
func isCredential(name string) bool {
	n := strings.ToLower(name)
	for _, w := range credentialWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}
