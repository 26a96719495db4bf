package fs

import (
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"strings"

	"f0/internal/editformat"
	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// Anthropic's text editor tool (str_replace_based_edit_tool) gives its
// calls a command: str_replace (old_str, new_str), insert (new_str after
// line insert_line, 0 = the top), create (file_text, a new file), view
// and undo_edit. Sent to fs.edit with f0's name, str_replace and insert
// are edits, create makes the file when there is none (it never replaces
// one: the answer then names the fs.write call that does), and view and
// undo_edit are answered with the call that does what they ask.

// editCommands maps the commands fs.edit takes, in the spellings models
// use, to the text editor's own.
var editCommands = map[string]string{
	"": "", "str_replace": "str_replace", "strreplace": "str_replace", "replace": "str_replace", "edit": "str_replace",
	"insert": "insert", "create": "create", "view": "view", "undo_edit": "undo_edit", "undo": "undo_edit",
}

// command is the call's command in the text editor's spelling.
func (in EditInput) command() (string, error) {
	c, ok := editCommands[strings.ToLower(strings.TrimSpace(in.Command))]
	if !ok {
		return "", &tool.InputError{Field: "command", Problem: fmt.Sprintf("is %q; fs.edit takes the text editor's str_replace, insert and create, or no command.", in.Command)}
	}
	switch {
	case c == "insert" && in.InsertLine == nil:
		return "", &tool.InputError{Field: "insertLine", Problem: "is required with command insert: the line to insert after (0 = the top of the file)."}
	case c == "" && in.FileText != nil && in.Patch == "":
		c = "create"
	}
	return c, nil
}

// prepareEdit reads an edit text sent where a text of the file goes (a
// lone newText, a fileText) as the patch it is, so that the access check
// and the run both see it; the note says so.
func prepareEdit(in EditInput) EditInput {
	if in.Patch != "" || len(in.Edits) > 0 || in.OldText != "" || in.hasLines() {
		return in
	}
	switch {
	case in.FileText != nil && editformat.Detect(*in.FileText) != editformat.Plain && !isCreate(in.Command):
		in.Patch, in.FileText, in.moved = *in.FileText, nil, "fileText"
	case in.NewText != "" && editformat.Detect(in.NewText) != editformat.Plain:
		in.Patch, in.NewText, in.moved = in.NewText, "", "newText"
	}
	return in
}

func isCreate(cmd string) bool { return strings.EqualFold(strings.TrimSpace(cmd), "create") }

// refuseCommand answers the text editor's view and undo_edit with the
// call that does what they ask.
func (t *toolset) refuseCommand(cmd string, in EditInput) error {
	if cmd == "view" {
		return &tool.InputError{Field: "command", Problem: fmt.Sprintf("is \"view\"; %s changes files. To read one: %s", t.call.ToolName("fs.edit"), t.call.Suggest("fs.read", map[string]any{"path": in.Path, "lineNumbers": true}))}
	}
	return &tool.InputError{Field: "command", Problem: fmt.Sprintf("is %q; f0 keeps no edit history to undo. Put the old text back with %s", in.Command,
		t.call.Suggest("fs.edit", map[string]any{"path": in.Path, "oldText": "…the text as it is now…", "newText": "…the text it had…"}))}
}

// runCreate is the text editor's create: a new file with fileText, made
// only when there is none, with its parent directories.
func (t *toolset) runCreate(ctx context.Context, in EditInput) (tool.Result, error) {
	content := in.NewText
	if in.FileText != nil {
		content = *in.FileText
	}
	if in.Path == "" {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: "is required: name the file to create."}
	}
	l, err := t.locate("path", in.Path)
	if err != nil {
		return tool.Result{}, err
	}
	if l.IsRoot() || strings.HasSuffix(in.Path, "/") {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%q names a directory; give a file name.", in.Path)}
	}
	if _, err := l.Root.OS().Lstat(l.Native()); err == nil {
		return tool.Result{}, t.existsForCreate(l, in, content)
	}
	lines := text.Count(int64(lineCount(content)), "line", "lines")
	if in.DryRun {
		return tool.Result{Text: fmt.Sprintf("dry run, nothing written: would create %s: %s bytes, %s", t.show(l), text.GroupDigits(int64(len(content))), lines)}, nil
	}
	n, err := t.files.WriteAtomic(l, strings.NewReader(content), roots.WriteOptions{CreateDirs: true, Exclusive: true})
	if errors.Is(err, iofs.ErrExist) {
		return tool.Result{}, t.existsForCreate(l, in, content)
	}
	if err != nil {
		return tool.Result{}, t.writeError(ctx, l, err)
	}
	return tool.Result{Text: fmt.Sprintf("created %s: %s bytes, %s", t.show(l), text.GroupDigits(n), lines)}, nil
}

// existsForCreate refuses a create of a file that exists, with the
// fs.write call that replaces it.
func (t *toolset) existsForCreate(l roots.Loc, in EditInput, content string) error {
	shown := content
	if len(shown) > maxSuggested {
		shown = "…the fileText of this call…"
	}
	return &tool.InputError{Field: "command", Problem: fmt.Sprintf("is create, and %s exists already; create makes new files only and never replaces one. Nothing was written.", t.show(l)),
		Hint: fmt.Sprintf("To replace the whole file: %s. To change part of it: %s", t.call.Suggest("fs.write", map[string]any{"path": in.Path, "content": shown}),
			t.call.Suggest("fs.edit", map[string]any{"path": in.Path, "oldText": "…the lines to change…", "newText": "…their new text…"}))}
}

// lineCount counts a text's lines, a last line without a line end too.
func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
