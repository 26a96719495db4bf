package fs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"regexp"
	"strconv"

	"f0/internal/text"
	"f0/tool"
)

// A version names what a read had shown of a file when it was cut:
// "v<line>-<sum>", the sum (fileSum) of the file's bytes before that line.
// The call for the next page carries it, and the read checks it before it
// shows more: when those bytes are not the same any more (the file was
// edited above the page, cut short, or replaced), the page would not
// continue what was read, and the read says the file changed. Lines added
// after them (a log that grows) leave the version as it was.
var versionPattern = regexp.MustCompile(`^v([1-9][0-9]*)-([0-9a-f]{16})$`)

// castagnoli is the CRC-32C table, computed in hardware where the CPU has
// it: a deep read sums every byte before its window, at memory speed.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// fileSum sums bytes of a file for its version: their CRC-32C and their
// count, which together tell an edited file from the one read (a change of
// length always; one of the same length but for a chance of 1 in 2^32).
// Files change by accident, not to fool a check, so a cryptographic hash
// would only make deep reads slower. A copy of the value is a copy of the
// sum.
type fileSum struct {
	crc uint32
	n   uint64
}

func (s *fileSum) write(b []byte) {
	s.crc = crc32.Update(s.crc, castagnoli, b)
	s.n += uint64(len(b))
}

// String is the sum as a version writes it: 16 hex digits.
func (s fileSum) String() string { return fmt.Sprintf("%08x%08x", s.crc, uint32(s.n)) }

// version is the version of the file after done lines of the window:
// the bytes before the window and those lines. After a long first line,
// which the window holds only the start of, it is the version after the
// whole line (read to its end, not kept).
func (w *lineWindow) version(done int) string {
	if w.before == nil {
		return ""
	}
	sum, line := *w.before, w.first
	switch {
	case w.long && w.throughLong != nil && done > 0 && w.longEnded:
		sum, line = *w.throughLong, w.first+1
	case !w.long:
		end := 0
		for ; done > 0; done-- {
			i := bytes.IndexByte(w.text[end:], '\n')
			if i < 0 {
				break
			}
			end += i + 1
			line++
		}
		sum.write(w.text[:end])
	}
	return fmt.Sprintf("v%d-%s", line, sum)
}

// sumBefore sums bytes of the file before the window.
func (w *lineWindow) sumBefore(b []byte) {
	if w.before != nil {
		w.before.write(b)
	}
}

// startLong starts summing through a long first line: the bytes before
// the window, the line's start kept so far in text, and seg.
func (w *lineWindow) startLong(seg []byte) {
	if w.before == nil {
		return
	}
	sum := *w.before
	sum.write(w.text)
	sum.write(seg)
	w.throughLong = &sum
	w.longEnded = len(seg) > 0 && seg[len(seg)-1] == '\n'
}

// sumLong sums more of a long first line; its newline ends it.
func (w *lineWindow) sumLong(b []byte) {
	if w.throughLong != nil {
		w.throughLong.write(b)
		w.longEnded = len(b) > 0 && b[len(b)-1] == '\n'
	}
}

// checkVersion refuses to continue a read of a file that changed since
// the version named (see versionPattern), and leaves o to be read from its
// start.
func (t *toolset) checkVersion(ctx context.Context, version string, o *opened) error {
	if version == "" {
		return nil
	}
	m := versionPattern.FindStringSubmatch(version)
	if m == nil {
		return &tool.InputError{Field: "version", Problem: fmt.Sprintf("%q is not a version of a file: the footer of a cut read writes it as v<line>-<16 hex digits> (e.g. v201-5e2a9c0100003a41)", version),
			Hint: `Copy it from the footer, or drop "version" to read the file as it is now.`}
	}
	line, _ := strconv.Atoi(m[1])
	sum, lines, err := sumUpTo(o.r, line)
	if err != nil {
		return fmt.Errorf("read %s: %w", o.name, err)
	}
	if err := rewind(o); err != nil {
		return err
	}
	if sum.String() == m[2] {
		return nil
	}
	now := "its lines before line " + text.GroupDigits(int64(line)) + " are not the ones read then"
	if lines < line-1 {
		now = "it now has " + text.Count(int64(lines), "line", "lines") + ", fewer than had been read"
	}
	return &changedFile{text: fmt.Sprintf("%s changed since the earlier page was read (version %s): %s. The lines you have may have moved or changed; read it again from the start: %s, or go on from line %s of the file as it is now: %s",
		o.name, version, now, t.call.Suggest("fs.read", map[string]any{"path": o.name}), text.GroupDigits(int64(line)), t.call.Suggest("fs.read", map[string]any{"path": o.name, "offset": line}))}
}

// changedFile is a continuation of a file that changed.
type changedFile struct{ text string }

func (e *changedFile) Error() string { return e.text }

// sumUpTo sums r up to the start of line (1-based), and says how many
// whole lines it passed.
func sumUpTo(r io.Reader, line int) (fileSum, int, error) {
	var sum fileSum
	buf := make([]byte, 64<<10)
	passed := 0
	for passed < line-1 {
		n, err := r.Read(buf)
		chunk, end := buf[:n], 0
		for passed < line-1 {
			i := bytes.IndexByte(chunk[end:], '\n')
			if i < 0 {
				end = len(chunk)
				break
			}
			end += i + 1
			passed++
		}
		sum.write(chunk[:end]) // at once: summing line by line is slower
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return sum, passed, err
		}
	}
	return sum, passed, nil
}

// rewind makes o read from the start of the file again.
func rewind(o *opened) error {
	seeker, ok := o.f.(io.Seeker)
	if !ok {
		return fmt.Errorf("read %s: cannot go back to the start", o.name)
	}
	if _, err := seeker.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("read %s: %w", o.name, err)
	}
	o.r = o.f.(io.Reader)
	return nil
}
