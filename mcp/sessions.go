package mcp

import (
	"crypto/rand"
	"fmt"
	"strings"
	"sync"
)

// sessionStore issues and checks streamable HTTP session IDs. Unlike
// mcp-go's stateful manager it counts live sessions (for the session limit)
// and forgets terminated IDs after a while instead of keeping them forever.
type sessionStore struct {
	mu    sync.Mutex
	live  map[string]struct{}
	ended map[string]struct{}
}

const (
	sessionPrefix = "f0-"
	maxEnded      = 10000
)

func newSessionStore() *sessionStore {
	return &sessionStore{live: map[string]struct{}{}, ended: map[string]struct{}{}}
}

// Generate issues a new random session ID.
func (s *sessionStore) Generate() string {
	id := sessionPrefix + rand.Text()
	s.mu.Lock()
	s.live[id] = struct{}{}
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
	if _, ok := s.live[id]; !ok {
		return false, nil
	}
	delete(s.live, id)
	if len(s.ended) >= maxEnded {
		clear(s.ended)
	}
	s.ended[id] = struct{}{}
	return false, nil
}

func (s *sessionStore) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}
