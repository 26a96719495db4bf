package tools

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// CutUTF8 cuts s to at most n bytes without splitting a character.
func CutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// GroupDigits writes 24576 as 24,576.
func GroupDigits(n int64) string {
	if n < 0 {
		return "-" + GroupDigits(-n)
	}
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
