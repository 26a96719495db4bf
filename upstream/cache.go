package upstream

import (
	"sync"
	"time"

	"f0/tools"
)

// Results too long for one answer are kept so that the calls that page
// through them (offset) read the kept copy instead of calling the upstream
// again: at most keepResults results and keepBytes bytes, each for keepFor.
const (
	keepResults = 16
	keepBytes   = 64 << 20
	keepFor     = 10 * time.Minute
)

// kept is one upstream result kept for paging.
type kept struct {
	res  tools.Result
	at   time.Time
	size int
}

// results keeps the latest long results of one server by call (tool and
// arguments).
type results struct {
	mu    sync.Mutex
	byKey map[string]*kept
	order []string // oldest first
	bytes int
}

// get returns the result kept for key, if it is still fresh.
func (r *results) get(key string, now time.Time) (tools.Result, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k, ok := r.byKey[key]
	if !ok || now.Sub(k.at) > keepFor {
		return tools.Result{}, false
	}
	return k.res, true
}

// put keeps res under key, dropping the oldest results beyond the limits.
func (r *results) put(key string, res tools.Result, now time.Time) {
	size := len(res.Text)
	for _, img := range res.Images {
		size += len(img.Data)
	}
	if size > keepBytes {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byKey == nil {
		r.byKey = map[string]*kept{}
	}
	r.drop(key)
	r.byKey[key] = &kept{res: res, at: now, size: size}
	r.order = append(r.order, key)
	r.bytes += size
	for len(r.order) > keepResults || r.bytes > keepBytes {
		r.drop(r.order[0])
	}
}

// drop forgets the result kept under key.
func (r *results) drop(key string) {
	k, ok := r.byKey[key]
	if !ok {
		return
	}
	delete(r.byKey, key)
	r.bytes -= k.size
	for i, o := range r.order {
		if o == key {
			r.order = append(r.order[:i], r.order[i+1:]...)
			break
		}
	}
}
