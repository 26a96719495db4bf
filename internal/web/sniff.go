package web

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"f0/internal/text"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
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

// DecodeText decodes a text body to UTF-8 (see bodyCharset for how its
// charset is found). It returns the charset it decoded from when that was
// not UTF-8, and a note when the declared charset is unknown.
func DecodeText(data []byte, ctype string) (string, string, string) {
	if isASCII(data) {
		return string(data), "", "" // the same in every charset f0 decodes
	}
	enc, name, note := bodyCharset(ctype, data)
	if name == "utf-8" {
		txt, fixed := text.ValidText(bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF}))
		if fixed && note == "" {
			note = text.InvalidUTF8Note
		}
		return txt, "", note
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return strings.ToValidUTF8(string(data), "\uFFFD"), "", note
	}
	// A byte order mark is not text: drop it, whichever decoder kept it.
	return strings.TrimPrefix(string(out), "\uFEFF"), name, note
}

// bodyCharset finds the charset of a text body known by data (all of it,
// or its start), as the media types' definitions say, in this order: a
// byte order mark; the charset parameter, except that JSON and the types
// defined as UTF-8 only (RFC 8259 §8.1: "No charset parameter is defined
// for this registration") keep UTF-8 when the body is valid UTF-8; for
// XML, the encoding of its XML declaration (RFC 7303 §4.3); for other
// types, an HTML <meta> charset in the first KiB (WHATWG's prescan). With
// none of these, a body that is valid UTF-8 — the whole of data, not only
// its first KiB — is UTF-8, and any other is windows-1252, the web's
// legacy default. A note says when the declared charset is unknown.
func bodyCharset(ctype string, data []byte) (encoding.Encoding, string, string) {
	if e, name, ok := bomCharset(data); ok {
		return e, name, ""
	}
	mt, params, _ := mime.ParseMediaType(ctype)
	valid := validUTF8Start(data)
	declared, name := charset.Lookup(params["charset"])
	switch {
	case utf8Only(mt) && valid && !strings.HasPrefix(name, "utf-16"):
		return encoding.Nop, "utf-8", ""
	case declared != nil:
		return declared, name, ""
	}
	e, name := embeddedCharset(mt, data[:min(len(data), 1024)])
	if e == nil && valid {
		e, name = encoding.Nop, "utf-8"
	} else if e == nil {
		e, name = charset.Lookup("windows-1252")
	}
	note := ""
	if params["charset"] != "" {
		note = fmt.Sprintf("note: unknown charset %q; decoded as %s", params["charset"], name)
	}
	return e, name, note
}

// bomCharset is the charset a byte order mark at the body's start names.
func bomCharset(data []byte) (encoding.Encoding, string, bool) {
	for _, b := range []struct {
		bom  string
		name string
	}{{"\xEF\xBB\xBF", "utf-8"}, {"\xFE\xFF", "utf-16be"}, {"\xFF\xFE", "utf-16le"}} {
		if bytes.HasPrefix(data, []byte(b.bom)) {
			e, name := charset.Lookup(b.name)
			return e, name, true
		}
	}
	return nil, "", false
}

// utf8Only reports whether a media type's definition makes its bodies
// UTF-8 whatever a charset parameter says: JSON (RFC 8259), JSON text
// sequences (RFC 7464), newline-delimited JSON, TOML and server-sent
// events (WHATWG HTML §9.2).
func utf8Only(mt string) bool {
	switch mt {
	case "application/json", "application/json-seq", "application/x-ndjson", "application/jsonl",
		"application/toml", "text/event-stream":
		return true
	}
	return strings.HasSuffix(mt, "+json")
}

func isXMLType(mt string) bool {
	return mt == "application/xml" || mt == "text/xml" || strings.HasSuffix(mt, "+xml")
}

// xmlEncoding is the encoding an XML declaration names.
var xmlEncoding = regexp.MustCompile(`^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']`)

// embeddedCharset is the charset a body's start declares in its text: an
// XML declaration for XML types, an HTML <meta> for the others (none for
// the UTF-8-only types). A UTF-16 label in bytes read as ASCII names UTF-8,
// as WHATWG's prescan says.
func embeddedCharset(mt string, start []byte) (encoding.Encoding, string) {
	label := ""
	switch {
	case utf8Only(mt):
		return nil, ""
	case isXMLType(mt):
		if m := xmlEncoding.FindSubmatch(start); m != nil {
			label = string(m[1])
		}
	default:
		label = metaCharset(start)
	}
	if label == "" {
		return nil, ""
	}
	e, name := charset.Lookup(label)
	if strings.HasPrefix(name, "utf-16") {
		return encoding.Nop, "utf-8"
	}
	return e, name
}

// metaCharset is the charset an HTML <meta charset> or <meta
// http-equiv="content-type" content="…; charset=…"> in start names.
func metaCharset(start []byte) string {
	if !bytes.Contains(bytes.ToLower(start), []byte("<meta")) {
		return ""
	}
	z := html.NewTokenizer(bytes.NewReader(start))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			if name, more := z.TagName(); string(name) == "meta" && more {
				if label := metaLabel(z); label != "" {
					return label
				}
			}
		}
	}
}

// metaLabel is the charset label of the <meta> tag z is at, if it has one.
func metaLabel(z *html.Tokenizer) string {
	var pragma bool
	var content string
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		switch strings.ToLower(string(key)) {
		case "charset":
			return strings.TrimSpace(string(val))
		case "http-equiv":
			pragma = strings.EqualFold(string(val), "content-type")
		case "content":
			content = string(val)
		}
	}
	if m := contentCharset.FindStringSubmatch(content); pragma && m != nil {
		return m[1]
	}
	return ""
}

// contentCharset is the charset in a <meta> content attribute.
var contentCharset = regexp.MustCompile(`(?i)charset\s*=\s*["']?([^"';\s]+)`)

// validUTF8Start reports whether data is UTF-8, a character cut at its end
// aside (data may be the start of a body).
func validUTF8Start(data []byte) bool {
	for i := len(data) - 1; i >= max(len(data)-utf8.UTFMax+1, 0); i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				data = data[:i]
			}
			break
		}
	}
	return utf8.Valid(data)
}

// SniffLen is how much of a body's start IsBinary, IsHTML and
// ShownAsReceived look at.
const SniffLen = 8192

// ShownAsReceived reports whether a text body, known by its start (at
// least SniffLen bytes of it, or all of it), is shown as its bytes as
// received: UTF-8 by bodyCharset, with no byte order mark to drop. An offset into such a body's text is
// then an offset into its bytes, so the bytes before it need not be kept.
func ShownAsReceived(ctype string, start []byte) bool {
	_, name, _ := bodyCharset(ctype, start)
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
