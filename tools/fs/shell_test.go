package fs

import (
	"fmt"
	"testing"

	"f0/tool"
)

// TestSedPrint reads sed's print scripts as line windows, and refuses any
// other script with why.
func TestSedPrint(t *testing.T) {
	cases := map[string]string{
		"3,9p":   "map[limit:7 offset:3]",
		"5p":     "map[limit:1 offset:5]",
		"10,$p":  "map[offset:10]",
		"s/a/b/": `error: it is no script that prints lines`,
		"x,3p":   `error: "x" is no line number`,
		"9,3p":   `error: "3" is no line number at or after 9`,
	}
	for script, want := range cases {
		fields, err := sedPrint(script)
		got := fmt.Sprint(fields)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != want {
			t.Errorf("%s: got %s, want %s", script, got, want)
		}
	}
}

// TestShellText writes what echo, printf and cat print into a file.
func TestShellText(t *testing.T) {
	cases := []struct {
		name string
		text func(tool.ShellText) (string, error)
		in   tool.ShellText
		want string
	}{
		{"echo", echoText, tool.ShellText{Operands: []string{"hello", "world"}}, "hello world\n"},
		{"echo -n", echoText, tool.ShellText{Flags: []string{"-n"}, Operands: []string{"x"}}, "x"},
		{"echo -e", echoText, tool.ShellText{Flags: []string{"-e"}, Operands: []string{`a\tb`}}, "a\tb\n"},
		{"printf", printfText, tool.ShellText{Operands: []string{`a\nb\n`}}, "a\nb\n"},
		{"printf args", printfText, tool.ShellText{Operands: []string{`%s=%d\n`, "a", "1", "b", "2"}}, "a=1\nb=2\n"},
		{"printf %%", printfText, tool.ShellText{Operands: []string{`100%%\n`}}, "100%\n"},
		{"printf %x", printfText, tool.ShellText{Operands: []string{`%x`, "1"}}, "error: f0 reads printf's %s, %d and %% only, not %x; write the text itself with fs_write"},
		{"cat heredoc", heredocText, tool.ShellText{Heredoc: "a\nb\n"}, "a\nb\n"},
		{"cat copy", heredocText, tool.ShellText{Operands: []string{"a.txt"}}, "error: copies files into another; read them with fs_read and write the text with fs_write"},
		{"cat stdin", heredocText, tool.ShellText{}, "error: writes what it reads, and f0 has no standard input; give the text in a here-document (<<'EOF' … EOF) or use fs_write"},
	}
	for _, c := range cases {
		got, err := c.text(c.in)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
