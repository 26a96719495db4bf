package fs

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	iofs "io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// ListInput is the input of fs.list.
type ListInput struct {
	Path        string   `json:"path,omitempty"`
	Depth       int      `json:"depth,omitempty" jsonschema:"minimum=1,maximum=50"`
	Recursive   bool     `json:"recursive,omitempty"`
	Glob        string   `json:"glob,omitempty" jsonschema_description:"Only entries matching this glob (*.go, **/*_test.go)."`
	Hidden      bool     `json:"hidden,omitempty" jsonschema_description:"Include names starting with a dot."`
	Long        bool     `json:"long,omitempty" jsonschema_description:"Show size, time and mode."`
	Sort        string   `json:"sort,omitempty" jsonschema:"enum=name,enum=size,enum=mtime"`
	All         bool     `json:"all,omitempty" jsonschema_description:"Also list .git, node_modules and similar directories, which are skipped by default."`
	MaxResults  int      `json:"maxResults,omitempty" jsonschema:"minimum=1" jsonschema_description:"Most entries to show (default 1000)."`
	Offset      int      `json:"offset,omitempty" jsonschema:"minimum=0" jsonschema_description:"Entries to skip, to continue."`
	Exclude     []string `json:"exclude,omitempty" jsonschema_description:"Globs of entries to leave out (and not enter): *.log, dist."`
	Gitignore   *bool    `json:"gitignore,omitempty" jsonschema_description:"Leave out what .gitignore files ignore (default false)."`
	IgnoreFiles []string `json:"ignoreFiles,omitempty" jsonschema_description:"Names of more ignore files whose patterns leave entries out, read as .gitignore is (.geminiignore, .dockerignore)."`
}

// Limits of the listing tools.
const (
	defaultMaxEntries = 1000
	// maxPaths is the most paths one call of fs.read, fs.stat, fs.mkdir or
	// fs.delete takes; maxEdits the most edits of one fs.edit call.
	maxPaths = 100
	maxEdits = 200
	// maxSorted bounds the entries collected to sort by size or time.
	maxSorted = 200_000
)

func (t *toolset) listTool() *tool.Tool {
	syn := map[string]string{
		"levels": "depth", "maxDepth": "depth", "pattern": "glob", "filter": "glob",
		"showHidden": "hidden", "includeHidden": "hidden", "details": "long", "sortBy": "sort", "orderBy": "sort",
		"limit": "maxResults", "max": "maxResults", "skip": "offset",
		"ignore": "exclude", "excludes": "exclude", "excludePatterns": "exclude",
	}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[ListInput]{
		Spec: tool.Spec{
			Name: "fs.list", Title: "List a directory",
			Summary:     "List a directory's entries with depth, glob filter, sizes and times.",
			Access:      tool.Read,
			Annotations: readOnly,
			Names: tool.Names{
				Keywords:   []string{"ls", "dir", "directory", "folder", "tree", "files", "entries"},
				Shell:      []string{"ls", "dir", "tree"},
				ShellFlags: lsFlags,
			},
			Fields: tool.Fields{
				Unlisted:     []string{"hidden", "all", "maxResults", "exclude", "gitignore", "ignoreFiles"},
				Synonyms:     syn,
				Forms:        withGlobs(pathKinds("path"), "glob", "exclude"),
				PathDefaults: rootByDefault(),
				MainField:    "path",
			},
		},
		Run: inRoots(t, (*toolset).runList),
	}.Erase()
}

// lsFlags are the flags of ls (and tree) fs.list has fields for. -h, -1
// and -F change nothing: sizes are human-readable, one entry a line,
// directories end with /.
var lsFlags = map[string]map[string]any{
	"-l": {"long": true}, "-a": {"hidden": true}, "-A": {"hidden": true}, "-R": {"recursive": true},
	"-t": {"sort": "mtime"}, "-S": {"sort": "size"}, "-h": {}, "-1": {}, "-F": {}, "-p": {},
}

// listed is one entry of a listing.
type listed struct {
	rel  string
	kind kind
	info iofs.FileInfo
}

func (t *toolset) runList(ctx context.Context, in ListInput) (tool.Result, error) {
	if dir, glob, ok := t.splitGlobPath(in.Path); ok && in.Glob == "" {
		t.note(fmt.Sprintf("note: read the path %s as the directory %q with glob %q", text.QuoteShort(in.Path), dir, glob))
		in.Path, in.Glob = dir, glob
	}
	l, err := t.locateExisting("path", in.Path)
	if err != nil {
		return tool.Result{}, err
	}
	info, err := l.Root.OS().Stat(l.Native())
	if err != nil {
		return tool.Result{}, t.argError(ctx, "path", t.files.Explain("list", l, err))
	}
	if !info.IsDir() {
		return t.listFile(ctx, in, l)
	}
	depth := in.Depth
	if depth == 0 {
		depth = 1
		if in.Recursive || strings.Contains(in.Glob, "**") || strings.Contains(in.Glob, "/") {
			depth = 0
		}
	}
	var g *glob
	if in.Glob != "" {
		if g, err = compileGlob(in.Glob); err != nil {
			return tool.Result{}, &tool.InputError{Field: "glob", Problem: err.Error() + ".", Hint: "Use * for any name part, ** for any depth, {a,b} for alternatives: *.go, **/*_test.go."}
		}
	}
	maxEntries := cmp.Or(in.MaxResults, defaultMaxEntries)
	sorted := in.Sort == "size" || in.Sort == "mtime"
	spec := walkSpec{start: l, maxDepth: depth, hidden: in.Hidden, all: in.All, ignore: boolOr(in.Gitignore, false), ignoreFiles: in.IgnoreFiles, info: in.Long || sorted}
	keep, err := excluding(&spec, l.Rel, in.Exclude)
	if err != nil {
		return tool.Result{}, err
	}
	var entries []listed
	pg := newPager(t.call, in.Offset, maxEntries)
	stats, err := runWalk(ctx, t.files, spec, func(e *entry) bool {
		if !g.matchEntry(l.Rel, e.rel) || !keep(e.rel) {
			return true
		}
		if sorted {
			entries = append(entries, listed{e.rel, e.kind, e.info})
			return len(entries) < maxSorted
		}
		return pg.add(func(b *strings.Builder) { t.writeEntry(b, l.Root, listed{e.rel, e.kind, e.info}, in.Long) })
	})
	if err != nil && ctx.Err() != nil {
		return tool.Result{}, err
	}
	if err != nil {
		return tool.Result{}, t.argError(ctx, "path", err)
	}
	if sorted {
		pg.stopped = len(entries) >= maxSorted
		sortListed(entries, in.Sort)
		for _, e := range entries {
			if !pg.add(func(b *strings.Builder) { t.writeEntry(b, l.Root, e, in.Long) }) {
				break
			}
		}
	}
	shown, stopped := pg.shown, pg.stopped
	res := tool.Result{Text: pg.text()}
	where := t.show(l) + "/"
	if l.IsRoot() && len(t.files.Roots()) == 1 {
		where = "./"
	}
	switch {
	case shown == 0 && in.Offset > 0:
		res.Text = fmt.Sprintf("No entries after the first %d.", in.Offset)
	case shown == 0 && in.Glob != "" && stats.deeper.Load() > 0:
		res.Text = t.deeperText(ctx, spec, l, g, keep, where, depth, in.Glob) + t.otherRoots(ctx, l)
	case shown == 0 && in.Glob != "":
		res.Text = fmt.Sprintf("No entry of %s matches %q.", where, in.Glob) + t.otherRoots(ctx, l)
	case shown == 0:
		res.Text = "(empty directory)" + t.otherRoots(ctx, l)
	}
	res.Head = fmt.Sprintf("%s · %s", where, text.Count(int64(shown), "entry", "entries"))
	if in.Offset > 0 {
		res.Head += fmt.Sprintf(" after the first %d", in.Offset)
	}
	if depth != 1 {
		res.Head += fmt.Sprintf(" · depth %s", depthText(depth))
	}
	if stopped {
		res.Partial = true
		res.Next = nextOffset(in.Offset, pg.ends)
		if shown == maxEntries {
			res.Notes = append(res.Notes, fmt.Sprintf("note: stopped at maxResults %d.", maxEntries))
		}
	}
	res.Notes = append(res.Notes, skipNotes(stats, spec)...)
	return res, nil
}

// deeperShown is how many matches below a listing's depth the answer
// names when none within it matched.
const deeperShown = 5

// deeperText answers a glob that matched nothing within the depth: the
// directories at the depth were not opened, so whether anything below
// matches is looked up (Mastra's list_files {pattern: "**/*.tsx"} stops
// at depth 2, and the model meant the files). The answer says which
// entries match deeper, labelled as such, or that none does at any depth.
func (t *toolset) deeperText(ctx context.Context, spec walkSpec, l roots.Loc, g *glob, keep func(string) bool, where string, depth int, glob string) string {
	spec.maxDepth = 0
	var found []string
	more := false
	_, err := runWalk(ctx, t.files, spec, func(e *entry) bool {
		if !g.matchEntry(l.Rel, e.rel) || !keep(e.rel) {
			return true
		}
		if len(found) == deeperShown {
			more = true
			return false
		}
		found = append(found, t.show(roots.Loc{Root: l.Root, Rel: e.rel})+dirSlash(e.kind))
		return true
	})
	head := fmt.Sprintf("No entry of %s down to depth %d matches %q", where, depth, glob)
	switch {
	case err != nil:
		return head + fmt.Sprintf("; the directories at depth %d were not opened. List deeper with depth, or find the names at any depth with %s.", depth, t.findCall(l, glob))
	case len(found) == 0:
		return head + ", nor does any entry deeper."
	}
	sort.Strings(found)
	all := ""
	if more {
		all = fmt.Sprintf(" (%d shown; all of them: %s)", deeperShown, t.findCall(l, glob))
	}
	return head + fmt.Sprintf(". Deeper, it matches%s:\n%s", all, strings.Join(found, "\n"))
}

// listFile answers a listing of a single file with its one entry.
func (t *toolset) listFile(ctx context.Context, in ListInput, l roots.Loc) (tool.Result, error) {
	info, err := l.Root.OS().Lstat(l.Native())
	if err != nil {
		return tool.Result{}, t.argError(ctx, "path", t.files.Explain("list", l, err))
	}
	var b strings.Builder
	k := kindFile
	if info.Mode()&iofs.ModeSymlink != 0 {
		k = kindLink
	}
	t.writeEntry(&b, l.Root, listed{l.Rel, k, info}, true)
	return tool.Result{Head: t.show(l) + " is a file, not a directory", Text: b.String()}, nil
}

// writeEntry writes one line of a listing: the path (directories end with
// /), with size, time and mode when long.
func (t *toolset) writeEntry(b *strings.Builder, root *roots.Root, e listed, long bool) {
	name := t.show(roots.Loc{Root: root, Rel: e.rel}) + dirSlash(e.kind)
	if long && e.info != nil {
		size := text.HumanBytes(e.info.Size())
		if e.kind == kindDir {
			size = "-"
		}
		fmt.Fprintf(b, "%9s  %s  %s  ", size, e.info.ModTime().UTC().Format("2006-01-02 15:04"), e.info.Mode().String())
	}
	b.WriteString(name)
	if e.kind == kindLink {
		b.WriteString(t.linkNote(roots.Loc{Root: root, Rel: e.rel}))
	}
	b.WriteByte('\n')
}

// linkNote describes where a symbolic link leads, naming the target only
// when it lies inside the roots.
func (t *toolset) linkNote(l roots.Loc) string {
	target, err := l.Root.OS().Readlink(l.Native())
	if err != nil {
		return " -> ?"
	}
	info, err := l.Root.OS().Stat(l.Native())
	if err != nil {
		if strings.Contains(err.Error(), "path escapes") {
			return " -> (leads outside the roots)"
		}
		return " -> (dangling)"
	}
	abs := target
	if !filepath.IsAbs(target) {
		abs = filepath.Join(filepath.Dir(l.Abs()), target)
	}
	tl, err := t.files.Locate(abs)
	if err != nil {
		return " -> (leads outside the roots)"
	}
	shown := t.show(tl)
	if info.IsDir() {
		shown += "/"
	}
	return " -> " + shown
}

// matchEntry applies a listing's glob: a pattern without a slash matches
// the name, one with a slash the path below the listed directory.
// A nil glob matches everything.
func (g *glob) matchEntry(base, rel string) bool {
	if g == nil {
		return true
	}
	if !strings.Contains(g.pattern, "/") {
		return g.match(path.Base(rel))
	}
	return g.match(relTo(base, rel))
}

// excluding leaves the entries matching exclude (globs as fs.search's
// exclude: a name, or a path below base) out of a walk from base: it does
// not enter such directories, and keep reports whether an entry stays.
func excluding(spec *walkSpec, base string, exclude []string) (keep func(rel string) bool, err error) {
	globs, err := newGlobSet(nil, exclude)
	if err != nil {
		return nil, &tool.InputError{Field: "exclude", Problem: err.Error() + ".", Hint: "Use names or globs: dist, *.log, vendor/**."}
	}
	if len(globs.exclude) == 0 {
		return func(string) bool { return true }, nil
	}
	spec.descend = func(rel string, _ int) bool { return !globs.excluded(relTo(base, rel)) }
	return func(rel string) bool { return !globs.excluded(relTo(base, rel)) }, nil
}

// relTo returns rel relative to the directory base (both root-relative).
func relTo(base, rel string) string {
	if base == "." {
		return rel
	}
	return strings.TrimPrefix(rel, base+"/")
}

func depthText(d int) string {
	if d == 0 {
		return "unlimited"
	}
	return fmt.Sprint(d)
}

func sortListed(entries []listed, by string) {
	key := func(e listed) int64 {
		if e.info == nil {
			return 0
		}
		if by == "size" {
			return e.info.Size()
		}
		return e.info.ModTime().UnixNano()
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if by == "size" && (a.kind == kindDir || b.kind == kindDir) {
			// A directory's size is not its contents': directories come
			// first, in tree order.
			return a.kind == kindDir && b.kind != kindDir
		}
		return key(a) > key(b)
	})
}

// nextOffset is the Next of a listing that stopped: the entries fully
// shown in the first bytes, added to the offset the call started at.
func nextOffset(offset int, ends []int) func(int) map[string]any {
	return func(shown int) map[string]any {
		n := sort.SearchInts(ends, shown+2) // entries end in a newline, which may be cut
		return map[string]any{"offset": offset + max(n, 1)}
	}
}

// skipNotes says what a walk left out and how to include it.
func skipNotes(stats *walkStats, spec walkSpec) []string {
	var parts []string
	if len(stats.noise) > 0 {
		names := make([]string, 0, len(stats.noise))
		for n := range stats.noise {
			names = append(names, n+"/")
		}
		slices.Sort(names)
		parts = append(parts, fmt.Sprintf("skipped %s (all: true includes them)", strings.Join(names, ", ")))
	}
	if n := stats.hidden.Load(); n > 0 {
		parts = append(parts, fmt.Sprintf("%s (hidden: true includes them)", text.Count(n, "hidden entry", "hidden entries")))
	}
	if n := stats.ignored.Load(); n > 0 {
		_, how := spec.unignored()
		parts = append(parts, fmt.Sprintf("%s ignored by %s (%s)", text.Count(n, "entry", "entries"), spec.ignoredBy(), how))
	}
	var notes []string
	if len(parts) > 0 {
		notes = append(notes, "note: "+strings.Join(parts, "; ")+".")
	}
	if len(stats.problems) > 0 {
		notes = append(notes, "note: could not read: "+strings.Join(stats.problems, "; "))
	}
	return notes
}

// pager collects the lines of a listing that can stop (maxResults or the
// output budget) and continue with an offset.
type pager struct {
	b                   strings.Builder
	ends                []int // where each shown line ends in b
	offset, max, budget int
	skipped, shown      int
	stopped             bool
}

func newPager(call tool.Call, offset, max int) *pager {
	return &pager{offset: offset, max: max, budget: call.Room().Bytes}
}

// add writes one entry with write; it returns false once the page is full.
func (p *pager) add(write func(b *strings.Builder)) bool {
	if p.skipped < p.offset {
		p.skipped++
		return true
	}
	if p.shown == p.max || p.b.Len() >= p.budget {
		p.stopped = true
		return false
	}
	write(&p.b)
	p.ends = append(p.ends, p.b.Len())
	p.shown++
	return true
}

// text is the page without its last newline.
func (p *pager) text() string { return strings.TrimSuffix(p.b.String(), "\n") }

// findCall is the fs.find call that looks for a listing's glob at every
// depth below l.
func (t *toolset) findCall(l roots.Loc, glob string) string {
	args := map[string]string{"pattern": path.Base(glob)}
	if !l.IsRoot() {
		args["path"] = t.show(l)
	}
	b, _ := json.Marshal(args)
	return t.call.ToolName("fs.find") + " " + string(b)
}
