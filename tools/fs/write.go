package fs

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"maps"
	"mime"
	"path"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// WriteInput is the input of fs.write.
type WriteInput struct {
	Path       string `json:"path" jsonschema:"required"`
	Content    string `json:"content" jsonschema:"required"`
	Mode       string `json:"mode,omitempty" jsonschema:"enum=overwrite,enum=create,enum=append"`
	Append     bool   `json:"append,omitempty" jsonschema_description:"Same as mode: append."`
	CreateDirs *bool  `json:"createDirs,omitempty" jsonschema_description:"Create missing parent directories (default true)."`
	Force      bool   `json:"force,omitempty" jsonschema_description:"Write content that looks like an edit instruction or a placeholder as it is."`
	NewLine    bool   `json:"newLine,omitempty" jsonschema_description:"With append: start the text on a new line when the file does not end with one."`
}

func (t *toolset) writeTool() *tool.Tool {
	syn := map[string]string{
		"text": "content", "data": "content", "body": "content", "contents": "content", "fileText": "content", "newContent": "content",
		"mkdir": "createDirs", "parents": "createDirs", "makeDirs": "createDirs", "createDirectories": "createDirs",
	}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[WriteInput]{
		Spec: tool.Spec{
			Name: "fs.write", Title: "Write a file",
			Summary:     "Create, overwrite or append to a file, atomically; creates parent directories.",
			Access:      tool.Write,
			Annotations: tool.Annotations{Destructive: true},
			Names: tool.Names{
				Keywords:      []string{"save", "create", "write", "file", "append", "overwrite", "put"},
				Shell:         []string{"echo", "printf", "cat"},
				ShellCommands: writeCommands,
			},
			Fields: tool.Fields{
				Unlisted: []string{"append", "createDirs", "force", "newLine"},
				Synonyms: syn,
				Forms:    pathKinds("path"),
			},
		},
		Run: inRoots(t, (*toolset).runWrite),
	}.Erase()
}

func (t *toolset) runWrite(ctx context.Context, in WriteInput) (tool.Result, error) {
	l, err := t.locate("path", in.Path)
	if err != nil {
		return tool.Result{}, err
	}
	if l.IsRoot() || strings.HasSuffix(in.Path, "/") {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%q names a directory; give a file name.", in.Path)}
	}
	mode := in.Mode
	if in.Append {
		if mode != "" && mode != "append" {
			return tool.Result{}, &tool.InputError{Field: "append", Problem: fmt.Sprintf("is true but mode is %q; give one of them.", mode)}
		}
		mode = "append"
	}
	var before int64 = -1
	if info, err := l.Root.OS().Stat(l.Native()); err == nil {
		if info.IsDir() {
			return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a directory.", t.show(l))}
		}
		before = info.Size()
	}
	if before > 0 && in.Content == "" && mode != "append" && mode != "create" && !in.Force {
		// An empty content is far likelier a call that lost its text
		// than one meant to empty the file.
		msg := fmt.Sprintf(`is empty: written as it is, %s would lose its %s. Nothing was written. Send the file's text as content (%s); to empty the file on purpose, send the same call with "force": true.`,
			t.show(l), text.Count(before, "byte", "bytes"), t.call.Suggest("fs.write", map[string]any{"path": in.Path, "content": "…the file's text…"}))
		return tool.Result{}, &tool.InputError{Field: "content", Problem: msg, Cause: &notContent{msg: msg}}
	}
	if before >= 0 && mode != "create" && !in.Force && !holdsPatches(l.Rel) {
		if err := t.checkContent(ctx, l, in, mode == "append"); err != nil {
			return tool.Result{}, err
		}
	}
	opts := roots.WriteOptions{CreateDirs: boolOr(in.CreateDirs, true), Exclusive: mode == "create"}
	if in.NewLine && mode != "append" {
		return tool.Result{}, &tool.InputError{Field: "newLine", Problem: fmt.Sprintf("starts appended text on a new line, but mode is %q.", cmp.Or(mode, "overwrite")),
			Hint: `Give mode "append" with it, or leave newLine out.`}
	}
	var n int64
	var added string
	if mode == "append" {
		// The file as it is when its turn comes: another writer may have
		// added to it since the Stat above.
		n, err = t.files.Rewrite(ctx, l, opts, func(cur roots.Current, w io.Writer) error {
			before = -1
			last := &lastByte{w: w}
			if cur.Exists {
				before = cur.Size
				if _, err := io.Copy(last, cur); err != nil {
					return t.files.Explain("append to", l, err)
				}
			}
			if in.NewLine && last.n > 0 && last.b != '\n' {
				added = "\n"
			}
			_, err := io.WriteString(w, added+in.Content)
			return err
		})
	} else {
		n, err = t.files.WriteAtomic(l, strings.NewReader(in.Content), opts)
	}
	if err != nil {
		return tool.Result{}, t.writeError(ctx, l, err)
	}
	lines := lineCount(in.Content)
	var txt string
	switch {
	case mode == "append" && before >= 0:
		txt = fmt.Sprintf("appended %s bytes (%s) to %s, now %s bytes", text.GroupDigits(int64(len(added+in.Content))), text.Count(int64(lines), "line", "lines"), t.show(l), text.GroupDigits(n))
		if added != "" {
			txt += " (on a new line: a line end was added first, as the file did not end with one)"
		}
	case before >= 0:
		txt = fmt.Sprintf("replaced %s: %s bytes, %s (was %s bytes)", t.show(l), text.GroupDigits(n), text.Count(int64(lines), "line", "lines"), text.GroupDigits(before))
	default:
		txt = fmt.Sprintf("created %s: %s bytes, %s", t.show(l), text.GroupDigits(n), text.Count(int64(lines), "line", "lines"))
	}
	return tool.Result{Text: txt, Links: []tool.Link{tool.FileLink(l.Abs(), t.show(l), writtenType(l), n)}}, nil
}

// lastByte passes writes on and remembers the last byte written, so that
// an append knows whether the file ended with a line end.
type lastByte struct {
	w io.Writer
	b byte
	n int64
}

func (l *lastByte) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	if n > 0 {
		l.b, l.n = p[n-1], l.n+int64(n)
	}
	return n, err
}

// writtenType is the media type of a file fs.write wrote: by its
// extension, or plain text, which is what fs.write writes.
func writtenType(l roots.Loc) string {
	if mt := mime.TypeByExtension(path.Ext(l.Rel)); mt != "" {
		return mt
	}
	return "text/plain; charset=utf-8"
}

// checkContent refuses content for the existing file l that is an edit
// instruction, or (when it replaces the file) a tool's report about the
// file or a placeholder for lines left out that the file does not have
// (see notcontent.go).
func (t *toolset) checkContent(ctx context.Context, l roots.Loc, in WriteInput, appending bool) error {
	if ins, ok := editInstruction(in.Content); ok {
		return t.refuseWrite(ctx, in.Path, t.show(l), ins)
	}
	if ins, ok := toolReport(in.Content, l.Rel); ok && !appending {
		return t.refuseWrite(ctx, in.Path, t.show(l), ins)
	}
	if _, ok := newPlaceholder(in.Content, ""); !ok || appending {
		return nil
	}
	f, err := l.Open()
	if err != nil {
		return t.writeError(ctx, l, t.files.Explain("write", l, err))
	}
	defer f.Close()
	was, err := io.ReadAll(io.LimitReader(f, maxEditFile))
	if err != nil {
		return fmt.Errorf("write %s: %w", t.show(l), err)
	}
	if ins, ok := newPlaceholder(in.Content, string(was)); ok {
		return t.refuseWrite(ctx, in.Path, t.show(l), ins)
	}
	return nil
}

// writeError explains a failed write in terms of the arguments.
func (t *toolset) writeError(ctx context.Context, l roots.Loc, err error) error {
	switch {
	case errors.Is(err, iofs.ErrExist):
		return &tool.InputError{Field: "mode", Problem: fmt.Sprintf("%s already exists and mode is \"create\".", t.show(l)),
			Hint: "Replace it with mode \"overwrite\", add to it with mode \"append\", or change it with " + t.call.ToolName("fs.edit") + "."}
	case errors.Is(err, iofs.ErrNotExist):
		ie := &tool.InputError{Field: "path", Problem: text.Sentence(err.Error())}
		if nf, ok := roots.AsNotFound(err); ok && nf.Op == "write into" {
			ie.Hint = "Set createDirs: true to create the missing directories."
		}
		return ie
	case errors.Is(err, roots.ErrOutside) || strings.Contains(err.Error(), "refused"):
		return &tool.InputError{Field: "path", Problem: err.Error(), Cause: err}
	}
	return err
}
