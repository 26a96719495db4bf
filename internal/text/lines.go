package text

import (
	"strings"
)

// LineCount is the number of lines s shows: its newlines, plus one for a
// last line without one.
func LineCount(s string) int {
	if s == "" {
		return 0
	}
	n := strings.Count(s, "\n")
	if !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
