package shellwords

import (
	"strings"
	"testing"
)

// TestCutPrefix reads the programs in front of a command: their words,
// timeout's limit in whole seconds and env's variables, or why not.
func TestCutPrefix(t *testing.T) {
	cases := []struct {
		line, rest, prefix, seconds, env, err string
	}{
		{line: "curl -s u", rest: "curl -s u"},
		{line: "sudo curl -s u", rest: "curl -s u", prefix: "sudo"},
		{line: "sudo -u www-data -E curl u", rest: "curl u", prefix: "sudo -u www-data -E"},
		{line: "timeout 10 curl u", rest: "curl u", prefix: "timeout 10", seconds: "10"},
		{line: "timeout -s KILL 1.5m curl u", rest: "curl u", prefix: "timeout -s KILL 1.5m", seconds: "90"},
		{line: "timeout 0 curl u", rest: "curl u", prefix: "timeout 0"},
		{line: "env -i A=1 B=2 nice -n 5 nohup curl u", rest: "curl u", prefix: "env -i A=1 B=2 nice -n 5 nohup", env: "A=1 B=2"},
		{line: "nice -10 time -p curl u", rest: "curl u", prefix: "nice -10 time -p"},
		{line: "stdbuf -oL -e 0 command exec curl u", rest: "curl u", prefix: "stdbuf -oL -e 0 command exec"},
		{line: "/usr/bin/time curl u", rest: "curl u", prefix: "/usr/bin/time"},
		{line: "timeout soon curl u", err: `timeout's duration "soon" is not a number of seconds (10, 1.5m, 2h)`},
		{line: "timeout", err: "timeout names no duration"},
		{line: "sudo -s curl u", err: "sudo -s runs a shell, which f0 never does"},
		{line: "sudo nohup", err: "sudo nohup names no command to run"},
	}
	for _, c := range cases {
		rest, p, err := CutPrefix(strings.Fields(c.line))
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: got error %v, want %q", c.line, err, c.err)
			}
			continue
		}
		got := []string{strings.Join(rest, " "), strings.Join(p.Words, " "), p.Seconds, strings.Join(p.Env, " ")}
		want := []string{c.rest, c.prefix, c.seconds, c.env}
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: got %q (%v), want %q", c.line, got, err, want)
		}
	}
}

// TestHeredoc reads a here-document's text: literal with a quoted
// delimiter, tabs stripped with <<-, refused when it expands, and refused
// as before by a reader that takes none.
func TestHeredoc(t *testing.T) {
	cases := []struct{ line, text, err string }{
		{line: "cat > a.txt <<'EOF'\nline $1\nsecond\nEOF", text: "line $1\nsecond\n"},
		{line: "cat > a.txt <<EOF\nplain\nEOF", text: "plain\n"},
		{line: "cat > a.txt <<-EOF\n\tindented\n\tEOF", text: "indented\n"},
		{line: "cat > a.txt <<EOF\nhome is $HOME\nEOF", err: "$HOME is a shell variable; f0 does not expand variables (it would not have your shell's values)"},
	}
	for _, c := range cases {
		s, err := ParseScript(c.line)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: got error %v, want %q", c.line, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.line, err)
		}
		var got string
		for _, r := range s.Pipelines[0].Commands[0].Redirects {
			if r.IsHeredoc() {
				got = r.Heredoc
			}
		}
		if got != c.text {
			t.Errorf("%q: got %q, want %q", c.line, got, c.text)
		}
		if e := s.HeredocError(); e == nil || !strings.HasSuffix(e.Error(), "is a here-document, which f0 does not read") {
			t.Errorf("%q: HeredocError %v", c.line, e)
		}
	}
}
