package net

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"f0/internal/text"
	"f0/tool"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"

	"f0/internal/document"
	"f0/internal/roots"
	"f0/internal/web"
)

// exchange is one URL's request and response, with the body read.
type exchange struct {
	// call is the running call.
	call    tool.Call
	target  *target
	method  string
	resp    *http.Response // the final response
	heads   [][]byte       // its heads as received, 1xx first (none over HTTP/2)
	hops    []hop          // redirects followed, in order
	timing  web.Timing
	elapsed time.Duration
	data    []byte // the body, decoded (nil when saved or discarded), from byte skipped on
	// skipped is how many bytes of the body before data were read,
	// hashed and counted but not kept: the call's window starts far into
	// a body whose text is its bytes (see keepBody).
	skipped int64
	start   []byte // the body's first bytes, for sniffing, when skipped > 0
	size    int64  // decoded body bytes
	wire    int64  // bytes as received
	sha256  string
	saved   bool
	// streamed is set when the body went to the front end's sink as it
	// arrived: the console's, with the header blocks before it
	// (consoleOut.streamBody), or the body alone (pipeBody).
	streamed bool
	notes    []string
	// retried are the earlier attempts --retry made, oldest first: curl
	// has written their bodies to the output before this one's.
	retried []*exchange
	// several is set when the call has other URLs too: the calls an
	// answer suggests are then for this URL alone.
	several func(changes map[string]any) map[string]any
	// copy is the copy of the body being kept for the calls that page
	// through it, token its name once kept (see keep), and replayed when
	// the body was read from a copy kept at that time (no request sent).
	copy     *tool.CopyWriter
	token    string
	replayed time.Time
}

// next renders the call that changes this exchange's request, for the
// answer to suggest.
func (ex *exchange) next(ctx context.Context, changes map[string]any) string {
	changes = ex.withToken(changes)
	if ex.several != nil {
		changes = ex.several(changes)
	}
	return ex.call.Again(changes)
}

// hop is one redirect: the request sent and the 3xx that answered it,
// with its heads as received (see WireLog).
type hop struct {
	req   *http.Request
	resp  *http.Response
	heads [][]byte
}

// totalTimeoutError is a call that ran out of its total time.
type totalTimeoutError struct{ limit time.Duration }

func (e *totalTimeoutError) Error() string {
	return fmt.Sprintf("timed out after %s", web.HumanDuration(e.limit))
}

// tooManyRedirectsError stops a redirect chain longer than allowed.
type tooManyRedirectsError struct{ max int }

func (e *tooManyRedirectsError) Error() string {
	return fmt.Sprintf("stopped after %d redirects (maxRedirects %d)", e.max, e.max)
}

// capError is a body larger than the download cap.
type capError struct {
	limit int64
	flag  string
	saved bool
}

func (e *capError) Error() string {
	what := "the call stopped reading it"
	if e.saved {
		what = "nothing was saved"
	}
	return fmt.Sprintf("the response body is larger than the download limit of %s (%s); %s", text.HumanBytes(e.limit), e.flag, what)
}

// fetch requests one target, retrying as --retry says: each attempt is a
// whole request of its own (redirects, time limit), and the last one is
// the answer.
func (c *curl) fetch(ctx context.Context, r *request, t *target) (*exchange, error) {
	rt := newRetrier(r.plan.retry, r.fail, c.clock, r.deadline)
	var earlier []*exchange
	var notes []string
	for {
		ex, err := c.do(ctx, r, t)
		if r.dump != nil && ex.resp != nil {
			r.dump.WriteString(headerBlock(true, ex))
		}
		again, wait, why := rt.next(ex.resp, err)
		if again && ctx.Err() == nil {
			notes = append(notes, retryNote(why, ex.resp, wait, rt.left))
			if err = c.clock.Sleep(ctx, wait); err == nil {
				if ex.copy != nil { // only the last attempt is paged
					ex.copy.Discard()
					ex.copy = nil
				}
				earlier = append(earlier, ex)
				continue
			}
		}
		ex.retried, ex.notes = earlier, append(notes, ex.notes...)
		return ex, err
	}
}

// do sends the request for one target, follows redirects with curl's
// rules (followed), and reads the final response.
func (c *curl) do(ctx context.Context, r *request, t *target) (*exchange, error) {
	ex := &exchange{call: r.call, target: t, method: r.method}
	if len(r.targets) > 1 {
		ex.several = func(changes map[string]any) map[string]any { return c.oneURL(r, t, changes) }
	}
	ctx, cancel := context.WithTimeoutCause(ctx, r.maxTime, &totalTimeoutError{limit: r.maxTime})
	defer cancel()
	st := &web.Stats{Start: time.Now()}
	ctx = st.Trace(web.WithConnectTimeout(ctx, r.connectTimeout))
	defer func() {
		ex.timing, ex.elapsed = st.Snapshot(), time.Since(st.Start)
	}()
	hc := &http.Client{
		Transport:     r.transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	s := r.firstSend(t)
	for {
		log := &web.WireLog{}
		req, err := s.httpRequest(ctx, log)
		if err != nil {
			return ex, fmt.Errorf("build request: %w", err)
		}
		if err := c.robotsAllow(ctx, r, req, len(ex.hops) > 0); err != nil {
			return ex, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return ex, c.cause(ctx, t.u.String(), err)
		}
		ex.resp, ex.heads = resp, log.Heads()
		next, ok := r.followed(t.u, s, resp)
		if !ok || !r.follow {
			break
		}
		if len(ex.hops) >= r.maxRedirs {
			resp.Body.Close()
			return ex, &tooManyRedirectsError{max: r.maxRedirs}
		}
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
		resp.Body.Close()
		ex.hops = append(ex.hops, hop{req: req, resp: resp, heads: ex.heads})
		s = next
	}
	defer ex.resp.Body.Close()
	if err := c.readBody(ctx, r, ex); err != nil {
		return ex, c.cause(ctx, t.u.String(), err)
	}
	return ex, nil
}

// robotsAllow checks a request against its site's robots.txt when the
// operator asked for it; a redirect's target is checked as its own
// request is.
func (c *curl) robotsAllow(ctx context.Context, r *request, req *http.Request, redirected bool) error {
	if c.robots == nil {
		return nil
	}
	err := c.robots.Check(ctx, r.transport, req.URL)
	if err != nil && redirected {
		return fmt.Errorf("after a redirect: %w", err)
	}
	return err
}

// cause finds the reason behind a transport error: a timeout of this call,
// the rules, a redirect limit, the download cap, or the network error
// without Go's `Get "url":` wrapping (the answer names the URL itself; a
// redirect's target is named).
func (c *curl) cause(ctx context.Context, requested string, err error) error {
	var tt *totalTimeoutError
	if errors.As(context.Cause(ctx), &tt) {
		return tt
	}
	var (
		ct *web.ConnectTimeoutError
		be *web.BlockedError
		tm *tooManyRedirectsError
		ce *capError
		ue *url.Error
	)
	redirected := errors.As(err, &ue) && ue.URL != requested
	switch {
	case errors.As(err, &tm):
		return tm
	case errors.As(err, &ce):
		return ce
	case errors.As(err, &ct):
		err = ct
	case errors.As(err, &be):
		err = be
	case ue != nil:
		err = ue.Err
	}
	if redirected {
		return fmt.Errorf("after a redirect to %s: %w", redactURL(ue.URL), err)
	}
	return err
}

// redactURL hides a password in a URL for messages.
func redactURL(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Redacted()
	}
	return s
}

// readBody decodes the body (gzip, deflate, brotli, zstd; see decodes), hashes it, enforces
// the download cap, reports progress, and keeps it in memory, saves it, or
// discards it.
func (c *curl) readBody(ctx context.Context, r *request, ex *exchange) error {
	resp, t := ex.resp, ex.target
	if r.method == "HEAD" {
		return nil // no body, whatever Content-Length says
	}
	saving := t.out != nil
	encoding := resp.Header.Get("Content-Encoding")
	if !decodes(ctx, r, encoding, &ex.notes) {
		encoding = "" // the bytes as received
	}
	if resp.ContentLength > r.maxDownload && encoding == "" {
		return &capError{limit: r.maxDownload, flag: r.capFlag, saved: saving}
	}
	wire := &countingReader{r: resp.Body}
	dec, note, err := decoder(wire, encoding)
	if err != nil {
		return fmt.Errorf("decode %s body: %w", encoding, err)
	}
	if note != "" {
		ex.notes = append(ex.notes, note)
	}
	total := int64(0)
	if encoding == "" && resp.ContentLength > 0 {
		total = resp.ContentLength
	}
	body := &meteredReader{call: r.call, r: dec, limit: r.maxDownload, h: sha256.New(), total: total,
		capErr: &capError{limit: r.maxDownload, flag: r.capFlag, saved: saving}}
	err = c.takeBody(ctx, r, ex, body)
	ex.wire = wire.n
	return err
}

// takeBody reads the decoded body to where it goes: a file (output), the
// void (-o /dev/null), curl's console, the front end's sink, or the answer,
// which keeps what it shows, and a copy of all of it for the calls that
// page through it (see keepsCopy).
func (c *curl) takeBody(ctx context.Context, r *request, ex *exchange, body *meteredReader) error {
	resp, t := ex.resp, ex.target
	saving := t.out != nil
	var err error
	switch {
	case saving:
		if fail := r.fail && !r.failWithBody && resp.StatusCode >= 400; fail {
			// curl -f saves nothing; --fail-with-body saves the body.
			data, _ := io.ReadAll(io.LimitReader(body, 4096))
			ex.data = data
			break
		}
		var file io.Reader = body
		if r.include { // curl -i -o FILE: the headers as received, then the body
			file = io.MultiReader(strings.NewReader(headerBlock(true, ex)), body)
		}
		_, err = c.files.WriteAtomic(*t.out, file, roots.WriteOptions{CreateDirs: true})
		ex.saved = err == nil
	case t.discard:
		_, err = io.Copy(io.Discard, body)
	case r.stream != nil && !(r.fail && !r.failWithBody && resp.StatusCode >= 400):
		err = r.stream.streamBody(ctx, ex, body)
	case keepsCopy(r, resp) && ex.replayed.IsZero():
		ex.copy = c.call.KeepCopy(func() string { return ex.sha256 })
		err = keepBody(ctx, r, ex, io.TeeReader(body, ex.copy))
	default:
		err = keepBody(ctx, r, ex, body)
	}
	body.report(true)
	ex.size, ex.sha256 = body.n, hex.EncodeToString(body.h.Sum(nil))
	return err
}

// decodes reports whether a body sent with this Content-Encoding is
// decoded. curl decodes only what --compressed asked for, so curl's own
// output (tools.Native) keeps the bytes of a body the server compressed
// unasked, or that a hand-written Accept-Encoding asked for. A model gets
// the text, with a note saying it was decoded.
func decodes(ctx context.Context, r *request, encoding string, notes *[]string) bool {
	enc := strings.ToLower(strings.TrimSpace(encoding))
	switch {
	case enc == "" || enc == "identity" || r.compressed:
		return true
	case r.call.Native():
		return false
	}
	*notes = append(*notes, fmt.Sprintf("note: the server sent the body %s-encoded without --compressed; it is shown decoded (curl would print the encoded bytes)", enc))
	return true
}

// maxConverted is the most of an HTML page kept to convert it to markdown
// or text; a longer page is converted from its start.
const maxConverted = 8 << 20

// keepLimit is how much of a body an answer can need: the budget's window
// from the offset (twice over, for charsets that shrink when decoded), or
// the page to convert. The rest is hashed and counted, not kept, so an
// endless body costs no more memory than a short one.
func keepLimit(ctx context.Context, r *request) int64 {
	switch {
	case r.console && r.stream != nil:
		return web.SniffLen // a body kept, not streamed, is not printed (-f)
	case r.console:
		return r.maxDownload
	}
	if r.format == "markdown" || r.format == "text" {
		return min(maxConverted, r.maxDownload)
	}
	from := max(int64(r.offset), utf8.UTFMax*int64(r.startIndex)) // a character takes up to 4 bytes
	return min(2*(from+int64(r.call.Budget()))+64<<10, r.maxDownload)
}

// bodyLimit is how much of a body starting with start an answer can
// need: a document whole (up to document.MaxSize), since its text is read
// from all of its bytes; otherwise keepLimit.
func bodyLimit(ctx context.Context, r *request, ctype string, start []byte) int64 {
	if !r.console && !r.base64 && web.IsBinary(ctype, start) && document.Likely(ctype, start) {
		return min(document.MaxSize+1, r.maxDownload)
	}
	return keepLimit(ctx, r)
}

// keepBody reads the body to its end and keeps what the answer can show.
// When the window starts far into a text body shown as its bytes (UTF-8),
// the bytes before the offset are only hashed and counted: ex.start keeps
// the first bytes for sniffing and ex.data the window, so a deep offset
// costs no more memory than the first page. Otherwise ex.data is the body
// from its start up to keepLimit.
func keepBody(ctx context.Context, r *request, ex *exchange, body io.Reader) error {
	if r.pipe != nil && !(r.fail && !r.failWithBody && ex.resp.StatusCode >= 400) {
		return pipeBody(ctx, r, ex, body)
	}
	start := make([]byte, web.SniffLen)
	n, err := io.ReadFull(body, start)
	start = start[:n]
	if err != nil {
		ex.data = start
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil // the whole body is in its start
		}
		return err
	}
	ctype := ex.resp.Header.Get("Content-Type")
	if !skipsToOffset(r, ex.resp) || web.IsBinary(ctype, start) || !web.ShownAsReceived(ctype, start) {
		data, err := keepPrefix(r.call, body, start, bodyLimit(ctx, r, ctype, start))
		ex.data = data
		return err
	}
	skipped, err := io.CopyN(io.Discard, body, int64(r.offset-n))
	ex.start, ex.skipped = start, int64(n)+skipped
	if err == io.EOF {
		return nil // the body ends before the offset
	}
	if err != nil {
		return err
	}
	ex.data, err = keepPrefix(r.call, body, nil, min(2*int64(r.call.Budget())+64<<10, r.maxDownload))
	return err
}

// pipeFor returns the front end's sink (tools.Sink) when the answer's text
// would be one body alone, from its start, as received: one URL, no -i,
// -D -, -w or --retry output beside it, not converted, not as base64, not
// a console's (see consoleOut), not a continuation (whose body is compared
// with the first before it is shown), not filtered (| jq). Such a body
// streams (pipeBody).
func pipeFor(ctx context.Context, r *request) io.Writer {
	if r.console || len(r.targets) != 1 || r.offset != 0 || r.startIndex != 0 || r.continues != nil || r.base64 || r.format != "" && r.format != "raw" ||
		r.include || r.writeOut != nil || r.plan.retry.times > 0 || r.plan.dumpHeader.set || len(r.plan.filters) > 0 {
		return nil
	}
	return r.call.Sink()
}

// pipeBody writes a text body to r.pipe as it arrives, its bytes as
// received, keeping only its start for the head; a binary body, or one
// whose text is decoded from another charset, is kept as keepBody keeps it.
func pipeBody(ctx context.Context, r *request, ex *exchange, body io.Reader) error {
	start := make([]byte, web.SniffLen)
	n, err := io.ReadFull(body, start)
	start = start[:n]
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		ex.data = start
		return err
	}
	ctype := ex.resp.Header.Get("Content-Type")
	_, params, _ := mime.ParseMediaType(ctype)
	asReceived := web.ShownAsReceived(ctype, start) || params["charset"] == "" && utf8.Valid(start)
	if web.IsBinary(ctype, start) || !asReceived {
		data, err := keepPrefix(r.call, body, start, bodyLimit(ctx, r, ctype, start))
		ex.data = data
		return err
	}
	ex.data, ex.streamed = start, true
	if _, err := r.pipe.Write(start); err != nil {
		return &consoleWriteError{err: err}
	}
	_, err = io.Copy(pipeWriter{r.pipe}, body)
	return err
}

// pipeWriter tells a failure to write the body from a failure to read it.
type pipeWriter struct{ w io.Writer }

func (p pipeWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if err != nil {
		return n, &consoleWriteError{err: err}
	}
	return n, nil
}

// skipsToOffset reports whether the bytes of a body before the call's
// offset can go unkept: the window starts past the sniffed start, and the
// body is shown as text from the offset (not converted, not as base64, not
// only as the excerpt of a failed status, not to a console).
func skipsToOffset(r *request, resp *http.Response) bool {
	failing := r.fail && !r.failWithBody && resp.StatusCode >= 400
	return r.offset > web.SniffLen && !r.console && !r.base64 && (r.format == "" || r.format == "raw") && !failing
}

// keepPrefix reads rd to its end, keeping its first limit bytes: buf holds
// those already read. The buffer grows by doubling, each step reserved
// against the server's memory limit first (tools.Hold), so that many large
// bodies at once get "busy" instead of exhausting memory.
func keepPrefix(call tool.Call, rd io.Reader, buf []byte, limit int64) ([]byte, error) {
	chunk := make([]byte, 32<<10)
	for {
		n, err := rd.Read(chunk)
		if k := min(int64(n), limit-int64(len(buf))); k > 0 {
			if need := len(buf) + int(k); need > cap(buf) {
				size := min(max(2*cap(buf), 64<<10, need), int(limit))
				if err := call.Hold(int64(size - cap(buf))); err != nil {
					return nil, err
				}
				buf = append(make([]byte, 0, size), buf...)
			}
			buf = append(buf, chunk[:k]...)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// decoder undoes a Content-Encoding. An empty body stays empty; an
// encoding f0 does not know is passed through with a note.
func decoder(r io.Reader, encoding string) (io.Reader, string, error) {
	enc := strings.ToLower(strings.TrimSpace(encoding))
	if enc == "" || enc == "identity" {
		return r, "", nil
	}
	br := bufio.NewReader(r)
	if _, err := br.Peek(1); err == io.EOF {
		return br, "", nil
	}
	switch enc {
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(br)
		return zr, "", err
	case "deflate":
		head, _ := br.Peek(2)
		if len(head) == 2 && head[0]&0x0f == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
			zr, err := zlib.NewReader(br)
			return zr, "", err
		}
		return flate.NewReader(br), "", nil
	case "br":
		return brotli.NewReader(br), "", nil
	case "zstd":
		// One block at a time, in this goroutine; windows up to 32 MB.
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(32<<20))
		if err != nil {
			return nil, "", err
		}
		return zr, "", nil
	}
	return br, fmt.Sprintf("note: the body is encoded with %q, which f0 does not decode; it is shown as received", encoding), nil
}

// countingReader counts bytes as received.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// meteredReader hashes and counts the decoded body, stops it at the
// download cap, and reports progress.
type meteredReader struct {
	call       tool.Call // reports the progress
	r          io.Reader
	n, limit   int64
	total      int64
	h          hash.Hash
	capErr     *capError
	lastReport time.Time
	reported   bool
}

func (m *meteredReader) Read(p []byte) (int, error) {
	n, err := m.r.Read(p)
	if m.n+int64(n) > m.limit {
		n = int(max(m.limit-m.n, 0))
		err = m.capErr
	}
	m.n += int64(n)
	m.h.Write(p[:n])
	m.report(false)
	return n, err
}

// report sends progress at most every 200 ms, and once at the end.
func (m *meteredReader) report(final bool) {
	now := time.Now()
	if !final && m.reported && now.Sub(m.lastReport) < 200*time.Millisecond {
		return
	}
	if final && m.n == 0 {
		return
	}
	m.lastReport, m.reported = now, true
	msg := "downloaded " + text.HumanBytes(m.n)
	if m.total > 0 {
		msg += " of " + text.HumanBytes(m.total)
	}
	m.call.Progress(float64(m.n), float64(m.total), msg)
}
