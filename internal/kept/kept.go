// Package kept holds the copies an engine keeps of long answers (a
// response's body, an upstream tool's result) so that the call for the next
// page reads the same answer: the store, its writers and its tokens. The
// engine owns the store; tools reach it only through tool.Call (KeepCopy,
// OpenCopy). It imports no f0 package but internal/text.
package kept

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"regexp"
	"slices"
	"sync"
	"time"

	"f0/internal/text"
)

// What a pipeline keeps of the answers calls page through, unless the
// operator chose otherwise (Limits): this many copies, this many bytes
// of them together (in memory and on disk), this many of those bytes in
// memory, each for this long after its last use.
const (
	DefaultCount  = 32
	DefaultBytes  = 128 << 20
	DefaultMemory = 8 << 20
	DefaultFor    = 10 * time.Minute
)

// keptGoneMemory is how many dropped copies the store remembers, to say
// why one is gone; keptInMemory is the most of one copy held in memory
// before it spills to a file.
const (
	keptGoneMemory = 256
	InMemory       = 1 << 20
)

// Limits bound the copies a pipeline keeps of long answers (a
// response's body, an upstream tool's result), so that the call for the
// next page reads the same answer instead of asking for it again. Zero
// fields take the defaults.
type Limits struct {
	Count  int
	Bytes  int64
	Memory int64
	For    time.Duration
	// Dir is where the store makes its private directory (mode 0700,
	// removed by Host.Close) for copies too large to keep in memory;
	// "" is the system's temporary directory. NoDisk keeps copies in
	// memory only.
	Dir    string
	NoDisk bool
	// Off keeps no copy at all: a command line that ends with its answer
	// (a continuation then reads the source again, or says why it cannot).
	Off bool
	// Shared, when set, is a store several instances of f0 share (see
	// Shared): copies are kept there, so that whichever instance gets the
	// call for the next page reads the same copy. A copy the shared store
	// could not take is kept here, as without one.
	Shared Shared
}

func (l Limits) withDefaults() Limits {
	if l.Count <= 0 {
		l.Count = DefaultCount
	}
	if l.Bytes <= 0 {
		l.Bytes = DefaultBytes
	}
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	if l.For <= 0 {
		l.For = DefaultFor
	}
	return l
}

// largest is the most one copy may hold: half of all the store keeps, so
// that one answer does not push out every other.
func (l Limits) largest() int64 { return l.Bytes / 2 }

// A Token names a kept copy and what it held: "r-<id>-<sum>", where
// sum is the start of the sha256 of the copy's bytes. The sum outlives the
// copy: when the copy is gone (expired, dropped for room, another instance,
// a restart), a tool that may ask again (a GET) compares the new answer's
// sum with it, and says the source changed when they differ.
type Token struct {
	ID, Sum string
}

var tokenPattern = regexp.MustCompile(`^r-([0-9a-f]{12})-([0-9a-f]{16})$`)

// TokenExample is what a token looks like, for messages.
const TokenExample = "r-7f3a9c2b7d4e-5e2a9c01d3b7f0aa"

// String renders the token as footers write it.
func (t Token) String() string { return "r-" + t.ID + "-" + t.Sum }

// ParseToken reads a token written by String.
func ParseToken(s string) (Token, bool) {
	m := tokenPattern.FindStringSubmatch(s)
	if m == nil {
		return Token{}, false
	}
	return Token{ID: m[1], Sum: m[2]}, true
}

// Store is a pipeline's kept copies: at most lim.Count, lim.Bytes
// together (copies being written included), of which lim.Memory in memory;
// the rest spills to files in a private directory. The least recently used
// copy goes first when room is needed; a copy unused for lim.For expires.
type Store struct {
	Lim Limits
	Now func() time.Time

	mu        sync.Mutex
	Dir       string // the private directory, made at the first spill
	closed    bool
	entries   []*keptEntry // least recently used first
	Bytes     int64        // held by entries and by writers
	Mem       int64        // of which in memory
	gone      map[string]string
	goneOrder []string
	timer     *time.Timer
}

func NewStore(lim Limits) *Store {
	return &Store{Lim: lim.withDefaults(), Now: time.Now, gone: map[string]string{}}
}

// keptEntry is one kept copy.
type keptEntry struct {
	id, sum   string
	meta      []byte
	size      int64 // bytes of content
	held      int64 // bytes counted against the store (content and meta)
	inMemory  int64 // of which in memory
	data      chunks
	file      *os.File
	last      time.Time
	readers   int
	dropped   bool
	createdAt time.Time
}

// Copy is an open kept copy: the tool's own description of the answer
// (Meta, as the tool encoded it) and its bytes. Close it when done
// reading.
type Copy struct {
	Meta []byte
	Size int64
	// Token names the copy.
	Token Token
	// Kept is when the copy was made.
	Kept time.Time
	// Shared is set when the copy is read from the shared store.
	Shared bool
	s      *Store
	e      *keptEntry
}

// Reader reads the copy's bytes from the start. The bytes of a copy in
// the shared store are checked against the token's sum as they end.
func (c *Copy) Reader(ctx context.Context) io.Reader {
	if c.Shared {
		return &checkedReader{r: c.s.Lim.Shared.Body(ctx, c.Token.ID, c.Size), want: c.Token.Sum, size: c.Size, h: sha256.New()}
	}
	if c.e.file != nil {
		return io.NewSectionReader(c.e.file, 0, c.e.size)
	}
	return c.e.data.reader()
}

// Close releases the copy; its file goes once it is dropped and no one
// reads it.
func (c *Copy) Close() {
	if c.Shared {
		return
	}
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.e.readers--
	c.s.release(c.e)
}

// Gone is the error of a token whose copy is not there: Why says
// what became of it.
type Gone struct {
	Token Token
	Why   string
	// unknown is set when this store never heard of the copy, which the
	// shared store may then hold.
	unknown bool
}

func (e *Gone) Error() string { return "the kept copy " + e.Token.String() + " is gone: " + e.Why }

// Writer writes a copy as the tool reads the answer: it keeps the
// bytes (in memory, or in a file past keptInMemory or the store's memory
// limit) and hashes them. Keep makes it a copy later calls can open;
// otherwise the pipeline drops it when the call ends. Writes never fail:
// a copy that cannot be kept (too large, a disk error) is only hashed,
// and Keep then says why it was not kept.
type Writer struct {
	s        *Store
	id       string
	h        hash.Hash     // nil when sum gives the hash
	sum      func() string // the tool's hash of what it wrote
	n        int64
	buf      chunks
	file     *os.File
	held     int64 // bytes counted against the store
	inMemory int64
	failed   string // why the copy is not kept, once it stopped
	done     bool
	token    Token
	kept     bool
}

// NewWriter starts a copy in s of an answer the current call may page
// through: write the answer to it as it is read, then Keep it with the
// tool's description of the answer, or leave it, and the engine drops it
// when the call ends. sum, when not nil, returns the hex sha256 of what
// was written, which the tool computes anyway (a response's body);
// otherwise the writer hashes what it keeps. With a nil s (outside a
// server), or when the operator keeps no copies, the writer keeps
// nothing: its token still carries the sum. Keeping reports whether it
// may keep its copy.
func NewWriter(s *Store, sum func() string) *Writer {
	w := &Writer{id: newCopyID(), sum: sum}
	if sum == nil {
		w.h = sha256.New()
	}
	switch {
	case s == nil:
		w.failed = "it was made outside a server, which keeps no copies"
	case s.Lim.Off:
		w.failed = "f0 keeps no copies in a command that ends with its answer"
	default:
		w.s = s
	}
	return w
}

// Keeping reports whether the writer writes into a store (it may keep its
// copy), as opposed to only hashing.
func (w *Writer) Keeping() bool { return w.s != nil }

// Open opens the copy a token names, here or in the shared store; a nil
// s has none. A copy that is gone is a *Gone saying why.
func Open(ctx context.Context, s *Store, token Token) (*Copy, error) {
	if s == nil {
		return nil, &Gone{Token: token, Why: "there is no server to keep it"}
	}
	c, err := s.open(token)
	if s.Lim.Shared == nil {
		return c, err
	}
	if gone, ok := err.(*Gone); ok && gone.unknown {
		return s.openShared(ctx, token)
	}
	return c, err
}

func newCopyID() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Write keeps p (and hashes it, without the tool's sum); it always takes
// all of p.
func (w *Writer) Write(p []byte) (int, error) {
	if w.h != nil {
		w.h.Write(p)
	}
	w.n += int64(len(p))
	if w.s == nil || w.failed != "" || w.done || len(p) == 0 {
		return len(p), nil
	}
	if w.n > w.s.Lim.largest() {
		w.stop(fmt.Sprintf("the answer is larger than the %s f0 keeps of one answer", text.HumanBytes(w.s.Lim.largest())))
		return len(p), nil
	}
	spill, ok := w.place(int64(len(p)))
	if !ok {
		return len(p), nil
	}
	if spill {
		if err := w.spill(); err != nil {
			w.stop(fmt.Sprintf("writing it to disk failed (%v)", err))
			return len(p), nil
		}
	}
	if w.file == nil {
		w.buf.write(p)
		return len(p), nil
	}
	if _, err := w.file.Write(p); err != nil {
		w.stop(fmt.Sprintf("writing it to disk failed (%v)", err))
	}
	return len(p), nil
}

// place counts n more bytes against the store, making room by dropping
// the least recently used copies, and decides where they go: memory while
// the copy is small and the memory limit allows, a file otherwise (spill
// is set when the bytes in memory must move there first). It stops the
// copy when there is no room.
func (w *Writer) place(n int64) (spill, ok bool) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		w.stopLocked("the server was shutting down")
		return false, false
	}
	// A copy stays in memory while it is small and memory is free; past
	// that it spills to a file rather than push older copies out. Without
	// a disk, memory is all there is: older copies make room.
	small := w.file == nil && w.buf.size+n <= InMemory
	inMemory := small && s.Mem+n <= s.Lim.Memory
	if s.Lim.NoDisk {
		inMemory = w.file == nil && s.makeRoom(n, true)
	}
	if !inMemory && s.Lim.NoDisk {
		w.stopLocked(fmt.Sprintf("the answer is larger than the %s this f0 keeps in memory", text.HumanBytes(s.Lim.Memory)))
		return false, false
	}
	if !s.makeRoom(n, false) {
		w.stopLocked(fmt.Sprintf("copies being written take all of the %s f0 keeps", text.HumanBytes(s.Lim.Bytes)))
		return false, false
	}
	s.Bytes += n
	w.held += n
	if inMemory {
		s.Mem += n
		w.inMemory += n
		return false, true
	}
	if w.file == nil {
		// The bytes in memory move to the file.
		s.Mem -= w.buf.size
		w.inMemory -= w.buf.size
		return true, true
	}
	return false, true
}

// spill moves the copy's bytes from memory to a new file in the store's
// private directory.
func (w *Writer) spill() error {
	dir, err := w.s.privateDir()
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "copy-*")
	if err != nil {
		return err
	}
	w.file = f
	_, err = w.buf.reader().(io.WriterTo).WriteTo(f)
	w.buf = chunks{}
	return err
}

// stop gives up keeping the copy (it goes on hashing) and releases what
// it held.
func (w *Writer) stop(why string) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	w.stopLocked(why)
}

func (w *Writer) stopLocked(why string) {
	if w.failed == "" {
		w.failed = why
	}
	w.releaseLocked()
}

// releaseLocked gives back what the copy holds in the store (its bytes in
// memory, its file).
func (w *Writer) releaseLocked() {
	w.s.Bytes -= w.held
	w.s.Mem -= w.inMemory
	w.held, w.inMemory = 0, 0
	w.buf = chunks{}
	if w.file != nil {
		w.file.Close()
		os.Remove(w.file.Name())
		w.file = nil
	}
}

// Keep ends the copy and makes it one that later calls open by its
// token, with meta, the tool's description of the answer (an HTTP
// response's status and headers) as bytes it decodes again, which the
// store keeps in memory. With a shared store, the copy goes there, and
// only when that fails is it kept here. kept is false when the copy could
// not be kept (NotKept says why; the token still carries the sum).
// Calling Keep again returns the same.
func (w *Writer) Keep(ctx context.Context, meta []byte) (token Token, kept bool) {
	if w.done {
		return w.token, w.kept
	}
	w.done = true
	w.token = Token{ID: w.id, Sum: w.Sum()}
	if w.s == nil {
		return w.token, false
	}
	if w.s.Lim.Shared != nil && w.failed == "" && w.share(ctx, meta) {
		w.kept = true
		return w.token, true
	}
	w.kept = w.keepHere(meta)
	return w.token, w.kept
}

// keepHere makes the copy one of this store's.
func (w *Writer) keepHere(meta []byte) bool {
	s := w.s
	metaBytes := int64(len(meta))
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case w.failed != "":
	case s.closed:
		w.stopLocked("the server was shutting down")
	case !s.makeRoom(metaBytes, true):
		w.stopLocked("the server's memory for copies is full")
	}
	if w.failed != "" {
		s.forget(w.id, "it was not kept: "+w.failed)
		return false
	}
	now := s.Now()
	e := &keptEntry{id: w.id, sum: w.token.Sum, meta: meta, size: w.n, held: w.held + metaBytes, inMemory: w.inMemory + metaBytes,
		data: w.buf, file: w.file, last: now, createdAt: now}
	s.Bytes, s.Mem = s.Bytes+metaBytes, s.Mem+metaBytes
	w.buf, w.file, w.held, w.inMemory = chunks{}, nil, 0, 0
	s.entries = append(s.entries, e)
	for len(s.entries) > s.Lim.Count {
		s.drop(s.entries[0], fmt.Sprintf("it was dropped to make room for newer copies (f0 keeps %d at once)", s.Lim.Count))
	}
	s.arm()
	return true
}

// NotKept says why the copy was not kept, "" while it may be.
func (w *Writer) NotKept() string { return w.failed }

// Discard drops a copy that was not kept.
func (w *Writer) Discard() {
	if w.done || w.s == nil {
		w.done = true
		return
	}
	w.done = true
	w.stop("it was discarded")
}

// Token returns the copy's token once Keep was called, and whether one
// was made.
func (w *Writer) Token() (Token, bool) { return w.token, w.done && w.kept }

// Sum is the start of the sha256 of the bytes written so far, as tokens
// carry it.
func (w *Writer) Sum() string {
	if w.sum != nil {
		return w.sum()[:16]
	}
	return hex.EncodeToString(w.h.Sum(nil))[:16]
}

// chunks are bytes kept in memory in pieces, so that keeping more never
// copies what is kept already.
type chunks struct {
	list [][]byte
	size int64
}

const chunkSize = 64 << 10

func (c *chunks) write(p []byte) {
	for len(p) > 0 {
		if n := len(c.list); n == 0 || len(c.list[n-1]) == cap(c.list[n-1]) {
			c.list = append(c.list, make([]byte, 0, min(chunkSize, max(len(p), 4<<10))))
		}
		last := &c.list[len(c.list)-1]
		k := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
		c.size += int64(k)
	}
}

// reader reads the pieces in order.
func (c chunks) reader() io.Reader {
	return &chunkReader{list: slices.Clone(c.list)} // Read moves through its own list
}

type chunkReader struct{ list [][]byte }

func (r *chunkReader) Read(p []byte) (int, error) {
	for len(r.list) > 0 && len(r.list[0]) == 0 {
		r.list = r.list[1:]
	}
	if len(r.list) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.list[0])
	r.list[0] = r.list[0][n:]
	return n, nil
}

// WriteTo writes the pieces to w.
func (r *chunkReader) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for _, b := range r.list {
		n, err := w.Write(b)
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	r.list = nil
	return total, nil
}

// privateDir returns the store's own directory, made at the first call:
// mode 0700, inside lim.Dir (the system's temporary directory by default),
// never inside the roots (the operator's setup chooses lim.Dir).
func (s *Store) privateDir() (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return "", errors.New("the server is shutting down")
	}
	if s.Dir != "" {
		return s.Dir, nil
	}
	dir, err := os.MkdirTemp(s.Lim.Dir, "f0-kept-")
	if err != nil {
		return "", fmt.Errorf("make the directory for kept copies: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		os.Remove(dir)
		return "", fmt.Errorf("make the directory for kept copies: %w", err)
	}
	s.Dir = dir
	return dir, nil
}

// makeRoom drops the least recently used copies until n more bytes fit
// (in memory when memory is set), and reports whether they do.
func (s *Store) makeRoom(n int64, memory bool) bool {
	fits := func() bool {
		if memory {
			return s.Mem+n <= s.Lim.Memory && s.Bytes+n <= s.Lim.Bytes
		}
		return s.Bytes+n <= s.Lim.Bytes
	}
	for !fits() {
		victim := s.lruHolding(memory)
		if victim == nil {
			return false
		}
		s.drop(victim, fmt.Sprintf("it was dropped to make room for newer copies (f0 keeps %s of copies at once)", text.HumanBytes(s.Lim.Bytes)))
	}
	return true
}

// lruHolding is the least recently used copy, among those holding memory
// when memory is set.
func (s *Store) lruHolding(memory bool) *keptEntry {
	for _, e := range s.entries {
		if !memory || e.inMemory > 0 {
			return e
		}
	}
	return nil
}

// open finds the copy of token, unless it expired.
func (s *Store) open(token Token) (*Copy, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweep()
	i := slices.IndexFunc(s.entries, func(e *keptEntry) bool { return e.id == token.ID })
	if i < 0 {
		why, known := s.gone[token.ID]
		if !known {
			why = "this server never made it: f0 restarted since that answer, or another instance of it (behind a load balancer) gave it"
		}
		return nil, &Gone{Token: token, Why: why, unknown: !known}
	}
	e := s.entries[i]
	if e.sum != token.Sum {
		return nil, &Gone{Token: token, Why: "its token does not match the copy kept under that name (" + Token{ID: e.id, Sum: e.sum}.String() + ")"}
	}
	e.last = s.Now()
	e.readers++
	s.entries = append(slices.Delete(s.entries, i, i+1), e) // most recently used last
	return &Copy{Meta: e.meta, Size: e.size, Token: token, Kept: e.createdAt, s: s, e: e}, nil
}

// sweep drops the copies unused for longer than lim.For.
func (s *Store) sweep() {
	now := s.Now()
	for len(s.entries) > 0 && now.Sub(s.entries[0].last) > s.Lim.For {
		s.drop(s.entries[0], fmt.Sprintf("it expired (copies are kept for %s after their last use)", humanMinutes(s.Lim.For)))
	}
}

// arm sets the timer that sweeps the oldest copy when it expires, so that
// an idle server does not hold copies nobody reads.
func (s *Store) arm() {
	if len(s.entries) == 0 || s.closed {
		return
	}
	wait := s.Lim.For - s.Now().Sub(s.entries[0].last) + time.Second
	if s.timer != nil {
		s.timer.Reset(wait)
		return
	}
	s.timer = time.AfterFunc(wait, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.sweep()
		s.arm()
	})
}

// drop forgets a copy, remembering why, and frees what it held.
func (s *Store) drop(e *keptEntry, why string) {
	if i := slices.Index(s.entries, e); i >= 0 {
		s.entries = slices.Delete(s.entries, i, i+1)
	}
	s.forget(e.id, why)
	s.Bytes -= e.held
	s.Mem -= e.inMemory
	e.held, e.inMemory = 0, 0
	e.dropped = true
	s.release(e)
}

// release frees a dropped copy's bytes once no one reads them.
func (s *Store) release(e *keptEntry) {
	if !e.dropped || e.readers > 0 {
		return
	}
	e.data = chunks{}
	if e.file != nil {
		e.file.Close()
		os.Remove(e.file.Name())
		e.file = nil
	}
}

// forget remembers why the copy id is gone, for the last keptGoneMemory.
func (s *Store) forget(id, why string) {
	if _, ok := s.gone[id]; !ok {
		s.goneOrder = append(s.goneOrder, id)
	}
	s.gone[id] = why
	for len(s.goneOrder) > keptGoneMemory {
		delete(s.gone, s.goneOrder[0])
		s.goneOrder = s.goneOrder[1:]
	}
}

// Close drops every copy and removes the private directory.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.timer != nil {
		s.timer.Stop()
	}
	for len(s.entries) > 0 {
		s.drop(s.entries[0], "the server shut down")
	}
	if s.Dir == "" {
		return nil
	}
	if err := os.RemoveAll(s.Dir); err != nil {
		return fmt.Errorf("remove the directory of kept copies: %w", err)
	}
	return nil
}

// humanMinutes renders a duration of whole minutes as "10 minutes".
func humanMinutes(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return text.Count(int64(d/time.Minute), "minute", "minutes")
	}
	return d.String()
}
