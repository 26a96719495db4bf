package tool

// Shape is the one portable form f0 publishes for a field that models send
// in several forms. The published schema gives the shape a single JSON type
// that every converter keeps (a string, or a list of strings); the pipeline
// turns every other accepted form into it before validation, and says in a
// note what it understood.
type Shape int

const (
	// NoShape is a field published as its Go type says.
	NoShape Shape = iota
	// HeaderLines is a list of "Name: value" strings. Also accepted: an
	// object {"Name": "value"}, one string of lines, [name, value] pairs and
	// {name, value} objects.
	HeaderLines
	// URLEncoded is "a=1&b=2". Also accepted: an object (a list value
	// repeats the name), [name, value] pairs and a list of "a=1" strings.
	URLEncoded
	// JSONText is JSON text. Also accepted: any JSON value, which is
	// encoded, with a note.
	JSONText
	// JSONArgs is JSON text holding a call's arguments (batch items): an
	// object is encoded without a note, since the call it belongs to
	// reports its own repairs.
	JSONArgs
	// CommandLine is one shell-style command line. Also accepted: a list of
	// words, joined with shell quoting so that splitting gives them back.
	CommandLine
	// CookiePairs is "name=value; other=value". Also accepted: an object
	// and a list of "name=value" strings.
	CookiePairs
	// UserPass is "user:password". Also accepted: {username, password} and
	// [user, password].
	UserPass
)
