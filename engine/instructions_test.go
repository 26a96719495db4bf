package engine

import (
	"strings"
	"testing"
)

// TestInstructionsNameARegisteredTool: the example name in the server's
// instructions is the first exposed tool the registry was built with that
// is not a meta tool, whatever the catalogue holds.
func TestInstructionsNameARegisteredTool(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		want string
	}{
		{"first registered", Config{}, "Tool names look like test_lines;"},
		{"first exposed", Config{Exclude: []string{"test.lines"}}, "Tool names look like test_echo;"},
		{"dotted names", Config{NameStyle: Dotted, Include: []string{"test.pages", "tools.search"}}, "Tool names look like test.pages;"},
		{"only meta tools", Config{Namespaces: []string{"tools"}}, "Tool names look like tools_describe;"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := newTestPipeline(t, c.cfg).Instructions(Client{})
			if !strings.Contains(in, c.want) {
				t.Fatalf("want %q in:\n%s", c.want, in)
			}
			if strings.Contains(in, "net_curl") {
				t.Fatalf("instructions name a tool this registry does not hold:\n%s", in)
			}
		})
	}
}
