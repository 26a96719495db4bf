//go:build unix

package roots

import (
	"io/fs"
	"os"
	"syscall"
)

// openReadFlags opens files for reading without blocking on a FIFO that
// replaced a regular file between a listing and the open.
const openReadFlags = os.O_RDONLY | syscall.O_NONBLOCK

// openFileLimit is the process's limit on open files (its soft
// RLIMIT_NOFILE, which Go raises to the hard limit at start).
func openFileLimit() int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil || l.Cur > 1<<30 {
		return 1 << 16
	}
	return int(l.Cur)
}

// keepOwner gives the file name in root the owner and group of old (the
// file it replaces), as far as the process may: all of it as root, the
// group when it is one of the process's. What it may not do it leaves.
func keepOwner(root *os.Root, name string, old fs.FileInfo) {
	st, ok := ownerOf(old)
	if !ok {
		return
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if uid == os.Getuid() && gid == os.Getgid() {
		return
	}
	if root.Lchown(name, uid, gid) != nil {
		_ = root.Lchown(name, -1, gid)
	}
}

func ownerOf(info fs.FileInfo) (*syscall.Stat_t, bool) {
	if info == nil {
		return nil, false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	return st, ok
}
