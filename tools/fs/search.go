package fs

import (
	"cmp"
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// SearchInput is the input of fs.search.
type SearchInput struct {
	Pattern        string   `json:"pattern" jsonschema:"required" jsonschema_description:"RE2 regex, or plain text with literal: true."`
	Path           string   `json:"path,omitempty"`
	Literal        bool     `json:"literal,omitempty"`
	IgnoreCase     bool     `json:"ignoreCase,omitempty"`
	Glob           []string `json:"glob,omitempty" jsonschema_description:"Only files matching these globs; !*_test.go excludes."`
	Exclude        []string `json:"exclude,omitempty" jsonschema_description:"Globs to leave out: vendor, *_test.go."`
	Context        int      `json:"context,omitempty" jsonschema:"minimum=0,maximum=50"`
	Before         int      `json:"before,omitempty" jsonschema:"minimum=0,maximum=50" jsonschema_description:"Lines of context before each match (overrides context)."`
	After          int      `json:"after,omitempty" jsonschema:"minimum=0,maximum=50" jsonschema_description:"Lines of context after each match (overrides context)."`
	MaxResults     int      `json:"maxResults,omitempty" jsonschema:"minimum=1" jsonschema_description:"Most lines to show (default 500)."`
	FilesOnly      bool     `json:"filesOnly,omitempty" jsonschema_description:"List matching files, not lines."`
	Hidden         bool     `json:"hidden,omitempty" jsonschema_description:"Search files and directories whose names start with a dot."`
	Gitignore      *bool    `json:"gitignore,omitempty" jsonschema_description:"Honour .gitignore files (default true)."`
	All            bool     `json:"all,omitempty" jsonschema_description:"Also search .git, node_modules and similar directories."`
	Offset         int      `json:"offset,omitempty" jsonschema:"minimum=0" jsonschema_description:"Matches to skip, to continue."`
	MaxPerFile     int      `json:"maxPerFile,omitempty" jsonschema:"minimum=1" jsonschema_description:"Most matches to show in each file, as grep -m (max-count) does."`
	ExcludePattern string   `json:"excludePattern,omitempty" jsonschema_description:"Leave out matching lines that also match this regex (literal and ignoreCase apply)."`
	Multiline      bool     `json:"multiline,omitempty" jsonschema_description:"The pattern may span lines and . matches a line end too (rg -U --multiline-dotall); each match shows every line it spans."`
	Dotall         *bool    `json:"dotall,omitempty" jsonschema_description:"With multiline: . matches a line end too (default true; false is rg -U without --multiline-dotall)."`
}

// defaultMaxMatches is the most matching lines a search shows by default.
const defaultMaxMatches = 500

func (t *toolset) searchTool() *tool.Tool {
	syn := map[string]string{
		"query": "pattern", "regex": "pattern", "regexp": "pattern", "search": "pattern", "text": "pattern", "q": "pattern",
		"grep": "pattern", "term": "pattern", "searchTerm": "pattern", "string": "pattern",
		"dir": "path", "directory": "path", "folder": "path", "file": "path", "root": "path", "cwd": "path", "in": "path",
		"fixedStrings": "literal", "fixed": "literal", "caseInsensitive": "ignoreCase", "insensitive": "ignoreCase",
		"include": "glob", "includes": "glob", "files": "glob", "filePattern": "glob", "globs": "glob",
		"excludes": "exclude", "ignore": "exclude", "contextLines": "context", "C": "context",
		"linesBefore": "before", "B": "before", "linesAfter": "after", "A": "after",
		"limit": "maxResults", "headLimit": "maxResults", "max": "maxResults",
		"maxCount": "maxPerFile", "perFile": "maxPerFile", "maxMatchesPerFile": "maxPerFile",
		"excludeLines": "excludePattern", "excludeRegex": "excludePattern", "multiLine": "multiline",
		"filesWithMatches": "filesOnly", "namesOnly": "filesOnly", "listFiles": "filesOnly",
		"includeHidden": "hidden", "skip": "offset",
		// grep's and ripgrep's flags as models send them ("-i": true).
		"i": "ignoreCase", "F": "literal", "l": "filesOnly", "m": "maxPerFile",
	}
	return tool.Def[SearchInput]{
		Spec: tool.Spec{
			Name: "fs.search", Title: "Search file contents",
			Summary:     "Search file contents by regex or literal text, honouring .gitignore.",
			Access:      tool.Read,
			Annotations: readOnly,
			Names: tool.Names{
				Keywords:      []string{"grep", "rg", "ripgrep", "find", "text", "code", "regex", "contents", "occurrences"},
				Shell:         []string{"grep", "rg"},
				ShellCommands: searchCommands,
			},
			Fields: tool.Fields{
				Unlisted:  []string{"before", "after", "hidden", "gitignore", "all", "maxPerFile", "excludePattern", "multiline", "dotall"},
				Synonyms:  syn,
				MainField: "pattern",
				// "regex": true is a pattern's kind, not the pattern (VS Code's
				// grep_search sends isRegexp, inspect_ai's grep extended_regexp).
				Inverse: map[string]string{"caseSensitive": "ignoreCase", "matchCase": "ignoreCase",
					"regex": "literal", "regexp": "literal", "isRegexp": "literal", "isRegex": "literal",
					"useRegex": "literal", "extendedRegexp": "literal"},
				Forms:        withGlobs(withPattern(tool.RegexKind, pathKinds("path")), "glob", "exclude"),
				PathDefaults: rootByDefault(),
			},
		},
		Run: inRoots(t, (*toolset).runSearch),
	}.Erase()
}

// globSet is a search's include and exclude globs.
type globSet struct {
	include, exclude []*glob
}

func newGlobSet(include, exclude []string) (globSet, error) {
	var g globSet
	for i, list := range [][]string{include, exclude} {
		for _, p := range list {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			neg := false
			if strings.HasPrefix(p, "!") {
				neg, p = true, p[1:]
			}
			c, err := compileGlob(p)
			if err != nil {
				return g, err
			}
			if neg || i == 1 {
				g.exclude = append(g.exclude, c)
			} else {
				g.include = append(g.include, c)
			}
		}
	}
	return g, nil
}

// matchGlob matches a name pattern against the base name, a path pattern
// against the path below the search directory.
func matchGlob(p *glob, sub string) bool {
	target := sub
	if !strings.Contains(p.pattern, "/") {
		target = path.Base(sub)
	}
	return p.match(target)
}

func (g globSet) excluded(sub string) bool {
	for _, p := range g.exclude {
		if matchGlob(p, sub) {
			return true
		}
	}
	return false
}

func (g globSet) wantFile(sub string) bool {
	if g.excluded(sub) {
		return false
	}
	if len(g.include) == 0 {
		return true
	}
	for _, p := range g.include {
		if matchGlob(p, sub) {
			return true
		}
	}
	return false
}

// searchRun collects the output of one search in walk order.
type searchRun struct {
	t      *toolset
	in     SearchInput
	root   *roots.Root
	budget int
	max    int
	skip   int
	b      strings.Builder
	ends   []int // where each shown match (or file) ends in b
	// endFiles[i] is how many files had matches shown up to ends[i].
	endFiles []int
	// pageFiles is how many files have matches shown.
	pageFiles int
	files     int // files searched
	binary    int
	errors    []string
	matched   int // files with matches
	matches   int // matching lines, counted in files seen
	capped    int // files with more matches than maxPerFile
	shown     int
	stopped   bool
	context   bool // context lines are shown: groups are separated by --
	// native keeps the findings as records too (tool.Record), for a
	// command line that prints them as rg does; recEnds[i] is how many
	// records there are up to ends[i].
	native  bool
	records []tool.Record
	recEnds []int
	// found receives the records instead, when the front end streams them
	// (tool.ConsoleOptions.Found); the lines are then not kept in b.
	found func(tool.Record)
}

// mark records where the shown match (or file) just written ends.
func (r *searchRun) mark() {
	if r.found != nil {
		return // streamed: nothing is cut, so no match need be found again
	}
	r.ends, r.endFiles = append(r.ends, r.b.Len()), append(r.endFiles, r.pageFiles)
	r.recEnds = append(r.recEnds, len(r.records))
}

// record keeps one line of a file's hits as a tool.Record.
func (r *searchRun) record(name string, l hitLine, gap bool) {
	if !r.native {
		return
	}
	r.keep(tool.Record{Path: name, Line: l.num, Text: l.text, Context: !l.match && !l.cont, Gap: gap, Spans: l.spans})
}

// keep hands a record to the front end, or keeps it.
func (r *searchRun) keep(rec tool.Record) {
	if r.found != nil {
		r.found(rec)
		return
	}
	r.records = append(r.records, rec)
}

// keepMarks cuts what was written after the n-th shown match (or file).
func (r *searchRun) keepMarks(n int) {
	end, recs := 0, 0
	if n > 0 {
		end, recs = r.ends[n-1], r.recEnds[n-1]
	}
	if end < r.b.Len() {
		kept := r.b.String()[:end]
		r.b.Reset()
		r.b.WriteString(kept)
	}
	r.records = r.records[:recs]
}

// add writes one file's hits; it returns false when the output is full.
func (r *searchRun) add(rel string, h *fileHits) bool {
	r.files++
	switch {
	case h.binary:
		r.binary++
		return true
	case h.err != "":
		if len(r.errors) < 10 {
			r.errors = append(r.errors, r.t.show(roots.Loc{Root: r.root, Rel: rel})+": "+h.err)
		}
		return true
	case h.count == 0:
		return true
	}
	r.matched++
	r.matches += h.count
	if h.capped {
		r.capped++
	}
	if r.in.FilesOnly {
		if r.skip > 0 {
			r.skip--
			return true
		}
		if r.shown == r.max || r.b.Len() >= r.budget {
			r.stopped = true
			return false
		}
		name := r.t.show(roots.Loc{Root: r.root, Rel: rel})
		fmt.Fprintf(&r.b, "%s: %s\n", name, countText(h))
		if r.native {
			r.keep(tool.Record{Path: name, Count: h.count})
		}
		r.shown++
		r.pageFiles++
		r.mark()
		return true
	}
	if r.skip >= h.count && !h.more {
		r.skip -= h.count
		return true
	}
	name := r.t.show(roots.Loc{Root: r.root, Rel: rel})
	if r.shown == r.max || r.b.Len() >= r.budget {
		r.stopped = true
		return false
	}
	if r.b.Len() > 0 {
		r.b.WriteByte('\n')
	}
	fmt.Fprintf(&r.b, "%s: %s\n", name, countText(h))
	lines := h.lines
	if r.skip > 0 {
		lines = afterMatches(lines, r.skip)
		r.skip = 0
	}
	first := true
	for i, l := range lines {
		if l.match && (r.shown == r.max || r.b.Len() >= r.budget) {
			r.stopped = true
			r.dropAfterLastMatch()
			return false
		}
		if l.gap && i > 0 && r.context {
			r.b.WriteString("--\n")
		}
		if r.found == nil {
			r.writeLine(name, l)
		}
		r.record(name, l, l.gap && i > 0)
		if l.match && first {
			r.pageFiles++
			first = false
		}
		if (l.match || l.cont) && (i+1 == len(lines) || !lines[i+1].cont) {
			r.shown++ // the last line of a match
			r.mark()
		}
	}
	if h.more {
		r.stopped = true
		return false
	}
	return true
}

// writeLine writes one line of a file's hits: path:line:text for a match
// (each line of one that spans lines), path-line-text for context.
func (r *searchRun) writeLine(name string, l hitLine) {
	sep := "-"
	if l.match || l.cont {
		sep = ":"
	}
	r.b.WriteString(name)
	r.b.WriteString(sep)
	r.b.WriteString(strconv.Itoa(l.num))
	r.b.WriteString(sep)
	r.b.WriteString(l.text)
	r.b.WriteByte('\n')
}

// dropAfterLastMatch removes what follows the last shown match (a file
// header or context lines of a match that is not shown), so a page ends
// with what its counts describe.
func (r *searchRun) dropAfterLastMatch() {
	r.keepMarks(len(r.ends))
}

// afterMatches drops the first n matches of a file and the context lines
// that belong to them.
func afterMatches(lines []hitLine, n int) []hitLine {
	seen := 0
	for i, l := range lines {
		if !l.match {
			continue
		}
		if seen == n {
			j := i
			for j > 0 && !lines[j-1].match && !lines[j-1].cont && !lines[j].gap {
				j--
			}
			return lines[j:]
		}
		seen++
	}
	return nil
}

func countText(h *fileHits) string {
	more := ""
	if h.more {
		more = "+"
	}
	if h.count == 1 && !h.more {
		return "1 match"
	}
	return fmt.Sprintf("%d%s matches", h.count, more)
}

func (t *toolset) runSearch(ctx context.Context, in SearchInput) (tool.Result, error) {
	if dir, glob, ok := t.splitGlobPath(in.Path); ok {
		t.note(fmt.Sprintf("note: read the path %s as the directory %q with glob %q", text.QuoteShort(in.Path), dir, glob))
		in.Path, in.Glob = dir, append(in.Glob, glob)
	}
	if in.Path != "" {
		l, err := t.locateExisting("path", in.Path)
		if err != nil {
			return tool.Result{}, err
		}
		if written, err := t.files.Locate(in.Path); err != nil || written != l {
			in.Path = t.show(l)
		}
	}
	m, note, err := t.searchMatcher(in)
	if err != nil {
		return tool.Result{}, err
	}
	excl, err := excludeMatcher(in)
	if err != nil {
		return tool.Result{}, err
	}
	res, matches, err := t.search(ctx, in, m, excl, note)
	if err != nil || matches > 0 || !readsAsCode(in) || t.call.Native() {
		return res, err
	}
	// A valid regular expression that reads as code (foo(bar), a[0]) and
	// found nothing was most likely meant as text: search for the text.
	lit := in
	lit.Literal = true
	m, _, err = t.searchMatcher(lit)
	if err != nil {
		return res, nil
	}
	why := fmt.Sprintf("note: %q as a regular expression found nothing, so it was searched as plain text (in a regex, ( ) [ ] { } . * + ? | are special); say literal: true to do that on purpose.", in.Pattern)
	litRes, litMatches, err := t.search(ctx, lit, m, excl, why)
	if err != nil || litMatches == 0 {
		return res, nil
	}
	return litRes, nil
}

// readsAsCode reports whether a pattern that is a valid regular expression
// looks like literal code: it holds brackets or parentheses and no regex
// escapes or classes that only a regular expression would use.
func readsAsCode(in SearchInput) bool {
	p := in.Pattern
	if in.Literal || !strings.ContainsAny(p, "()[]{}") {
		return false
	}
	for _, regexOnly := range []string{`\`, ".*", ".+", "|", "^", "$", "[^", "(?"} {
		if strings.Contains(p, regexOnly) {
			return false
		}
	}
	return true
}

// search runs one search with a compiled matcher and returns its result
// and the number of matching lines.
func (t *toolset) search(ctx context.Context, in SearchInput, m, excl *matcher, note string) (tool.Result, int, error) {
	globs, err := newGlobSet(in.Glob, in.Exclude)
	if err != nil {
		return tool.Result{}, 0, &tool.InputError{Field: "glob", Problem: err.Error() + ".", Hint: "Use *.go for names, cmd/**/*.go for paths, !*_test.go to exclude."}
	}
	l, err := t.locate("path", in.Path)
	if err != nil {
		return tool.Result{}, 0, err
	}
	info, err := l.Root.OS().Stat(l.Native())
	if err != nil {
		return tool.Result{}, 0, t.argError(ctx, "path", t.files.Explain("search", l, err))
	}
	before, after := in.Context, in.Context
	if in.Before > 0 {
		before = in.Before
	}
	if in.After > 0 {
		after = in.After
	}
	r := &searchRun{t: t, in: in, root: l.Root, budget: t.call.Room().Bytes, max: cmp.Or(in.MaxResults, defaultMaxMatches), skip: in.Offset,
		native: t.call.Native()}
	if o, ok := t.call.Console(); ok {
		r.found = o.Found
	}
	r.context = before+after > 0
	conf := &searchConf{m: m, exclude: excl, perFile: in.MaxPerFile, before: before, after: after, limit: in.Offset + r.max + 1,
		countOnly: in.FilesOnly, whole: r.native}
	if in.FilesOnly {
		conf.limit = 1 << 30
	}
	var stats *walkStats
	spec := walkSpec{start: l, hidden: in.Hidden, all: in.All, ignore: boolOr(in.Gitignore, true), workers: t.workers}
	if info.IsDir() {
		spec.descend = func(rel string, _ int) bool { return !globs.excluded(relTo(l.Rel, rel)) }
		spec.wantFile = func(e *entry) bool { return globs.wantFile(relTo(l.Rel, e.rel)) }
		spec.work = func(ctx context.Context, w *worker, dir *dirHandle, e *entry) any {
			h := conf.searchFile(ctx, w, dir, e.name, e.kind == kindLink)
			return &h
		}
		stats, err = runWalk(ctx, t.files, spec, func(e *entry) bool {
			if h, ok := e.result.(*fileHits); ok {
				return r.add(e.rel, h)
			}
			return true
		})
		if err != nil && ctx.Err() != nil {
			return tool.Result{}, 0, err
		}
		if err != nil {
			return tool.Result{}, 0, t.argError(ctx, "path", err)
		}
	} else {
		stats = &walkStats{}
		h, err := t.searchOne(ctx, conf, l)
		if err != nil {
			return tool.Result{}, 0, err
		}
		r.add(l.Rel, h)
	}
	return r.result(ctx, l, info.IsDir(), note, stats, spec), r.matches, nil
}

// searchMatcher compiles the pattern; an invalid regular expression is
// searched for as literal text, with a note.
func (t *toolset) searchMatcher(in SearchInput) (*matcher, string, error) {
	if in.Pattern == "" {
		return nil, "", &tool.InputError{Field: "pattern", Problem: "is empty.", Hint: "Give the text or regular expression to look for."}
	}
	m, err := compileMatcher(in.Pattern, in.Literal, in.IgnoreCase)
	if err == nil {
		return m, "", spanning(m, in, in.Literal)
	}
	if t.call.Native() {
		// rg's way: an invalid expression is an error, not text.
		return nil, "", &tool.InputError{Field: "pattern", Problem: "regex parse error: " + strings.TrimPrefix(err.Error(), "error parsing regexp: "),
			Hint: "Escape the special characters, or search for the text with -F."}
	}
	lit, lerr := compileMatcher(in.Pattern, true, in.IgnoreCase)
	if lerr != nil {
		return nil, "", &tool.InputError{Field: "pattern", Problem: err.Error()}
	}
	why := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
	if err := spanning(lit, in, true); err != nil {
		return nil, "", err
	}
	return lit, fmt.Sprintf("note: %q is not a valid regular expression (%s), so it was searched as plain text; say literal: true to do that on purpose, or escape the special characters.", in.Pattern, why), nil
}

// spanning gives a multiline search's matcher the expression that finds
// matches spanning lines.
func spanning(m *matcher, in SearchInput, literal bool) error {
	if !in.Multiline {
		return nil
	}
	span, err := compileSpanning(in.Pattern, literal, in.IgnoreCase, boolOr(in.Dotall, true))
	if err != nil {
		return &tool.InputError{Field: "pattern", Problem: err.Error()}
	}
	m.span = span
	return nil
}

// excludeMatcher compiles excludePattern, read as the pattern is (literal,
// ignoreCase); nil when there is none.
func excludeMatcher(in SearchInput) (*matcher, error) {
	if in.ExcludePattern == "" {
		return nil, nil
	}
	m, err := compileMatcher(in.ExcludePattern, in.Literal, in.IgnoreCase)
	if err != nil {
		return nil, &tool.InputError{Field: "excludePattern", Problem: "regex parse error: " + strings.TrimPrefix(err.Error(), "error parsing regexp: "),
			Hint: "Escape the special characters, or say literal: true to exclude lines holding the text."}
	}
	return m, nil
}

// searchOne searches a single file named by path.
func (t *toolset) searchOne(ctx context.Context, conf *searchConf, l roots.Loc) (*fileHits, error) {
	dir, err := l.Root.OS().OpenRoot(filepath.FromSlash(path.Dir(l.Rel)))
	if err != nil {
		return nil, t.argError(ctx, "path", t.files.Explain("search", l, err))
	}
	defer dir.Close()
	h := conf.searchFile(ctx, &worker{}, rootOnly(dir), path.Base(l.Rel), true)
	return &h, nil
}

// result assembles the answer: the hits, a status line, and what was left
// out. A page that stopped is cut here, at the last match that fits with
// the status line and notes, so its counts are those of what is shown and
// the continuation offset starts right after it.
func (r *searchRun) result(ctx context.Context, l roots.Loc, isDir bool, note string, stats *walkStats, spec walkSpec) tool.Result {
	where := r.t.show(l)
	if isDir {
		where += "/"
	}
	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	if r.binary > 0 {
		notes = append(notes, fmt.Sprintf("note: skipped %s.", text.Count(int64(r.binary), "binary file", "binary files")))
	}
	if len(r.errors) > 0 {
		notes = append(notes, "note: could not read "+strings.Join(r.errors, "; "))
	}
	if r.capped > 0 {
		notes = append(notes, fmt.Sprintf("note: showed at most %s a file (maxPerFile); %s more.",
			text.Count(int64(r.in.MaxPerFile), "match", "matches"), text.Count(int64(r.capped), "file has", "files have")))
	}
	notes = append(notes, skipNotes(stats, spec)...)
	res := tool.Result{Text: strings.TrimSuffix(r.b.String(), "\n"), Notes: notes, Records: r.records}
	unit := func(n int) string { return text.Count(int64(n), "match", "matches") }
	files := func(n int) string { return text.Count(int64(n), "file", "files") }
	stoppedHead := func(shown int) string {
		if r.in.FilesOnly {
			return fmt.Sprintf("%s with matches under %s (stopped at the output budget or maxResults)", r.span("file", "files", shown), where)
		}
		pageFiles := 0
		if shown > 0 {
			pageFiles = r.endFiles[shown-1]
		}
		return fmt.Sprintf("%s in %s under %s (stopped at the output budget or maxResults; searched %s so far)",
			r.span("match", "matches", shown), files(pageFiles), where, files(r.files))
	}
	switch {
	case r.stopped:
		// The status line of the whole page is at least as long as the
		// one of the part that fits.
		shown, ends := r.fit(r.t.call.Room().Less(append([]string{stoppedHead(len(r.ends))}, notes...)...), &res)
		res.Partial = true
		res.Next = nextOffset(r.in.Offset, ends)
		res.Head = stoppedHead(shown)
	case r.matched == 0:
		res.Empty = true
		res.Text = fmt.Sprintf("No matches for %q in %s under %s.", r.in.Pattern, files(r.files), where)
		if !r.in.IgnoreCase && strings.ToLower(r.in.Pattern) != strings.ToUpper(r.in.Pattern) {
			args := map[string]any{"pattern": r.in.Pattern, "ignoreCase": true}
			if r.in.Path != "" {
				args["path"] = r.in.Path
			}
			res.Text += " To ignore case: " + r.t.call.Suggest("fs.search", args)
		}
		res.Text += r.t.otherRoots(ctx, l)
	case r.in.Offset > 0 && r.shown == 0:
		what := "matches"
		if r.in.FilesOnly {
			what = "files with matches"
		}
		res.Text = fmt.Sprintf("No more %s after the first %d.", what, r.in.Offset)
		res.Empty = true
	case !isDir:
		res.Head = fmt.Sprintf("%s in %s", unit(r.matches), where)
		if r.in.Offset > 0 {
			res.Head += "; showing " + r.span("match", "matches", r.shown)
		}
	default:
		res.Head = fmt.Sprintf("%s in %s under %s (searched %s)", unit(r.matches), files(r.matched), where, files(r.files))
		switch {
		case r.in.Offset > 0 && r.in.FilesOnly:
			res.Head += "; showing " + r.span("file", "files", r.shown)
		case r.in.Offset > 0:
			res.Head += fmt.Sprintf("; showing %s in %s", r.span("match", "matches", r.shown), files(r.pageFiles))
		}
	}
	return res
}

// span names the n matches (or files) of this page by their numbers:
// "match 3", "matches 467-928".
func (r *searchRun) span(one, many string, n int) string {
	first := text.GroupDigits(int64(r.in.Offset + 1))
	if n == 1 {
		return one + " " + first
	}
	return fmt.Sprintf("%s %s-%s", many, first, text.GroupDigits(int64(r.in.Offset+n)))
}

// fit cuts res.Text, a page that stopped, at the last match that fits room
// (the call's room less the notes); it returns how many matches (or files)
// stay and where they end.
func (r *searchRun) fit(room tool.Room, res *tool.Result) (int, []int) {
	n := len(r.ends)
	for n > 0 && r.ends[n-1]-1 > room.Bytes {
		n--
	}
	if n == 0 {
		return len(r.ends), r.ends // not even one fits: the pipeline cuts
	}
	r.keepMarks(n)
	res.Text = strings.TrimSuffix(r.b.String(), "\n")
	res.Records = r.records
	return n, r.ends[:n]
}

// withGlobs marks the fields of a tool that hold globs.
func withGlobs(kinds map[string]tool.FieldForm, fields ...string) map[string]tool.FieldForm {
	for _, f := range fields {
		kinds[f] = tool.GlobKind
	}
	return kinds
}

// withPattern marks the pattern field of a search tool with its kind.
func withPattern(kind tool.FieldForm, kinds map[string]tool.FieldForm) map[string]tool.FieldForm {
	kinds["pattern"] = kind
	return kinds
}
