//go:build unix

package roots

import (
	"os"
	"syscall"
)

// openReadFlags opens files for reading without blocking on a FIFO that
// replaced a regular file between a listing and the open.
const openReadFlags = os.O_RDONLY | syscall.O_NONBLOCK
