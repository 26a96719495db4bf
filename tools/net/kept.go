package net

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// responseField is the argument that names the kept copy of a response
// (tools.CopyToken): the footer of a cut body puts it beside offset, so
// that the next page is read from the same response instead of sending
// the request again.
const responseField = "response"

// keepsCopy reports whether the body is copied as it is read, for the
// calls that page through it: a body shown to a model (not saved, not
// streamed to a terminal), other than the excerpt of a failed status.
func keepsCopy(r *request, resp *http.Response) bool {
	failing := r.fail && !r.failWithBody && resp.StatusCode >= 400
	return !r.console && r.pipe == nil && !failing
}

// repeatable reports whether f0 may send the request again when the copy
// of its response is gone: a GET or HEAD without a body. Anything else
// may have done something on the server that a second request repeats.
func (r *request) repeatable() bool {
	return (r.method == "GET" || r.method == "HEAD") && r.body == nil && !r.plan.upload.set
}

// requestKey identifies what was sent to t: a kept response answers only
// the same request.
func requestKey(r *request, t *target) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%t\x00%d\x00%t\x00%t\x00", r.method, t.u.String(), r.host, r.follow, r.maxRedirs, r.insecure, r.compressed)
	for _, name := range sortedKeys(r.header) {
		fmt.Fprintf(h, "%s\x00%q\x00", name, r.header[name])
	}
	if r.body != nil {
		h.Write(r.body.data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// keep makes the copy of the body, once, and returns the token that names
// it for the calls that continue this answer ("" when there is none). A
// repeatable request's token carries the body's sum even when the copy
// could not be kept: the next call then sends it again and compares.
func (ex *exchange) keep(ctx context.Context, r *request) string {
	if ex.copy == nil || ex.token != "" {
		return ex.token
	}
	meta := keptResponse{Key: requestKey(r, ex.target), Method: r.method, URL: ex.target.u.Redacted(), Ex: savedExchange(ex, false)}
	tok, kept := ex.copy.Keep(ctx, meta.encode())
	if kept || r.repeatable() {
		ex.token = tok.String()
	}
	return ex.token
}

// keepUnrepeatable keeps the copy of a body the answer does not show but
// names calls to get (as base64, saved to a file), when the request is not
// sent again for them: those calls then read the copy. A repeatable
// request is simply sent again.
func keepUnrepeatable(ctx context.Context, r *request, ex *exchange) {
	if !r.repeatable() {
		ex.keep(ctx, r)
	}
}

// sendsAgain warns, after a suggested call of a request that is not sent
// again to page it, that this call sends it again: its response could not
// be kept, so the call cannot read a copy.
func sendsAgain(r *request, ex *exchange) string {
	if r.repeatable() || ex.token != "" {
		return ""
	}
	return fmt.Sprintf(" (this sends the %s again: f0 could not keep a copy of its response)", r.method)
}

// viewFields are the fields that change how a response is shown, not the
// request: a call that changes only these can read the kept copy.
var viewFields = []string{"offset", "format", "base64", "output", "remoteName", tool.BudgetField, responseField}

// withToken adds the kept copy's token to a suggested call that only
// changes the view of this response.
func (ex *exchange) withToken(changes map[string]any) map[string]any {
	if ex.token == "" {
		return changes
	}
	if _, set := changes[responseField]; set {
		return changes
	}
	for k := range changes {
		if !slices.Contains(viewFields, k) {
			return changes
		}
	}
	out := make(map[string]any, len(changes)+1)
	for k, v := range changes {
		out[k] = v
	}
	out[responseField] = ex.token
	return out
}

// continued answers a call that names a kept response (response): from
// the copy when it is there; otherwise a repeatable request is sent again
// and its body compared with the first (the token's sum), and any other is
// refused without being sent.
func (c *curl) continued(ctx context.Context, r *request, t *target) (*exchange, error) {
	tok := *r.continues
	cp, err := c.call.OpenCopy(ctx, tok)
	if err == nil {
		defer cp.Close()
		return c.replay(ctx, r, t, cp)
	}
	gone, _ := err.(*tool.CopyGone)
	if !r.repeatable() {
		return &exchange{call: r.call, target: t, method: r.method}, &notResentError{gone: gone}
	}
	ex, err := c.fetch(ctx, r, t)
	if err != nil {
		return ex, err
	}
	if sum := ex.sha256[:16]; sum != tok.Sum {
		return ex, &changedError{gone: gone, size: ex.size}
	}
	ex.notes = append(ex.notes, fmt.Sprintf("note: %s; the %s was sent again, and its body is the same as the first response's (sha256 %s…), so this page continues it", gone.Error(), r.method, tok.Sum))
	return ex, nil
}

// replay answers from a kept copy: the exchange as it was received, its
// body read from the copy, shown as this call asks (offset, format,
// base64, output).
func (c *curl) replay(ctx context.Context, r *request, t *target, cp *tool.Copy) (*exchange, error) {
	m, ok := decodeKeptResponse(cp.Meta)
	if !ok {
		return &exchange{call: r.call, target: t, method: r.method}, &tool.InputError{Field: responseField, Problem: fmt.Sprintf("%s names the kept answer of another tool, not a response of net.curl", cp.Token)}
	}
	if m.Key != requestKey(r, t) {
		return &exchange{call: r.call, target: t, method: r.method}, &tool.InputError{Field: responseField, Problem: fmt.Sprintf("%s is the kept response to another request (%s %s); this call is %s %s with other details", cp.Token, m.Method, m.URL, r.method, t.u.Redacted()),
			Hint: fmt.Sprintf("Continue a response with the call its footer names, or drop %q to send this request.", responseField)}
	}
	ex := m.Ex.exchange(t)
	ex.call, ex.method = r.call, r.method
	if len(r.targets) > 1 {
		ex.several = func(changes map[string]any) map[string]any { return c.oneURL(r, t, changes) }
	}
	ex.notes = slices.Clip(ex.notes)
	ex.token, ex.replayed = cp.Token.String(), cp.Kept
	body := &meteredReader{call: r.call, r: cp.Reader(ctx), limit: r.maxDownload, h: sha256.New(), total: cp.Size,
		capErr: &capError{limit: r.maxDownload, flag: r.capFlag, saved: t.out != nil}}
	err := c.takeBody(ctx, r, &ex, body)
	return &ex, err
}

// replayLine is the head line of an answer read from a kept copy.
func replayLine(ex *exchange) string {
	return fmt.Sprintf("(from the kept copy of the response received at %s: the request was not sent again)", ex.replayed.Format("15:04:05"))
}

// notResentError refuses to page a response whose copy is gone by
// sending a request with side effects again.
type notResentError struct{ gone *tool.CopyGone }

func (e *notResentError) Error() string { return e.gone.Error() }

// changedError is a repeated request whose body is not the one the first
// pages came from.
type changedError struct {
	gone *tool.CopyGone
	size int64
}

func (e *changedError) Error() string { return "the response changed since the first page" }

// notResentText says why the rest of a response cannot be shown, and how
// to keep the whole response the next time the request is sent.
func notResentText(ctx context.Context, r *request, ex *exchange, e *notResentError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: the rest of this response cannot be shown: %s.\n", r.method, ex.target.u.Redacted(), e.gone.Error())
	fmt.Fprintf(&b, "f0 does not send a %s again to page through its answer: a second request could do again what the first one did (a second order, a second write).\n", r.method)
	fmt.Fprintf(&b, "Sending it again is up to you (it will run again on the server); to get its whole response then, save it to a file: %s",
		ex.next(ctx, map[string]any{"output": suggestName(ex.target.u, ""), "offset": nil, responseField: nil, "format": nil}))
	return b.String()
}

// changedText says that a repeated request answered with another body,
// and how to read the new one from its start.
func changedText(ctx context.Context, r *request, ex *exchange, e *changedError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: the response changed since the first page: %s; the %s was sent again, and its body (%s, sha256 %s…) is not the one the first pages came from (sha256 %s…).\n",
		r.method, ex.target.u.Redacted(), e.gone.Error(), r.method, text.HumanBytes(e.size), ex.sha256[:16], e.gone.Token.Sum)
	b.WriteString("The pages you have are of the earlier response; a page of this one would not continue them. ")
	if ex.saved {
		fmt.Fprintf(&b, "The file %s now holds the new response. ", ex.target.outName)
	}
	again := map[string]any{"offset": nil, responseField: nil}
	if tok := ex.keep(ctx, r); tok != "" && ex.copy != nil {
		if _, kept := ex.copy.Token(); kept {
			again[responseField] = tok
			fmt.Fprintf(&b, "Read the new response from its start (kept, so it is not requested again): %s", ex.next(ctx, again))
			return b.String()
		}
	}
	fmt.Fprintf(&b, "Read it again from the start: %s", ex.next(ctx, again))
	return b.String()
}

// continuationFailure answers the errors of continued, or reports that
// err is not one of them.
func continuationFailure(ctx context.Context, r *request, ex *exchange, err error) (tool.Result, bool) {
	switch e := err.(type) {
	case *notResentError:
		return tool.Result{IsError: true, Text: notResentText(ctx, r, ex, e)}, true
	case *changedError:
		return tool.Result{IsError: true, Text: changedText(ctx, r, ex, e)}, true
	}
	return tool.Result{}, false
}

// unpagedText is the footer of a cut response that has no call for its
// rest: its copy could not be kept, and its request is not sent again.
func unpagedText(ctx context.Context, r *request, ex *exchange) string {
	why := "f0 could not keep a copy of it"
	if ex.copy != nil && ex.copy.NotKept() != "" {
		why = "f0 did not keep a copy of it (" + ex.copy.NotKept() + ")"
	}
	return fmt.Sprintf("The rest is not shown: %s, and f0 does not send a %s again to page through its answer. To get the whole response the next time you send it (it runs again on the server), save it to a file: %s",
		why, r.method, ex.next(ctx, map[string]any{"output": suggestName(ex.target.u, ex.resp.Header.Get("Content-Type")), "offset": nil, responseField: nil, "format": nil}))
}
