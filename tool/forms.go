package tool

// FieldForm says what a field holds beyond its JSON type, so that the core can
// repair the forms models write it in. A tool declares kinds in
// Spec.Forms.
type FieldForm int

const (
	// PathKind is a file path inside the roots: file:// URIs become paths,
	// Windows separators become '/'.
	PathKind FieldForm = iota + 1
	// URLKind is an http(s) URL: characters a browser would encode (a raw
	// space) are encoded, and wrapping quotes or angle brackets removed.
	URLKind
	// Millis is a duration in milliseconds, Seconds one in seconds: a value
	// written with a unit ("30s") is converted; a number given under a
	// name without a unit (a timeout synonym) is seconds up to 600 and
	// milliseconds from 1000, ambiguous between; a Seconds field given
	// 1000 or more is read as milliseconds.
	Millis
	Seconds
	// CallsKind is a list of tool calls (batch): items in the shapes of
	// OpenAI, Anthropic and Gemini become {tool, args}.
	CallsKind
)

// Kinds of search patterns, kept apart from the kinds above so that the
// pattern repairs (repairPatterns) stay in one place.
const (
	// RegexKind is an RE2 regular expression: grep's BRE alternation a\|b
	// and a /regex/flags literal are read as what they mean.
	RegexKind FieldForm = iota + 100
	// GlobKind is a glob: a regular expression such as .*\.md$ is turned
	// into the glob it means (*.md) when that is unambiguous.
	GlobKind
)
