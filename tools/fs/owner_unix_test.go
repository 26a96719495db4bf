//go:build unix

package fs_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteKeepsOwnerAndSetIDBits is F19 of issue 27: fs_write replaces
// the file, and the new one got f0's owner (nobody's file became root's)
// and lost its set-user-ID and set-group-ID bits, though the README says
// it keeps the mode. The mode is kept whole, and the owner where the
// process may give it (as root, or a group it is in).
func TestWriteKeepsOwnerAndSetIDBits(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.root, "tool.sh")
	e.file("tool.sh", "#!/bin/sh\n")
	must(t, os.Chmod(path, 0o755|os.ModeSetuid|os.ModeSetgid))
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		uid, gid = 65534, 65534 // nobody's file
		must(t, os.Chown(path, uid, gid))
		must(t, os.Chmod(path, 0o755|os.ModeSetuid|os.ModeSetgid)) // chown clears them
	}
	for _, args := range []map[string]any{
		{"path": "tool.sh", "content": "#!/bin/sh\necho hi\n"},
		{"path": "tool.sh", "content": "echo more\n", "mode": "append"},
	} {
		e.ok("fs.write", args)
		info, err := os.Stat(path)
		must(t, err)
		if want := 0o755 | os.ModeSetuid | os.ModeSetgid; info.Mode() != want {
			t.Errorf("mode after fs_write %v: %v, want %v", args["mode"], info.Mode(), want)
		}
		st := info.Sys().(*syscall.Stat_t)
		if int(st.Uid) != uid || int(st.Gid) != gid {
			t.Errorf("owner after fs_write %v: %d:%d, want %d:%d", args["mode"], st.Uid, st.Gid, uid, gid)
		}
	}
}
