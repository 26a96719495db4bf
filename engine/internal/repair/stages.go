package repair

// Stages are the repairs, in the order a call goes down them. Each reads
// the state the ones above it left and changes only what it names; none
// calls another. A stage that halts (an unknown name, arguments that are
// no object) ends the list; the others add notes and problems, which the
// engine reports once the list is done.
var Stages = []Stage{
	// The name: f0's own in any spelling, or another agent's tool as its
	// vocabulary reads the call (engine/internal/vocab), or a shell tool's
	// command that one of f0's tools runs.
	{Name: "resolve the tool's name", Run: resolveName, Placeholders: true},
	// The arguments as an object: JSON text, almost-JSON, code fences,
	// {"args": …} and {tool, args} envelopes, a bare value.
	{Name: "peel envelopes", Run: peelEnvelopes, Placeholders: true},
	{Name: "check list sizes as received", Run: checkSizesReceived, Placeholders: true},
	// f0's name with the arguments of another agent's tool of that name.
	{Name: "read another agent's call of f0's name", Run: readOwnName},
	// A shell command's words as the fields of the tool that runs it.
	{Name: "map the shell command", Run: mapShell, Placeholders: true},
	// Another agent's fields in a call made with f0's name.
	{Name: "read other agents' fields", Run: readOtherFields},
	{Name: "line windows", Run: lineWindows},
	{Name: "path:line", Run: pathLines},
	{Name: "inverse booleans", Run: inverseBooleans},
	{Name: "other names of fields", Run: renameKeys},
	// A file sent as a chat file block (a path line and a ``` fence).
	{Name: "file blocks", Run: chatFileBlocks},
	{Name: "null-ish values", Run: nullishValues},
	{Name: "request slips", Run: requestSlips},
	{Name: "search patterns", Run: searchPatterns},
	{Name: "comma-separated path lists", Run: pathLists},
	// Field forms: paths, URLs, times, calls.
	{Name: "field forms", Run: fieldForms},
	// Field shapes: headers, query, bodies, credentials.
	{Name: "field shapes", Run: fieldShapes},
	// Types against the schema, and what no stage could place.
	{Name: "coerce and validate", Run: coerceAndValidate},
	{Name: "check list sizes once repaired", Run: checkSizesRepaired, Placeholders: true},
}
