package net

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"

	"f0/internal/roots"
	"f0/internal/setting"
	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

// request is a plan made ready to send: URLs parsed, files located, the
// body read, limits capped.
type request struct {
	// call is the running call.
	call tool.Call
	// deadline is when the call's time (--net-max-time) is over, on the
	// clock retries wait on; zero for no limit.
	deadline time.Time
	plan     *plan
	targets  []*target
	method   string
	header   http.Header
	host     string // a Host header given by the caller
	body     *body
	// custom is set when the method was chosen (-X), not implied: curl then
	// sends it after every redirect.
	custom bool
	// bodyType is the Content-Type the body implies (-d, -F), sent with
	// the body and dropped with it; "" when the caller chose the header.
	bodyType string
	// cookieFromB: the Cookie header is -b's, which curl sends to every
	// host (a -H Cookie is not sent to another host after a redirect).
	cookieFromB bool

	follow                  bool
	maxRedirs               int
	maxTime, connectTimeout time.Duration
	compressed, insecure    bool
	maxDownload             int64
	capFlag                 string // the setting or flag behind maxDownload

	// transport carries the call's connections; own is set when they are
	// the call's alone (--resolve, --connect-to), to be closed after it.
	transport http.RoundTripper
	own       *http.Transport
	// jar is the cookie engine (-b FILE, -c), nil when off; jarOut is
	// where -c writes it (nil for "-": after the body).
	jar    *cookieJar
	jarOut *roots.Loc
	// dump collects the response headers for -D; dumpOut is its file (nil
	// for "-": before each body).
	dump    *strings.Builder
	dumpOut *roots.Loc

	include, verbose, fail, failWithBody bool
	// console is set when the call prints as curl on a command line: the
	// whole body is kept, whatever the model's budget, unless stream takes
	// it (the front end's sink).
	console bool
	stream  *consoleOut
	// pipe, when set, takes the body as it arrives: a front end's sink
	// (tools.Sink) when the answer is that body alone (see pipeFor).
	pipe     io.Writer
	writeOut []wpart
	format   string
	offset   int
	// startIndex is where the text shown starts, in characters (see
	// window); offset is 0 then.
	startIndex int
	base64     bool
	// continues is the kept response the call reads instead of sending
	// the request, when it can (see continued).
	continues *tool.CopyToken
}

// target is one URL of the call, and where its body goes.
type target struct {
	raw     string
	u       *url.URL
	out     *roots.Loc // the file the body is saved to
	outName string     // as the caller named it
	discard bool       // -o /dev/null
	// src is the index of the URL in the plan it came from, globValues
	// the values its globs took (for #1 in -o).
	src        int
	globValues []string
}

// globURLs expands a URL of the curl words as curl globs it, unless -g;
// URLs of the structured fields are taken as they are.
func globURLs(p *plan, i int, raw string) ([]globURL, error) {
	if p.globoff || i >= p.argURLs || !strings.ContainsAny(raw, "[]{}") {
		return []globURL{{url: raw}}, nil
	}
	g, err := parseGlob(strings.TrimSpace(raw))
	if err != nil {
		return nil, &tool.InputError{Field: "args", Problem: "URL glob: " + err.Error(),
			Hint: "curl expands [1-3] and {a,b} in URLs; add -g (--globoff) to send [ ] { } as they are, or escape each with a backslash.", Cause: err}
	}
	return g.expand(), nil
}

// prepare turns a plan into a request. It reads the files the body refers
// to and locates the output files, so argument mistakes surface before any
// connection is made.
func (c *curl) prepare(ctx context.Context, p *plan) (*request, []string, error) {
	notes, planNotes := slices.Clip(p.notes), len(p.notes)
	r := &request{call: c.call, plan: p, method: p.methodName(), format: p.format, offset: p.offset, startIndex: p.startIndex, base64: p.base64}
	r.follow = p.follow.or(!p.curlStyle)
	r.compressed = p.compressed.or(!p.curlStyle)
	r.insecure = p.insecure.val
	r.maxRedirs = p.maxRedirs.or(DefaultMaxRedirects)
	r.include = p.include.val || p.head || r.method == "HEAD"
	r.verbose, r.fail, r.failWithBody = p.verbose.val, p.fail.val, p.failWithBody
	var note string
	r.maxTime, note = c.capTime(ctx, p.maxTime, DefaultTimeout, "total time limit")
	notes = appendNote(notes, note)
	r.connectTimeout, note = c.capTime(ctx, p.connectTimeout, web.DefaultConnectTimeout, "connect time limit")
	notes = appendNote(notes, note)
	r.maxDownload, r.capFlag = c.cfg.MaxDownload, c.call.Settings().Setting(setting.NetMaxDownloadSetting, "")
	if p.maxFilesize > 0 && p.maxFilesize < r.maxDownload {
		r.maxDownload, r.capFlag = p.maxFilesize, "--max-filesize"
	}
	if p.writeOut.set {
		wo, err := parseWriteOut(p.writeOut.val, p.writeOut.from)
		if err != nil {
			return nil, nil, err
		}
		r.writeOut = wo
	}
	if p.response != "" {
		tok, ok := tool.ParseCopyToken(p.response)
		if !ok {
			return nil, nil, &tool.InputError{Field: responseField, Problem: fmt.Sprintf("%q is not the name of a kept response: the footer of a cut body writes it as r-, 12 hex digits, -, 16 hex digits (e.g. %s)", p.response, tool.CopyTokenExample),
				Hint: fmt.Sprintf("Copy it from the footer, or drop %q to send the request.", responseField)}
		}
		r.continues = &tok
	}
	var err error
	if r.body, err = c.buildBody(ctx, p); err != nil {
		return nil, nil, withCode(26, err)
	}
	query := append([]string(nil), p.query...)
	if p.get && r.body != nil {
		if len(r.body.data) > 0 {
			query = append(query, string(r.body.data))
		}
		r.body = nil
	}
	for i, raw := range p.urls {
		urls, err := globURLs(p, i, raw)
		if err != nil {
			return nil, nil, withCode(3, err)
		}
		for _, gu := range urls {
			t, err := parseTarget(gu.url, query, p)
			if err != nil {
				return nil, nil, withCode(3, err)
			}
			t.src, t.globValues = i, gu.values
			if p.upload.set {
				addUploadName(t.u, p.upload.val)
			}
			r.targets = append(r.targets, t)
		}
	}
	proxies, err := p.proxies(c.client.Proxies())
	if err != nil {
		return nil, nil, err
	}
	base, own := c.client.ForCall(r.insecure, p.routes, proxies)
	r.transport = base
	if own {
		r.own = base
	}
	if err := c.prepareFiles(ctx, r); err != nil {
		return nil, nil, err
	}
	if err := c.locateOutputs(r); err != nil {
		return nil, nil, withCode(23, err)
	}
	if p.headers, err = c.headerFiles(ctx, p.headers); err != nil {
		return nil, nil, err
	}
	r.header, r.host = c.headers(p, r)
	r.custom = p.method.set && (strings.HasSuffix(p.method.from, " in args") || r.method != p.impliedMethod())
	// Parsing the URLs may have added notes (an encoded URL).
	return r, append(notes, p.notes[planNotes:]...), nil
}

func appendNote(notes []string, note string) []string {
	if note != "" {
		notes = append(notes, note)
	}
	return notes
}

// capTime applies a default and the server's cap (the net-max-time
// setting, named as the caller's reader sets it). A
// default above the cap is lowered silently: only a limit the caller asked
// for earns a note.
func (c *curl) capTime(ctx context.Context, s flagValue[time.Duration], def time.Duration, what string) (time.Duration, string) {
	d := s.or(def)
	if d <= 0 {
		d = def
	}
	if d > c.cfg.MaxTime && s.set {
		return c.cfg.MaxTime, fmt.Sprintf("note: the %s asked for (%s, from %s) is above this server's cap; used %s (%s)",
			what, web.HumanDuration(d), s.from, web.HumanDuration(c.cfg.MaxTime), c.call.Settings().Setting(setting.NetMaxTimeSetting, ""))
	}
	return min(d, c.cfg.MaxTime), ""
}

// parseTarget reads one URL as curl would (http:// when the scheme is
// missing) and adds the query parameters.
func parseTarget(raw string, query []string, p *plan) (*target, error) {
	field := "url"
	if p.curlStyle && len(p.urlWords) > 0 {
		field = "args"
	}
	s := strings.TrimSpace(raw)
	if k, v, ok := strings.Cut(s, "="); ok && k != "" && !strings.ContainsAny(k, "/.:?#@[]") {
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%q is not a URL", raw),
			Hint: fmt.Sprintf("Structured fields go in a JSON object, e.g. {%q: %q}; curl-style args hold flags and URLs.", k, v)}
	}
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	if enc, n := text.EncodeURL(s); n > 0 {
		p.notes = append(p.notes, fmt.Sprintf("note: encoded %d %s in the URL that a browser would encode (spaces, quotes, <>, non-ASCII)", n, text.Plural(n, "character", "characters")))
		s = enc
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%q is not a valid URL: %v", raw, unwrapURLError(err)),
			Hint: "Write a full URL such as https://example.com/path?q=1."}
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%q: only http and https URLs are supported", raw)}
	}
	if u.Host == "" || u.Hostname() == "" {
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%q has no host", raw), Hint: "Write a full URL such as https://example.com/path."}
	}
	u.Fragment, u.RawFragment = "", ""
	if len(query) > 0 {
		extra := strings.Join(query, "&")
		if u.RawQuery == "" {
			u.RawQuery = extra
		} else {
			u.RawQuery += "&" + extra
		}
	}
	return &target{raw: raw, u: u}, nil
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// locateOutputs pairs -o files with URLs (one for all, or one per URL in
// order), names -O files after the URL, and locates them in the roots.
func (c *curl) locateOutputs(r *request) error {
	p := r.plan
	outs := p.outputs
	switch {
	case len(outs) == 0:
	case len(outs) == len(p.urls):
		for _, t := range r.targets {
			t.outName = fillGlobName(outs[t.src], t.globValues)
		}
	default:
		return &tool.InputError{Field: "output", Problem: fmt.Sprintf("%d output %s for %d %s", len(outs), text.Plural(len(outs), "file", "files"), len(p.urls), text.Plural(len(p.urls), "URL", "URLs")),
			Hint: "Give one -o per URL, in the same order, or use -O (remoteName) to name each file after its URL."}
	}
	for _, t := range r.targets {
		if t.outName == "" && p.remoteName.val {
			name := remoteName(t.u)
			if name == "" {
				return &tool.InputError{Field: "remoteName", Problem: fmt.Sprintf("%s has no file name at the end of its path", t.raw),
					Hint: "Name the file with output (-o FILE)."}
			}
			t.outName = name
		}
		if toStdout(t.outName) {
			t.outName = "" // curl's -o -: the body is the answer
		}
		if t.outName == "" {
			continue
		}
		if discards(t.outName) {
			t.discard = true
			continue
		}
		name := t.outName
		if p.outputDir != "" && !strings.HasPrefix(name, "/") {
			name = path.Join(p.outputDir, name)
		}
		if strings.HasPrefix(name, "~") && c.files != nil {
			return &tool.InputError{Field: "output", Problem: fmt.Sprintf("%q starts with ~, which f0 does not expand", name),
				Hint: fmt.Sprintf("Paths are relative to %s.", c.files.Dirs()[0])}
		}
		if strings.HasSuffix(name, "/") {
			return &tool.InputError{Field: "output", Problem: fmt.Sprintf("%q names a directory", name), Hint: "Name the file, e.g. downloads/page.html."}
		}
		loc, err := c.locate("output", name)
		if err != nil {
			return err
		}
		t.out, t.outName = &loc, c.files.Display(loc)
	}
	return nil
}

// prepareFiles sets up -b FILE, -c and -D: the cookie files are read and
// the files to write located before any connection is made. A cookie file
// that does not exist only starts the engine, as in curl.
func (c *curl) prepareFiles(ctx context.Context, r *request) error {
	p := r.plan
	if p.dumpHeader.set {
		r.dump = &strings.Builder{}
		loc, err := c.outputFile(p.dumpHeader)
		if err != nil {
			return err
		}
		r.dumpOut = loc
	}
	if len(p.cookieFiles) == 0 && !p.cookieJar.set {
		return nil
	}
	r.jar = newCookieJar(c.clock.Now)
	for _, name := range p.cookieFiles {
		if name == "" {
			continue
		}
		if c.missing(name) {
			continue
		}
		data, err := c.readFile(ctx, name, "-b "+shellQuote(name))
		if err != nil {
			return err
		}
		r.jar.load(data)
	}
	loc, err := c.outputFile(p.cookieJar)
	r.jarOut = loc
	r.transport = &jarTransport{base: r.transport, jar: r.jar}
	return err
}

// missing reports whether a file inside the roots does not exist (a name
// outside them is not missing: reading it fails with the reason).
func (c *curl) missing(name string) bool {
	if name == "-" || c.files == nil {
		return false
	}
	loc, err := c.files.Locate(name)
	if err != nil {
		return false
	}
	_, err = loc.Root.OS().Stat(loc.Native())
	return errors.Is(err, fs.ErrNotExist)
}

// outputFile locates a file -c or -D writes; nil for "-" or none.
func (c *curl) outputFile(s flagValue[string]) (*roots.Loc, error) {
	if !s.set || toStdout(s.val) {
		return nil, nil
	}
	if strings.HasSuffix(s.val, "/") || s.val == "" {
		return nil, &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s: %q names a directory", s.from, s.val), Hint: "Name the file, e.g. -c cookies.txt."}
	}
	loc, err := c.locate("args", s.val)
	if err != nil {
		ie, _ := tool.AsInputError(err)
		ie.Problem = strings.TrimSuffix(s.from, " in args") + ": " + ie.Problem
		return nil, ie
	}
	return &loc, nil
}

// headerFiles replaces each -H @FILE with the headers of its lines, as
// curl reads them: one a line, blank lines skipped.
func (c *curl) headerFiles(ctx context.Context, hs []header) ([]header, error) {
	var out []header
	for _, h := range hs {
		if h.file == "" {
			out = append(out, h)
			continue
		}
		what := strings.TrimSuffix(h.from, " in args")
		data, err := c.readFile(ctx, h.file, what)
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimRight(line, "\r"); strings.TrimSpace(line) == "" {
				continue
			}
			parsed, err := parseHeader(line)
			if err != nil {
				return nil, &tool.InputError{Field: "args", Problem: what + ": " + err.Error()}
			}
			out = append(out, parsed)
		}
	}
	return out, nil
}

// addUploadName appends -T's file name to a URL without a file part (its
// path empty or ending in /), percent-encoded as curl does. Standard input
// has no name to add.
func addUploadName(u *url.URL, file string) {
	if file == "-" || file == "." {
		return
	}
	p := u.EscapedPath()
	if p != "" && !strings.HasSuffix(p, "/") {
		return
	}
	if p == "" {
		p = "/"
	}
	name := path.Base(strings.ReplaceAll(file, "\\", "/"))
	raw := p + curlEscape(name)
	u.Path, _ = url.PathUnescape(raw)
	u.RawPath = raw
}

// curlEscape is curl_easy_escape: every byte but letters, digits and
// -._~ as %XX.
func curlEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// remoteName is curl -O's file name: the last segment of the URL's path.
func remoteName(u *url.URL) string {
	name := path.Base(u.Path)
	if name == "/" || name == "." || name == "" {
		return ""
	}
	return name
}

// acceptEncoding is what curl's --compressed sends when libcurl is built
// with zlib, brotli and zstd (Debian's curl 7.88.1), in curl's order; f0
// decodes all four.
const acceptEncoding = "deflate, gzip, br, zstd"

// headers assembles the request headers: curl's defaults, then what the
// body and the options imply, then the caller's headers, which replace a
// default of the same name ("Name:" removes it).
func (c *curl) headers(p *plan, r *request) (http.Header, string) {
	h := http.Header{}
	h.Set("User-Agent", "f0/"+c.cfg.Version)
	h.Set("Accept", "*/*")
	if r.compressed {
		h.Set("Accept-Encoding", acceptEncoding)
	}
	if r.body != nil {
		if r.body.json { // curl --json adds both as -H would: they stay after a redirect
			h.Set("Content-Type", r.body.contentType)
			h.Set("Accept", "application/json")
		} else {
			r.bodyType = r.body.contentType
		}
		if p.upload.set && (r.body.chunked || len(r.body.data) > 0) {
			h.Set("Expect", "100-continue") // curl asks before any upload (-T)
		}
	}
	if p.userAgent.set {
		h.Set("User-Agent", p.userAgent.val)
	}
	if p.referer.set {
		h.Set("Referer", p.referer.val)
	}
	if p.cookie.set {
		h.Set("Cookie", p.cookie.val)
		r.cookieFromB = true
	}
	if p.user.set {
		name, pass, _ := strings.Cut(p.user.val, ":")
		req := http.Request{Header: h}
		req.SetBasicAuth(name, pass)
	}
	host := ""
	replaced := map[string]bool{}
	for _, hd := range p.headers {
		key := http.CanonicalHeaderKey(hd.name)
		if key == "Host" {
			if !hd.remove {
				host = hd.value
			}
			continue
		}
		if !replaced[key] {
			h.Del(key)
			replaced[key] = true
		}
		switch key {
		case "Content-Type":
			r.bodyType = ""
		case "Cookie":
			r.cookieFromB = false
		}
		if !hd.remove {
			h.Add(key, hd.value)
		}
	}
	if h.Get("User-Agent") == "" {
		h["User-Agent"] = []string{""} // curl -H 'User-Agent:' sends none; Go sends its own unless told
	}
	return h, host
}

// extFor suggests a file extension for a content type.
func extFor(ctype string) string {
	mt, _, _ := mime.ParseMediaType(ctype)
	switch mt {
	case "image/jpeg":
		return ".jpg"
	case "text/plain":
		return ".txt"
	case "text/html":
		return ".html"
	case "application/octet-stream", "":
		return ".bin"
	}
	if exts, err := mime.ExtensionsByType(mt); err == nil && len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}

// suggestName is a file name for saving a body: the URL's own, or
// "download" with an extension for its type.
func suggestName(u *url.URL, ctype string) string {
	if name := remoteName(u); name != "" && strings.Contains(name, ".") {
		return name
	}
	return "download" + extFor(ctype)
}
