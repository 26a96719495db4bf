// Package shellwords splits a shell command line into words, refusing what only a
// shell could expand (variables, globs, a second command). It imports nothing of f0.
package shellwords

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// ShellProblem is what kind of text ShellWords refused.
type ShellProblem int

// The kinds of text ShellWords refuses.
const (
	ShellUnreadable ShellProblem = iota // a parse error other than the ones below
	ShellUnclosed                       // a quote or a construct left open
	ShellOperator                       // an unquoted |, ;, >, & …: a second command or a redirect
	ShellVariable                       // $NAME, ${NAME…}
	ShellCommand                        // $(…), `…`, <(…)
	ShellArithmetic                     // $((…))
	ShellPattern                        // an extended glob, @(…)
	ShellBraces                         // {a,b}: brace expansion into several words
	ShellJSON                           // {"a":1} unquoted: the shell strips its double quotes
	ShellTilde                          // ~/path: home directory expansion
	ShellAmpersands                     // more unquoted & inside words than ShellWords mends
)

// ShellError is a command line that ShellWords does not split: it holds
// something a shell would expand, run or read differently from what its
// writer meant.
type ShellError struct {
	Kind ShellProblem
	// Problem says what is wrong, quoting the text at fault.
	Problem string
	// Text is the text at fault: the word, the expansion or the operator.
	Text string
}

func (e *ShellError) Error() string { return e.Problem }

// ampersandNote is the note of a line whose unquoted '&' inside a word was
// kept as part of the word.
const ampersandNote = "note: an unquoted '&' was taken as part of the URL; in a shell, quote URLs that contain '&'"

// ShellWords splits a command line into words the way a POSIX shell would
// (quotes, backslashes, line continuations, comments), with mvdan.cc/sh.
// Nothing is run or expanded: a variable, command substitution, unquoted
// operator, brace expansion, unquoted JSON or leading ~ is a *ShellError
// that says what a shell would do. An unquoted '&' inside a word (a URL
// with several query parameters) is kept as part of the word, with a note.
func ShellWords(line string) (words []string, notes []string, err error) {
	src := line
	for range 32 {
		parsed, err := parseShellWords(src)
		if err == nil {
			out, err := literalWords(src, parsed)
			return out, notes, err
		}
		fixed, ok := escapeInnerAmpersand(src, err)
		if !ok {
			return nil, nil, shellSplitError(err)
		}
		if len(notes) == 0 {
			notes = append(notes, ampersandNote)
		}
		src = fixed
	}
	return nil, nil, &ShellError{Kind: ShellAmpersands, Problem: "too many unquoted '&' characters", Text: "&"}
}

func parseShellWords(s string) ([]*syntax.Word, error) {
	var words []*syntax.Word
	for w, err := range syntax.NewParser().WordsSeq(strings.NewReader(s)) {
		if err != nil {
			return nil, err
		}
		words = append(words, w)
	}
	return words, nil
}

// escapeInnerAmpersand backslash-escapes an unquoted '&' that the parser
// stopped at when it sits inside a word (a=1&b=2), not between words.
func escapeInnerAmpersand(s string, err error) (string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || !strings.Contains(pe.Text, "`&`") {
		return "", false
	}
	off := int(pe.Pos.Offset())
	if off <= 0 || off >= len(s)-1 || s[off] != '&' {
		return "", false
	}
	before, after := s[off-1], s[off+1]
	if isShellSpace(before) || isShellSpace(after) || after == '&' || before == '&' {
		return "", false
	}
	return s[:off] + `\` + s[off:], true
}

func isShellSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// literalWords turns parsed words into strings, refusing anything a shell
// would expand.
func literalWords(src string, words []*syntax.Word) ([]string, error) {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if err := checkLiteral(src, w); err != nil {
			return nil, err
		}
		text := nodeText(src, w)
		if braced := *w; syntax.SplitBraces(&braced) {
			// Refused before expanding: {a,b}{a,b}… grows exponentially.
			return nil, &ShellError{Kind: ShellBraces, Text: text,
				Problem: fmt.Sprintf("%s is unquoted, and a shell would expand its braces into several words", text)}
		}
		fields, err := expand.Fields(&expand.Config{Env: expand.FuncEnviron(func(string) string { return "" })}, w)
		if err != nil {
			return nil, &ShellError{Kind: ShellUnreadable, Text: text, Problem: fmt.Sprintf("cannot read %s: %v", text, err)}
		}
		if len(fields) != 1 {
			return nil, &ShellError{Kind: ShellBraces, Text: text,
				Problem: fmt.Sprintf("%s is unquoted, and a shell would turn it into %d words (brace expansion)", text, len(fields))}
		}
		out = append(out, fields[0])
	}
	return out, nil
}

// checkLiteral refuses shell expansions, and JSON whose quotes a shell
// would strip.
func checkLiteral(src string, w *syntax.Word) error {
	var bad *ShellError
	syntax.Walk(w, func(n syntax.Node) bool {
		if bad == nil {
			bad = expansionError(src, n)
		}
		return bad == nil
	})
	if bad != nil {
		return bad
	}
	text := nodeText(src, w)
	if (strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[")) && strings.Contains(text, `"`) && hasPart[*syntax.DblQuoted](w) {
		return &ShellError{Kind: ShellJSON, Text: text,
			Problem: fmt.Sprintf("%s is JSON without quotes around it; a shell would strip its double quotes", text)}
	}
	if strings.HasPrefix(text, "~") {
		return &ShellError{Kind: ShellTilde, Text: text, Problem: fmt.Sprintf("%s starts with ~, which f0 does not expand", text)}
	}
	return nil
}

// expansionError is the error for a node a shell would expand, or nil.
func expansionError(src string, n syntax.Node) *ShellError {
	var kind ShellProblem
	var format string
	switch n.(type) {
	case *syntax.ParamExp:
		kind, format = ShellVariable, "%s is a shell variable; f0 does not expand variables (it would not have your shell's values)"
	case *syntax.CmdSubst, *syntax.ProcSubst:
		kind, format = ShellCommand, "%s is a command substitution; f0 runs no commands"
	case *syntax.ArithmExp:
		kind, format = ShellArithmetic, "%s is shell arithmetic; f0 does not evaluate it"
	case *syntax.ExtGlob:
		kind, format = ShellPattern, "%s is a shell pattern"
	default:
		return nil
	}
	text := nodeText(src, n)
	return &ShellError{Kind: kind, Text: text, Problem: fmt.Sprintf(format, text)}
}

func hasPart[T syntax.WordPart](w *syntax.Word) bool {
	for _, p := range w.Parts {
		if _, ok := p.(T); ok {
			return true
		}
	}
	return false
}

// nodeText is the source text of a node.
func nodeText(src string, n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(src) || start >= end {
		return "an expansion"
	}
	return src[start:end]
}

// shellSplitError explains why a line could not be split.
func shellSplitError(err error) *ShellError {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		var qe syntax.QuoteError
		if errors.As(err, &qe) {
			return &ShellError{Kind: ShellUnreadable, Problem: "cannot split the string: " + qe.Message}
		}
		return &ShellError{Kind: ShellUnreadable, Problem: "cannot split the string: " + err.Error()}
	}
	col := int(pe.Pos.Col())
	switch {
	case pe.Incomplete || strings.Contains(pe.Text, "reached EOF") || strings.Contains(pe.Text, "without closing"):
		return &ShellError{Kind: ShellUnclosed, Problem: "cannot split the string: " + pe.Text + fmt.Sprintf(" (column %d)", col)}
	case strings.Contains(pe.Text, "is not a valid word"):
		op := strings.TrimSuffix(strings.TrimPrefix(pe.Text, "`"), "` is not a valid word")
		return &ShellError{Kind: ShellOperator, Text: op,
			Problem: fmt.Sprintf("the string has an unquoted %s at column %d, which a shell treats as an operator", op, col)}
	}
	return &ShellError{Kind: ShellUnreadable, Problem: fmt.Sprintf("cannot split the string: %s (column %d)", pe.Text, col)}
}
