package fs_test

import (
	"encoding/json"
	"fmt"
	"hash/crc32"
	"regexp"
	"strings"
	"testing"

	"f0/internal/text"
	"f0/tool"
)

// versionOf is the version fs.read names for content before line: the
// CRC-32C and the length of the bytes before it.
func versionOf(content string, line int) string {
	end := 0
	for range line - 1 {
		i := strings.IndexByte(content[end:], '\n')
		if i < 0 {
			end = len(content)
			break
		}
		end += i + 1
	}
	return fmt.Sprintf("v%d-%08x%08x", line, crc32.Checksum([]byte(content[:end]), crc32.MakeTable(crc32.Castagnoli)), end)
}

var readRest = regexp.MustCompile(`(?m)^Get the rest: fs_read (\{.*\})$`)

// restOf returns the continuation the footer of res names.
func restOf(t *testing.T, res tool.Result) map[string]any {
	t.Helper()
	m := readRest.FindStringSubmatch(res.Text)
	if m == nil {
		t.Fatalf("no footer:\n%s", res.Text)
	}
	var next map[string]any
	if err := json.Unmarshal([]byte(m[1]), &next); err != nil {
		t.Fatal(err)
	}
	return next
}

func TestReadContinuationOfAChangedFile(t *testing.T) {
	lines := func(tag string, n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%s line %04d\n", tag, i)
		}
		return b.String()
	}
	big := lines("old", 4000)
	changed := func(why string) func(version, line string) string {
		return func(version, line string) string {
			return fmt.Sprintf("fs_read failed: big.txt changed since the earlier page was read (version %s): %s. ", version, strings.ReplaceAll(why, "LINE", line)) +
				fmt.Sprintf(`The lines you have may have moved or changed; read it again from the start: fs_read {"path":"big.txt"}, or go on from line %s of the file as it is now: fs_read {"offset":%s,"path":"big.txt"}`, line, strings.ReplaceAll(line, ",", ""))
		}
	}
	cases := []struct {
		name   string
		change func(e *env)
		want   func(version, line string) string // the error, or nil for a page
	}{
		{"unchanged", func(e *env) {}, nil},
		{"touched, same bytes", func(e *env) { e.file("big.txt", big) }, nil},
		{"lines added at the end", func(e *env) { e.file("big.txt", big+"new line\n") }, nil},
		{"a line inserted above", func(e *env) { e.file("big.txt", "inserted\n"+big) }, changed("its lines before line LINE are not the ones read then")},
		{"same size, other bytes", func(e *env) { e.file("big.txt", strings.Replace(big, "old line 0001", "new line 0001", 1)) },
			changed("its lines before line LINE are not the ones read then")},
		{"cut short", func(e *env) { e.file("big.txt", lines("old", 10)) }, changed("it now has 10 lines, fewer than had been read")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.file("big.txt", big)
			next := restOf(t, e.call("fs.read", "big.txt"))
			offset := int(next["offset"].(float64))
			if next["version"] != versionOf(big, offset) {
				t.Fatalf("version %v, want %s", next["version"], versionOf(big, offset))
			}
			c.change(e)
			res := e.call("fs.read", next)
			if c.want == nil {
				want := fmt.Sprintf("big.txt · lines %s-", text.GroupDigits(int64(offset)))
				if res.IsError || !strings.HasPrefix(res.Text, want) || !strings.Contains(res.Text, fmt.Sprintf("\nold line %04d\n", offset)) {
					t.Fatalf("got:\n%.300s\nwant a page from line %d", res.Text, offset)
				}
				return
			}
			want := c.want(next["version"].(string), text.GroupDigits(int64(offset)))
			if !res.IsError || !strings.HasPrefix(res.Text, want) {
				t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
			}
		})
	}
}

func TestReadPagesOfAFileAddUp(t *testing.T) {
	e := newEnv(t)
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "line %d of a long file\n", i)
	}
	e.file("long.txt", b.String())
	var got strings.Builder
	args := any("long.txt")
	for range 50 {
		res := e.call("fs.read", args)
		if res.IsError {
			t.Fatal(res.Text)
		}
		got.WriteString(res.Sections.Body)
		if !strings.HasSuffix(res.Sections.Body, "\n") {
			got.WriteString("\n")
		}
		m := readRest.FindStringSubmatch(res.Text)
		if m == nil {
			break
		}
		args = restOf(t, res)
	}
	if got.String() != b.String() {
		t.Fatalf("pages add up to %d bytes, want %d", got.Len(), b.Len())
	}
}

func TestReadVersionIsChecked(t *testing.T) {
	e := newEnv(t)
	e.file("a.txt", "one\ntwo\nthree\n")
	got := e.fail("fs.read", map[string]any{"path": "a.txt", "offset": 2, "version": "v2"})
	if !strings.Contains(got, `"version": "v2" is not a version of a file: the footer of a cut read writes it as v<line>-<16 hex digits> (e.g. v201-5e2a9c0100003a41). Copy it from the footer, or drop "version" to read the file as it is now.`) {
		t.Fatal(got)
	}
	// A version names the bytes before its line, whatever the offset.
	if got := e.ok("fs.read", map[string]any{"path": "a.txt", "offset": 3, "version": versionOf("one\ntwo\nthree\n", 2)}); got != "a.txt · line 3 of 3 · 14 B\nthree\n" {
		t.Fatal(got)
	}
	many := e.fail("fs.read", map[string]any{"paths": []any{"a.txt", "b.txt"}, "version": "v2-0000000000000000"})
	if !strings.HasPrefix(many, `fs_read: "version": names the version of one file, and this call reads 2. Continue each file with the call its section's last line names.`) {
		t.Fatal(many)
	}
}
