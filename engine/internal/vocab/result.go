package vocab

import (
	"context"
	"fmt"
	"strings"
)

// Request is one call as the client sent it: the tool name, and the
// arguments after f0's usual type repair ("5" → 5). Arguments sent as a
// bare string are given as {TextField: "…"}. Agent, when the caller knows
// the client (from its clientInfo), is preferred among tables that fit
// the call equally well.
type Request struct {
	Name  string
	Args  map[string]any
	Agent string
}

// PathKind is what a path names at run time.
type PathKind int

// The answers of Env.PathKind.
const (
	PathMissing PathKind = iota
	PathFile
	PathDir
)

// Env answers the runtime checks a table may ask for ($path_is,
// $path_ext, strip_root_name). Paths are given as the call gives them to
// f0: absolute, or relative to the first root.
type Env interface {
	PathKind(ctx context.Context, path string) PathKind
	Roots() []string
}

// Outcome is what Resolve made of a request.
type Outcome int

// The outcomes of Resolve.
const (
	// NoMatch: no table has the name (or the name is f0's own and the call
	// has none of the foreign tool's own fields); the caller goes on as
	// without vocabularies.
	NoMatch Outcome = iota
	// Mapped: Calls say what to run.
	Mapped
	// Refused: f0 has no equivalent; Refusal says why and what to call.
	Refused
)

// Result is what a foreign call means in f0.
type Result struct {
	Outcome Outcome
	// Name is the requested name after a client's or server's prefix was
	// removed (mcp__f0__read_file → read_file).
	Name string
	// Agent and Tool say whose tool the call was read as (Tool is the
	// spelling the table publishes); Route is the index of the route used.
	Agent string
	Tool  string
	Route int
	// Batch says the calls are one batch (continueOnError false), run in
	// order, even when there is one; otherwise Calls holds one call.
	Batch bool
	Calls []Call
	// Refusal is set when Outcome is Refused.
	Refusal *Refusal
	// Notes are the sentences to say in the answer: what was understood
	// first, then route, approximation and dropped-field notes.
	Notes []string
	// Moves say, for a note of the caller's own, which field of the call
	// went to which f0 fields ("file_path → path"); Notes[0] says the
	// same in a sentence.
	Moves []string
	// Fields says what happened to every field of the call, in the call's
	// order; nested fields are named field[i].sub.
	Fields []FieldUse
	// readings are the other agents' readings that call other f0 tools,
	// gathered while the rivals are weighed (see eitherTool).
	readings []toolReading
	// agreeing are the rivals' agents whose reading is the chosen one's.
	agreeing []string
}

// Call is one call to make. Tool is an f0 tool by its canonical name
// (fs.read), or TargetShell (Command is the command line to route through
// f0's shell table), or TargetCall (Unwrap names the call to resolve like
// any other).
type Call struct {
	Tool    string
	Args    map[string]any
	Command string
	// Shell is where and how a shell command runs (Command set): the
	// working directory, environment and time limit the call gives.
	Shell  Shell
	Unwrap *Unwrap
	// Edit, when set, is edit text the caller parses (internal/editformat)
	// before running the call: see EditText.
	Edit *EditText
}

// Shell is what a foreign shell tool's call says about the command's
// running besides its line: the working directory its relative paths
// resolve against (Dir, "" for the first root), the environment its
// $VAR and ${VAR} read (Env, nil when the call gives none), and the time
// limit in seconds (Timeout, 0 for f0's own limits).
type Shell struct {
	Dir     string
	Env     map[string]string
	Timeout float64
}

// Unwrap is a call wrapped in another (use_mcp_tool): the server named,
// the tool to call, and its arguments (decoded when sent as JSON text).
type Unwrap struct {
	Server    string
	Tool      string
	Arguments map[string]any
}

// EditText is edit text in one of the formats of edit-formats.md, handed
// to the caller to parse. With Field set (search_replace_blocks,
// unified_diff of one file) the parsed edits go into Args[Field] of the
// call; with Field empty (apply_patch, a unified diff over several files)
// the parsed calls replace the call. LineHints and EmptySearch are the
// search_replace_blocks args of the table.
type EditText struct {
	Format      string
	Text        string
	Field       string
	LineHints   bool
	EmptySearch string
}

// Refusal is an answer that f0 cannot give as asked: the table's text,
// which names the closest f0 call, and the field that made it (empty for
// a whole route).
type Refusal struct {
	Text  string
	Field string
	Needs string
}

// FieldUse is what happened to one field of the call.
type FieldUse struct {
	Field string
	Use   Use
	To    []string
}

// Use is what a field of a call became.
type Use int

// The uses of a field; every field of a call has exactly one.
const (
	UseMapped   Use = iota // its value went to the f0 fields in To
	UseApprox              // mapped, but the answer is close, not the same (a note says how)
	UseConsumed            // read by another field's transform or selected the route
	UseInert               // metadata without meaning for the result, dropped silently
	UseDropped             // f0 lacks the capability; dropped, and a note says so
	UseRefused             // the field made the call unanswerable
	UseEdit                // edit text handed to the caller (Call.Edit)
	UseCall                // the command line or wrapped call handed to the caller
)

func (u Use) String() string {
	if u < UseMapped || u > UseCall {
		return fmt.Sprintf("Use(%d)", int(u))
	}
	return [...]string{"mapped", "approx", "consumed", "inert", "dropped", "refused", "edit", "call"}[u]
}

// InputError is a call the table reads but whose values it cannot: an
// unknown field (Nearest names the published field it is closest to), a
// value of the wrong kind, or no route that fits.
type InputError struct {
	Agent, Tool string
	Field       string
	Problem     string
	Nearest     string
	Accepted    []string
	Fix         string
	// Target is the f0 tool of the route that read the call, when one
	// did: its example shows the call that was meant.
	Target string
}

func (e *InputError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s's %s", e.Agent, e.Tool)
	if e.Field != "" {
		fmt.Fprintf(&b, ": %s", e.Field)
	}
	fmt.Fprintf(&b, ": %s", e.Problem)
	if e.Nearest != "" {
		fmt.Fprintf(&b, "; did you mean %q?", e.Nearest)
	}
	if len(e.Accepted) > 0 {
		fmt.Fprintf(&b, " (accepted: %s)", strings.Join(e.Accepted, ", "))
	}
	if e.Fix != "" {
		fmt.Fprintf(&b, ". %s", e.Fix)
	}
	return b.String()
}
