package main

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTerminal is a writer that says it is a terminal.
type fakeTerminal struct{ bytes.Buffer }

func (*fakeTerminal) IsTerminal() bool { return true }

// TestTerminalGetsNoControlBytesFromOthers is F13 of issue 27: a server's
// reason phrase put OSC 52 (a clipboard write) and a clear-screen into
// f0's own status line on stderr, and a file's text reached the terminal
// raw. On a terminal, what others wrote has its control bytes escaped.
func TestTerminalGetsNoControlBytesFromOthers(t *testing.T) {
	const evil = "\x1b]52;c;ZXZpbA==\x07\x1b[2J\x9b31m"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "evil.txt"), []byte("text "+evil+"\r\nnext line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				r := bufio.NewReader(conn)
				for line, err := r.ReadString('\n'); err == nil && line != "\r\n"; line, err = r.ReadString('\n') {
				}
				conn.Write([]byte("HTTP/1.1 200 OK" + evil + "\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nbody\n"))
			}()
		}
	}()
	url := "http://" + ln.Addr().String() + "/"
	for _, args := range [][]string{
		{"--root", dir, "fs.read", "evil.txt"},
		{"--root", dir, "net.curl", url},
		{"--root", dir, "--access", "write", "net.curl", "-o", "out.txt", url},
		{"--root", dir, "net.curl", "-i", url},
	} {
		var stdout, stderr fakeTerminal
		run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
		own := strings.ReplaceAll(stderr.String(), "\r\x1b[K", "") // f0's own progress bar
		for name, out := range map[string]string{"stdout": stdout.String(), "stderr": own} {
			if strings.ContainsAny(out, "\x1b\x07\u009b") {
				t.Errorf("f0 %s: control bytes reach the terminal on %s: %q", strings.Join(args[2:], " "), name, out)
			}
		}
	}
}

// TestEscapingWriterKeepsCharactersWhole: a character or a line's "\r\n"
// cut between two writes is not escaped as if it were broken.
func TestEscapingWriterKeepsCharactersWhole(t *testing.T) {
	var out bytes.Buffer
	w := &escapingWriter{w: &out}
	for _, part := range []string{"é"[:1], "é"[1:] + "line\r", "\nbell\a", "\x1b[2J"} {
		w.Write([]byte(part))
	}
	w.Flush()
	if got, want := out.String(), `éline`+"\r\n"+`bell\x07\x1b[2J`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
