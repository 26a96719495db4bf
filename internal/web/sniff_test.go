package web

import (
	"strings"
	"testing"

	"f0/internal/text"
)

func TestDecodedTextHasNoBOM(t *testing.T) {
	utf16le := []byte{0xFF, 0xFE, 'h', 0, 0xE9, 0, '\n', 0}
	utf16be := []byte{0xFE, 0xFF, 0, 'h', 0, 0xE9, 0, '\n'}
	cases := []struct {
		name, ctype string
		data        []byte
		want, from  string
	}{
		{"UTF-16LE by its BOM", "text/plain", utf16le, "hé\n", "utf-16le"},
		{"UTF-16BE by its BOM", "text/plain", utf16be, "hé\n", "utf-16be"},
		{"UTF-16 declared", "text/plain; charset=utf-16", utf16le, "hé\n", "utf-16le"},
		{"UTF-16LE declared", "text/plain; charset=utf-16le", utf16le, "hé\n", "utf-16le"},
		{"UTF-8 BOM", "text/plain; charset=utf-8", []byte("\xEF\xBB\xBFh\xC3\xA9\n"), "hé\n", ""},
		{"UTF-8 BOM, charset unknown", "text/plain", []byte("\xEF\xBB\xBFh\xC3\xA9\n"), "hé\n", ""},
		{"UTF-8 BOM under a wrong charset", "text/plain; charset=iso-8859-1", []byte("\xEF\xBB\xBFh\xC3\xA9\n"), "hé\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, from, _ := DecodeText(c.data, c.ctype)
			if got != c.want || (c.from != "" && from != c.from) {
				t.Fatalf("DecodeText = %q from %q, want %q from %q", got, from, c.want, c.from)
			}
		})
	}
}

// A body without a declared charset is decoded by what the whole of it
// is, not by its first KiB: UTF-8 after a long ASCII start stays UTF-8
// (curl prints those bytes, and a terminal shows "café ☕"). JSON is
// UTF-8 whatever its charset parameter or an HTML tag inside a string
// says (RFC 8259 §8.1); XML follows its declaration (RFC 7303 §4.3).
func TestUndeclaredCharsetIsTheWholeBodys(t *testing.T) {
	pad := strings.Repeat("a", 1100)
	utf8Tail := pad + "café ☕\n"
	cases := []struct {
		name, ctype, data, want, from string
	}{
		{"JSON, UTF-8 after 1 KiB", "application/json", `{"p":"` + pad + `","n":"café ☕"}`, `{"p":"` + pad + `","n":"café ☕"}`, ""},
		{"+json, UTF-8 after 1 KiB", "application/problem+json", utf8Tail, utf8Tail, ""},
		{"text/plain, UTF-8 after 1 KiB", "text/plain", utf8Tail, utf8Tail, ""},
		{"no type, UTF-8 after 1 KiB", "", utf8Tail, utf8Tail, ""},
		{"XML without a declaration", "application/xml", "<a>" + utf8Tail + "</a>", "<a>" + utf8Tail + "</a>", ""},
		{"HTML whose <meta> names no charset", "text/html", `<meta name="viewport" content="width=device-width">` + utf8Tail, `<meta name="viewport" content="width=device-width">` + utf8Tail, ""},
		{"JSON holding a <meta charset> in a string", "application/json", `{"html":"<meta charset=\"iso-8859-1\">` + pad + `é"}`, `{"html":"<meta charset=\"iso-8859-1\">` + pad + `é"}`, ""},
		{"JSON declared latin-1 but UTF-8", "application/json; charset=iso-8859-1", "[\"café\"]", "[\"café\"]", ""},
		{"JSON declared latin-1 and latin-1", "application/json; charset=iso-8859-1", "[\"caf\xe9\"]", "[\"café\"]", "windows-1252"},
		{"JSON not UTF-8, nothing declared", "application/json", "[\"caf\xe9\"]", "[\"café\"]", "windows-1252"},
		{"text/plain latin-1 after 1 KiB", "text/plain", pad + "caf\xe9\n", pad + "café\n", "windows-1252"},
		{"XML declaring latin-1", "application/xml", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>\xc3\xa9</a>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>Ã©</a>", "windows-1252"},
		{"Atom declaring UTF-16 in ASCII bytes", "application/atom+xml", "<?xml version='1.0' encoding='UTF-16'?><a>é</a>", "<?xml version='1.0' encoding='UTF-16'?><a>é</a>", ""},
		{"HTML <meta http-equiv>", "text/html", `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">` + "\xc3\xa9", `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">Ã©`, "windows-1252"},
		{"HTML <meta charset> over UTF-8 bytes", "text/html", `<meta charset="windows-1252">` + pad + "\x93q\x94", `<meta charset="windows-1252">` + pad + "“q”", "windows-1252"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, from, _ := DecodeText([]byte(c.data), c.ctype)
			if got != c.want || from != c.from {
				t.Fatalf("DecodeText = %q from %q, want %q from %q", text.CutUTF8(got, 200), from, text.CutUTF8(c.want, 200), c.from)
			}
		})
	}
}

// A body whose start is UTF-8 (or ASCII) with no other charset declared
// is shown as its bytes, so a window deep in it needs only the window: a
// character cut at the end of the sniffed start does not change that.
func TestShownAsReceivedByTheStart(t *testing.T) {
	ascii := strings.Repeat("a", SniffLen)
	cut := strings.Repeat("a", SniffLen-1) + "é"
	cases := []struct {
		name, ctype, start string
		want               bool
	}{
		{"JSON, ASCII start", "application/json", ascii, true},
		{"text/plain, ASCII start", "text/plain", ascii, true},
		{"no type, ASCII start", "", ascii, true},
		{"a character cut at the end", "text/plain", cut[:SniffLen], true},
		{"declared latin-1", "text/plain; charset=iso-8859-1", ascii, false},
		{"HTML declaring latin-1 in a <meta>", "text/html", `<meta charset="iso-8859-1">` + ascii, false},
		{"a latin-1 start", "text/plain", "caf\xe9 " + ascii, false},
		{"a UTF-8 byte order mark", "text/plain", "\xEF\xBB\xBF" + ascii, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ShownAsReceived(c.ctype, []byte(c.start)); got != c.want {
				t.Fatalf("ShownAsReceived(%q, …) = %v, want %v", c.ctype, got, c.want)
			}
		})
	}
}

// Bytes that are not UTF-8 in a body decoded as UTF-8 are shown as U+FFFD,
// and a note says so.
func TestInvalidUTF8IsNoted(t *testing.T) {
	got, from, note := DecodeText([]byte("caf\xc3\xa9 \xff end"), "text/plain; charset=utf-8")
	if got != "café \uFFFD end" || from != "" || note != text.InvalidUTF8Note {
		t.Fatalf("DecodeText = %q from %q, note %q", got, from, note)
	}
}
