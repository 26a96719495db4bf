package fs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"path"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// base64LineBytes is how many bytes of a file one line of its base64
// holds: 57, as coreutils' base64 and MIME write it (76 characters).
const base64LineBytes = 57

// base64Lines is the number of base64 lines of a file of size bytes.
func base64Lines(size int64) int {
	return int((size + base64LineBytes - 1) / base64LineBytes)
}

// base64Len is the length of the base64 of size bytes in lines of 76
// characters, each with its newline.
func base64Len(size int64) int64 {
	return int64(base64.StdEncoding.EncodedLen(int(size))) + int64(base64Lines(size))
}

// wrapBase64 encodes data in lines of 76 characters, each ending in a
// newline.
func wrapBase64(data []byte) string {
	var b strings.Builder
	b.Grow(int(base64Len(int64(len(data)))))
	for len(data) > 0 {
		n := min(len(data), base64LineBytes)
		b.WriteString(base64.StdEncoding.EncodeToString(data[:n]))
		b.WriteByte('\n')
		data = data[n:]
	}
	return b.String()
}

// readBase64 answers base64: true with the file's bytes as base64 in lines
// of 76 characters, as coreutils' base64 prints them. Its lines are read
// like a text's, by offset, limit and tail, and a file whose base64 is
// larger than the call's room comes in pages, each the base64 of whole
// lines (57 bytes each): the pipeline's footer names the next page, and a
// note the one call that returns the rest when a larger maxBytes can.
// Only the window is kept; the whole file is hashed for the head line.
func (t *toolset) readBase64(ctx context.Context, in ReadInput, o *opened) (tool.Result, error) {
	total := base64Lines(o.size)
	first, limit := base64Window(in, total)
	if first > max(total, 1) {
		return tool.Result{}, &tool.InputError{Field: "offset", Problem: fmt.Sprintf("line %d is past the end of the base64 of %s, which has %s of 57 bytes.", first, o.name, text.Count(int64(total), "line", "lines")),
			Hint: "Read its last lines with " + t.call.Suggest("fs.read", map[string]any{"path": o.name, "base64": true, "tail": 20})}
	}
	n := total - first + 1
	if limit > 0 {
		n = min(n, limit)
	}
	start := int64(first-1) * base64LineBytes
	// The head as it will be, at its longest: with the lines it shows.
	head := base64Head(o, strings.Repeat("0", sha256.Size*2), first, 0, total) + " · 1000×1000"
	shown := base64Fit(t.call.Room().Less(head), n)
	var notes []string
	if shown < n {
		notes = pageNotes(t.call, o, base64Len(o.size-start), limit)
		shown = base64Fit(t.call.Room().Less(append(notes, head)...), n)
	}
	data, sum, err := readRange(o, start, int64(shown)*base64LineBytes)
	if err != nil {
		return tool.Result{}, err
	}
	last := first + shown - 1
	if total == 0 {
		last = 0
	}
	text := wrapBase64(data)
	head = base64Head(o, sum, first, last, total)
	if imageTypes[strings.SplitN(o.kind.mime, ";", 2)[0]] {
		head += imageDims(bytes.NewReader(o.head)) // its first bytes hold its size
	}
	res := tool.Result{Head: head, Text: text, Notes: notes}
	switch {
	case shown < n:
		res.Partial, res.Total = true, int(base64Len(o.size-start))
		res.Next = nextLines(text, first, limit, nil)
	case last < total:
		res.Notes = append(res.Notes, "More lines follow: "+t.call.Suggest("fs.read", map[string]any{"path": o.name, "base64": true, "offset": last + 1}))
	}
	return res, nil
}

// base64Fit is how many of n base64 lines room holds, at least one.
func base64Fit(room tool.Room, n int) int {
	fit := max(room.Bytes/(base64.StdEncoding.EncodedLen(base64LineBytes)+1), 1)
	if room.Lines > 0 {
		fit = min(fit, room.Lines)
	}
	return min(n, fit)
}

// pageNotes are the notes of a base64 page: the one call that returns the
// rest (rest bytes as base64 lines) when this call can ask for that
// budget, and on a command line the redirect that gets all of it.
func pageNotes(call tool.Call, o *opened, rest int64, limit int) []string {
	var notes []string
	if want, ok := call.Room().Raise(rest); ok && limit == 0 {
		notes = append(notes, "note: all of it in one call: "+call.Again(map[string]any{tool.BudgetField: want}))
	}
	if save := call.Redirect("fs.read", map[string]any{"path": o.name, "base64": true}, path.Base(o.name)+".b64"); save != "" {
		notes = append(notes, "note: send the output to a file, which gets all of it: "+save)
	}
	return notes
}

// base64Window is the first line and the most lines a base64 read asks
// for (limit 0: to the end): offset, or tail and a negative offset
// counted back from the last of total lines.
func base64Window(in ReadInput, total int) (first, limit int) {
	first, limit = max(in.Offset, 1), in.Limit
	back := in.Tail
	if in.Offset < 0 {
		back = -in.Offset
	}
	if back > 0 {
		first = max(total-back+1, 1)
		if in.Tail > 0 && limit == 0 {
			limit = back
		}
	}
	return first, limit
}

// base64Head is the head line of a base64 read: the file's name, type,
// size and sha256, and which of its base64 lines follow when not all.
func base64Head(o *opened, sum string, first, last, total int) string {
	head := fmt.Sprintf("%s · %s · %s bytes · sha256 %s", o.name, o.kind.mime, text.GroupDigits(o.size), sum)
	if first > 1 || last < total {
		head += fmt.Sprintf(" · base64 lines %s-%s of %s (57 bytes a line)", text.GroupDigits(int64(first)), text.GroupDigits(int64(last)), text.GroupDigits(int64(total)))
	}
	return head
}

// readRange reads n bytes of o from start, hashing the whole file (no
// further than its size when opened, if it grows); it keeps only the
// range.
func readRange(o *opened, start, n int64) ([]byte, string, error) {
	h := hashCounter{h: sha256.New()}
	r := io.TeeReader(io.LimitReader(o.r, max(o.size, 0)), &h)
	fail := func(err error) ([]byte, string, error) { return nil, "", fmt.Errorf("read %s: %w", o.name, err) }
	if _, err := io.CopyN(io.Discard, r, start); err != nil && err != io.EOF {
		return fail(err)
	}
	data, err := io.ReadAll(io.LimitReader(r, n))
	if err != nil {
		return fail(err)
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return fail(err)
	}
	return data, fmt.Sprintf("%x", h.h.Sum(nil)), nil
}
