// Package fs holds the file tools (fs.*), confined to the roots: every file
// and directory is reached through package roots, whose handles are the
// standard library's os.Root.
package fs

import (
	"context"
	"embed"
	"errors"
	"fmt"
	iofs "io/fs"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// schemaFiles are the documents of the package's tools, one
// schema/<name>.json each (see tool.Spec.Docs).
//
//go:embed schema/*.json
var schemaFiles embed.FS

// Tools returns the file tools working inside files, or inside the roots
// of a call's session when it has some (see tool.Call.Roots).
func Tools(files *roots.Set) []*tool.Tool {
	t := &toolset{files: files, workers: &sync.Pool{}}
	all := []*tool.Tool{
		t.readTool(), t.listTool(), t.findTool(), t.searchTool(), t.statTool(),
		t.writeTool(), t.editTool(), t.mkdirTool(), t.moveTool(), t.copyTool(), t.deleteTool(),
	}
	for _, tl := range all {
		tl.Status = func(ctx context.Context, call tool.Call) string { return call.RootsStatus(ctx, files) }
		tl.Docs = schemaFiles
	}
	return all
}

// toolset is what every fs tool works with. A call works with a copy whose
// files are the call's roots and whose call is its tool.Call (see inRoots).
type toolset struct {
	files *roots.Set
	call  tool.Call
	// workers keeps the search workers' read buffers between calls.
	workers *sync.Pool
	// notes are the call's notes about how its paths were read (see
	// locateExisting), put before the answer's own.
	notes *[]string
}

// inRoots runs a tool with the roots of the call: its session's when the
// MCP client sent roots, the operator's otherwise. When no roots are known
// yet the call answers why and what to do.
func inRoots[In any](t *toolset, run func(*toolset, context.Context, In) (tool.Result, error)) func(context.Context, tool.Call, In) (tool.Result, error) {
	return func(ctx context.Context, call tool.Call, in In) (tool.Result, error) {
		files, done, err := call.Roots(ctx, t.files)
		if err != nil {
			return tool.Result{}, err
		}
		defer done()
		mine := *t
		mine.files, mine.call, mine.notes = files, call, new([]string)
		res, err := run(&mine, ctx, in)
		if len(*mine.notes) > 0 {
			res.Notes = append(*mine.notes, res.Notes...)
		}
		return res, err
	}
}

// Annotations of the two kinds of tools.
var (
	readOnly = tool.Annotations{ReadOnly: true, Idempotent: true}
)

// pathSynonyms are the names models give a path argument.
var pathSynonyms = map[string]string{
	"file": "path", "filename": "path", "filePath": "path", "file_name": "path", "target": "path",
	"dir": "path", "directory": "path", "folder": "path",
}

// severalPaths are the Fields of a tool that acts on one path or several
// (path, paths), with syn its synonyms.
func severalPaths(syn map[string]string) tool.Fields {
	return tool.Fields{
		Synonyms:  syn,
		Forms:     pathKinds("path", "paths"),
		MainField: "path",
		Plurals:   map[string]string{"path": "paths"},
		MaxItems:  map[string]int{"paths": maxPaths},
	}
}

// locate maps a path argument to a location inside the roots.
func (t *toolset) locate(field, p string) (roots.Loc, error) {
	l, err := t.files.Locate(p)
	if err != nil {
		return l, &tool.InputError{Field: field, Problem: err.Error(), Cause: err}
	}
	if plain := shellEscape.ReplaceAllString(p, "$1"); plain != p && !t.exists(l) {
		return l, &tool.InputError{Field: field, Problem: fmt.Sprintf("%s holds shell escapes (\\ ), and f0 runs no shell: the backslashes would be part of the name.", text.QuoteShort(p)),
			Hint: "Write the path as it is: " + t.call.Again(map[string]any{field: plain})}
	}
	return l, nil
}

// show is how results name a location.
func (t *toolset) show(l roots.Loc) string { return t.files.Display(l) }

// argError turns what went wrong with a path into the answer a model can
// act on: a missing path (with the nearest names) or a refusal to leave the
// roots is about the argument; anything else is a failure.
func (t *toolset) argError(ctx context.Context, field string, err error) error {
	if nf, ok := roots.AsNotFound(err); ok {
		ie := &tool.InputError{Field: field, Problem: text.Sentence(nf.Error())}
		switch {
		case len(nf.Elsewhere) > 0 && field != "paths" && !strings.HasSuffix(nf.Path, "/"):
			ie.Hint = "Use it: " + t.call.Again(map[string]any{field: nf.Elsewhere[0]})
		case len(nf.Elsewhere) > 0:
		case len(nf.Suggestions) == 0:
			base := path.Base(filepath.ToSlash(nf.Path))
			ie.Hint = "Find it by name: " + t.call.Suggest("fs.find", map[string]any{"pattern": base})
		}
		return ie
	}
	if errors.Is(err, roots.ErrOutside) || errors.Is(err, iofs.ErrPermission) {
		return &tool.InputError{Field: field, Problem: err.Error(), Cause: err}
	}
	return err
}

// otherRoots names the roots other than start's, with the call that runs
// this one there, when there are several roots and start is a whole root
// (the default of a search or listing): "" otherwise.
func (t *toolset) otherRoots(ctx context.Context, start roots.Loc) string {
	all := t.files.Roots()
	if len(all) < 2 || !start.IsRoot() {
		return ""
	}
	var calls []string
	for _, r := range all {
		if r != start.Root {
			calls = append(calls, t.call.Again(map[string]any{"path": r.Dir, "offset": nil}))
		}
	}
	return " This looked in " + start.Root.Dir + " only; the other roots: " + strings.Join(calls, " · ")
}

// allPaths joins a tool's path and paths arguments.
func allPaths(one string, several []string) []string {
	if one == "" {
		return several
	}
	return append([]string{one}, several...)
}

// boolOr reads an optional boolean with its default.
func boolOr(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}

// rootByDefault says that a tool given no path acts on the first root.
func rootByDefault() map[string]string { return map[string]string{"path": "."} }

// pathKinds marks the path fields of a tool.
func pathKinds(fields ...string) map[string]tool.FieldForm {
	out := make(map[string]tool.FieldForm, len(fields))
	for _, f := range fields {
		out[f] = tool.PathKind
	}
	return out
}
