package upstream

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// caller forwards calls of one tool to its server. A result too long for
// one answer is kept (tool.Call.KeepCopy), and the calls that page through it
// name the copy (response) and read it instead of calling the tool again.
type caller struct {
	conn     *Conn
	tool     string // the server's name for it
	name     string // f0's
	fields   fieldNames
	readOnly bool // the tool is annotated read-only: it may be called again to page
}

// keptResult is what the store keeps beside a result's text, as JSON (a
// store several instances share holds bytes): the call it answers, and
// the images of the result (convert makes no other part).
type keptResult struct {
	Key    string
	Images []tool.Image `json:",omitempty"`
}

// request is one call as the caller sees it: the upstream's arguments,
// and f0's own.
type request struct {
	// call is the running call.
	call     tool.Call
	args     map[string]any
	offset   int
	binary   bool
	response string
}

// key identifies the call a result answers.
func (k *caller) key(r request) string {
	return k.tool + "\x00" + text.CompactJSON(r.args) + "\x00" + strconv.FormatBool(r.binary)
}

func (k *caller) run(ctx context.Context, call tool.Call, args map[string]any) (tool.Result, error) {
	delete(args, tool.BudgetField)
	r := request{call: call, args: args}
	r.offset, _ = intArg(args[k.fields.offset])
	r.binary, _ = args[k.fields.binary].(bool)
	r.response, _ = args[k.fields.response].(string)
	for _, f := range []string{k.fields.offset, k.fields.binary, k.fields.response} {
		delete(args, f)
	}
	if r.response != "" {
		return k.continued(ctx, r)
	}
	out, w, err := k.call(ctx, r)
	if err != nil {
		return tool.Result{}, err
	}
	token, paged := k.keep(ctx, r, out, w)
	return k.page(r.call, out, r.offset, token, paged), nil
}

// call calls the upstream tool and copies its text as it converts it.
func (k *caller) call(ctx context.Context, r request) (tool.Result, *tool.CopyWriter, error) {
	res, err := k.conn.Call(ctx, k.tool, r.args, func(done, total float64, msg string) {
		r.call.Progress(done, total, msg)
	})
	if err != nil {
		return tool.Result{}, nil, err
	}
	out := convert(res, r.binary)
	if res.IsError {
		return tool.Result{}, nil, fmt.Errorf("the upstream tool answered with an error: %s", out.Text)
	}
	w := r.call.KeepCopy(nil)
	io.WriteString(w, out.Text)
	return out, w, nil
}

// keep keeps the copy of a result too long for one answer (more than half
// the call's budget after offset), and returns the token of the calls that
// continue it. A tool that is not called again to page has none when the
// copy could not be kept; paged says whether the rest has a call at all.
func (k *caller) keep(ctx context.Context, r request, out tool.Result, w *tool.CopyWriter) (token string, paged bool) {
	if len(out.Text)-r.offset <= r.call.Budget()/2 {
		return "", true // it fits: the pipeline's own footer, if any, does
	}
	meta, _ := json.Marshal(keptResult{Key: k.key(r), Images: out.Images}) // plain data: it always encodes
	tok, kept := w.Keep(ctx, meta)
	if !kept && !k.readOnly {
		return "", false
	}
	return tok.String(), true
}

// continued answers a call that names a kept result: from the copy when it
// is there; otherwise a read-only tool is called again and its result
// compared with the first (the token's sum), and any other is not called.
func (k *caller) continued(ctx context.Context, r request) (tool.Result, error) {
	tok, ok := tool.ParseCopyToken(r.response)
	if !ok {
		return tool.Result{}, &tool.InputError{Field: k.fields.response, Problem: fmt.Sprintf("%q is not the name of a kept result: the footer of a cut result writes it as r-, 12 hex digits, -, 16 hex digits (e.g. %s)", r.response, tool.CopyTokenExample),
			Hint: fmt.Sprintf("Copy it from the footer, or drop %q to call the tool.", k.fields.response)}
	}
	cp, err := r.call.OpenCopy(ctx, tok)
	if err == nil {
		defer cp.Close()
		return k.replay(ctx, r, cp)
	}
	gone, _ := err.(*tool.CopyGone)
	if !k.readOnly {
		return tool.Result{}, fmt.Errorf("the rest of this result cannot be shown: %s. f0 does not call %s again to page through its answer: it is not annotated read-only, so a second call could do its work again. Calling it again is up to you: it will run again",
			gone.Error(), r.call.ToolName(k.name))
	}
	out, w, err := k.call(ctx, r)
	if err != nil {
		return tool.Result{}, err
	}
	if w.Sum() != tok.Sum {
		again, _ := k.keep(ctx, request{call: r.call, args: r.args, binary: r.binary}, out, w)
		changes := map[string]any{k.fields.offset: nil, k.fields.response: nil}
		if again != "" {
			changes[k.fields.response] = again
		}
		return tool.Result{}, fmt.Errorf("the result changed since the first page: %s; %s was called again, and its result (%s, sha256 %s…) is not the one the first pages came from (sha256 %s…). The pages you have are of the earlier result; read the new one from its start: %s",
			gone.Error(), r.call.ToolName(k.name), text.HumanBytes(int64(len(out.Text))), w.Sum(), tok.Sum, r.call.Again(changes))
	}
	token, paged := k.keep(ctx, r, out, w)
	res := k.page(r.call, out, r.offset, token, paged)
	res.Notes = append(res.Notes, fmt.Sprintf("note: %s; the tool was called again (it is annotated read-only), and its result is the same as the first (sha256 %s…), so this page continues it", gone.Error(), tok.Sum))
	return res, nil
}

// replay pages through a kept result.
func (k *caller) replay(ctx context.Context, r request, cp *tool.Copy) (tool.Result, error) {
	var m keptResult
	if err := json.Unmarshal(cp.Meta, &m); err != nil || m.Key != k.key(r) {
		return tool.Result{}, &tool.InputError{Field: k.fields.response, Problem: fmt.Sprintf("%s is the kept result of another call", cp.Token),
			Hint: fmt.Sprintf("Continue a result with the call its footer names, or drop %q to call the tool.", k.fields.response)}
	}
	var b strings.Builder
	if _, err := io.Copy(&b, cp.Reader(ctx)); err != nil {
		return tool.Result{}, fmt.Errorf("read the kept copy: %w", err)
	}
	res := tool.Result{Text: b.String(), Images: m.Images}
	return k.page(r.call, res, r.offset, cp.Token.String(), true), nil
}

// page returns the result from byte offset on, with the continuation the
// pipeline names in its footer when the budget cuts it: the offset in the
// kept copy (token). A result that is not paged (its copy could not be
// kept, and the tool is not called again) has a footer saying why.
func (k *caller) page(call tool.Call, res tool.Result, offset int, token string, paged bool) tool.Result {
	total := len(res.Text)
	if offset > 0 {
		offset = min(offset, total)
		res.Text = res.Text[offset:]
		res.Head = fmt.Sprintf("[from byte %s of %s]", text.GroupDigits(int64(offset)), text.GroupDigits(int64(total)))
	}
	if !paged {
		res.Unpaged = fmt.Sprintf("The rest is not shown: f0 could not keep a copy of this result, and it does not call %s again to page through it (the tool is not annotated read-only, so a second call could do its work again).", call.ToolName(k.name))
		return res
	}
	field, resp, again := k.fields.offset, k.fields.response, k.readOnly
	res.Next = func(shown int) map[string]any {
		switch {
		case token != "":
			return map[string]any{field: offset + shown, resp: token}
		case again:
			return map[string]any{field: offset + shown}
		}
		return nil // a short result the budget cut anyway: no call repeats the tool
	}
	return res
}

func intArg(v any) (int, bool) {
	switch n := v.(type) {
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	case float64:
		return int(n), true
	case int:
		return n, true
	}
	return 0, false
}
