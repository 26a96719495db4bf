package repair

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"f0/internal/text"
)

// Small open models often write arguments as text that is almost JSON:
// single quotes, Python literals, unquoted keys, trailing commas, a literal
// "\n" between tokens, a ```json fence, or JSON text encoded again as a
// JSON string. relaxJSON reads such text when exactly one reading is
// possible and says what it fixed; anything else it leaves to the strict
// parser's error. No JSON5/HJSON library fits: HJSON reads True as the
// string "True" and neither knows the literal "\n" slip, so this is a small
// tokenizer that rewrites the text into strict JSON.

// stripFence removes a Markdown code fence (```json … ```) around s.
func stripFence(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "```") {
		return s, false
	}
	body := strings.TrimPrefix(t, "```")
	nl := strings.IndexByte(body, '\n')
	if nl < 0 {
		return s, false
	}
	if lang := strings.TrimSpace(body[:nl]); strings.ContainsFunc(lang, unicode.IsSpace) {
		return s, false
	}
	body = strings.TrimSpace(body[nl+1:])
	body, ok := strings.CutSuffix(body, "```")
	if !ok {
		return s, false
	}
	return strings.TrimSpace(body), true
}

// relaxJSON parses almost-JSON text. It returns the value and the fixes it
// made, or ok false when the text is not readable that way.
func relaxJSON(s string) (v any, fixes []string, ok bool) {
	strict, fixes, err := rewriteRelaxed(s)
	if err != nil || len(fixes) == 0 {
		return nil, nil, false
	}
	v, err = text.DecodeJSON([]byte(strict))
	if err != nil {
		return nil, nil, false
	}
	return v, fixes, true
}

// relaxed rewrites one text into strict JSON.
type relaxed struct {
	src   string
	i     int
	out   strings.Builder
	fixes []string
}

func (r *relaxed) fix(what string) {
	for _, f := range r.fixes {
		if f == what {
			return
		}
	}
	r.fixes = append(r.fixes, what)
}

// rewriteRelaxed returns s as strict JSON text and the fixes made.
func rewriteRelaxed(s string) (string, []string, error) {
	r := &relaxed{src: s}
	for r.i < len(r.src) {
		if err := r.step(); err != nil {
			return "", nil, err
		}
	}
	return r.out.String(), r.fixes, nil
}

// step consumes one token outside strings.
func (r *relaxed) step() error {
	c := r.src[r.i]
	switch {
	case c == '"':
		return r.doubleQuoted()
	case c == '\'':
		r.fix("single quotes")
		return r.singleQuoted()
	case c == ',':
		r.i++
		if next := r.peek(); next == '}' || next == ']' {
			r.fix("a trailing comma")
			return nil
		}
		r.out.WriteByte(',')
	case c == '\\':
		if r.i+1 < len(r.src) && strings.IndexByte("ntr", r.src[r.i+1]) >= 0 {
			r.fix(`a literal "\n" between tokens`)
			r.out.WriteByte(' ')
			r.i += 2
			return nil
		}
		return fmt.Errorf("stray backslash at %d", r.i)
	case c == '_' || c == '$' || isLetter(c):
		return r.word()
	default:
		r.out.WriteByte(c)
		r.i++
	}
	return nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// peek returns the next byte that is not space (nor a literal \n), without
// consuming anything.
func (r *relaxed) peek() byte {
	for j := r.i; j < len(r.src); j++ {
		switch c := r.src[j]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == '\\' && j+1 < len(r.src) && strings.IndexByte("ntr", r.src[j+1]) >= 0:
			j++
		default:
			return c
		}
	}
	return 0
}

// doubleQuoted copies a JSON string as it is.
func (r *relaxed) doubleQuoted() error {
	start := r.i
	for r.i++; r.i < len(r.src); r.i++ {
		switch r.src[r.i] {
		case '\\':
			r.i++
		case '"':
			r.i++
			r.out.WriteString(r.src[start:r.i])
			return nil
		}
	}
	return fmt.Errorf("unterminated string at %d", start)
}

// singleQuoted rewrites a 'string' as a "string".
func (r *relaxed) singleQuoted() error {
	start := r.i
	var b strings.Builder
	for r.i++; r.i < len(r.src); {
		c, size := utf8.DecodeRuneInString(r.src[r.i:])
		switch {
		case c == '\\' && r.i+1 < len(r.src):
			if r.src[r.i+1] == '\'' {
				b.WriteByte('\'')
			} else {
				b.WriteString(r.src[r.i : r.i+2])
			}
			r.i += 2
			continue
		case c == '"':
			b.WriteString(`\"`)
		case c == '\'':
			r.i++
			r.out.WriteByte('"')
			r.out.WriteString(b.String())
			r.out.WriteByte('"')
			return nil
		default:
			b.WriteRune(c)
		}
		r.i += size
	}
	return fmt.Errorf("unterminated string at %d", start)
}

// pythonLiterals maps Python's constants to JSON's.
var pythonLiterals = map[string]string{"True": "true", "False": "false", "None": "null"}

// word reads a bare word: an unquoted key, a JSON or Python literal, or a
// number's exponent; any other bare word makes the text unreadable.
func (r *relaxed) word() error {
	start := r.i
	for r.i < len(r.src) {
		c := r.src[r.i]
		if c != '_' && c != '$' && c != '-' && !isLetter(c) && !('0' <= c && c <= '9') {
			break
		}
		r.i++
	}
	w := r.src[start:r.i]
	switch {
	case r.peek() == ':':
		r.fix("unquoted keys")
		data, _ := json.Marshal(w)
		r.out.Write(data)
	case w == "true" || w == "false" || w == "null":
		r.out.WriteString(w)
	case pythonLiterals[w] != "":
		r.fix("Python literals (" + w + ")")
		r.out.WriteString(pythonLiterals[w])
	case start > 0 && strings.IndexByte("0123456789.", r.src[start-1]) >= 0:
		r.out.WriteString(w) // 1e5, 2E-3
	default:
		return fmt.Errorf("bare word %q", w)
	}
	return nil
}

// argsText reads arguments sent as text, collecting notes on what it
// fixed.
type argsText struct {
	notes []string
}

// parse reads JSON text strictly, then leniently (with a note).
func (a *argsText) parse(s string) (any, error) {
	v, err := text.DecodeJSON([]byte(s))
	if err == nil {
		return v, nil
	}
	if rv, fixes, ok := relaxJSON(s); ok {
		a.notes = append(a.notes, "note: read the arguments as JSON after fixing "+strings.Join(fixes, ", "))
		return rv, nil
	}
	return nil, fmt.Errorf("arguments were a string that looks like JSON but does not parse (%v); send one JSON object with double-quoted keys and strings", err)
}

// looksLikeJSON reports whether s is an object or array in text.
func looksLikeJSON(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[")
}
