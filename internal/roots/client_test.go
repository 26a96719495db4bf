package roots

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDirOfURI(t *testing.T) {
	cases := []struct {
		uri, dir, err string
	}{
		{"file:///home/me/project", "/home/me/project", ""},
		{"file:///home/me/project/", "/home/me/project", ""},
		{"file://localhost/srv/x", "/srv/x", ""},
		{"FILE:///srv/x", "/srv/x", ""},
		{"file:///srv/with%20space", "/srv/with space", ""},
		{"file:///srv/a/../etc", "", `contains a ".." segment`},
		{"file:///srv/a/%2e%2e/etc", "", `contains a ".." segment`},
		{"file:///srv/a/%2E%2E", "", `contains a ".." segment`},
		{"file:///srv/./a", "", `contains a "." segment`},
		{"file:///srv/a%2F..%2Fetc", "", "encodes a slash (%2F)"},
		{"file:///srv/a%00b", "", "NUL byte"},
		{"file://evil.example/share", "", "names another host (evil.example)"},
		{"https://example.com/x", "", "not a file:// URI"},
		{"vscode-remote://ssh-remote+box/home", "", "not a file:// URI"},
		{"file:relative/path", "", "not an absolute file:///path URI"},
		{"file:///srv/x?y=1", "", "query or fragment"},
		{"file:///srv/x#frag", "", "query or fragment"},
		{"/just/a/path", "", "not a file:// URI"},
		{"%zz", "", "not a valid URI"},
	}
	for _, c := range cases {
		dir, err := dirOfURI(c.uri)
		switch {
		case c.err == "" && (err != nil || dir != filepath.FromSlash(c.dir)):
			t.Errorf("dirOfURI(%q) = %q, %v; want %q", c.uri, dir, err, c.dir)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("dirOfURI(%q) = %q, %v; want an error with %q", c.uri, dir, err, c.err)
		}
	}
}

func TestParseMode(t *testing.T) {
	cases := []struct {
		v         string
		haveRoots bool
		mode      Mode
		explicit  bool
	}{
		{"", false, ModeClient, false},
		{"", true, ModeFixed, false},
		{"client", true, ModeClient, true},
		{"Fixed", false, ModeFixed, true},
	}
	for _, c := range cases {
		m, explicit, err := ParseMode(c.v, c.haveRoots)
		if err != nil || m != c.mode || explicit != c.explicit {
			t.Errorf("ParseMode(%q, %v) = %v, %v, %v", c.v, c.haveRoots, m, explicit, err)
		}
	}
	if _, _, err := ParseMode("auto", false); err == nil || !strings.Contains(err.Error(), `--roots "auto": want client`) {
		t.Errorf("ParseMode(auto): %v", err)
	}
}

func mustReal(t *testing.T, dir string) string {
	t.Helper()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return real
}
