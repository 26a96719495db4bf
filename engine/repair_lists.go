package engine

import (
	"fmt"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// splitPathLists reads a comma-separated string given for a list of paths
// ("a.txt, docs/b.md") as the list, when every part looks like a path (a
// dot or a slash, no space inside). A string that does not is left as one
// path.
func splitPathLists(t *tool.Tool, args map[string]any) (problems []problem, notes []string) {
	for field := range inOrder(args) {
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

// substringGlob turns a bare word in field into a glob that matches it as
// part of a name, in any case; it returns what it did, or "".
func substringGlob(field string, args map[string]any) string {
	s, ok := args[field].(string)
	if field == "" || !ok || s == "" || strings.ContainsAny(s, "*?[]{}/\\") {
		return ""
	}
	args[field] = "*" + s + "*"
	if _, given := args["ignoreCase"]; !given {
		args["ignoreCase"] = true
	}
	return fmt.Sprintf("%s %q → %q, ignoreCase: a part of a name", field, s, "*"+s+"*")
}
