package roots

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCopyAndMove(t *testing.T) {
	base, root := tree(t)
	other := filepath.Join(base, "other")
	must(t, os.MkdirAll(other, 0o755))
	s, err := Open([]string{root, other})
	must(t, err)
	defer s.Close()
	ctx := context.Background()
	loc := func(p string) Loc {
		l, err := s.Locate(p)
		must(t, err)
		return l
	}
	// A directory with a link inside, a link out, and a nested dir.
	must(t, os.MkdirAll(filepath.Join(root, "d", "e"), 0o750))
	must(t, os.WriteFile(filepath.Join(root, "d", "e", "f.txt"), []byte("F"), 0o600))
	must(t, os.Symlink("e/f.txt", filepath.Join(root, "d", "link")))
	must(t, os.Symlink(filepath.Join(base, "root-evil"), filepath.Join(root, "d", "out")))
	rep, err := s.Copy(ctx, loc("d"), loc("d2"), CopyOptions{})
	must(t, err)
	if rep.Files != 2 || rep.Dirs != 2 || len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0], "d/out") {
		t.Errorf("copy report %+v", rep)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "d2", "link")); string(data) != "F" {
		t.Error("a link inside was not copied as its file")
	}
	if info, _ := os.Stat(filepath.Join(root, "d2", "e", "f.txt")); info.Mode().Perm() != 0o600 {
		t.Errorf("mode not kept: %v", info.Mode())
	}
	if _, err := s.Copy(ctx, loc("d"), loc("d2"), CopyOptions{}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("copy onto an existing directory: %v", err)
	}
	if _, err := s.Copy(ctx, loc("d"), loc("d/e/inner"), CopyOptions{}); err == nil || !strings.Contains(err.Error(), "lies inside the source") {
		t.Errorf("copy into itself: %v", err)
	}
	// Move within a root renames; onto an existing file only with Overwrite.
	must(t, os.WriteFile(filepath.Join(root, "x"), []byte("X"), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "y"), []byte("Y"), 0o644))
	if _, err := s.Move(ctx, loc("x"), loc("y"), CopyOptions{}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("move onto a file: %v", err)
	}
	rep, err = s.Move(ctx, loc("x"), loc("y"), CopyOptions{Overwrite: true})
	if err != nil || !rep.Renamed {
		t.Errorf("move with overwrite: %+v %v", rep, err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "y")); string(data) != "X" {
		t.Error("move did not replace")
	}
	// Across roots: copy then remove; a link leading out keeps the source.
	otherD := filepath.Join(other, "d")
	if _, err := s.Move(ctx, loc("d"), loc(otherD), CopyOptions{}); err == nil || !strings.Contains(err.Error(), "the source was kept") {
		t.Errorf("move of a tree with an outside link: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "d", "e", "f.txt")); err != nil {
		t.Error("the source was removed although the move was incomplete")
	}
	if _, err := os.Stat(otherD); err == nil {
		t.Error("a failed move left a partial copy")
	}
	must(t, os.Remove(filepath.Join(root, "d", "out")))
	rep, err = s.Move(ctx, loc("d"), loc(otherD), CopyOptions{})
	if err != nil || rep.Renamed || rep.Files != 2 {
		t.Errorf("move across roots: %+v %v", rep, err)
	}
	if _, err := os.Stat(filepath.Join(root, "d")); err == nil {
		t.Error("the source of a move across roots remains")
	}
	if _, err := s.Move(ctx, loc("."), loc("z"), CopyOptions{}); err == nil {
		t.Error("moved a root")
	}
	if _, err := s.Move(ctx, loc("in-file"), loc(filepath.Join(other, "l")), CopyOptions{}); err == nil {
		t.Error("moved a symlink to another root")
	}
}
