package fs

import (
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"maps"
	"strings"
	"time"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// StatInput is the input of fs.stat.
type StatInput struct {
	Path  string   `json:"path,omitempty"`
	Paths []string `json:"paths,omitempty" jsonschema_description:"Several at once."`
}

// maxCountLines is the largest text file whose lines fs.stat counts.
const maxCountLines = 32 << 20

func (t *toolset) statTool() *tool.Tool {
	syn := map[string]string{"files": "paths"}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[StatInput]{
		Spec: tool.Spec{
			Name: "fs.stat", Title: "Describe files",
			Summary:     "Show type, size, mode, time, MIME type and line count of files and directories.",
			Access:      tool.Read,
			Annotations: readOnly,
			Names: tool.Names{
				Keywords: []string{"info", "metadata", "size", "exists", "mime", "type", "lines", "mtime"},
			},
			Fields: severalPaths(syn),
		},
		Run: inRoots(t, (*toolset).runStat),
	}.Erase()
}

func (t *toolset) runStat(ctx context.Context, in StatInput) (tool.Result, error) {
	paths, err := t.expandPaths("path", allPaths(in.Path, in.Paths))
	if err != nil {
		return tool.Result{}, err
	}
	if len(paths) == 0 {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: "is required: name the file or directory to describe (or several in paths)."}
	}
	if len(paths) == 1 {
		text, err := t.statOne(ctx, "path", paths[0])
		if err != nil {
			return tool.Result{}, err
		}
		return tool.Result{Text: text}, nil
	}
	var b strings.Builder
	failed := 0
	for _, p := range paths {
		text, err := t.statOne(ctx, "paths", p)
		if err != nil {
			failed++
			msg := err.Error()
			if ie, ok := tool.AsInputError(err); ok {
				msg = ie.Problem
			}
			text = fmt.Sprintf("%s\n  error: %s", p, msg)
		}
		b.WriteString(text)
		b.WriteString("\n")
	}
	return tool.Result{Text: b.String(), IsError: failed == len(paths)}, nil
}

// statOne describes one path.
func (t *toolset) statOne(ctx context.Context, field, p string) (string, error) {
	l, err := t.locateExisting(field, p)
	if err != nil {
		return "", err
	}
	r := l.Root.OS()
	linfo, err := r.Lstat(l.Native())
	if err != nil {
		return "", t.argError(ctx, field, t.files.Explain("stat", l, err))
	}
	var b strings.Builder
	b.WriteString(t.show(l))
	info := linfo
	if linfo.Mode()&iofs.ModeSymlink != 0 {
		fmt.Fprintf(&b, "\n  type: symbolic link%s", t.linkNote(l))
		target, err := r.Stat(l.Native())
		if err != nil {
			return b.String(), nil
		}
		info = target
	}
	if info.IsDir() {
		fmt.Fprintf(&b, "\n  type: directory%s", t.entryCount(l))
		writeMeta(&b, info)
		return b.String(), nil
	}
	if !info.Mode().IsRegular() {
		fmt.Fprintf(&b, "\n  type: %s", info.Mode().Type())
		writeMeta(&b, info)
		return b.String(), nil
	}
	fmt.Fprintf(&b, "\n  type: file · %s bytes (%s)", text.GroupDigits(info.Size()), text.HumanBytes(info.Size()))
	writeMeta(&b, info)
	f, err := l.Open()
	if err != nil {
		return b.String(), nil
	}
	defer f.Close()
	// The bytes that tell the type: the whole file when it is small.
	head := make([]byte, min(binaryProbe, max(info.Size(), 0)+1))
	n, _ := io.ReadFull(f, head)
	whole := n < len(head) // the read met the end of the file
	kind := sniff(t.typeName(l, linfo), head[:n])
	fmt.Fprintf(&b, "\n  mime: %s", kind.mime)
	if kind.binary {
		b.WriteString(" · binary")
		return b.String(), nil
	}
	b.WriteString(" · text")
	if info.Size() <= maxCountLines {
		if lines, err := linesOf(f, head[:n], whole); err == nil {
			if info.Size() == 0 {
				lines = 0
			}
			fmt.Fprintf(&b, " · %s", text.Count(int64(lines), "line", "lines"))
		}
	}
	return b.String(), nil
}

// linesOf counts the lines of f, whose first bytes are head: from head
// alone when it holds the whole file (the common small file, read once),
// else from the start of f again.
func linesOf(f io.ReadSeeker, head []byte, whole bool) (int, error) {
	if whole {
		return linesIn(head), nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	return countLines(f)
}

// typeName is the name whose extension tells l's type: a symbolic link's
// target's (a link named "current" to "app.js" is JavaScript).
func (t *toolset) typeName(l roots.Loc, linfo iofs.FileInfo) string {
	if linfo.Mode()&iofs.ModeSymlink != 0 {
		if tl, ok := t.files.LinkTarget(l); ok {
			return tl.Rel
		}
	}
	return l.Rel
}

func writeMeta(b *strings.Builder, info iofs.FileInfo) {
	fmt.Fprintf(b, "\n  mode: %s (%04o) · modified: %s", info.Mode().String(), info.Mode().Perm(), info.ModTime().UTC().Format(time.RFC3339))
}

// entryCount renders " · 12 entries" for a directory.
func (t *toolset) entryCount(l roots.Loc) string {
	f, err := l.Root.OS().Open(l.Native())
	if err != nil {
		return ""
	}
	defer f.Close()
	names, err := f.Readdirnames(10001)
	if err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	if len(names) > 10000 {
		return " · more than 10,000 entries"
	}
	return " · " + text.Count(int64(len(names)), "entry", "entries")
}
