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

	"f0/internal/editformat"
	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"

	"github.com/aymanbagabas/go-udiff"
)

// EditInput is the input of fs.edit: a path with its edits (the edits
// list, or one oldText/newText), a line to insert at (the text editor's
// insert), a whole new file (its create), or an edit text in one of the
// formats models were taught (patch).
type EditInput struct {
	Path                 string     `json:"path,omitempty"`
	Patch                string     `json:"patch,omitempty" jsonschema_description:"Diff, SEARCH/REPLACE or apply_patch text."`
	Edits                []Edit     `json:"edits,omitempty"`
	OldText              string     `json:"oldText,omitempty" jsonschema_description:"Exact text; unique unless replaceAll."`
	NewText              string     `json:"newText,omitempty"`
	ReplaceAll           bool       `json:"replaceAll,omitempty"`
	ExpectedReplacements int        `json:"expectedReplacements,omitempty" jsonschema_description:"The number of occurrences oldText must have; all of them are replaced."`
	InsertLine           *int       `json:"insertLine,omitempty" jsonschema_description:"Insert newText after this line (0 = at the top, -1 = after the last line)."`
	StartLine            *int       `json:"startLine,omitempty" jsonschema_description:"Replace whole lines from this one (1-based; -1 = the last) by newText; an empty newText deletes them."`
	EndLine              *int       `json:"endLine,omitempty" jsonschema_description:"With startLine: the last line replaced (inclusive; default startLine)."`
	LineEdits            []LineEdit `json:"lineEdits,omitempty" jsonschema_description:"Several edits by line number, all counted on the file as it is before the call."`
	Command              string     `json:"command,omitempty" jsonschema_description:"The text editor's command: str_replace, insert or create."`
	FileText             *string    `json:"fileText,omitempty" jsonschema_description:"With command create: the new file's content."`
	DryRun               bool       `json:"dryRun,omitempty" jsonschema_description:"Diff only."`
	Force                bool       `json:"force,omitempty" jsonschema_description:"Write a newText that looks like an edit instruction or a placeholder as it is."`
	// moved names the field an edit text came in when prepareEdit read it
	// as the patch.
	moved string
}

// Edit is one replacement.
type Edit struct {
	OldText    string `json:"oldText" jsonschema:"required" jsonschema_description:"Exact text; unique unless replaceAll."`
	NewText    string `json:"newText" jsonschema:"required"`
	ReplaceAll bool   `json:"replaceAll,omitempty"`
}

// Limits of fs.edit.
const (
	maxEditFile = 16 << 20
)

var editSynonyms = map[string]string{
	"old_string": "oldText", "new_string": "newText", "old": "oldText", "new": "newText",
	"search": "oldText", "replace": "newText", "find": "oldText", "replacement": "newText",
	"from": "oldText", "to": "newText", "before": "oldText", "after": "newText",
	"oldStr": "oldText", "newStr": "newText", "all": "replaceAll", "global": "replaceAll",
}

// patchSynonyms are the names other agents give an edit text: Roo's and
// Cline's diff, Codex's apply_patch input, opencode's patchText.
var patchSynonyms = map[string]string{
	"diff": "patch", "input": "patch", "patchText": "patch", "unifiedDiff": "patch", "udiff": "patch", "diffText": "patch",
}

func (t *toolset) editTool() *tool.Tool {
	syn := map[string]string{
		"changes": "edits", "replacements": "edits", "edit": "edits", "patches": "edits",
		"preview": "dryRun", "dry": "dryRun",
		"count": "expectedReplacements", "occurrences": "expectedReplacements",
		"insertText": "newText", "text": "newText", "insertAfterLine": "insertLine", "afterLine": "insertLine",
		"content": "fileText", "contents": "fileText",
	}
	for k, v := range editSynonyms {
		if v != "replaceAll" {
			syn[k] = v
		}
	}
	maps.Copy(syn, patchSynonyms)
	maps.Copy(syn, pathSynonyms)
	return tool.Def[EditInput]{
		Spec: tool.Spec{
			Name: "fs.edit", Title: "Edit a file",
			Summary:     "Replace exact text or apply a patch, all or nothing; returns the diff.",
			Access:      tool.Write,
			Annotations: tool.Annotations{Destructive: true},
			Names: tool.Names{
				Keywords: []string{"replace", "modify", "change", "patch", "sed", "diff", "refactor", "str_replace", "apply_patch", "search/replace"},
			},
			Fields: tool.Fields{
				Unlisted:       []string{"oldText", "newText", "replaceAll", "expectedReplacements", "insertLine", "startLine", "endLine", "lineEdits", "command", "fileText", "force"},
				Synonyms:       syn,
				NestedSynonyms: map[string]map[string]string{"edits": editSynonyms},
				MaxItems:       map[string]int{"edits": maxEdits},
				Forms:          pathKinds("path"),
			},
		},
		Prepare:   prepareEdit,
		AccessFor: patchAccess,
		Run:       inRoots(t, (*toolset).runEdit),
	}.Erase()
}

func (t *toolset) runEdit(ctx context.Context, in EditInput) (tool.Result, error) {
	cmd, err := in.command()
	if err != nil {
		return tool.Result{}, err
	}
	switch {
	case cmd == "view" || cmd == "undo_edit":
		return tool.Result{}, t.refuseCommand(cmd, in)
	case cmd == "create":
		return t.runCreate(ctx, in)
	case in.Patch != "":
		if in.OldText != "" || in.NewText != "" || len(in.Edits) > 0 {
			return tool.Result{}, &tool.InputError{Field: "patch", Problem: "was given beside oldText, newText or edits; send the edit text alone in patch, or the edits without it."}
		}
		res, err := t.runPatch(ctx, in)
		if err == nil && in.moved != "" {
			res.Notes = append([]string{fmt.Sprintf("note: %s held an edit text and no oldText; it was applied as one (the patch field).", in.moved)}, res.Notes...)
		}
		return res, err
	}
	lines, edits, fields, err := in.editsOrLines()
	if err != nil {
		return tool.Result{}, err
	}
	if in.Path == "" {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: "is required: name the file to edit (or send an edit text that names it in patch)."}
	}
	l, err := t.locate("path", in.Path)
	if err != nil {
		return tool.Result{}, err
	}
	if createsFile(lines, edits) {
		return t.createFromEdit(ctx, in, l, edits[0], fields[0])
	}
	if !in.Force && !holdsPatches(l.Rel) {
		if err := t.checkNewTexts(ctx, in, edits, fields); err != nil {
			return tool.Result{}, err
		}
	}
	if err := t.editable(ctx, l); err != nil {
		return tool.Result{}, err
	}
	e := &fileEdit{t: t, in: in, edits: edits, fields: fields, lines: lines, l: l}
	if in.DryRun {
		f, err := l.Open()
		if err != nil {
			return tool.Result{}, t.argError(ctx, "path", t.files.Explain("edit", l, err))
		}
		defer f.Close()
		if err := e.apply(ctx, roots.Current{Reader: f, Exists: true}, io.Discard); err != nil {
			return tool.Result{}, err
		}
	} else if _, err := t.files.Rewrite(ctx, l, roots.WriteOptions{}, func(cur roots.Current, w io.Writer) error { return e.apply(ctx, cur, w) }); err != nil {
		var stale *staleEdit
		if _, ok := tool.AsInputError(err); ok || errors.As(err, &stale) {
			return tool.Result{}, err
		}
		return tool.Result{}, t.writeError(ctx, l, err)
	}
	return e.result(), nil
}

// editable refuses a path that is no file fs.edit can change: missing, a
// directory, or too large.
func (t *toolset) editable(ctx context.Context, l roots.Loc) error {
	info, err := l.Root.OS().Stat(l.Native())
	if err != nil {
		return t.argError(ctx, "path", t.files.Explain("edit", l, err))
	}
	switch {
	case info.IsDir():
		return &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a directory.", t.show(l))}
	case info.Size() > maxEditFile:
		return &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is %s; %s edits files up to %s.", t.show(l), text.HumanBytes(info.Size()), t.call.ToolName("fs.edit"), text.HumanBytes(maxEditFile))}
	}
	return nil
}

// editsOrLines is the call's edits: by text (editList), or by line
// number (lineList), then with the texts they bring for the checks made
// before the file is read.
func (in EditInput) editsOrLines() ([]lineEdit, []editformat.Edit, []string, error) {
	if !in.hasLines() {
		edits, fields, err := in.editList()
		return nil, edits, fields, err
	}
	lines, err := in.lineList()
	if err != nil {
		return nil, nil, nil, err
	}
	edits, fields := newTexts(lines)
	return lines, edits, fields, nil
}

// editList is the call's edits as editformat edits, with the field each
// came from: the edits list, or the one edit of the top-level fields.
func (in EditInput) editList() ([]editformat.Edit, []string, error) {
	single := in.OldText != "" || in.NewText != ""
	switch {
	case single && len(in.Edits) > 0:
		field := "oldText"
		if in.OldText == "" {
			field = "newText"
		}
		return nil, nil, &tool.InputError{Field: field, Problem: "was given beside edits; put every replacement in edits."}
	case single:
		e := editformat.Edit{OldText: in.OldText, NewText: in.NewText, ReplaceAll: in.ReplaceAll, Count: in.ExpectedReplacements}
		return []editformat.Edit{e}, []string{"oldText"}, checkEdit(e, "oldText")
	case len(in.Edits) == 0:
		return nil, nil, &tool.InputError{Field: "edits", Problem: "is required: give at least one {oldText, newText}, or an edit text in patch."}
	case in.ExpectedReplacements > 0 && len(in.Edits) > 1:
		return nil, nil, &tool.InputError{Field: "expectedReplacements", Problem: fmt.Sprintf("is one count for %d edits; give it with a single oldText.", len(in.Edits))}
	}
	edits := make([]editformat.Edit, len(in.Edits))
	fields := make([]string, len(in.Edits))
	for i, ed := range in.Edits {
		edits[i] = editformat.Edit{OldText: ed.OldText, NewText: ed.NewText, ReplaceAll: ed.ReplaceAll || in.ReplaceAll, Count: in.ExpectedReplacements}
		fields[i] = fmt.Sprintf("edits[%d].oldText", i)
		if len(in.Edits) == 1 && ed.OldText == "" && ed.NewText != "" {
			break // a new file, if there is none (createsFile)
		}
		if err := checkEdit(edits[i], fields[i]); err != nil {
			return nil, nil, err
		}
	}
	return edits, fields, nil
}

// createsFile says whether the call is one edit with an empty oldText:
// the text of a new file, as an empty SEARCH is (Warp's edit_files,
// Cline's and Aider's blocks).
func createsFile(lines []lineEdit, edits []editformat.Edit) bool {
	return lines == nil && len(edits) == 1 && edits[0].OldText == "" && edits[0].NewText != ""
}

// createFromEdit makes the new file an edit with an empty oldText stands
// for, when there is none; over an existing file the empty oldText says
// nothing of where the text goes, and is refused.
func (t *toolset) createFromEdit(ctx context.Context, in EditInput, l roots.Loc, e editformat.Edit, field string) (tool.Result, error) {
	if _, err := l.Root.OS().Lstat(l.Native()); err == nil {
		return tool.Result{}, checkEdit(e, field)
	}
	res, err := t.runCreate(ctx, EditInput{Path: in.Path, FileText: &e.NewText, DryRun: in.DryRun})
	if err == nil {
		res.Notes = append(res.Notes, fmt.Sprintf("note: %s was empty and %s did not exist, so newText was written as the new file.", field, t.show(l)))
	}
	return res, err
}

// checkEdit refuses an edit that can change nothing, before the file is
// read.
func checkEdit(e editformat.Edit, field string) error {
	switch {
	case e.OldText == "":
		return &tool.InputError{Field: field, Problem: "oldText is empty; to write a whole file use fs_write.", Hint: "Nothing was changed."}
	case e.OldText == e.NewText:
		return &tool.InputError{Field: field, Problem: "oldText and newText are the same, so the edit would change nothing.", Hint: "Nothing was changed."}
	}
	return nil
}

// checkNewTexts refuses an edit whose newText is an edit instruction, or
// brings a placeholder for lines left out, that its oldText does not have
// (see notcontent.go).
func (t *toolset) checkNewTexts(ctx context.Context, in EditInput, edits []editformat.Edit, fields []string) error {
	for i, ed := range edits {
		field := strings.Replace(fields[i], "oldText", "newText", 1)
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
	edits  []editformat.Edit
	fields []string // the field each edit came from, for errors
	// lines are the edits by line number, made into edits on the file as
	// first read; summary then says what they do.
	lines   []lineEdit
	summary string
	l       roots.Loc
	before  string
	after   string
	notes   []string
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
	txt, err := t.editText(l, cur)
	if err != nil {
		return err
	}
	if cur.Changed > 0 {
		then := int64(len(e.before))
		if err := e.applyAgain(txt); err != nil {
			return err
		}
		e.redone = fmt.Sprintf("note: %s changed after f0 read it (another writer; %s bytes then, %s now); the edits were made again on its new content, where every oldText occurs exactly as required.",
			t.show(l), text.GroupDigits(then), text.GroupDigits(int64(len(txt))))
	} else if err := e.applyFirst(txt); err != nil {
		return err
	}
	_, err = io.WriteString(w, e.after)
	return err
}

// editText reads a file to edit: text, and not over maxEditFile.
func (t *toolset) editText(l roots.Loc, r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxEditFile+1))
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", t.show(l), err)
	}
	if sniff(l.Rel, data).binary {
		return "", &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a binary file; %s changes text.", t.show(l), t.call.ToolName("fs.edit"))}
	}
	if len(data) > maxEditFile {
		return "", &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is now over %s; %s edits files up to that size.", t.show(l), text.HumanBytes(maxEditFile), t.call.ToolName("fs.edit"))}
	}
	return string(data), nil
}

// applyFirst makes the edits on the file as first read, tolerantly: an
// oldText that differs from the file in line endings, trailing
// whitespace, Unicode form, typographic quotes or indentation is applied
// where it matches, with a note saying so.
func (e *fileEdit) applyFirst(txt string) error {
	e.before = txt
	if e.lines != nil {
		edits, fields, summary, err := resolveLines(txt, e.t.show(e.l), e.lines)
		if err != nil {
			return err
		}
		e.edits, e.fields, e.summary = edits, fields, summary
	}
	r, err := editformat.Apply(txt, crlfEdits(txt, e.edits), editformat.Options{Name: e.t.show(e.l)})
	if err != nil {
		return e.editError(err)
	}
	e.after, e.notes = r.Content, nil
	for _, n := range r.Notes {
		e.notes = append(e.notes, "note: "+n)
	}
	return nil
}

// applyAgain makes the edits on content another writer changed after the
// first reading: only where each oldText occurs exactly as required.
// Otherwise it refuses, showing the text there now.
func (e *fileEdit) applyAgain(txt string) error {
	first := e.before
	r, err := editformat.Apply(txt, crlfEdits(txt, e.edits), editformat.Options{Name: e.t.show(e.l), Exact: true})
	if err != nil {
		return e.staleError(first, txt, err)
	}
	e.before, e.after = txt, r.Content
	return nil
}

// crlfEdits gives edits written with \n the line ends of a \r\n file, so
// that they match it exactly (as they did before fs.edit matched
// tolerantly).
func crlfEdits(txt string, edits []editformat.Edit) []editformat.Edit {
	if !strings.Contains(txt, "\r\n") {
		return edits
	}
	out := make([]editformat.Edit, len(edits))
	for i, ed := range edits {
		if !strings.Contains(ed.OldText, "\r\n") {
			ed.OldText = strings.ReplaceAll(ed.OldText, "\n", "\r\n")
			ed.NewText = strings.ReplaceAll(ed.NewText, "\n", "\r\n")
		}
		out[i] = ed
	}
	return out
}

// editError explains why an edit did not apply, on the field it came
// from.
func (e *fileEdit) editError(err error) error {
	var ee *editformat.EditError
	if !errors.As(err, &ee) {
		return err
	}
	msg, none := ee.Problem, "Nothing was changed."
	if ee.Count > 1 {
		msg = fmt.Sprintf("edit %d of %d: %s", ee.Index+1, ee.Count, msg)
		none = fmt.Sprintf("None of the %d edits was applied.", ee.Count)
	}
	msg = countAdvice.Replace(strings.Replace(msg, "its old text", "oldText", 1))
	if strings.Contains(msg, "\n") {
		return &tool.InputError{Field: e.fields[ee.Index], Problem: none + " " + text.Sentence(msg)}
	}
	return &tool.InputError{Field: e.fields[ee.Index], Problem: text.Sentence(msg), Hint: none}
}

// countAdvice words editformat's advice on an old text found several
// times (or not the number of times expected) in fs.edit's fields.
var countAdvice = strings.NewReplacer(
	": add lines around it to pick one, or replace them all", ". Add surrounding lines to oldText to pick one, set replaceAll: true to replace them all, or expectedReplacements: N to replace exactly N",
	" were expected", " were expected (expectedReplacements)",
	"where the old text has", "where oldText has",
)

// staleError answers edits that applied to the file as first read but not
// to what another writer made of it: what changed, why the edit no longer
// applies (the text nearest it now), and the call that reads it again.
func (e *fileEdit) staleError(first, now string, err error) error {
	t, l := e.t, e.l
	why := err.Error()
	var ee *editformat.EditError
	if errors.As(err, &ee) {
		why = ee.Problem
		if ee.Count > 1 {
			why = fmt.Sprintf("edit %d of %d: %s", ee.Index+1, ee.Count, why)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s changed after f0 read it (another writer; %s bytes then, %s now), and the edits no longer apply exactly: %s\nNothing was written, and the other writer's change is kept. ",
		t.show(l), text.GroupDigits(int64(len(first))), text.GroupDigits(int64(len(now))), strings.TrimSuffix(strings.TrimSpace(why), "."))
	read := t.call.Suggest("fs.read", map[string]any{"path": e.in.Path, "lineNumbers": true})
	fmt.Fprintf(&b, "Read it again and make the edit on the text as it is now: %s", read)
	return &staleEdit{msg: b.String()}
}

// result is the answer of an edit that was made (or, with dryRun, would be).
func (e *fileEdit) result() tool.Result {
	t, l := e.t, e.l
	diff := udiff.Unified(t.show(l), t.show(l), e.before, e.after)
	added, removed := diffCounts(diff)
	n := text.Count(int64(len(e.edits)), "edit", "edits")
	if e.summary != "" {
		n = e.summary
	}
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
