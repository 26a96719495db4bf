package document

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"time"
)

// A workbook (SpreadsheetML, ECMA-376 part 1 §18) is read from its XML
// here rather than with a spreadsheet library: the one well-kept Go
// library, excelize, allocates over a megabyte when the program starts,
// which every f0 process would pay. Values are shown as the file stores
// them (formulas as their last computed value), except dates and times,
// which are numbers in a date format and are shown as ISO 8601.

// workbook is what a sheet's cells need from the rest of the package.
type workbook struct {
	entries  map[string]*zip.File
	strings  []string
	dates    map[int]bool // cell style index → its number format is a date
	date1904 bool
}

// readXLSX reads a workbook's sheets, in its order, each as CSV rows.
func readXLSX(entries map[string]*zip.File) (*Doc, error) {
	wb := &workbook{entries: entries}
	var book struct {
		Pr struct {
			Date1904 string `xml:"date1904,attr"`
		} `xml:"workbookPr"`
		Sheets []struct {
			Name string `xml:"name,attr"`
			ID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := wb.decode("xl/workbook.xml", &book); err != nil {
		return nil, err
	}
	wb.date1904 = book.Pr.Date1904 == "1" || book.Pr.Date1904 == "true"
	targets, err := wb.relations()
	if err != nil {
		return nil, err
	}
	if err := wb.readStrings(); err != nil {
		return nil, err
	}
	if err := wb.readStyles(); err != nil {
		return nil, err
	}
	d := &Doc{Format: XLSX, Unit: "sheet"}
	for _, s := range book.Sheets {
		rows, err := wb.sheet(targets[s.ID])
		if err != nil {
			d.Notes = append(d.Notes, fmt.Sprintf("note: sheet %q could not be read: %v", s.Name, err))
		}
		d.Parts = append(d.Parts, Part{Name: s.Name, Text: csvRows(rows)})
	}
	return d, nil
}

// decode reads one XML entry into v; a missing entry leaves v as it is.
func (wb *workbook) decode(name string, v any) error {
	f := wb.entries[name]
	if f == nil {
		return nil
	}
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("read XLSX %s: %w", name, err)
	}
	defer rc.Close()
	if err := xml.NewDecoder(io.LimitReader(rc, maxPartXML)).Decode(v); err != nil {
		return fmt.Errorf("read XLSX %s: %w", name, err)
	}
	return nil
}

// relations maps the workbook's relationship ids to the entries they
// name.
func (wb *workbook) relations() (map[string]string, error) {
	var rels struct {
		List []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := wb.decode("xl/_rels/workbook.xml.rels", &rels); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, r := range rels.List {
		if strings.HasPrefix(r.Target, "/") {
			out[r.ID] = strings.TrimPrefix(r.Target, "/")
		} else {
			out[r.ID] = path.Join("xl", r.Target)
		}
	}
	return out, nil
}

// readStrings reads the shared strings: each item's text runs joined,
// without its phonetic runs.
func (wb *workbook) readStrings() error {
	var sst struct {
		Items []struct {
			T    string `xml:"t"`
			Runs []struct {
				T string `xml:"t"`
			} `xml:"r"`
		} `xml:"si"`
	}
	if err := wb.decode("xl/sharedStrings.xml", &sst); err != nil {
		return err
	}
	for _, it := range sst.Items {
		s := it.T
		for _, r := range it.Runs {
			s += r.T
		}
		wb.strings = append(wb.strings, s)
	}
	return nil
}

// builtinDates are the built-in number formats that show dates and times
// (§18.8.30).
var builtinDates = map[int]bool{14: true, 15: true, 16: true, 17: true, 18: true, 19: true, 20: true, 21: true, 22: true, 45: true, 46: true, 47: true}

// readStyles finds the cell styles whose number format is a date or time.
func (wb *workbook) readStyles() error {
	var st struct {
		Formats []struct {
			ID   int    `xml:"numFmtId,attr"`
			Code string `xml:"formatCode,attr"`
		} `xml:"numFmts>numFmt"`
		Xfs []struct {
			Fmt int `xml:"numFmtId,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := wb.decode("xl/styles.xml", &st); err != nil {
		return err
	}
	custom := map[int]bool{}
	for _, f := range st.Formats {
		custom[f.ID] = isDateFormat(f.Code)
	}
	wb.dates = map[int]bool{}
	for i, xf := range st.Xfs {
		if date, ok := custom[xf.Fmt]; ok && date || !ok && builtinDates[xf.Fmt] {
			wb.dates[i] = true
		}
	}
	return nil
}

// isDateFormat reports whether a number format code shows a date or time:
// its pattern, without quoted text, [colour] and [$locale] sections and
// escaped characters, has a day, year, hour or second, or a month (or
// minute) and no digit placeholder.
func isDateFormat(code string) bool {
	var pattern strings.Builder
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '"', '[':
			end := byte('"')
			if c == '[' {
				end = ']'
			}
			if j := strings.IndexByte(code[i+1:], end); j >= 0 {
				i += j + 1
			}
		case '\\', '_', '*':
			i++ // the character after it is shown as it is
		default:
			pattern.WriteByte(c | 0x20) // lower case for letters
		}
	}
	c := pattern.String()
	return strings.ContainsAny(c, "dyhs") || strings.Contains(c, "m") && !strings.Contains(c, "0")
}

// cell is one cell of a sheet's XML.
type cell struct {
	Ref    string `xml:"r,attr"`
	Type   string `xml:"t,attr"`
	Style  int    `xml:"s,attr"`
	Value  string `xml:"v"`
	Inline struct {
		T    string `xml:"t"`
		Runs []struct {
			T string `xml:"t"`
		} `xml:"r"`
	} `xml:"is"`
}

// sheet reads a worksheet's rows, a row for each row number up to the last
// (empty ones too, so that a line of the CSV is a row of the sheet).
func (wb *workbook) sheet(name string) ([][]string, error) {
	f := wb.entries[name]
	if f == nil {
		return nil, errors.New("its worksheet is missing")
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, maxPartXML))
	var rows [][]string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return rows, err
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Local != "c" {
			continue
		}
		var c cell
		if err := dec.DecodeElement(&c, &start); err != nil {
			return rows, err
		}
		row, col := cellIndex(c.Ref, len(rows), 0)
		if row < 0 || row > 1<<20 || col > 1<<14 {
			continue
		}
		for len(rows) <= row {
			rows = append(rows, nil)
		}
		for len(rows[row]) <= col {
			rows[row] = append(rows[row], "")
		}
		rows[row][col] = wb.value(c)
	}
}

// cellIndex is the 0-based row and column of a reference ("B3"); a cell
// without one is in the last row (at least row fallback).
func cellIndex(ref string, rows, col int) (int, int) {
	i := 0
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' {
		col = col*26 + int(ref[i]-'A'+1)
		i++
	}
	n, err := strconv.Atoi(ref[i:])
	if err != nil || i == 0 {
		return max(rows-1, 0), 0
	}
	return n - 1, col - 1
}

// value is what a cell shows: its text, its number, TRUE or FALSE, its
// error, or its date as ISO 8601.
func (wb *workbook) value(c cell) string {
	switch c.Type {
	case "s":
		if i, err := strconv.Atoi(c.Value); err == nil && i >= 0 && i < len(wb.strings) {
			return wb.strings[i]
		}
		return ""
	case "inlineStr":
		s := c.Inline.T
		for _, r := range c.Inline.Runs {
			s += r.T
		}
		return s
	case "b":
		if c.Value == "1" {
			return "TRUE"
		}
		return "FALSE"
	case "", "n":
		if wb.dates[c.Style] {
			if v, err := strconv.ParseFloat(c.Value, 64); err == nil {
				return wb.dateText(v)
			}
		}
	}
	return c.Value
}

// dateText shows a date serial number: days since the workbook's epoch,
// the fraction the time of day.
func (wb *workbook) dateText(v float64) string {
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if wb.date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	days, frac := math.Modf(v)
	t := epoch.AddDate(0, 0, int(days)).Add(time.Duration(math.Round(frac*86400)) * time.Second)
	switch {
	case frac == 0:
		return t.Format("2006-01-02")
	case days == 0:
		return t.Format("15:04:05")
	}
	return t.Format("2006-01-02 15:04:05")
}
