package kept

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"time"
)

// Shared is a store that several instances of f0 share (a Valkey or Redis
// server): a copy one instance keeps there, any other opens, so the call
// for the next page of an answer reads the same copy on whichever
// instance a load balancer sends it to. The store bounds what it holds
// itself (its count, its bytes, and its time after a copy's last use).
type Shared interface {
	// Put stores a copy: rec describes it, body holds its rec.Size bytes.
	// When it returns nil, every instance can Get the copy.
	Put(ctx context.Context, rec Record, body io.Reader) error
	// Get returns the record of the copy id and starts its time again. A
	// copy that is not there is a *Missing saying why.
	Get(ctx context.Context, id string) (Record, error)
	// Body reads the size bytes of the copy id from its start.
	Body(ctx context.Context, id string, size int64) io.Reader
	// String names the store for messages (its address, no password).
	String() string
}

// Record describes a copy in the shared store: its token's parts, how
// many bytes it holds, when it was kept, and the tool's description of
// the answer.
type Record struct {
	ID, Sum string
	Size    int64
	Kept    time.Time
	Meta    []byte
}

// Missing is the error of a copy the shared store does not hold; Why says
// what became of it, as far as the store knows.
type Missing struct{ Why string }

func (e *Missing) Error() string { return "not in the shared store: " + e.Why }

// share puts the copy in the shared store, and gives back what it held
// here; false when the store did not take it (it is then kept here).
func (w *Writer) share(ctx context.Context, meta []byte) bool {
	var body io.Reader = w.buf.reader()
	if w.file != nil {
		body = io.NewSectionReader(w.file, 0, w.n)
	}
	rec := Record{ID: w.id, Sum: w.token.Sum, Size: w.n, Kept: w.s.Now(), Meta: meta}
	if err := w.s.Lim.Shared.Put(ctx, rec, body); err != nil {
		return false
	}
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	w.releaseLocked()
	return true
}

// openShared opens a copy this store never heard of in the shared store.
func (s *Store) openShared(ctx context.Context, token Token) (*Copy, error) {
	shared := s.Lim.Shared
	rec, err := shared.Get(ctx, token.ID)
	var missing *Missing
	switch {
	case errors.As(err, &missing):
		return nil, &Gone{Token: token, Why: missing.Why}
	case err != nil:
		return nil, &Gone{Token: token, Why: err.Error()}
	case rec.Sum != token.Sum:
		return nil, &Gone{Token: token, Why: "its token does not match the copy kept under that name (" + Token{ID: rec.ID, Sum: rec.Sum}.String() + ")"}
	}
	return &Copy{Meta: rec.Meta, Size: rec.Size, Token: token, Kept: rec.Kept, Shared: true, s: s}, nil
}

// checkedReader reads a copy from the shared store and fails rather than
// end early or with other bytes than the token's sum names (the copy
// dropped or changed while it was read).
type checkedReader struct {
	r    io.Reader
	want string
	size int64
	n    int64
	h    hash.Hash
}

func (c *checkedReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.h.Write(p[:n])
	c.n += int64(n)
	switch {
	case c.n > c.size:
		return n, fmt.Errorf("the shared copy holds more than its %d bytes", c.size)
	case err == io.EOF && c.n < c.size:
		return n, fmt.Errorf("the shared copy ended after %d of its %d bytes: it was dropped while it was read", c.n, c.size)
	case err == io.EOF && hex.EncodeToString(c.h.Sum(nil))[:16] != c.want:
		return n, fmt.Errorf("the shared copy's bytes are not the ones its token names (sha256 %s…)", c.want)
	}
	return n, err
}
