package tools

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// keptEnv is a pipeline's store of copies with a clock the test moves.
type keptEnv struct {
	p   *Pipeline
	now time.Time
}

func newKeptEnv(t *testing.T, lim KeepLimits) *keptEnv {
	t.Helper()
	if lim.Dir == "" {
		lim.Dir = t.TempDir()
	}
	e := &keptEnv{p: newTestPipeline(t, Config{Keep: lim}), now: time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)}
	e.p.kept.now = func() time.Time { return e.now }
	t.Cleanup(func() { e.p.Close() })
	return e
}

// call is the context of one call on the pipeline, and the function that
// ends it (dropping the copies it did not keep).
func (e *keptEnv) call() (context.Context, func()) {
	c := &callState{p: e.p}
	return withCall(context.Background(), c), c.dropPending
}

// keep writes data as one call's copy and keeps it.
func (e *keptEnv) keep(t *testing.T, data []byte) (CopyToken, bool) {
	t.Helper()
	ctx, end := e.call()
	defer end()
	w := KeepCopy(ctx, nil)
	for len(data) > 0 { // in pieces, as a body is read
		n := min(len(data), 32<<10)
		w.Write(data[:n])
		data = data[n:]
	}
	return w.Keep("meta", 100)
}

// read opens token and returns its bytes, or the error.
func (e *keptEnv) read(token CopyToken) ([]byte, error) {
	ctx, end := e.call()
	defer end()
	c, err := OpenCopy(ctx, token)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return io.ReadAll(c.Reader())
}

func goneWhy(t *testing.T, err error) string {
	t.Helper()
	var gone *CopyGone
	if !errors.As(err, &gone) {
		t.Fatalf("want a CopyGone, got %v", err)
	}
	return gone.Why
}

func TestKeptCopiesAreBounded(t *testing.T) {
	cases := []struct {
		name  string
		lim   KeepLimits
		sizes []int // copies kept in order; the first one is then opened
		why   string
	}{
		{"count", KeepLimits{Count: 2}, []int{10, 10, 10}, "it was dropped to make room for newer copies (f0 keeps 2 at once)"},
		{"bytes", KeepLimits{Bytes: 4 << 20}, []int{1500 << 10, 1500 << 10, 1500 << 10}, "it was dropped to make room for newer copies (f0 keeps 4.0 MB of copies at once)"},
		{"one copy's size", KeepLimits{Bytes: 64 << 10}, []int{40 << 10}, "it was not kept: the answer is larger than the 32 KB f0 keeps of one answer"},
		{"memory only", KeepLimits{Memory: 64 << 10, NoDisk: true}, []int{80 << 10}, "it was not kept: the answer is larger than the 64 KB this f0 keeps in memory"},
		{"off", KeepLimits{Off: true}, []int{10}, "this server never made it: f0 restarted since that answer, or another instance of it (behind a load balancer) gave it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newKeptEnv(t, c.lim)
			var first CopyToken
			for i, n := range c.sizes {
				tok, _ := e.keep(t, bytes.Repeat([]byte{'a' + byte(i)}, n))
				if i == 0 {
					first = tok
				}
			}
			_, err := e.read(first)
			if why := goneWhy(t, err); why != c.why {
				t.Fatalf("why: %q\nwant: %q", why, c.why)
			}
			s := e.p.kept
			if s.bytes < 0 || s.mem < 0 || s.bytes > s.lim.Bytes || s.mem > s.lim.Memory {
				t.Fatalf("store holds %d bytes, %d in memory; limits %d, %d", s.bytes, s.mem, s.lim.Bytes, s.lim.Memory)
			}
		})
	}
}

func TestKeptCopyExpires(t *testing.T) {
	e := newKeptEnv(t, KeepLimits{For: 10 * time.Minute})
	tok, kept := e.keep(t, []byte("the answer"))
	if !kept {
		t.Fatal("not kept")
	}
	e.now = e.now.Add(9 * time.Minute)
	if data, err := e.read(tok); err != nil || string(data) != "the answer" {
		t.Fatalf("read %q, %v", data, err)
	}
	e.now = e.now.Add(9 * time.Minute) // 9 minutes after its last use
	if _, err := e.read(tok); err != nil {
		t.Fatalf("a copy read 9 minutes ago is gone: %v", err)
	}
	e.now = e.now.Add(11 * time.Minute)
	_, err := e.read(tok)
	if why := goneWhy(t, err); why != "it expired (copies are kept for 10 minutes after their last use)" {
		t.Fatal(why)
	}
	if e.p.kept.bytes != 0 || e.p.kept.mem != 0 {
		t.Fatalf("an expired copy still counts: %d bytes, %d in memory", e.p.kept.bytes, e.p.kept.mem)
	}
}

func TestKeptCopySpillsAndCloseRemovesItsDirectory(t *testing.T) {
	parent := t.TempDir()
	e := newKeptEnv(t, KeepLimits{Dir: parent})
	small, _ := e.keep(t, []byte("small"))
	if dirs, _ := filepath.Glob(filepath.Join(parent, "*")); len(dirs) != 0 {
		t.Fatalf("a small copy made %v", dirs)
	}
	big := bytes.Repeat([]byte("0123456789abcdef"), 200<<10) // 3.2 MB
	tok, kept := e.keep(t, big)
	if !kept {
		t.Fatal("not kept")
	}
	if e.p.kept.mem > keptInMemory {
		t.Fatalf("%d bytes in memory after a spill", e.p.kept.mem)
	}
	dirs, _ := filepath.Glob(filepath.Join(parent, "f0-kept-*"))
	if len(dirs) != 1 {
		t.Fatalf("directories: %v", dirs)
	}
	if info, _ := os.Stat(dirs[0]); info.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v", info.Mode())
	}
	for _, c := range []struct {
		tok  CopyToken
		want []byte
	}{{small, []byte("small")}, {tok, big}} {
		if data, err := e.read(c.tok); err != nil || !bytes.Equal(data, c.want) {
			t.Fatalf("read %d bytes, %v", len(data), err)
		}
	}
	if err := e.p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dirs[0]); !os.IsNotExist(err) {
		t.Fatalf("after Close: %v", err)
	}
	_, err := e.read(tok)
	if why := goneWhy(t, err); why != "the server shut down" {
		t.Fatal(why)
	}
}

func TestCopyNotKeptIsDroppedWhenTheCallEnds(t *testing.T) {
	e := newKeptEnv(t, KeepLimits{})
	ctx, end := e.call()
	w := KeepCopy(ctx, nil)
	w.Write(bytes.Repeat([]byte("x"), 2<<20)) // spilled
	if e.p.kept.bytes == 0 {
		t.Fatal("a copy being written holds nothing")
	}
	end()
	if e.p.kept.bytes != 0 || e.p.kept.mem != 0 {
		t.Fatalf("a copy not kept still holds %d bytes", e.p.kept.bytes)
	}
	files, _ := filepath.Glob(filepath.Join(e.p.kept.dir, "*"))
	if len(files) != 0 {
		t.Fatalf("files left: %v", files)
	}
}

func TestCopyTokens(t *testing.T) {
	for _, s := range []string{CopyTokenExample, "r-000000000000-0000000000000000"} {
		tok, ok := ParseCopyToken(s)
		if !ok || tok.String() != s {
			t.Fatalf("%q: %v %v", s, tok, ok)
		}
	}
	for _, s := range []string{"", "r-12", "r-7F3A9C2B7D4E-5E2A9C01D3B7F0AA", "x-7f3a9c2b7d4e-5e2a9c01d3b7f0aa", " " + CopyTokenExample} {
		if _, ok := ParseCopyToken(s); ok {
			t.Fatalf("%q parsed", s)
		}
	}
	e := newKeptEnv(t, KeepLimits{})
	a, _ := e.keep(t, []byte("same"))
	b, _ := e.keep(t, []byte("same"))
	if a.Sum != b.Sum || a.ID == b.ID {
		t.Fatalf("two copies of the same bytes: %v %v", a, b)
	}
	forged := CopyToken{ID: a.ID, Sum: strings.Repeat("0", 16)}
	_, err := e.read(forged)
	if why := goneWhy(t, err); !strings.HasPrefix(why, "its token does not match the copy kept under that name") {
		t.Fatal(why)
	}
}

// TestFooterNeverRepeatsAWrite: the footer of a cut answer of a call that
// needs write access names no call that runs it again (a larger maxBytes
// would do its work twice); a tool's own Unpaged text goes there instead.
func TestFooterNeverRepeatsAWrite(t *testing.T) {
	long := strings.Repeat("appended line\n", 400)
	write := func(unpaged string) *Tool {
		return Def[emptyInput]{
			Spec: Spec{Name: "test.append", Title: "Append", Summary: "Appends and shows a long diff.", Access: Write},
			Run: func(ctx context.Context, in emptyInput) (Result, error) {
				return Result{Text: long, Unpaged: unpaged}, nil
			},
		}.Erase()
	}
	for _, c := range []struct {
		unpaged, want string
	}{
		{"", "This call is not to be sent again to see more: it needs write access, and a second call would do its work again."},
		{"The rest is not kept; save it next time.", "The rest is not kept; save it next time."},
	} {
		reg, err := NewRegistryWithDocs(testDocs, write(c.unpaged))
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPipeline(reg, Config{MaxOutput: 2048})
		if err != nil {
			t.Fatal(err)
		}
		res := p.Call(context.Background(), "test_append", nil)
		if res.IsError || !strings.HasSuffix(res.Text, "bytes left]\n"+c.want) || strings.Contains(res.Text, "maxBytes") {
			t.Fatalf("got:\n%s", res.Text[len(res.Text)-300:])
		}
	}
}

// TestFullMemorySpillsTheNewCopy: when the memory for copies is taken, a
// new copy goes to a file instead of pushing an older one out.
func TestFullMemorySpillsTheNewCopy(t *testing.T) {
	e := newKeptEnv(t, KeepLimits{Memory: 64 << 10})
	first, _ := e.keep(t, bytes.Repeat([]byte("a"), 40<<10))
	second, _ := e.keep(t, bytes.Repeat([]byte("b"), 40<<10))
	for _, tok := range []CopyToken{first, second} {
		if _, err := e.read(tok); err != nil {
			t.Fatal(err)
		}
	}
	if s := e.p.kept; s.mem > s.lim.Memory || s.dir == "" {
		t.Fatalf("%d bytes in memory (limit %d); directory %q", s.mem, s.lim.Memory, s.dir)
	}
}
