//go:build !linux

package fs

import (
	"errors"
	"os"
)

// openDir opens nothing more than dir: every file is opened through the
// root. The handle owns dir.
func openDir(dir *os.Root) (*dirHandle, error) { return rootOnly(dir), nil }

// list reads the directory's entries (buf is not used here).
func (d *dirHandle) list(buf []byte) ([]dirent, []byte, error) {
	entries, err := readDir(d.root)
	out := make([]dirent, len(entries))
	for i, e := range entries {
		out[i] = dirent{name: e.Name(), typ: e.Type()}
	}
	return out, buf, err
}

// Descriptors are not used on this system (a handle's fd is always -1).
var errNoFD = errors.New("no descriptor")

func openAt(int, string) (int, error) { return -1, errNoFD }
func isLinkErr(error) bool            { return false }
func readFD(int, []byte) (int, error) { return 0, errNoFD }
func statFD(int) (int64, bool)        { return 0, false }
func closeFD(int)                     {}
