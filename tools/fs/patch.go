package fs

import (
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"path/filepath"
	"strings"

	"f0/internal/editformat"
	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// An edit text (fs.edit's patch) may change several files: SEARCH/REPLACE
// blocks under their file names, a unified diff over files, an apply_patch
// envelope that adds, updates, deletes and moves. It applies all or
// nothing: every change is worked out first, from the files as they are
// (editformat.ApplyPatch), and only then written, each through
// roots.Rewrite so that no other writer's change is lost. A write that
// fails midway undoes the ones made before it.

// patchAccess is the level a call of fs.edit needs: a patch that deletes
// a file needs what fs.delete needs.
func patchAccess(in EditInput) (tool.Access, string) {
	if in.Patch == "" {
		return tool.Write, ""
	}
	p, err := editformat.Parse(in.Patch)
	if err != nil {
		return tool.Write, ""
	}
	for _, op := range p.Ops {
		if op.Kind == editformat.Delete {
			return tool.Admin, fmt.Sprintf("the patch deletes %s, and deleting a file needs admin access", op.Path)
		}
	}
	return tool.Write, ""
}

// patchRun is one fs.edit call applying an edit text.
type patchRun struct {
	t  *toolset
	in EditInput
	// alias names the file the call's path gives for the one file the
	// text names, when the two differ.
	alias map[string]string
	// locs are the files the text names, by the name it gives them.
	locs map[string]roots.Loc
	// read holds each file's text as first read, by its absolute path; a
	// missing file is absent from it.
	read map[string]string
}

// patchStep is one write of a patch: a file updated, created, deleted, or
// moved to another name.
type patchStep struct {
	kind          editformat.OpKind
	loc, to       roots.Loc
	before, after string
}

func (t *toolset) runPatch(ctx context.Context, in EditInput) (tool.Result, error) {
	parsed, err := editformat.Parse(in.Patch)
	if err != nil {
		return tool.Result{}, &tool.InputError{Field: "patch", Problem: err.Error(), Hint: "Nothing was changed."}
	}
	p := &patchRun{t: t, in: in, alias: map[string]string{}, locs: map[string]roots.Loc{}, read: map[string]string{}}
	notes := p.aliasPath(parsed)
	changes, err := editformat.ApplyPatch(in.Patch, p.readFile, editformat.Options{Name: in.Path})
	if err != nil {
		return tool.Result{}, p.applyError(err, parsed)
	}
	steps, err := p.plan(changes)
	if err != nil {
		return tool.Result{}, err
	}
	if !in.DryRun {
		redone, err := p.write(ctx, steps)
		if err != nil {
			return tool.Result{}, err
		}
		notes = append(notes, redone...)
	}
	return p.result(parsed.Format, changes, notes), nil
}

// aliasPath lets the call's path name the file of a text that names one
// file to update under another name (a diff made in another directory):
// the path given wins, with a note.
func (p *patchRun) aliasPath(parsed editformat.Patch) []string {
	if p.in.Path == "" {
		return nil
	}
	named := ""
	for _, op := range parsed.Ops {
		switch {
		case op.Kind != editformat.Update:
			return nil
		case op.Path == "":
		case named == "":
			named = op.Path
		case op.Path != named:
			return nil
		}
	}
	if named == "" || filepath.ToSlash(filepath.Clean(named)) == filepath.ToSlash(filepath.Clean(p.in.Path)) {
		return nil
	}
	if l, err := p.t.files.Locate(named); err == nil {
		if g, err := p.t.files.Locate(p.in.Path); err == nil && l.Abs() == g.Abs() {
			return nil
		}
	}
	p.alias[named] = p.in.Path
	return []string{fmt.Sprintf("note: %s names the file %s; it was applied to %s, the path given.", parsed.Format, named, p.in.Path)}
}

// locate finds a file the text names, inside the roots.
func (p *patchRun) locate(name string) (roots.Loc, error) {
	if l, ok := p.locs[name]; ok {
		return l, nil
	}
	given := name
	if a, ok := p.alias[name]; ok {
		given = a
	}
	l, err := p.t.files.Locate(given)
	if err != nil {
		return l, err
	}
	p.locs[name] = l
	return l, nil
}

// readFile gives ApplyPatch a file's text, through the roots, and keeps
// it to check at the write that the file is still as read.
func (p *patchRun) readFile(name string) (string, error) {
	l, err := p.locate(name)
	if err != nil {
		return "", err
	}
	if txt, ok := p.read[l.Abs()]; ok {
		return txt, nil
	}
	info, err := l.Root.OS().Stat(l.Native())
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return "", err
	case err != nil:
		return "", p.t.files.Explain("read", l, err)
	case info.IsDir():
		return "", fmt.Errorf("%s is a directory", p.t.show(l))
	case info.Size() > maxEditFile:
		return "", fmt.Errorf("%s is %s; %s edits files up to %s", p.t.show(l), text.HumanBytes(info.Size()), p.t.call.ToolName("fs.edit"), text.HumanBytes(maxEditFile))
	}
	f, err := l.Open()
	if err != nil {
		return "", p.t.files.Explain("read", l, err)
	}
	defer f.Close()
	txt, err := p.t.editText(l, f)
	if ie, ok := tool.AsInputError(err); ok {
		return "", errors.New(strings.TrimSuffix(ie.Problem, "."))
	}
	if err != nil {
		return "", err
	}
	p.read[l.Abs()] = txt
	return txt, nil
}

// applyError is the answer to an edit text that does not apply.
func (p *patchRun) applyError(err error, parsed editformat.Patch) error {
	none := "Nothing was changed."
	if files := namedFiles(parsed); files > 1 {
		none = fmt.Sprintf("None of the %d files was changed.", files)
	}
	msg := err.Error()
	if strings.Contains(msg, " times, at lines ") {
		msg = strings.TrimSuffix(strings.TrimSuffix(msg, " Nothing was changed."), ".") + ". Add context lines to the edit text to pick one."
	}
	msg = strings.TrimSuffix(msg, " Nothing was changed.")
	if strings.Contains(msg, "\n") {
		return &tool.InputError{Field: "patch", Problem: none + " " + msg}
	}
	return &tool.InputError{Field: "patch", Problem: text.Sentence(msg), Hint: none}
}

// namedFiles counts the files an edit text names.
func namedFiles(parsed editformat.Patch) int {
	seen := map[string]bool{}
	for _, op := range parsed.Ops {
		seen[op.Path] = true
		if op.MoveTo != "" {
			seen[op.MoveTo] = true
		}
	}
	return len(seen)
}

// plan turns the changes into writes, refusing before any is made what
// would replace a file the text means to create.
func (p *patchRun) plan(changes []editformat.Change) ([]patchStep, error) {
	exists := map[string]bool{}
	for k := range p.read {
		exists[k] = true
	}
	var steps []patchStep
	for _, c := range changes {
		l, err := p.locate(c.Op.Path)
		if err != nil {
			return nil, &tool.InputError{Field: "patch", Problem: err.Error()}
		}
		switch c.Op.Kind {
		case editformat.Create:
			if exists[l.Abs()] {
				if c.Before == c.After {
					continue
				}
				return nil, &tool.InputError{Field: "patch", Problem: fmt.Sprintf("adds %s, which exists already; a patch never replaces a whole file. Nothing was changed.", p.t.show(l)),
					Hint: "Change it with an update (*** Update File:, or a diff from its current text), or replace it with " + p.t.call.ToolName("fs.write") + "."}
			}
			exists[l.Abs()] = true
			steps = append(steps, patchStep{kind: editformat.Create, loc: l, after: c.After})
		case editformat.Delete:
			delete(exists, l.Abs())
			steps = append(steps, patchStep{kind: editformat.Delete, loc: l, before: c.Before})
		case editformat.Update:
			if c.Before != c.After {
				steps = append(steps, patchStep{kind: editformat.Update, loc: l, before: c.Before, after: c.After})
			}
		case editformat.Move:
			to, err := p.t.files.Locate(c.Op.MoveTo)
			if err != nil {
				return nil, &tool.InputError{Field: "patch", Problem: err.Error()}
			}
			if _, err := to.Root.OS().Lstat(to.Native()); err == nil || exists[to.Abs()] {
				return nil, &tool.InputError{Field: "patch", Problem: fmt.Sprintf("moves %s to %s, which exists already; a patch never replaces a file. Nothing was changed.", p.t.show(l), p.t.show(to))}
			}
			if c.Before != c.After {
				steps = append(steps, patchStep{kind: editformat.Update, loc: l, before: c.Before, after: c.After})
			}
			delete(exists, l.Abs())
			exists[to.Abs()] = true
			steps = append(steps, patchStep{kind: editformat.Move, loc: l, to: to, after: c.After})
		}
	}
	return steps, nil
}

// write makes the steps in turn; when one fails, the ones made are undone
// and the error says what became of each. It returns notes on files it
// found changed by another writer and edited again.
func (p *patchRun) write(ctx context.Context, steps []patchStep) ([]string, error) {
	var notes []string
	for i, s := range steps {
		note, err := p.do(ctx, s, len(steps) == 1)
		if err == nil {
			if note != "" {
				notes = append(notes, note)
			}
			continue
		}
		if i == 0 {
			return nil, p.stepError(s, err, "")
		}
		return nil, p.stepError(s, err, p.undo(ctx, steps[:i]))
	}
	return notes, nil
}

// do makes one step. alone says it is the patch's only write, which may
// then be made again on a file another writer changed since it was read.
func (p *patchRun) do(ctx context.Context, s patchStep, alone bool) (string, error) {
	files := p.t.files
	switch s.kind {
	case editformat.Create:
		_, err := files.WriteAtomic(s.loc, strings.NewReader(s.after), roots.WriteOptions{CreateDirs: true, Exclusive: true})
		return "", err
	case editformat.Delete:
		if err := p.still(s.loc, s.before); err != nil {
			return "", err
		}
		return "", s.loc.Root.OS().Remove(s.loc.Native())
	case editformat.Move:
		if dir := filepath.Dir(s.to.Native()); dir != "." {
			if err := s.to.Root.OS().MkdirAll(dir, 0o755); err != nil {
				return "", files.Explain("create", s.to, err)
			}
		}
		_, err := files.Move(ctx, s.loc, s.to, roots.CopyOptions{})
		return "", err
	}
	note := ""
	_, err := files.Rewrite(ctx, s.loc, roots.WriteOptions{}, func(cur roots.Current, w io.Writer) error {
		after, redone, err := p.updated(s, cur, alone)
		if err != nil {
			return err
		}
		note = redone
		_, err = io.WriteString(w, after)
		return err
	})
	return note, err
}

// updated is the new text of an updated file as cur has it now: the
// planned one when the file is still as first read, or else (for a
// patch's only write) the patch made again, exactly, on its new text.
func (p *patchRun) updated(s patchStep, cur roots.Current, alone bool) (string, string, error) {
	if !cur.Exists {
		return "", "", fmt.Errorf("%s was removed or moved after f0 read it (another writer)", p.t.show(s.loc))
	}
	now, err := p.t.editText(s.loc, cur)
	if err != nil {
		return "", "", err
	}
	if now == s.before {
		return s.after, "", nil
	}
	stale := fmt.Sprintf("%s changed after f0 read it (another writer; %s bytes then, %s now)", p.t.show(s.loc), text.GroupDigits(int64(len(s.before))), text.GroupDigits(int64(len(now))))
	if !alone {
		return "", "", errors.New(stale)
	}
	read := func(name string) (string, error) {
		if l, err := p.locate(name); err == nil && l.Abs() == s.loc.Abs() {
			return now, nil
		}
		return p.readFile(name)
	}
	changes, err := editformat.ApplyPatch(p.in.Patch, read, editformat.Options{Name: p.in.Path, Exact: true})
	if err != nil {
		return "", "", fmt.Errorf("%s, and the patch no longer applies exactly: %w", stale, err)
	}
	c := changes[len(changes)-1]
	return c.After, "note: " + stale + "; the patch was made again on its new content, where it applies exactly.", nil
}

// still checks that a file is as the patch read it, before it is deleted.
func (p *patchRun) still(l roots.Loc, before string) error {
	f, err := l.Open()
	if err != nil {
		return p.t.files.Explain("delete", l, err)
	}
	defer f.Close()
	now, err := p.t.editText(l, f)
	if err != nil {
		return err
	}
	if now != before {
		return fmt.Errorf("%s changed after f0 read it (another writer), so it was not deleted", p.t.show(l))
	}
	return nil
}

// undo reverses the steps made, last first, and says what became of each
// file: restored, or left as another writer changed it since.
func (p *patchRun) undo(ctx context.Context, done []patchStep) string {
	var restored, kept []string
	for i := len(done) - 1; i >= 0; i-- {
		s := done[i]
		if err := p.reverse(ctx, s); err != nil {
			kept = append(kept, fmt.Sprintf("%s (%v)", p.t.show(s.loc), err))
			continue
		}
		restored = append(restored, p.t.show(s.loc))
	}
	msg := fmt.Sprintf("The files written before it were restored: %s.", strings.Join(restored, ", "))
	if len(restored) == 0 {
		msg = ""
	}
	if len(kept) > 0 {
		msg += fmt.Sprintf(" These could not be restored and are as the patch left them: %s.", strings.Join(kept, "; "))
	}
	return strings.TrimSpace(msg)
}

// reverse undoes one step, never over another writer's change.
func (p *patchRun) reverse(ctx context.Context, s patchStep) error {
	files := p.t.files
	switch s.kind {
	case editformat.Create:
		if err := p.still(s.loc, s.after); err != nil {
			return err
		}
		return s.loc.Root.OS().Remove(s.loc.Native())
	case editformat.Delete:
		_, err := files.WriteAtomic(s.loc, strings.NewReader(s.before), roots.WriteOptions{CreateDirs: true, Exclusive: true})
		return err
	case editformat.Move:
		_, err := files.Move(ctx, s.to, s.loc, roots.CopyOptions{})
		return err
	}
	_, err := files.Rewrite(ctx, s.loc, roots.WriteOptions{}, func(cur roots.Current, w io.Writer) error {
		now, err := p.t.editText(s.loc, cur)
		if err != nil {
			return err
		}
		if !cur.Exists || now != s.after {
			return errors.New("changed by another writer since")
		}
		_, err = io.WriteString(w, s.before)
		return err
	})
	return err
}

// stepError is the answer to a write that failed: which, why, and what
// became of the writes before it.
func (p *patchRun) stepError(s patchStep, err error, undone string) error {
	var stale *staleEdit
	if errors.As(err, &stale) {
		err = errors.New(stale.msg)
	}
	what := map[editformat.OpKind]string{editformat.Create: "create", editformat.Delete: "delete", editformat.Update: "write", editformat.Move: "move"}[s.kind]
	msg := fmt.Sprintf("could not %s %s: %s.", what, p.t.show(s.loc), strings.TrimSuffix(err.Error(), "."))
	if undone == "" {
		msg += " Nothing was changed."
	} else {
		msg += " " + undone
	}
	if ie, ok := tool.AsInputError(err); ok {
		return &tool.InputError{Field: "patch", Problem: msg, Cause: ie}
	}
	if errors.Is(err, roots.ErrOutside) || errors.Is(err, iofs.ErrPermission) || errors.Is(err, iofs.ErrExist) {
		return &tool.InputError{Field: "patch", Problem: msg, Cause: err}
	}
	return fmt.Errorf("%s", msg)
}

// result is the answer of a patch applied (or, with dryRun, one that
// would be): what it did to each file, the diffs, and the notes.
func (p *patchRun) result(f editformat.Format, changes []editformat.Change, notes []string) tool.Result {
	var parts, diffs []string
	var tolerant []string
	for _, c := range changes {
		added, removed := diffCounts(c.Result.Diff)
		name := c.Op.Path
		if l, ok := p.locs[name]; ok {
			name = p.t.show(l)
		}
		switch c.Op.Kind {
		case editformat.Create:
			parts = append(parts, fmt.Sprintf("%s created, %s", name, text.Count(int64(added), "line", "lines")))
		case editformat.Delete:
			parts = append(parts, name+" deleted")
		case editformat.Move:
			parts = append(parts, fmt.Sprintf("%s moved to %s, +%d -%d lines", name, c.Op.MoveTo, added, removed))
		default:
			parts = append(parts, fmt.Sprintf("%s %s, +%d -%d lines", name, text.Count(int64(len(c.Op.Edits)), "edit", "edits"), added, removed))
		}
		if c.Op.Kind != editformat.Delete {
			diffs = append(diffs, c.Result.Diff)
		}
		for _, n := range c.Result.Notes {
			tolerant = append(tolerant, fmt.Sprintf("note: %s: %s", name, n))
		}
	}
	verb := "applied"
	if p.in.DryRun {
		verb = "dry run, nothing written: would apply"
	}
	head := fmt.Sprintf("%s %s to %s: %s", verb, f, text.Count(int64(len(changes)), "file", "files"), strings.Join(parts, "; "))
	if len(changes) == 1 {
		head = fmt.Sprintf("%s %s: %s", verb, f, parts[0])
	}
	notes = append(tolerant, notes...)
	diff := strings.Join(diffs, "")
	return tool.Result{Head: head, Text: capDiff(diff, p.t.call.Room().Less(append([]string{head}, notes...)...).Bytes), Notes: notes}
}
