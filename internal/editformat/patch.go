package editformat

import (
	"errors"
	"fmt"
	"io/fs"
)

// Change is what a patch does to one file: the operation, the file's text
// before and after it (Before is empty for a created file, After for a
// deleted one), and the diff and notes of the change.
type Change struct {
	Op            FileOp
	Before, After string
	Result        Result
}

// ApplyPatch reads patch in whichever format Detect finds and works out
// what it does to every file it names, all or nothing: the first
// operation that cannot be made is the error, and no Change is returned.
// It writes nothing; read gives a file's text (an error wrapping
// fs.ErrNotExist for a missing file), and the caller writes the changes.
// A patch that names no file (bare blocks or hunks) applies to opt.Name.
// Several operations on one file apply in turn. Edits apply with
// Options.InOrder, as the formats list them in the order of the file;
// an Update whose file is missing and whose edits all have an empty old
// text (Aider's new-file block) creates the file.
func ApplyPatch(patch string, read func(path string) (string, error), opt Options) ([]Change, error) {
	p, err := Parse(patch)
	if err != nil {
		return nil, err
	}
	st := patchState{read: read, files: map[string]*string{}}
	var out []Change
	for _, op := range p.Ops {
		if op.Path == "" {
			op.Path = opt.Name
		}
		if op.Path == "" {
			return nil, fmt.Errorf("no file is named in %s; give the path of the file it changes", p.Format.the())
		}
		c, err := st.apply(op, opt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op.Path, err)
		}
		out = append(out, c)
	}
	if p.Peeled != "" && len(out) > 0 {
		out[0].Result.Notes = append([]string{fmt.Sprintf("%s was inside %s, which was removed", p.Format, p.Peeled)}, out[0].Result.Notes...)
	}
	return out, nil
}

// patchState is the files a patch has changed so far; a nil entry is a
// file it deleted (or moved away).
type patchState struct {
	read  func(string) (string, error)
	files map[string]*string
}

// current is the text of path as the patch has left it so far.
func (st *patchState) current(path string) (string, bool, error) {
	if t, seen := st.files[path]; seen {
		if t == nil {
			return "", false, nil
		}
		return *t, true, nil
	}
	t, err := st.read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return t, true, nil
}

func (st *patchState) set(path string, text *string) { st.files[path] = text }

// apply works out one operation.
func (st *patchState) apply(op FileOp, opt Options) (Change, error) {
	before, exists, err := st.current(op.Path)
	if err != nil {
		return Change{}, err
	}
	switch {
	case op.Kind == Create:
		after := op.Content
		st.set(op.Path, &after)
		return Change{Op: op, Before: before, After: after, Result: diffResult(op.Path, before, after, exists)}, nil
	case !exists && allEmptyOld(op.Edits) && op.Kind == Update:
		after := ""
		for _, e := range op.Edits {
			after += e.NewText
		}
		op.Kind, op.Content, op.Edits = Create, after, nil
		st.set(op.Path, &after)
		return Change{Op: op, After: after, Result: diffResult(op.Path, "", after, false)}, nil
	case !exists:
		return Change{}, fmt.Errorf("the file does not exist, so it cannot be %sd", op.Kind)
	case op.Kind == Delete:
		st.set(op.Path, nil)
		return Change{Op: op, Before: before, Result: Result{Diff: unifiedDiff(op.Path, "/dev/null", before, "")}}, nil
	}
	o := opt
	o.Name, o.InOrder = op.Path, true
	r, err := Apply(before, op.Edits, o)
	if err != nil {
		return Change{}, err
	}
	target := op.Path
	if op.Kind == Move {
		st.set(op.Path, nil)
		target = op.MoveTo
	}
	after := r.Content
	st.set(target, &after)
	return Change{Op: op, Before: before, After: after, Result: r}, nil
}

func allEmptyOld(edits []Edit) bool {
	for _, e := range edits {
		if e.OldText != "" {
			return false
		}
	}
	return len(edits) > 0
}

// diffResult is the Result of writing a whole file.
func diffResult(path, before, after string, existed bool) Result {
	from := path
	if !existed {
		from = "/dev/null"
	}
	return Result{Content: after, Diff: unifiedDiff(from, path, before, after)}
}
