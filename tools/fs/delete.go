package fs

import (
	"context"
	"fmt"
	iofs "io/fs"
	"maps"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// DeleteInput is the input of fs.delete.
type DeleteInput struct {
	Path      string   `json:"path,omitempty"`
	Paths     []string `json:"paths,omitempty" jsonschema_description:"Several at once."`
	Recursive bool     `json:"recursive,omitempty" jsonschema_description:"Needed to delete a directory."`
}

func (t *toolset) deleteTool() *tool.Tool {
	syn := map[string]string{"r": "recursive", "force": "recursive", "rf": "recursive", "files": "paths"}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[DeleteInput]{
		Spec: tool.Spec{
			Name: "fs.delete", Title: "Delete files",
			Summary:     "Delete files and links; directories only with recursive: true; never a root.",
			Access:      tool.Admin,
			Annotations: tool.Annotations{Destructive: true, Idempotent: true},
			Names: tool.Names{
				Keywords: []string{"rm", "remove", "delete", "unlink", "rmdir", "erase"},
			},
			Fields: severalPaths(syn),
		},
		Run: inRoots(t, (*toolset).runDelete),
	}.Erase()
}

func (t *toolset) runDelete(ctx context.Context, in DeleteInput) (tool.Result, error) {
	paths := allPaths(in.Path, in.Paths)
	if len(paths) == 0 {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: "is required: name what to delete."}
	}
	var lines []string
	failed := 0
	for _, p := range paths {
		line, err := t.deleteOne(ctx, p, in.Recursive)
		if err != nil {
			if len(paths) == 1 {
				return tool.Result{}, err
			}
			failed++
			msg := err.Error()
			if ie, ok := tool.AsInputError(err); ok {
				msg = ie.Problem + " " + ie.Hint
			}
			line = fmt.Sprintf("%s: not deleted: %s", p, strings.TrimSpace(msg))
		}
		lines = append(lines, line)
	}
	return tool.Result{Text: strings.Join(lines, "\n"), IsError: failed == len(paths)}, nil
}

func (t *toolset) deleteOne(ctx context.Context, p string, recursive bool) (string, error) {
	l, err := t.locate("path", p)
	if err != nil {
		return "", err
	}
	if l.IsRoot() {
		return "", &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a root directory; %s never deletes a root.", l.Root.Dir, t.call.ToolName("fs.delete"))}
	}
	if other, ok := t.files.HeldRoot(l); ok {
		return "", &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s holds the root %s; %s never deletes a root.", t.show(l), other.Dir, t.call.ToolName("fs.delete"))}
	}
	r := l.Root.OS()
	info, err := r.Lstat(l.Native())
	if err != nil {
		return "", t.argError(ctx, "path", t.files.Explain("delete", l, err))
	}
	if !info.IsDir() {
		if err := r.Remove(l.Native()); err != nil {
			return "", t.argError(ctx, "path", t.files.Explain("delete", l, err))
		}
		what := fmt.Sprintf("file, %s", text.HumanBytes(info.Size()))
		if info.Mode()&iofs.ModeSymlink != 0 {
			what = "symbolic link; what it pointed to is untouched"
		}
		return fmt.Sprintf("deleted %s (%s)", t.show(l), what), nil
	}
	files, dirs := countTree(l)
	if !recursive {
		return "", &tool.InputError{Field: "recursive", Problem: fmt.Sprintf("%s is a directory holding %s and %s; deleting a directory needs recursive: true.",
			t.show(l), text.Count(int64(files), "file", "files"), text.Count(int64(dirs), "subdirectory", "subdirectories")),
			Hint: "To delete it and everything in it: " + t.call.Suggest("fs.delete", map[string]any{"path": t.show(l), "recursive": true})}
	}
	if err := r.RemoveAll(l.Native()); err != nil {
		return "", t.argError(ctx, "path", t.files.Explain("delete", l, err))
	}
	return fmt.Sprintf("deleted %s/ and everything in it (%s, %s)", t.show(l), text.Count(int64(files), "file", "files"), text.Count(int64(dirs), "subdirectory", "subdirectories")), nil
}

// countTree counts the files and directories below a directory, through
// its root (up to a bound).
func countTree(l roots.Loc) (files, dirs int) {
	sub, err := l.Root.OS().OpenRoot(l.Native())
	if err != nil {
		return 0, 0
	}
	defer sub.Close()
	iofs.WalkDir(sub.FS(), ".", func(p string, d iofs.DirEntry, err error) error {
		if err != nil || p == "." {
			return nil
		}
		if d.IsDir() {
			dirs++
		} else {
			files++
		}
		if files+dirs > 1_000_000 {
			return iofs.SkipAll
		}
		return nil
	})
	return files, dirs
}
