package roots

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// shared is what every set of one server shares, whichever session's roots
// a call uses: the turns the writers of one file take.
type shared struct {
	locks fileLocks
	// handles counts the client roots open in every session.
	handles handlePool
	// beforeReplace, when set, runs in Rewrite between reading the file and
	// checking it is still the one read (see BeforeReplace).
	beforeReplace func(Loc)
}

func newShared() *shared { return &shared{locks: fileLocks{held: map[string]*turn{}}} }

// BeforeReplace makes f run in every Rewrite of the set (and of the sets
// sharing its writers' turns) after the file was read and its new content
// written beside it, just before the check that it is still the one read:
// where a writer outside f0 changes it. It is for tests; call it before the
// set is in use.
func (s *Set) BeforeReplace(f func(Loc)) { s.shared.beforeReplace = f }

// fileLocks makes the writers of one file take turns. A file is known by
// its symlink-free absolute path (fileKey), so two roots that nest, and a
// link to a directory on the way, reach one file under one name. An entry
// lives while a writer holds or waits for it.
type fileLocks struct {
	mu   sync.Mutex
	held map[string]*turn
}

// turn is one file's lock: its channel holds a value while a writer has
// the file.
type turn struct {
	ch   chan struct{}
	refs int // writers holding or waiting
}

// lock waits for l's turn (or for ctx to end) and returns the function
// that ends it.
func (k *fileLocks) lock(ctx context.Context, l Loc) (func(), error) {
	key := fileKey(l)
	k.mu.Lock()
	t := k.held[key]
	if t == nil {
		t = &turn{ch: make(chan struct{}, 1)}
		k.held[key] = t
	}
	t.refs++
	k.mu.Unlock()
	select {
	case t.ch <- struct{}{}:
		return func() { <-t.ch; k.release(key, t) }, nil
	case <-ctx.Done():
		k.release(key, t)
		return nil, ctx.Err()
	}
}

// fileKey names the file l reaches: its directory with every link on the
// way resolved, then its name (a write never goes through a link in the
// last place: see writable). A directory that does not exist yet keeps
// the path as given. It is a name for taking turns, never for access.
func fileKey(l Loc) string {
	abs := l.Abs()
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

func (k *fileLocks) release(key string, t *turn) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if t.refs--; t.refs == 0 {
		delete(k.held, key)
	}
}

// Current is a file as Rewrite read it, for a Change to make its new
// content from.
type Current struct {
	// Reader gives the file's content (nothing when it does not exist).
	io.Reader
	// Exists is false when there is no file yet.
	Exists bool
	// Size is the file's size when it was opened.
	Size int64
	// Changed counts the earlier reads of this Rewrite that another writer
	// made stale: 0 the first time. A change asked again applies to the
	// file as it is now, exactly as asked, or fails.
	Changed int
}

// Change writes a file's new content, made from its current one, to w.
// An error leaves the file as it was.
type Change func(cur Current, w io.Writer) error

// maxRewrites is how many times Rewrite reads a file that other writers
// keep changing before it gives up.
const maxRewrites = 3

// ErrChanged is wrapped by a Rewrite that gave up because other writers
// kept changing the file.
var ErrChanged = errors.New("changed by another writer")

// Rewrite replaces the content of l with what change makes of it, through
// a temporary file renamed into place (as WriteAtomic), and never over
// someone else's change: the writers of one file in this process take
// turns from the read to the rename, and just before the rename the file
// is checked to be still the one read (its size and the SHA-256 of its
// content), so that a writer outside f0 is noticed too. Then the temporary
// file is removed and change is asked again with the file as it is now
// (Current.Changed > 0), up to maxRewrites reads. An error from change is
// returned as it is, with nothing written and nothing left behind. It
// returns the bytes written.
func (s *Set) Rewrite(ctx context.Context, l Loc, opts WriteOptions, change Change) (int64, error) {
	unlock, err := s.shared.locks.lock(ctx, l)
	if err != nil {
		return 0, err
	}
	defer unlock()
	for try := range maxRewrites {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		n, done, err := s.rewriteOnce(l, opts, change, try)
		if err != nil || done {
			return n, err
		}
	}
	return 0, fmt.Errorf("%s %w %d times while f0 was writing it; nothing was written: try again when it is quiet", s.Display(l), ErrChanged, maxRewrites)
}

// rewriteOnce reads l, writes what change makes of it beside it, and puts
// that in place when l is still as read (done is false when it was not).
func (s *Set) rewriteOnce(l Loc, opts WriteOptions, change Change, try int) (n int64, done bool, err error) {
	seen, err := s.readFile(l)
	if err != nil {
		return 0, false, err
	}
	defer seen.close()
	tmp, err := s.writeTemp(l, opts, func(w io.Writer) error {
		if err := change(seen.current(try), w); err != nil {
			return err
		}
		return seen.finish()
	})
	if err != nil {
		return tmp.n, false, err
	}
	if f := s.shared.beforeReplace; f != nil {
		f(l)
	}
	same, err := seen.still(l)
	if err != nil || !same {
		tmp.discard()
		return 0, false, err
	}
	return tmp.n, true, tmp.commit()
}

// version is a file as a Rewrite read it: whether it existed, its size,
// and the hash of every byte read.
type version struct {
	s      *Set
	l      Loc
	f      *os.File // nil when the file does not exist
	exists bool
	size   int64
	sum    hash.Hash
	read   io.Reader // the file through sum
}

// readFile opens l for a Rewrite.
func (s *Set) readFile(l Loc) (*version, error) {
	v := &version{s: s, l: l, sum: sha256.New()}
	f, err := l.Open()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		v.read = bytes.NewReader(nil)
		return v, nil
	case err != nil:
		return nil, s.Explain("read", l, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, s.Explain("read", l, err)
	}
	v.f, v.exists, v.size = f, true, info.Size()
	v.read = io.TeeReader(f, v.sum)
	return v, nil
}

func (v *version) current(try int) Current {
	return Current{Reader: v.read, Exists: v.exists, Size: v.size, Changed: try}
}

// finish reads what the change left unread, so that the hash covers the
// whole file.
func (v *version) finish() error {
	if _, err := io.Copy(io.Discard, v.read); err != nil {
		return v.s.Explain("read", v.l, err)
	}
	return nil
}

func (v *version) close() {
	if v.f != nil {
		v.f.Close()
	}
}

// still reports whether l is the file v read: there is none if there was
// none; otherwise it has the same size and content.
func (v *version) still(l Loc) (bool, error) {
	f, err := l.Open()
	if errors.Is(err, fs.ErrNotExist) {
		return !v.exists, nil
	}
	if err != nil {
		return false, v.s.Explain("read", l, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return false, v.s.Explain("read", l, err)
	}
	if !v.exists || info.Size() != v.size {
		return false, nil
	}
	now := sha256.New()
	if _, err := io.Copy(now, f); err != nil {
		return false, v.s.Explain("read", l, err)
	}
	return bytes.Equal(now.Sum(nil), v.sum.Sum(nil)), nil
}
