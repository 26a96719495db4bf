package roots

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestSessionClosesReplacedRoots: a set the client no longer lists closes
// once the call using it ends, not before.
func TestSessionClosesReplacedRoots(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(a, "f"), []byte("a"), 0o644)
	fixed, err := OpenOperator([]string{t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer fixed.Close()
	s := (&Policy{Mode: ModeClient, Fixed: fixed}).NewSession(true, "stdio")
	s.Asking()([]ClientRoot{{URI: "file://" + filepath.ToSlash(a)}}, nil)
	set, done, err := s.Files(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s.Asking()([]ClientRoot{{URI: "file://" + filepath.ToSlash(b)}}, nil)
	if _, err := set.Roots()[0].OS().Stat("f"); err != nil {
		t.Fatalf("the old roots closed under a running call: %v", err)
	}
	done()
	if _, err := set.Roots()[0].OS().Stat("f"); err == nil {
		t.Fatal("the old roots stayed open after the last call ended")
	}
	now, done2, err := s.Files(context.Background())
	if err != nil || now.Dirs()[0] != mustReal(t, b) {
		t.Fatalf("roots after the change: %v, %v", now.Dirs(), err)
	}
	done2()
	s.Close()
}

// TestSessionIgnoresStaleAnswer: an answer to an older roots/list does not
// replace the answer to a newer one.
func TestSessionIgnoresStaleAnswer(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	fixed, _ := OpenOperator([]string{t.TempDir()})
	defer fixed.Close()
	s := (&Policy{Mode: ModeClient, Fixed: fixed, Wait: time.Minute}).NewSession(true, "stdio")
	first := s.Asking()
	second := s.Asking()
	second([]ClientRoot{{URI: "file://" + filepath.ToSlash(b)}}, nil)
	first([]ClientRoot{{URI: "file://" + filepath.ToSlash(a)}}, nil)
	set, done, err := s.Files(context.Background())
	if err != nil || set.Dirs()[0] != mustReal(t, b) {
		t.Fatalf("roots: %v, %v", set, err)
	}
	done()
	s.Close()
	if _, _, err := s.Files(context.Background()); err == nil || !strings.Contains(err.Error(), "the session ended") {
		t.Fatalf("a closed session answered: %v", err)
	}
}

func TestUnavailableExplicit(t *testing.T) {
	fixed, _ := OpenOperator([]string{t.TempDir()})
	defer fixed.Close()
	u := Unavailable{Policy: &Policy{Mode: ModeClient, Explicit: true, Fixed: fixed}, Why: "this server runs --stateless"}
	_, _, err := u.Files(context.Background())
	if !errors.Is(err, ErrNoRoots) || !strings.Contains(err.Error(), "client roots need a session, but this server runs --stateless") {
		t.Fatalf("explicit client mode without a session: %v", err)
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
