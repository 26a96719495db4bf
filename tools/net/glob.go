package net

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// urlGlob is a URL with curl's globs: {a,b,c} sets and [1-10], [001-100],
// [a-z], [0-100:5] ranges. It expands to every combination, the rightmost
// glob changing fastest, as curl requests them.
type urlGlob struct {
	parts []globPart
}

// globPart is a literal (one value, index -1) or a glob with its values.
type globPart struct {
	values []string
	index  int // 1-based number of the glob (#1, #2 in -o); 0 for a literal
}

// globError is a URL curl would refuse to glob: exit 3, with the message and
// the 1-based position curl points at.
type globError struct {
	url, problem string
	pos          int
}

func (e *globError) Error() string {
	if e.pos == 0 {
		return e.problem
	}
	return fmt.Sprintf("%s in URL position %d:\n%s\n%s^", e.problem, e.pos, e.url, strings.Repeat(" ", e.pos-1))
}

// maxGlobURLs bounds the URLs one glob may expand to.
const maxGlobURLs = 1000

// parseGlob reads a URL's globs as curl's tool_urlglob.c does: a backslash
// escapes [ ] { }, "[]" and an IPv6 literal such as [::1] are not globs, and
// sets and ranges do not nest.
func parseGlob(url string) (*urlGlob, error) {
	g := &urlGlob{}
	gp := &globParser{url: url, pos: 1}
	count := 0
	s := url
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			g.parts = append(g.parts, globPart{values: []string{lit.String()}})
			lit.Reset()
		}
	}
	for len(s) > 0 {
		switch c := s[0]; {
		case c == '[' && (ipv6Literal(s) > 0 || strings.HasPrefix(s, "[]")):
			skip := max(ipv6Literal(s), 2)
			lit.WriteString(s[:skip])
			s, gp.pos = s[skip:], gp.pos+skip
		case c == '[' || c == '{':
			read := gp.setGlob
			if c == '[' {
				read = gp.rangeGlob
			}
			flush()
			count++
			part, rest, err := read(s[1:], count)
			if err != nil {
				return nil, err
			}
			g.parts, s = append(g.parts, part), rest
		case c == '}' || c == ']':
			return nil, &globError{url: url, problem: "unmatched close brace/bracket", pos: gp.pos}
		case c == '\\' && len(s) > 1 && strings.IndexByte("{}[]", s[1]) >= 0:
			lit.WriteByte(s[1])
			s, gp.pos = s[2:], gp.pos+2
		default:
			lit.WriteByte(c)
			s, gp.pos = s[1:], gp.pos+1
		}
	}
	flush()
	if g.count() > maxGlobURLs {
		return nil, &globError{url: url, problem: fmt.Sprintf("the globs expand to %d URLs; the most is %d", g.count(), maxGlobURLs)}
	}
	return g, nil
}

// globParser tracks the position in the URL for error messages.
type globParser struct {
	url string
	pos int
}

func (gp *globParser) fail(problem string, pos int) error {
	return &globError{url: gp.url, problem: problem, pos: pos}
}

// setGlob reads "a,b,c}" after a '{'.
func (gp *globParser) setGlob(s string, index int) (globPart, string, error) {
	open := gp.pos
	gp.pos++
	part := globPart{index: index}
	var elem strings.Builder
	for i := 0; ; i++ {
		if i >= len(s) {
			return part, "", gp.fail("unmatched brace", open)
		}
		switch c := s[i]; c {
		case '{', '[':
			return part, "", gp.fail("nested brace", gp.pos)
		case ']':
			return part, "", gp.fail("unexpected close bracket", gp.pos)
		case '}':
			if i == 0 {
				return part, "", gp.fail("empty string within braces", gp.pos)
			}
			part.values = append(part.values, elem.String())
			gp.pos++
			return part, s[i+1:], nil
		case ',':
			part.values = append(part.values, elem.String())
			elem.Reset()
			gp.pos++
		case '\\':
			if i+1 < len(s) {
				i++
				gp.pos++
			}
			elem.WriteByte(s[i])
			gp.pos++
		default:
			elem.WriteByte(c)
			gp.pos++
		}
	}
}

// rangeGlob reads "1-10]", "001-100]", "a-z]" or "0-100:5]" after a '['.
// A bad range is reported where curl reports it: after the part it could
// read.
func (gp *globParser) rangeGlob(s string, index int) (globPart, string, error) {
	gp.pos++
	var (
		values []string
		off    int
		ok     bool
	)
	switch {
	case s != "" && isLetter(s[0]):
		values, off, ok = letterRange(s)
	case s != "" && isDigit(s[0]):
		values, off, ok = numberRange(s)
	default:
		return globPart{}, "", gp.fail("bad range specification", gp.pos)
	}
	if !ok {
		return globPart{}, "", gp.fail("bad range", gp.pos+off)
	}
	gp.pos += off
	return globPart{values: values, index: index}, s[off:], nil
}

// letterRange reads "a-z]" or "a-z:2]": one letter to another of the same
// run of at most 26. off is how far curl's reading got.
func letterRange(s string) (values []string, off int, ok bool) {
	if len(s) < 4 || s[1] != '-' {
		return nil, 0, false
	}
	lo, hi, step := s[0], s[2], 1
	switch s[3] {
	case ']':
		off = 4
	case ':':
		n, rest := leadingDigits(s[4:])
		v, err := strconv.Atoi(n)
		if err != nil || v <= 0 || !strings.HasPrefix(rest, "]") {
			return nil, 0, false
		}
		step, off = v, len(s)-len(rest)+1
	default:
		return nil, 0, false
	}
	if lo == hi && step != 1 || lo != hi && (lo > hi || step > int(hi-lo) || hi-lo > 'z'-'a') {
		return nil, off, false
	}
	for c := int(lo); c <= int(hi); c += step {
		values = append(values, string(rune(c)))
	}
	return values, off, true
}

// numberRange reads "1-10]", "001-100]" (zero-padded to the start's
// width) or "0-100:5]".
func numberRange(s string) (values []string, off int, ok bool) {
	from, rest := leadingDigits(s)
	if !strings.HasPrefix(rest, "-") {
		return nil, 0, false
	}
	rest = strings.TrimLeft(rest[1:], " \t")
	off = len(s) - len(rest)
	to, rest := leadingDigits(rest)
	if to == "" {
		return nil, off, false
	}
	step := "1"
	if strings.HasPrefix(rest, ":") {
		off = len(s) - len(rest) + 1
		step, rest = leadingDigits(rest[1:])
	}
	if !strings.HasPrefix(rest, "]") {
		return nil, off, false
	}
	off = len(s) - len(rest) + 1
	lo, err1 := strconv.ParseUint(from, 10, 63)
	hi, err2 := strconv.ParseUint(to, 10, 63)
	st, err3 := strconv.ParseUint(step, 10, 63)
	if err1 != nil || err2 != nil || err3 != nil || st == 0 || lo == hi && st != 1 || lo != hi && (lo > hi || st > hi-lo) {
		return nil, off, false
	}
	pad := 0
	if from[0] == '0' {
		pad = len(from)
	}
	for n := lo; n <= hi && len(values) <= maxGlobURLs; n += st {
		values = append(values, fmt.Sprintf("%0*d", pad, n))
	}
	return values, off, true
}

// leadingDigits splits s after its leading decimal digits.
func leadingDigits(s string) (digits, rest string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ipv6Literal returns the length of "[addr]" at the start of s when addr is
// an IPv6 address (a zone allowed, as %25 or %), else 0.
func ipv6Literal(s string) int {
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return 0
	}
	addr := strings.Replace(s[1:end], "%25", "%", 1)
	if a, err := netip.ParseAddr(addr); err != nil || !a.Is6() {
		return 0
	}
	return end + 1
}

// count is how many URLs the glob expands to.
func (g *urlGlob) count() int {
	n := 1
	for _, p := range g.parts {
		n *= len(p.values)
		if n > maxGlobURLs {
			return n
		}
	}
	return n
}

// globURL is one URL of an expansion and the value each glob took.
type globURL struct {
	url    string
	values []string // values[i] is the value of glob #i+1
}

// expand lists every URL, the rightmost glob changing fastest.
func (g *urlGlob) expand() []globURL {
	idx := make([]int, len(g.parts))
	var out []globURL
	for {
		var b strings.Builder
		var vals []string
		for i, p := range g.parts {
			b.WriteString(p.values[idx[i]])
			if p.index > 0 {
				vals = append(vals, p.values[idx[i]])
			}
		}
		out = append(out, globURL{url: b.String(), values: vals})
		i := len(idx) - 1
		for ; i >= 0; i-- {
			if idx[i]++; idx[i] < len(g.parts[i].values) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return out
		}
	}
}

// fillGlobName replaces #1, #2… in an output file name with the values the
// globs took; a # followed by a number that names no glob stays as it is.
func fillGlobName(name string, values []string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if name[i] != '#' {
			b.WriteByte(name[i])
			continue
		}
		j := i + 1
		for j < len(name) && name[j] >= '0' && name[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(name[i+1 : j])
		if err != nil || n < 1 || n > len(values) {
			b.WriteByte('#')
			continue
		}
		b.WriteString(values[n-1])
		i = j - 1
	}
	return b.String()
}
