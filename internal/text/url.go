package text

import (
	"fmt"
	"strings"
)

// EncodeURL percent-encodes the bytes a URL's path, query and fragment
// cannot hold as they are, as a browser does, and counts the characters it
// encoded; existing escapes, every reserved character and the scheme and
// host stay (a space in a host name has no encoding).
func EncodeURL(s string) (string, int) {
	rest := s
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	start := len(s) - len(rest)
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		start += j
	} else {
		return s, 0
	}
	var b strings.Builder
	b.WriteString(s[:start])
	n := 0
	for i := start; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"<>\^`+"`{|}", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
			if c < 0x80 || c >= 0xC0 {
				n++ // count characters, not the bytes of one
			}
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), n
}
