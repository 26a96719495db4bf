package document

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/ledongthuc/pdf"
	"golang.org/x/text/unicode/norm"
)

// readPDF reads a PDF's text page by page. Each page's glyphs are taken in
// the order the page draws them, which is the reading order of most
// producers (a column after a column); a glyph far below, above or back to
// the left of the one before starts a new line, and a gap wider than a
// fifth of the font size is a space.
func readPDF(data []byte) (d *Doc, err error) {
	defer func() {
		if r := recover(); r != nil { // the reader panics on some damaged files
			d, err = nil, fmt.Errorf("read PDF: %v", r)
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("read PDF: %w", err)
	}
	n := r.NumPage()
	d = &Doc{Format: PDF, Unit: "page", Parts: make([]Part, n)}
	var empty []int
	for i := 1; i <= n; i++ {
		txt := pageText(r.Page(i))
		if strings.TrimSpace(txt) == "" {
			empty = append(empty, i)
			txt = ""
		}
		d.Parts[i-1].Text = txt
	}
	if len(empty) > 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("note: %s no text (a scan or drawing: f0 does not read text in images)", pagesHave(empty, n)))
	}
	return d, nil
}

// pagesHave is "page 3 has", "pages 1, 2, 5 have", "all 4 pages have".
func pagesHave(pages []int, total int) string {
	if len(pages) == total && total > 1 {
		return fmt.Sprintf("all %d pages have", total)
	}
	if len(pages) == 1 {
		return fmt.Sprintf("page %d has", pages[0])
	}
	shown := make([]string, 0, len(pages))
	for i, p := range pages {
		if i == 10 {
			shown = append(shown, fmt.Sprintf("and %d more", len(pages)-10))
			break
		}
		shown = append(shown, fmt.Sprint(p))
	}
	return "pages " + strings.Join(shown, ", ") + " have"
}

// pageText is the text of one page (see runs): a line for each line of
// runs, a space where a run starts further right than the one before ends,
// an empty line where the gap between lines is wider than two of them.
func pageText(p pdf.Page) (txt string) {
	defer func() {
		if recover() != nil {
			txt = "" // a content stream the reader cannot interpret
		}
	}()
	if p.V.IsNull() || p.V.Key("Contents").Kind() == pdf.Null {
		return ""
	}
	var page, line strings.Builder
	endLine := func() {
		page.WriteString(composeAccents(strings.TrimRight(line.String(), " ")))
		page.WriteByte('\n')
		line.Reset()
	}
	var last run
	for i, r := range runs(p) {
		size := math.Max(r.size, 1)
		switch {
		case i == 0:
		case math.Abs(r.y-last.y) > size/2 || r.x < last.x-size:
			endLine()
			if last.y-r.y > 2.2*size {
				page.WriteByte('\n')
			}
		case r.x-last.end > size/6 && !strings.HasSuffix(line.String(), " ") && !strings.HasPrefix(r.s, " "):
			line.WriteByte(' ')
		}
		line.WriteString(r.s)
		last = r
	}
	if line.Len() > 0 {
		endLine()
	}
	return strings.TrimLeft(page.String(), "\n")
}

// spacingAccents are the accents TeX's OT1 fonts (and other producers)
// draw as a glyph of their own before the letter, with the combining marks
// they stand for: "caf´e" is read as "café".
var spacingAccents = map[rune]rune{
	'\u00b4': '\u0301', // acute
	'\u00a8': '\u0308', // diaeresis
	'\u02c6': '\u0302', // circumflex
	'\u02dc': '\u0303', // tilde
	'\u00af': '\u0304', // macron
	'\u02d8': '\u0306', // breve
	'\u02d9': '\u0307', // dot above
	'\u02da': '\u030a', // ring above
	'\u02c7': '\u030c', // caron
	'\u02dd': '\u030b', // double acute
}

// composeAccents joins a spacing accent with the letter after it.
func composeAccents(line string) string {
	if !strings.ContainsFunc(line, func(r rune) bool { _, ok := spacingAccents[r]; return ok }) {
		return line
	}
	runes := []rune(line)
	var b strings.Builder
	for i := 0; i < len(runes); i++ {
		if mark, ok := spacingAccents[runes[i]]; ok && i+1 < len(runes) && unicode.IsLetter(runes[i+1]) {
			b.WriteString(norm.NFC.String(string([]rune{runes[i+1], mark})))
			i++
			continue
		}
		b.WriteRune(runes[i])
	}
	return b.String()
}
