package net

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
)

// docServer serves the documents of internal/document/testdata: the PDF
// with its type, the DOCX as application/octet-stream (as many servers
// send documents), and counts the requests.
func docServer(t *testing.T) (string, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path == "/text" {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("hello\n"))
			return
		}
		data, err := os.ReadFile(filepath.Join("..", "..", "internal", "document", "testdata", filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		ctype := map[string]string{".pdf": "application/pdf", ".docx": "application/octet-stream", ".sh": "text/plain"}[filepath.Ext(r.URL.Path)]
		w.Header().Set("Content-Type", ctype)
		w.Write(data)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &hits
}

const reportText = "── page 1 of 3 ──\nQuarterly report\n\nSales grew by 12 % in the third quarter. Café owners in Zürich ordered more than\never.\nFigures\nRegion Units Revenue\n\nNorth 1200 € 34,000\n\nSouth 950 € 27,500\n\nTotals are rounded to the nearest hundred.\n" +
	"── page 2 of 3 ──\nOutlook\nThe second page says what comes next: more stores, and a new line of products.\n\n• Open two stores\n• Hire five people\n" +
	"── page 3 of 3 ──\nAppendix\nThe third page is the last one."

func TestCurlDocumentsAsText(t *testing.T) {
	url, _ := docServer(t)
	e := &env{}
	e.p, e.dir = newPipeline(t)
	e.runCalls(t, isAnswer, []callCase{
		{"a PDF", map[string]any{"url": url + "/report.pdf"}, "200 OK · application/pdf · 38 KB · T · PDF, 3 pages\n" + reportText},
		{"from a page", map[string]any{"url": url + "/report.pdf", "page": 3}, "200 OK · application/pdf · 38 KB · T · PDF, 3 pages\n(from page 3)\n── page 3 of 3 ──\nAppendix\nThe third page is the last one."},
		{"a DOCX sent as octet-stream", map[string]any{"url": url + "/report.docx", "offset": 355}, "200 OK · application/octet-stream · 6.4 KB · T · DOCX\n(from page 1, byte 355 of its text)\nAppendix\nThe third page is the last one."},
		{"page of a text body", map[string]any{"url": url + "/text", "page": 2},
			"200 OK · text/plain · 6 B · T\nhello\nnote: page applies to documents (PDF, DOCX, XLSX, ODT up to 64 MB); this body (text/plain) is not one, and is shown as it is"},
	})
	res := e.call(t, map[string]any{"url": url + "/report.pdf", "page": 4})
	if want := "page 4 is past the end of this document (PDF, 3 pages). Read the last one: net_curl {\"page\":3,\"url\":\"" + url + "/report.pdf\"}"; !res.IsError || !strings.HasSuffix(res.Text, want) {
		t.Errorf("past the last page:\n%s\nwant it to end with\n%s", res.Text, want)
	}
	res = e.call(t, map[string]any{"url": url + "/report.pdf", "base64": true, "maxBytes": 60000})
	assertInOrder(t, res.Text, "base64 of the body (application/pdf, 38,619 bytes) · sha256 ", "\nJVBERi0")
}

var curlFooter = regexp.MustCompile(`(?m)^Get the rest: net_curl (\{.*\})$`)

// A document cut at the budget goes on at the page and offset after what
// was shown, from the kept copy: one request, and the pages join into the
// whole text.
func TestCurlDocumentInPages(t *testing.T) {
	url, hits := docServer(t)
	e := &env{}
	e.p, e.dir = newPipeline(t)
	args := map[string]any{"url": url + "/report.pdf", "maxBytes": 800}
	var all strings.Builder
	for range 8 {
		res := e.call(t, args)
		if res.IsError {
			t.Fatalf("page failed:\n%s", res.Text)
		}
		all.WriteString(res.Sections.Body)
		m := curlFooter.FindStringSubmatch(res.Text)
		if m == nil {
			break
		}
		args = nil
		if err := json.Unmarshal([]byte(m[1]), &args); err != nil {
			t.Fatal(err)
		}
		if _, ok := args["page"]; !ok {
			t.Fatalf("the footer names no page:\n%s", res.Text)
		}
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("%d requests; the pages after the first come from the kept copy", n)
	}
	if got, want := docLines(all.String()), docLines(reportText); got != want {
		t.Errorf("the pages followed:\n%s\nwant\n%s", got, want)
	}
}

// docLines is a document's text without its pages' markers and its white
// space: a page may be cut inside a line or a word, and the last line
// break of a page is not shown.
func docLines(s string) string {
	return strings.Join(strings.Fields(regexp.MustCompile(`── page \d of \d ──`).ReplaceAllString(s, "")), "")
}
