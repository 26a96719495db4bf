package net

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// This file sniffs a response body: whether it is text or binary, whether
// it is an HTML page, and its charset, decoded to UTF-8.

// textTypes are media types outside text/* whose bodies are text.
var textTypes = []string{"application/json", "application/xml", "application/javascript", "application/ecmascript",
	"application/x-javascript", "application/x-www-form-urlencoded", "application/yaml", "application/x-yaml",
	"application/toml", "application/x-ndjson", "application/graphql", "application/sql", "application/x-sh",
	"application/csv", "application/x-httpd-php", "application/xhtml+xml", "message/http"}

func isTextType(mt string) bool {
	return strings.HasPrefix(mt, "text/") || slices.Contains(textTypes, mt) ||
		strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml") || strings.HasSuffix(mt, "+yaml")
}

// IsBinary decides whether a body is shown as text: by its declared type,
// and by sniffing when the type is missing or generic.
func IsBinary(ctype string, data []byte) bool {
	mt, params, _ := mime.ParseMediaType(ctype)
	sample := data[:min(len(data), SniffLen)]
	wide := strings.HasPrefix(strings.ToLower(params["charset"]), "utf-16") || hasUTF16BOM(sample)
	switch {
	case isTextType(mt):
		return !wide && bytes.IndexByte(sample, 0) >= 0
	case mt == "" || mt == "application/octet-stream" || mt == "binary/octet-stream" || mt == "application/unknown":
		return !wide && !looksText(sample)
	}
	return true
}

func hasUTF16BOM(b []byte) bool {
	return bytes.HasPrefix(b, []byte{0xFF, 0xFE}) || bytes.HasPrefix(b, []byte{0xFE, 0xFF})
}

// looksText sniffs a sample: no NUL bytes, and UTF-8 or at most a few
// control characters.
func looksText(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	if strings.HasPrefix(http.DetectContentType(b), "text/") {
		return true
	}
	trimmed := b
	for i := 0; i < 3 && len(trimmed) > 0 && !utf8.Valid(trimmed); i++ {
		trimmed = trimmed[:len(trimmed)-1] // a character cut at the sample's end
	}
	if utf8.Valid(trimmed) {
		return true
	}
	controls := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' || c == 0x7f {
			controls++
		}
	}
	return controls*100 < len(b)
}

// IsHTML reports whether a body is an HTML page.
func IsHTML(ctype string, data []byte) bool {
	mt, _, _ := mime.ParseMediaType(ctype)
	switch mt {
	case "text/html", "application/xhtml+xml":
		return true
	case "", "application/octet-stream", "text/plain":
		return strings.HasPrefix(http.DetectContentType(data), "text/html")
	}
	return false
}

// DecodeText decodes a text body to UTF-8 from its declared charset (or
// what its BOM and <meta> say, or UTF-8, or windows-1252 when it is not
// UTF-8). It returns the charset it decoded from when that was not UTF-8,
// and a note when the declared charset is unknown.
func DecodeText(data []byte, ctype string) (string, string, string) {
	if isASCII(data) {
		return string(data), "", "" // the same in every charset f0 decodes
	}
	enc, name, _ := charset.DetermineEncoding(data, ctype)
	note := ""
	if _, params, err := mime.ParseMediaType(ctype); err == nil && params["charset"] != "" {
		if e, _ := charset.Lookup(params["charset"]); e == nil {
			note = fmt.Sprintf("note: unknown charset %q; decoded as %s", params["charset"], name)
		}
	}
	if name == "utf-8" {
		data = bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
		if utf8.Valid(data) {
			return string(data), "", note
		}
		return strings.ToValidUTF8(string(data), "\uFFFD"), "", note
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return strings.ToValidUTF8(string(data), "\uFFFD"), "", note
	}
	// A byte order mark is not text: drop it, whichever decoder kept it.
	return strings.TrimPrefix(string(out), "\uFEFF"), name, note
}

// SniffLen is how much of a body's start IsBinary, IsHTML and
// ShownAsReceived look at.
const SniffLen = 8192

// ShownAsReceived reports whether a text body, known by its start (at
// least SniffLen bytes of it, or all of it), is shown as its bytes as
// received: UTF-8 by its declared charset or by what its start shows,
// with no byte order mark to drop. An offset into such a body's text is
// then an offset into its bytes, so the bytes before it need not be kept.
func ShownAsReceived(ctype string, start []byte) bool {
	_, name, _ := charset.DetermineEncoding(start, ctype)
	return name == "utf-8" && !bytes.HasPrefix(start, []byte{0xEF, 0xBB, 0xBF})
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
