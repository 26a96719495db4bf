package engine

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

	"f0/internal/kept"
	"f0/tool"
)

// keptEnv is a pipeline's store of copies with a clock the test moves.
type keptEnv struct {
	p   *Host
	now time.Time
}

func newKeptEnv(t *testing.T, lim KeepLimits) *keptEnv {
	t.Helper()
	if lim.Dir == "" {
		lim.Dir = t.TempDir()
	}
	e := &keptEnv{p: newTestPipeline(t, Config{Keep: lim}), now: time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)}
	e.p.kept.Now = func() time.Time { return e.now }
	t.Cleanup(func() { e.p.Close() })
	return e
}

// call is one call on the pipeline, and the function that ends it
// (dropping the copies it did not keep).
func (e *keptEnv) call() (tool.Call, func()) {
	c := &callState{p: e.p}
	return c.toolCall(), c.dropPending
}

// keep writes data as one call's copy and keeps it.
func (e *keptEnv) keep(t *testing.T, data []byte) (tool.CopyToken, bool) {
	t.Helper()
	call, end := e.call()
	defer end()
	w := call.KeepCopy(nil)
	for len(data) > 0 { // in pieces, as a body is read
		n := min(len(data), 32<<10)
		w.Write(data[:n])
		data = data[n:]
	}
	return w.Keep(context.Background(), make([]byte, 100))
}

// read opens token and returns its bytes, or the error.
func (e *keptEnv) read(token tool.CopyToken) ([]byte, error) {
	call, end := e.call()
	defer end()
	c, err := call.OpenCopy(context.Background(), token)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return io.ReadAll(c.Reader(context.Background()))
}

func goneWhy(t *testing.T, err error) string {
	t.Helper()
	var gone *tool.CopyGone
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
			var first tool.CopyToken
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
			if s.Bytes < 0 || s.Mem < 0 || s.Bytes > s.Lim.Bytes || s.Mem > s.Lim.Memory {
				t.Fatalf("store holds %d bytes, %d in memory; limits %d, %d", s.Bytes, s.Mem, s.Lim.Bytes, s.Lim.Memory)
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
	if e.p.kept.Bytes != 0 || e.p.kept.Mem != 0 {
		t.Fatalf("an expired copy still counts: %d bytes, %d in memory", e.p.kept.Bytes, e.p.kept.Mem)
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
	tok, ok := e.keep(t, big)
	if !ok {
		t.Fatal("not kept")
	}
	if e.p.kept.Mem > kept.InMemory {
		t.Fatalf("%d bytes in memory after a spill", e.p.kept.Mem)
	}
	dirs, _ := filepath.Glob(filepath.Join(parent, "f0-kept-*"))
	if len(dirs) != 1 {
		t.Fatalf("directories: %v", dirs)
	}
	if info, _ := os.Stat(dirs[0]); info.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v", info.Mode())
	}
	for _, c := range []struct {
		tok  tool.CopyToken
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
	call, end := e.call()
	w := call.KeepCopy(nil)
	w.Write(bytes.Repeat([]byte("x"), 2<<20)) // spilled
	if e.p.kept.Bytes == 0 {
		t.Fatal("a copy being written holds nothing")
	}
	end()
	if e.p.kept.Bytes != 0 || e.p.kept.Mem != 0 {
		t.Fatalf("a copy not kept still holds %d bytes", e.p.kept.Bytes)
	}
	files, _ := filepath.Glob(filepath.Join(e.p.kept.Dir, "*"))
	if len(files) != 0 {
		t.Fatalf("files left: %v", files)
	}
}

func TestCopyTokens(t *testing.T) {
	for _, s := range []string{tool.CopyTokenExample, "r-000000000000-0000000000000000"} {
		tok, ok := tool.ParseCopyToken(s)
		if !ok || tok.String() != s {
			t.Fatalf("%q: %v %v", s, tok, ok)
		}
	}
	for _, s := range []string{"", "r-12", "r-7F3A9C2B7D4E-5E2A9C01D3B7F0AA", "x-7f3a9c2b7d4e-5e2a9c01d3b7f0aa", " " + tool.CopyTokenExample} {
		if _, ok := tool.ParseCopyToken(s); ok {
			t.Fatalf("%q parsed", s)
		}
	}
	e := newKeptEnv(t, KeepLimits{})
	a, _ := e.keep(t, []byte("same"))
	b, _ := e.keep(t, []byte("same"))
	if a.Sum != b.Sum || a.ID == b.ID {
		t.Fatalf("two copies of the same bytes: %v %v", a, b)
	}
	forged := tool.CopyToken{ID: a.ID, Sum: strings.Repeat("0", 16)}
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
	write := func(unpaged string) *tool.Tool {
		return tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "test.append", Title: "Append", Summary: "Appends and shows a long diff.", Access: tool.Write},
			Run: func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) {
				return tool.Result{Text: long, Unpaged: unpaged}, nil
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
		p, err := NewHost(reg, Config{MaxOutput: 2048})
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
	for _, tok := range []tool.CopyToken{first, second} {
		if _, err := e.read(tok); err != nil {
			t.Fatal(err)
		}
	}
	if s := e.p.kept; s.Mem > s.Lim.Memory || s.Dir == "" {
		t.Fatalf("%d bytes in memory (limit %d); directory %q", s.Mem, s.Lim.Memory, s.Dir)
	}
}
