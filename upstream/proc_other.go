//go:build !unix

package upstream

import "os/exec"

// ownGroup does nothing where f0 has no process groups to use.
func ownGroup(*exec.Cmd) {}

// killGroup kills the server's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
