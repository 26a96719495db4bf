package repair

import (
	"encoding/json"
	"fmt"
	"strings"

	"f0/engine/internal/vocab"
	"f0/internal/editformat"
)

// editCalls parses the edit text a table handed back (vocab.Call.Edit)
// with package editformat: into the edits of the call's field when the
// table names one (SEARCH/REPLACE blocks for one file), else into one
// call per file operation (apply_patch, a diff over several files). A
// call without edit text is kept as it is.
func (s *State) editCalls(calls []vocab.Call) ([]vocab.Call, error) {
	var out []vocab.Call
	for _, c := range calls {
		if c.Edit == nil {
			out = append(out, c)
			continue
		}
		ops, err := parseEdit(c.Edit)
		if err != nil {
			path, _ := c.Args["path"].(string)
			return nil, fmt.Errorf("%s could not be read: %w\nOr send the change as exact text: %s", c.Edit.Format, err, exactEdit(path))
		}
		if err := s.opsInRoots(ops, c.Args); err != nil {
			return nil, err
		}
		s.editNotes = append(s.editNotes, editNote(c.Edit, ops)...)
		if c.Edit.Field != "" && len(ops) == 1 && (ops[0].Path == "" || ops[0].Kind == editformat.Update) {
			out = append(out, s.fieldEdits(c, ops[0]))
			continue
		}
		path, _ := c.Args["path"].(string)
		for _, op := range ops {
			out = append(out, opCalls(op, path)...)
		}
	}
	return out, nil
}

// editNote says how edit text was read: its format and the edits or file
// operations it held, and that line hints were not used (fs.edit finds
// each old text by its text).
func editNote(e *vocab.EditText, ops []editformat.FileOp) []string {
	hints := 0
	parts := make([]string, 0, len(ops))
	for _, op := range ops {
		for _, ed := range op.Edits {
			if ed.LineHint > 0 {
				hints++
			}
		}
		parts = append(parts, opText(op))
	}
	notes := []string{fmt.Sprintf("note: read %s: %s", formatName[e.Format], strings.Join(parts, ", "))}
	if hints > 0 {
		notes = append(notes, "note: the line numbers in the edit text were not used: fs_edit finds each oldText by its text, which must occur once")
	}
	return notes
}

// formatName names the edit formats of the tables as a note does.
var formatName = map[string]string{"search_replace_blocks": "the SEARCH/REPLACE blocks", "unified_diff": "the unified diff", "apply_patch": "the apply_patch envelope"}

// opText says what one file operation does.
func opText(op editformat.FileOp) string {
	edits := fmt.Sprintf("%d %s", len(op.Edits), plural(len(op.Edits), "edit", "edits"))
	switch op.Kind {
	case editformat.Create:
		return "create " + op.Path
	case editformat.Delete:
		return "delete " + op.Path
	case editformat.Move:
		return fmt.Sprintf("move %s to %s (%s)", op.Path, op.MoveTo, edits)
	}
	if op.Path == "" {
		return edits
	}
	return fmt.Sprintf("edit %s (%s)", op.Path, edits)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// parseEdit reads edit text in the format the table names.
func parseEdit(e *vocab.EditText) ([]editformat.FileOp, error) {
	switch e.Format {
	case "search_replace_blocks":
		return editformat.ParseSearchReplace(e.Text)
	case "unified_diff":
		return editformat.ParseUnifiedDiff(e.Text)
	case "apply_patch":
		return editformat.ParseApplyPatch(e.Text)
	}
	p, err := editformat.Parse(e.Text)
	return p.Ops, err
}

// fieldEdits puts one file's edits into the call's edit field. One
// empty SEARCH block is the file's whole text: on a missing or empty
// file it writes the file, and, where the table says so (Cline's
// replace_file), it replaces a file's whole content.
func (s *State) fieldEdits(c vocab.Call, op editformat.FileOp) vocab.Call {
	path, _ := c.Args["path"].(string)
	if op.Path != "" && path == "" {
		path = op.Path
	}
	if len(op.Edits) == 1 && op.Edits[0].OldText == "" {
		kind := s.Env.Paths().PathKind(s.ctx, path)
		mode := "create"
		if kind == vocab.PathFile && c.Edit.EmptySearch == "replace_file" {
			mode = "overwrite"
		}
		return vocab.Call{Tool: "fs.write", Args: map[string]any{"path": path, "content": op.Edits[0].NewText, "mode": mode}}
	}
	args := make(map[string]any, len(c.Args)+1)
	for k, v := range c.Args {
		args[k] = v
	}
	args["path"] = path
	if c.Tool == "fs.edit" && c.Edit.Format == "search_replace_blocks" {
		// fs.edit applies the blocks itself, as whole lines (a SEARCH
		// line is never matched inside a longer line), with its tolerant
		// matching and its messages.
		args["patch"] = c.Edit.Text
		return vocab.Call{Tool: c.Tool, Args: args}
	}
	args[c.Edit.Field] = editList(op.Edits)
	return vocab.Call{Tool: c.Tool, Args: args}
}

// opCalls are the f0 calls of one file operation; path is the call's own
// path, for an operation whose text names no file.
func opCalls(op editformat.FileOp, path string) []vocab.Call {
	if op.Path != "" {
		path = op.Path
	}
	switch op.Kind {
	case editformat.Create:
		return []vocab.Call{{Tool: "fs.write", Args: map[string]any{"path": path, "content": op.Content, "mode": "create"}}}
	case editformat.Delete:
		return []vocab.Call{{Tool: "fs.delete", Args: map[string]any{"path": path}}}
	}
	var out []vocab.Call
	if len(op.Edits) > 0 {
		out = append(out, vocab.Call{Tool: "fs.edit", Args: map[string]any{"path": path, "edits": editList(op.Edits)}})
	}
	if op.Kind == editformat.Move && op.MoveTo != "" {
		out = append(out, vocab.Call{Tool: "fs.move", Args: map[string]any{"source": path, "destination": op.MoveTo}})
	}
	return out
}

// editList writes parsed edits as fs.edit's edits.
func editList(edits []editformat.Edit) []any {
	out := make([]any, 0, len(edits))
	for _, e := range edits {
		item := map[string]any{"oldText": e.OldText, "newText": e.NewText}
		if e.ReplaceAll {
			item["replaceAll"] = true
		}
		out = append(out, item)
	}
	return out
}

// exactEdit is the fs_edit call that makes a change without edit text:
// the lines to change and their new text.
func exactEdit(path string) string {
	if path == "" {
		path = "…"
	}
	args, _ := json.Marshal(map[string]any{"path": path, "edits": []any{map[string]any{"oldText": "…the lines to change, copied from the file…", "newText": "…their new text…"}}})
	return "fs_edit " + string(args)
}

// opsInRoots refuses edit text any of whose file operations names a path
// outside the roots (apply_patch's "*** Move to: ../outside.txt"): the
// operations run one after another, and one that cannot run must stop the
// others before they change anything.
func (s *State) opsInRoots(ops []editformat.FileOp, args map[string]any) error {
	env := s.Env.Paths()
	if env == nil || len(env.Roots()) == 0 {
		return nil
	}
	base, _ := args["path"].(string)
	for _, op := range ops {
		for _, p := range []string{op.Path, op.MoveTo} {
			if p == "" || p == base || vocab.InsideRoots(env.Roots(), p) {
				continue
			}
			return fmt.Errorf("the edit text names %s, which is outside the roots (%s), so none of its changes was made. Name a path inside them", p, strings.Join(env.Roots(), ", "))
		}
	}
	return nil
}
