package fs

import (
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"path"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// TransferInput is the input of fs.move and fs.copy.
type TransferInput struct {
	Source      string `json:"source" jsonschema:"required"`
	Destination string `json:"destination" jsonschema:"required" jsonschema_description:"New path, or a directory ending in /."`
	Overwrite   bool   `json:"overwrite,omitempty"`
}

var transferSynonyms = map[string]string{
	"from": "source", "src": "source", "sourcePath": "source", "oldPath": "source", "path": "source", "file": "source",
	"to": "destination", "dst": "destination", "dest": "destination", "destinationPath": "destination", "newPath": "destination",
	"target": "destination", "targetPath": "destination", "force": "overwrite", "replace": "overwrite",
}

func (t *toolset) moveTool() *tool.Tool {
	return tool.Def[TransferInput]{
		Spec: tool.Spec{
			Name: "fs.move", Title: "Move or rename",
			Summary:     "Move or rename a file or directory, also across roots; replaces only with overwrite.",
			Access:      tool.Write,
			Annotations: tool.Annotations{Destructive: true},
			Names: tool.Names{
				Keywords: []string{"mv", "rename", "move", "relocate"},
			},
			Fields: tool.Fields{
				Synonyms: transferSynonyms,
				Forms:    pathKinds("source", "destination"),
			},
		},
		Run: inRoots(t, func(t *toolset, ctx context.Context, in TransferInput) (tool.Result, error) {
			return t.runTransfer(ctx, in, true)
		}),
	}.Erase()
}

func (t *toolset) copyTool() *tool.Tool {
	return tool.Def[TransferInput]{
		Spec: tool.Spec{
			Name: "fs.copy", Title: "Copy files",
			Summary:     "Copy a file or a directory tree, also across roots; replaces only with overwrite.",
			Access:      tool.Write,
			Annotations: tool.Annotations{Destructive: true, Idempotent: true},
			Names: tool.Names{
				Keywords: []string{"cp", "copy", "duplicate", "clone", "backup"},
			},
			Fields: tool.Fields{
				Synonyms: transferSynonyms,
				Forms:    pathKinds("source", "destination"),
			},
		},
		Run: inRoots(t, func(t *toolset, ctx context.Context, in TransferInput) (tool.Result, error) {
			return t.runTransfer(ctx, in, false)
		}),
	}.Erase()
}

func (t *toolset) runTransfer(ctx context.Context, in TransferInput, move bool) (tool.Result, error) {
	verb := "copy"
	if move {
		verb = "move"
	}
	src, err := t.locate("source", in.Source)
	if err != nil {
		return tool.Result{}, err
	}
	dst, err := t.locate("destination", in.Destination)
	if err != nil {
		return tool.Result{}, err
	}
	if _, err := src.Root.OS().Lstat(src.Native()); err != nil {
		return tool.Result{}, t.argError(ctx, "source", t.files.Explain(verb, src, err))
	}
	// An existing directory (or a path ending in /) receives the source
	// under its own name, as mv and cp do.
	dstInfo, derr := dst.Root.OS().Stat(dst.Native())
	intoDir := strings.HasSuffix(in.Destination, "/") || derr == nil && dstInfo.IsDir()
	if intoDir && !(src.Root == dst.Root && src.Rel == dst.Rel) {
		if derr != nil {
			if err := dst.Root.OS().MkdirAll(dst.Native(), 0o755); err != nil {
				return tool.Result{}, t.argError(ctx, "destination", t.files.Explain("create", dst, err))
			}
		}
		dst = dst.Join(path.Base(src.Rel))
	}
	opts := roots.CopyOptions{Overwrite: in.Overwrite}
	var rep roots.CopyReport
	if move {
		rep, err = t.files.Move(ctx, src, dst, opts)
	} else {
		rep, err = t.files.Copy(ctx, src, dst, opts)
	}
	if err != nil {
		return tool.Result{}, t.transferError(ctx, verb, in, err)
	}
	var b strings.Builder
	past := map[bool]string{true: "moved", false: "copied"}[move]
	fmt.Fprintf(&b, "%s %s → %s", past, t.show(src), t.show(dst))
	switch {
	case rep.Renamed:
	case rep.Dirs > 0:
		fmt.Fprintf(&b, " (%s, %s, %s)", text.Count(int64(rep.Files), "file", "files"), text.Count(int64(rep.Dirs), "directory", "directories"), text.HumanBytes(rep.Bytes))
	default:
		fmt.Fprintf(&b, " (%s)", text.HumanBytes(rep.Bytes))
	}
	res := tool.Result{Text: b.String(), Links: []tool.Link{t.madeLink(dst, rep)}}
	if len(rep.Skipped) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("note: left out %s: %s", text.Count(int64(len(rep.Skipped)), "entry", "entries"), strings.Join(rep.Skipped, "; ")))
	}
	return res, nil
}

// madeLink is the link to what a copy or move made at dst: a file, or a
// directory (inode/directory, its size the bytes of its files).
func (t *toolset) madeLink(dst roots.Loc, rep roots.CopyReport) tool.Link {
	mt := ""
	if rep.Dirs > 0 {
		mt = "inode/directory"
	} else if info, err := dst.Root.OS().Lstat(dst.Native()); err == nil && info.IsDir() {
		mt = "inode/directory"
	}
	size := rep.Bytes
	if rep.Renamed {
		size = -1 // a rename does not count the bytes
		if info, err := dst.Root.OS().Lstat(dst.Native()); err == nil && info.Mode().IsRegular() {
			size = info.Size()
		}
	}
	return tool.FileLink(dst.Abs(), t.show(dst), mt, size)
}

// transferError explains a failed move or copy in terms of the arguments.
func (t *toolset) transferError(ctx context.Context, verb string, in TransferInput, err error) error {
	var exists *roots.ExistsError
	switch {
	case errors.As(err, &exists):
		ie := &tool.InputError{Field: "destination", Problem: err.Error() + "."}
		if exists.IsDir && verb == "move" {
			ie.Hint = "Choose a new name, or move into it with a destination ending in /."
		} else {
			args := map[string]any{"source": in.Source, "destination": in.Destination, "overwrite": true}
			ie.Hint = "To replace it: " + t.call.Suggest("fs."+verb, args)
		}
		return ie
	case errors.Is(err, iofs.ErrNotExist):
		field := "source"
		if nf, ok := roots.AsNotFound(err); ok && strings.Contains(nf.Op, " to") {
			field = "destination"
		}
		return t.argError(ctx, field, err)
	case errors.Is(err, roots.ErrOutside), strings.Contains(err.Error(), "refused"):
		return &tool.InputError{Field: refusedField(verb, t.files, in, err), Problem: err.Error(), Cause: err}
	}
	return err
}

// refusedField is the argument a refused move or copy is about: the source
// when the refusal names it ("copy link: refused: it leads outside …"),
// otherwise the destination.
func refusedField(verb string, files *roots.Set, in TransferInput, err error) string {
	msg := err.Error()
	if strings.Contains(msg, ": refused: the destination ") {
		return "destination"
	}
	if src, lerr := files.Locate(in.Source); lerr == nil && strings.HasPrefix(msg, verb+" "+files.Display(src)+": refused: ") {
		return "source"
	}
	return "destination"
}
