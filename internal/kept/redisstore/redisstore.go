// Package redisstore keeps the copies of long answers (see package kept)
// in a Valkey or Redis server that several instances of f0 share, so the
// call for the next page of an answer reads the same copy on whichever
// instance a load balancer sends it to.
//
// The keys, all under the prefix "f0:{kept}:" (one hash slot, so a
// cluster keeps them on one node), are:
//
//	c:<id>     a hash: the copy's record (sum, size, kept, meta)
//	b:<id>     a string: the copy's bytes
//	gone:<id>  a string: why a copy was dropped, for an hour after
//	lru        a sorted set: each copy's id by the time of its last use
//	held       a hash: the bytes each copy holds (record and bytes)
//	bytes      a string: the bytes all copies hold together
//
// A copy lives for TTL after its last use: its keys expire, and the
// sweep at each Put drops the copies whose time is over from the
// accounting. Put makes room by dropping the least recently used copies
// until the new one fits MaxBytes and MaxCount. The times are the
// server's (TIME), so the instances' clocks need not agree.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"f0/internal/kept"
	"f0/internal/text"
)

// Defaults of Options.
const (
	DefaultTTL      = kept.DefaultFor
	DefaultMaxBytes = 1 << 30
	DefaultMaxCount = 10000
)

// prefix is where the store's keys are; goneFor is how long it remembers
// why a copy was dropped; chunk is the most bytes one command moves.
const (
	prefix  = "f0:{kept}:"
	goneFor = time.Hour
	chunk   = 512 << 10
)

// Options configure a Store.
type Options struct {
	// URL is the server's address: redis://[user:password@]host:port/db,
	// rediss:// for TLS, or unix:///path/to.sock?db=N.
	URL string
	// TTL is how long a copy stays after its last use; MaxBytes and
	// MaxCount bound all copies together. Zero fields take the defaults.
	TTL      time.Duration
	MaxBytes int64
	MaxCount int
}

func (o Options) withDefaults() Options {
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxCount <= 0 {
		o.MaxCount = DefaultMaxCount
	}
	return o
}

// Store is a kept.Shared in a Valkey or Redis server.
type Store struct {
	opts    Options
	client  *redis.Client
	addr    string // the URL without its password, for messages
	reserve *redis.Script
	finish  *redis.Script
	touch   *redis.Script
}

// Open connects to the server opts.URL names and checks that it answers.
func Open(ctx context.Context, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	ro, err := redis.ParseURL(opts.URL)
	if err != nil {
		return nil, fmt.Errorf("--store %q: %w (want redis://host:port/db, rediss://… or unix:///path?db=N)", redacted(opts.URL), err)
	}
	ro.DisableIdentity = true // CLIENT SETINFO is not in Redis before 7.2
	failFast(ro)
	s := &Store{opts: opts, client: redis.NewClient(ro), addr: redacted(opts.URL),
		reserve: redis.NewScript(reserveScript), finish: redis.NewScript(finishScript), touch: redis.NewScript(touchScript)}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := s.client.Ping(ctx).Err(); err != nil {
		s.client.Close()
		return nil, fmt.Errorf("--store %s: the server does not answer: %w", s.addr, err)
	}
	return s, nil
}

// failFast bounds what a call waits for a store that is down, unless the
// URL sets it (dial_timeout, max_retries, …): a copy is then kept by its
// instance alone, and a continuation says the store could not be read.
func failFast(ro *redis.Options) {
	if ro.DialTimeout == 0 {
		ro.DialTimeout = 2 * time.Second
	}
	if ro.MaxRetries == 0 {
		ro.MaxRetries = 1
	}
	if ro.DialerRetries == 0 {
		ro.DialerRetries = 2
	}
}

// Close closes the connections to the server; the copies stay there.
func (s *Store) Close() error { return s.client.Close() }

func (s *Store) String() string { return s.addr }

func bodyKey(id string) string { return prefix + "b:" + id }

// keys are the store's bookkeeping keys, as the scripts take them.
func keys() []string { return []string{prefix + "lru", prefix + "held", prefix + "bytes"} }

// Put makes room for the copy, writes its bytes, then its record: a copy
// is there for Get only once all of it is.
func (s *Store) Put(ctx context.Context, rec kept.Record, body io.Reader) error {
	held := rec.Size + int64(len(rec.Meta)) + 128
	if held > s.opts.MaxBytes/2 {
		return fmt.Errorf("the copy (%s) is larger than the %s the shared store keeps of one answer", text.HumanBytes(held), text.HumanBytes(s.opts.MaxBytes/2))
	}
	ok, err := s.reserve.Run(ctx, s.client, keys(), rec.ID, held, s.opts.TTL.Milliseconds(), s.opts.MaxBytes, s.opts.MaxCount,
		prefix, goneFor.Milliseconds(), s.expiredWhy(), s.roomWhy()).Int()
	if err != nil {
		return fmt.Errorf("make room in the shared store %s: %w", s.addr, err)
	}
	if ok != 1 {
		return fmt.Errorf("the shared store %s has no room for the copy", s.addr)
	}
	if err := s.writeBody(ctx, rec.ID, body); err != nil {
		return err
	}
	ok, err = s.finish.Run(ctx, s.client, keys(), rec.ID, rec.Sum, rec.Size, rec.Kept.UnixMilli(), rec.Meta, s.opts.TTL.Milliseconds(), prefix).Int()
	if err != nil {
		return fmt.Errorf("write the copy's record to the shared store %s: %w", s.addr, err)
	}
	if ok != 1 {
		return fmt.Errorf("the shared store %s dropped the copy while it was written", s.addr)
	}
	return nil
}

// writeBody writes the copy's bytes in chunks; the key expires after TTL
// from the first one, so that a copy whose writer stopped half way goes.
func (s *Store) writeBody(ctx context.Context, id string, body io.Reader) error {
	key := bodyKey(id)
	buf := make([]byte, chunk)
	first := true
	for {
		n, err := io.ReadFull(body, buf)
		if n > 0 || first {
			_, perr := s.client.Pipelined(ctx, func(p redis.Pipeliner) error {
				p.Append(ctx, key, string(buf[:n]))
				p.PExpire(ctx, key, s.opts.TTL)
				return nil
			})
			if perr != nil {
				return fmt.Errorf("write the copy to the shared store %s: %w", s.addr, perr)
			}
			first = false
		}
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return nil
		case err != nil:
			return fmt.Errorf("read the copy to share it: %w", err)
		}
	}
}

// Get returns the record of the copy id, and starts its time again.
func (s *Store) Get(ctx context.Context, id string) (kept.Record, error) {
	reply, err := s.touch.Run(ctx, s.client, keys(), id, s.opts.TTL.Milliseconds(), prefix).Slice()
	if err != nil {
		return kept.Record{}, fmt.Errorf("the shared store %s could not be read (%w)", s.addr, err)
	}
	if len(reply) != 2 {
		return kept.Record{}, fmt.Errorf("the shared store %s could not be read (it answered %v)", s.addr, reply)
	}
	if found, _ := reply[0].(int64); found != 1 {
		why, _ := reply[1].(string)
		if why == "" {
			why = s.unknownWhy()
		}
		return kept.Record{}, &kept.Missing{Why: why}
	}
	return parseRecord(id, reply[1])
}

// parseRecord reads the record hash as the touch script returns it.
func parseRecord(id string, v any) (kept.Record, error) {
	fields := map[string]string{}
	switch h := v.(type) {
	case map[any]any: // RESP3
		for k, val := range h {
			ks, _ := k.(string)
			vs, _ := val.(string)
			fields[ks] = vs
		}
	case []any: // RESP2: name, value, …
		for i := 0; i+1 < len(h); i += 2 {
			ks, _ := h[i].(string)
			vs, _ := h[i+1].(string)
			fields[ks] = vs
		}
	}
	size, err1 := strconv.ParseInt(fields["size"], 10, 64)
	ms, err2 := strconv.ParseInt(fields["kept"], 10, 64)
	if err := errors.Join(err1, err2); err != nil || fields["sum"] == "" {
		return kept.Record{}, fmt.Errorf("the shared store's record of %s is not one f0 wrote (%v)", id, fields)
	}
	return kept.Record{ID: id, Sum: fields["sum"], Size: size, Kept: time.UnixMilli(ms), Meta: []byte(fields["meta"])}, nil
}

// Body reads the copy's bytes in chunks as they are asked for.
func (s *Store) Body(ctx context.Context, id string, size int64) io.Reader {
	return &bodyReader{ctx: ctx, s: s, key: bodyKey(id), size: size}
}

type bodyReader struct {
	ctx  context.Context
	s    *Store
	key  string
	size int64
	off  int64
	buf  []byte
}

func (r *bodyReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.off >= r.size {
			return 0, io.EOF
		}
		end := min(r.off+chunk, r.size) - 1
		got, err := r.s.client.GetRange(r.ctx, r.key, r.off, end).Result()
		if err != nil {
			return 0, fmt.Errorf("read the copy from the shared store %s: %w", r.s.addr, err)
		}
		if got == "" {
			return 0, io.EOF // the copy went: the reader above says so
		}
		r.buf = []byte(got)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	r.off += int64(n)
	return n, nil
}

// The reasons a copy is not in the store, as the answer of a call that
// asked for it says them.
func (s *Store) expiredWhy() string {
	return fmt.Sprintf("it expired (the shared store %s keeps copies for %s after their last use)", s.addr, human(s.opts.TTL))
}

func (s *Store) roomWhy() string {
	return fmt.Sprintf("it was dropped to make room for newer copies (the shared store %s keeps %s or %d copies at once)", s.addr, text.HumanBytes(s.opts.MaxBytes), s.opts.MaxCount)
}

func (s *Store) unknownWhy() string {
	return fmt.Sprintf("no f0 that shares the store %s holds it: it expired (copies are kept for %s after their last use), or an f0 that does not share this store gave it", s.addr, human(s.opts.TTL))
}

// redacted is the URL without its password.
func redacted(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(an address that does not parse)"
	}
	return u.Redacted()
}

// human renders a duration of whole minutes as "10 minutes".
func human(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return text.Count(int64(d/time.Minute), "minute", "minutes")
	}
	return d.String()
}

// RouteLogs sends the client library's own messages (a connection that
// failed, a pool that could not dial) to logger as warnings instead of
// its default standard error. The library has one logger for the whole
// process: serve calls this once, before it opens the store.
func RouteLogs(logger *slog.Logger) {
	redis.SetLogger(libraryLog{logger})
}

type libraryLog struct{ l *slog.Logger }

func (g libraryLog) Printf(ctx context.Context, format string, v ...any) {
	g.l.WarnContext(ctx, "shared store: "+fmt.Sprintf(format, v...))
}
