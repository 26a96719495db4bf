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
	byKey map[string]*request
}

// request is one request being served.
type request struct {
	key       string
	cancel    context.CancelFunc // ends a plain call's context; nil for mcp-go's
	cancelled bool               // the client cancelled it: its answer is withheld
}

// add records a request read with the given raw id.
func (t *requestTable) add(id []byte) *request {
	r := &request{key: requestKey(id)}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byKey == nil {
		t.byKey = map[string]*request{}
	}
	t.byKey[r.key] = r
	return r
}

// remove forgets a request served, and reports whether the client
// cancelled it.
func (t *requestTable) remove(r *request) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byKey[r.key] == r {
		delete(t.byKey, r.key)
	}
	return r.cancelled
}

// setCancel gives a plain call's cancel function to its request; a
// cancellation that came first ends the call at once.
func (t *requestTable) setCancel(r *request, cancel context.CancelFunc) {
	t.mu.Lock()
	r.cancel = cancel
	cancelled := r.cancelled
	t.mu.Unlock()
	if cancelled {
		cancel()
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
	t.mu.Lock()
	r := t.byKey[requestKey(vals[0])]
	var cancel context.CancelFunc
	if r != nil {
		r.cancelled = true
		cancel = r.cancel
	}
	t.mu.Unlock()
	if cancel != nil {
		cancel()
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
