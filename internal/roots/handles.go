package roots

import "sync"

// handlePool counts open files that sessions hold for their roots, so
// that together they stay under a limit.
type handlePool struct {
	mu   sync.Mutex
	held int
}

// take reserves one handle, unless limit are held already.
func (h *handlePool) take(limit int) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.held >= limit {
		return false
	}
	h.held++
	return true
}

// give returns n handles.
func (h *handlePool) give(n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.held = max(h.held-n, 0)
}

// defaultMaxOpenRoots is the client roots all sessions may hold open
// together by default: a quarter of the process's open-file limit, so that
// reading files always has the rest, within bounds that suit any system.
func defaultMaxOpenRoots() int {
	return min(max(openFileLimit()/4, 64), 16384)
}
