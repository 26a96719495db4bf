package fs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSearchFileBlocks searches files bigger than the block size, so that
// matches, context and line numbers cross block boundaries.
func TestSearchFileBlocks(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	var want []string
	for i := 1; i <= 3000; i++ {
		line := fmt.Sprintf("line %d %s", i, strings.Repeat("x", i%97))
		if i%7 == 0 {
			line += " MATCH"
		}
		b.WriteString(line + "\n")
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, l := range lines {
		if strings.Contains(l, "MATCH") {
			want = append(want, fmt.Sprintf("%d:%s", i+1, l))
		}
	}
	must(t, os.WriteFile(filepath.Join(dir, "f.txt"), []byte(b.String()), 0o644))
	handles := openHandles(t, dir)
	m, err := compileMatcher("MATCH", true, false)
	must(t, err)
	for i, block := range []int64{512, 1000, 4096, 1 << 20} {
		root := handles[i%2]
		// Matches are 7 lines apart: 2 lines of context leave a gap between
		// one match's after-context and the next one's before-context, 4
		// make them meet, 9 make the after-context run into the next match.
		// Windows of 1 byte hold one line each; 300 bytes, a few lines.
		for _, ctxLines := range []int{0, 2, 4, 9} {
			window := []int{1, 300, 0}[ctxLines%3]
			conf := &searchConf{m: m, before: ctxLines, after: ctxLines, limit: 1 << 30, block: block, window: window}
			h := conf.searchFile(context.Background(), &worker{}, root, "f.txt", false)
			var got []string
			for _, l := range h.lines {
				if l.match {
					got = append(got, fmt.Sprintf("%d:%s", l.num, l.text))
				} else if lines[l.num-1] != l.text && !strings.HasSuffix(l.text, "]") {
					t.Fatalf("block %d: context line %d is %q, want %q", block, l.num, l.text, lines[l.num-1])
				}
			}
			if h.count != len(want) || !slices.Equal(got, want) {
				t.Fatalf("block %d context %d: %d matches, want %d; first differences:\n%v\n%v", block, ctxLines, h.count, len(want), head(got), head(want))
			}
			if ctxLines > 0 {
				// Every match has ctxLines neighbours on each side, each line once.
				seen := map[int]bool{}
				for _, l := range h.lines {
					if seen[l.num] {
						t.Fatalf("block %d: line %d shown twice", block, l.num)
					}
					seen[l.num] = true
				}
				for i := 7; i <= 3000; i += 7 {
					for d := -ctxLines; d <= ctxLines; d++ {
						if n := i + d; n >= 1 && n <= 3000 && !seen[n] {
							t.Fatalf("block %d: line %d (context of %d) missing", block, n, i)
						}
					}
				}
			}
		}
	}
}

// openHandles opens dir twice: with a descriptor where the system has
// one (the walk's handle) and through the root alone.
func openHandles(t *testing.T, dir string) []*dirHandle {
	t.Helper()
	var handles []*dirHandle
	for _, open := range []func(*os.Root) (*dirHandle, error){openDir, func(r *os.Root) (*dirHandle, error) { return rootOnly(r), nil }} {
		root, err := os.OpenRoot(dir)
		must(t, err)
		h, err := open(root)
		must(t, err)
		t.Cleanup(h.close)
		handles = append(handles, h)
	}
	return handles
}

func head(s []string) []string { return s[:min(3, len(s))] }

// cancelAfter is a context whose Err reports cancellation from its n-th
// look on: a search that looks at its context only between files (or
// blocks) would search the whole file.
type cancelAfter struct {
	context.Context
	looks, n int
}

func (c *cancelAfter) Err() error {
	if c.looks++; c.looks >= c.n {
		return context.Canceled
	}
	return nil
}

// TestSearchFileStopsWhenCancelled searches one 1 MiB file for a regular
// expression with no literal to look for first (the slow kind): the
// context is looked at between windows of the block, so a cancelled search
// stops after a window's work instead of the whole file's.
func TestSearchFileStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	line := "alpha_beta (err) and some more text to make the line longer\n"
	data := strings.Repeat(line, (1<<20)/len(line))
	must(t, os.WriteFile(filepath.Join(dir, "big.txt"), []byte(data), 0o644))
	root := openHandles(t, dir)[0]
	m, err := compileMatcher(`[a-z]+_[a-z]+\s*\(.*(err|nil)`, false, true)
	must(t, err)
	lines := strings.Count(data, "\n")
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		most    int // most matches the search may count
		atLeast int
	}{
		{"not cancelled", context.Background(), lines, lines},
		{"cancelled on the third look", &cancelAfter{Context: context.Background(), n: 3}, 3 * (windowSize/len(line) + 1), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := &searchConf{m: m, limit: 1 << 30, countOnly: true}
			h := conf.searchFile(tc.ctx, &worker{}, root, "big.txt", false)
			if h.count > tc.most || h.count < tc.atLeast {
				t.Fatalf("counted %d matching lines of %d, want %d to %d", h.count, lines, tc.atLeast, tc.most)
			}
		})
	}
}

// TestSearchFileBinaryStart searches files bigger than the first read:
// one with a NUL byte in its first 8 KiB is binary and left after that
// read, one with a NUL further in is searched like any text.
func TestSearchFileBinaryStart(t *testing.T) {
	dir := t.TempDir()
	text := strings.Repeat("some text MATCH here\n", (200<<10)/21)
	early := "\x00" + text
	late := text[:100<<10] + "\x00" + text[100<<10:]
	must(t, os.WriteFile(filepath.Join(dir, "early.bin"), []byte(early), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "late.txt"), []byte(late), 0o644))
	m, err := compileMatcher("MATCH", true, false)
	must(t, err)
	for _, h := range openHandles(t, dir) {
		conf := &searchConf{m: m, limit: 1 << 30, countOnly: true}
		if got := conf.searchFile(context.Background(), &worker{}, h, "early.bin", false); !got.binary {
			t.Fatalf("early.bin: %+v, want binary", got)
		}
		got := conf.searchFile(context.Background(), &worker{}, h, "late.txt", false)
		if want := strings.Count(late, "MATCH"); got.binary || got.count != want {
			t.Fatalf("late.txt: binary %v, %d matches, want text with %d", got.binary, got.count, want)
		}
	}
}

// TestOpenFileLinks opens names the listing showed as regular files that
// are symbolic links by the time they are opened: a link inside the
// directory is followed through the root, one that leads out is refused.
func TestOpenFileLinks(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "target.txt"), []byte("inside\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("outside\n"), 0o644))
	must(t, os.Symlink("target.txt", filepath.Join(dir, "in")))
	must(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "out")))
	for _, h := range openHandles(t, dir) {
		f, err := h.openFile("in", false)
		must(t, err)
		buf := make([]byte, 64)
		n, _ := f.readFull(buf)
		f.close()
		if string(buf[:n]) != "inside\n" {
			t.Fatalf("in: read %q, want the target's text", buf[:n])
		}
		if f, err := h.openFile("out", false); err == nil {
			f.close()
			t.Fatal("out: opened a file outside the root")
		}
	}
}
