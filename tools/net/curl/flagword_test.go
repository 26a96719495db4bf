package curl

import "testing"

func TestFlagWord(t *testing.T) {
	cases := []struct {
		word             string
		known, takesNext bool
	}{
		{"-H", true, true},
		{"-HAccept:x", true, false},
		{"-sSL", true, false},
		{"-sLo", true, true},
		{"-sLofile", true, false},
		{"-d", true, true},
		{"--data", true, true},
		{"--data=a=b", true, false},
		{"--max-time", true, true},
		{"--location", true, false},
		{"--no-location", true, false},
		{"--help", true, false},
		{"--proxy", true, false}, // refused, but curl's
		{"--root", false, false},
		{"--access=read", false, false},
		{"--", false, false},
		{"-", false, false},
		{"https://example.com", false, false},
		{"url=http://x", false, false},
	}
	for _, c := range cases {
		known, next := flagWord(c.word)
		if known != c.known || next != c.takesNext {
			t.Errorf("flagWord(%q) = %v, %v; want %v, %v", c.word, known, next, c.known, c.takesNext)
		}
	}
}
