package fs

import (
	"fmt"
	"strings"

	"f0/internal/editformat"
	"f0/tool"
)

// Edits by line number (Serena's delete_lines, replace_lines and
// insert_at_line, filesystem-mcp-rs's edit_lines and extract_lines, the
// text editor's insert) are made as exact-text edits: under the file's
// lock, each numbered line range is read from the file as it is then and
// becomes the old text of an edit anchored at that line, so that the
// edit is all or nothing, returns the diff, and, when another writer
// changed the file meanwhile, is made again only where that text still
// stands (see fileEdit.apply).

// LineEdit is one edit by line numbers, counted on the file as it is
// before the call (1-based; a negative number counts from the end, -1 =
// the last line): lines startLine to endLine (startLine alone without
// endLine) replaced by newText, which an empty newText deletes; or, with
// insert "before" or "after", newText put before or after line startLine
// (after 0 = at the top) and nothing replaced.
type LineEdit struct {
	StartLine int    `json:"startLine" jsonschema:"required"`
	EndLine   *int   `json:"endLine,omitempty"`
	NewText   string `json:"newText,omitempty"`
	Insert    string `json:"insert,omitempty" jsonschema:"enum=before,enum=after"`
}

// lineEdit is a LineEdit with the fields it came from, for errors.
type lineEdit struct {
	LineEdit
	field, textField string
}

// hasLines says whether the call edits by line number.
func (in EditInput) hasLines() bool {
	return in.InsertLine != nil || in.StartLine != nil || in.EndLine != nil || len(in.LineEdits) > 0
}

// lineList is the call's edits by line number: insertLine, the
// startLine/endLine range, or the lineEdits list. Text edits beside them
// are refused: a line number and an old text are two ways to say where.
func (in EditInput) lineList() ([]lineEdit, error) {
	field := in.lineField()
	switch {
	case in.OldText != "" || len(in.Edits) > 0:
		other := "oldText"
		if in.OldText == "" {
			other = "edits"
		}
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("was given with %s: %s says where by line number and replaces whole lines, %s by the text there; send one or the other.", other, field, other)}
	case len(in.LineEdits) > 0 && (in.InsertLine != nil || in.StartLine != nil || in.EndLine != nil):
		return nil, &tool.InputError{Field: "lineEdits", Problem: "was given beside insertLine, startLine or endLine; put every edit by line number in lineEdits."}
	case in.InsertLine != nil && (in.StartLine != nil || in.EndLine != nil):
		return nil, &tool.InputError{Field: "insertLine", Problem: "was given with startLine: insertLine inserts newText after a line and replaces nothing, startLine replaces lines; send one or the other."}
	case in.InsertLine != nil && in.NewText == "":
		return nil, &tool.InputError{Field: "newText", Problem: "is required with insertLine: the text to insert."}
	case in.InsertLine != nil:
		return []lineEdit{{LineEdit{StartLine: *in.InsertLine, NewText: in.NewText, Insert: "after"}, "insertLine", "newText"}}, nil
	case in.StartLine == nil && in.EndLine != nil:
		return nil, &tool.InputError{Field: "startLine", Problem: "is required with endLine: the first line of the range."}
	case in.StartLine != nil:
		return []lineEdit{{LineEdit{StartLine: *in.StartLine, EndLine: in.EndLine, NewText: in.NewText}, "startLine", "newText"}}, nil
	}
	out := make([]lineEdit, len(in.LineEdits))
	for i, le := range in.LineEdits {
		if le.Insert != "" && le.Insert != "before" && le.Insert != "after" {
			return nil, &tool.InputError{Field: fmt.Sprintf("lineEdits[%d].insert", i), Problem: fmt.Sprintf("is %q; give before or after (or no insert, to replace the lines).", le.Insert)}
		}
		out[i] = lineEdit{le, fmt.Sprintf("lineEdits[%d].startLine", i), fmt.Sprintf("lineEdits[%d].newText", i)}
	}
	return out, nil
}

// lineField names the field that made the call an edit by line number.
func (in EditInput) lineField() string {
	switch {
	case in.InsertLine != nil:
		return "insertLine"
	case in.StartLine != nil || in.EndLine != nil:
		return "startLine"
	}
	return "lineEdits"
}

// newTexts are the texts line edits bring, with their fields, for the
// checks made before the file is read.
func newTexts(lines []lineEdit) ([]editformat.Edit, []string) {
	edits := make([]editformat.Edit, len(lines))
	fields := make([]string, len(lines))
	for i, le := range lines {
		edits[i], fields[i] = editformat.Edit{NewText: le.NewText}, le.textField
	}
	return edits, fields
}

// span is a line edit resolved on a text: the lines it replaces (first >
// last for an insert, which goes before line first).
type span struct{ first, last int }

// resolveLines turns line edits into exact-text edits on txt, and says
// what they do for the answer's head. A line outside the file, an end
// before its start and two edits over the same lines are refused.
func resolveLines(txt, name string, lines []lineEdit) ([]editformat.Edit, []string, string, error) {
	count := lineCount(txt)
	ls := strings.SplitAfter(txt, "\n")
	edits := make([]editformat.Edit, len(lines))
	fields := make([]string, len(lines))
	spans := make([]span, len(lines))
	for i, le := range lines {
		sp, err := le.resolve(count, name)
		if err != nil {
			return nil, nil, "", err
		}
		spans[i], fields[i] = sp, le.field
		edits[i] = editformat.Edit{NewText: wholeLines(le.NewText), LineHint: sp.first}
		if sp.first <= sp.last {
			edits[i].OldText = wholeLines(strings.Join(ls[sp.first-1:sp.last], ""))
			edits[i].WholeLines = true
		}
	}
	if err := overlapping(lines, spans); err != nil {
		return nil, nil, "", err
	}
	return edits, fields, lineSummary(lines, spans), nil
}

// resolve places a line edit in a text of count lines.
func (le lineEdit) resolve(count int, name string) (span, error) {
	at := func(n int) int {
		if n < 0 {
			return count + 1 + n
		}
		return n
	}
	if le.Insert != "" {
		after := at(le.StartLine)
		if le.Insert == "before" {
			after--
		}
		if after < 0 || after > count {
			return span{}, le.outside(count, name)
		}
		return span{first: after + 1, last: after}, nil
	}
	first, last := at(le.StartLine), at(le.StartLine)
	if le.EndLine != nil {
		last = at(*le.EndLine)
	}
	switch {
	case first < 1 || first > count || last > count:
		return span{}, le.outside(count, name)
	case last < first:
		return span{}, &tool.InputError{Field: strings.Replace(le.field, "startLine", "endLine", 1), Problem: fmt.Sprintf("is line %d, before the first line of the range (%d).", last, first), Hint: "Nothing was changed."}
	}
	return span{first: first, last: last}, nil
}

// outside refuses a line number the file does not have, saying which it
// has.
func (le lineEdit) outside(count int, name string) error {
	lines := fmt.Sprintf("%s has %d lines", name, count)
	if count == 1 {
		lines = name + " has 1 line"
	}
	if le.Insert == "after" && le.field == "insertLine" {
		return &tool.InputError{Field: "insertLine", Problem: fmt.Sprintf("is %d, but %s; give 0 (the top) to %d (after the last line).", le.StartLine, lines, count), Hint: "Nothing was changed."}
	}
	end := ""
	if le.EndLine != nil {
		end = fmt.Sprintf(" to %d", *le.EndLine)
	}
	return &tool.InputError{Field: le.field, Problem: fmt.Sprintf("names line %d%s, but %s; give lines 1 to %d (-1 = the last line).", le.StartLine, end, lines, count), Hint: "Nothing was changed."}
}

// overlapping refuses two line edits over the same lines, an insert
// between lines another edit replaces, and two inserts at one place: the
// result would depend on their order.
func overlapping(lines []lineEdit, spans []span) error {
	for i := range spans {
		for j := range i {
			if spans[i].conflicts(spans[j]) {
				return &tool.InputError{Field: lines[i].field, Problem: fmt.Sprintf("overlaps %s (lines %s and %s); give each line to one edit.", lines[j].field, spans[j], spans[i]), Hint: "Nothing was changed."}
			}
		}
	}
	return nil
}

// conflicts says whether two spans touch the same lines or place.
func (s span) conflicts(o span) bool {
	sIns, oIns := s.first > s.last, o.first > o.last
	switch {
	case sIns && oIns:
		return s.first == o.first
	case sIns:
		return o.first < s.first && s.first <= o.last
	case oIns:
		return s.first < o.first && o.first <= s.last
	}
	return s.first <= o.last && o.first <= s.last
}

func (s span) String() string {
	switch {
	case s.first > s.last:
		return fmt.Sprintf("before %d", s.first)
	case s.first == s.last:
		return fmt.Sprint(s.first)
	}
	return fmt.Sprintf("%d-%d", s.first, s.last)
}

// lineSummary says what one line edit did ("deleted lines 3-5"); for
// several, the head counts them.
func lineSummary(lines []lineEdit, spans []span) string {
	if len(lines) > 1 {
		return fmt.Sprintf("%d edits by line number", len(lines))
	}
	sp, le := spans[0], lines[0]
	which := "line " + sp.String()
	if sp.first < sp.last {
		which = "lines " + sp.String()
	}
	switch {
	case sp.first > sp.last:
		return fmt.Sprintf("inserted after line %d", sp.last)
	case le.NewText == "":
		return "deleted " + which
	}
	return "replaced " + which
}

// wholeLines ends a non-empty text with a line end, so that it stands for
// whole lines.
func wholeLines(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}
