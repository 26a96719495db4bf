package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"fmt"
	"io"
	"log"
	"maps"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// diffFixture is the loopback world one differential case runs in: server A
// (the main one), server B (a second port, the other host of cross-host
// redirects), a TLS server and a port nothing listens on. It records every
// request the servers receive, normalised as documented on diffRequest.
type diffFixture struct {
	a, b, tls *httptest.Server
	closed    string // http://127.0.0.1:PORT with nothing listening
	curlUA    string // curl's default User-Agent, e.g. curl/7.88.1

	mu       sync.Mutex
	requests []string
	hits     map[string]int // per path, for routes that answer differently on retries
}

// newDiffFixture starts the servers; they stop when the test ends. It may
// be called from any goroutine.
func newDiffFixture(t *testing.T, curlUA string) (*diffFixture, error) {
	fx := &diffFixture{curlUA: curlUA, hits: map[string]int{}}
	start := func(name string, tls bool) *httptest.Server {
		s := httptest.NewUnstartedServer(fx.handler(name))
		s.Config.ErrorLog = log.New(io.Discard, "", 0) // clients hanging up are expected
		if tls {
			s.StartTLS()
		} else {
			s.Start()
		}
		t.Cleanup(s.Close)
		return s
	}
	fx.a, fx.b, fx.tls = start("A", false), start("B", false), start("TLS", true)
	closed, err := refusingAddr(t)
	if err != nil {
		return nil, err
	}
	fx.closed = "http://" + closed
	return fx, nil
}

// vars are the names case lines use for the fixture's addresses.
func (fx *diffFixture) vars() []string {
	hostport := strings.TrimPrefix(fx.a.URL, "http://")
	_, port, _ := net.SplitHostPort(hostport)
	_, port2, _ := net.SplitHostPort(strings.TrimPrefix(fx.b.URL, "http://"))
	return []string{
		"URL=" + fx.a.URL, "URL2=" + fx.b.URL, "TLS=" + fx.tls.URL, "CLOSED=" + fx.closed,
		"HOSTPORT=" + hostport, "PORT=" + port, "PORT2=" + port2,
	}
}

// reset forgets the requests and retry counters between the two runs of a case.
func (fx *diffFixture) reset() {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	fx.requests = nil
	clear(fx.hits)
}

// seen returns the requests recorded since the last reset.
func (fx *diffFixture) seen() []string {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	return slices.Clone(fx.requests)
}

// hit counts a request to path and returns how many came before it.
func (fx *diffFixture) hit(path string) int {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	n := fx.hits[path]
	fx.hits[path]++
	return n
}

// handler records each request, then answers it by its path.
func (fx *diffFixture) handler(server string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", fx.echo)
	mux.HandleFunc("/json", fx.json)
	mux.HandleFunc("/redirect/{code}", fx.redirect)
	mux.HandleFunc("/cross/{code}", fx.cross)
	mux.HandleFunc("/chain/{n}", fx.chain)
	mux.HandleFunc("/loop", fx.loop)
	mux.HandleFunc("/status/{code}", fx.status)
	mux.HandleFunc("/gzip", fx.gzipAlways)
	mux.HandleFunc("/gzip-if-asked", fx.gzipIfAsked)
	mux.HandleFunc("/encoded/{enc}", fx.encoded)
	mux.HandleFunc("/bin/{name}", fx.binary)
	mux.HandleFunc("/large", fx.large)
	mux.HandleFunc("/slow", fx.slow)
	mux.HandleFunc("/stall", fx.stall)
	mux.HandleFunc("/cookies/set", fx.setCookies)
	mux.HandleFunc("/raw", fx.raw)
	mux.HandleFunc("/partial", fx.partial)
	mux.HandleFunc("/chunked", fx.chunked)
	mux.HandleFunc("/retry/{n}", fx.retry)
	mux.HandleFunc("/auth", fx.auth)
	mux.HandleFunc("/empty", fx.empty)
	mux.HandleFunc("/html", fx.html)
	mux.HandleFunc("/files/{name}", fx.file)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		view := fx.record(server, r)
		w.Header()["Date"] = nil // responses are the same bytes on every run
		mux.ServeHTTP(w, withDiffView(r, view))
	})
}

// record reads the request body and stores the normalised request.
func (fx *diffFixture) record(server string, r *http.Request) string {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	view := diffRequest(server, r, body, fx.curlUA)
	fx.mu.Lock()
	fx.requests = append(fx.requests, view)
	fx.mu.Unlock()
	return view
}

type diffViewKey struct{}

func withDiffView(r *http.Request, view string) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), diffViewKey{}, view))
}

// diffRequest renders a request as the server received it, normalised only
// where the two clients may rightly differ:
//   - header names are canonical and sorted (HTTP header names are
//     case-insensitive and their order carries no meaning);
//   - the client's own default User-Agent (curl/VERSION or f0/…) is <default>;
//   - a multipart body is shown part by part with its boundary replaced by
//     <boundary> and Content-Length elided (curl and Go pick random
//     boundaries of different lengths).
func diffRequest(server string, r *http.Request, body []byte, curlUA string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s %s\n", server, r.Method, r.RequestURI, r.Proto)
	h := r.Header.Clone()
	h.Set("Host", r.Host)
	if len(r.TransferEncoding) > 0 {
		h.Set("Transfer-Encoding", strings.Join(r.TransferEncoding, ", "))
	}
	if ua := h.Get("User-Agent"); ua == curlUA || strings.HasPrefix(ua, "f0/") {
		h.Set("User-Agent", "<default>")
	}
	mediaType, params, _ := mime.ParseMediaType(h.Get("Content-Type"))
	multi := strings.HasPrefix(mediaType, "multipart/") && params["boundary"] != ""
	if multi {
		h.Set("Content-Type", strings.ReplaceAll(h.Get("Content-Type"), params["boundary"], "<boundary>"))
		if h.Get("Content-Length") != "" {
			h.Set("Content-Length", "<elided>")
		}
	}
	for _, k := range slices.Sorted(maps.Keys(h)) {
		for _, v := range h[k] {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	b.WriteString("\n")
	if multi {
		b.WriteString(diffMultipartView(body, params["boundary"]))
	} else {
		b.Write(body)
	}
	return b.String()
}

// diffMultipartView shows each part's headers and content.
func diffMultipartView(body []byte, boundary string) string {
	var b strings.Builder
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(&b, "<bad multipart: %v>\n", err)
			break
		}
		content, _ := io.ReadAll(p)
		b.WriteString("--part\n")
		for _, k := range slices.Sorted(maps.Keys(p.Header)) {
			fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(p.Header[k], ", "))
		}
		fmt.Fprintf(&b, "\n%q\n", content)
	}
	return b.String()
}

// echo answers with the normalised request.
func (fx *diffFixture) echo(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, r.Context().Value(diffViewKey{}).(string))
}

func (fx *diffFixture) json(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"id":1,"name":"widget","tags":["a","b"]}`+"\n")
}

func (fx *diffFixture) redirect(w http.ResponseWriter, r *http.Request) {
	code, err := strconv.Atoi(r.PathValue("code"))
	if err != nil {
		http.Error(w, "bad code", http.StatusBadRequest)
		return
	}
	to := r.URL.Query().Get("to")
	if to == "" {
		to = "/echo/after-" + r.PathValue("code")
	}
	w.Header().Set("Location", to)
	w.Header().Set("Content-Type", "text/plain")
	w.WriteHeader(code)
	fmt.Fprintf(w, "redirecting to %s\n", to)
}

// cross redirects to the same path on server B (another host:port).
func (fx *diffFixture) cross(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	q.Set("to", fx.b.URL+"/echo/cross")
	r.URL.RawQuery = q.Encode()
	fx.redirect(w, r)
}

func (fx *diffFixture) chain(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	if n <= 0 {
		fx.echo(w, r)
		return
	}
	http.Redirect(w, r, "/chain/"+strconv.Itoa(n-1), http.StatusFound)
}

func (fx *diffFixture) loop(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/loop", http.StatusFound)
}

func (fx *diffFixture) status(w http.ResponseWriter, r *http.Request) {
	code, err := strconv.Atoi(r.PathValue("code"))
	if err != nil || code < 200 || code > 599 {
		http.Error(w, "bad code", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	fmt.Fprintf(w, `{"error":{"code":%d,"message":"%s"}}`+"\n", code, http.StatusText(code))
}

func diffGzip(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	io.WriteString(zw, s)
	zw.Close()
	return b.Bytes()
}

const diffGzipText = "this body was gzip-compressed by the server\n"

// gzipAlways sends a gzip body whether or not the client asked for one.
func (fx *diffFixture) gzipAlways(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Content-Encoding", "gzip")
	w.Write(diffGzip(diffGzipText))
}

func (fx *diffFixture) gzipIfAsked(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Vary", "Accept-Encoding")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(diffGzip(diffGzipText))
		return
	}
	io.WriteString(w, diffGzipText)
}

// encoded sends the text encoded with ENC (gzip, deflate, br or zstd) when
// the request's Accept-Encoding names it, and plain otherwise.
func (fx *diffFixture) encoded(w http.ResponseWriter, r *http.Request) {
	enc := r.PathValue("enc")
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Vary", "Accept-Encoding")
	if !strings.Contains(r.Header.Get("Accept-Encoding"), enc) {
		io.WriteString(w, diffGzipText)
		return
	}
	var b bytes.Buffer
	var zw io.WriteCloser
	switch enc {
	case "gzip":
		zw = gzip.NewWriter(&b)
	case "deflate":
		zw = zlib.NewWriter(&b)
	case "br":
		zw = brotli.NewWriter(&b)
	case "zstd":
		zw, _ = zstd.NewWriter(&b)
	default:
		http.Error(w, "unknown encoding", http.StatusBadRequest)
		return
	}
	io.WriteString(zw, diffGzipText)
	zw.Close()
	w.Header().Set("Content-Encoding", enc)
	w.Write(b.Bytes())
}

// diffBinaryBody is a small PNG-looking body with NUL, CR and LF bytes.
func diffBinaryBody() []byte {
	b := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	for i := range 256 {
		b = append(b, byte(i))
	}
	return b
}

func (fx *diffFixture) binary(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/png")
	w.Write(diffBinaryBody())
}

// large is 1.2 MB of text lines.
func (fx *diffFixture) large(w http.ResponseWriter, r *http.Request) {
	body := bytes.Repeat([]byte("a line of the large body, long enough to add up quickly: 0123456789\n"), 18000)
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// slow sends nothing until the client gives up (or 10 s pass).
func (fx *diffFixture) slow(w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(10 * time.Second):
	}
	io.WriteString(w, "too late\n")
}

// stall sends the headers and half the body, then waits for the client to
// give up.
func (fx *diffFixture) stall(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Content-Length", "20")
	io.WriteString(w, "first half\n")
	w.(http.Flusher).Flush()
	select {
	case <-r.Context().Done():
	case <-time.After(10 * time.Second):
	}
}

func (fx *diffFixture) setCookies(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Set-Cookie", "session=abc123; Path=/; HttpOnly")
	w.Header().Add("Set-Cookie", "theme=dark; Path=/; Expires=Wed, 01 Jan 2042 00:00:00 GMT")
	q := r.URL.Query()
	for _, k := range slices.Sorted(maps.Keys(q)) { // one order on every run
		w.Header().Add("Set-Cookie", k+"="+q[k][0]+"; Path=/")
	}
	w.Header().Set("Content-Type", "text/plain")
	io.WriteString(w, "cookies set\n")
}

// diffRawResponse is a response whose header lines are in an order and case Go's
// server would not write, with CRLF line ends.
const diffRawResponse = "HTTP/1.1 200 OK\r\nX-Zeta: last-alphabetically-first\r\ncontent-type: text/plain\r\nX-alpha: lower\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 6\r\n\r\nhello\n"

func diffHijack(w http.ResponseWriter, write func(*bufio.ReadWriter)) {
	conn, rw, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	write(rw)
	rw.Flush()
}

func (fx *diffFixture) raw(w http.ResponseWriter, r *http.Request) {
	diffHijack(w, func(rw *bufio.ReadWriter) {
		if r.Method == http.MethodHead {
			rw.WriteString(strings.TrimSuffix(diffRawResponse, "hello\n"))
			return
		}
		rw.WriteString(diffRawResponse)
	})
}

// partial promises 100 bytes, sends 10 and closes the connection.
func (fx *diffFixture) partial(w http.ResponseWriter, r *http.Request) {
	diffHijack(w, func(rw *bufio.ReadWriter) {
		rw.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789")
	})
}

func (fx *diffFixture) chunked(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	for i := range 3 {
		fmt.Fprintf(w, "chunk %d\n", i)
		w.(http.Flusher).Flush()
	}
}

// retry answers 503 to the first n requests, then echoes.
func (fx *diffFixture) retry(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	if fx.hit(r.URL.Path) < n {
		diffText(w, http.StatusServiceUnavailable, "try again\n")
		return
	}
	fx.echo(w, r)
}

func (fx *diffFixture) auth(w http.ResponseWriter, r *http.Request) {
	if u, p, ok := r.BasicAuth(); !ok || u != "user" || p != "pass" {
		w.Header().Set("WWW-Authenticate", `Basic realm="fixture"`)
		diffText(w, http.StatusUnauthorized, "who are you?\n")
		return
	}
	fx.echo(w, r)
}

// diffText answers with a status and a plain-text body.
func diffText(w http.ResponseWriter, code int, text string) {
	w.Header().Set("Content-Type", "text/plain")
	w.WriteHeader(code)
	io.WriteString(w, text)
}

func (fx *diffFixture) empty(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}

func (fx *diffFixture) html(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, "<!doctype html>\n<html><head><title>Fixture</title></head><body><h1>Hello</h1><p>A <a href=\"/echo\">link</a>.</p></body></html>\n")
}

// file serves a download whose name comes from the URL (for -O).
func (fx *diffFixture) file(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	fmt.Fprintf(w, "contents of %s\n", r.PathValue("name"))
}
