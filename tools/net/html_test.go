package net

import "testing"

// TestTitle: a page's <title> heads its text unless the page's first line
// already says it.
func TestTitle(t *testing.T) {
	cases := []struct{ name, page, head, shown, want string }{
		{"title before the body", "<html><head><title>Fixture  Title</title></head><body><h1>Page</h1></body></html>", "# ", "# Page\n", "# Fixture Title\n\n# Page\n"},
		{"the first line holds it", "<title>Guide</title><h1>The Guide</h1>", "# ", "# The Guide\n", "# The Guide\n"},
		{"no title", "<html><body><p>x</p></body></html>", "", "x\n", "x\n"},
		{"entities", "<title>A &amp; B</title>", "", "body\n", "A & B\n\nbody\n"},
		{"a title in the body is not the page's", "<html><head></head><body><svg><title>icon</title></svg>x</body></html>", "", "x\n", "x\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := withTitle(pageTitle(c.page), c.head, c.shown); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
