package fs_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"f0/engine"
	"f0/tool"
)

// Benchmarks of the file tools through the whole pipeline. bench/fs.sh
// compares the same work with other servers and with ripgrep.

func benchPipeline(b *testing.B, dir string) *engine.Host {
	b.Helper()
	return pipelineFor(b, engine.Config{Access: tool.Admin}, dir)
}

func benchCall(b *testing.B, p *engine.Host, tool string, args map[string]any) {
	b.Helper()
	ctx := context.Background()
	b.ReportAllocs()
	var n int
	for b.Loop() {
		res := p.Call(ctx, tool, args)
		if res.IsError {
			b.Fatal(res.Text)
		}
		n = len(res.Text)
	}
	b.ReportMetric(float64(n), "bytes/op")
}

func BenchmarkRead1K(b *testing.B) {
	dir := b.TempDir()
	must(b, os.WriteFile(filepath.Join(dir, "k1.txt"), []byte(strings.Repeat("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n", 16)), 0o644))
	benchCall(b, benchPipeline(b, dir), "fs_read", map[string]any{"path": "k1.txt"})
}

func BenchmarkRead1M(b *testing.B) {
	dir := b.TempDir()
	must(b, os.WriteFile(filepath.Join(dir, "m1.txt"), []byte(strings.Repeat("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n", 16<<10)), 0o644))
	benchCall(b, benchPipeline(b, dir), "fs_read", map[string]any{"path": "m1.txt"})
}

// tree2000 makes 2,000 files in 100 directories.
func tree2000(b *testing.B) string {
	dir := b.TempDir()
	for i := range 2000 {
		p := filepath.Join(dir, fmt.Sprintf("d%02d", i%20), fmt.Sprintf("s%d", i%5), fmt.Sprintf("file_%d.txt", i))
		must(b, os.MkdirAll(filepath.Dir(p), 0o755))
		must(b, os.WriteFile(p, []byte(fmt.Sprintf("line one\nfile %d TODO\n", i)), 0o644))
	}
	return dir
}

func BenchmarkFind2000(b *testing.B) {
	benchCall(b, benchPipeline(b, tree2000(b)), "fs_find", map[string]any{"pattern": "**/file_7*.txt"})
}

func BenchmarkSearch2000(b *testing.B) {
	benchCall(b, benchPipeline(b, tree2000(b)), "fs_search", map[string]any{"pattern": "file 7\\d+ TODO", "filesOnly": true})
}

// BenchmarkSearchGoroot searches Go's own source tree, the ripgrep
// comparison of bench/fs.sh.
func BenchmarkSearchGoroot(b *testing.B) {
	p := benchPipeline(b, gorootSrc(b))
	for _, c := range []struct{ name, pattern string }{
		{"literal", "TODO"}, {"regex", `func \w+Error\(`}, {"ignorecase", "(?i)deadline exceeded"},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchCall(b, p, "fs_search", map[string]any{"pattern": c.pattern, "filesOnly": true, "maxBytes": 262144})
		})
	}
}

// BenchmarkSearchGorootErrorsNew searches Go's source tree for a regex
// with many matches.
func BenchmarkSearchGorootErrorsNew(b *testing.B) {
	p := benchPipeline(b, gorootSrc(b))
	benchCall(b, p, "fs_search", map[string]any{"pattern": `errors\.New\("[a-z]+: `, "filesOnly": true, "maxResults": 1000000, "maxBytes": 262144})
}

// gorootSrc is the source tree of the Go that runs the benchmarks (go test
// puts its GOROOT/bin first on PATH); the benchmark is skipped without it.
func gorootSrc(b *testing.B) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Skipf("go env GOROOT: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "src")
	if _, err := os.Stat(src); err != nil {
		b.Skip("no GOROOT/src")
	}
	return src
}

// BenchmarkSearchCancelStop cancels a slow search of Go's source tree (a
// case-insensitive regular expression with no literal worth looking for
// first) after 200 ms and reports how long the call took to return after
// the cancel (issue 9: a cancelled call stops its CPU within 100 ms).
// Compare with bench/cancelstop, which adds the stdio transport.
func BenchmarkSearchCancelStop(b *testing.B) {
	p := benchPipeline(b, gorootSrc(b))
	args := map[string]any{"pattern": `[a-z]+_[a-z]+\s*\(.*(err|nil)`, "ignoreCase": true, "maxResults": 1000000}
	var worst, total time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time, 1)
		go func() {
			p.Call(ctx, "fs_search", args)
			done <- time.Now()
		}()
		time.Sleep(200 * time.Millisecond)
		t0 := time.Now()
		cancel()
		d := (<-done).Sub(t0)
		worst, total = max(worst, d), total+d
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms-to-stop")
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms-to-stop")
}

// BenchmarkReadDeep reads a window near the end of a 16 MB file: the
// lines before it are read (and hashed, for the version a continuation
// carries) but not kept.
func BenchmarkReadDeep(b *testing.B) {
	dir := b.TempDir()
	must(b, os.WriteFile(filepath.Join(dir, "m16.txt"), []byte(strings.Repeat("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n", 256<<10)), 0o644))
	benchCall(b, benchPipeline(b, dir), "fs_read", map[string]any{"path": "m16.txt", "offset": 250000})
}
