package fs

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// maxGlobLen bounds a glob pattern's length.
const maxGlobLen = 4096

// glob is a compiled glob pattern (doublestar's syntax: *, **, ?, [set],
// {a,b}, \ escapes). It is translated to a Go regular expression, which
// matches in time linear in the name whatever the pattern: a backtracking
// matcher takes time exponential in the number of {a,b} groups, and a
// pattern of forty of them would burn CPU for hours on every name.
type glob struct {
	pattern string
	re      *regexp.Regexp
}

// compileGlob checks and compiles a glob pattern. The error says what is
// wrong, without the field name.
func compileGlob(pattern string) (*glob, error) {
	if len(pattern) > maxGlobLen {
		return nil, fmt.Errorf("the pattern is %d bytes long; the most is %d", len(pattern), maxGlobLen)
	}
	if !doublestar.ValidatePattern(pattern) {
		return nil, fmt.Errorf("%q is not a valid glob", pattern)
	}
	var b strings.Builder
	b.WriteString(`(?s)^`)
	translateGlob(&b, pattern)
	b.WriteString(`$`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("%q is too complex a glob (%v)", pattern, err)
	}
	return &glob{pattern: pattern, re: re}, nil
}

// match reports whether name (slash-separated) matches the whole pattern.
func (g *glob) match(name string) bool { return g.re.MatchString(name) }

// translateGlob writes the regular expression of a valid glob pattern.
func translateGlob(b *strings.Builder, p string) {
	depth := 0 // open {…} groups
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			i++
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		case c == '/' && globstarAt(p, i+1) && segmentEnd(p, i+3):
			i += 2
			if i+1 < len(p) && p[i+1] == '/' && segmentEnd(p, i+2) {
				b.WriteString(`(?:/|/.*/)?`) // a/**/ matches a and the directories below it
				i++
			} else {
				b.WriteString(`(?:/.*)?`) // a/** matches a and everything below it
			}
		case c == '*' && globstarAt(p, i) && segmentStart(p, i):
			if i+2 < len(p) && p[i+2] == '/' {
				b.WriteString(`(?:.*/)?`) // **/ matches no directory or any
				i += 2
			} else {
				b.WriteString(`.*`)
				i++
			}
		case c == '*':
			b.WriteString(`[^/]*`)
			for i+1 < len(p) && p[i+1] == '*' {
				i++ // ** inside a name is *
			}
		case c == '?':
			b.WriteString(`[^/]`)
		case c == '[':
			i = translateClass(b, p, i)
		case c == '{':
			depth++
			b.WriteString(`(?:`)
		case c == ',' && depth > 0:
			b.WriteString(`|`)
		case c == '}' && depth > 0:
			depth--
			b.WriteString(`)`)
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
}

// globstarAt reports whether p has ** at i.
func globstarAt(p string, i int) bool { return strings.HasPrefix(p[min(i, len(p)):], "**") }

// segmentStart reports whether i starts a path segment (or an alternative).
func segmentStart(p string, i int) bool {
	return i == 0 || strings.IndexByte("/{,", p[i-1]) >= 0 && (i < 2 || p[i-2] != '\\')
}

// segmentEnd reports whether i ends a path segment (or an alternative).
func segmentEnd(p string, i int) bool {
	return i >= len(p) || strings.IndexByte("/},", p[i]) >= 0
}

// translateClass writes the [set] starting at p[i] as a regexp class that
// never matches a slash, and returns the index of its closing bracket.
func translateClass(b *strings.Builder, p string, i int) int {
	j := i + 1
	negate := j < len(p) && (p[j] == '!' || p[j] == '^')
	if negate {
		j++
	}
	b.WriteString("[")
	if negate {
		b.WriteString("^/")
	}
	for ; j < len(p) && (p[j] != ']' || j == i+1 || negate && j == i+2); j++ {
		c := p[j]
		if c == '\\' && j+1 < len(p) {
			j++
			c = p[j]
		}
		rangeDash := c == '-' && p[j-1] != '\\' && j > i+1 && !(negate && j == i+2) && j+1 < len(p) && p[j+1] != ']'
		if strings.IndexByte(`\[]^-`, c) >= 0 && !rangeDash {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	b.WriteString("]")
	return j
}
