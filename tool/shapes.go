package tool

// Shape is the one portable form f0 validates for a field that models send
// in several forms: the pipeline turns every accepted form into it before
// validation, and says in a note what it understood when the form was
// ambiguous.
//
// The published schema gives the field a single JSON type that every
// converter in the portability test keeps (e2e/portability.test.mjs): a
// union (anyOf, or a type list) is dropped by Genkit or sent by LangChain
// as a type list Gemini refuses. Where models send another form unprompted
// than the canonical one, that form is published instead, so that
// validating clients (pi-mcp-adapter's proxy, LangChain, Genkit) let it
// through: curl words as a list, headers as an object.
type Shape int

const (
	// NoShape is a field published as its Go type says.
	NoShape Shape = iota
	// HeaderLines is a list of "Name: value" strings. Also accepted: an
	// object {"Name": "value"}, one string of lines, [name, value] pairs and
	// {name, value} objects. Published as the object, naming HeaderNames
	// and open to any other name; a null value is no header (strict
	// clients send every named one).
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
	// Published as the list of words.
	CommandLine
	// CookiePairs is "name=value; other=value". Also accepted: an object
	// and a list of "name=value" strings.
	CookiePairs
	// UserPass is "user:password". Also accepted: {username, password} and
	// [user, password].
	UserPass
)

// HeaderNames are the headers a published HeaderLines object names: Gemini
// refuses an object without properties, and OpenAI's strict mode closes an
// object to the names it lists (other names then go in args as -H). Lower
// case, as models write them and HTTP/2 sends them. Content-Type is left
// out: the json and form fields set it, and each name costs every prompt
// about 30 bytes.
func HeaderNames() []string { return []string{"accept", "authorization"} }
