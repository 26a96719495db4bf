// Package text holds the text helpers every part of f0 writes with: digit grouping,
// byte sizes, plurals, sentences, cutting without splitting a character, compact JSON.
// It imports nothing of f0.
package text

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// CutUTF8 cuts s to at most n bytes without splitting a character.
func CutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// InvalidUTF8Note says that bytes of a text shown as UTF-8 were not UTF-8.
const InvalidUTF8Note = "note: invalid UTF-8 is shown as U+FFFD (�)."

// ValidText is data as UTF-8 text, each invalid byte sequence shown as
// U+FFFD; fixed reports whether there was one. A character cut at the end
// of data counts as invalid: cut a kept window at a character first.
func ValidText(data []byte) (text string, fixed bool) {
	if utf8.Valid(data) {
		return string(data), false
	}
	return strings.ToValidUTF8(string(data), "\uFFFD"), true
}

// GroupDigits writes 24576 as 24,576.
func GroupDigits(n int64) string {
	if n < 0 {
		return "-" + GroupDigits(-n)
	}
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CompactJSON renders v as one line of JSON without HTML escaping.
func CompactJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%v", v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Plural picks the word for n things: one when n is 1, many otherwise.
func Plural[N int | int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count writes n with its word: "1 file", "24,576 files".
func Count[N int | int64](n N, one, many string) string {
	return GroupDigits(int64(n)) + " " + Plural(n, one, many)
}

// Sentence ends s with a full stop unless it already ends a sentence (".",
// "?", "!") or introduces what follows (":").
func Sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, ":") {
		return s
	}
	return s + "."
}

// ScalarText renders a string, number, boolean or null as text.
func ScalarText(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return fmt.Sprint(x), true
	case float64:
		return CompactJSON(x), true
	case int:
		return strconv.Itoa(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	}
	return "", false
}
