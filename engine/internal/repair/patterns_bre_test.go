package repair

import "testing"

// TestBasicToRE2: grep's basic regexes, read as RE2 (claude-code#73718:
// grep -n "foo(\|bar" means foo( or bar).
func TestBasicToRE2(t *testing.T) {
	cases := []struct{ in, want string }{
		{`TODO\|DEBUG`, `TODO|DEBUG`},
		{`createApp(\|listen`, `createApp\(|listen`},
		{`a\(b\)\{2\}\|c+`, `a(b){2}|c\+`},
		{`[(|]x\|y`, `[(|]x|y`},
		{`\.go\|\.md`, `\.go|\.md`},
	}
	for _, c := range cases {
		if got := basicToRE2(c.in); got != c.want {
			t.Errorf("basicToRE2(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
