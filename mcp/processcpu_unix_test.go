//go:build unix

package mcp

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user+system) the process has used, garbage
// collection included: on a shared machine a benchmark's CPU per operation
// says more than its wall time.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
