package fs_test

import (
	"archive/zip"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docEnv is a root with the documents of internal/document/testdata.
func docEnv(t *testing.T) *env {
	e := newEnv(t)
	for _, name := range []string{"report.pdf", "report.docx", "report.odt", "sheet.xlsx", "scan.pdf", "columns.pdf"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "internal", "document", "testdata", name))
		must(t, err)
		must(t, os.WriteFile(filepath.Join(e.root, name), data, 0o644))
	}
	return e
}

const reportPage1 = "── page 1 of 3 ──\nQuarterly report\n\nSales grew by 12 % in the third quarter. Café owners in Zürich ordered more than\never.\nFigures\nRegion Units Revenue\n\nNorth 1200 € 34,000\n\nSouth 950 € 27,500\n\nTotals are rounded to the nearest hundred.\n"
const reportPages23 = "── page 2 of 3 ──\nOutlook\nThe second page says what comes next: more stores, and a new line of products.\n\n• Open two stores\n• Hire five people\n── page 3 of 3 ──\nAppendix\nThe third page is the last one.\n"

func TestReadDocumentsAsText(t *testing.T) {
	e := docEnv(t)
	tests := []toolCase{
		{"a PDF, every page", "report.pdf", "report.pdf · PDF, 3 pages · 38 KB\n" + reportPage1 + reportPages23},
		{"from a page", map[string]any{"path": "report.pdf", "page": 2}, "report.pdf · PDF, 3 pages · 38 KB · from page 2\n" + reportPages23},
		{"from a line of a page", map[string]any{"path": "report.pdf", "page": 1, "offset": 12}, "report.pdf · PDF, 3 pages · 38 KB · from page 1, line 12\n── page 1 of 3 ──\nTotals are rounded to the nearest hundred.\n" + reportPages23},
		{"a DOCX", map[string]any{"path": "report.docx", "limit": 4}, "report.docx · DOCX · 6.4 KB\nQuarterly report\nSales grew by 12 % in the third quarter. Café owners in Zürich ordered more than ever.\nFigures\nRegion | Units | Revenue\n" +
			`More lines follow: fs_read {"offset":5,"path":"report.docx","version":"` + version(t, e, "report.docx") + `"}`},
		{"an ODT", map[string]any{"path": "report.odt", "offset": 13}, "report.odt · ODT · 15 KB · from page 1, line 13\nThe third page is the last one.\n"},
		{"a workbook", "sheet.xlsx", "sheet.xlsx · XLSX, 1 sheet · 4.9 KB\n── sheet 1 of 1: sheet ──\nName,Date,Amount,Note\nAlice,2026-01-15,12.5,\"first, with a comma\"\nBob,2026-02-01,1000,plain\n"},
		{"a scan", "scan.pdf", "scan.pdf · PDF, 1 page · 2.3 KB\n── page 1 of 1 ──\nnote: page 1 has no text (a scan or drawing: f0 does not read text in images)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := e.ok("fs.read", tt.args); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// version is the version a continuation of a document names: the
// CRC-32C and size of its bytes.
func version(t *testing.T, e *env, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(e.root, name))
	must(t, err)
	return fmt.Sprintf("d-%08x%08x", crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli)), uint32(len(data)))
}

// A document cut at the budget continues at the page and line after the
// last one shown, and the pages followed so are the whole text.
func TestReadDocumentInPages(t *testing.T) {
	e := docEnv(t)
	args := map[string]any{"path": "report.pdf", "maxBytes": 220}
	first := e.ok("fs.read", args)
	v := version(t, e, "report.pdf")
	assertInOrder(t, first, "report.pdf · PDF, 3 pages · 38 KB · rest at offset=12 page=1 version=\""+v+"\"\n── page 1 of 3 ──\nQuarterly report\n",
		"\n… [truncated: showed ", `Get the rest: fs_read {"maxBytes":220,"offset":12,"page":1,"path":"report.pdf","version":"`+v+`"}`)
	var all strings.Builder
	for range 5 {
		res := e.call("fs.read", args)
		if res.IsError {
			t.Fatalf("page failed:\n%s", res.Text)
		}
		body := res.Sections.Body
		all.WriteString(strings.TrimSuffix(body, "\n") + "\n")
		if args = next(t, res.Text); args == nil {
			break
		}
	}
	// Each page starts with the marker of the page it continues; a blank
	// line at a cut is not shown.
	if joined, want := textLines(all.String()), textLines(reportPage1+reportPages23); joined != want {
		t.Errorf("the pages followed:\n%s\nwant\n%s", joined, want)
	}
}

// textLines are the lines of text that are neither blank nor a page's
// marker.
func textLines(s string) string {
	var kept []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" && !strings.HasPrefix(l, "── page ") {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

func TestReadDocumentRefusals(t *testing.T) {
	e := docEnv(t)
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "report.pdf", "page": 4}), `"page": 4 is past the end of report.pdf (PDF, 3 pages).`, `Read the last one: fs_read {"page":3,"path":"report.pdf"}`)
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "report.pdf", "tail": 5}), `"tail": counts lines back from the end of a text file, and report.pdf is a document (PDF, 3 pages) read by page`)
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "report.pdf", "page": 3, "offset": 9}), `"offset": line 9 is past the end of page 3 of report.pdf, which has 2 lines.`)
	v := version(t, e, "report.pdf")
	data, _ := os.ReadFile(filepath.Join(e.root, "columns.pdf"))
	must(t, os.WriteFile(filepath.Join(e.root, "report.pdf"), data, 0o644))
	assertInOrder(t, e.fail("fs.read", map[string]any{"path": "report.pdf", "page": 2, "version": v}), "report.pdf changed since the earlier page was read (version "+v+", now d-",
		`read it again from the start: fs_read {"path":"report.pdf"}`)
}

// The bytes of a document are still there as base64, and a zip archive
// that holds no document is a binary file.
func TestReadDocumentAsBytes(t *testing.T) {
	e := docEnv(t)
	assertInOrder(t, e.ok("fs.read", map[string]any{"path": "scan.pdf", "base64": true}), "scan.pdf · application/pdf · 2,343 bytes · sha256 ", "\nJVBERi0")
	f, err := os.Create(filepath.Join(e.root, "plain.zip"))
	must(t, err)
	z := zip.NewWriter(f)
	w, _ := z.Create("a.txt")
	w.Write([]byte("hello"))
	must(t, z.Close())
	must(t, f.Close())
	assertInOrder(t, e.ok("fs.read", "plain.zip"), "plain.zip · application/zip · ", "Binary file: its bytes are not shown as text.")
}

func TestReadDocumentsAmongFiles(t *testing.T) {
	e := docEnv(t)
	e.file("a.txt", "alpha\n")
	got := e.ok("fs.read", map[string]any{"paths": []string{"a.txt", "columns.pdf", "sheet.xlsx"}, "maxBytes": 4000})
	assertInOrder(t, got, "==> a.txt · line 1 of 1 · 6 B <==\nalpha\n", "==> columns.pdf · PDF, 1 page · 11 KB <==\n── page 1 of 1 ──\nTw o columns\n",
		`… [more of this file: fs_read {"offset":`, "==> sheet.xlsx · XLSX, 1 sheet · 4.9 KB <==\n── sheet 1 of 1: sheet ──\nName,Date,Amount,Note\n")
}
