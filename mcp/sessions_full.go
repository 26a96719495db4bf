package mcp

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// roomAnswer is what a new client hears when the session table is full:
// when a slot can next free up and what frees one, and the same wait in
// seconds for its Retry-After header.
//
// A session that never called a tool can be evicted once it has been idle
// for minIdle, and so can a session of another client that holds more
// than its share of the table (see victim), so the wait is what that
// session still lacks; when there is none, it is the time until the
// longest-idle session expires at ttl (--session-ttl).
func (s *sessionStore) roomAnswer(maxSessions int, minIdle, ttl time.Duration, client string) (text string, retryAfter int) {
	wait, v := s.nextRoom(minIdle, ttl, client)
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	end := "A client frees its slot at once by ending its session (DELETE /mcp with its Mcp-Session-Id)."
	switch {
	case v.unused:
		return fmt.Sprintf("503 too many sessions (%d). A session that never called a tool is closed to make room once it has been idle for %s: retry in %d s (Retry-After). %s",
			maxSessions, shortDuration(minIdle), secs, end), secs
	case v.id != "":
		return fmt.Sprintf("503 too many sessions (%d). A client holding more than its share of them gives up its session idle longest once that has been idle for %s: retry in %d s (Retry-After). %s",
			maxSessions, shortDuration(minIdle), secs, end), secs
	}
	return fmt.Sprintf("503 too many sessions (%d), and every one has called tools. The session idle longest ends when it has been idle for %s (--session-ttl): retry in %d s (Retry-After). %s",
		maxSessions, shortDuration(ttl), secs, end), secs
}

// nextRoom is how long until a live session can be evicted for client (v,
// once idle for minIdle) or, when none can, until the longest-idle one
// expires at ttl.
func (s *sessionStore) nextRoom(minIdle, ttl time.Duration, client string) (time.Duration, victim) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v := s.victim(client); v.id != "" {
		return minIdle - time.Since(v.used), v
	}
	var oldest time.Time
	for _, se := range s.live {
		if oldest.IsZero() || se.used.Before(oldest) {
			oldest = se.used
		}
	}
	return ttl - time.Since(oldest), victim{}
}

// shortDuration writes d without zero units: 10s, 30m, 1h30m.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
