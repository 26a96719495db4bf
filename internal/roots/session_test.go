package roots

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"f0/internal/setting"
)

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
	if !errors.Is(err, ErrNoRoots) || !strings.Contains(err.Error(), "f0 runs with --roots client, and client roots need a session, but this server runs --stateless") ||
		!strings.HasSuffix(err.Error(), "or restart f0 with --root DIR (or F0_ROOT=DIR)") {
		t.Fatalf("explicit client mode without a session: %v", err)
	}
	_, _, err = u.Files(setting.WithWriter(context.Background(), markedSettings{}))
	if err == nil || !strings.Contains(err.Error(), "f0 runs with <--roots client>") || !strings.HasSuffix(err.Error(), "or restart f0 with <f0 --root DIR>") {
		t.Fatalf("the settings are not named as the caller's renderer writes them: %v", err)
	}
}

// markedSettings names settings in marks of its own, as a front end with
// its own SettingWriter (the CLI's) does.
type markedSettings struct{}

func (markedSettings) Setting(s setting.Setting, v string) string {
	return "<" + setting.FlagSetting(s, v) + ">"
}
func (markedSettings) Change(s setting.Setting, v string) string {
	return "<f0 " + setting.FlagSetting(s, v) + ">"
}
