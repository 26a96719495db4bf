package mcp

import (
	"container/list"
	"context"
	"net"
	"net/http"
	"sync"
)

// connLimiter caps the open HTTP connections without letting slow or idle
// clients lock the others out. A listener that waits for a free slot
// (netutil.LimitListener) hands the server to whoever holds the slots: a
// few thousand connections that never finish their headers keep /healthz
// and every real client waiting in the kernel's queue. connLimiter
// accepts at once and, when over the cap, closes the connection that
// matters least: the oldest one that never sent a whole request, else the
// oldest idle keep-alive connection. A connection serving a request is
// never closed; when every slot serves one, the newcomer is.
type connLimiter struct {
	net.Listener
	max int

	mu sync.Mutex
	// waiting holds connections with no request being served, oldest
	// first: never served ones in fresh, idle keep-alive ones in idle.
	fresh, idle list.List
	open        int
}

// trackedConn is one accepted connection and where it sits.
type trackedConn struct {
	net.Conn
	lim *connLimiter
	// The fields below are guarded by lim.mu.
	elem    *list.Element
	serving int
	closed  bool
}

// limitConns wraps ln so that at most max connections stay open.
func limitConns(ln net.Listener, max int) *connLimiter {
	return &connLimiter{Listener: ln, max: max}
}

// Accept takes the next connection, making room for it first.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if tc := l.admit(c); tc != nil {
			return tc, nil
		}
		c.Close() // every slot serves a request
	}
}

// admit makes room for c and tracks it; nil when there is no room.
func (l *connLimiter) admit(c net.Conn) *trackedConn {
	l.mu.Lock()
	var victim *trackedConn
	if l.open >= l.max {
		if victim = l.oldestWaiting(); victim == nil {
			l.mu.Unlock()
			return nil
		}
	}
	tc := &trackedConn{Conn: c, lim: l}
	tc.elem = l.fresh.PushBack(tc)
	l.open++
	l.mu.Unlock()
	if victim != nil {
		victim.Close()
	}
	return tc
}

// oldestWaiting unlinks and returns the connection to close for room.
func (l *connLimiter) oldestWaiting() *trackedConn {
	for _, q := range []*list.List{&l.fresh, &l.idle} {
		if e := q.Front(); e != nil {
			tc := q.Remove(e).(*trackedConn)
			tc.elem = nil
			return tc
		}
	}
	return nil
}

// serve marks the connection as serving a request until done is called;
// it leaves the queues meanwhile, so it cannot be closed for room.
func (c *trackedConn) serve() (done func()) {
	l := c.lim
	l.mu.Lock()
	c.serving++
	if c.elem != nil {
		l.fresh.Remove(c.elem)
		l.idle.Remove(c.elem)
		c.elem = nil
	}
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		c.serving--
		if c.serving == 0 && !c.closed && c.elem == nil {
			c.elem = l.idle.PushBack(c)
		}
	}
}

// Close closes the connection once and frees its slot.
func (c *trackedConn) Close() error {
	l := c.lim
	l.mu.Lock()
	if c.closed {
		l.mu.Unlock()
		return nil
	}
	c.closed = true
	l.open--
	if c.elem != nil {
		l.fresh.Remove(c.elem)
		l.idle.Remove(c.elem)
		c.elem = nil
	}
	l.mu.Unlock()
	return c.Conn.Close()
}

type connKey struct{}

// connContext remembers the connection a request came on (http.Server's
// ConnContext).
func connContext(ctx context.Context, c net.Conn) context.Context {
	if tc, ok := c.(*trackedConn); ok {
		return context.WithValue(ctx, connKey{}, tc)
	}
	return ctx
}

// servingConns marks a request's connection as serving while next runs.
func servingConns(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tc, ok := r.Context().Value(connKey{}).(*trackedConn); ok {
			defer tc.serve()()
		}
		next.ServeHTTP(w, r)
	})
}
