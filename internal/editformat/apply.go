package editformat

import (
	"fmt"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// EmptyOld says what an Edit with an empty OldText (and no LineHint,
// Anchor or AtEnd) does to a text that is not empty. On an empty text it
// always makes NewText the text.
type EmptyOld int

// The readings of an empty OldText: refused (the default, as it is
// ambiguous), the whole text replaced (Cline), or NewText appended (Aider).
const (
	EmptyOldRefused EmptyOld = iota
	EmptyOldReplaces
	EmptyOldAppends
)

// Options adjust Apply.
type Options struct {
	// Name is the file's name in the diff of the result ("file" if empty).
	Name string
	// EmptyOld is what an empty OldText does to a non-empty text.
	EmptyOld EmptyOld
	// InOrder says the edits come in the order of the text, as the blocks
	// of a SEARCH/REPLACE text, the hunks of a diff and the chunks of an
	// apply_patch do: an old text found several times, once after the
	// previous edit's place, is taken there.
	InOrder bool
	// Exact turns tolerant matching off: every old text must be found as
	// it is.
	Exact bool
}

// Result is a text after its edits: the new content, a unified diff of
// the change, and notes on every edit that was not found exactly as
// written (what differed, where, and what was done).
type Result struct {
	Content string
	Diff    string
	Notes   []string
}

// EditError says why edit Index (0-based) of Count could not be made.
// Nothing was changed.
type EditError struct {
	Index, Count int
	Source       int // the line of the edit text the edit came from, if any
	Problem      string
}

func (e *EditError) Error() string {
	which := "the edit"
	if e.Count > 1 {
		which = fmt.Sprintf("edit %d of %d", e.Index+1, e.Count)
	}
	if e.Source > 0 {
		which += fmt.Sprintf(" (from line %d of the edit text)", e.Source)
	}
	none := "Nothing was changed."
	if e.Count > 1 {
		none = fmt.Sprintf("None of the %d edits was made.", e.Count)
	}
	return fmt.Sprintf("%s: %s. %s", which, strings.TrimSuffix(e.Problem, "."), none)
}

// Apply makes edits on content, one after another, all or nothing: each
// edit applies to the text the ones before it made, and if any cannot be
// made Apply returns an *EditError and no content.
//
// Each OldText must occur once (exactly Count times, or at least once
// with ReplaceAll). It is looked for as it is first; when it is not
// there, with line endings, then also trailing whitespace, then also the
// Unicode normalization form, then also typographic quotes and dashes
// ignored; and last as whole lines indented by a uniform amount more or
// less than the file's, or with each level indented another way (two
// spaces for a tab), the new text re-indented the same way. The first
// of these that finds it is used and noted. Where a tolerant match placed
// an old line that the new text keeps unchanged, the file's own line is
// kept. The new text takes the file's line endings.
//
// Several matches are resolved by the LineHint (the nearest is taken), by
// the Anchor (the first after it), or with InOrder by the previous edit
// (the only one after it); otherwise they are an error that lists their
// lines. An old text found nowhere is an error that shows the closest
// region of the text and the line where it differs.
func Apply(content string, edits []Edit, opt Options) (Result, error) {
	work, addedEOL := content, false
	if content != "" && !strings.HasSuffix(content, "\n") {
		work, addedEOL = content+"\n", true // so that a last line matches as a whole line
	}
	a := applier{opt: opt, eol: lineEnd(content)}
	for i, e := range edits {
		next, note, err := a.one(work, e)
		if err != nil {
			return Result{}, &EditError{Index: i, Count: len(edits), Source: e.Source, Problem: err.Error()}
		}
		if note != "" {
			if len(edits) > 1 {
				note = fmt.Sprintf("edit %d of %d: %s", i+1, len(edits), note)
			}
			a.notes = append(a.notes, note)
		}
		work = next
	}
	if addedEOL {
		work = strings.TrimSuffix(work, "\n")
	}
	name := opt.Name
	if name == "" {
		name = "file"
	}
	return Result{Content: work, Diff: unifiedDiff(name, name, content, work), Notes: a.notes}, nil
}

// lineEnd is the line end a text uses: "\r\n" when its first line ends so.
func lineEnd(s string) string {
	i := strings.IndexByte(s, '\n')
	if i > 0 && s[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// applier carries what one Apply has done so far.
type applier struct {
	opt   Options
	eol   string
	notes []string
	// cursor is the offset just after the previous edit's new text.
	cursor int
	// moves are the edits made, for mapping line hints (lines of the text
	// before any edit) to the text as it is now.
	moves []lineMove
}

// lineMove is an edit made: where its new text starts now, where that was
// in the original text, and how many lines it added (or took away).
type lineMove struct {
	now, orig, delta int
}

// hintNow maps a line of the original text to the text as it is now.
func (a *applier) hintNow(h int) int {
	if h <= 0 {
		return 0
	}
	now := h
	for _, m := range a.moves {
		if m.orig < h {
			now += m.delta
		}
	}
	return now
}

// record notes an edit made at line now that changed the line count by delta.
func (a *applier) record(now, delta int) {
	orig := now
	for i, m := range a.moves {
		if m.now < now {
			orig -= m.delta
		} else if m.now > now {
			a.moves[i].now += delta
		}
	}
	a.moves = append(a.moves, lineMove{now: now, orig: orig, delta: delta})
}

// one makes one edit on work and returns the new text and its note.
func (a *applier) one(work string, e Edit) (string, string, error) {
	if e.OldText != "" && e.OldText == e.NewText {
		return "", "", fmt.Errorf("its old and new text are the same, so it would change nothing")
	}
	newText := a.lineEnds(e.NewText)
	if e.OldText == "" {
		return a.insert(work, e, newText)
	}
	from, anchorLine, err := a.anchorEnd(work, e.Anchor)
	if err != nil {
		return "", "", err
	}
	ms, h := a.find(work, e, from)
	if len(ms) == 0 {
		return "", "", a.notFound(work, e, from)
	}
	chosen, why, err := a.choose(work, ms, e, anchorLine)
	if err != nil {
		return "", "", err
	}
	var b strings.Builder
	prev, delta := 0, 0
	for _, m := range chosen {
		nt := newText
		if m.fit != nil {
			nt = a.lineEnds(m.fit(strings.ReplaceAll(e.NewText, "\r\n", "\n")))
		}
		b.WriteString(work[prev:m.start])
		b.WriteString(nt)
		delta += strings.Count(nt, "\n") - strings.Count(work[m.start:m.end], "\n")
		a.cursor, prev = b.Len(), m.end
	}
	b.WriteString(work[prev:])
	out := b.String()
	// Several places (replaceAll) count as one move at the first: line
	// hints after it are then approximate, and only break ties.
	a.record(chosen[0].line, delta)
	return out, a.describe(work, chosen, e, h, why), nil
}

// lineEnds gives text the file's line ends.
func (a *applier) lineEnds(text string) string {
	switch {
	case a.eol == "\r\n" && !strings.Contains(text, "\r\n"):
		return strings.ReplaceAll(text, "\n", "\r\n")
	case a.eol == "\n":
		return strings.ReplaceAll(text, "\r\n", "\n")
	}
	return text
}

// find looks for e.OldText in work from byte from on, exactly and then
// ever more tolerantly, and returns the matches of the first way that
// finds any.
func (a *applier) find(work string, e Edit, from int) ([]match, how) {
	if ms := exactMatches(work, e.OldText, from, e.WholeLines); len(ms) > 0 || a.opt.Exact {
		return ms, how{}
	}
	for k, f := range foldLevels {
		if !foldsAnything(f&^prevLevel(k), work, e.OldText) {
			continue // the same texts as the level before, which found nothing
		}
		if ms := foldMatches(work, e.OldText, from, e.WholeLines, f); len(ms) > 0 {
			for i := range ms {
				ms[i].fit = keepFileLines(work, ms[i], e.OldText)
			}
			return ms, how{fold: f}
		}
	}
	ms, desc := indentMatches(work, e.OldText, from)
	return ms, how{fold: foldLevels[len(foldLevels)-1], indent: desc}
}

// prevLevel is the fold of the level before level k (0 before the first).
func prevLevel(k int) fold {
	if k == 0 {
		return 0
	}
	return foldLevels[k-1]
}

// keepFileLines is the fit of a tolerant match over whole lines: the new
// text's unchanged lines are written as the file has them.
func keepFileLines(work string, m match, old string) func(string) string {
	if !atLineStart(work, m.start) || !strings.HasSuffix(old, "\n") {
		return nil
	}
	file := bodies(textLines(work[m.start:m.end]))
	ol := strings.Split(strings.TrimSuffix(strings.ReplaceAll(old, "\r\n", "\n"), "\n"), "\n")
	return func(nt string) string { return carryLines(nt, ol, file, func(l string) string { return l }) }
}

// insert makes an edit with no old text: at a line, after the anchor, at
// the end, or as the whole text.
func (a *applier) insert(work string, e Edit, newText string) (string, string, error) {
	if newText != "" && !strings.HasSuffix(newText, "\n") && (e.LineHint > 0 || e.Anchor != "" || e.AtEnd) {
		newText += a.eol
	}
	lines := textLines(work)
	switch {
	case e.LineHint > 0:
		at := a.hintNow(e.LineHint)
		if at > len(lines)+1 {
			return "", "", fmt.Errorf("it inserts before line %d, but the text has %d lines", e.LineHint, len(lines))
		}
		off := len(work)
		if at <= len(lines) {
			off = lines[at-1].start
		}
		a.record(at, strings.Count(newText, "\n"))
		a.cursor = off + len(newText)
		return work[:off] + newText + work[off:], "", nil
	case e.Anchor != "":
		off, _, err := a.anchorEnd(work, e.Anchor)
		if err != nil {
			return "", "", err
		}
		a.record(lineAt(work, off), strings.Count(newText, "\n"))
		a.cursor = off + len(newText)
		return work[:off] + newText + work[off:], "", nil
	case e.AtEnd || work == "":
		a.cursor = len(work) + len(newText)
		return work + newText, "", nil
	case a.opt.EmptyOld == EmptyOldReplaces:
		return newText, "the old text was empty, so the new text replaced the whole file", nil
	case a.opt.EmptyOld == EmptyOldAppends:
		return work + newText, "the old text was empty, so the new text was added at the end", nil
	}
	return "", "", fmt.Errorf("its old text is empty, which for a file that is not empty could mean replace it all or add at its end; give the lines to replace as the old text, or write the whole file")
}

// anchorEnd finds the anchor lines of an edit, each on a line after the
// one before, and returns the offset after the last one and its line.
// Lines compare with surrounding whitespace and typographic characters
// ignored. No anchor gives 0.
func (a *applier) anchorEnd(work, anchor string) (int, int, error) {
	if anchor == "" {
		return 0, 0, nil
	}
	lines := textLines(work)
	k := 0
	if a.opt.InOrder {
		for k < len(lines) && lines[k].start < a.cursor {
			k++
		}
	}
	for _, want := range strings.Split(anchor, "\n") {
		w := strings.TrimSpace(foldText(want, foldLevels[len(foldLevels)-1]).s)
		found := false
		for ; k < len(lines) && !found; k++ {
			found = strings.TrimSpace(foldText(lines[k].body, foldLevels[len(foldLevels)-1]).s) == w
		}
		if !found {
			return 0, 0, fmt.Errorf("its context line %q (the @@ line) is not in the file%s", want, a.after())
		}
	}
	return lines[k-1].end, k, nil
}

// after says where a search started, when it did not start at the top.
func (a *applier) after() string {
	if a.opt.InOrder && a.cursor > 0 {
		return " after the previous edit"
	}
	return ""
}

// unifiedDiff is the diff from before to after, with the names given.
func unifiedDiff(from, to, before, after string) string {
	return udiff.Unified(from, to, before, after)
}
