package net

import "testing"

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
