package tool

// Suggestion is a call f0 proposes to whoever reads an answer: a tool and
// the arguments to send it. The core builds suggestions (continuations,
// examples, fixes, names in lists); a Renderer writes them in the form the
// reader can use as written.
type Suggestion struct {
	// Tool is the tool's canonical name (net.curl); Listed the name this
	// server lists it under (net_curl, or with --tools-prefix).
	Tool, Listed string
	// Args are the arguments of the call: a JSON object as Go values. Nil
	// when the suggestion names the tool without a call.
	Args any
}
