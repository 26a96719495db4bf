package fs

import (
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"maps"
	"path"
	"strings"

	"f0/internal/text"
	"f0/tool"

	"github.com/agnivade/levenshtein"
	"github.com/aymanbagabas/go-udiff"

	"f0/internal/roots"
)

// EditInput is the input of fs.edit.
type EditInput struct {
	Path       string `json:"path" jsonschema:"required"`
	Edits      []Edit `json:"edits,omitempty"`
	OldText    string `json:"oldText,omitempty" jsonschema_description:"Exact text to replace (unique unless replaceAll)."`
	NewText    string `json:"newText,omitempty"`
	ReplaceAll bool   `json:"replaceAll,omitempty"`
	DryRun     bool   `json:"dryRun,omitempty" jsonschema_description:"Show the diff only."`
	Force      bool   `json:"force,omitempty" jsonschema_description:"Write a newText that looks like an edit instruction or a placeholder as it is."`
}

// Edit is one replacement.
type Edit struct {
	OldText    string `json:"oldText" jsonschema:"required" jsonschema_description:"Exact text to replace (unique unless replaceAll)."`
	NewText    string `json:"newText" jsonschema:"required"`
	ReplaceAll bool   `json:"replaceAll,omitempty"`
}

// Limits of fs.edit.
const (
	maxEditFile  = 16 << 20
	maxListed    = 20 // match lines listed in an error
	maxScanLines = 200_000
)

var editSynonyms = map[string]string{
	"old_string": "oldText", "new_string": "newText", "old": "oldText", "new": "newText",
	"search": "oldText", "replace": "newText", "find": "oldText", "replacement": "newText",
	"from": "oldText", "to": "newText", "before": "oldText", "after": "newText",
	"oldStr": "oldText", "newStr": "newText", "all": "replaceAll", "global": "replaceAll",
}

func (t *toolset) editTool() *tool.Tool {
	syn := map[string]string{
		"changes": "edits", "replacements": "edits", "edit": "edits", "patches": "edits",
		"preview": "dryRun", "dry": "dryRun",
	}
	for k, v := range editSynonyms {
		if v != "replaceAll" {
			syn[k] = v
		}
	}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[EditInput]{
		Spec: tool.Spec{
			Name: "fs.edit", Title: "Edit a file",
			Summary:     "Replace exact text in a file (several edits, all or none); returns the diff.",
			Access:      tool.Write,
			Annotations: tool.Annotations{Destructive: true},
			Names: tool.Names{
				Keywords: []string{"replace", "modify", "change", "patch", "sed", "diff", "refactor", "str_replace"},
			},
			Fields: tool.Fields{
				Unlisted:       []string{"oldText", "newText", "replaceAll", "force"},
				Synonyms:       syn,
				NestedSynonyms: map[string]map[string]string{"edits": editSynonyms},
				MaxItems:       map[string]int{"edits": maxEdits},
				Forms:          pathKinds("path"),
			},
		},
		Run: inRoots(t, (*toolset).runEdit),
	}.Erase()
}

// applied is how one edit was carried out.
type applied struct {
	lines []int  // first line of each replacement, in the text before it
	fuzzy string // set when the match ignored whitespace
}

func (t *toolset) runEdit(ctx context.Context, in EditInput) (tool.Result, error) {
	edits := in.Edits
	if in.OldText != "" || in.NewText != "" {
		if len(edits) > 0 {
			return tool.Result{}, &tool.InputError{Field: "oldText", Problem: "was given beside edits; put every replacement in edits."}
		}
		edits = []Edit{{OldText: in.OldText, NewText: in.NewText, ReplaceAll: in.ReplaceAll}}
	}
	if len(edits) == 0 {
		return tool.Result{}, &tool.InputError{Field: "edits", Problem: "is required: give at least one {oldText, newText}."}
	}
	l, err := t.locate("path", in.Path)
	if err != nil {
		return tool.Result{}, err
	}
	if !in.Force && !holdsPatches(l.Rel) {
		if err := t.checkNewTexts(ctx, in, edits); err != nil {
			return tool.Result{}, err
		}
	}
	info, err := l.Root.OS().Stat(l.Native())
	if err != nil {
		return tool.Result{}, t.argError(ctx, "path", t.files.Explain("edit", l, err))
	}
	switch {
	case info.IsDir():
		return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a directory.", t.show(l))}
	case info.Size() > maxEditFile:
		return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is %s; %s edits files up to %s.", t.show(l), text.HumanBytes(info.Size()), t.call.ToolName("fs.edit"), text.HumanBytes(maxEditFile))}
	}
	e := &fileEdit{t: t, in: in, edits: edits, l: l}
	if in.DryRun {
		f, err := l.Open()
		if err != nil {
			return tool.Result{}, t.argError(ctx, "path", t.files.Explain("edit", l, err))
		}
		defer f.Close()
		if err := e.apply(ctx, roots.Current{Reader: f, Exists: true, Size: info.Size()}, io.Discard); err != nil {
			return tool.Result{}, err
		}
	} else if _, err := t.files.Rewrite(ctx, l, roots.WriteOptions{}, func(cur roots.Current, w io.Writer) error { return e.apply(ctx, cur, w) }); err != nil {
		var stale *staleEdit
		if _, ok := tool.AsInputError(err); ok || errors.As(err, &stale) {
			return tool.Result{}, err
		}
		return tool.Result{}, t.writeError(ctx, l, err)
	}
	return e.result(ctx), nil
}

// checkNewTexts refuses an edit whose newText is an edit instruction, or
// brings a placeholder for lines left out, that its oldText does not have
// (see notcontent.go).
func (t *toolset) checkNewTexts(ctx context.Context, in EditInput, edits []Edit) error {
	for i, ed := range edits {
		field := fmt.Sprintf("edits[%d].newText", i)
		if in.OldText != "" {
			field = "newText"
		}
		if ins, ok := editInstruction(ed.NewText); ok {
			if _, had := editInstruction(ed.OldText); !had {
				return t.refuseEdit(ctx, field, ins)
			}
		}
		if ins, ok := newPlaceholder(ed.NewText, ed.OldText); ok {
			return t.refuseEdit(ctx, field, ins)
		}
	}
	return nil
}

// fileEdit is one fs.edit call at work on its file: the edits, and what
// the last reading of the file made of them.
type fileEdit struct {
	t      *toolset
	in     EditInput
	edits  []Edit
	l      roots.Loc
	before string
	after  string
	notes  []string
	// places are the lines where each edit applied in the first reading.
	places []int
	// redone is set when the file changed after it was first read, and the
	// edits were made again on its new content.
	redone string
}

// staleEdit is the answer that the file changed under an edit and the
// edit no longer applies to it.
type staleEdit struct{ msg string }

func (s *staleEdit) Error() string { return s.msg }

// apply makes the edits on the file as cur gives it and writes the result
// to w. On a file that changed after an earlier reading (cur.Changed > 0),
// every oldText must occur in the new content exactly as required, or the
// call is refused with the text there now.
func (e *fileEdit) apply(ctx context.Context, cur roots.Current, w io.Writer) error {
	t, l := e.t, e.l
	if !cur.Exists && cur.Changed > 0 {
		return &staleEdit{msg: fmt.Sprintf("%s was removed or moved after f0 read it (another writer); nothing was written. Find it again: %s", t.show(l), t.call.Suggest("fs.find", map[string]any{"pattern": path.Base(l.Rel)}))}
	}
	if !cur.Exists {
		return t.argError(ctx, "path", t.files.Explain("edit", l, iofs.ErrNotExist))
	}
	data, err := io.ReadAll(io.LimitReader(cur, maxEditFile+1))
	if err != nil {
		return fmt.Errorf("edit %s: %w", t.show(l), err)
	}
	if sniff(l.Rel, data).binary {
		return &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a binary file; %s changes text.", t.show(l), t.call.ToolName("fs.edit"))}
	}
	if len(data) > maxEditFile {
		return &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is now over %s; %s edits files up to that size.", t.show(l), text.HumanBytes(maxEditFile), t.call.ToolName("fs.edit"))}
	}
	txt := string(data)
	if cur.Changed > 0 {
		then := int64(len(e.before))
		if err := e.applyAgain(ctx, txt); err != nil {
			return err
		}
		e.redone = fmt.Sprintf("note: %s changed after f0 read it (another writer; %s bytes then, %s now); the edits were made again on its new content, where every oldText occurs exactly as required.",
			t.show(l), text.GroupDigits(then), text.GroupDigits(int64(len(txt))))
	} else if err := e.applyFirst(ctx, txt); err != nil {
		return err
	}
	_, err = io.WriteString(w, e.after)
	return err
}

// applyFirst makes the edits on the file as first read: an oldText that
// differs from the file only in indentation is applied where it matches,
// with a note.
func (e *fileEdit) applyFirst(ctx context.Context, text string) error {
	e.before, e.after, e.notes, e.places = text, text, nil, nil
	for i, ed := range e.edits {
		ed = e.lineEnds(text, ed)
		var how applied
		var err error
		e.after, how, err = applyEdit(ctx, e.t.call, e.after, ed)
		if err != nil {
			return e.editError(i, err)
		}
		if how.fuzzy != "" {
			e.notes = append(e.notes, fmt.Sprintf("note: edit %d: %s", i+1, how.fuzzy))
		}
		e.places = append(e.places, how.lines[0])
	}
	return nil
}

// applyAgain makes the edits on content another writer changed after the
// first reading: only where each oldText occurs exactly, once (or at least
// once with replaceAll). Otherwise it refuses, showing the text there now.
func (e *fileEdit) applyAgain(ctx context.Context, text string) error {
	first := e.before
	after := text
	for i, ed := range e.edits {
		ed = e.lineEnds(text, ed)
		idx := indexAll(after, ed.OldText)
		if len(idx) == 1 || len(idx) > 1 && ed.ReplaceAll {
			after = strings.ReplaceAll(after, ed.OldText, ed.NewText)
			continue
		}
		return e.staleError(ctx, i, first, after, ed, idx)
	}
	e.before, e.after = text, after
	return nil
}

// lineEnds gives an edit written with \n the file's \r\n line ends.
func (e *fileEdit) lineEnds(text string, ed Edit) Edit {
	if strings.Contains(text, "\r\n") && !strings.Contains(ed.OldText, "\r\n") {
		ed.OldText = strings.ReplaceAll(ed.OldText, "\n", "\r\n")
		ed.NewText = strings.ReplaceAll(ed.NewText, "\n", "\r\n")
	}
	return ed
}

// field names the oldText of edit i as the call gave it.
func (e *fileEdit) field(i int) string {
	if e.in.OldText != "" {
		return "oldText"
	}
	return fmt.Sprintf("edits[%d].oldText", i)
}

// editError explains why edit i did not apply.
func (e *fileEdit) editError(i int, err error) error {
	msg, none := err.Error(), "Nothing was changed."
	if len(e.edits) > 1 {
		msg = fmt.Sprintf("edit %d of %d: %s", i+1, len(e.edits), msg)
		none = fmt.Sprintf("None of the %d edits was applied.", len(e.edits))
	}
	if strings.Contains(msg, "\n") {
		return &tool.InputError{Field: e.field(i), Problem: none + " " + msg}
	}
	return &tool.InputError{Field: e.field(i), Problem: text.Sentence(msg), Hint: none}
}

// staleError answers an edit that applied to the file as first read but
// not to what another writer made of it: what changed, the oldText, the
// text nearest it now, and the call that reads it again.
func (e *fileEdit) staleError(ctx context.Context, i int, first, now string, ed Edit, idx []int) error {
	t, l := e.t, e.l
	var b strings.Builder
	fmt.Fprintf(&b, "%s changed after f0 read it (another writer; %s bytes then, %s now), and ", t.show(l), text.GroupDigits(int64(len(first))), text.GroupDigits(int64(len(now))))
	which := "its oldText"
	if len(e.edits) > 1 {
		which = fmt.Sprintf("the oldText of edit %d of %d", i+1, len(e.edits))
	}
	lines := splitTextLines(now)
	old := splitTextLines(strings.TrimRight(ed.OldText, "\r\n"))
	from, span := 0, min(len(lines), 40)
	if len(idx) > 1 {
		fmt.Fprintf(&b, "%s now occurs %d times, at lines %s; nothing was written, and the other writer's change is kept.\n", which, len(idx), listLines(lineNumbers(now, idx)))
		from = lineNumbers(now, idx[:1])[0] - 1
	} else {
		fmt.Fprintf(&b, "%s is no longer in it exactly; nothing was written, and the other writer's change is kept.", which)
		best, n, ok := closest(lines, old)
		if !ok {
			// Nothing like it: show what is now where it was.
			n = min(len(old)+4, len(lines))
			best = max(min(e.places[i]-3, len(lines)-n), 0)
			fmt.Fprintf(&b, " Where it was (line %d), the file now has, at lines %d-%d:\n%s", e.places[i], best+1, best+n, numbered(lines, best, n))
		} else {
			fmt.Fprintf(&b, " The closest text now is at lines %d-%d:\n%sWhat differs (- your oldText, + the file now):\n%s", best+1, best+n, numbered(lines, best, n), regionDiff(lines[best:best+n], ed.OldText))
		}
		from, span = best, n
	}
	offset := max(from+1-3, 1)
	read := t.call.Suggest("fs.read", map[string]any{"path": e.in.Path, "offset": offset, "limit": span + 6, "lineNumbers": true})
	fmt.Fprintf(&b, "Read it again and make the edit on the text as it is now: %s", read)
	return &staleEdit{msg: b.String()}
}

// result is the answer of an edit that was made (or, with dryRun, would be).
func (e *fileEdit) result(ctx context.Context) tool.Result {
	t, l := e.t, e.l
	diff := udiff.Unified(t.show(l), t.show(l), e.before, e.after)
	added, removed := diffCounts(diff)
	n := text.Count(int64(len(e.edits)), "edit", "edits")
	head := fmt.Sprintf("edited %s: %s, +%d -%d lines", t.show(l), n, added, removed)
	if e.in.DryRun {
		head = fmt.Sprintf("dry run, nothing written: %s would change by %s, +%d -%d lines", t.show(l), n, added, removed)
	}
	notes := e.notes
	if e.redone != "" {
		notes = append(notes, e.redone)
	}
	return tool.Result{Head: head, Text: capDiff(diff, t.call.Room().Less(append([]string{head}, notes...)...).Bytes), Notes: notes}
}

// applyEdit applies one edit to text.
func applyEdit(ctx context.Context, call tool.Call, text string, e Edit) (string, applied, error) {
	var how applied
	switch {
	case e.OldText == "":
		return text, how, fmt.Errorf("oldText is empty; to write a whole file use %s", call.ToolName("fs.write"))
	case e.OldText == e.NewText:
		return text, how, fmt.Errorf("oldText and newText are the same, so the edit would change nothing")
	}
	idx := indexAll(text, e.OldText)
	switch {
	case len(idx) == 1 || len(idx) > 1 && e.ReplaceAll:
		how.lines = lineNumbers(text, idx)
		return strings.ReplaceAll(text, e.OldText, e.NewText), how, nil
	case len(idx) > 1:
		//lint:ignore ST1005 the model reads this error as it is: sentences that end with a full stop.
		return text, how, fmt.Errorf("oldText occurs %d times, at lines %s; it must occur once. Add surrounding lines to oldText to pick one, or set replaceAll: true to replace them all.",
			len(idx), listLines(lineNumbers(text, idx)))
	}
	return applyLoose(call, text, e)
}

// indexAll returns the offsets of the non-overlapping occurrences of sub.
func indexAll(s, sub string) []int {
	var idx []int
	for from := 0; ; {
		i := strings.Index(s[from:], sub)
		if i < 0 {
			return idx
		}
		idx = append(idx, from+i)
		from += i + len(sub)
	}
}

// lineNumbers maps offsets (ascending) to 1-based line numbers.
func lineNumbers(s string, offsets []int) []int {
	out := make([]int, len(offsets))
	line, pos := 1, 0
	for i, off := range offsets {
		line += strings.Count(s[pos:off], "\n")
		pos = off
		out[i] = line
	}
	return out
}

func listLines(lines []int) string {
	parts := make([]string, 0, min(len(lines), maxListed))
	for i, n := range lines {
		if i == maxListed {
			parts = append(parts, fmt.Sprintf("and %d more", len(lines)-maxListed))
			break
		}
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, ", ")
}

// textLine is one line of a file with its line ending.
type textLine struct {
	text, eol string
}

func splitTextLines(s string) []textLine {
	var out []textLine
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, textLine{text: s})
			break
		}
		line, eol := s[:i], "\n"
		if strings.HasSuffix(line, "\r") {
			line, eol = line[:len(line)-1], "\r\n"
		}
		out = append(out, textLine{text: line, eol: eol})
		s = s[i+1:]
	}
	return out
}

// applyLoose handles an oldText that is not in the file as is: a run of
// whole lines that differs only in indentation and trailing whitespace is
// replaced, with newText re-indented to match; otherwise the error shows
// the closest region and how it differs.
func applyLoose(call tool.Call, text string, e Edit) (string, applied, error) {
	var how applied
	lines := splitTextLines(text)
	old := splitTextLines(strings.TrimRight(e.OldText, "\r\n"))
	if len(old) == 0 || len(lines) > maxScanLines {
		return text, how, fmt.Errorf("oldText was not found")
	}
	var starts []int
	for w := 0; w+len(old) <= len(lines); w++ {
		if sameTrimmed(lines[w:w+len(old)], old) {
			starts = append(starts, w)
		}
	}
	if len(starts) == 0 || len(starts) > 1 && !e.ReplaceAll {
		if len(starts) > 1 {
			nums := make([]int, len(starts))
			for i, s := range starts {
				nums[i] = s + 1
			}
			return text, how, fmt.Errorf("oldText was not found exactly; ignoring indentation and trailing whitespace it occurs %d times, at lines %s. Copy it exactly from the file, with enough lines to be unique", len(starts), listLines(nums))
		}
		return text, how, closestError(call, lines, old, e.OldText)
	}
	var newLines []string
	if nt := strings.TrimRight(e.NewText, "\r\n"); nt != "" {
		newLines = strings.Split(nt, "\n")
	}
	var b strings.Builder
	prev := 0
	for _, w := range starts {
		for _, l := range lines[prev:w] {
			b.WriteString(l.text + l.eol)
		}
		indents := indentMap(old, lines[w:w+len(old)])
		eol, lastEOL := lines[w].eol, lines[w+len(old)-1].eol
		if eol == "" {
			eol = "\n"
		}
		for i, nl := range newLines {
			nl = strings.TrimSuffix(nl, "\r")
			nl = reindent(nl, indents)
			b.WriteString(nl)
			if i < len(newLines)-1 {
				b.WriteString(eol)
			} else {
				b.WriteString(lastEOL)
			}
		}
		prev = w + len(old)
		how.lines = append(how.lines, w+1)
	}
	for _, l := range lines[prev:] {
		b.WriteString(l.text + l.eol)
	}
	span := fmt.Sprintf("lines %d-%d", starts[0]+1, starts[0]+len(old))
	if len(starts) > 1 {
		span = fmt.Sprintf("%d places (lines %s)", len(starts), listLines(how.lines))
	}
	how.fuzzy = fmt.Sprintf("oldText did not match exactly; applied at %s, where the file differs only in indentation or trailing whitespace (newText was re-indented to match).", span)
	return b.String(), how, nil
}

func sameTrimmed(lines, old []textLine) bool {
	for i := range old {
		if strings.TrimSpace(lines[i].text) != strings.TrimSpace(old[i].text) {
			return false
		}
	}
	return true
}

// indentOf is a line's leading whitespace.
func indentOf(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// indentMap pairs the indentation of each line of oldText with that of the
// file line it matched.
func indentMap(old, file []textLine) map[string]string {
	m := map[string]string{}
	for i := range old {
		if strings.TrimSpace(old[i].text) != "" {
			m[indentOf(old[i].text)] = indentOf(file[i].text)
		}
	}
	return m
}

// reindent gives a line of newText the file's indentation: the longest
// oldText indentation it starts with is replaced by the file's.
func reindent(line string, indents map[string]string) string {
	if strings.TrimSpace(line) == "" {
		return line
	}
	ind := indentOf(line)
	best, found := "", false
	for from := range indents {
		if strings.HasPrefix(ind, from) && (!found || len(from) > len(best)) {
			best, found = from, true
		}
	}
	if !found {
		return line
	}
	return indents[best] + line[len(best):]
}

// closestError finds the region of the file most like oldText and shows
// it, with line numbers, and how it differs.
func closestError(call tool.Call, lines, old []textLine, oldText string) error {
	if len(lines) == 0 {
		return fmt.Errorf("oldText was not found: the file is empty")
	}
	best, span, ok := closest(lines, old)
	if !ok {
		return fmt.Errorf("oldText was not found, and no part of the file resembles it; read the file (%s) and copy the text exactly", call.ToolName("fs.read"))
	}
	return fmt.Errorf("oldText was not found, not even ignoring indentation. The closest text is at lines %d-%d:\n%sWhat differs (- your oldText, + the file):\n%s",
		best+1, best+span, numbered(lines, best, span), regionDiff(lines[best:best+span], oldText))
}

// closest finds the run of lines most like old: its first line (0-based)
// and length; ok is false when no part of the file resembles it.
func closest(lines, old []textLine) (best, span int, ok bool) {
	n := len(old)
	if len(lines) == 0 || n == 0 {
		return 0, 0, false
	}
	want := make(map[string]bool, n)
	for _, l := range old {
		if s := strings.TrimSpace(l.text); s != "" {
			want[s] = true
		}
	}
	best, bestScore := -1, 0
	span = min(n, len(lines))
	for w := 0; w+span <= len(lines); w++ {
		score := 0
		for k, l := range lines[w : w+span] {
			line := strings.TrimSpace(l.text)
			if line == strings.TrimSpace(old[k].text) && line != "" {
				score += 2 // in its place
			}
			if want[line] {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = w, score
		}
	}
	if best >= 0 {
		return best, span, true
	}
	// No line in common: anchor on the line nearest the first one.
	first := strings.TrimSpace(old[0].text)
	bestD := 1 << 30
	for i, l := range lines {
		line := strings.TrimSpace(l.text)
		if len(line) > 4*len(first)+40 {
			continue
		}
		if d := levenshtein.ComputeDistance(first, line); d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 || bestD > max(len(first)*2/3, 3) {
		return 0, 0, false
	}
	return min(best, len(lines)-span), span, true
}

// numbered shows n lines from from (0-based) with their line numbers.
func numbered(lines []textLine, from, n int) string {
	var b strings.Builder
	for i, l := range lines[from : from+n] {
		fmt.Fprintf(&b, "%6d\t%s\n", from+i+1, l.text)
	}
	return b.String()
}

// regionDiff shows how oldText differs from a region of the file (- the
// oldText, + the file), without the diff's header.
func regionDiff(region []textLine, oldText string) string {
	var text strings.Builder
	for _, l := range region {
		text.WriteString(l.text + "\n")
	}
	oldNorm := strings.ReplaceAll(strings.TrimRight(oldText, "\r\n"), "\r\n", "\n") + "\n"
	return trimDiffHeader(udiff.Unified("oldText", "file", oldNorm, text.String()))
}

// trimDiffHeader drops the ---/+++ lines of a unified diff.
func trimDiffHeader(d string) string {
	lines := strings.SplitAfter(d, "\n")
	for len(lines) > 0 && (strings.HasPrefix(lines[0], "--- ") || strings.HasPrefix(lines[0], "+++ ")) {
		lines = lines[1:]
	}
	return strings.Join(lines, "")
}

// diffCounts counts the added and removed lines of a unified diff.
func diffCounts(d string) (added, removed int) {
	for _, l := range strings.Split(d, "\n") {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		case strings.HasPrefix(l, "+"):
			added++
		case strings.HasPrefix(l, "-"):
			removed++
		}
	}
	return added, removed
}

// capDiff cuts a diff at a line boundary to fit n bytes, saying how much
// was left out: the pipeline must not page an edit's result, since its
// "next call" would apply the edit again.
func capDiff(d string, n int) string {
	if len(d) <= n {
		return d
	}
	cut := d[:n]
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i+1]
	}
	rest := strings.Count(d[len(cut):], "\n")
	return cut + fmt.Sprintf("… [diff cut: %d more lines; read the file to see the result]\n", rest)
}
