//go:build unix

package upstream

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the server in a process group of its own, so that
// stopping it also stops what it started (npx's node, a shell's children).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the server's process group: the server and every
// process it started that is still in the group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
