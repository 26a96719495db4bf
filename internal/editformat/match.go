package editformat

import (
	"fmt"
	"strings"
)

// match is one place an old text was found: the byte range [start, end)
// of the text, its first line (1-based), and how to turn the new text
// into what that place needs.
type match struct {
	start, end int
	line       int
	fit        func(newText string) string
}

// how says how the matches of one edit were found, for the note.
type how struct {
	fold   fold   // the differences the match ignored (0 for exact)
	indent string // with an indentation match: what it did to the new text
}

// exactMatches finds old in text as it is, from byte from on.
func exactMatches(text, old string, from int, whole bool) []match {
	var out []match
	lc := lineCounter{s: text, line: 1}
	for at := from; at <= len(text); {
		i := strings.Index(text[at:], old)
		if i < 0 {
			break
		}
		s := at + i
		if !whole || atLineStart(text, s) {
			out = append(out, match{start: s, end: s + len(old), line: lc.at(s)})
			at = s + len(old)
			continue
		}
		at = s + 1
	}
	return out
}

// foldMatches finds old in text with the differences f ignores. With
// trailing whitespace ignored, an old text that ends in spaces (and no
// line end) matches where the text's line ends after it.
func foldMatches(text, old string, from int, whole bool, f fold) []match {
	ft, fo := foldText(text, f), foldText(old, f).s
	lineEnd := false
	if f&foldTrailing != 0 {
		trimmed := strings.TrimRight(fo, " \t")
		fo, lineEnd = trimmed, len(trimmed) < len(fo)
	}
	if fo == "" {
		return nil
	}
	var out []match
	lc := lineCounter{s: text, line: 1}
	for at := 0; at < len(ft.s); {
		i := strings.Index(ft.s[at:], fo)
		if i < 0 {
			break
		}
		a, b := at+i, at+i+len(fo)
		s, e := ft.start[a], ft.end[b-1]
		onUnits := (a == 0 || ft.start[a-1] != s) && (b == len(ft.s) || ft.start[b] != ft.start[b-1])
		endsLine := b == len(ft.s) || ft.s[b] == '\n'
		if !onUnits || s < from || whole && !atLineStart(text, s) || lineEnd && !endsLine {
			at = a + 1
			continue
		}
		out = append(out, match{start: s, end: e, line: lc.at(s)})
		at = b
	}
	return out
}

// indentMatches finds old as whole lines of text that differ from it in
// indentation by the same amount on every line (as well as in what the
// strictest fold ignores), as Aider's replace_part_with_missing_leading_
// whitespace does, or else in the way each level is indented (two spaces
// for a tab), consistently. The new text is re-indented the same way.
func indentMatches(text, old string, from int) ([]match, string) {
	tl, ol := textLines(text), strings.Split(strings.TrimSuffix(old, "\n"), "\n")
	all := foldLevels[len(foldLevels)-1]
	ft, fo := foldLines(bodies(tl), all), foldLines(ol, all)
	var out []match
	desc := ""
	for w := 0; w+len(ol) <= len(tl); w++ {
		if tl[w].start < from {
			continue
		}
		sh, ok := indentChange(ft[w:w+len(ol)], fo)
		if !ok {
			continue
		}
		end := tl[w+len(ol)-1].end
		if !strings.HasSuffix(old, "\n") {
			end = tl[w+len(ol)-1].start + len(tl[w+len(ol)-1].body)
		}
		file := bodies(tl[w : w+len(ol)])
		out = append(out, match{start: tl[w].start, end: end, line: w + 1, fit: func(nt string) string {
			return carryLines(nt, ol, file, sh.apply)
		}})
		desc = sh.String()
	}
	return out, desc
}

// textLine is one line of a text: its offsets and its body (no line end).
type textLine struct {
	start, end int // end is past the line end
	body       string
}

func textLines(s string) []textLine {
	var out []textLine
	for at := 0; at < len(s); {
		i := strings.IndexByte(s[at:], '\n')
		end := len(s)
		if i >= 0 {
			end = at + i + 1
		}
		out = append(out, textLine{start: at, end: end, body: strings.TrimRight(s[at:end], "\r\n")})
		at = end
	}
	return out
}

func bodies(ls []textLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.body
	}
	return out
}

// shift is a uniform change of indentation: add (or, if remove, take
// away) prefix at the start of every non-blank line.
type shift struct {
	prefix string
	remove bool
}

func (s shift) apply(l string) string {
	switch {
	case strings.TrimSpace(l) == "":
		return l
	case s.remove:
		return strings.TrimPrefix(l, s.prefix)
	}
	return s.prefix + l
}

func (s shift) String() string {
	what := fmt.Sprintf("%d spaces", len(s.prefix))
	if strings.Trim(s.prefix, "\t") == "" {
		what = fmt.Sprintf("%d tabs", len(s.prefix))
	} else if strings.Trim(s.prefix, " ") != "" {
		what = fmt.Sprintf("%q", s.prefix)
	}
	if s.remove {
		return "the new text was indented " + what + " less, as the file is"
	}
	return "the new text was indented " + what + " more, as the file is"
}

// reindenter is a change of indentation the new text of a match takes.
type reindenter interface {
	apply(line string) string
	String() string
}

// indentChange finds how the old lines' indentation becomes the file's:
// a uniform shift, or else a consistent map from each indentation of the
// old text to one of the file (spaces for tabs).
func indentChange(file, old []string) (reindenter, bool) {
	if sh, ok := shiftBetween(file, old); ok {
		return sh, true
	}
	return mapBetween(file, old)
}

// indentMap maps each indentation of the old text to the file's: the
// old text was indented in another way (two spaces where the file has a
// tab), each level consistently.
type indentMap map[string]string

// apply gives a new line the file's indentation: the longest old
// indentation its own starts with is replaced by the file's.
func (m indentMap) apply(l string) string {
	if strings.TrimSpace(l) == "" {
		return l
	}
	ind := leading(l)
	best, found := "", false
	for from := range m {
		if strings.HasPrefix(ind, from) && (!found || len(from) > len(best)) {
			best, found = from, true
		}
	}
	if !found {
		return l
	}
	return m[best] + l[len(best):]
}

func (m indentMap) String() string {
	return "the new text was re-indented line by line as the file is"
}

// mapBetween finds an indentMap that turns the old lines into the file's,
// both folded, the lines otherwise equal: every indentation of the old
// lines stands for one indentation of the file, and deeper stays deeper.
func mapBetween(file, old []string) (indentMap, bool) {
	pairs, ok := indentPairs(file, old)
	if !ok {
		return nil, false
	}
	m := indentMap{}
	back := map[string]string{}
	for _, p := range pairs {
		fi, oi := p.file, p.old
		if prev, seen := m[oi]; seen && prev != fi {
			return nil, false
		}
		if prev, seen := back[fi]; seen && prev != oi {
			return nil, false
		}
		m[oi], back[fi] = fi, oi
	}
	for o1, f1 := range m {
		for o2, f2 := range m {
			if len(o1) < len(o2) && len(f1) >= len(f2) {
				return nil, false
			}
		}
	}
	changed := false
	for o, f := range m {
		changed = changed || o != f
	}
	return m, changed
}

// shiftBetween finds the uniform indentation change that turns the old
// lines into the file's, both folded, the lines otherwise equal.
func shiftBetween(file, old []string) (shift, bool) {
	var sh shift
	pairs, ok := indentPairs(file, old)
	if !ok {
		return sh, false
	}
	decided := false
	for _, p := range pairs {
		fi, oi := p.file, p.old
		if !decided {
			switch {
			case strings.HasSuffix(fi, oi):
				sh = shift{prefix: fi[:len(fi)-len(oi)]}
			case strings.HasSuffix(oi, fi):
				sh = shift{prefix: oi[:len(oi)-len(fi)], remove: true}
			default:
				return sh, false
			}
			decided = true
		}
		if sh.remove && oi != sh.prefix+fi || !sh.remove && fi != sh.prefix+oi {
			return sh, false
		}
	}
	return sh, decided && sh.prefix != ""
}

// indentPair is the indentation of one file line and of the old line it
// stands for.
type indentPair struct{ file, old string }

// indentPairs are the indentations of the lines of file and old, line by
// line, leaving out lines blank in both; false when two lines differ in
// more than their indentation.
func indentPairs(file, old []string) ([]indentPair, bool) {
	pairs := make([]indentPair, 0, len(old))
	for i, ol := range old {
		fl := file[i]
		if strings.TrimSpace(fl) == "" && strings.TrimSpace(ol) == "" {
			continue
		}
		fi, oi := leading(fl), leading(ol)
		if fl[len(fi):] != ol[len(oi):] {
			return nil, false
		}
		pairs = append(pairs, indentPair{fi, oi})
	}
	return pairs, true
}

func leading(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// carryLines writes the new text for a place whose lines (file) matched
// the old text's lines (old): a new line that is one of the old lines
// unchanged is written as the file has it, so that the differences the
// match ignored stay as the file had them; any other line is passed
// through change.
func carryLines(newText string, old, file []string, change func(string) string) string {
	same := map[string]string{}
	for i, o := range old {
		if i >= len(file) {
			break
		}
		if prev, seen := same[o]; seen && prev != file[i] {
			same[o] = "\x00" // the same old line stands for different file lines: carry neither
			continue
		}
		same[o] = file[i]
	}
	nl := strings.Split(newText, "\n")
	for i, l := range nl {
		if i == len(nl)-1 && l == "" {
			break
		}
		body := strings.TrimSuffix(l, "\r")
		if f, ok := same[body]; ok && f != "\x00" {
			nl[i] = f
		} else {
			nl[i] = change(body)
		}
	}
	return strings.Join(nl, "\n")
}

// atLineStart reports whether offset i of s starts a line.
func atLineStart(s string, i int) bool { return i == 0 || s[i-1] == '\n' }

// lineAt is the 1-based line of offset i of s.
func lineAt(s string, i int) int { return strings.Count(s[:i], "\n") + 1 }

// foldLines folds each line by f.
func foldLines(ls []string, f fold) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = foldText(l, f).s
	}
	return out
}

// lineCounter gives the lines of ascending offsets of s without counting
// from the top each time.
type lineCounter struct {
	s         string
	pos, line int
}

func (c *lineCounter) at(i int) int {
	c.line += strings.Count(c.s[c.pos:i], "\n")
	c.pos = i
	return c.line
}
