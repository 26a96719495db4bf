//go:build !linux

package tools

import "time"

// threadCPU is not known on this system.
func threadCPU() (time.Duration, bool) { return 0, false }
