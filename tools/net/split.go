package net

import (
	"encoding/json"
	"errors"
	"strings"

	"f0/internal/shellwords"
	"f0/tool"
)

// splitArgs splits args given as one string the way a POSIX shell would,
// with the core's tools.ShellWords: nothing is run or expanded, and what a
// shell would expand or treat as an operator is an error that says how to
// write the call. Text that is a JSON list of words is taken as that list.
func splitArgs(s string) ([]string, []string, error) {
	trimmed := strings.TrimSpace(s)
	if strings.HasPrefix(trimmed, "[") {
		var list []string
		if json.Unmarshal([]byte(trimmed), &list) == nil {
			return list, nil, nil
		}
	}
	words, notes, err := shellwords.ShellWords(s)
	var se *shellwords.ShellError
	if errors.As(err, &se) {
		return nil, nil, argsError(se)
	}
	return words, notes, err
}

// argsHints say how to write a refused args string instead, by what was
// refused; an operator's hint depends on the operator (operatorHint).
var argsHints = map[shellwords.ShellProblem]string{
	shellwords.ShellUnclosed:   "Close the quote, or pass args as a list of words.",
	shellwords.ShellVariable:   "Put the value itself in the call, or single-quote the text to send a literal '$'.",
	shellwords.ShellCommand:    "Put the command's output itself in the call.",
	shellwords.ShellArithmetic: "Put the value itself in the call.",
	shellwords.ShellPattern:    "Quote it.",
	shellwords.ShellBraces:     "Put it in single quotes, e.g. -d '{\"a\":1,\"b\":2}'.",
	shellwords.ShellJSON:       "Put it in single quotes: -d '{\"a\":1}', or use the \"json\" field.",
	shellwords.ShellTilde:      "Paths are relative to the server's first root; write the path without ~.",
	shellwords.ShellAmpersands: "Quote the URL, or pass args as a list.",
}

// argsError is a refused args string told as net.curl's: the problem, and
// how to write the call instead.
func argsError(e *shellwords.ShellError) error {
	if e.Kind == shellwords.ShellOperator {
		return &tool.InputError{Field: "args", Problem: e.Problem + "; f0 runs only curl, never a pipeline or a second command", Hint: operatorHint(e.Text), Cause: e}
	}
	hint, ok := argsHints[e.Kind]
	if !ok {
		hint = "Pass args as a list of words."
	}
	return &tool.InputError{Field: "args", Problem: e.Problem, Hint: hint}
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
