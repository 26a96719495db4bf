package repair

import (
	"fmt"
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
// todo with ignoreCase, and a regular expression given for a glob as that
// glob.
func repairPatterns(t *tool.Tool, schema *schemas.Schema, args map[string]any) (problems []Problem, notes []string) {
	for field := range keys.InOrder(args) {
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
		out := strings.ReplaceAll(s, `\|`, "|")
		return out, fmt.Sprintf(`note: read grep's alternation \| in %q as | (%q): in RE2 \| is a literal |`, s, out)
	}
	return s, ""
}

// regexInGlob matches the marks of a regular expression: .* or .+, an
// escaped dot, a ^ or $ anchor.
var regexInGlob = lazyRegexp(`\.\*|\.\+|\\\.|^\^|\$$`)

// globValue turns a regular expression given for a glob into the glob,
// when the expression is only anchors, .* and escaped dots.
func globValue(field, s string) (string, string) {
	if !regexInGlob().MatchString(s) {
		return s, ""
	}
	g := strings.TrimSuffix(strings.TrimPrefix(s, "^"), "$")
	g = strings.NewReplacer(`.*`, `*`, `.+`, `?*`, `\.`, `.`).Replace(g)
	if strings.ContainsAny(g, `()|+\{}^$`) || g == "" {
		return s, ""
	}
	if !strings.HasPrefix(s, "^") && !strings.HasPrefix(g, "*") {
		g = "*" + g
	}
	if !strings.HasSuffix(s, "$") && !strings.HasSuffix(g, "*") {
		g += "*"
	}
	return g, fmt.Sprintf("note: %s takes a glob, not a regular expression; read %q as %q", field, s, g)
}
