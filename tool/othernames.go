package tool

// OtherName is the name of another server's or agent's tool that means a f0
// tool: the official filesystem server's read_file, Claude Code's Read,
// Anthropic's str_replace_based_edit_tool with command "view". Each tool
// declares its own next to its Spec; the core routes a call made with such
// a name to the tool, maps its arguments and says in one line what it
// understood.
//
// Every mapping is exact or an error: a value a Values table does not
// hold is refused with Unmapped's explanation, a value that contradicts a
// field also given is refused, and there is no "drop with a note" (an
// argument that changes nothing is inert metadata, which the engine lists
// once). The same entries are read for a call made with f0's own name
// (fs_search {"output_mode": "count"} is Grep's), and an entry whose Name
// is f0's own name for another tool, with When, reroutes the call (Amazon
// Q's fs_read with mode "Search" runs fs.search).
type OtherName struct {
	// Name is the foreign tool's name, compared in normalised form (Read,
	// read, READ are one name).
	Name string
	// When, if set, are arguments the call must hold for this entry to
	// apply: {"command": "view"}. An empty value only asks that the argument
	// is present. Matching arguments are consumed unless Args maps them.
	When map[string]string
	// Args maps the foreign tool's argument names to this tool's fields
	// (any spelling of the foreign name matches).
	Args map[string]string
	// Values maps an argument's value to the fields it stands for:
	// {"output_mode": {"files_with_matches": {"filesOnly": true}}}. Values
	// are compared as lower-case text; "*" matches any value. A field set
	// to nil is an argument the value takes away (Cursor's
	// should_read_entire_file: true clears its line range). A value the
	// table does not hold is an error, explained by Unmapped.
	Values map[string]map[string]map[string]any
	// Unmapped says, for an argument of Values, why f0 has no equivalent
	// for the values its table does not hold, and what to send instead.
	Unmapped map[string]string
	// Set are fields the foreign tool implies unless the call gives them
	// (the fetch server returns markdown: {"format": "markdown"}).
	Set map[string]any
	// Refuse, when set, means f0 has no equivalent: the call is refused with
	// this explanation, which names the tool that comes closest.
	Refuse string
	// Substring names the field in which the foreign tool matches a bare
	// word as part of a name in any case (the filesystem server's
	// search_files): "readme" becomes the glob "*readme*" with ignoreCase.
	Substring string
}
