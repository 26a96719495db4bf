package repair

import "testing"

func TestCutCd(t *testing.T) {
	cases := []struct {
		line, dir, rest string
		ok              bool
	}{
		{"cd sub && cat go.mod", "sub", "cat go.mod", true},
		{"cd 'my dir'; ls -la", "my dir", "ls -la", true},
		{"cd a && cd b && cat x", "a", "cd b && cat x", true},
		{"cd sub;cat x", "sub", "cat x", true},
		{"cd sub", "", "", false},
		{"cd - && ls", "", "", false},
		{"cd sub || ls", "", "", false},
		{"cat a && cd sub", "", "", false},
		{"cd $D && ls", "", "", false},
	}
	for _, c := range cases {
		dir, rest, ok := cutCd(c.line)
		if dir != c.dir || rest != c.rest || ok != c.ok {
			t.Errorf("%q: got %q %q %v, want %q %q %v", c.line, dir, rest, ok, c.dir, c.rest, c.ok)
		}
	}
}

func TestInRoots(t *testing.T) {
	roots := []string{"/w/front", "/w/backend"}
	cases := []struct {
		dir    string
		exists bool
		want   string
		ok     bool
	}{
		{"sub", true, "sub", true},
		{"./sub/../lib/", true, "lib", true},
		{"..", false, "..", false},
		{"../front/sub", false, "../front/sub", false},
		{"/w/front", true, "", true},
		{"/w/front/sub", true, "sub", true},
		{"/w/backend/src", true, "/w/backend/src", true},
		{"backend/src", false, "/w/backend/src", true},
		{"backend/src", true, "backend/src", true},
		{"/etc", true, "", false},
	}
	for _, c := range cases {
		got, ok := inRoots(c.dir, roots, c.exists)
		if got != c.want || ok != c.ok {
			t.Errorf("%q (exists %v): got %q %v, want %q %v", c.dir, c.exists, got, ok, c.want, c.ok)
		}
	}
}

func TestRebase(t *testing.T) {
	c := shellContext{dir: "sub"}
	for in, want := range map[string]string{"go.mod": "sub/go.mod", "../x": "x", "-": "-", "/abs/f": "/abs/f", "": "", "~/f": "~/f", ".": "sub"} {
		if got := c.rebase(in); got != want {
			t.Errorf("rebase(%q) = %q, want %q", in, got, want)
		}
	}
	if got := (shellContext{}).rebase("go.mod"); got != "go.mod" {
		t.Errorf("no directory: %q", got)
	}
}
