package fs

import (
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// A path a model writes may not exist as written and still name exactly
// one existing path: in another Unicode normalization, with typographic
// quotes, with a shell's escapes, with mixed separators, with ~ for a home
// directory that is a root, or with a GitHub line fragment. The tools that
// only read or list use that one path, with a note naming it; several are
// an ambiguity, answered with the candidates. Writing tools never do: a
// write to a guessed path would be an ok that did something else.

// spelling is one reading of a path argument, and what it undid.
type spelling struct{ path, what string }

// lineFragment matches a GitHub permalink's line fragment: "#L10",
// "#L10-L12", "#L10-12".
var lineFragment = regexp.MustCompile(`#L\d+(?:C\d+)?(?:-L?\d+(?:C\d+)?)?$`)

// shellEscape matches a backslash before a character a shell user escapes
// in a file name (a space, quotes, brackets, &, ;, $, #, !, *).
var shellEscape = regexp.MustCompile(`\\([ '"()\[\]{}&;$#!*?|<>~=,])`)

// otherSpellings are the readings of p other than as written.
func otherSpellings(p string) []spelling {
	var out []spelling
	if loc := lineFragment.FindStringIndex(p); loc != nil && loc[0] > 0 {
		out = append(out, spelling{p[:loc[0]], "without the line fragment " + p[loc[0]:]})
	}
	if u := shellEscape.ReplaceAllString(p, "$1"); u != p {
		out = append(out, spelling{u, `without the shell escapes`})
	}
	if strings.Contains(p, `\`) {
		what := `with / for the Windows separators`
		if strings.Contains(p, "/") {
			what = `with / for the mixed separators`
		}
		out = append(out, spelling{strings.ReplaceAll(p, `\`, "/"), what})
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil && filepath.IsAbs(home) {
			out = append(out, spelling{filepath.Join(home, rest), "with ~ as the home directory, " + home})
		}
	}
	return out
}

// found is an existing path a spelling names.
type found struct {
	loc  roots.Loc
	what string
}

// locateExisting maps a path argument of a tool that only reads to a
// location: as written when that exists (or when no other spelling names
// an existing path: the caller then explains what is missing), else the
// one existing path another spelling names, with a note. Several are an
// error that lists them.
func (t *toolset) locateExisting(field, p string) (roots.Loc, error) {
	l, err := t.files.Locate(p)
	if err == nil && t.exists(l) {
		return l, nil
	}
	hits := t.respellings(p, l, err == nil)
	switch {
	case len(hits) == 1:
		t.note(fmt.Sprintf("note: %s does not exist as written; used %q, the one path it names %s", text.QuoteShort(p), t.show(hits[0].loc), hits[0].what))
		return hits[0].loc, nil
	case len(hits) > 1:
		var names []string
		for _, h := range hits {
			names = append(names, fmt.Sprintf("%q (%s)", t.show(h.loc), h.what))
		}
		return l, &tool.InputError{Field: field, Problem: fmt.Sprintf("%s does not exist as written, and it could name %s.", text.QuoteShort(p), strings.Join(names, " or ")),
			Hint: "Give the path of the one you mean."}
	case err != nil:
		return l, &tool.InputError{Field: field, Problem: err.Error(), Cause: err}
	}
	return l, nil
}

// respellings are the existing paths p names in another spelling; l is p
// as written, when it lies inside the roots (located).
func (t *toolset) respellings(p string, l roots.Loc, located bool) []found {
	var hits []found
	add := func(h found) {
		if !slices.ContainsFunc(hits, func(x found) bool { return x.loc.Abs() == h.loc.Abs() }) {
			hits = append(hits, h)
		}
	}
	respelled := func(at roots.Loc, what string) {
		for _, r := range t.files.Respelled(at) {
			diff := roots.SpellingDifference(at.Rel, r.Rel)
			if what != "" {
				diff = what + ", " + diff
			}
			add(found{r, diff})
		}
	}
	if located {
		respelled(l, "")
	}
	for _, s := range otherSpellings(p) {
		at, err := t.files.Locate(s.path)
		switch {
		case err != nil:
		case t.exists(at):
			add(found{at, s.what})
		default:
			respelled(at, s.what)
		}
	}
	return hits
}

// exists reports whether l names anything (a dangling link included).
func (t *toolset) exists(l roots.Loc) bool {
	_, err := l.Root.OS().Lstat(l.Native())
	return err == nil
}

// note adds a note to the call's answer.
func (t *toolset) note(s string) {
	if t.notes != nil && !slices.Contains(*t.notes, s) {
		*t.notes = append(*t.notes, s)
	}
}

// maxGlobReads is the most files a glob given as a path to fs.read or
// fs.stat is expanded into.
const maxGlobReads = 20

// expandPaths reads the path arguments of a tool that takes several: a
// path that does not exist as written and is a glob (src/*.go) is its
// matching files, when there are a few; one that holds a list ("a.go,
// b.go", or one a line) is its parts, when each exists. Anything else is
// kept as it is, for the tool to read or explain.
func (t *toolset) expandPaths(field string, paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if l, err := t.files.Locate(p); err == nil && t.exists(l) {
			out = append(out, p)
			continue
		}
		if hasGlob(p) {
			matches, err := t.globFiles(field, p)
			if err != nil {
				return nil, err
			}
			if len(matches) > 0 {
				t.note(fmt.Sprintf("note: read the glob %s as the %s it matches: %s", text.QuoteShort(p), text.Count(len(matches), "file", "files"), strings.Join(matches, ", ")))
				out = append(out, matches...)
				continue
			}
		}
		if parts := t.existingParts(p); parts != nil {
			t.note(fmt.Sprintf("note: read the path %s as the list %s: each part exists", text.QuoteShort(p), text.CompactJSON(parts)))
			out = append(out, parts...)
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

// hasGlob reports whether p holds glob syntax.
func hasGlob(p string) bool { return strings.ContainsAny(p, "*?[{") }

// errEnough stops a glob walk that found more than maxGlobReads files.
var errEnough = errors.New("enough matches")

// globFiles lists the files a glob matches inside the roots, as results
// show them; more than maxGlobReads is an error that names the call
// listing them.
func (t *toolset) globFiles(field, p string) ([]string, error) {
	pattern := filepath.ToSlash(p)
	if !doublestar.ValidatePattern(pattern) {
		return nil, nil
	}
	base, rest := doublestar.SplitPattern(pattern)
	l, err := t.files.Locate(base)
	if err != nil || !t.exists(l) {
		return nil, nil
	}
	fsys, err := iofs.Sub(l.Root.OS().FS(), l.Rel)
	if err != nil {
		return nil, nil
	}
	var matches []string
	err = doublestar.GlobWalk(fsys, rest, func(rel string, d iofs.DirEntry) error {
		if len(matches) == maxGlobReads {
			return errEnough
		}
		matches = append(matches, t.show(l.Join(rel)))
		return nil
	}, doublestar.WithFilesOnly(), doublestar.WithNoFollow())
	if errors.Is(err, errEnough) {
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%s is a glob that matches more than %d files, and a read takes at most %d from a glob.", text.QuoteShort(p), maxGlobReads, maxGlobReads),
			Hint: "List them with " + t.call.Suggest("fs.find", map[string]any{"pattern": rest, "path": t.show(l)}) + ", then read the ones you need."}
	}
	return matches, nil
}

// listSeparators split a path argument that holds several paths.
var listSeparators = regexp.MustCompile(`\s*[,\n]\s*`)

// existingParts splits p into the paths it lists, when it holds several
// and each exists (in some spelling); nil otherwise.
func (t *toolset) existingParts(p string) []string {
	if !strings.ContainsAny(p, ",\n") {
		return nil
	}
	parts := listSeparators.Split(strings.TrimSpace(p), -1)
	if len(parts) < 2 {
		return nil
	}
	for _, part := range parts {
		l, err := t.files.Locate(part)
		if part == "" || err != nil || !t.exists(l) && len(t.respellings(part, l, true)) != 1 {
			return nil
		}
	}
	return parts
}

// splitGlobPath splits a path argument that does not exist as written
// and is a glob into the directory to look in and the glob below it
// (src/*.go: src and *.go); ok is false for any other path.
func (t *toolset) splitGlobPath(p string) (dir, glob string, ok bool) {
	if p == "" || !hasGlob(p) {
		return "", "", false
	}
	if l, err := t.files.Locate(p); err == nil && t.exists(l) {
		return "", "", false
	}
	pattern := filepath.ToSlash(p)
	if !doublestar.ValidatePattern(pattern) {
		return "", "", false
	}
	base, rest := doublestar.SplitPattern(pattern)
	if base == "" {
		base = "."
	}
	return path.Clean(base), rest, true
}
