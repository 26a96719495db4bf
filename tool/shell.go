package tool

// ShellCommand is how one shell command's words become a tool's fields:
// a table the engine applies to a shell tool's call (bash {"command":
// "head -n 5 go.mod"}) routed to the tool. Flags without a value set
// fields; flags with one put it in a field; operands fill fields in
// order; a program's own little language (sed's 'A,Bp') is read by its
// Script; a command that writes its output to a file (echo … > FILE) names
// the fields the file and the text go to. A word the table does not know
// makes the routed call an error naming the flags it takes.
type ShellCommand struct {
	// Flags are flags that set fields ({"-i": {"ignoreCase": true}}),
	// with the tool's ShellFlags; {} marks a flag that changes nothing
	// f0 shows. Short flags may be grouped (-rn).
	Flags map[string]map[string]any
	// Valued are flags whose value (the next word, attached -n5, or
	// --name=value) goes to a field: {"-n": {Field: "limit"}}. With a
	// "-n", a word -N is -n N (head -5).
	Valued map[string]ShellValue
	// Operands are the fields the operands fill in order; the last takes
	// every operand left when the tool has its plural (cat a b → paths).
	// Empty: MainField.
	Operands []string
	// Set are fields the command implies unless its words set them (head
	// shows 10 lines).
	Set map[string]any
	// Required are flags the command must have to mean the tool's call
	// (sed prints only the lines its script names with -n).
	Required []string
	// Usage is the command as the table reads it, for the errors that
	// say how to write it (sed -n 'A,Bp' FILE).
	Usage string
	// Script, when set, reads the first operand as the command's script
	// into fields ('3,9p' → offset 3, limit 7); the other operands fill
	// Operands.
	Script func(script string) (map[string]any, error)
	// Output is the field a redirect of the standard output names (fs.write's
	// path): the command then runs only with that redirect (echo x > FILE),
	// and Append are the fields >> sets.
	Output string
	Append map[string]any
	// Text writes what the command prints from its flags, operands and
	// here-document (echo's words, printf's format, cat's <<EOF), into the
	// field TextField; the operands are then the text's, not Operands'.
	Text      func(ShellText) (string, error)
	TextField string
}

// ShellValue is where a flag's value goes: the field, the value each
// written value stands for (-type f is "file"; nil: the word itself), and
// fields the flag sets besides (-iname: ignoreCase).
type ShellValue struct {
	Field  string
	Values map[string]any
	Also   map[string]any
}

// ShellText is what a command that prints text was given.
type ShellText struct {
	Flags, Operands []string
	Heredoc         string
}
