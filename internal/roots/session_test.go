package roots

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
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

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	return len(fds)
}

// TestSessionRootsAreCapped is F8 of issue 27: a client listing thousands
// of folders inside --root held an open file for each for the whole
// session, until other sessions' fs_read failed with "too many open
// files". A session follows at most MaxClientRoots roots, and says which
// it refused; what all sessions hold together is capped as well.
func TestSessionRootsAreCapped(t *testing.T) {
	bound := t.TempDir()
	var list []ClientRoot
	for i := range 500 {
		dir := filepath.Join(bound, "d"+strconv.Itoa(i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		list = append(list, ClientRoot{URI: "file://" + filepath.ToSlash(dir)})
	}
	fixed, err := OpenOperator([]string{bound})
	if err != nil {
		t.Fatal(err)
	}
	defer fixed.Close()
	policy := &Policy{Mode: ModeClient, Fixed: fixed, Bounded: true, MaxOpenRoots: 2*MaxClientRoots + 4}
	before := openFiles(t)
	greedy := policy.NewSession(true, "HTTP")
	greedy.Asking()(list, nil)
	defer greedy.Close()
	set, done, err := greedy.Files(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(set.Roots()); n != MaxClientRoots {
		t.Errorf("the session follows %d of 500 roots, want %d", n, MaxClientRoots)
	}
	if held := openFiles(t) - before; held > MaxClientRoots {
		t.Errorf("one session holds %d open files for its roots, want at most %d", held, MaxClientRoots)
	}
	if origin := set.Origin(); !strings.Contains(origin, "at most 32 roots") || len(origin) > 2000 {
		t.Errorf("the refusal is not said once and short (%d bytes): %.300s", len(origin), origin)
	}
	done()

	// Two more greedy sessions: the second gets what is left of the
	// server's cap, and once that is used up a session is told so.
	second := policy.NewSession(true, "HTTP")
	second.Asking()(list, nil)
	defer second.Close()
	third := policy.NewSession(true, "HTTP")
	third.Asking()(list[:1], nil)
	defer third.Close()
	s2, done2, err := second.Files(context.Background())
	if err != nil || len(s2.Roots()) != MaxClientRoots {
		t.Fatalf("second session: %d roots, %v", len(s2.Roots()), err)
	}
	done2()
	s3, done3, err := third.Files(context.Background())
	if err != nil || len(s3.Roots()) != 1 {
		t.Fatalf("a session with one root, under the cap: %d, %v", len(s3.Roots()), err)
	}
	done3()
	fourth := policy.NewSession(true, "HTTP")
	fourth.Asking()(list[:8], nil)
	defer fourth.Close()
	s4, done4, err := fourth.Files(context.Background())
	if err != nil || len(s4.Roots()) != 3 || !strings.Contains(s4.Origin(), "open for all sessions") {
		t.Fatalf("a session past the server cap: %d roots, %q, %v", len(s4.Roots()), s4.Origin(), err)
	}
	done4()
	greedy.Close()
	again := policy.NewSession(true, "HTTP")
	again.Asking()(list[:8], nil)
	s5, done5, err := again.Files(context.Background())
	if err != nil || len(s5.Roots()) != 8 {
		t.Fatalf("the roots of a closed session are not given back: %d, %v", len(s5.Roots()), err)
	}
	done5()
	for _, s := range []*Session{again, second, third, fourth} {
		s.Close()
	}
	if left := openFiles(t) - before; left > 0 {
		t.Errorf("%d root handles stay open after every session closed", left)
	}
}
