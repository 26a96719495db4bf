//go:build !unix

package fs

import (
	iofs "io/fs"
	"os"
)

// readDir lists the directory open as dir.
func readDir(dir *os.Root) ([]iofs.DirEntry, error) {
	f, err := dir.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}
