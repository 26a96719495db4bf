package repair

import (
	"fmt"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// pathLists reads a comma-separated string given for a list of paths as
// the list.
func pathLists(s *State) { s.add(splitPathLists(s.Tool, s.Args)) }

// splitPathLists reads a comma-separated string given for a list of paths
// ("a.txt, docs/b.md") as the list, when every part looks like a path (a
// dot or a slash, no space inside). A string that does not is left as one
// path.
func splitPathLists(t *tool.Tool, args map[string]any) (problems []Problem, notes []string) {
	for field := range keys.InOrder(args) {
		s, ok := args[field].(string)
		if !ok || t.Forms[field] != tool.PathKind || !isPluralField(t, field) || !strings.Contains(s, ",") || looksLikeJSON(s) {
			continue
		}
		parts := strings.Split(s, ",")
		list := make([]any, 0, len(parts))
		for _, part := range parts {
			p := strings.TrimSpace(part)
			if p == "" || strings.ContainsAny(p, " \t\"'[]") || !strings.ContainsAny(p, "./\\") {
				list = nil
				break
			}
			list = append(list, p)
		}
		if len(list) < 2 {
			continue
		}
		args[field] = list
		notes = append(notes, fmt.Sprintf("note: read %s %s as the list %s", field, text.QuoteShort(s), text.CompactJSON(list)))
	}
	return nil, notes
}

// isPluralField reports whether field is the list form of another field.
func isPluralField(t *tool.Tool, field string) bool {
	for _, plural := range t.Plurals {
		if plural == field {
			return true
		}
	}
	return false
}
