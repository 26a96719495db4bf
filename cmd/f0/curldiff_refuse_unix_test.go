//go:build unix

package main

import (
	"fmt"
	"syscall"
	"testing"
)

// refusingAddr returns a loopback address that refuses connections for the
// whole test: a TCP socket bound to a port but never listening. Closing a
// listener instead would free the port, and another connection of the test
// could take it as its ephemeral port, so "connection refused" cases would
// sometimes connect.
func refusingAddr(t *testing.T) (string, error) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		return "", fmt.Errorf("socket: %w", err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		return "", fmt.Errorf("bind 127.0.0.1:0: %w", err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		return "", fmt.Errorf("getsockname: %w", err)
	}
	return fmt.Sprintf("127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port), nil
}
