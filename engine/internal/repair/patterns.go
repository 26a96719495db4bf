package repair

import (
	"fmt"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/schemas"
	"f0/tool"
)

// searchPatterns reads grep's, JavaScript's and find's patterns into what
// the field takes.
func searchPatterns(s *State) { s.add(repairPatterns(s.Tool, s.Schema(), s.Args)) }

// repairPatterns reads the search patterns models carry over from grep,
// JavaScript and find into what the field takes, with a note: BRE
// alternation TODO\|DEBUG as TODO|DEBUG, a /todo/i literal as the pattern
// todo with ignoreCase, a regular expression given for a glob as that
// glob, and several globs in one text ("*.jsx; *.tsx", "*.js|*.ts") as
// that many globs.
func repairPatterns(t *tool.Tool, schema *schemas.Schema, args map[string]any) (problems []Problem, notes []string) {
	for field := range keys.InOrder(args) {
		if list, isList := args[field].([]any); isList && t.Forms[field] == tool.GlobKind {
			if note := globItems(field, args, list); note != "" {
				notes = append(notes, note)
			}
			continue
		}
		s, ok := args[field].(string)
		if !ok {
			continue
		}
		var note string
		switch t.Forms[field] {
		case tool.RegexKind:
			if literal, _ := toBool(args["literal"]); literal {
				continue
			}
			args[field], note = regexValue(field, s, schema, args)
		case tool.GlobKind:
			args[field], note = globValue(field, s)
		}
		if note != "" {
			notes = append(notes, note)
		}
	}
	return nil, notes
}

// regexLiteral matches a JavaScript or Perl regex literal with flags.
var regexLiteral = lazyRegexp(`^/(.+)/([gimsuy]+)$`)

// regexValue reads a pattern written for grep or JavaScript.
func regexValue(field, s string, schema *schemas.Schema, args map[string]any) (string, string) {
	if m := regexLiteral().FindStringSubmatch(s); m != nil {
		note := fmt.Sprintf("note: read the regex literal %q as %s %q", s, field, m[1])
		const ic = "ignoreCase"
		if strings.Contains(m[2], "i") && schemas.Property(schema, ic) != nil {
			if _, given := args[ic]; !given {
				args[ic] = true
				note += " with ignoreCase true"
			}
		}
		return m[1], note
	}
	if strings.Contains(s, "(?=") || strings.Contains(s, "(?<=") {
		if !strings.Contains(s, "(?!") && !strings.Contains(s, "(?<!") {
			out := strings.NewReplacer("(?<=", "(?:", "(?=", "(?:").Replace(s)
			return out, fmt.Sprintf("note: RE2 has no lookaround; read %q as %q, which matches the same lines", s, out)
		}
	}
	if strings.Contains(s, `\|`) && !strings.Contains(strings.ReplaceAll(s, `\|`, ""), "|") {
		out := basicToRE2(s)
		return out, fmt.Sprintf(`note: read grep's basic regex %q as %q: its \| is alternation and its ( ) { } + ? are literal, the other way round in RE2`, s, out)
	}
	return s, ""
}

// basicToRE2 writes a grep basic regular expression (BRE, GNU's) in RE2:
// an escaped \( \) \{ \} \| \+ \? is the operator, a bare one the
// character; inside a bracket expression every character is itself.
func basicToRE2(s string) string {
	const swapped = "(){}|+?"
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inBracket:
			b.WriteByte(c)
			if c == ']' {
				inBracket = false
			}
		case c == '[':
			inBracket = true
			b.WriteByte(c)
			if i+1 < len(s) && s[i+1] == ']' { // []abc] holds ]
				b.WriteByte(']')
				i++
			}
		case c == '\\' && i+1 < len(s):
			i++
			if strings.IndexByte(swapped, s[i]) >= 0 {
				b.WriteByte(s[i])
			} else {
				b.WriteByte('\\')
				b.WriteByte(s[i])
			}
		case strings.IndexByte(swapped, c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// globItems reads each item of a list of globs as globValue does, and an
// item holding several globs as that many items.
func globItems(field string, args map[string]any, list []any) string {
	var out []any
	var changed []string
	for _, item := range list {
		s, ok := item.(string)
		if !ok {
			out = append(out, item)
			continue
		}
		parts := globParts(s)
		if len(parts) == 0 {
			out = append(out, item)
			continue
		}
		for _, part := range parts {
			g, converted := globOne(part)
			out = append(out, g)
			if converted || len(parts) > 1 {
				changed = append(changed, s)
			}
		}
	}
	if len(changed) == 0 {
		return ""
	}
	changed = slices.Compact(changed)
	args[field] = out
	globs := make([]string, 0, len(out))
	for _, g := range out {
		globs = append(globs, fmt.Sprint(g))
	}
	return fmt.Sprintf("note: %s takes one glob per item, not regular expressions or lists in one text; read %s as [%s]", field, quoteList(changed), quoteList(globs))
}

// globValue reads a text given for a glob field: a regular expression
// as the glob it means (globOne), several globs separated by ';' or '|'
// (Devin's "*.jsx; *.tsx", Desktop Commander's "*.js|*.ts") as one brace
// alternation.
func globValue(field, s string) (string, string) {
	parts := globParts(s)
	if len(parts) < 2 {
		g, changed := globOne(s)
		if !changed {
			return s, ""
		}
		return g, fmt.Sprintf("note: %s takes a glob, not a regular expression; read %q as %q", field, s, g)
	}
	globs := make([]string, len(parts))
	for i, p := range parts {
		globs[i], _ = globOne(p)
	}
	g := "{" + strings.Join(globs, ",") + "}"
	return g, fmt.Sprintf("note: %s takes one glob; read the globs of %q as the alternation %q", field, s, g)
}

// globParts splits a text at the ';' and '|' that separate globs, outside
// brackets, braces and parentheses (a regular expression's (a|b) stays
// whole); blank parts are dropped.
func globParts(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ';', '|':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, s[start:])
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// regexInGlob matches the marks of a regular expression that no glob
// has: .+, an escaped dot, a ^ or $ anchor. A .* alone is also a glob
// (.* is the dot files), so it is read as a regular expression only
// beside one of these.
var regexInGlob = lazyRegexp(`\.\+|\\\.|^\^|\$$`)

// globOne turns a regular expression given for a glob into the glob,
// when the expression is only anchors, .* and escaped dots, and reports
// whether it did.
func globOne(s string) (string, bool) {
	if !regexInGlob().MatchString(s) {
		return s, false
	}
	g := strings.TrimSuffix(strings.TrimPrefix(s, "^"), "$")
	g = strings.NewReplacer(`.*`, `*`, `.+`, `?*`, `\.`, `.`).Replace(g)
	if strings.ContainsAny(g, `()|+\{}^$`) || g == "" {
		return s, false
	}
	if !strings.HasPrefix(s, "^") && !strings.HasPrefix(g, "*") {
		g = "*" + g
	}
	if !strings.HasSuffix(s, "$") && !strings.HasSuffix(g, "*") {
		g += "*"
	}
	return g, true
}
