package curl

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"f0/tools"
)

// splitArgs splits args given as one string the way a POSIX shell would
// (quotes, backslashes, line continuations), with mvdan.cc/sh. Nothing is
// run or expanded: a variable, command substitution or unquoted operator is
// an error that says how to write the call. Text that is a JSON list of
// words is taken as that list. An unquoted '&' inside a word (a URL with
// several query parameters) is kept as part of the word, with a note.
func splitArgs(s string) ([]string, []string, error) {
	trimmed := strings.TrimSpace(s)
	if strings.HasPrefix(trimmed, "[") {
		var list []string
		if json.Unmarshal([]byte(trimmed), &list) == nil {
			return list, nil, nil
		}
	}
	var notes []string
	src := s
	for range 32 {
		words, err := parseWords(src)
		if err == nil {
			out, err := literalWords(src, words)
			return out, notes, err
		}
		fixed, ok := escapeInnerAmpersand(src, err)
		if !ok {
			return nil, nil, splitError(src, err)
		}
		if len(notes) == 0 {
			notes = append(notes, "note: an unquoted '&' was taken as part of the URL; in a shell, quote URLs that contain '&'")
		}
		src = fixed
	}
	return nil, nil, &tools.InputError{Field: "args", Problem: "too many unquoted '&' characters", Hint: "Quote the URL, or pass args as a list."}
}

func parseWords(s string) ([]*syntax.Word, error) {
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
	if isSpace(before) || isSpace(after) || after == '&' || before == '&' {
		return "", false
	}
	return s[:off] + `\` + s[off:], true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// literalWords turns parsed words into strings, refusing anything a shell
// would expand.
func literalWords(src string, words []*syntax.Word) ([]string, error) {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if err := checkLiteral(src, w); err != nil {
			return nil, err
		}
		if braced := *w; syntax.SplitBraces(&braced) {
			// Refused before expanding: {a,b}{a,b}… grows exponentially.
			return nil, &tools.InputError{Field: "args",
				Problem: fmt.Sprintf("%s is unquoted, and a shell would expand its braces into several words", wordText(src, w)),
				Hint:    "Put it in single quotes, e.g. -d '{\"a\":1,\"b\":2}'."}
		}
		fields, err := expand.Fields(&expand.Config{Env: expand.FuncEnviron(func(string) string { return "" })}, w)
		if err != nil {
			return nil, &tools.InputError{Field: "args", Problem: fmt.Sprintf("cannot read %s: %v", wordText(src, w), err), Hint: "Pass args as a list of words."}
		}
		if len(fields) != 1 {
			return nil, &tools.InputError{Field: "args",
				Problem: fmt.Sprintf("%s is unquoted, and a shell would turn it into %d words (brace expansion)", wordText(src, w), len(fields)),
				Hint:    "Put it in single quotes, e.g. -d '{\"a\":1,\"b\":2}'."}
		}
		out = append(out, fields[0])
	}
	return out, nil
}

// checkLiteral refuses shell expansions, and JSON whose quotes a shell
// would strip.
func checkLiteral(src string, w *syntax.Word) error {
	var bad error
	syntax.Walk(w, func(n syntax.Node) bool {
		if bad != nil {
			return false
		}
		switch x := n.(type) {
		case *syntax.ParamExp:
			bad = &tools.InputError{Field: "args",
				Problem: fmt.Sprintf("%s is a shell variable; f0 does not expand variables (it would not have your shell's values)", nodeText(src, x)),
				Hint:    "Put the value itself in the call, or single-quote the text to send a literal '$'."}
		case *syntax.CmdSubst, *syntax.ProcSubst:
			bad = &tools.InputError{Field: "args",
				Problem: fmt.Sprintf("%s is a command substitution; f0 runs no commands", nodeText(src, x)),
				Hint:    "Put the command's output itself in the call."}
		case *syntax.ArithmExp:
			bad = &tools.InputError{Field: "args", Problem: fmt.Sprintf("%s is shell arithmetic; f0 does not evaluate it", nodeText(src, x)),
				Hint: "Put the value itself in the call."}
		case *syntax.ExtGlob:
			bad = &tools.InputError{Field: "args", Problem: fmt.Sprintf("%s is a shell pattern", nodeText(src, x)), Hint: "Quote it."}
		}
		return true
	})
	if bad != nil {
		return bad
	}
	text := wordText(src, w)
	if (strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[")) && strings.Contains(text, `"`) && hasPart[*syntax.DblQuoted](w) {
		return &tools.InputError{Field: "args",
			Problem: fmt.Sprintf("%s is JSON without quotes around it; a shell would strip its double quotes", text),
			Hint:    "Put it in single quotes: -d '{\"a\":1}', or use the \"json\" field."}
	}
	if strings.HasPrefix(text, "~") {
		return &tools.InputError{Field: "args", Problem: fmt.Sprintf("%s starts with ~, which f0 does not expand", text),
			Hint: "Paths are relative to the server's first root; write the path without ~."}
	}
	return nil
}

func hasPart[T syntax.WordPart](w *syntax.Word) bool {
	for _, p := range w.Parts {
		if _, ok := p.(T); ok {
			return true
		}
	}
	return false
}

func nodeText(src string, n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(src) || start >= end {
		return "an expansion"
	}
	return src[start:end]
}

func wordText(src string, w *syntax.Word) string { return nodeText(src, w) }

// splitError explains why a string could not be split.
func splitError(src string, err error) error {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		var qe syntax.QuoteError
		if errors.As(err, &qe) {
			return &tools.InputError{Field: "args", Problem: "cannot split the string: " + qe.Message, Hint: "Pass args as a list of words."}
		}
		return &tools.InputError{Field: "args", Problem: "cannot split the string: " + err.Error(), Hint: "Pass args as a list of words."}
	}
	col := int(pe.Pos.Col())
	switch {
	case pe.Incomplete || strings.Contains(pe.Text, "reached EOF") || strings.Contains(pe.Text, "without closing"):
		return &tools.InputError{Field: "args", Problem: "cannot split the string: " + pe.Text + fmt.Sprintf(" (column %d)", col),
			Hint: "Close the quote, or pass args as a list of words."}
	case strings.Contains(pe.Text, "is not a valid word"):
		op := strings.TrimSuffix(strings.TrimPrefix(pe.Text, "`"), "` is not a valid word")
		return &tools.InputError{Field: "args",
			Problem: fmt.Sprintf("the string has an unquoted %s at column %d, which a shell treats as an operator; f0 runs only curl, never a pipeline or a second command", op, col),
			Hint:    operatorHint(op)}
	}
	return &tools.InputError{Field: "args", Problem: fmt.Sprintf("cannot split the string: %s (column %d)", pe.Text, col), Hint: "Pass args as a list of words."}
}

func operatorHint(op string) string {
	switch op {
	case "|", "|&":
		return "Drop the pipe and what follows; the answer holds the whole body (format \"markdown\" or \"text\" shortens HTML)."
	case ">", ">>":
		return "Save the body with -o FILE instead of a redirect."
	case "&":
		return "Quote the URL: 'https://example.com/?a=1&b=2'."
	}
	return "Quote the text, or pass args as a list of words."
}
