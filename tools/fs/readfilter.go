package fs

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// readFilter is what fs.read leaves out of the files its paths name or
// their globs match: exclude globs, matched as fs.find's are against the
// path inside its root and each directory above it, and the files the
// ignore files (.gitignore with gitignore, and ignoreFiles) ignore.
type readFilter struct {
	globs globSet
	names []string // ignore file names read from the root down
}

func newReadFilter(in ReadInput) (readFilter, error) {
	globs, err := newGlobSet(nil, in.Exclude)
	if err != nil {
		return readFilter{}, &tool.InputError{Field: "exclude", Problem: err.Error() + ".", Hint: "Use names or globs: *.test.ts, vendor/**."}
	}
	spec := walkSpec{ignore: boolOr(in.Gitignore, false), ignoreFiles: in.IgnoreFiles}
	return readFilter{globs: globs, names: spec.ignoreNames()}, nil
}

func (f readFilter) active() bool { return len(f.globs.exclude) > 0 || len(f.names) > 0 }

// why is the reason a file is left out ("" to read it).
func (f readFilter) why(l roots.Loc) string {
	parts := strings.Split(l.Rel, "/")
	for i := range parts {
		if f.globs.excluded(strings.Join(parts[:i+1], "/")) {
			return "exclude"
		}
	}
	if name := f.ignoredBy(l, parts); name != "" {
		return name
	}
	return ""
}

// ignoredBy names the ignore file that ignores the file or a directory
// above it, reading the ignore files of each directory from the root down
// as a walk does.
func (f readFilter) ignoredBy(l roots.Loc, parts []string) string {
	var ign *ignorer
	dir := "."
	for i, name := range parts {
		d, err := l.Root.OS().OpenRoot(filepath.FromSlash(dir))
		if err != nil {
			return ""
		}
		for _, n := range f.names {
			ign = ign.load(d, dir, n)
		}
		d.Close()
		rel := joinRel(dir, name)
		if g := ign.rule(rel, name, i < len(parts)-1); g != nil {
			return g.file
		}
		dir = rel
	}
	return ""
}

// filterReads drops the paths the call's exclude and ignore files leave
// out, saying which in a note; leaving out every path is an error.
func (t *toolset) filterReads(in ReadInput, paths []string) ([]string, error) {
	f, err := newReadFilter(in)
	if err != nil || !f.active() {
		return paths, err
	}
	var kept, left []string
	field := ""
	for _, p := range paths {
		l, err := t.files.Locate(p)
		if err != nil {
			kept = append(kept, p) // the read names the problem
			continue
		}
		if why := f.why(l); why != "" {
			left = append(left, fmt.Sprintf("%s (%s)", t.show(l), why))
			field = cmp.Or(field, map[string]string{"exclude": "exclude", ".gitignore": "gitignore"}[why], "ignoreFiles")
			continue
		}
		kept = append(kept, p)
	}
	if len(left) == 0 {
		return kept, nil
	}
	if len(kept) == 0 {
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("leaves out every file the call names: %s.", strings.Join(left, ", ")),
			Hint: "Name other files, or read these without the filter: " + t.call.Again(map[string]any{"exclude": nil, "gitignore": nil, "ignoreFiles": nil})}
	}
	t.note(fmt.Sprintf("note: left out %s: %s", text.Count(len(left), "file", "files"), strings.Join(left, ", ")))
	return kept, nil
}
