package editformat

import (
	"regexp"
	"strings"
)

// line is one line of an edit text with its 1-based number there, its
// line end (and any carriage return) removed.
type line struct {
	n    int
	text string
}

// splitLines cuts an edit text into lines. A final line end does not
// start another line.
func splitLines(text string) []line {
	if text == "" {
		return nil
	}
	parts := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	out := make([]line, len(parts))
	for i, p := range parts {
		out[i] = line{n: i + 1, text: strings.TrimSuffix(p, "\r")}
	}
	return out
}

// trimBlank drops the blank lines at both ends.
func trimBlank(ls []line) []line {
	for len(ls) > 0 && strings.TrimSpace(ls[0].text) == "" {
		ls = ls[1:]
	}
	for len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1].text) == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

var (
	fenceLine = regexp.MustCompile("^\\s*(```|~~~)[\\w+.-]*\\s*$")
	// heredocOpen is "apply_patch <<'EOF'", "<<EOF", "cat <<-\"PATCH\"" and
	// the like, alone on the first line; the group is the delimiter.
	heredocOpen = regexp.MustCompile(`^\s*(?:[\w./-]+\s+)?<<-?\s*(?:'(\w+)'|"(\w+)"|(\w+))\s*$`)
)

// peel removes what models wrap around an edit text: a Markdown fence
// around all of it, and a shell heredoc ("apply_patch <<'EOF'" … "EOF").
// It returns the inner lines and what was removed, for a note.
func peel(ls []line) ([]line, string) {
	ls = trimBlank(ls)
	var peeled []string
	for len(ls) >= 2 {
		first, last := ls[0].text, strings.TrimSpace(ls[len(ls)-1].text)
		if fenceLine.MatchString(first) && fenceLine.MatchString(last) && strings.HasPrefix(last, strings.TrimSpace(first)[:3]) {
			ls, peeled = trimBlank(ls[1:len(ls)-1]), append(peeled, "a Markdown code fence")
			continue
		}
		if m := heredocOpen.FindStringSubmatch(first); m != nil && last == m[1]+m[2]+m[3] {
			ls, peeled = trimBlank(ls[1:len(ls)-1]), append(peeled, "a shell heredoc ("+strings.TrimSpace(first)+" … "+last+")")
			continue
		}
		break
	}
	return ls, strings.Join(peeled, " and ")
}

// joinLines joins lines, each with a line end.
func joinLines(ls []string) string {
	if len(ls) == 0 {
		return ""
	}
	return strings.Join(ls, "\n") + "\n"
}
