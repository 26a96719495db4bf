package repair

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestInertKeysAreDocumented: the README's "Inert metadata" table lists
// exactly the keys of inertKeys, so the one list and its documentation do
// not drift apart; and every key names its source.
func TestInertKeysAreDocumented(t *testing.T) {
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Inert metadata\n")
	if !ok {
		t.Fatal(`README has no "## Inert metadata" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var documented []string
	for _, line := range strings.Split(section, "\n") {
		if cell, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " |"); ok && strings.HasPrefix(line, "| `") {
			for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cell, -1) {
				documented = append(documented, m[1])
			}
		}
	}
	var listed []string
	for _, k := range inertKeys {
		listed = append(listed, k.Name)
		if k.Source == "" {
			t.Errorf("inert key %q has no source", k.Name)
		}
	}
	// tool_call_id is documented as toolCallId's other spelling.
	documented = slices.DeleteFunc(documented, func(k string) bool { return k == "tool_call_id" })
	slices.Sort(documented)
	slices.Sort(listed)
	if !slices.Equal(documented, listed) {
		t.Fatalf("README lists %q\ninertKeys has %q", documented, listed)
	}
}
