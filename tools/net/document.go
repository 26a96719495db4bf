package net

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"f0/internal/document"
	"f0/internal/text"
	"f0/tool"
)

// A document body (PDF, DOCX, XLSX, ODT) is shown as its text, by page, as
// fs.read shows a document file: from the page the call names (page),
// and offset bytes into that page's text; a cut names the page and offset
// to go on from, in the kept copy of the same response.

// docWindow is the document a body is and the window of it shown.
type docWindow struct {
	doc    *document.Doc
	window document.Window
}

// resumeAt is the argument change of the call that goes on after shown
// bytes of the body: the offset after them, or, in a document, the page
// and the offset in it; nil past a document's end.
func (s *section) resumeAt(shown int) map[string]any {
	if s.doc == nil {
		return map[string]any{"offset": s.offset + max(shown, 0), "startIndex": nil}
	}
	part, within, ok := s.doc.window.At(max(shown, 0))
	if !ok {
		return nil
	}
	next := map[string]any{"page": part, "offset": nil, "startIndex": nil}
	if s.doc.doc.Unit == "" {
		next["page"] = nil
	}
	if within > 0 {
		next["offset"] = within
	}
	return next
}

// documentView shows a document body as its text, and reports whether it
// did: a body that is no document this reads, or was not kept whole, is
// left to be described as binary. A document whose text cannot be read
// gets a note saying why.
func (c *curl) documentView(ctx context.Context, r *request, ex *exchange, s *section, room tool.Room) bool {
	ctype := ex.resp.Header.Get("Content-Type")
	if ex.skipped > 0 || int64(len(ex.data)) < ex.size || !document.Likely(ctype, ex.data) {
		s.notes = append(s.notes, pageIgnored(r, ex))
		return false
	}
	d, err := document.Read(ex.data)
	switch {
	case errors.Is(err, document.ErrNotDocument):
		return false
	case err != nil:
		s.notes = append(s.notes, fmt.Sprintf("note: its text could not be read (%v)", err))
		return false
	}
	page := max(r.plan.page, 1)
	if page > max(len(d.Parts), 1) {
		keepUnrepeatable(ctx, r, ex)
		s.isError = true
		s.head = append(s.head, fmt.Sprintf("page %d is past the end of this document (%s). Read the last one: %s", page, d.Describe(), ex.next(ctx, map[string]any{"page": max(len(d.Parts), 1), "offset": nil})+sendsAgain(r, ex)))
		return true
	}
	w := d.Window(page, r.offset, room.Bytes)
	s.head[0] += " · " + d.Describe()
	switch {
	case r.offset > 0:
		s.head = append(s.head, fmt.Sprintf("(from %s %d, byte %s of its text)", unitName(d), page, text.GroupDigits(int64(r.offset))))
	case page > 1:
		s.head = append(s.head, fmt.Sprintf("(from %s %d)", unitName(d), page))
	}
	s.doc = &docWindow{doc: d, window: w}
	s.body, s.pageable, s.cut = w.Text, true, !w.Complete
	s.notes = append(s.notes, d.Notes...)
	if strings.TrimSpace(w.Text) == "" && len(d.Notes) == 0 {
		s.notes = append(s.notes, "note: the document has no text")
	}
	s.notes = append(s.notes, unfiltered(r.plan.filters, "the body is a document, shown as its text"))
	return true
}

// pageIgnored is the note for a page asked of a body that is not a
// document ("" when none was asked).
func pageIgnored(r *request, ex *exchange) string {
	if r.plan.page == 0 {
		return ""
	}
	return fmt.Sprintf("note: page applies to documents (PDF, DOCX, XLSX, ODT up to %s); this body (%s) is not one, and is shown as it is", text.HumanBytes(document.MaxSize), typeOrUnknown(ex.resp))
}

// unitName names a document's parts: "page", "sheet".
func unitName(d *document.Doc) string {
	if d.Unit == "" {
		return "page"
	}
	return d.Unit
}
