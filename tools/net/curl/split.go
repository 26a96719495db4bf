package curl

import (
	"encoding/json"
	"errors"
	"strings"

	"f0/tools"
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
	words, notes, err := tools.ShellWords(s)
	var se *tools.ShellError
	if errors.As(err, &se) {
		return nil, nil, argsError(se)
	}
	return words, notes, err
}

// argsHints say how to write a refused args string instead, by what was
// refused; an operator's hint depends on the operator (operatorHint).
var argsHints = map[tools.ShellProblem]string{
	tools.ShellUnclosed:   "Close the quote, or pass args as a list of words.",
	tools.ShellVariable:   "Put the value itself in the call, or single-quote the text to send a literal '$'.",
	tools.ShellCommand:    "Put the command's output itself in the call.",
	tools.ShellArithmetic: "Put the value itself in the call.",
	tools.ShellPattern:    "Quote it.",
	tools.ShellBraces:     "Put it in single quotes, e.g. -d '{\"a\":1,\"b\":2}'.",
	tools.ShellJSON:       "Put it in single quotes: -d '{\"a\":1}', or use the \"json\" field.",
	tools.ShellTilde:      "Paths are relative to the server's first root; write the path without ~.",
	tools.ShellAmpersands: "Quote the URL, or pass args as a list.",
}

// argsError is a refused args string told as net.curl's: the problem, and
// how to write the call instead.
func argsError(e *tools.ShellError) error {
	if e.Kind == tools.ShellOperator {
		return &tools.InputError{Field: "args", Problem: e.Problem + "; f0 runs only curl, never a pipeline or a second command", Hint: operatorHint(e.Text)}
	}
	hint, ok := argsHints[e.Kind]
	if !ok {
		hint = "Pass args as a list of words."
	}
	return &tools.InputError{Field: "args", Problem: e.Problem, Hint: hint}
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
