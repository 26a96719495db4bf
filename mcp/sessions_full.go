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
// for minIdle, so the wait is what the longest-idle such session still
// lacks; when every session called tools, it is the time until the
// longest-idle one expires at ttl (--session-ttl).
func (s *sessionStore) roomAnswer(maxSessions int, minIdle, ttl time.Duration) (text string, retryAfter int) {
	wait, unused := s.nextRoom(minIdle, ttl)
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	end := "A client frees its slot at once by ending its session (DELETE /mcp with its Mcp-Session-Id)."
	if unused {
		return fmt.Sprintf("503 too many sessions (%d). A session that never called a tool is closed to make room once it has been idle for %s: retry in %d s (Retry-After). %s",
			maxSessions, shortDuration(minIdle), secs, end), secs
	}
	return fmt.Sprintf("503 too many sessions (%d), and every one has called tools. The session idle longest ends when it has been idle for %s (--session-ttl): retry in %d s (Retry-After). %s",
		maxSessions, shortDuration(ttl), secs, end), secs
}

// nextRoom is how long until a live session can be evicted (unused: one
// that never called a tool, once idle for minIdle) or, when all called
// tools, until the longest-idle one expires at ttl.
func (s *sessionStore) nextRoom(minIdle, ttl time.Duration) (wait time.Duration, unused bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, used := s.oldestUnused(); id != "" {
		return minIdle - time.Since(used), true
	}
	var oldest time.Time
	for _, se := range s.live {
		if oldest.IsZero() || se.used.Before(oldest) {
			oldest = se.used
		}
	}
	return ttl - time.Since(oldest), false
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
