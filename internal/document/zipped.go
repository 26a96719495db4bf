package document

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxPartXML is the most of one XML part of a zipped document read: a
// zip bomb stops there.
const maxPartXML = 256 << 20

// readZipped reads a zip archive that holds a DOCX, an XLSX or an ODT
// document, as its entries say: word/document.xml, xl/workbook.xml, or
// content.xml with an ODF text mimetype.
func readZipped(data []byte) (*Doc, error) {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, ErrNotDocument
	}
	entries := map[string]*zip.File{}
	for _, f := range z.File {
		entries[f.Name] = f
	}
	switch {
	case entries["word/document.xml"] != nil:
		return readXMLText(DOCX, entries["word/document.xml"], docxText)
	case entries["xl/workbook.xml"] != nil:
		return readXLSX(entries)
	case entries["content.xml"] != nil && isODT(entries["mimetype"]):
		return readXMLText(ODT, entries["content.xml"], odtText)
	}
	return nil, ErrNotDocument
}

// isODT reports whether an ODF package's mimetype entry names a text
// document.
func isODT(f *zip.File) bool {
	if f == nil {
		return false
	}
	rc, err := f.Open()
	if err != nil {
		return false
	}
	defer rc.Close()
	b, _ := io.ReadAll(io.LimitReader(rc, 100))
	return strings.HasPrefix(strings.TrimSpace(string(b)), "application/vnd.oasis.opendocument.text")
}

// readXMLText reads one XML entry of a document as its text.
func readXMLText(format Format, f *zip.File, render func(*xml.Decoder) (string, error)) (*Doc, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", format, err)
	}
	defer rc.Close()
	txt, err := render(xml.NewDecoder(io.LimitReader(rc, maxPartXML)))
	if err != nil {
		return nil, fmt.Errorf("read %s %s: %w", format, f.Name, err)
	}
	return &Doc{Format: format, Parts: []Part{{Text: txt}}}, nil
}

// textWriter collects a text document's text: paragraphs as lines, and a
// table's rows as lines of cells separated by " | ".
type textWriter struct {
	b    strings.Builder
	line strings.Builder
	// cells is how deep in table cells the text is; cell is set while a
	// cell's text has been written and another would need its separator.
	cells int
	cell  bool
}

func (w *textWriter) text(s string) { w.line.WriteString(s) }

// paragraph ends a paragraph: a line of its own, or, in a table cell, a
// space before the next paragraph of the cell.
func (w *textWriter) paragraph() {
	if w.cells > 0 {
		w.line.WriteByte(' ')
		return
	}
	w.b.WriteString(strings.TrimRight(w.line.String(), " "))
	w.b.WriteByte('\n')
	w.line.Reset()
}

func (w *textWriter) startCell() {
	if w.cells == 0 && w.cell {
		s := strings.TrimRight(w.line.String(), " ")
		w.line.Reset()
		w.line.WriteString(s + " | ")
	}
	w.cells++
}

func (w *textWriter) endCell() {
	w.cells--
	w.cell = w.cells == 0
}

func (w *textWriter) endRow() {
	w.cell = false
	if w.cells == 0 {
		w.paragraph()
	}
}

func (w *textWriter) String() string {
	if w.line.Len() > 0 {
		w.paragraph()
	}
	return w.b.String()
}

// docxText is the text of a DOCX main document (word/document.xml): runs'
// text, tabs and breaks, paragraphs as lines; deleted text (a tracked
// change) and field codes left out.
func docxText(dec *xml.Decoder) (string, error) {
	var w textWriter
	inText, inRun := false, 0
	return textOf(dec, &w, func(tok xml.Token) {
		switch t := tok.(type) {
		case xml.StartElement:
			switch name := t.Name.Local; {
			case name == "r":
				inRun++
			case inRun == 0: // tab stops, properties
			case name == "t":
				inText = true
			case name == "tab":
				w.text("\t")
			case name == "br" || name == "cr":
				w.text("\n")
			}
			switch t.Name.Local {
			case "tc":
				w.startCell()
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "r":
				inRun--
			case "t":
				inText = false
			case "p":
				w.paragraph()
			case "tc":
				w.endCell()
			case "tr":
				w.endRow()
			}
		case xml.CharData:
			if inText {
				w.text(string(t))
			}
		}
	})
}

// odtText is the text of an ODF text document (content.xml): paragraphs
// and headings as lines, text:s as spaces, tabs and line breaks, table
// rows as lines of cells; notes' citations and annotations left out.
func odtText(dec *xml.Decoder) (string, error) {
	var w textWriter
	inBody, skip := false, 0
	return textOf(dec, &w, func(tok xml.Token) {
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "text":
				inBody = inBody || t.Name.Space == "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
			case "note-citation", "annotation", "tracked-changes":
				skip++
			case "s":
				w.text(strings.Repeat(" ", spaceCount(t)))
			case "tab":
				w.text("\t")
			case "line-break":
				w.text("\n")
			case "table-cell":
				w.startCell()
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "note-citation", "annotation", "tracked-changes":
				skip--
			case "p", "h":
				if inBody && skip == 0 {
					w.paragraph()
				}
			case "table-cell":
				w.endCell()
			case "table-row":
				w.endRow()
			}
		case xml.CharData:
			if inBody && skip == 0 {
				w.text(string(t))
			}
		}
	})
}

// textOf reads dec to its end, handing each token to read, and returns
// the text w collected.
func textOf(dec *xml.Decoder, w *textWriter, read func(xml.Token)) (string, error) {
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return w.String(), nil
		}
		if err != nil {
			return "", err
		}
		read(tok)
	}
}

// spaceCount is the number of spaces a text:s element stands for.
func spaceCount(t xml.StartElement) int {
	for _, a := range t.Attr {
		if a.Name.Local == "c" {
			n := 0
			if _, err := fmt.Sscan(a.Value, &n); err == nil && n > 0 && n < 1000 {
				return n
			}
		}
	}
	return 1
}

// csvRows writes rows as CSV, a line a row; a cell with a newline is
// quoted and spans lines, as CSV has it.
func csvRows(rows [][]string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	for _, r := range rows {
		_ = w.Write(r) // a strings.Builder does not fail
	}
	w.Flush()
	return b.String()
}
