package net

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	stdnet "net"
	"strings"
	"syscall"

	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

// consoleName is how net.curl names itself in the error lines it prints
// on a terminal: "f0 net.curl: (7) Failed to connect …". The rest of each
// line is curl's own wording and number, so a script that looks for
// "(7)" or "returned error: 404" finds it; the name says which program
// spoke.
const consoleName = "f0 net.curl"

// consoleView is how one call prints on a command line, as curl would.
type consoleView struct {
	terminal bool // stdout is a terminal: binary bodies are refused
	quiet    bool // no status line (-s, --no-progress-meter)
	mute     bool // no error or warning text (-s without -S)
	binaryOK bool // -o -: binary bytes may go to the terminal
}

// consoleFor returns the console view of a call whose front end asked for
// one (tools.WithConsole), when the call is curl's: curl words, and no
// field of f0's own (offset, format, base64) that curl has no output for.
func consoleFor(call tool.Call, p *plan) *consoleView {
	o, ok := call.Console()
	if !ok || !p.curlStyle || p.offset > 0 || p.startIndex > 0 || p.page > 0 || p.base64 || p.format != "" && p.format != "raw" {
		return nil
	}
	v := &consoleView{terminal: o.Terminal, quiet: p.silent || p.noMeter, mute: p.silent && !p.showError}
	for _, out := range p.outputs {
		v.binaryOK = v.binaryOK || toStdout(out)
	}
	return v
}

// curlCodeError carries the exit code curl gives a failure found before any
// request (3 for a URL, 23 for an output file, 26 for a file to send).
type curlCodeError struct {
	code int
	err  error
}

func (e *curlCodeError) Error() string { return e.err.Error() }
func (e *curlCodeError) Unwrap() error { return e.err }

func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &curlCodeError{code: code, err: err}
}

// usageConsole is curl's answer to a command line it cannot run: the
// problem and where to read more, whatever -s says, and exit 2 (or the
// code of a failure found before the request).
func usageConsole(v *consoleView, err error) *tool.Console {
	text := err.Error()
	if ie, ok := tool.AsInputError(err); ok {
		text = ie.Problem
	}
	var ce *curlCodeError
	if errors.As(err, &ce) {
		c := &tool.Console{Exit: ce.code}
		var ge *globError
		if errors.As(err, &ge) {
			text = ge.Error()
		}
		if v == nil || !v.mute {
			c.Stderr = fmt.Sprintf("%s: (%d) %s\n", consoleName, ce.code, text)
		}
		return c
	}
	return &tool.Console{Exit: 2, Stderr: fmt.Sprintf("%s: %s\n%s: try '%s --help' for more information\n", consoleName, text, consoleName, consoleName)}
}

// consoleOut collects what curl would print for a call's exchanges. With
// a sink (tools.Sink) stdout goes there as it comes, bodies too (see
// streamBody); otherwise it is kept for the Console.
type consoleOut struct {
	ctx    context.Context
	v      *consoleView
	r      *request
	sink   io.Writer
	werr   error // the first failure to write to sink
	stdout [][]byte
	stderr strings.Builder
	exit   int
}

// consoleOut returns the console of a call that prints as curl (v set),
// nil otherwise. The request streams bodies to it when the front end gave
// a sink.
func (c *curl) consoleOut(ctx context.Context, v *consoleView, r *request) *consoleOut {
	if v == nil {
		return nil
	}
	o := &consoleOut{ctx: ctx, v: v, r: r, sink: c.call.Sink()}
	if o.sink != nil {
		r.stream = o
	}
	return o
}

// render writes one URL as curl prints it, as soon as its transfer is over,
// so that a body streamed during the transfer stays in order with what
// comes before and after it: each URL's header block (-i), body and -w
// output on stdout, one after the other; errors on stderr as curl words
// them; the exit code of the last URL.
func (o *consoleOut) render(c *curl, ex *exchange, err error) {
	o.out(c.retriedText(o.ctx, o.r, ex))
	o.exchange(ex, err)
}

// finish ends the console output: -c -'s cookies after the bodies, and
// fileErr, a failure to write -D's or -c's file after the transfers.
func (o *consoleOut) finish(fileErr error) *tool.Console {
	if r := o.r; r.jar != nil && r.plan.cookieJar.set && r.jarOut == nil {
		o.write(r.jar.netscape()) // -c -
	}
	if fileErr != nil && o.exit == 0 {
		o.fail(23, "Failure writing output to destination: "+fileErr.Error())
	}
	if o.werr != nil && o.exit == 0 {
		o.fail(23, "Failure writing output to destination: "+o.werr.Error())
	}
	return &tool.Console{Stdout: o.stdout, Stderr: o.stderr.String(), Exit: o.exit}
}

func (o *consoleOut) out(s string) { o.write([]byte(s)) }

// write puts bytes on stdout: into the sink, or kept in order.
func (o *consoleOut) write(b []byte) error {
	switch {
	case len(b) == 0:
		return nil
	case o.sink == nil:
		o.stdout = append(o.stdout, b)
		return nil
	case o.werr == nil:
		_, o.werr = o.sink.Write(b)
	}
	return o.werr
}

// streamBody writes a body to the console's sink as it arrives, after the
// header blocks (-i, -D -) that curl prints before it, keeping only its
// start for the model's view. Binary bytes bound for a terminal stop it,
// as curl refuses them.
func (o *consoleOut) streamBody(ctx context.Context, ex *exchange, body io.Reader) error {
	ex.streamed = true
	o.out(shownHeaders(ctx, o.r, ex))
	data, err := keepPrefix(o.r.call, io.TeeReader(body, consoleBody{o}), nil, web.SniffLen)
	ex.data = data
	return err
}

// consoleBody is the console's stdout as a body's writer.
type consoleBody struct{ o *consoleOut }

func (b consoleBody) Write(p []byte) (int, error) {
	if b.o.v.refuses(p) {
		return 0, &binaryRefusedError{}
	}
	if err := b.o.write(p); err != nil {
		return 0, &consoleWriteError{err: err}
	}
	return len(p), nil
}

// binaryRefusedError stops a body with binary bytes bound for a terminal.
type binaryRefusedError struct{}

func (*binaryRefusedError) Error() string { return "binary output refused on a terminal" }

// consoleWriteError is a failure to write a body to the console's sink.
type consoleWriteError struct{ err error }

func (e *consoleWriteError) Error() string { return e.err.Error() }
func (e *consoleWriteError) Unwrap() error { return e.err }

// refuses reports whether curl refuses to print data: binary bytes to a
// terminal, unless -o - asks for them.
func (v *consoleView) refuses(data []byte) bool {
	return v.terminal && !v.binaryOK && bytes.IndexByte(data, 0) >= 0
}

// fail ends the URL with curl's code and, unless muted, its error line.
func (o *consoleOut) fail(code int, text string) {
	o.exit = code
	if !o.v.mute {
		fmt.Fprintf(&o.stderr, "%s: (%d) %s\n", consoleName, code, text)
	}
}

// exchange renders one URL.
func (o *consoleOut) exchange(ex *exchange, err error) {
	r, resp := o.r, ex.resp
	o.exit = 0
	if resp != nil && r.verbose {
		o.stderr.WriteString(strings.Join(verboseLines(r, ex), "\n") + "\n")
	}
	if resp != nil && err == nil && !o.v.quiet {
		// f0's status lines stand where curl draws its progress meter.
		for _, line := range []string{summaryLine(r, ex), locationLine(o.ctx, r, ex), bodyFate(ex)} {
			if line != "" {
				o.stderr.WriteString(line + "\n")
			}
		}
		for _, n := range ex.notes {
			o.stderr.WriteString(n + "\n")
		}
	}
	if resp != nil && !ex.streamed {
		o.out(shownHeaders(o.ctx, r, ex)) // -i, -D -
	}
	failing := err == nil && r.fail && resp.StatusCode >= 400
	if resp != nil && ex.method != "HEAD" && !ex.saved && !ex.target.discard && (!failing || r.failWithBody) && !ex.streamed {
		if o.body(ex.data) {
			return
		}
	}
	if errors.As(err, new(*binaryRefusedError)) {
		o.refuseBinary()
		return
	}
	if r.writeOut != nil {
		o.out(renderWriteOut(r.writeOut, o.writeOutValues(ex, err)))
	}
	switch {
	case err != nil:
		o.fail(curlFailure(r, ex, err))
	case failing:
		o.fail(22, fmt.Sprintf("The requested URL returned error: %d", resp.StatusCode))
	}
}

// body writes a body to stdout, except binary bytes to a terminal, which
// curl refuses with a warning and exit 23 unless -o - asks for them. It
// reports whether it refused.
func (o *consoleOut) body(data []byte) bool {
	if len(data) == 0 {
		return false
	}
	if o.v.refuses(data) {
		o.refuseBinary()
		return true
	}
	o.write(data)
	return false
}

// refuseBinary is curl's warning for binary bytes bound for a terminal,
// and its exit code 23.
func (o *consoleOut) refuseBinary() {
	o.exit = 23
	if !o.v.mute {
		o.stderr.WriteString("Warning: Binary output can mess up your terminal. Use \"--output -\" to tell \n" +
			"Warning: f0 net.curl to output it to your terminal anyway, or consider \"--output \n" +
			"Warning: <FILE>\" to save to a file.\n")
	}
}

// writeOutValues are -w's values, also for a request that got no answer
// (http_code 000, as curl prints).
func (o *consoleOut) writeOutValues(ex *exchange, err error) *wvals {
	var w *wvals
	if ex.resp != nil && ex.resp.Request != nil {
		w = writeOutValues(o.r, ex)
	} else {
		w = &wvals{url: ex.target.raw, final: ex.target.u.String(), method: ex.method, scheme: ex.target.u.Scheme,
			total: ex.elapsed, t: ex.timing, header: func(string) string { return "" }}
	}
	if err != nil {
		w.exit, w.errmsg = curlFailure(o.r, ex, err)
	}
	return w
}

// curlFailure is curl's exit code and message for a request that failed.
func curlFailure(r *request, ex *exchange, err error) (int, string) {
	var (
		ge  *globError
		tt  *totalTimeoutError
		ct  *web.ConnectTimeoutError
		tm  *tooManyRedirectsError
		ce  *capError
		be  *web.BlockedError
		dns *stdnet.DNSError
	)
	host, port := ex.target.u.Hostname(), ex.target.u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[ex.target.u.Scheme]
	}
	ms := ex.elapsed.Milliseconds()
	switch {
	case errors.As(err, &ge):
		return 3, ge.Error()
	case errors.As(err, new(*consoleWriteError)):
		return 23, "Failure writing output to destination: " + err.Error()
	case errors.As(err, &ct):
		return 28, fmt.Sprintf("Connection timed out after %d milliseconds", ct.Limit.Milliseconds())
	case errors.As(err, &tt):
		if ex.resp == nil {
			return 28, fmt.Sprintf("Connection timed out after %d milliseconds", ms)
		}
		return 28, fmt.Sprintf("Operation timed out after %d milliseconds with %d bytes received", ms, ex.size)
	case errors.As(err, &tm):
		return 47, fmt.Sprintf("Maximum (%d) redirects followed", tm.max)
	case errors.As(err, &ce) && ce.flag == "--max-filesize":
		return 63, "Maximum file size exceeded"
	case errors.As(err, &ce):
		return 63, fmt.Sprintf("Maximum file size exceeded: f0 net.curl reads at most %s of a response (%s); raise it with %s SIZE, e.g. %s 1G", text.HumanBytes(ce.limit), ce.flag, ce.flag, ce.flag)
	case errors.As(err, &be):
		return 7, fmt.Sprintf("Failed to connect to %s port %s: %v", host, port, be)
	case errors.As(err, &dns):
		return 6, "Could not resolve host: " + host
	case errors.Is(err, syscall.ECONNREFUSED):
		return 7, fmt.Sprintf("Failed to connect to %s port %s after %d ms: Couldn't connect to server", host, port, ms)
	case isCertError(err):
		return 60, "SSL certificate problem: " + certProblem(err) + "\nMore details here: https://curl.se/docs/sslcerts.html"
	case errors.Is(err, syscall.ECONNRESET):
		return 56, "Recv failure: Connection reset by peer"
	case ex.resp != nil && errors.Is(err, io.ErrUnexpectedEOF):
		if left := ex.resp.ContentLength - ex.wire; ex.resp.ContentLength > 0 && left > 0 {
			return 18, fmt.Sprintf("transfer closed with %d bytes remaining to read", left)
		}
		return 18, "transfer closed with outstanding read data remaining"
	case ex.resp == nil && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)):
		return 52, "Empty reply from server"
	case isTLSError(err):
		return 35, "TLS connect error: " + err.Error()
	}
	return 56, "Failure when receiving data from the peer: " + err.Error()
}

func isCertError(err error) bool {
	var (
		cv *tls.CertificateVerificationError
		ua x509.UnknownAuthorityError
		he x509.HostnameError
		ci x509.CertificateInvalidError
	)
	return errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &he) || errors.As(err, &ci)
}

// certProblem words a certificate failure as OpenSSL does for curl.
func certProblem(err error) string {
	var (
		ua x509.UnknownAuthorityError
		he x509.HostnameError
		ci x509.CertificateInvalidError
	)
	switch {
	case errors.As(err, &ua):
		if ua.Cert != nil && bytes.Equal(ua.Cert.RawIssuer, ua.Cert.RawSubject) {
			return "self-signed certificate"
		}
		return "unable to get local issuer certificate"
	case errors.As(err, &he):
		return "certificate subject name does not match target host name '" + he.Host + "'"
	case errors.As(err, &ci) && ci.Reason == x509.Expired:
		return "certificate has expired"
	}
	return err.Error()
}

func isTLSError(err error) bool {
	var re tls.RecordHeaderError
	var ae tls.AlertError
	return errors.As(err, &re) || errors.As(err, &ae) || strings.Contains(err.Error(), "tls: ")
}
