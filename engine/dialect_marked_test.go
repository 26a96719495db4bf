package engine

import (
	"strings"
	"testing"

	"f0/tool"
)

// upperRenderer renders calls so a test can see that it was used.
type upperRenderer struct{ ListedDialect }

func (upperRenderer) Call(s tool.Suggestion) string { return "CALL " + strings.ToUpper(s.Listed) }

func (upperRenderer) Name(s tool.Suggestion) string { return s.Listed }

func TestExpandMarked(t *testing.T) {
	mark := MarkedDialect{}.Call(tool.Suggestion{Tool: "fs.read", Listed: "fs_read", Args: map[string]any{"path": "a"}})
	cases := []struct{ name, in, want string }{
		{"no marker", "plain text", "plain text"},
		{"one", "Get the rest: " + mark + ".", "Get the rest: CALL FS_READ."},
		{"two", mark + " or " + mark, "CALL FS_READ or CALL FS_READ"},
		{"cut by a budget", "Get the rest: " + mark[:len(mark)-3], "Get the rest: "},
		{"unreadable", "x " + markOpen + "!!!" + markClose + " y", "x  y"},
	}
	for _, c := range cases {
		if got := ExpandMarked(c.in, upperRenderer{}); got != c.want {
			t.Errorf("%s: ExpandMarked(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

func TestRelayClientGetsMarkers(t *testing.T) {
	reg, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewHost(reg, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Client(RelayClientName).Dialect.(MarkedDialect); !ok {
		t.Errorf("the f0 command line relaying a call must get marked suggestions")
	}
}
