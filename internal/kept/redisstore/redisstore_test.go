package redisstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"f0/internal/kept"
	"f0/internal/kept/redisstore/redistest"
)

func openStore(t *testing.T, url string, opts Options) *Store {
	t.Helper()
	opts.URL = url
	s, err := Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// instance is one f0's store of copies over the shared one.
func instance(t *testing.T, shared kept.Shared) *kept.Store {
	t.Helper()
	s := kept.NewStore(kept.Limits{Dir: t.TempDir(), Shared: shared})
	t.Cleanup(func() { s.Close() })
	return s
}

// keep writes data as a copy in s, in pieces as a body is read.
func keep(t *testing.T, s *kept.Store, data, meta []byte) kept.Token {
	t.Helper()
	w := kept.NewWriter(s, nil)
	for rest := data; len(rest) > 0; {
		n := min(len(rest), 40<<10)
		w.Write(rest[:n])
		rest = rest[n:]
	}
	tok, ok := w.Keep(context.Background(), meta)
	if !ok {
		t.Fatalf("not kept: %s", w.NotKept())
	}
	return tok
}

// read opens tok in s and reads all of it.
func read(s *kept.Store, tok kept.Token) ([]byte, []byte, error) {
	c, err := kept.Open(context.Background(), s, tok)
	if err != nil {
		return nil, nil, err
	}
	defer c.Close()
	data, err := io.ReadAll(c.Reader(context.Background()))
	return data, c.Meta, err
}

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i/251)
	}
	return b
}

func goneWhy(t *testing.T, err error) string {
	t.Helper()
	var gone *kept.Gone
	if !errors.As(err, &gone) {
		t.Fatalf("want a kept.Gone, got %v", err)
	}
	return gone.Why
}

func TestACopyKeptByOneInstanceIsReadByAnother(t *testing.T) {
	url := redistest.Start(t)
	shared := openStore(t, url, Options{})
	a, b := instance(t, shared), instance(t, shared)
	for _, n := range []int{1, 100, chunk - 1, chunk, chunk + 1, 3*chunk + 7, 2 << 20} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			data, meta := pattern(n), []byte(fmt.Sprintf(`{"size":%d}`, n))
			tok := keep(t, a, data, meta)
			got, gotMeta, err := read(b, tok)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, data) || !bytes.Equal(gotMeta, meta) {
				t.Fatalf("read %d bytes, meta %q; want %d bytes, meta %q", len(got), gotMeta, len(data), meta)
			}
			// The instance that kept it reads it from the shared store too.
			if got, _, err := read(a, tok); err != nil || !bytes.Equal(got, data) {
				t.Fatalf("the keeping instance read %d bytes, %v", len(got), err)
			}
		})
	}
}

func TestSharedStoreIsBounded(t *testing.T) {
	const size = 100 << 10
	held := int64(size + 2 + 128) // bytes, meta, record
	cases := []struct {
		name string
		opts Options
		n    int // copies kept in order; the first one is then opened
		why  string
	}{
		{"bytes", Options{MaxBytes: 3 * held}, 4, "it was dropped to make room for newer copies (the shared store %s keeps 300 KB or 10000 copies at once)"},
		{"count", Options{MaxCount: 2}, 3, "it was dropped to make room for newer copies (the shared store %s keeps 1.0 GB or 2 copies at once)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			url := redistest.Start(t)
			shared := openStore(t, url, c.opts)
			a, b := instance(t, shared), instance(t, shared)
			var toks []kept.Token
			for i := range c.n {
				toks = append(toks, keep(t, a, bytes.Repeat([]byte{'a' + byte(i)}, size), []byte("{}")))
			}
			_, _, err := read(b, toks[0])
			if why, want := goneWhy(t, err), fmt.Sprintf(c.why, url); why != want {
				t.Fatalf("why: %q\nwant: %q", why, want)
			}
			for _, tok := range toks[1:] {
				if _, _, err := read(b, tok); err != nil {
					t.Fatalf("a newer copy is gone too: %v", err)
				}
			}
			total := shared.client.Get(context.Background(), prefix+"bytes").Val()
			if want := fmt.Sprint(int64(c.n-1) * held); total != want {
				t.Fatalf("the store counts %s bytes; want %s", total, want)
			}
		})
	}
}

func TestSharedCopyTooLargeIsKeptByItsInstanceOnly(t *testing.T) {
	url := redistest.Start(t)
	shared := openStore(t, url, Options{MaxBytes: 64 << 10})
	a, b := instance(t, shared), instance(t, shared)
	data := pattern(40 << 10)
	tok := keep(t, a, data, []byte("{}"))
	if got, _, err := read(a, tok); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("its instance read %d bytes, %v", len(got), err)
	}
	_, _, err := read(b, tok)
	if why := goneWhy(t, err); !strings.HasPrefix(why, "no f0 that shares the store "+url+" holds it") {
		t.Fatalf("why: %q", why)
	}
}

func TestSharedCopyLivesForTTLAfterItsLastUse(t *testing.T) {
	url := redistest.Start(t)
	const ttl = time.Second
	shared := openStore(t, url, Options{TTL: ttl})
	a, b := instance(t, shared), instance(t, shared)
	tok := keep(t, a, []byte("the answer"), []byte("{}"))
	for range 3 { // each read starts its time again
		time.Sleep(ttl / 2)
		if got, _, err := read(b, tok); err != nil || string(got) != "the answer" {
			t.Fatalf("read %q, %v", got, err)
		}
	}
	time.Sleep(ttl + 100*time.Millisecond)
	_, _, err := read(b, tok)
	if why := goneWhy(t, err); !strings.Contains(why, "it expired (copies are kept for 1s after their last use)") {
		t.Fatalf("why: %q", why)
	}
	// The next copy's sweep drops it from the accounting and says why.
	keep(t, a, []byte("another"), []byte("{}"))
	_, _, err = read(b, tok)
	if why, want := goneWhy(t, err), "it expired (the shared store "+url+" keeps copies for 1s after their last use)"; why != want {
		t.Fatalf("why: %q\nwant: %q", why, want)
	}
	if n := shared.client.ZCard(context.Background(), prefix+"lru").Val(); n != 1 {
		t.Fatalf("%d copies in the store's list; want 1", n)
	}
}

func TestSharedCopyDroppedWhileReadFailsTheRead(t *testing.T) {
	url := redistest.Start(t)
	shared := openStore(t, url, Options{})
	a, b := instance(t, shared), instance(t, shared)
	tok := keep(t, a, pattern(3*chunk), []byte("{}"))
	c, err := kept.Open(context.Background(), b, tok)
	if err != nil {
		t.Fatal(err)
	}
	r := c.Reader(context.Background())
	if _, err := io.ReadFull(r, make([]byte, chunk)); err != nil {
		t.Fatal(err)
	}
	shared.client.Del(context.Background(), bodyKey(tok.ID))
	_, err = io.ReadAll(r)
	if err == nil || !strings.Contains(err.Error(), "it was dropped while it was read") {
		t.Fatalf("want the read to fail, got %v", err)
	}
}

func TestSharedCopyChangedUnderItsNameIsRefused(t *testing.T) {
	url := redistest.Start(t)
	shared := openStore(t, url, Options{})
	a, b := instance(t, shared), instance(t, shared)
	tok := keep(t, a, []byte("the answer"), []byte("{}"))
	shared.client.Set(context.Background(), bodyKey(tok.ID), "the anzwer", 0)
	_, _, err := read(b, tok)
	if err == nil || !strings.Contains(err.Error(), "are not the ones its token names") {
		t.Fatalf("want the read to fail, got %v", err)
	}
}

func TestSharedStoreDownKeepsCopiesHereAndSaysSo(t *testing.T) {
	url := redistest.Start(t)
	shared := openStore(t, url, Options{})
	a, b := instance(t, shared), instance(t, shared)
	tok := keep(t, a, []byte("kept before"), []byte("{}"))
	// The same store as another instance sees it when the server is down
	// (nothing listens where its client connects).
	down := openStore(t, url, Options{})
	down.client.Close()
	ro, _ := redis.ParseURL("redis://127.0.0.1:1/0")
	failFast(ro)
	down.client = redis.NewClient(ro)
	c, d := instance(t, down), instance(t, down)
	start := time.Now()
	local := keep(t, c, []byte("kept here"), []byte("{}"))
	if got, _, err := read(c, local); err != nil || string(got) != "kept here" {
		t.Fatalf("the instance that kept it read %q, %v", got, err)
	}
	_, _, err := read(d, tok)
	if why := goneWhy(t, err); !strings.HasPrefix(why, "the shared store "+url+" could not be read (dial tcp 127.0.0.1:1: ") {
		t.Fatalf("why: %q", why)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Fatalf("a keep and a read took %s with the store down", took)
	}
	if got, _, err := read(b, tok); err != nil || string(got) != "kept before" {
		t.Fatalf("read %q, %v", got, err)
	}
}

func TestOpenRefusesABadURLAndAServerThatIsNotThere(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"http://127.0.0.1:1/", `--store "http://127.0.0.1:1/": `},
		{"redis://127.0.0.1:1/0", "--store redis://127.0.0.1:1/0: the server does not answer: "},
		{"redis://user:secret@127.0.0.1:1/0", "--store redis://user:xxxxx@127.0.0.1:1/0: the server does not answer: "},
	} {
		_, err := Open(context.Background(), Options{URL: c.url})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: got %v, want %q…", c.url, err, c.want)
		}
	}
}

// The record's fields come back whichever protocol the client speaks.
func TestRecordReadsInBothProtocols(t *testing.T) {
	url := redistest.Start(t)
	for _, proto := range []int{2, 3} {
		t.Run(fmt.Sprint(proto), func(t *testing.T) {
			shared := openStore(t, url, Options{})
			shared.client.Close()
			ro, _ := redis.ParseURL(url)
			ro.Protocol, ro.DisableIdentity = proto, true
			shared.client = redis.NewClient(ro)
			a, b := instance(t, shared), instance(t, shared)
			tok := keep(t, a, []byte("the answer"), []byte(`{"k":1}`))
			if got, meta, err := read(b, tok); err != nil || string(got) != "the answer" || string(meta) != `{"k":1}` {
				t.Fatalf("read %q, meta %q, %v", got, meta, err)
			}
		})
	}
}
