package tool

// Console is what a tool that stands in for a command-line program
// (net.curl for curl) prints when a person or a script runs that program:
// the exact bytes for stdout, the text for stderr and the exit status. A
// tool fills it only when its Call asks for it (Call.Console); a
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
	// Found, when set, receives the findings of a tool that keeps records
	// (see Record) one by one, in order, as the tool finds them, instead
	// of Result.Records: the front end prints them at once, and memory
	// stays flat however many there are. It is called from one goroutine.
	Found func(Record)
}
