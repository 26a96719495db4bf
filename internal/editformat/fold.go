package editformat

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// fold is a set of differences a tolerant match ignores.
type fold uint8

const (
	foldCR       fold = 1 << iota // "\r\n" and "\n" line ends
	foldTrailing                  // spaces and tabs before a line end
	foldNFC                       // composed and decomposed Unicode (NFC, NFD)
	foldPunct                     // typographic quotes, dashes and spaces against ASCII
)

// foldNames say what each fold ignores, for notes.
var foldNames = []struct {
	f    fold
	name string
}{
	{foldCR, "line endings (CRLF/LF)"},
	{foldTrailing, "trailing whitespace"},
	{foldNFC, "Unicode normalization (NFC/NFD)"},
	{foldPunct, "typographic quotes, dashes and spaces"},
}

// foldLevels are the tolerant matches tried after the exact one, from
// the strictest; each ignores what the one before it does and more.
var foldLevels = []fold{
	foldCR,
	foldCR | foldTrailing,
	foldCR | foldTrailing | foldNFC,
	foldCR | foldTrailing | foldNFC | foldPunct,
}

// asciiPunct maps the typographic characters models and word processors
// exchange for ASCII ones, as Codex's seek_sequence does.
func asciiPunct(r rune) rune {
	switch r {
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
		return '-'
	case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032':
		return '\''
	case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033':
		return '"'
	case '\u00A0', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u202F', '\u205F', '\u3000':
		return ' '
	}
	return r
}

// folded is a text with some differences folded away, and for each of
// its bytes the range of the original text it came from.
type folded struct {
	s          string
	start, end []int
}

// unit is a piece of the original text that folds as a whole: one rune,
// or with foldNFC one normalization segment.
type unit struct {
	text       string
	start, end int
}

// units cuts s into the pieces that fold as a whole.
func units(s string, f fold) []unit {
	var out []unit
	if f&foldNFC != 0 {
		var it norm.Iter
		it.InitString(norm.NFC, s)
		for !it.Done() {
			from := it.Pos()
			seg := string(it.Next())
			out = append(out, unit{text: seg, start: from, end: it.Pos()})
		}
		return out
	}
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		out = append(out, unit{text: s[i : i+size], start: i, end: i + size})
		i += size
	}
	return out
}

// foldText folds s by f, keeping where each byte came from.
func foldText(s string, f fold) folded {
	var out folded
	var b strings.Builder
	emit := func(text string, u unit) {
		b.WriteString(text)
		for range len(text) {
			out.start, out.end = append(out.start, u.start), append(out.end, u.end)
		}
	}
	var pending []unit // trailing-whitespace candidates not yet written
	for _, u := range units(s, f) {
		switch {
		case f&foldCR != 0 && u.text == "\r" && strings.HasPrefix(s[u.end:], "\n"):
			continue
		case f&foldTrailing != 0 && (u.text == " " || u.text == "\t" || f&foldPunct != 0 && isOddSpace(u.text)):
			pending = append(pending, u)
			continue
		case f&foldTrailing != 0 && (u.text == "\n" || u.text == "\r" && strings.HasPrefix(s[u.end:], "\n")):
			pending = pending[:0]
		}
		for _, p := range pending {
			emit(punct(p.text, f), p)
		}
		pending = pending[:0]
		emit(punct(u.text, f), u)
	}
	for _, p := range pending {
		emit(punct(p.text, f), p)
	}
	out.s = b.String()
	return out
}

func isOddSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != ' ' && asciiPunct(r) == ' '
}

// punct maps the typographic characters of s to ASCII when f asks it.
func punct(s string, f fold) string {
	if f&foldPunct == 0 {
		return s
	}
	return strings.Map(asciiPunct, s)
}

// foldedEqual reports whether a and b are the same once folded by f.
func foldedEqual(a, b string, f fold) bool {
	return foldText(a, f).s == foldText(b, f).s
}

// differences names what a region of the text and an old text that match
// under f really differ in: each fold of f without which they differ.
func differences(region, old string, f fold) []string {
	var out []string
	for _, n := range foldNames {
		if f&n.f != 0 && !foldedEqual(region, old, f&^n.f) {
			out = append(out, n.name)
		}
	}
	return out
}

// foldsAnything reports whether folding by f can change a or b, a quick
// test that spares a search which would find what the stricter one did.
func foldsAnything(f fold, a, b string) bool {
	for _, s := range []string{a, b} {
		switch {
		case f&foldCR != 0 && strings.Contains(s, "\r"),
			f&foldTrailing != 0 && hasTrailingSpace(s),
			f&foldNFC != 0 && !norm.NFC.IsNormalString(s),
			f&foldPunct != 0 && strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 && asciiPunct(r) != r }) >= 0:
			return true
		}
	}
	return false
}

// hasTrailingSpace reports whether a line of s ends in a space or a tab.
func hasTrailingSpace(s string) bool {
	for _, end := range []string{" \n", "\t\n", " \r", "\t\r"} {
		if strings.Contains(s, end) {
			return true
		}
	}
	return strings.HasSuffix(s, " ") || strings.HasSuffix(s, "\t")
}
