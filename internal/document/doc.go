// Package document holds the readers that turn documents into text for a
// model: PDF (text by page), DOCX and ODT (text by paragraph), XLSX (each
// sheet as CSV rows). fs.read and net.curl both read documents through it,
// and both page through the text it renders part by part (Window). It
// knows no tool and no file system: it reads bytes it is given.
package document

import (
	"bytes"
	"errors"
	"fmt"
	"mime"
	"strings"
)

// MaxSize is the largest document read as text: its bytes are held in
// memory while it is read. A larger one is described as binary data.
const MaxSize = 64 << 20

// Format is a kind of document this package reads.
type Format string

// The formats read.
const (
	PDF  Format = "PDF"
	DOCX Format = "DOCX"
	XLSX Format = "XLSX"
	ODT  Format = "ODT"
)

// Doc is a document's text, in parts: a PDF's pages, a workbook's sheets,
// or the one part of a text document.
type Doc struct {
	Format Format
	// Unit names a part ("page", "sheet"); "" for a document of one part,
	// which is shown without a marker.
	Unit  string
	Parts []Part
	// Notes say what the text lacks: pages without text (scans), a sheet
	// that could not be read.
	Notes []string
}

// Part is one page or sheet: its name (a sheet's, "" for a page) and text,
// which ends in a newline unless it is empty.
type Part struct {
	Name string
	Text string
}

// ErrNotDocument is returned by Read for bytes that are none of the
// formats (a zip archive that holds no document, say).
var ErrNotDocument = errors.New("not a document this server reads as text")

// mimeTypes are the media types of the formats.
var mimeTypes = map[string]Format{
	"application/pdf":   PDF,
	"application/x-pdf": PDF,
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": DOCX,
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":       XLSX,
	"application/vnd.oasis.opendocument.text":                                 ODT,
}

// Likely reports whether bytes that start with head, of media type ctype
// ("" when unknown), may be a document: a PDF's signature, a document's
// media type, or a zip archive (DOCX, XLSX and ODT are zip archives; Read
// tells which, if any).
func Likely(ctype string, head []byte) bool {
	if bytes.HasPrefix(head, []byte("%PDF-")) || bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return true
	}
	mt, _, _ := mime.ParseMediaType(ctype)
	_, ok := mimeTypes[strings.ToLower(mt)]
	return ok
}

// Read reads a document from its bytes. It returns ErrNotDocument for
// bytes of no format it reads, and another error for a document it cannot
// read (encrypted, damaged).
func Read(data []byte) (*Doc, error) {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return readPDF(data)
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return readZipped(data)
	}
	return nil, ErrNotDocument
}

// Describe is a document's kind and size in parts: "PDF, 12 pages",
// "XLSX, 3 sheets", "DOCX".
func (d *Doc) Describe() string {
	if d.Unit == "" {
		return string(d.Format)
	}
	n := len(d.Parts)
	unit := d.Unit
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%s, %d %s", d.Format, n, unit)
}
