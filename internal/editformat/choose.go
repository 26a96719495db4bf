package editformat

import (
	"fmt"
	"strings"
)

// choose picks the matches an edit replaces, or says why it cannot, and
// when it picked one of several, why that one.
func (a *applier) choose(work string, ms []match, e Edit, anchorLine int) ([]match, string, error) {
	n := len(ms)
	switch {
	case e.Count > 0:
		if n != e.Count {
			return nil, "", fmt.Errorf("its old text occurs %s (at %s), and %d were expected", times(n), linesWord(ms), e.Count)
		}
		return ms, "", nil
	case e.ReplaceAll || n == 1:
		return ms, "", nil
	case e.AtEnd && ms[n-1].end == len(work):
		return ms[n-1:], fmt.Sprintf("it occurs %d times (at lines %s); the last, which ends the file as *** End of File asks, was taken", n, listLines(ms)), nil
	case e.LineHint > 0:
		return a.nearest(ms, e.LineHint)
	case e.Anchor != "":
		return ms[:1], fmt.Sprintf("it occurs %d times after the @@ context line (line %d), at lines %s; the first was taken", n, anchorLine, listLines(ms)), nil
	case a.opt.InOrder && a.cursor > 0:
		var after []match
		for _, m := range ms {
			if m.start >= a.cursor {
				after = append(after, m)
			}
		}
		if len(after) == 1 {
			return after, fmt.Sprintf("it occurs %d times (at lines %s); the one at line %d, the only one after the previous edit, was taken", n, listLines(ms), after[0].line), nil
		}
	}
	return nil, "", fmt.Errorf("its old text occurs %d times, at lines %s; it must occur once: add lines around it to pick one, or replace them all", n, listLines(ms))
}

// nearest picks the match nearest the line hint h (a line of the text
// before any edit).
func (a *applier) nearest(ms []match, h int) ([]match, string, error) {
	at := a.hintNow(h)
	best, tie := 0, false
	for i, m := range ms[1:] {
		switch d, bd := abs(m.line-at), abs(ms[best].line-at); {
		case d < bd:
			best, tie = i+1, false
		case d == bd:
			tie = true
		}
	}
	if tie {
		return nil, "", fmt.Errorf("its old text occurs %d times, at lines %s, and two are as near its line hint %d; add lines around it to pick one", len(ms), listLines(ms), h)
	}
	return ms[best : best+1], fmt.Sprintf("it occurs %d times (at lines %s); the one at line %d, nearest the line hint %d, was taken", len(ms), listLines(ms), ms[best].line, h), nil
}

// times says how often: "once", "3 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// linesWord names the lines of matches: "line 4", "lines 1 and 3".
func linesWord(ms []match) string {
	if len(ms) == 1 {
		return "line " + listLines(ms)
	}
	return "lines " + listLines(ms)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// maxListed is how many lines a list of places names before "and N more".
const maxListed = 10

// listLines lists the first lines of matches: "3, 17 and 40".
func listLines(ms []match) string {
	parts := make([]string, 0, min(len(ms), maxListed+1))
	for i, m := range ms {
		if i == maxListed {
			parts = append(parts, fmt.Sprintf("%d more", len(ms)-maxListed))
			break
		}
		parts = append(parts, fmt.Sprint(m.line))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// span is the lines a match covers: "12-14", or "12".
func span(work string, m match) string {
	last := m.line + strings.Count(strings.TrimSuffix(work[m.start:m.end], "\n"), "\n")
	if last == m.line {
		return fmt.Sprint(m.line)
	}
	return fmt.Sprintf("%d-%d", m.line, last)
}

// describe is the note on an edit made: how it matched if not exactly,
// and which of several matches it took and why.
func (a *applier) describe(work string, chosen []match, e Edit, h how, why string) string {
	var parts []string
	if h.fold != 0 {
		where := make([]string, len(chosen))
		for i, m := range chosen {
			where[i] = span(work, m)
		}
		lines := "lines " + strings.Join(where, ", ")
		if len(chosen) == 1 && !strings.Contains(where[0], "-") {
			lines = "line " + where[0]
		}
		parts = append(parts, a.tolerance(work, chosen[0], e.OldText, h)+" at "+lines)
	}
	if why != "" {
		parts = append(parts, why)
	}
	return strings.Join(parts, "; ")
}

// tolerance says what a tolerant match ignored: "matched with trailing
// whitespace ignored".
func (a *applier) tolerance(work string, m match, old string, h how) string {
	region := work[m.start:m.end]
	if h.indent == "" {
		diffs := differences(region, old, h.fold)
		if len(diffs) == 0 {
			diffs = foldList(h.fold)
		}
		return "matched with " + andList(diffs) + " ignored"
	}
	what := append([]string{"indentation"}, differences(stripIndent(region), stripIndent(old), h.fold)...)
	return "matched with " + andList(what) + " ignored (" + h.indent + ")"
}

// stripIndent removes the leading whitespace of every line, to compare
// texts that differ in indentation for what else they differ in.
func stripIndent(s string) string {
	ls := strings.SplitAfter(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimLeft(l, " \t")
	}
	return strings.Join(ls, "")
}

// andList joins names as prose: "a", "a and b", "a, b and c".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// foldList names the differences f ignores.
func foldList(f fold) []string {
	var out []string
	for _, n := range foldNames {
		if f&n.f != 0 {
			out = append(out, n.name)
		}
	}
	return out
}
