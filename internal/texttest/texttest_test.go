package texttest

import "testing"

// recorder is a testing.TB that records a failure instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestInOrder(t *testing.T) {
	cases := []struct {
		parts []string
		fails bool
	}{
		{[]string{"a", "c"}, false},
		{[]string{"b", "b"}, false},
		{[]string{"c", "a"}, true},
		{[]string{"b", "b", "b"}, true},
		{[]string{"x"}, true},
	}
	for _, c := range cases {
		r := &recorder{TB: t}
		InOrder(r, "a b b c", c.parts...)
		if r.failed != c.fails {
			t.Errorf("InOrder(%q) failed %v, want %v", c.parts, r.failed, c.fails)
		}
	}
}
