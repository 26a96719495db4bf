package fs

import (
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"maps"
	"path"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// MkdirInput is the input of fs.mkdir.
type MkdirInput struct {
	Path    string   `json:"path,omitempty"`
	Paths   []string `json:"paths,omitempty" jsonschema_description:"Several at once."`
	Parents *bool    `json:"parents,omitempty" jsonschema_description:"Create missing parent directories too (default true)."`
}

func (t *toolset) mkdirTool() *tool.Tool {
	syn := map[string]string{"p": "parents", "recursive": "parents", "createDirs": "parents", "dirs": "paths", "directories": "paths"}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[MkdirInput]{
		Spec: tool.Spec{
			Name: "fs.mkdir", Title: "Create directories",
			Summary:     "Create directories, with their parents; an existing directory is fine.",
			Access:      tool.Write,
			Annotations: tool.Annotations{Idempotent: true},
			Names: tool.Names{
				Keywords:      []string{"mkdir", "directory", "folder", "create", "make"},
				Shell:         []string{"mkdir"},
				ShellCommands: mkdirCommands,
			},
			Fields: tool.Fields{
				Unlisted:  []string{"parents"},
				Synonyms:  syn,
				Forms:     pathKinds("path", "paths"),
				MainField: "path",
				Plurals:   map[string]string{"path": "paths"},
				MaxItems:  map[string]int{"paths": maxPaths},
			},
		},
		Run: inRoots(t, (*toolset).runMkdir),
	}.Erase()
}

func (t *toolset) runMkdir(ctx context.Context, in MkdirInput) (tool.Result, error) {
	paths := allPaths(in.Path, in.Paths)
	if len(paths) == 0 {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: "is required: name the directory to create."}
	}
	var lines []string
	for _, p := range paths {
		line, err := t.mkdirOne(ctx, p, boolOr(in.Parents, true))
		if err != nil {
			if len(paths) == 1 {
				return tool.Result{}, err
			}
			line = fmt.Sprintf("%s: error: %v", p, err)
		}
		lines = append(lines, line)
	}
	return tool.Result{Text: strings.Join(lines, "\n")}, nil
}

func (t *toolset) mkdirOne(ctx context.Context, p string, parents bool) (string, error) {
	l, err := t.locate("path", p)
	if err != nil {
		return "", err
	}
	r := l.Root.OS()
	if info, err := r.Stat(l.Native()); err == nil {
		if info.IsDir() {
			return fmt.Sprintf("%s/ exists already", t.show(l)), nil
		}
		return "", &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s exists and is a file.", t.show(l))}
	}
	if parents {
		err = r.MkdirAll(l.Native(), 0o755)
	} else {
		err = r.Mkdir(l.Native(), 0o755)
	}
	if err != nil {
		if errors.Is(err, iofs.ErrNotExist) {
			parent := roots.Loc{Root: l.Root, Rel: path.Dir(l.Rel)}
			return "", &tool.InputError{Field: "path", Problem: text.Sentence(t.files.Explain("create in", parent, err).Error()), Hint: "Set parents: true to create it too."}
		}
		return "", t.argError(ctx, "path", t.files.Explain("create", l, err))
	}
	return fmt.Sprintf("created %s/", t.show(l)), nil
}
