package mcp

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"sync"
	"time"
)

// sessionStore issues and checks streamable HTTP session IDs. Unlike
// mcp-go's stateful manager it counts live sessions (for the session limit)
// and forgets terminated IDs after a while instead of keeping them forever.
type sessionStore struct {
	mu    sync.Mutex
	live  map[string]*session
	ended map[string]string // why each ended session ended, for its 404
}

// session is what the store knows about a live session.
type session struct {
	used   time.Time // last request
	called bool      // it has sent a tools/call request
	client string    // the address of the client that opened it, once known
	owner  string    // whose OAuth token opened it ("" without OAuth)
}

// Why a session was evicted, as told to its client.
const (
	evictedReason      = "it was closed to make room for a new client: the session table was full, and this session had never called a tool"
	evictedShareReason = "it was closed to make room for another client: the session table was full, and this session's client held more than its share of it"
)

// victim is the session eviction would close, and why.
type victim struct {
	id     string
	used   time.Time
	unused bool // it never called a tool (else its client holds too many)
}

const (
	sessionPrefix = "f0-"
	maxEnded      = 10000
)

func newSessionStore() *sessionStore {
	return &sessionStore{live: map[string]*session{}, ended: map[string]string{}}
}

// Generate issues a new random session ID.
func (s *sessionStore) Generate() string {
	id := sessionPrefix + rand.Text()
	s.mu.Lock()
	s.live[id] = &session{used: time.Now()}
	s.mu.Unlock()
	return id
}

// Validate reports whether id is a live session (isTerminated when it was
// ended by DELETE or expiry).
func (s *sessionStore) Validate(id string) (isTerminated bool, err error) {
	if !strings.HasPrefix(id, sessionPrefix) {
		return false, fmt.Errorf("invalid session id %q", id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.live[id]; ok {
		return false, nil
	}
	if _, ok := s.ended[id]; ok {
		return true, nil
	}
	return false, fmt.Errorf("session %q not found", id)
}

// Terminate ends a session.
func (s *sessionStore) Terminate(id string) (isNotAllowed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.end(id, "it was closed")
	return false, nil
}

// end moves a live session to the ended ones; s.mu is held.
func (s *sessionStore) end(id, why string) {
	if _, ok := s.live[id]; !ok {
		return
	}
	delete(s.live, id)
	if len(s.ended) >= maxEnded {
		clear(s.ended)
	}
	s.ended[id] = why
}

// use records a request of session id, and whether it calls a tool, when
// the session is live; it reports whether it is, and why it ended when it
// is not ("" when it never existed).
func (s *sessionStore) use(id string, callsTool bool) (live bool, ended string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	se, live := s.live[id]
	if !live {
		return false, s.ended[id]
	}
	se.used = time.Now()
	se.called = se.called || callsTool
	return true, ""
}

// setClient records the address of the client that opened session id,
// and the owner of the token it came with.
func (s *sessionStore) setClient(id, client, owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if se, ok := s.live[id]; ok {
		se.client, se.owner = client, owner
	}
}

// ownedBy reports whether session id may be used by owner: it was opened
// by the same one (a session found with another's token is not theirs).
func (s *sessionStore) ownedBy(id, owner string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	se, ok := s.live[id]
	return !ok || se.owner == owner
}

// evict ends a session to make room for a new one that client asks for
// (see victim), once it was idle for at least minIdle. It reports the
// session evicted and whether it had never called a tool.
func (s *sessionStore) evict(minIdle time.Duration, client string) (id string, unused, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.victim(client)
	if v.id == "" || time.Since(v.used) < minIdle {
		return "", false, false
	}
	why := evictedShareReason
	if v.unused {
		why = evictedReason
	}
	s.end(v.id, why)
	return v.id, v.unused, true
}

// victim is the session to close for a new one that client asks for: the
// session idle longest among those that never called a tool; else, when
// another client holds more than its share of the table (the table
// divided among the clients holding it and this one), that client's
// session idle longest. A client is judged by what its sessions did, and
// can take no more than its share from others; it never evicts its own
// working sessions. s.mu is held.
func (s *sessionStore) victim(client string) victim {
	if id, used := s.oldestUnused(); id != "" {
		return victim{id: id, used: used, unused: true}
	}
	held := map[string]int{}
	for _, se := range s.live {
		held[se.client]++
	}
	clients := len(held)
	if _, ok := held[client]; !ok {
		clients++
	}
	share := len(s.live) / clients
	heavy := ""
	for c, n := range held {
		if c != client && n > share && (heavy == "" || n > held[heavy]) {
			heavy = c
		}
	}
	if heavy == "" {
		return victim{}
	}
	var v victim
	for sid, se := range s.live {
		if se.client == heavy && (v.id == "" || se.used.Before(v.used)) {
			v = victim{id: sid, used: se.used}
		}
	}
	return v
}

// oldestUnused is the live session idle longest among those that never
// called a tool, and when it was last used ("" when there is none); s.mu
// is held.
func (s *sessionStore) oldestUnused() (id string, used time.Time) {
	for sid, se := range s.live {
		if !se.called && (id == "" || se.used.Before(used)) {
			id, used = sid, se.used
		}
	}
	return id, used
}

// OpenSessions is the number of live MCP sessions (none when stateless).
func (h *HTTPServer) OpenSessions() int {
	if h.sessions == nil {
		return 0
	}
	return h.sessions.count()
}

func (s *sessionStore) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}

// settlingWait bounds how long a request waits for its session's
// initialize to finish.
const settlingWait = 10 * time.Second

// settling holds back the requests of a session whose initialize response
// is still being written. mcp-go registers a session only after it wrote
// the initialize response; a client quick to open its GET stream or to
// answer roots/list would otherwise meet a half-registered session (its
// GET registering a second session object, or its answer finding none).
type settling struct {
	mu sync.Mutex
	m  map[string]chan struct{}
}

// begin marks a session as being initialized.
func (s *settling) begin(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]chan struct{}{}
	}
	s.m[id] = make(chan struct{})
}

// end releases the requests waiting for the session.
func (s *settling) end(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ch, ok := s.m[id]; ok {
		close(ch)
		delete(s.m, id)
	}
}

// wait returns once the session's initialize has finished (or the request
// ended, or settlingWait passed).
func (s *settling) wait(ctx context.Context, id string) {
	s.mu.Lock()
	ch, ok := s.m[id]
	s.mu.Unlock()
	if !ok {
		return
	}
	timer := time.NewTimer(settlingWait)
	defer timer.Stop()
	select {
	case <-ch:
	case <-ctx.Done():
	case <-timer.C:
	}
}
