package fs

import (
	"bytes"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// matcher finds lines that match a pattern in a whole buffer, without
// looking at lines one by one: a literal the pattern cannot match without
// (its "required literal") is looked for with bytes.Index over the whole
// buffer, and the regular expression only runs on the lines that contain
// it. A pattern that is nothing but a literal never runs a regexp at all.
type matcher struct {
	re *regexp.Regexp
	// lit is a required literal, matched exactly; fold is one matched
	// ignoring ASCII case (lower-cased), with rare its rarest byte's index.
	lit, fold []byte
	rare      int
	// pure means a line contains the literal exactly when it matches.
	pure bool
	// span, set for a multiline search whose pattern can match a line
	// end, finds matches that span lines (compileSpanning).
	span *regexp.Regexp
}

// compileMatcher builds the matcher of a search. A pattern that is not a
// valid regular expression is an error; the caller decides whether to
// search for it literally.
func compileMatcher(pattern string, literal, ignoreCase bool) (*matcher, error) {
	if pattern == "" {
		return nil, fmt.Errorf("the pattern is empty")
	}
	expr := pattern
	if literal {
		expr = regexp.QuoteMeta(pattern)
	}
	if _, err := syntax.Parse(expr, syntax.Perl); err != nil {
		return nil, err // reported without the flags added below
	}
	flags := "(?m)"
	if ignoreCase {
		flags = "(?mi)"
	}
	re, err := regexp.Compile(flags + expr)
	if err != nil {
		return nil, err
	}
	m := &matcher{re: re}
	parsed, err := syntax.Parse(flags+expr, syntax.Perl)
	if err != nil {
		return m, nil
	}
	parsed = parsed.Simplify()
	lit, fold, whole := requiredLiteral(parsed)
	switch {
	case lit == "":
	case fold && !isASCII(lit):
		// Unicode case folding: leave it to the regexp.
	case fold:
		m.fold = []byte(strings.ToLower(lit))
		m.rare = rarestByte(m.fold, true)
		m.pure = whole
	default:
		m.lit = []byte(lit)
		m.rare = rarestByte(m.lit, false)
		m.pure = whole
	}
	return m, nil
}

// spans are where m matches in a line, as byte offsets; empty matches
// are left out.
func (m *matcher) spans(line string) [][2]int {
	switch {
	case m.pure && m.lit != nil:
		return literalSpans(line, string(m.lit))
	case m.pure && m.fold != nil && isASCII(line):
		return literalSpans(strings.ToLower(line), string(m.fold))
	}
	var out [][2]int
	for _, sp := range m.re.FindAllStringIndex(line, -1) {
		if sp[1] > sp[0] {
			out = append(out, [2]int{sp[0], sp[1]})
		}
	}
	return out
}

// literalSpans are where lit occurs in line, without overlaps, as the
// regular expression of a pattern that is nothing but lit finds them.
func literalSpans(line, lit string) [][2]int {
	var out [][2]int
	for at := 0; ; {
		i := strings.Index(line[at:], lit)
		if i < 0 {
			return out
		}
		out = append(out, [2]int{at + i, at + i + len(lit)})
		at += i + len(lit)
	}
}

// requiredLiteral returns the longest literal every match contains, whether
// it is compared ignoring case, and whether the expression is exactly that
// literal.
func requiredLiteral(re *syntax.Regexp) (lit string, fold, whole bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return string(re.Rune), re.Flags&syntax.FoldCase != 0, true
	case syntax.OpCapture:
		return requiredLiteral(re.Sub[0])
	case syntax.OpPlus:
		lit, fold, _ := requiredLiteral(re.Sub[0])
		return lit, fold, false
	case syntax.OpRepeat:
		if re.Min >= 1 {
			lit, fold, _ := requiredLiteral(re.Sub[0])
			return lit, fold, false
		}
	case syntax.OpConcat:
		// Adjacent literals of the same case mode join into one run.
		var best, run string
		var bestFold, runFold bool
		onlyLiterals := true
		flush := func() {
			if len(run) > len(best) {
				best, bestFold = run, runFold
			}
			run = ""
		}
		for _, sub := range re.Sub {
			if sub.Op == syntax.OpLiteral {
				f := sub.Flags&syntax.FoldCase != 0
				if run != "" && f != runFold {
					flush()
					onlyLiterals = false
				}
				run += string(sub.Rune)
				runFold = f
				continue
			}
			onlyLiterals = false
			flush()
			if l, f, _ := requiredLiteral(sub); len(l) > len(best) {
				best, bestFold = l, f
			}
		}
		flush()
		return best, bestFold, onlyLiterals
	}
	return "", false, false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// letterFreq ranks lower-case letters by how common they are in text and
// code (per mille); other bytes count as moderately rare.
var letterFreq = [26]uint8{
	82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1,
}

// byteScore guesses how common a byte is in text and source code (higher
// is more common).
func byteScore(c byte, folded bool) int {
	switch {
	case c >= 'a' && c <= 'z':
		if folded {
			return int(letterFreq[c-'a']) + int(letterFreq[c-'a'])/4
		}
		return int(letterFreq[c-'a'])
	case c >= 'A' && c <= 'Z':
		return int(letterFreq[c-'A']) / 4
	case c == ' ':
		return 200
	case c == '\t', c == '\n':
		return 90
	case c >= '0' && c <= '9':
		return 15
	case strings.IndexByte("()._,=/*\":;{}", c) >= 0:
		return 35
	case c >= utf8.RuneSelf:
		return 5
	}
	return 10
}

// rarestByte picks the byte of a literal least likely to occur, the one
// a scan looks for first (folded: the literal is lower case and matched
// ignoring case, so a letter stands for both cases).
func rarestByte(lit []byte, folded bool) int {
	best, bestScore := 0, 1<<30
	for i, c := range lit {
		if score := byteScore(c, folded); score < bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// indexRare finds lit in s by scanning for its rarest byte with
// bytes.IndexByte and comparing around each hit: much faster than
// bytes.Index when the literal starts with a common letter.
func indexRare(s, lit []byte, rare int) int {
	c := lit[rare]
	for i := rare; i < len(s); {
		j := bytes.IndexByte(s[i:], c)
		if j < 0 {
			return -1
		}
		start := i + j - rare
		if start+len(lit) <= len(s) && bytes.Equal(s[start:start+len(lit)], lit) {
			return start
		}
		i += j + 1
	}
	return -1
}

// indexFold finds lit (lower-cased ASCII) in s ignoring ASCII case. It
// scans for the rarest byte in both cases with bytes.IndexByte and compares
// around each hit.
func indexFold(s, lit []byte, rare int) int {
	c := lit[rare]
	lo, up := c, c
	if c >= 'a' && c <= 'z' {
		up = c - 'a' + 'A'
	}
	nextLo, nextUp := -2, -2 // -2: not looked up yet; -1: none left
	i := rare
	for i < len(s) {
		if nextLo != -1 && nextLo < i {
			nextLo = indexFrom(s, lo, i)
		}
		if lo == up {
			nextUp = nextLo
		} else if nextUp != -1 && nextUp < i {
			nextUp = indexFrom(s, up, i)
		}
		j := pickFirst(nextLo, nextUp)
		if j < 0 {
			return -1
		}
		start := j - rare
		if start >= 0 && start+len(lit) <= len(s) && equalFoldASCII(s[start:start+len(lit)], lit) {
			return start
		}
		i = j + 1
	}
	return -1
}

func indexFrom(s []byte, c byte, from int) int {
	if j := bytes.IndexByte(s[from:], c); j >= 0 {
		return from + j
	}
	return -1
}

func pickFirst(a, b int) int {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	return min(a, b)
}

// equalFoldASCII compares s with a lower-case literal ignoring ASCII case.
func equalFoldASCII(s, lower []byte) bool {
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// nextLine returns the bounds of the next matching line that starts at or
// after from (a line start), and the offset of the match in the buffer.
func (m *matcher) nextLine(buf []byte, from int) (start, end, at int, ok bool) {
	for from < len(buf) {
		var cand, candEnd int
		switch {
		case m.lit != nil:
			i := indexRare(buf[from:], m.lit, m.rare)
			if i < 0 {
				return 0, 0, 0, false
			}
			cand = from + i
			candEnd = cand + len(m.lit)
		case m.fold != nil:
			i := indexFold(buf[from:], m.fold, m.rare)
			if i < 0 {
				return 0, 0, 0, false
			}
			cand = from + i
			candEnd = cand + len(m.fold)
		default:
			loc := m.re.FindIndex(buf[from:])
			if loc == nil {
				return 0, 0, 0, false
			}
			cand, candEnd = from+loc[0], from+loc[1]
		}
		start = from + bytes.LastIndexByte(buf[from:cand], '\n') + 1
		end = len(buf)
		if i := bytes.IndexByte(buf[cand:], '\n'); i >= 0 {
			end = cand + i
		}
		switch {
		case m.pure:
			return start, end, cand, true
		case m.lit == nil && m.fold == nil && candEnd <= end:
			return start, end, cand, true // the regexp's own match, within the line
		}
		if loc := m.re.FindIndex(buf[start:end]); loc != nil {
			return start, end, start + loc[0], true
		}
		if end >= len(buf) {
			return 0, 0, 0, false
		}
		from = end + 1
	}
	return 0, 0, 0, false
}

// compileSpanning compiles a multiline search's pattern, which may match
// across line ends (with dotall, . matches a line end too). It returns nil
// when the pattern can match no line end: such a pattern finds the same
// matches line by line, which the line search does faster.
func compileSpanning(pattern string, literal, ignoreCase, dotall bool) (*regexp.Regexp, error) {
	expr := pattern
	if literal {
		expr = regexp.QuoteMeta(pattern)
	}
	flags := "m"
	if dotall {
		flags += "s"
	}
	if ignoreCase {
		flags += "i"
	}
	expr = "(?" + flags + ")" + expr
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, err
	}
	if !matchesNewline(parsed) {
		return nil, nil
	}
	return regexp.Compile(expr)
}

// matchesNewline reports whether a parsed expression can match a line
// end: a literal, class or any-character that holds one.
func matchesNewline(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		return strings.ContainsRune(string(re.Rune), '\n')
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= '\n' && '\n' <= re.Rune[i+1] {
				return true
			}
		}
		return false
	case syntax.OpAnyChar:
		return true
	}
	for _, sub := range re.Sub {
		if matchesNewline(sub) {
			return true
		}
	}
	return false
}
