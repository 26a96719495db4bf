package vocab

import (
	"fmt"
	"strings"
)

// A replacement that its agent makes with JavaScript's
// String.prototype.replace(new RegExp(old, "g"), new) (Eko's
// file_str_replace): old is a regular expression and new a replacement
// pattern ($& the match, $$ a dollar sign). When old matches only its own
// text (no metacharacter; a backslash before punctuation is that
// character) the call is f0's literal replacement of every occurrence;
// otherwise f0, which replaces literal text only, refuses it.

// jsRegexText: the pattern as the literal text it matches → oldText, and
// the replacement field (args.replacement) as the literal text it puts in
// its place → newText.
func (b *builder) jsRegexText(k string, r *Rule, v any) (effect, error) {
	if v == nil { // only the replacement: nothing says what it replaces
		b.refuse(k, "the call gives new_str but no old_str, the text to replace; fs_edit {\"path\": …, \"edits\": [{\"oldText\": …, \"newText\": …}], \"replaceAll\": true}", "")
		return effect{to: []string{"oldText"}}, nil
	}
	pattern, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	old, why := jsLiteral(pattern)
	if why != "" {
		b.refuse(k, jsRefusal(k, pattern, why), "fs.edit.regex")
		return effect{to: []string{"oldText"}}, nil
	}
	b.put(k, "oldText", old)
	to := []string{"oldText"}
	if r.Args.Replacement == nil {
		return effect{to: to}, nil
	}
	rk := *r.Args.Replacement
	rv, ok := b.args[rk]
	if !ok || rv == nil {
		return effect{to: to}, nil
	}
	repl, err := b.textValue(rk, rv)
	if err != nil {
		return effect{}, err
	}
	text, why := jsReplacement(repl, old)
	if why != "" {
		b.refuse(rk, fmt.Sprintf("%s %q %s; f0 puts literal text in place of the match: fs_edit {\"path\": …, \"edits\": [{\"oldText\": %q, \"newText\": <the text itself>}], \"replaceAll\": true}", rk, repl, why, old), "")
		return effect{to: to}, nil
	}
	b.put(rk, "newText", text)
	return effect{to: append(to, "newText")}, nil
}

func jsRefusal(k, pattern, why string) string {
	return fmt.Sprintf("%s %q is a JavaScript regular expression (new RegExp(%s, \"g\")), and %s, so it does not match its own text; f0 replaces literal text only: fs_search {\"path\": …, \"pattern\": %q} shows the lines it matches, then fs_edit {\"path\": …, \"edits\": [{\"oldText\": <a matched text>, \"newText\": …}], \"replaceAll\": true} replaces each", k, pattern, k, why, pattern)
}

// jsLiteral is the text a JavaScript regular expression matches when it
// matches only that text, or why it is no such expression.
func jsLiteral(p string) (string, string) {
	if p == "" {
		return "", "an empty expression matches between every two characters"
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 >= len(p) {
				return "", "it ends with a lone backslash"
			}
			next := p[i+1]
			if !strings.ContainsRune(`^$\.*+?()[]{}|/-`, rune(next)) {
				return "", fmt.Sprintf("\\%c is a character class or escape", next)
			}
			b.WriteByte(next)
			i++
		case strings.IndexByte("^$.*+?()[|", c) >= 0:
			return "", fmt.Sprintf("%c is a metacharacter", c)
		case c == '{' && quantifierAt(p[i:]):
			return "", "{…} is a repetition"
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), ""
}

// quantifierAt reports whether s starts with {n}, {n,} or {n,m}.
func quantifierAt(s string) bool {
	end := strings.IndexByte(s, '}')
	if end < 2 {
		return false
	}
	lo, hi, comma := strings.Cut(s[1:end], ",")
	digits := func(t string) bool { return t != "" && strings.Trim(t, "0123456789") == "" }
	return digits(lo) && (!comma || hi == "" || digits(hi))
}

// jsReplacement is the literal text a replacement pattern puts in place
// of a match of the literal old (no capture groups: $1 and $<name> stay
// as written), or why it depends on the text around the match.
func jsReplacement(r, old string) (string, string) {
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		if r[i] != '$' || i+1 >= len(r) {
			b.WriteByte(r[i])
			continue
		}
		switch r[i+1] {
		case '$':
			b.WriteByte('$')
			i++
		case '&':
			b.WriteString(old)
			i++
		case '`', '\'':
			return "", fmt.Sprintf("holds $%c, the text before or after each match", r[i+1])
		default:
			b.WriteByte('$')
		}
	}
	return b.String(), ""
}
