package texttest

import (
	"os"
	"strings"
	"testing"
)

// Section keeps the part of file between the lines begin and end (both
// kept) equal to want: with update it rewrites the file, else a difference
// fails t with how to update it (howToUpdate).
func Section(t testing.TB, file, begin, end, want string, update bool, howToUpdate string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start, stop := strings.Index(text, begin), strings.Index(text, end)
	if start < 0 || stop < start {
		t.Fatalf("%s lacks the markers %q … %q", file, begin, end)
	}
	start += len(begin)
	if text[start:stop] == want {
		return
	}
	if update {
		if err := os.WriteFile(file, []byte(text[:start]+want+text[stop:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale between %q and %q; %s\nwant:\n%s", file, begin, end, howToUpdate, want)
}
