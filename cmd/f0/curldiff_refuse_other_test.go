//go:build !unix

package main

import (
	"net"
	"testing"
)

// refusingAddr returns a loopback address nothing listens on (best effort:
// the port is free again once the listener closes).
func refusingAddr(t *testing.T) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
