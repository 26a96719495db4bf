package vocab

import "testing"

func TestJSLiteral(t *testing.T) {
	cases := []struct {
		pattern, want string
		ok            bool
	}{
		{"foo", "foo", true},
		{`foo\.bar`, "foo.bar", true},
		{`a\(b\)`, "a(b)", true},
		{"x = {", "x = {", true},
		{"a]b}", "a]b}", true},
		{"foo.bar", "", false},
		{"fo+", "", false},
		{"f(x)", "", false},
		{`\d+`, "", false},
		{"a{2}", "", false},
		{"", "", false},
	}
	for _, c := range cases {
		got, why := jsLiteral(c.pattern)
		if (why == "") != c.ok || got != c.want {
			t.Errorf("jsLiteral(%q) = %q (%q), want %q ok %v", c.pattern, got, why, c.want, c.ok)
		}
	}
}

func TestJSReplacement(t *testing.T) {
	cases := []struct {
		repl, old, want string
		ok              bool
	}{
		{"new", "old", "new", true},
		{"[$&]", "old", "[old]", true},
		{"$$5", "old", "$5", true},
		{"$1 and $x", "old", "$1 and $x", true},
		{"$`", "old", "", false},
		{"$'", "old", "", false},
	}
	for _, c := range cases {
		got, why := jsReplacement(c.repl, c.old)
		if (why == "") != c.ok || got != c.want {
			t.Errorf("jsReplacement(%q, %q) = %q (%q), want %q ok %v", c.repl, c.old, got, why, c.want, c.ok)
		}
	}
}
