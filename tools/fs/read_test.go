package fs_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"f0/engine"
	"f0/internal/text"
	"f0/internal/texttest"
	"f0/internal/tooltest"
	"f0/tool"
)

// pngBytes is a 1×1 PNG.
var pngBytes, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func TestReadShapes(t *testing.T) {
	e := newEnv(t)
	e.file("go.mod", "module x\n\ngo 1.26\n")
	e.file("src/main.go", "package main\n")
	e.file("ten.txt", numbered(10))
	whole := "go.mod · lines 1-3 of 3 · 18 B\nmodule x\n\ngo 1.26\n"
	cases := []toolCase{
		{"structured", map[string]any{"path": "go.mod"}, whole},
		{"bare string", "go.mod", whole},
		{"JSON string", `{"path":"go.mod"}`, whole},
		{"absolute inside", map[string]any{"path": filepath.Join(e.root, "go.mod")}, whole},
		{"file_path synonym", map[string]any{"file_path": "go.mod"}, whole},
		{"path as a one-item list", map[string]any{"path": []any{"go.mod"}}, whole},
		{"window", map[string]any{"path": "ten.txt", "offset": 4, "limit": 2}, "ten.txt · lines 4-5 of 10 · 71 B\nline 4\nline 5\nMore lines follow: fs_read {\"offset\":6,\"path\":\"ten.txt\",\"version\":\"" + versionOf(numbered(10), 6) + "\"}"},
		{"head and start_line synonyms", map[string]any{"path": "ten.txt", "head": "2", "start_line": 9}, "ten.txt · lines 9-10 of 10 · 71 B\nline 9\nline 10\n"},
		{"tail", map[string]any{"path": "ten.txt", "tail": 2}, "ten.txt · lines 9-10 of 10 · 71 B\nline 9\nline 10\n"},
		{"negative offset", map[string]any{"path": "ten.txt", "offset": -3, "limit": 1}, "ten.txt · line 8 of 10 · 71 B\nline 8\nMore lines follow: fs_read {\"offset\":9,\"path\":\"ten.txt\",\"version\":\"" + versionOf(numbered(10), 9) + "\"}"},
		{"line numbers", map[string]any{"path": "ten.txt", "limit": 2, "lineNumbers": true}, "ten.txt · lines 1-2 of 10 · 71 B\n     1\tline 1\n     2\tline 2\nMore lines follow: fs_read {\"offset\":3,\"path\":\"ten.txt\",\"version\":\"" + versionOf(numbered(10), 3) + "\"}"},
		{"several paths", map[string]any{"paths": []any{"go.mod", "src/main.go"}},
			"==> go.mod · lines 1-3 of 3 · 18 B <==\nmodule x\n\ngo 1.26\n\n==> src/main.go · line 1 of 1 · 13 B <==\npackage main\n"},
		{"path as a list", map[string]any{"path": []any{"go.mod", "src/main.go"}},
			"==> go.mod · lines 1-3 of 3 · 18 B <==\nmodule x\n\ngo 1.26\n\n==> src/main.go · line 1 of 1 · 13 B <==\npackage main\n"},
		{"path list as JSON text", map[string]any{"path": `["go.mod","src/main.go"]`},
			"==> go.mod · lines 1-3 of 3 · 18 B <==\nmodule x\n\ngo 1.26\n\n==> src/main.go · line 1 of 1 · 13 B <==\npackage main\n"},
		{"several with one missing", map[string]any{"paths": []any{"go.mod", "src/mian.go"}},
			"==> go.mod · lines 1-3 of 3 · 18 B <==\nmodule x\n\ngo 1.26\n\n==> src/mian.go <==\nerror: read src/mian.go: no such file or directory; did you mean src/main.go?\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := e.ok("fs.read", c.args); got != c.want {
				t.Errorf("got:\n%q\nwant:\n%q", got, c.want)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	e := newEnv(t)
	e.file("src/main.go", "package main\n")
	e.file("ten.txt", numbered(10))
	footer := "Example: fs_read {\"path\":\"go.mod\"}"
	cases := []struct {
		name string
		args any
		want []string
	}{
		{"missing with a near name", "src/mian.go", []string{`fs_read: "path": read src/mian.go: no such file or directory; did you mean src/main.go?`, `You passed: "src/mian.go" (a string)`}},
		{"missing with nothing near", "nothing/here.txt", []string{`read nothing/here.txt: no such file or directory. Find it by name: fs_find {"pattern":"here.txt"}`}},
		{"directory", "src", []string{`"path": src is a directory, not a file. List it with fs_list {"path":"src"}`}},
		{"no path", map[string]any{}, []string{`"path": is required: name the file to read (or several in paths).`}},
		{"offset past the end", map[string]any{"path": "ten.txt", "offset": 50}, []string{`"offset": line 50 is past the end of ten.txt, which has 10 lines. Read the end with fs_read {"path":"ten.txt","tail":20}`}},
		{"tail and offset", map[string]any{"path": "ten.txt", "offset": 2, "tail": 3}, []string{`"tail": and offset were both given; use one`}},
		{"object for the path", map[string]any{"path": map[string]any{"name": "x"}}, []string{`fs_read: invalid arguments.`, `"path": expected a string, got an object`}},
		{"boolean limit", map[string]any{"path": "ten.txt", "limit": true}, []string{`"limit": expected an integer, got true (a boolean is never a number)`}},
		{"zero limit", map[string]any{"path": "ten.txt", "limit": 0}, []string{`"limit": must be at least 1, got 0`}},
		{"image of a text file", map[string]any{"path": "ten.txt", "image": true}, []string{`"image": ten.txt is text/plain; charset=utf-8, not an image this server can show (PNG, JPEG, GIF, WebP).`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertInOrder(t, e.fail("fs.read", c.args), append(c.want, footer)...)
		})
	}
	t.Run("misspelt field", func(t *testing.T) {
		// The example is the call with the field spelt right.
		assertInOrder(t, e.fail("fs.read", map[string]any{"path": "ten.txt", "limt": 3}), `"limt": unknown field; did you mean "limit"?`, `Example: fs_read {"limit":3,"path":"ten.txt"}`)
	})
	t.Run("misspelt tool", func(t *testing.T) {
		res := e.p.Call(context.Background(), "fs_raed", map[string]any{"path": "ten.txt"})
		assertInOrder(t, res.Text, `unknown tool "fs_raed".`, "Did you mean:", "- fs_read: Read text files", `Example: fs_read {"path":"go.mod"}`)
	})
}

func TestReadBinaryAndEncodings(t *testing.T) {
	e := newEnv(t)
	must(t, os.WriteFile(filepath.Join(e.root, "dot.png"), pngBytes, 0o644))
	e.file("bad.txt", "ok \xff\xfe end\n")
	e.file("data.bin", "ab\x00cd")
	e.file("empty.txt", "")
	e.file("noeol.txt", "a\nb")
	text := e.ok("fs.read", "dot.png")
	assertInOrder(t, text, "dot.png · image/png · 70 bytes · sha256 ", " · 1×1", "Binary file: its bytes are not shown as text.",
		`See the image: fs_read {"image":true,"path":"dot.png"}`, `Get the bytes as base64: fs_read {"base64":true,"path":"dot.png"}`)
	res := e.call("fs.read", map[string]any{"path": "dot.png", "image": true})
	if res.IsError || len(res.Images) != 1 || res.Images[0].MIMEType != "image/png" || string(res.Images[0].Data) != string(pngBytes) {
		t.Fatalf("image block: %+v", res)
	}
	// base64 comes in lines of 76 characters, as coreutils' base64 prints it.
	b64 := base64.StdEncoding.EncodeToString(pngBytes)
	assertInOrder(t, e.ok("fs.read", map[string]any{"path": "dot.png", "base64": true}), "dot.png · image/png · 70 bytes · sha256 ", " · 1×1\n"+b64[:76]+"\n"+b64[76:])
	assertInOrder(t, e.ok("fs.read", "data.bin"), "data.bin · application/octet-stream · 5 bytes · sha256 ")
	assertInOrder(t, e.ok("fs.read", "bad.txt"), "bad.txt · line 1 of 1 · 10 B\nok \uFFFD end\n", "note: invalid UTF-8 is shown as U+FFFD (�).")
	if got := e.ok("fs.read", "empty.txt"); got != "empty.txt · empty file · 0 B" {
		t.Errorf("empty file: %q", got)
	}
	if got := e.ok("fs.read", "noeol.txt"); got != "noeol.txt · lines 1-2 of 2 · 3 B\na\nb" {
		t.Errorf("no final newline: %q", got)
	}
	// base64 beyond the room comes in pages of whole lines, with the one
	// call that returns all of it when the server's cap allows.
	big := make([]byte, 40<<10)
	big[0] = 0
	must(t, os.WriteFile(filepath.Join(e.root, "big.bin"), big, 0o644))
	assertInOrder(t, e.ok("fs.read", "big.bin"), "Binary file: its bytes are not shown as text.\n",
		`As base64 it is 55,335 bytes in 719 lines, more than one answer here holds (24,576 bytes); get it in pages: fs_read {"base64":true,"path":"big.bin"}; or all at once: fs_read {"base64":true,"maxBytes":56359,"path":"big.bin"}.`)
	assertInOrder(t, e.ok("fs.read", map[string]any{"path": "big.bin", "base64": true}),
		"big.bin · application/octet-stream · 40,960 bytes · sha256 ", " · base64 lines 1-306 of 719 (57 bytes a line) · rest at offset=307\nAAAA",
		`note: all of it in one call: fs_read {"base64":true,"maxBytes":56359,"path":"big.bin"}`,
		"… [truncated: showed 23,562 of 55,335 bytes; 31,773 bytes left]\n",
		`Get the rest: fs_read {"base64":true,"offset":307,"path":"big.bin"}`)
	all := e.ok("fs.read", map[string]any{"path": "big.bin", "base64": true, "maxBytes": 56359})
	if want := "\n" + wrapped(big); !strings.HasSuffix(strings.TrimSuffix(all, "\n"), want) || strings.Contains(all, "truncated") {
		t.Errorf("all at once: %d bytes, want the %d of the whole base64", len(all), len(want))
	}
}

// wrapped is data's base64 in lines of 76 characters.
func wrapped(data []byte) string {
	var b strings.Builder
	for len(data) > 0 {
		n := min(len(data), 57)
		b.WriteString(base64.StdEncoding.EncodeToString(data[:n]) + "\n")
		data = data[n:]
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestReadPagesThroughFooters reads a file larger than the budget by
// following the footer calls, and gets it back exactly.
func TestReadPagesThroughFooters(t *testing.T) {
	e := newEnv(t)
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "line %04d ééé %s\n", i, strings.Repeat("x", i%50))
	}
	e.file("big.txt", b.String())
	var got strings.Builder
	args := map[string]any{"path": "big.txt", "maxBytes": 4096}
	for calls := 0; ; calls++ {
		if calls > 100 {
			t.Fatal("too many calls")
		}
		res := e.call("fs.read", args)
		if res.IsError || len(res.Sections.Body) > 4096 {
			t.Fatalf("call %d: error or a body over maxBytes (%d bytes):\n%s", calls, len(res.Sections.Body), res.Text)
		}
		body := res.Sections.Body
		if !strings.HasSuffix(body, "\n") {
			body += "\n"
		}
		got.WriteString(body)
		args = next(t, res.Text)
		if args == nil {
			break
		}
		assertInOrder(t, res.Sections.Tail, "… [truncated: showed ", " bytes left]")
	}
	if got.String() != b.String() {
		t.Fatalf("paging did not give the file back (%d vs %d bytes)", got.Len(), b.Len())
	}
	// A window with a limit keeps its remaining count.
	res := e.call("fs.read", map[string]any{"path": "big.txt", "offset": 100, "limit": 500, "maxBytes": 2048})
	n := next(t, res.Text)
	if n == nil || n["limit"] == nil {
		t.Fatalf("footer of a limited window: %s", res.Text)
	}
	first, _ := n["offset"].(float64)
	left, _ := n["limit"].(float64)
	if int(first)+int(left) != 600 {
		t.Errorf("next window %v..%v does not end where the first one did (600)", first, first+left)
	}
}

// TestReadLongLine cuts a single line longer than the budget and moves on
// to the next line.
func TestReadLongLine(t *testing.T) {
	e := newEnv(t)
	e.file("min.js", strings.Repeat("a", 50000)+"\nsecond\n")
	res := e.call("fs.read", map[string]any{"path": "min.js"})
	if len(res.Text) > 24576 {
		t.Fatalf("%d bytes", len(res.Text))
	}
	assertInOrder(t, res.Text, "min.js · line 1 of 2, cut at the output budget", "aaaa",
		`note: line 1 is 50,000 bytes, longer than this call's output budget, so only its start is shown. See all of it: fs_read {"limit":1,"maxBytes":51024,"offset":1,"path":"min.js"}`,
		`Get the rest: fs_read {"offset":2,"path":"min.js","version":"`+versionOf(strings.Repeat("a", 50000)+"\nsecond\n", 2)+`"}`)
}

func TestReadUnderReadAccess(t *testing.T) {
	e := newEnv(t)
	e.file("a.txt", "a\n")
	p := pipelineFor(t, engine.Config{Access: tool.Read}, e.root)
	if res := p.Call(context.Background(), "fs_read", "a.txt"); res.IsError {
		t.Fatal(res.Text)
	}
	res := p.Call(context.Background(), "fs_write", map[string]any{"path": "a.txt", "content": "b"})
	assertInOrder(t, res.Text, `unknown tool "fs_write": fs_write exists but this server does not expose it (it needs write access and the server runs with --access read).`)
}

// TestReadLongLineSaysHowToSeeIt: a line longer than the budget is never
// skipped silently; one file or several, the answer gives its length and
// the call that returns all of it, and that call does.
func TestReadLongLineSaysHowToSeeIt(t *testing.T) {
	e := newEnv(t)
	line := `{"k":"` + strings.Repeat("v", 100000) + `"}`
	e.file("oneline.json", line)
	e.file("a.txt", "a\n")
	e.file("two.txt", strings.Repeat("w", 30000)+"\nsecond\n")
	whole := `fs_read {"limit":1,"maxBytes":101032,"offset":1,"path":"oneline.json"}`
	one := e.ok("fs.read", "oneline.json")
	assertInOrder(t, one, "oneline.json · line 1 of 1, cut at the output budget", `{"k":"vvv`,
		"note: line 1 is 100,008 bytes, longer than this call's output budget, so only its start is shown. See all of it: "+whole,
		`; or find text inside it: fs_search {"literal":true,"path":"oneline.json","pattern":"TEXT"}`)
	many := e.ok("fs.read", map[string]any{"paths": []any{"a.txt", "oneline.json", "two.txt"}})
	assertInOrder(t, many, "==> a.txt", "==> oneline.json · line 1 of 1, cut at the output budget", `{"k":"vvv`,
		"… [line 1 is 100,008 bytes, longer than this call's output budget", "See all of it: "+whole,
		"==> two.txt · line 1 of 2, cut", `… [line 1 is 30,000 bytes`, `… [more of this file: fs_read {"offset":2,"path":"two.txt","version":"`+versionOf(strings.Repeat("w", 30000)+"\nsecond\n", 2)+`"}]`)
	assertNot(t, many, `"offset":2,"path":"oneline.json"`)
	// The suggested call returns the whole line.
	got := e.ok("fs.read", map[string]any{"limit": 1, "maxBytes": 101032, "offset": 1, "path": "oneline.json"})
	if got != "oneline.json · line 1 of 1 · 98 KB\n"+line {
		t.Errorf("the whole-line call did not return the line whole: %d bytes, tail %q", len(got), got[max(len(got)-80, 0):])
	}
	// Longer than the server's cap: only the search is offered.
	p := pipelineFor(t, engine.Config{Access: tool.Read, MaxOutput: 4096, OutputCap: 50000}, e.root)
	res := p.Call(context.Background(), "fs_read", "oneline.json")
	assertInOrder(t, res.Text, "note: line 1 is 100,008 bytes", "; the whole line is more than one call returns (50,000 bytes). Find text inside it: fs_search")
	assertNot(t, res.Text, "See all of it")
}

// TestReadImageLimit: an image larger than the limit is refused with what can
// be done; a server whose cap allows it offers the call with maxBytes.
func TestReadImageLimit(t *testing.T) {
	e := newEnv(t)
	big := append(append([]byte{}, pngBytes...), make([]byte, 1<<20)...)
	must(t, os.WriteFile(filepath.Join(e.root, "big.png"), big, 0o644))
	text := e.fail("fs.read", map[string]any{"path": "big.png", "image": true})
	assertInOrder(t, text, `fs_read: "image": big.png is 1.0 MB, 1,398,196 bytes as base64; images are returned up to 1,048,576 bytes as base64 (this call's limit)`,
		`f0 cannot make a smaller copy. Its type, size and dimensions: fs_read {"path":"big.png"}`)
	assertNot(t, e.ok("fs.read", "big.png"), "See the image")
	// A small image is still returned.
	must(t, os.WriteFile(filepath.Join(e.root, "dot.png"), pngBytes, 0o644))
	if res := e.call("fs.read", map[string]any{"path": "dot.png", "image": true}); res.IsError || len(res.Images) != 1 {
		t.Fatalf("small image: %s", res.Text)
	}
	// A server with a larger cap offers the larger budget, which works.
	p := pipelineFor(t, engine.Config{Access: tool.Read, OutputCap: 4 << 20}, e.root)
	res := p.Call(context.Background(), "fs_read", map[string]any{"path": "big.png", "image": true})
	assertInOrder(t, res.Text, `Ask for a larger limit: fs_read {"image":true,"maxBytes":1399220,"path":"big.png"}`)
	res = p.Call(context.Background(), "fs_read", map[string]any{"path": "big.png", "image": true, "maxBytes": 1399220})
	if res.IsError || len(res.Images) != 1 || len(res.Images[0].Data) != len(big) {
		t.Fatalf("image with a larger budget: %s", res.Text)
	}
}

// streamed calls fs.read with a sink, as the command line does when stdout
// is a pipe or a file, and returns the answer and what reached the sink.
func (e *env) streamed(args any) (tool.Result, string) {
	e.t.Helper()
	tl, _ := e.p.Resolve("fs.read")
	var sink strings.Builder
	res := e.p.Call(engine.WithSink(context.Background(), tl, &sink), "fs.read", args)
	return res, sink.String()
}

// With a sink, the window goes to it byte for byte (invalid UTF-8 too,
// as cat writes it) and the answer keeps only the head and notes.
func TestReadStreamsToTheSink(t *testing.T) {
	e := newEnv(t)
	e.file("ten.txt", numbered(10))
	e.file("bad.txt", "ok \xff end")
	cases := []struct {
		name       string
		args       map[string]any
		text, sink string
	}{
		{"whole file", map[string]any{"path": "ten.txt"}, "ten.txt · lines 1-10 of 10 · 71 B", numbered(10)},
		{"window", map[string]any{"path": "ten.txt", "offset": 4, "limit": 2}, "ten.txt · lines 4-5 of 10 · 71 B\nMore lines follow: fs_read {\"offset\":6,\"path\":\"ten.txt\"}", "line 4\nline 5\n"},
		{"tail with numbers", map[string]any{"path": "ten.txt", "tail": 2, "lineNumbers": true}, "ten.txt · lines 9-10 of 10 · 71 B", "     9\tline 9\n    10\tline 10\n"},
		{"no final newline", map[string]any{"path": "bad.txt", "lineNumbers": true}, "bad.txt · line 1 of 1 · 8 B", "     1\tok \xff end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, sink := e.streamed(c.args)
			if res.IsError || res.Text != c.text || sink != c.sink {
				t.Errorf("got:\n%q\nsink %q\nwant:\n%q\nsink %q", res.Text, sink, c.text, c.sink)
			}
		})
	}
	t.Run("maxBytes asks for the budget's cut instead", func(t *testing.T) {
		res, sink := e.streamed(map[string]any{"path": "ten.txt", "maxBytes": 2000})
		if res.IsError || sink != "" || !strings.Contains(res.Text, "line 10\n") {
			t.Errorf("sink %q, answer:\n%s", sink, res.Text)
		}
	})
	t.Run("a line past the end writes nothing", func(t *testing.T) {
		res, sink := e.streamed(map[string]any{"path": "ten.txt", "offset": 50})
		assertInOrder(t, res.Text, `"offset": line 50 is past the end of ten.txt, which has 10 lines.`)
		if !res.IsError || sink != "" {
			t.Errorf("sink %q, answer:\n%s", sink, res.Text)
		}
	})
}

// Streaming keeps memory flat in the file's size: reading a 32 MB file to
// a sink allocates a few buffers, not the file (the 289 MB read
// peaked at 977 MB when the body was held).
func TestReadStreamingMemoryIsFlat(t *testing.T) {
	e := newEnv(t)
	line := strings.Repeat("a line of a large file to stream ", 3) + "\n"
	e.file("large.txt", strings.Repeat(line, 32<<20/len(line)))
	tl, _ := e.p.Resolve("fs.read")
	warmUp(t, e)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var sink countingSink
	res := e.p.Call(engine.WithSink(context.Background(), tl, &sink), "fs.read", "large.txt")
	runtime.ReadMemStats(&after)
	if res.IsError || sink.n < 32<<20-len(line) {
		t.Fatalf("%d bytes streamed; answer:\n%s", sink.n, res.Text)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("streaming %d bytes allocated %d bytes", sink.n, grew)
	}
}

// warmUp makes one call before a test measures memory, so what the
// pipeline loads once (the other agents' vocabularies, on the first call)
// is not counted as the measured call's.
func warmUp(t *testing.T, e *env) {
	t.Helper()
	e.file("warm-up.txt", "one line\n")
	if res := e.p.Call(context.Background(), "fs.read", "warm-up.txt"); res.IsError {
		t.Fatalf("warm-up read: %s", res.Text)
	}
}

// countingSink counts the bytes written to it.
type countingSink struct{ n int }

func (c *countingSink) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// A sink given for one tool is not written by the calls another tool makes
// in turn: batch's fs.read items answer in the batch's text.
func TestReadSinkIsNotForNestedCalls(t *testing.T) {
	e := newEnv(t)
	e.file("ten.txt", numbered(10))
	tl, _ := e.p.Resolve("fs.read")
	var sink strings.Builder
	ctx := engine.WithSink(context.Background(), tl, &sink)
	res := e.p.Call(ctx, "batch", map[string]any{"calls": []any{map[string]any{"tool": "fs_read", "args": map[string]any{"path": "ten.txt", "limit": 1}}}})
	if res.IsError || sink.Len() != 0 || !strings.Contains(res.Text, "line 1\n") {
		t.Errorf("sink %q, answer:\n%s", sink.String(), res.Text)
	}
}

// base64 of a binary file with a sink (the command line's pipe or file)
// goes to the sink as it is read, whatever the budget, and memory stays
// flat in the file's size; the answer keeps the head line. Without a sink
// the budget decides as before, and a file only described is hashed as
// it is read, not held.
func TestReadBase64StreamsToTheSink(t *testing.T) {
	e := newEnv(t)
	must(t, os.WriteFile(filepath.Join(e.root, "dot.png"), pngBytes, 0o644))
	big := make([]byte, 16<<20)
	for i := range big {
		big[i] = byte(i * 7)
	}
	must(t, os.WriteFile(filepath.Join(e.root, "big.bin"), big, 0o644))
	sum := sha256.Sum256(big)
	head := "big.bin · application/octet-stream · 16,777,216 bytes · sha256 " + hex.EncodeToString(sum[:])
	tl, _ := e.p.Resolve("fs.read")
	warmUp(t, e)
	t.Run("beyond the budget, byte for byte, memory flat", func(t *testing.T) {
		var sink strings.Builder
		sink.Grow(base64.StdEncoding.EncodedLen(len(big)))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res := e.p.Call(engine.WithSink(context.Background(), tl, &sink), "fs.read", map[string]any{"path": "big.bin", "base64": true})
		runtime.ReadMemStats(&after)
		if res.IsError || res.Text != head || sink.String() != base64.StdEncoding.EncodeToString(big) {
			t.Fatalf("answer:\n%s\nsink: %d bytes", text.CutUTF8(res.Text, 500), sink.Len())
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
			t.Errorf("streaming %d bytes as base64 allocated %d bytes", len(big), grew)
		}
	})
	t.Run("an image keeps its dimensions and every byte", func(t *testing.T) {
		res, sink := e.streamed(map[string]any{"path": "dot.png", "base64": true})
		if res.IsError || !strings.HasSuffix(res.Text, " · 1×1") || sink != base64.StdEncoding.EncodeToString(pngBytes) {
			t.Fatalf("answer:\n%s\nsink %q", res.Text, sink)
		}
	})
	t.Run("described, not held", func(t *testing.T) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res := e.call("fs.read", "big.bin")
		runtime.ReadMemStats(&after)
		if res.IsError || !strings.HasPrefix(res.Text, head+"\nBinary file: its bytes are not shown as text.") {
			t.Fatalf("answer:\n%s", res.Text)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
			t.Errorf("describing a %d-byte file allocated %d bytes", len(big), grew)
		}
	})
}

// windowLines are the numbered lines each answer about name shows: after
// a head line saying which ("lines 3-40 of 90", "base64 lines 1-308 of
// 719"; a head without says all of them), up to the notes and footer.
func windowLines(answers map[string]string, name string, got map[int]string) (total int) {
	window := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + ` · (?:.* · )?(?:base64 )?lines? ([\d,]+)(?:-([\d,]+))? of ([\d,]+)`)
	num := func(s string) int { n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return n }
	for _, text := range answers {
		head, body, _ := strings.Cut(text, "\n")
		if !strings.HasPrefix(head, name+" · ") || strings.HasPrefix(body, "Binary file:") {
			continue // another file's, or a description
		}
		first := 1
		if m := window.FindStringSubmatch(head); m != nil {
			first, total = num(m[1]), num(m[3])
		}
		for i, line := range strings.Split(body, "\n") {
			if strings.HasPrefix(line, "note: ") || strings.HasPrefix(line, "… [") || strings.HasPrefix(line, "More lines follow") {
				break
			}
			got[first+i] = line
		}
	}
	return total
}

// assemble joins lines 1…total, failing t when one was never shown.
func assemble(t *testing.T, got map[int]string, total int) []string {
	t.Helper()
	out := make([]string, 0, total)
	for i := 1; i <= total; i++ {
		line, ok := got[i]
		if !ok {
			t.Fatalf("line %d of %d was never shown", i, total)
		}
		out = append(out, line)
	}
	return out
}

// TestEveryAdviceMakesProgress: for every client profile, a 90 KB binary
// file read as base64 (and described as binary), and a 200 KB text, both
// larger than any room: every call an answer prints, followed as a model
// copies it, gets a different answer and never the same advice again (pi
// once got "ask for maxBytes" for a budget its own cut never lets
// through), and the pages followed give back the whole content.
func TestEveryAdviceMakesProgress(t *testing.T) {
	e := newEnv(t)
	bin := make([]byte, 90<<10)
	for i := range bin {
		bin[i] = byte(i * 7)
	}
	must(t, os.WriteFile(filepath.Join(e.root, "big.bin"), bin, 0o644))
	var text strings.Builder
	for i := 1; text.Len() < 200<<10; i++ {
		fmt.Fprintf(&text, "line %05d of a text longer than any room\n", i)
	}
	e.file("big.txt", text.String())
	for _, client := range tooltest.Clients() {
		t.Run("base64/"+client, func(t *testing.T) {
			for _, start := range []map[string]any{{"path": "big.bin", "base64": true}, {"path": "big.bin"}} {
				answers := tooltest.Follow(t, e.p, client, texttest.Call{Name: "fs_read", Args: start})
				got := map[int]string{}
				total := windowLines(answers, "big.bin", got)
				data, err := base64.StdEncoding.DecodeString(strings.Join(assemble(t, got, total), ""))
				if err != nil || !bytes.Equal(data, bin) {
					t.Fatalf("the pages give back %d bytes (%v), not the file's %d", len(data), err, len(bin))
				}
			}
		})
		t.Run("text/"+client, func(t *testing.T) {
			answers := tooltest.Follow(t, e.p, client, texttest.Call{Name: "fs_read", Args: map[string]any{"path": "big.txt"}})
			got := map[int]string{}
			total := windowLines(answers, "big.txt", got)
			if whole := strings.Join(assemble(t, got, total), "\n") + "\n"; whole != text.String() {
				t.Fatalf("the pages give back %d bytes, not the file's %d", len(whole), text.Len())
			}
		})
	}
}
