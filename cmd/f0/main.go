// Command f0 serves network and file tools to LLM agents over MCP, and the
// same tools to a person at a terminal.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit codes.
const (
	exitOK        = 0
	exitToolError = 1
	exitUsage     = 2
	// exitWriteError is curl's 23: stdout could not be written.
	exitWriteError = 23
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first signal cancels what runs; a second one ends f0 at once,
	// should something not stop.
	context.AfterFunc(ctx, stop)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line and returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	root := app.rootCommand()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	app.flags.close()
	app.flags.closeStore()
	if err == nil {
		return exitOK
	}
	var st *exitStatus
	if errors.As(err, &st) {
		return st.code // the tool printed its own error text
	}
	var te *toolError
	if errors.As(err, &te) {
		if te.text != "" {
			fmt.Fprintln(stderr, forTerminal(stderr, te.text))
		}
		if te.usage {
			return exitUsage
		}
		return exitToolError
	}
	fmt.Fprintf(stderr, "f0: %s\n", forTerminal(stderr, app.errorText(err)))
	var re *runtimeError
	if errors.As(err, &re) {
		return exitToolError
	}
	fmt.Fprintln(stderr, "Run 'f0 --help' for usage.")
	return exitUsage
}

// toolError is a call that ran and failed; its text is the tool's answer.
// usage marks a call of a tool there is not (a misspelt name), a usage
// error that exits 2.
type toolError struct {
	text  string
	usage bool
}

func (e *toolError) Error() string { return e.text }

// exitStatus ends f0 with a tool's own exit status (curl's numbered codes
// for net.curl); whatever was to be said is already printed.
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// runtimeError is a failure that is not a usage mistake (a server that
// could not start, a remote that did not answer).
type runtimeError struct{ err error }

func (e *runtimeError) Error() string { return e.err.Error() }
func (e *runtimeError) Unwrap() error { return e.err }
