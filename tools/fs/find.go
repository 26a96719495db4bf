package fs

import (
	"cmp"
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"f0/internal/text"
	"f0/tool"

	"github.com/bmatcuk/doublestar/v4"

	"f0/internal/roots"
)

// FindInput is the input of fs.find.
type FindInput struct {
	Pattern     string   `json:"pattern" jsonschema:"required" jsonschema_description:"Glob, e.g. **/*.go; a bare name matches at any depth."`
	Path        string   `json:"path,omitempty"`
	Type        string   `json:"type,omitempty" jsonschema:"enum=file,enum=dir,enum=any"`
	IgnoreCase  bool     `json:"ignoreCase,omitempty"`
	Hidden      bool     `json:"hidden,omitempty" jsonschema_description:"Include names starting with a dot."`
	Gitignore   *bool    `json:"gitignore,omitempty" jsonschema_description:"Honour .gitignore files (default true)."`
	All         bool     `json:"all,omitempty" jsonschema_description:"Also look in .git, node_modules and similar directories."`
	MaxResults  int      `json:"maxResults,omitempty" jsonschema:"minimum=1" jsonschema_description:"Most paths to show (default 1000)."`
	Offset      int      `json:"offset,omitempty" jsonschema:"minimum=0" jsonschema_description:"Matches to skip, to continue."`
	Exclude     []string `json:"exclude,omitempty" jsonschema_description:"Globs of paths to leave out (and not enter): vendor, *_test.go."`
	MaxDepth    int      `json:"maxDepth,omitempty" jsonschema:"minimum=1" jsonschema_description:"Deepest level to report, counted from path as find -maxdepth does: 1 is path's own entries, 2 adds theirs."`
	MinDepth    int      `json:"minDepth,omitempty" jsonschema:"minimum=0" jsonschema_description:"Shallowest level to report, as find -mindepth: 2 leaves out path's own entries (0 and 1: no limit)."`
	IgnoreFiles []string `json:"ignoreFiles,omitempty" jsonschema_description:"Names of more ignore files to honour, read as .gitignore is (.geminiignore, .dockerignore)."`
	FailEmpty   bool     `json:"failEmpty,omitempty" jsonschema_description:"Answer a search that matches nothing as an error (as Koog's list tool does)."`
}

func (t *toolset) findTool() *tool.Tool {
	syn := map[string]string{
		"glob": "pattern", "name": "pattern", "query": "pattern", "filePattern": "pattern", "namePattern": "pattern",
		"dir": "path", "directory": "path", "folder": "path", "root": "path", "cwd": "path", "in": "path",
		"kind": "type", "caseInsensitive": "ignoreCase", "iname": "ignoreCase", "includeHidden": "hidden",
		"limit": "maxResults", "max": "maxResults", "skip": "offset",
		"ignore": "exclude", "excludes": "exclude", "excludePatterns": "exclude",
		"depth": "maxDepth", "levels": "maxDepth",
	}
	return tool.Def[FindInput]{
		Spec: tool.Spec{
			Name: "fs.find", Title: "Find files by name",
			Summary:     "Find files and directories by name glob (**/*.go), honouring .gitignore.",
			Access:      tool.Read,
			Annotations: readOnly,
			Names: tool.Names{
				Keywords:      []string{"glob", "find", "locate", "files", "names", "paths", "pattern"},
				Shell:         []string{"find"},
				ShellCommands: findCommands,
			},
			Fields: tool.Fields{
				Unlisted:     []string{"hidden", "gitignore", "all", "maxResults", "exclude", "maxDepth", "minDepth", "ignoreFiles", "failEmpty"},
				Synonyms:     syn,
				Inverse:      map[string]string{"caseSensitive": "ignoreCase", "matchCase": "ignoreCase"},
				Forms:        withGlobs(withPattern(tool.GlobKind, pathKinds("path")), "exclude"),
				PathDefaults: rootByDefault(),
				MainField:    "pattern",
			},
		},
		Run: inRoots(t, (*toolset).runFind),
	}.Erase()
}

// globStart splits a pattern into the directory the walk starts at and the
// pattern below it: cmd/**/*.go starts at cmd. An absolute pattern must lie
// inside a root. below is how many levels the start lies below dir (1 for
// cmd), for depths counted from dir.
func (t *toolset) globStart(field, dir, pattern string) (start roots.Loc, rest string, below int, err error) {
	pattern = filepath.ToSlash(pattern)
	base, rest := doublestar.SplitPattern(pattern)
	if strings.HasPrefix(pattern, "/") && !filepath.IsAbs(pattern) {
		base, rest = doublestar.SplitPattern(strings.TrimLeft(pattern, "/"))
	}
	if filepath.IsAbs(base) {
		l, err := t.locate(field, base)
		if err != nil && strings.HasPrefix(pattern, "/") {
			// Deep Agents and other virtual filesystems write the
			// project's root as /: a pattern under a / that lies outside
			// the roots is read under the search path instead.
			if l, rest, below, rerr := t.globStart(field, dir, strings.TrimLeft(pattern, "/")); rerr == nil && t.isDir(l) {
				t.note(fmt.Sprintf("note: read the pattern %s under %s: %s is outside the roots", text.QuoteShort(pattern), t.show(l), base))
				return l, anchored + rest, below, nil
			}
		}
		return l, rest, 0, err
	}
	at := dir
	if base = path.Clean(base); base != "." && base != "" {
		below = strings.Count(base, "/") + 1
		if dir == "" {
			at = base
		} else if filepath.IsAbs(dir) {
			at = filepath.Join(dir, base)
		} else {
			at = path.Join(dir, base)
		}
	}
	l, err := t.locateExisting("path", at)
	return l, rest, below, err
}

// matchesAll reports whether a glob matches every name ("*", "**/*").
func matchesAll(p string) bool {
	switch strings.TrimPrefix(p, "./") {
	case "", "*", "**", "**/*":
		return true
	}
	return false
}

// anchored marks a pattern left of globStart that matches from the search
// path only: a bare name under a / (Deep Agents' "/*.md") is the root's
// entries, not names at any depth.
const anchored = "./"

// findPattern makes a bare name match at any depth.
func findPattern(p string, ignoreCase bool) string {
	if a, ok := strings.CutPrefix(p, anchored); ok {
		p = a
	} else if !strings.Contains(p, "/") && !strings.HasPrefix(p, "**") {
		p = "**/" + p
	}
	if ignoreCase {
		p = strings.ToLower(p)
	}
	return p
}

// patternDepth is how deep a pattern can match (0: any depth).
func patternDepth(p string) int {
	if strings.Contains(p, "**") {
		return 0
	}
	return strings.Count(p, "/") + 1
}

func (t *toolset) runFind(ctx context.Context, in FindInput) (tool.Result, error) {
	if strings.TrimSpace(in.Pattern) == "" {
		return tool.Result{}, &tool.InputError{Field: "pattern", Problem: "is empty.", Hint: "Give a glob such as **/*.go or a name such as main.go."}
	}
	if _, err := compileGlob(filepath.ToSlash(in.Pattern)); err != nil {
		return tool.Result{}, &tool.InputError{Field: "pattern", Problem: err.Error() + ".",
			Hint: "Use * for any name part, ** for any depth, ? for one character, {a,b} for alternatives, [abc] for a set."}
	}
	if dir, glob, ok := t.splitGlobPath(in.Path); ok {
		if !matchesAll(in.Pattern) && !matchesAll(glob) {
			return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a glob, and pattern %q is another; %s takes the directory in path and one glob in pattern.", text.QuoteShort(in.Path), in.Pattern, t.call.ToolName("fs.find")),
				Hint: "For example " + t.call.Suggest("fs.find", map[string]any{"path": dir, "pattern": glob})}
		}
		if matchesAll(in.Pattern) {
			in.Pattern = glob
		}
		t.note(fmt.Sprintf("note: read the path %s as the directory %q and pattern %q", text.QuoteShort(in.Path), dir, in.Pattern))
		in.Path = dir
	}
	if in.MaxDepth > 0 && in.MinDepth > in.MaxDepth {
		return tool.Result{}, &tool.InputError{Field: "minDepth", Problem: fmt.Sprintf("is %d, deeper than maxDepth %d, so nothing could match.", in.MinDepth, in.MaxDepth),
			Hint: "Depths count from path: 1 is its own entries. Give a minDepth at most maxDepth."}
	}
	start, rest, below, err := t.globStart("pattern", in.Path, in.Pattern)
	if err != nil {
		return tool.Result{}, err
	}
	depths := &depthRange{min: in.MinDepth, max: in.MaxDepth, below: below}
	info, err := start.Root.OS().Stat(start.Native())
	if err != nil {
		return tool.Result{}, t.argError(ctx, "path", t.files.Explain("find in", start, err))
	}
	if !info.IsDir() {
		return tool.Result{}, &tool.InputError{Field: "path", Problem: fmt.Sprintf("%s is a file; %s searches directories.", t.show(start), t.call.ToolName("fs.find"))}
	}
	pattern := findPattern(rest, in.IgnoreCase)
	g, err := compileGlob(pattern)
	if err != nil {
		return tool.Result{}, &tool.InputError{Field: "pattern", Problem: err.Error() + "."}
	}
	maxResults := cmp.Or(in.MaxResults, defaultMaxEntries)
	spec := walkSpec{start: start, maxDepth: depths.walkDepth(patternDepth(pattern)), hidden: in.Hidden || strings.Contains(in.Pattern, "/.") || strings.HasPrefix(in.Pattern, "."),
		all: in.All, ignore: boolOr(in.Gitignore, true), ignoreFiles: in.IgnoreFiles}
	keep, err := excluding(&spec, start.Rel, in.Exclude)
	if err != nil {
		return tool.Result{}, err
	}
	pg := newPager(t.call, in.Offset, maxResults)
	folded := newCaseFold(rest, in.IgnoreCase)
	console, native := t.call.Console()
	var records []tool.Record
	seen := 0
	stats, err := runWalk(ctx, t.files, spec, func(e *entry) bool {
		seen++
		if !keep(e.rel) {
			return true
		}
		depths.saw(e)
		switch in.Type {
		case "file":
			if e.kind == kindDir {
				return true
			}
		case "dir":
			if e.kind != kindDir {
				return true
			}
		}
		sub := relTo(start.Rel, e.rel)
		if in.IgnoreCase {
			sub = strings.ToLower(sub)
		}
		if !g.match(sub) {
			if depths.within(e) {
				folded.saw(sub, func() string { return t.show(roots.Loc{Root: start.Root, Rel: e.rel}) + dirSlash(e.kind) })
			}
			return true
		}
		if !depths.holds(e) {
			return true
		}
		return pg.add(func(b *strings.Builder) {
			shown := t.show(roots.Loc{Root: start.Root, Rel: e.rel})
			switch rec := (tool.Record{Path: shown, Dir: e.kind == kindDir}); {
			case console.Found != nil:
				console.Found(rec) // streamed: not kept in the text either
				return
			case native:
				records = append(records, rec)
			}
			b.WriteString(shown)
			if e.kind == kindDir {
				b.WriteByte('/')
			}
			b.WriteByte('\n')
		})
	})
	if err != nil && ctx.Err() != nil {
		return tool.Result{}, err
	}
	if err != nil {
		return tool.Result{}, t.argError(ctx, "path", err)
	}
	shown, stopped := pg.shown, pg.stopped
	where := t.show(start) + "/"
	what, whats := "path", "paths"
	switch in.Type {
	case "file":
		what, whats = "file", "files"
	case "dir":
		what, whats = "directory", "directories"
	}
	res := tool.Result{Text: pg.text(), Records: records}
	switch {
	case stopped:
		res.Head = fmt.Sprintf("first %s matching %s under %s", text.Count(int64(shown), what, whats), in.Pattern, where)
		if in.Offset > 0 {
			res.Head += fmt.Sprintf(" after the first %d", in.Offset)
		}
		res.Partial = true
		res.Next = nextOffset(in.Offset, pg.ends)
	case shown == 0:
		res.Empty = true
		res.Text = fmt.Sprintf("No %s under %s matches %s (looked at %s).", what, where, in.Pattern, text.Count(int64(seen), "entry", "entries"))
		if n := stats.ignored.Load(); n > 0 {
			// What .gitignore hides is the likeliest place for it.
			again, _ := spec.unignored()
			again["offset"] = nil
			res.Text += fmt.Sprintf(" %s ignored by %s %s not looked at; include them: %s",
				text.Count(n, "entry", "entries"), spec.ignoredBy(), map[bool]string{true: "was", false: "were"}[n == 1], t.call.Again(again))
		}
		res.Text += depths.hint(t.call)
		if !in.IgnoreCase && strings.ToLower(in.Pattern) != strings.ToUpper(in.Pattern) {
			res.Text += folded.text(t.call.Again(map[string]any{"ignoreCase": true, "offset": nil}))
		}
		res.Text += t.otherRoots(ctx, start)
	default:
		res.Head = fmt.Sprintf("%s matching %s under %s", text.Count(int64(shown), what, whats), in.Pattern, where)
		if in.Offset > 0 {
			res.Head += fmt.Sprintf(" after the first %d", in.Offset)
		}
	}
	if res.Head != "" {
		res.Head += depths.text()
	}
	res.Notes = append(res.Notes, skipNotes(stats, spec)...)
	if res.Empty && in.FailEmpty {
		return tool.Result{}, &tool.InputError{Field: "pattern", Problem: "matches nothing (failEmpty makes that an error): " + res.Text}
	}
	return res, nil
}

// foldedShown is how many paths that match only when case is ignored a
// search that found none names.
const foldedShown = 5

// caseFold gathers, during a case-sensitive walk, the paths the pattern
// matches only when case is ignored (**/*.MD and docs/guide.md): a search
// that finds nothing names them, labelled, rather than answering an empty
// list to a model whose agent's tool ignores case.
type caseFold struct {
	g     *glob
	found []string
	more  bool
}

// newCaseFold is the gatherer for pattern p; nil (gathering nothing) when
// the search ignores case already or p has no letters.
func newCaseFold(p string, ignoreCase bool) *caseFold {
	if ignoreCase || strings.ToLower(p) == strings.ToUpper(p) {
		return nil
	}
	g, err := compileGlob(findPattern(p, true))
	if err != nil {
		return nil
	}
	return &caseFold{g: g}
}

// saw weighs a path that the case-sensitive pattern did not match; name
// shows it.
func (f *caseFold) saw(sub string, name func() string) {
	if f == nil || !f.g.match(strings.ToLower(sub)) {
		return
	}
	if len(f.found) == foldedShown {
		f.more = true
		return
	}
	f.found = append(f.found, name())
}

// text is the sentence that ends an empty answer: the paths that match
// ignoring case, or the call that ignores it.
func (f *caseFold) text(again string) string {
	if f == nil || len(f.found) == 0 {
		return " To ignore case: " + again
	}
	some := ""
	if f.more {
		some = fmt.Sprintf(" (%d shown)", foldedShown)
	}
	return fmt.Sprintf(" Ignoring case, it matches%s: %s. All of them: %s", some, strings.Join(f.found, ", "), again)
}

// dirSlash is the / a directory's name ends with when shown.
func dirSlash(k kind) string {
	if k == kindDir {
		return "/"
	}
	return ""
}

// isDir reports whether l is a directory.
func (t *toolset) isDir(l roots.Loc) bool {
	info, err := l.Root.OS().Stat(l.Native())
	return err == nil && info.IsDir()
}
