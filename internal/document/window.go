package document

import (
	"fmt"
	"sort"
	"strings"
)

// Window is the text of a document from one part on: each part after a
// marker line ("── page 3 of 12 ──"), the first from a byte within it.
// At tells where in the document a position of Text is, so that a call
// cut anywhere in it can be continued.
type Window struct {
	Text  string
	marks []mark
	// Complete is set when Text runs to the document's end; a window is
	// rendered only a little past the most it is asked for.
	Complete bool
}

// mark is where a part starts in a window's Text: its marker line at
// start, its own text at at, from byte within of it to its end, size.
type mark struct {
	part         int // 1-based
	start, at    int
	within, size int
}

// Window renders the parts from part (1-based) on, the first from byte
// skip of its text, stopping once Text holds more than most bytes.
func (d *Doc) Window(part, skip, most int) Window {
	var b strings.Builder
	var w Window
	for i := max(part, 1); i <= len(d.Parts); i++ {
		if b.Len() > most {
			return w.done(b.String(), false)
		}
		p := d.Parts[i-1]
		start := b.Len()
		if m := d.Marker(i); m != "" {
			b.WriteString(m + "\n")
		}
		from := 0
		if i == part {
			from = min(skip, len(p.Text))
		}
		w.marks = append(w.marks, mark{part: i, start: start, at: b.Len(), within: from, size: len(p.Text)})
		b.WriteString(p.Text[from:])
	}
	return w.done(b.String(), true)
}

func (w Window) done(text string, complete bool) Window {
	w.Text, w.Complete = text, complete
	return w
}

// Marker is the line that heads part i (1-based): "── page 3 of 12 ──",
// "── sheet 2 of 3: Sales ──"; "" for a document of one part.
func (d *Doc) Marker(i int) string {
	if d.Unit == "" {
		return ""
	}
	name := ""
	if n := d.Parts[i-1].Name; n != "" {
		name = ": " + n
	}
	return fmt.Sprintf("── %s %d of %d%s ──", d.Unit, i, len(d.Parts), name)
}

// At is the part (1-based) a position of Text is in, and the byte of that
// part's text it is at; a position on a marker line is the start of the
// part it heads, and the end of a part's text the start of the next. ok
// is false at or past the end of the document.
func (w Window) At(pos int) (part, within int, ok bool) {
	i := sort.Search(len(w.marks), func(i int) bool { return w.marks[i].start > pos }) - 1
	if i < 0 {
		return 0, 0, false
	}
	m := w.marks[i]
	if pos < m.at {
		return m.part, m.within, true
	}
	within = m.within + pos - m.at
	if within < m.size {
		return m.part, within, true
	}
	if w.Complete && i == len(w.marks)-1 {
		return 0, 0, false
	}
	return m.part + 1, 0, true
}

// FirstLines cuts the window after n lines of the document's text (its
// marker lines not counted), and says whether text was left out.
func (w Window) FirstLines(n int) (string, bool) {
	end, seen := 0, 0
	for end < len(w.Text) {
		i := strings.IndexByte(w.Text[end:], '\n')
		next := len(w.Text)
		if i >= 0 {
			next = end + i + 1
		}
		if seen == n {
			return w.Text[:end], true
		}
		if !w.isMarker(end) {
			seen++
		}
		end = next
	}
	return w.Text, !w.Complete
}

// Lines counts the lines of the document's text in the window's first
// bytes (its marker lines not counted, a line begun counted).
func (w Window) Lines(bytes int) int {
	n := 0
	for pos := 0; pos < min(bytes, len(w.Text)); {
		if !w.isMarker(pos) {
			n++
		}
		i := strings.IndexByte(w.Text[pos:], '\n')
		if i < 0 {
			break
		}
		pos += i + 1
	}
	return n
}

// isMarker reports whether a marker line starts at pos.
func (w Window) isMarker(pos int) bool {
	i := sort.Search(len(w.marks), func(i int) bool { return w.marks[i].start >= pos })
	return i < len(w.marks) && w.marks[i].start == pos && w.marks[i].at > pos
}
