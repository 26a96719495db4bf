package vocab

import "testing"

func TestArgvLine(t *testing.T) {
	cases := []struct {
		words []string
		want  string
	}{
		{[]string{"cat", "a.txt"}, "cat a.txt"},
		{[]string{"find", ".", "-name", "*.go"}, "find . -name '*.go'"},
		{[]string{"ls", "-la", "|", "grep", "a b"}, "ls -la | grep 'a b'"},
		{[]string{"curl", "-s", "http://h/x", ">", "out.html"}, "curl -s http://h/x > out.html"},
		{[]string{"echo", "$HOME"}, "echo '$HOME'"},
		{[]string{"grep", "a|b", "f"}, "grep 'a|b' f"},
	}
	for _, c := range cases {
		if got := argvLine(c.words); got != c.want {
			t.Errorf("argvLine(%q) = %q, want %q", c.words, got, c.want)
		}
	}
}

func TestWithStdin(t *testing.T) {
	cases := []struct {
		words   []string
		stdin   string
		want    string // the line, "" when refused
		refused bool
	}{
		{[]string{"curl", "-d", "@-", "http://h"}, "a=1\nb", "curl --data-raw a=1b http://h", false},
		{[]string{"curl", "--data-binary", "@-", "http://h"}, "a\nb", "curl --data-raw 'a\nb' http://h", false},
		{[]string{"curl", "--json=@-", "http://h"}, `{"k":1}`, `curl --json '{"k":1}' http://h`, false},
		{[]string{"curl", "--data-urlencode", "q@-", "http://h"}, "a b", "curl --data-urlencode 'q=a b' http://h", false},
		{[]string{"curl", "-s", "http://h"}, "ignored", "curl -s http://h", false},
		{[]string{"curl", "-T", "-", "http://h"}, "x", "", true},
		{[]string{"cat", ">", "f.txt"}, "text", "printf %s text > f.txt", false},
		{[]string{"cat", ">>", "f.txt"}, "text", "printf %s text >> f.txt", false},
		{[]string{"cat"}, "text", "", true},
		{[]string{"grep", "x"}, "x y", "", true},
		{[]string{"ls"}, "x", "ls", false},
		{[]string{"grep", "x", "<", "f"}, "x", "grep x < f", false},
	}
	for _, c := range cases {
		placed, refusal := withStdin(c.words, c.stdin)
		if (refusal != "") != c.refused {
			t.Errorf("withStdin(%q, %q): refusal %q, want refused %v", c.words, c.stdin, refusal, c.refused)
			continue
		}
		if !c.refused {
			if got := argvLine(placed.words); got != c.want {
				t.Errorf("withStdin(%q, %q) = %q, want %q", c.words, c.stdin, got, c.want)
			}
		}
	}
}
