package editformat

import (
	"fmt"
	"strings"

	"github.com/agnivade/levenshtein"
)

// maxCompare bounds the work of edit distances in a search for the
// closest region: every file line meets every old line once, so the work
// is the file's characters times the old text's. Above it lines are
// compared by the prefix and suffix they share, which takes a pass.
const maxCompare = 20_000_000

// notFound explains an old text found nowhere: the region of the text
// most like it, numbered, and the first line where the two differ, as
// Aider and Codex answer a block that does not apply.
func (a *applier) notFound(work string, e Edit, from int) error {
	tried := "exactly"
	if !a.opt.Exact {
		tried = "exactly or with line endings, trailing whitespace, Unicode form, typographic quotes and dashes, or indentation ignored"
	}
	where := ""
	if from > 0 {
		where = fmt.Sprintf(" after line %d", lineAt(work, from)-1)
		if e.Anchor != "" {
			where += " (its @@ context line)"
		}
	}
	inside := ""
	if i := strings.Index(work[from:], strings.TrimSuffix(e.OldText, "\n")); e.WholeLines && i >= 0 {
		inside = fmt.Sprintf(" It does occur inside line %d, but this format replaces whole lines.", lineAt(work, from+i))
	}
	lines := textLines(work[from:])
	old := strings.Split(strings.TrimSuffix(strings.ReplaceAll(e.OldText, "\r\n", "\n"), "\n"), "\n")
	if len(lines) == 0 {
		return fmt.Errorf("its old text is not in the file%s: there is nothing there to match", where)
	}
	best, ok := closestRegion(lines, old)
	if !ok {
		return fmt.Errorf("its old text is not in the file%s, %s, and no region is like it; its first line is %q.%s Read the file again and copy the lines to change exactly", where, tried, old[0], inside)
	}
	base := lineAt(work, from) - 1
	n := min(len(old), len(lines)-best)
	var b strings.Builder
	region := fmt.Sprintf("lines %d-%d", base+best+1, base+best+n)
	if n == 1 {
		region = fmt.Sprintf("line %d", base+best+1)
	}
	fmt.Fprintf(&b, "its old text is not in the file%s, %s.%s The closest text is at %s:\n", where, tried, inside, region)
	for k := best; k < best+n; k++ {
		fmt.Fprintf(&b, "%6d\t%s\n", base+k+1, lines[k].body)
	}
	b.WriteString(firstDifference(lines[best:best+n], old, base+best+1))
	return fmt.Errorf("%s", b.String())
}

// closestRegion finds the run of len(old) lines most like old: each line
// scores by how little it must change to become its old line, ignoring
// surrounding whitespace. It is not ok when no line is like any.
func closestRegion(lines []textLine, old []string) (int, bool) {
	n := min(len(old), len(lines))
	fileChars, oldChars := 0, 0
	for _, l := range lines {
		fileChars += len(l.body)
	}
	for _, o := range old {
		oldChars += len(o)
	}
	useDistance := fileChars*oldChars <= maxCompare
	best, bestScore := 0, 0.0
	for w := 0; w+n <= len(lines); w++ {
		score := 0.0
		for k := range n {
			score += likeness(strings.TrimSpace(lines[w+k].body), strings.TrimSpace(old[k]), useDistance)
		}
		if score > bestScore {
			best, bestScore = w, score
		}
	}
	return best, bestScore >= 0.5
}

// likeness is 1 for equal lines, 0 for lines with nothing in common, and
// in between (with distances) by the share of characters that stay.
func likeness(a, b string, useDistance bool) float64 {
	switch {
	case a == b:
		return 1
	case a == "" || b == "":
		return 0
	}
	long := max(len(a), len(b))
	if min(len(a), len(b))*3 < long {
		return 0
	}
	if !useDistance {
		return float64(sharedEnds(a, b)) / float64(long)
	}
	return 1 - float64(levenshtein.ComputeDistance(a, b))/float64(long)
}

// firstDifference says which line of a region differs from the old text
// and how, and how many others do.
func firstDifference(region []textLine, old []string, first int) string {
	var diff []int
	for k := range region {
		if strings.TrimSpace(region[k].body) != strings.TrimSpace(old[k]) {
			diff = append(diff, k)
		}
	}
	if len(diff) == 0 {
		return "It differs only in whitespace the tolerant match does not ignore (tabs against spaces, or spaces inside lines)."
	}
	k := diff[0]
	msg := fmt.Sprintf("Line %d differs: the file has %q where the old text has %q.", first+k, region[k].body, old[k])
	if len(diff) > 1 {
		msg += fmt.Sprintf(" %d other lines of the %d differ as well.", len(diff)-1, len(region))
	}
	if len(old) > len(region) {
		msg += fmt.Sprintf(" The old text has %d lines; the file ends after %d of them.", len(old), len(region))
	}
	return msg + " Read the file again and copy the lines to change exactly."
}

// sharedEnds is how many bytes a and b share at their start and end.
func sharedEnds(a, b string) int {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	return p + q
}
