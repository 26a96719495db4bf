package shellwords

import (
	"errors"
	"strings"
	"testing"
)

func TestShellWords(t *testing.T) {
	cases := []struct {
		line  string
		want  []string
		notes int
	}{
		{`npx -y @modelcontextprotocol/server-filesystem /tmp`, []string{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"}, 0},
		{`cat 'a file.txt' "b c" d\ e`, []string{"cat", "a file.txt", "b c", "d e"}, 0},
		{"f0 --root '/tmp/a dir' \\\n fs.read go.mod", []string{"f0", "--root", "/tmp/a dir", "fs.read", "go.mod"}, 0},
		{`echo 'it'\''s' # a comment`, []string{"echo", "it's"}, 0},
		{`-H 'X: $TOKEN' -d '{"a":1}'`, []string{"-H", "X: $TOKEN", "-d", `{"a":1}`}, 0},
		{`https://x/?a=1&b=2`, []string{"https://x/?a=1&b=2"}, 1},
		{``, []string{}, 0},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			got, notes, err := ShellWords(c.line)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") || len(got) != len(c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			if len(notes) != c.notes {
				t.Fatalf("notes %q", notes)
			}
		})
	}
}

func TestShellWordsRefuses(t *testing.T) {
	cases := []struct {
		line    string
		kind    ShellProblem
		text    string
		problem string
	}{
		{`echo "$HOME"`, ShellVariable, "$HOME", "$HOME is a shell variable; f0 does not expand variables (it would not have your shell's values)"},
		{`echo $(id)`, ShellCommand, "$(id)", "$(id) is a command substitution; f0 runs no commands"},
		{`echo $((1+2))`, ShellArithmetic, "$((1+2))", "$((1+2)) is shell arithmetic; f0 does not evaluate it"},
		{`cat x | head`, ShellOperator, "|", "the string has an unquoted | at column 7, which a shell treats as an operator"},
		{`cat x > y`, ShellOperator, ">", "the string has an unquoted > at column 7"},
		{`echo 'open`, ShellUnclosed, "", "cannot split the string: reached EOF without closing quote `'` (column 6)"},
		{`ls {a,b}`, ShellBraces, "{a,b}", "{a,b} is unquoted, and a shell would expand its braces into several words"},
		{`-d {"a":1}`, ShellJSON, `{"a":1}`, `{"a":1} is JSON without quotes around it; a shell would strip its double quotes`},
		{`cat ~/notes`, ShellTilde, "~/notes", "~/notes starts with ~, which f0 does not expand"},
		{strings.Repeat("a&", 40) + "b", ShellAmpersands, "&", "too many unquoted '&' characters"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			_, _, err := ShellWords(c.line)
			var se *ShellError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a *ShellError", err)
			}
			if se.Kind != c.kind || se.Text != c.text || !strings.HasPrefix(se.Problem, c.problem) {
				t.Fatalf("got kind %d text %q problem %q\nwant kind %d text %q problem %q", se.Kind, se.Text, se.Problem, c.kind, c.text, c.problem)
			}
		})
	}
}
