//go:build unix && !linux

package fs

import (
	iofs "io/fs"
	"os"
	"syscall"
)

// readDir lists the directory open as dir without a stat per entry. A
// directory opened through an os.Root reads its entries eagerly with one
// fstatat each; the walk only needs names and types, which getdents
// already gives. So the entries are read through a duplicate of the
// directory's descriptor (the directory itself was reached safely through
// the root). Entry.Info must not be used on the result: it would stat by
// path. Callers that need sizes ask the directory's root (Lstat), which is
// descriptor-relative.
func readDir(dir *os.Root) ([]iofs.DirEntry, error) {
	f, err := dir.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return f.ReadDir(-1)
	}
	plain := os.NewFile(uintptr(fd), dir.Name())
	defer plain.Close()
	return plain.ReadDir(-1)
}
