package web

import (
	"context"
	"net/http/httptrace"
	"sync"
	"time"
)

// Timing is what an exchange measured, for -v and -w.
type Timing struct {
	DNSDone, ConnectDone, TLSDone, FirstByte time.Duration
	Remote                                   string
	Reused                                   bool
}

// Stats collects the timing of one exchange; the transport's callbacks
// may run on other goroutines.
type Stats struct {
	mu    sync.Mutex
	Start time.Time
	t     Timing
}

type statsKey struct{}

func (s *Stats) mark(at *time.Duration) {
	s.mu.Lock()
	*at = time.Since(s.Start)
	s.mu.Unlock()
}

// Trace attaches the stats to a request context.
func (s *Stats) Trace(ctx context.Context) context.Context {
	ctx = context.WithValue(ctx, statsKey{}, s)
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		DNSDone: func(httptrace.DNSDoneInfo) { s.mark(&s.t.DNSDone) },
		ConnectDone: func(_, _ string, err error) {
			if err == nil {
				s.mark(&s.t.ConnectDone)
			}
		},
		GotConn: func(info httptrace.GotConnInfo) {
			s.mu.Lock()
			s.t.Remote, s.t.Reused = info.Conn.RemoteAddr().String(), info.Reused
			s.mu.Unlock()
		},
		GotFirstResponseByte: func() { s.mark(&s.t.FirstByte) },
	})
}

// Snapshot returns what was measured so far.
func (s *Stats) Snapshot() Timing {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.t
}
