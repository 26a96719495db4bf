package mcp

import (
	"context"
	"sync"
)

// The MCP specification says a server should not answer a request the
// client has cancelled, and clients act on it: the TypeScript SDK rejects
// its own promise when it sends notifications/cancelled and reports a late
// answer as "a response for an unknown message ID", which Claude Code
// answers by reconnecting (modelcontextprotocol/python-sdk#2493). So the
// transport remembers which requests are running, marks the ones a
// cancellation names, and withholds their answers.

// requestTable holds the requests being served, by the key
// notifications/cancelled names them with.
type requestTable struct {
	mu    sync.Mutex
	seq   uint64 // numbers the requests, so a reused id is told apart
	byKey map[string]request
}

// request is the state of one request being served.
type request struct {
	seq       uint64
	cancel    context.CancelCauseFunc // ends a plain call's context; nil for mcp-go's
	cancelled bool                    // the client cancelled it: its answer is withheld
}

// requestRef names a request in the table.
type requestRef struct {
	key string
	seq uint64
}

// add records a request read with the given raw id.
func (t *requestTable) add(id []byte) requestRef {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byKey == nil {
		t.byKey = map[string]request{}
	}
	t.seq++
	ref := requestRef{key: requestKey(id), seq: t.seq}
	t.byKey[ref.key] = request{seq: ref.seq}
	return ref
}

// remove forgets a request served, and reports whether the client
// cancelled it.
func (t *requestTable) remove(ref requestRef) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.byKey[ref.key]
	if !ok || r.seq != ref.seq {
		return false // a later request reused the id
	}
	delete(t.byKey, ref.key)
	return r.cancelled
}

// setCancel gives a plain call's cancel function to its request; a
// cancellation that came first ends the call at once.
func (t *requestTable) setCancel(ref requestRef, cancel context.CancelCauseFunc) {
	t.mu.Lock()
	r, ok := t.byKey[ref.key]
	ok = ok && r.seq == ref.seq
	if ok {
		r.cancel = cancel
		t.byKey[ref.key] = r
	}
	t.mu.Unlock()
	if ok && r.cancelled {
		cancel(nil)
	}
}

// cancelled marks the request a notifications/cancelled names (its raw
// params) and ends its context when the transport runs it; mcp-go ends the
// calls it serves itself.
func (t *requestTable) cancelled(params []byte) {
	var vals [6][]byte
	scanMembers(params, &[6]string{"requestid"}, &vals)
	if vals[0] == nil {
		return
	}
	key := requestKey(vals[0])
	t.mu.Lock()
	r, ok := t.byKey[key]
	if ok {
		r.cancelled = true
		t.byKey[key] = r
	}
	t.mu.Unlock()
	if ok && r.cancel != nil {
		r.cancel(nil)
	}
}

// empty reports whether no request is being served.
func (t *requestTable) empty() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.byKey) == 0
}

// cancelAll ends the context of every plain call running, with cause.
func (t *requestTable) cancelAll(cause error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, r := range t.byKey {
		if r.cancel != nil {
			r.cancel(cause)
		}
	}
}

// requestKey names a raw request id the way mcp-go matches cancellations:
// by printed value, so "7" and 7 share the key 7.
func requestKey(id []byte) string {
	if key, ok := plainID(id); ok {
		return key
	}
	return string(id)
}
