package shellwords

import "testing"

func TestExpandEnv(t *testing.T) {
	env := map[string]string{"A": "sub", "S": "it's $x", "Q": `a"b`}
	cases := []struct{ line, want, err string }{
		{"cat $A/go.mod", "cat 'sub'/go.mod", ""},
		{"cat ${A}/go.mod", "cat 'sub'/go.mod", ""},
		{`echo "$S" > out.txt`, `echo "it's \$x" > out.txt`, ""},
		{`echo "$Q"`, `echo "a\"b"`, ""},
		{"echo '$A'", "echo '$A'", ""},
		{"echo $S", `echo 'it'\''s $x'`, ""},
		{"cat ${A:-x}", "cat ${A:-x}", ""},
		{"cat $HOME/x", "", "$HOME is not set by the call's env (it sets A, Q, S); f0 reads variables from that field only, never from its own environment"},
		{"cat <<EOF > f\n$A\nEOF", "cat <<EOF > f\nsub\nEOF", ""},
	}
	for _, c := range cases {
		got, err := ExpandEnv(c.line, env)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: got %q, %v; want error %q", c.line, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.line, got, err, c.want)
		}
	}
}
