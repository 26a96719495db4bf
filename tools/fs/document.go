package fs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"f0/internal/document"
	"f0/internal/text"
	"f0/tool"
)

// A document (PDF, DOCX, XLSX, ODT) is read as its text, by page: the
// window starts at a page (a sheet of a workbook) and a line of it, runs
// on through the pages after it, and is cut where the budget ends, with
// the page and line to go on from. The version a continuation carries is
// the whole file's: "d-<sum>", since the text of any page depends on all
// of the file.

// isDocVersion reports whether v is written as a document's version is.
func isDocVersion(v string) bool {
	hex := strings.TrimPrefix(v, "d-")
	return len(v) == 18 && len(hex) == 16 && strings.Trim(hex, "0123456789abcdef") == ""
}

// asDocument reads o as a document when it is one, within
// document.MaxSize. It returns nil, with o left to be read again from its
// start, for a file that is not one, and a note saying why a document was
// not read.
func asDocument(o *opened) (*document.Doc, []byte, string, error) {
	if !o.kind.binary || o.size > document.MaxSize || !document.Likely(o.kind.mime, o.head) {
		return nil, nil, "", nil
	}
	data, err := io.ReadAll(io.LimitReader(o.r, document.MaxSize+1))
	if err != nil {
		return nil, nil, "", fmt.Errorf("read %s: %w", o.name, err)
	}
	o.r = bytes.NewReader(data)
	d, err := document.Read(data)
	switch {
	case errors.Is(err, document.ErrNotDocument):
		return nil, nil, "", nil
	case err != nil:
		return nil, nil, fmt.Sprintf("note: its text could not be read (%v)", err), nil
	}
	return d, data, "", nil
}

// docVersion is the version of a document's bytes.
func docVersion(data []byte) string {
	var sum fileSum
	sum.write(data)
	return "d-" + sum.String()
}

// docStart checks a document read's window arguments and returns the
// page it starts at and the byte of that page's text.
func (t *toolset) docStart(in ReadInput, d *document.Doc, o *opened) (page, skip int, err error) {
	page = max(in.Page, 1)
	switch {
	case in.Tail > 0 || in.Offset < 0:
		return 0, 0, &tool.InputError{Field: "tail", Problem: fmt.Sprintf("counts lines back from the end of a text file, and %s is a document (%s) read by page", o.name, d.Describe()),
			Hint: "Start at a page: " + t.call.Suggest("fs.read", map[string]any{"path": o.name, "page": max(len(d.Parts), 1)})}
	case page > max(len(d.Parts), 1):
		return 0, 0, &tool.InputError{Field: "page", Problem: fmt.Sprintf("%d is past the end of %s (%s).", page, o.name, d.Describe()),
			Hint: "Read the last one: " + t.call.Suggest("fs.read", map[string]any{"path": o.name, "page": max(len(d.Parts), 1)})}
	case len(d.Parts) == 0:
		return 1, 0, nil
	}
	txt := d.Parts[page-1].Text
	lines := strings.Count(txt, "\n")
	if txt != "" && !strings.HasSuffix(txt, "\n") {
		lines++
	}
	if in.Offset > max(lines, 1) {
		return 0, 0, &tool.InputError{Field: "offset", Problem: fmt.Sprintf("line %d is past the end of %s %d of %s, which has %s.", in.Offset, unitOf(d), page, o.name, text.Count(int64(lines), "line", "lines")),
			Hint: "Read the page: " + t.call.Suggest("fs.read", map[string]any{"path": o.name, "page": page})}
	}
	for line := 1; line < in.Offset; line++ {
		skip += strings.IndexByte(txt[skip:], '\n') + 1
	}
	return page, skip, nil
}

// unitOf names a document's parts: "page", "sheet".
func unitOf(d *document.Doc) string {
	if d.Unit == "" {
		return "page"
	}
	return d.Unit
}

// readDocument answers fs.read for a document: its text from the page and
// line asked.
func (t *toolset) readDocument(ctx context.Context, in ReadInput, o *opened, d *document.Doc, data []byte) (tool.Result, error) {
	version := docVersion(data)
	if in.Version != "" && in.Version != version {
		if !isDocVersion(in.Version) {
			return tool.Result{}, &tool.InputError{Field: "version", Problem: fmt.Sprintf("%q is not a version of a document: the footer of a cut read writes it as d-<16 hex digits>", in.Version),
				Hint: `Copy it from the footer, or drop "version" to read the document as it is now.`}
		}
		return tool.Result{}, &changedFile{text: fmt.Sprintf("%s changed since the earlier page was read (version %s, now %s): the pages you have may not be its pages now; read it again from the start: %s",
			o.name, in.Version, version, t.call.Suggest("fs.read", map[string]any{"path": o.name}))}
	}
	page, skip, err := t.docStart(in, d, o)
	if err != nil {
		return tool.Result{}, err
	}
	room := t.call.Room()
	w := d.Window(page, skip, room.Bytes)
	txt, more := w.Text, !w.Complete
	if in.Limit > 0 {
		txt, more = w.FirstLines(in.Limit)
	}
	head := fmt.Sprintf("%s · %s · %s", o.name, d.Describe(), text.HumanBytes(o.size))
	if page > 1 || skip > 0 {
		head += fmt.Sprintf(" · from %s %d", unitOf(d), page)
		if in.Offset > 1 {
			head += fmt.Sprintf(", line %d", in.Offset)
		}
	}
	res := tool.Result{Head: head, Text: txt, Notes: d.Notes}
	if strings.TrimSpace(txt) == "" && len(d.Notes) == 0 {
		res.Notes = append(res.Notes, "note: the document has no text")
	}
	next := func(shown int) map[string]any {
		part, within, ok := w.At(shown)
		if !ok {
			return nil
		}
		line := strings.Count(d.Parts[part-1].Text[:within], "\n") + 1
		call := map[string]any{"page": part, "offset": nil, "tail": nil, "version": version}
		if d.Unit == "" {
			call["page"] = nil // a document of one part
		}
		if line > 1 {
			call["offset"] = line
		}
		if in.Limit > 0 {
			call["limit"] = max(in.Limit-w.Lines(shown), 1)
		}
		return call
	}
	switch {
	case in.Limit > 0 && more && len(txt) <= room.Bytes:
		after := next(len(txt))
		after["limit"] = nil
		res.Notes = append(res.Notes, "More lines follow: "+t.call.Suggest("fs.read", continuation(o.name, after)))
	case more:
		res.Partial = true
	}
	res.Next = next
	return res, nil
}

// continuation is a continuation's arguments with the file's path, for a call
// written out in full.
func continuation(name string, call map[string]any) map[string]any {
	out := map[string]any{"path": name}
	for k, v := range call {
		if v != nil {
			out[k] = v
		}
	}
	return out
}

// docSection renders a document in a read of several files, within share
// bytes: its text from its start, cut at a line end, and the call for the
// rest.
func (t *toolset) docSection(o *opened, d *document.Doc, data []byte, share tool.Room) string {
	var b strings.Builder
	fmt.Fprintf(&b, "==> %s · %s · %s <==\n", o.name, d.Describe(), text.HumanBytes(o.size))
	w := d.Window(1, 0, share.Bytes)
	txt := w.Text
	if len(txt) > share.Bytes {
		txt = txt[:max(strings.LastIndexByte(text.CutUTF8(txt, share.Bytes), '\n')+1, 0)]
	}
	b.WriteString(txt)
	for _, n := range d.Notes {
		b.WriteString(n + "\n")
	}
	if part, within, ok := w.At(len(txt)); ok {
		line := strings.Count(d.Parts[part-1].Text[:within], "\n") + 1
		call := map[string]any{"path": o.name, "page": part, "version": docVersion(data)}
		if d.Unit == "" {
			delete(call, "page")
		}
		if line > 1 {
			call["offset"] = line
		}
		fmt.Fprintf(&b, "… [more of this file: %s]\n", t.call.Suggest("fs.read", call))
	}
	return b.String()
}
