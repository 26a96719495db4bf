package fs

import (
	"bufio"
	"bytes"
	"os"
	"strings"

	"f0/internal/roots"
)

// A .gitignore matcher built on doublestar, which already implements the
// glob syntax gitignore uses (*, ?, [...], **). The rules follow
// gitignore(5): blank lines and # comments are skipped, ! negates, a
// trailing / matches directories only, a pattern with a slash anywhere but
// at its end is anchored to the directory of its .gitignore, other patterns
// match a name at any depth below it; deeper files and later lines win.
// Directories that match are not walked into, which also gives git's rule
// that nothing inside an ignored directory can be re-included.

// ignoreRule is one pattern line of a .gitignore.
type ignoreRule struct {
	base     string // the .gitignore's directory, root-relative
	pattern  *glob
	negate   bool
	dirOnly  bool
	anchored bool
	// fast paths for the common unanchored forms: an exact name, "*.ext"
	exact, suffix string
}

// ignorer is the rules of one .gitignore, chained to those of the
// directories above it.
type ignorer struct {
	parent *ignorer
	rules  []ignoreRule
	file   string // the ignore file's name (.gitignore)
}

// maxIgnoreFile bounds the size of a .gitignore that is read.
const maxIgnoreFile = 1 << 20

// load returns the matcher for the directory rel (open as dir): ig plus the
// rules of the ignore file name there (.gitignore), or ig itself when
// there is no such file.
func (ig *ignorer) load(dir *os.Root, rel, name string) *ignorer {
	f, err := roots.OpenRead(dir, name)
	if err != nil {
		return ig
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() || info.Size() > maxIgnoreFile {
		return ig
	}
	rules := parseIgnore(f, rel)
	if len(rules) == 0 {
		return ig
	}
	return &ignorer{parent: ig, rules: rules, file: name}
}

// parseIgnore reads the rules of a .gitignore in directory base.
func parseIgnore(f interface{ Read([]byte) (int, error) }, base string) []ignoreRule {
	var rules []ignoreRule
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), maxIgnoreFile)
	for sc.Scan() {
		if r, ok := parseIgnoreLine(string(bytes.TrimRight(sc.Bytes(), "\r")), base); ok {
			rules = append(rules, r)
		}
	}
	return rules
}

// parseIgnoreLine turns one line into a rule; ok is false for blanks and
// comments.
func parseIgnoreLine(line, base string) (ignoreRule, bool) {
	r := ignoreRule{base: base}
	line = trimTrailingSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return r, false
	}
	if strings.HasPrefix(line, "!") {
		r.negate, line = true, line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if strings.HasPrefix(line, "/") {
		r.anchored, line = true, strings.TrimLeft(line, "/")
	}
	if strings.Contains(line, "/") {
		r.anchored = true
	}
	if line == "" {
		return r, false
	}
	g, err := compileGlob(line)
	if err != nil {
		return r, false
	}
	r.pattern = g
	if !r.anchored {
		switch {
		case !strings.ContainsAny(line, `*?[\`):
			r.exact = line
		case strings.HasPrefix(line, "*") && !strings.ContainsAny(line[1:], `*?[\`):
			r.suffix = line[1:]
		}
	}
	return r, true
}

// trimTrailingSpace drops trailing spaces unless escaped with a backslash.
func trimTrailingSpace(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	return s
}

// ignored reports whether the entry rel (named name) is ignored: the last
// matching rule of the deepest .gitignore that has one decides.
func (ig *ignorer) ignored(rel, name string, isDir bool) bool {
	return ig.rule(rel, name, isDir) != nil
}

// rule is the ignore file whose rule ignores the entry, or nil.
func (ig *ignorer) rule(rel, name string, isDir bool) *ignorer {
	for g := ig; g != nil; g = g.parent {
		for i := len(g.rules) - 1; i >= 0; i-- {
			if g.rules[i].match(rel, name, isDir) {
				if g.rules[i].negate {
					return nil
				}
				return g
			}
		}
	}
	return nil
}

func (r *ignoreRule) match(rel, name string, isDir bool) bool {
	if r.dirOnly && !isDir {
		return false
	}
	switch {
	case r.exact != "":
		return name == r.exact
	case r.suffix != "":
		return strings.HasSuffix(name, r.suffix)
	case !r.anchored:
		return r.pattern.match(name)
	}
	sub := rel
	if r.base != "." {
		rest, ok := strings.CutPrefix(rel, r.base+"/")
		if !ok {
			return false
		}
		sub = rest
	}
	return r.pattern.match(sub)
}
