// Package texttest checks the text a tool answers with, for the tests of
// every package that asserts on it.
package texttest

import (
	"strings"
	"testing"
)

// InOrder fails t unless text holds each part, each after the one before.
func InOrder(t testing.TB, text string, parts ...string) {
	t.Helper()
	rest := text
	for _, p := range parts {
		i := strings.Index(rest, p)
		if i < 0 {
			t.Fatalf("missing %q (in order) in:\n%s", p, text)
			return
		}
		rest = rest[i+len(p):]
	}
}
