package document

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// The fixtures in testdata are made by testdata/make.sh: LibreOffice 7.4
// (DOCX, ODT, PDF, XLSX), groff with ghostscript (PDF), ghostscript alone
// (an image-only PDF) and pdfTeX (PDF).
func TestReadsEachProducersDocuments(t *testing.T) {
	report := "Quarterly report\n" +
		"Sales grew by 12 % in the third quarter. Café owners in Zürich ordered more than ever.\n" +
		"Figures\nRegion | Units | Revenue\nNorth | 1200 | € 34,000\nSouth | 950 | € 27,500\n" +
		"Totals are rounded to the nearest hundred.\n"
	tests := []struct {
		file, describe string
		part           int
		want           string // the part's text starts so
		notes          string
	}{
		{"report.docx", "DOCX", 1, report, ""},
		{"report.odt", "ODT", 1, report, ""},
		{"report.pdf", "PDF, 3 pages", 1, "Quarterly report\n\nSales grew by 12 % in the third quarter. Café owners in Zürich ordered more than\never.\nFigures\nRegion Units Revenue\n", ""},
		{"report.pdf", "PDF, 3 pages", 2, "Outlook\nThe second page says what comes next: more stores, and a new line of products.\n\n• Open two stores\n• Hire five people\n", ""},
		{"report.pdf", "PDF, 3 pages", 3, "Appendix\nThe third page is the last one.\n", ""},
		{"sheet.xlsx", "XLSX, 1 sheet", 1, "Name,Date,Amount,Note\nAlice,2026-01-15,12.5,\"first, with a comma\"\nBob,2026-02-01,1000,plain\n", ""},
		{"scan.pdf", "PDF, 1 page", 1, "", "note: page 1 has no text (a scan or drawing: f0 does not read text in images)"},
		// pdfTeX with Computer Modern (Type 1): ligatures and quotes have
		// their Unicode, accents are glyphs of their own, joined here.
		{"latex.pdf", "PDF, 2 pages", 1, "1 Introduction\nEfficient office workflows are difficult to measure. The café in Zürich serves\ncoffee; “quotes” and ligatures like find, flow and office test the text layer.\nRegion Units Revenue\nNorth 1200 34,000\n", ""},
		// A superscript is a line of its own.
		{"latex.pdf", "PDF, 2 pages", 2, "2 Second page\nA formula: E = mc\n2, and a footnote.\n", ""},
		// With T1 fonts and no cm-super, pdfTeX embeds bitmap Type 3 fonts
		// without a Unicode map: ligatures and quotes are lost (as they are
		// to poppler's pdftotext).
		{"latex-t1.pdf", "PDF, 2 pages", 1, "1 Introduction\nEcient oce workows are dicult to measure. The café in Zürich serves\ncoee; quotes and ligatures like nd , ow and oce test the text layer.\n", ""},
		// groff sets the title with a space of its own ("Tw o"), and each
		// column is read down before the next: the order it is drawn in.
		{"columns.pdf", "PDF, 1 page", 1, "Tw o columns\n\ngroff\n\nParagraph 1 of the two-column page. Its\nwords fill the column line by line, and a reader\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			d := readFixture(t, tt.file)
			if got := d.Describe(); got != tt.describe {
				t.Errorf("Describe() = %q, want %q", got, tt.describe)
			}
			if got := d.Parts[tt.part-1].Text; !strings.HasPrefix(got, tt.want) {
				t.Errorf("part %d =\n%s\nwant it to start with\n%s", tt.part, got, tt.want)
			}
			if got := strings.Join(d.Notes, "\n"); got != tt.notes {
				t.Errorf("notes = %q, want %q", got, tt.notes)
			}
		})
	}
}

// A two-column page is read a column after the other: the right column's
// first paragraph comes after the left column's last.
func TestColumnsAreReadInTurn(t *testing.T) {
	txt := readFixture(t, "columns.pdf").Parts[0].Text
	left, right := strings.Index(txt, "Paragraph 9 "), strings.Index(txt, "Paragraph 10 ")
	if left < 0 || right < left || strings.Count(txt, "would mix\n") < 17 {
		t.Errorf("columns mixed:\n%s", txt)
	}
}

func readFixture(t *testing.T, name string) *Doc {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if !Likely("", data[:min(len(data), 512)]) {
		t.Errorf("Likely(%s) = false", name)
	}
	d, err := Read(data)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return d
}

// A workbook made by excelize, another producer: two sheets, a date in a
// date format (shown as ISO 8601), a formula excelize leaves without a
// computed value, a cell with a line break.
func TestWorkbookSheetsAsRows(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetName("Sheet1", "Sales")
	f.SetSheetRow("Sales", "A1", &[]any{"Item", "When", "Count"})
	f.SetSheetRow("Sales", "A2", &[]any{"tea", time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC), 3})
	f.SetCellFormula("Sales", "C3", "C2*2")
	f.SetCellValue("Sales", "A3", "two\nlines")
	f.NewSheet("Empty")
	style, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	f.SetCellStyle("Sales", "B2", "B2", style)
	f.UpdateLinkedValue()
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	d, err := Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	w := d.Window(1, 0, 1<<20)
	want := "── sheet 1 of 2: Sales ──\nItem,When,Count\ntea,2026-03-04,3\n\"two\nlines\",,\n── sheet 2 of 2: Empty ──\n"
	if w.Text != want {
		t.Errorf("window =\n%q\nwant\n%q", w.Text, want)
	}
}

func TestWindowAndWhereItsPositionsAre(t *testing.T) {
	d := &Doc{Format: PDF, Unit: "page", Parts: []Part{{Text: "one\ntwo\n"}, {Text: ""}, {Text: "three\n"}}}
	w := d.Window(1, 4, 1<<20)
	want := "── page 1 of 3 ──\ntwo\n── page 2 of 3 ──\n── page 3 of 3 ──\nthree\n"
	if w.Text != want || !w.Complete {
		t.Fatalf("Window = %q (complete %v), want %q", w.Text, w.Complete, want)
	}
	marker := len("── page 1 of 3 ──\n")
	tests := []struct {
		pos, part, within int
		ok                bool
	}{
		{0, 1, 4, true},
		{marker, 1, 4, true},
		{marker + 2, 1, 6, true},
		{marker + 4, 2, 0, true}, // the end of page 1 is the start of page 2
		{len(want) - 6, 3, 0, true},
		{len(want) - 2, 3, 4, true},
		{len(want), 0, 0, false},
	}
	for _, tt := range tests {
		part, within, ok := w.At(tt.pos)
		if part != tt.part || within != tt.within || ok != tt.ok {
			t.Errorf("At(%d) = %d, %d, %v; want %d, %d, %v", tt.pos, part, within, ok, tt.part, tt.within, tt.ok)
		}
	}
	cut := d.Window(1, 0, 3)
	if cut.Complete || cut.Text != "── page 1 of 3 ──\none\ntwo\n" {
		t.Errorf("Window(most 3) = %q, complete %v", cut.Text, cut.Complete)
	}
	if part, within, ok := cut.At(len(cut.Text)); part != 2 || within != 0 || !ok {
		t.Errorf("At(end of a cut window) = %d, %d, %v; want page 2", part, within, ok)
	}
}

func TestNotDocuments(t *testing.T) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	w, _ := z.Create("hello.txt")
	w.Write([]byte("hello"))
	z.Close()
	for name, data := range map[string][]byte{"zip": buf.Bytes(), "text": []byte("hello"), "png": []byte("\x89PNG\r\n")} {
		if _, err := Read(data); !errors.Is(err, ErrNotDocument) {
			t.Errorf("%s: err = %v, want ErrNotDocument", name, err)
		}
	}
	if _, err := Read([]byte("%PDF-1.4\nbroken")); err == nil || errors.Is(err, ErrNotDocument) {
		t.Errorf("a damaged PDF: err = %v, want a read error", err)
	}
}

func TestFirstLinesLeaveMarkersUncounted(t *testing.T) {
	d := &Doc{Format: PDF, Unit: "page", Parts: []Part{{Text: "one\ntwo\n"}, {Text: "three\n"}}}
	w := d.Window(1, 0, 1<<20)
	for n, want := range map[int]string{1: "── page 1 of 2 ──\none\n", 2: "── page 1 of 2 ──\none\ntwo\n", 3: w.Text} {
		got, more := w.FirstLines(n)
		if got != want || more != (n < 3) {
			t.Errorf("FirstLines(%d) = %q, %v; want %q", n, got, more, want)
		}
	}
	if n := w.Lines(len(w.Text)); n != 3 {
		t.Errorf("Lines(all) = %d, want 3", n)
	}
}

func TestDateFormats(t *testing.T) {
	for code, want := range map[string]bool{"yyyy-mm-dd": true, "[$-409]mmmm d, yyyy;@": true, "h:mm AM/PM": true, "0.00%": false, "#,##0": false, `"days"0`: false, "[Red]0.00": false, "mm:ss": true} {
		if got := isDateFormat(code); got != want {
			t.Errorf("isDateFormat(%q) = %v, want %v", code, got, want)
		}
	}
	wb := &workbook{}
	for v, want := range map[float64]string{46085: "2026-03-04", 0.5: "12:00:00", 46085.25: "2026-03-04 06:00:00"} {
		if got := wb.dateText(v); got != want {
			t.Errorf("dateText(%v) = %q, want %q", v, got, want)
		}
	}
}
