//go:build unix

package roots

import (
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
