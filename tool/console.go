package tool

import (
	"context"
)

// Console is what a tool that stands in for a command-line program
// (net.curl for curl) prints when a person or a script runs that program:
// the exact bytes for stdout, the text for stderr and the exit status. A
// tool fills it only when the call's context asks for it (WithConsole); a
// command-line front end then prints it instead of the model's answer,
// which the same call still carries in Text. MCP never shows it.
type Console struct {
	// Stdout is written piece by piece, in order, byte for byte.
	Stdout [][]byte
	// Stderr is written as it is; "" writes nothing.
	Stderr string
	// Exit is the process exit status, with the program's own numbering
	// (curl's 6, 7, 22, 28…); 0 is success.
	Exit int
}

// ConsoleOptions tell a tool about the terminal its console output goes to.
type ConsoleOptions struct {
	// Terminal says stdout is a terminal, not a pipe or a file (curl
	// refuses to write binary bytes to one).
	Terminal bool
}

type consoleKey struct{}

// WithConsole asks the tools of calls made with ctx for their Console
// output. A command-line front end sets it.
func WithConsole(ctx context.Context, o ConsoleOptions) context.Context {
	return context.WithValue(ctx, consoleKey{}, o)
}

// ConsoleFrom reports whether the running call's front end wants Console
// output, and about its terminal.
func ConsoleFrom(ctx context.Context) (ConsoleOptions, bool) {
	o, ok := ctx.Value(consoleKey{}).(ConsoleOptions)
	return o, ok
}

// Native reports whether the running call's front end stands in for the
// program the tool imitates (WithConsole): the tool then keeps what that
// program would, such as the bytes of a body the server compressed
// unasked, where a model gets them decoded with a note.
func Native(ctx context.Context) bool {
	_, ok := ConsoleFrom(ctx)
	return ok
}
