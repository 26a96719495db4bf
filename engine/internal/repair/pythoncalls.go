package repair

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
)

// Python calls are how Llama 3.2 and 4 (vLLM's pythonic parser), Gemma
// (```tool_code) and OLMo 3 write tool calls: [NAME(key=value, …), …] or
// one NAME(…) a line, the values Python literals. Only keyword arguments
// have a meaning here; a positional one makes the text no call.

// pythonCalls reads the calls in s.
func pythonCalls(s string) ([]foundCall, bool) {
	p := &pyReader{src: strings.TrimSpace(s)}
	bracketed := p.eat('[')
	var calls []foundCall
	for {
		p.space()
		if p.done() || bracketed && p.peek() == ']' {
			break
		}
		c, ok := p.call()
		if !ok {
			return nil, false
		}
		calls = append(calls, c)
		p.space()
		p.eat(',')
	}
	if bracketed && !p.eat(']') {
		return nil, false
	}
	p.space()
	return calls, p.done() && len(calls) > 0
}

// pyReader reads Python source one character at a time.
type pyReader struct {
	src string
	i   int
}

func (p *pyReader) done() bool { return p.i >= len(p.src) }

func (p *pyReader) peek() byte {
	if p.done() {
		return 0
	}
	return p.src[p.i]
}

func (p *pyReader) eat(c byte) bool {
	p.space()
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

func (p *pyReader) space() {
	for !p.done() && strings.IndexByte(" \t\r\n", p.src[p.i]) >= 0 {
		p.i++
	}
}

// ident reads a name: a letter or _ first, then digits and dots too
// (functions.fs_read).
func (p *pyReader) ident() string {
	p.space()
	start := p.i
	for !p.done() {
		r := rune(p.src[p.i])
		first := p.i == start
		if !(unicode.IsLetter(r) || r == '_' || !first && (unicode.IsDigit(r) || r == '.')) {
			break
		}
		p.i++
	}
	return p.src[start:p.i]
}

// call reads NAME(key=value, …).
func (p *pyReader) call() (foundCall, bool) {
	name := p.ident()
	if name == "" || !p.eat('(') {
		return foundCall{}, false
	}
	args := map[string]any{}
	for !p.eat(')') {
		key := p.ident()
		if key == "" || !p.eat('=') {
			return foundCall{}, false
		}
		v, ok := p.value()
		if !ok {
			return foundCall{}, false
		}
		args[key] = v
		if !p.eat(',') && p.peek() != ')' {
			return foundCall{}, false
		}
	}
	return foundCall{name: name, args: args}, true
}

// value reads a literal: a string, a number, True, False, None, a list,
// a tuple or a dict.
func (p *pyReader) value() (any, bool) {
	p.space()
	switch c := p.peek(); {
	case c == '"' || c == '\'':
		return p.str()
	case c == '[' || c == '(':
		return p.list(map[byte]byte{'[': ']', '(': ')'}[c])
	case c == '{':
		return p.dict()
	}
	word := p.ident()
	switch word {
	case "True", "true":
		return true, true
	case "False", "false":
		return false, true
	case "None", "null":
		return nil, true
	case "":
		return p.number()
	}
	return nil, false
}

func (p *pyReader) number() (any, bool) {
	start := p.i
	for !p.done() && strings.IndexByte("+-0123456789.eE_", p.src[p.i]) >= 0 {
		p.i++
	}
	n := strings.ReplaceAll(p.src[start:p.i], "_", "")
	if _, err := strconv.ParseFloat(n, 64); err != nil || n == "" {
		return nil, false
	}
	return json.Number(n), true
}

// str reads a quoted string, triple quotes and escapes included.
func (p *pyReader) str() (any, bool) {
	q := p.src[p.i]
	quote := string(q)
	if strings.HasPrefix(p.src[p.i:], strings.Repeat(quote, 3)) {
		quote = strings.Repeat(quote, 3)
	}
	p.i += len(quote)
	var b strings.Builder
	for !p.done() {
		if strings.HasPrefix(p.src[p.i:], quote) {
			p.i += len(quote)
			return b.String(), true
		}
		c := p.src[p.i]
		p.i++
		if c != '\\' || p.done() {
			b.WriteByte(c)
			continue
		}
		e := p.src[p.i]
		p.i++
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '\\', '\'', '"':
			b.WriteByte(e)
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return nil, false
}

func (p *pyReader) list(end byte) (any, bool) {
	p.i++
	list := []any{}
	for !p.eat(end) {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		list = append(list, v)
		if !p.eat(',') && p.peek() != end {
			return nil, false
		}
	}
	return list, true
}

func (p *pyReader) dict() (any, bool) {
	p.i++
	m := map[string]any{}
	for !p.eat('}') {
		k, ok := p.value()
		key, isText := k.(string)
		if !ok || !isText || !p.eat(':') {
			return nil, false
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		m[key] = v
		if !p.eat(',') && p.peek() != '}' {
			return nil, false
		}
	}
	return m, true
}
