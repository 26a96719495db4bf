// Package tool is the author API: everything a package of tools imports to
// define them. A tool is a Def — a Spec (its names, access, how its
// arguments are read, how a command line gives them), a typed input and a
// Run function — erased into the *Tool a registry holds. Run receives the
// call's Call, the one place a tool learns anything of f0 beyond its
// input: the room its answer has, how to write other calls for the reader
// of the answer, its roots, progress, the front end's sink, console and
// standard input, kept copies and the catalogue of other tools. Its
// context carries only cancellation and the deadline. A Run returns a
// Result, or an *InputError for arguments wrong in substance.
//
// The engine does the generic work, so that every front end (MCP, the
// command line, batch) gets the same names, repairs, errors and budget;
// a tool never does it again. It never parses JSON strings or coerces
// "5000" to a number (the engine repairs arguments to the input's types,
// by the Fields the tool declares), never checks the access cap (Access,
// Def.AccessFor), never checks a list's length (Fields.MaxItems), never
// cuts its own output to the budget (Call.Room, Result.Partial) and never
// writes a tool name by hand (Call.Again, Call.Suggest, Call.ToolName).
// An argument the engine cannot place is an error that names where it
// belongs and shows the call it probably meant; the only arguments dropped
// with a note are the inert metadata keys agents add to every call (one
// list, in the engine's repair, each with its public source). When a tool
// needs something generic, the engine learns it, for every tool.
//
// It imports no f0 package but internal/kept, internal/roots,
// internal/setting, internal/text and schemas. It must never import the
// engine: the engine imports it, and fills each Call through NewCall.
package tool

import (
	"context"
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
)

// Annotations are the behaviour hints published with a tool. Set them
// truthfully: clients decide from them whether to ask before a call.
type Annotations struct {
	ReadOnly    bool
	Destructive bool
	Idempotent  bool
	OpenWorld   bool
}

// Spec is everything about a tool except its input type and handler: who
// it is (Name, Title, Summary), what a call needs and does (Access,
// Annotations), and three groups: the names it answers to (Names), how its
// arguments are read and repaired (Fields) and how a command line gives
// them (CLI). The groups are embedded, so spec.Synonyms reads as well as
// spec.Fields.Synonyms.
type Spec struct {
	// Name is the canonical name, "namespace.tool", lower snake case
	// after the dot; it is listed dot-free (net_curl).
	Name string
	// Title is a short human title ("Fetch a URL").
	Title string
	// Summary is the published first sentence of the description: one
	// sentence of at most 95 characters ending in a full stop (pi shows
	// each tool on one line cut at 100).
	Summary string
	// Access is the level every call needs at least.
	Access Access
	// Annotations are published as MCP tool annotations.
	Annotations Annotations
	// Placeholder marks a tool that stands for the tools of its namespace
	// while they are not known (an upstream server that is not running):
	// a call of a name in the namespace that no tool has reaches it. Once
	// it has brought the real tools (the engine's Host.Replace makes a new
	// version with them), its Run returns an error wrapping ErrReplaced
	// and the engine runs the call again on them.
	Placeholder bool
	// Status, when set, says how the tool stands for the call's session
	// (the roots fs.* work in, and where they came from); tools.describe
	// shows it.
	Status func(ctx context.Context, call Call) string
	// Docs holds the tool's hand-written documentation beside its code, as
	// schema/<Name>.json (a schemas.Doc: the fuller description, notes,
	// at least one example call, fuller property descriptions). Its
	// package embeds the folder (//go:embed schema/*.json) and its Tools
	// sets it on every tool it returns; the registry reads the document
	// when it first makes the tool's schema.
	Docs fs.FS
	Names
	Fields
	CLI
}

// Names are the names a tool answers to besides its canonical one, and
// the words that find it.
type Names struct {
	// Aliases are deprecated or alternative names that resolve to the tool.
	Aliases []string
	// Shell are shell commands this tool does (curl, cat, ls): a call to a
	// shell tool (bash, run_shell_command) with one of them is routed here.
	Shell []string
	// ShellFlags are the flags of those commands the tool has fields for,
	// and the fields each sets: {"-n": {"lineNumbers": true}}. A flag it
	// does not list makes the routed call an error (-la is -l and -a).
	ShellFlags map[string]map[string]any
	// ShellCommands say, for a program of Shell whose words mean more
	// than flags and operands for MainField (head -n 5, sed -n '3,9p',
	// grep -rn PATTERN DIR, echo text > FILE), how they become the tool's
	// fields. A program without an entry is read by ShellFlags alone.
	ShellCommands map[string]ShellCommand
	// ShellTimeout is the field a foreign shell tool's time limit goes to
	// when its command is this tool's and does not set that field itself
	// (net.curl: maxTimeSeconds, the -m of curl's words); its Form says
	// the unit (Seconds or Millis). A tool without one keeps its own
	// limits.
	ShellTimeout string
	// Keywords help tools.search and name suggestions find the tool.
	Keywords []string
}

// Fields say how the engine reads a call's arguments into the tool's
// input: the other names and shapes models give them, what some of them
// hold, and what is published.
type Fields struct {
	// Synonyms maps argument names models use to the field they mean,
	// e.g. "body" -> "data". The snake_case, camelCase and kebab-case
	// spellings of a declared field already work: do not list them.
	Synonyms map[string]string
	// NestedSynonyms maps a field holding an object, or a list of objects,
	// to the synonyms of that object's own fields: {"edits": {"old_string":
	// "oldText"}}. Other spellings of the nested fields (old_text, OldText)
	// already work, as at the top level.
	NestedSynonyms map[string]map[string]string
	// Plurals maps a single-value field to the list field that takes
	// several values: {"path": "paths"}. A list of several values sent for
	// the single field goes to the list field; a list of one becomes the
	// single value. A bare list (CLI words, arguments sent as an array)
	// fills the plural of MainField.
	Plurals map[string]string
	// Inverse maps a boolean argument name models use to the field that
	// means its opposite: {"caseSensitive": "ignoreCase"}; the value is
	// negated, with a note.
	Inverse map[string]string
	// Forms says what some fields hold, so the engine repairs the forms
	// models write them in: {"path": tool.PathKind, "timeoutMs":
	// tool.Millis}. Every field that names a file the tool reads or writes
	// is a PathKind: batch orders the calls that touch the same path by
	// them (the catalogue's TestFileFieldsArePaths checks). Null-ish
	// values ("null", "undefined", "None", "") of optional fields that
	// take no free text are dropped, with a note.
	Forms map[string]FieldForm
	// Shapes gives fields the one portable shape they are published in
	// ("headers": HeaderLines; a field of a list's objects as "calls.args").
	// The engine turns every other accepted form into it before
	// validation, with a note.
	Shapes map[string]Shape
	// LineWindow names the fields of a line window, first line and count
	// ({"offset", "limit"}), that start_line/end_line, view_range, "10-20"
	// and the 0-based startLineNumberBaseZero/endLineNumberBaseZero fill.
	// A negative start counts from the end; a range the window cannot
	// hold exactly (an end before its start) is an error.
	LineWindow [2]string
	// MainField is filled by a bare string argument (CLI `f0 TOOL value`,
	// or arguments sent as a plain string).
	MainField string
	// MaxItems is the most items a list field (or keys an object field)
	// may hold, by field name; the engine refuses longer ones before the
	// tool runs. Fields not named, and lists nested in any field, take
	// DefaultMaxItems. It is not published in the schema, and the tool
	// never checks a length itself.
	MaxItems map[string]int
	// PathDefaults are the paths absent path fields stand for when the
	// tool then acts on one ({"path": "."}: fs.search with no path searches
	// the first root). They are not filled in: they say what a call
	// touches (see PreparedCall.Paths).
	PathDefaults map[string]string
	// Unlisted fields are accepted and documented by tools.describe but
	// left out of the published schema, to keep the listing small (it is
	// paid for in every prompt: the catalogue's TestListingSize fails above
	// 740 bytes a tool on average or 1.5 KB for one). Every required field
	// is listed.
	Unlisted []string
}

// CLI says how a command line gives a tool its arguments and prints its
// answer.
type CLI struct {
	// RawArgsField, when set, receives CLI words verbatim as a list
	// (net.curl's curl-style "args").
	RawArgsField string
	// RawFlag, for a tool with RawArgsField, tells how the tool reads a
	// word as a flag: whether it is a flag of the tool's own (so a front
	// end leaves it to the tool, even when it is spelt like one of f0's),
	// and whether it takes the next word as its value (-H NAME, -sLo FILE;
	// not --max-time=5 or -XPOST).
	RawFlag func(word string) (known, takesNext bool)
	// RawWords, for a tool with RawArgsField, reads raw words as the tool
	// does: it returns them with every file name they hold (curl's -o
	// FILE, -d @FILE, -T FILE) passed through rebase, and the structured
	// fields the words set (curl's -m sets maxTimeSeconds). The engine runs
	// a routed shell command in its working directory with it.
	RawWords func(words []string, rebase func(file string) string) (out []string, fields []string)
	// Verbatim marks a tool whose body is data, the bytes of a file or a
	// response: a terminal front end prints it byte for byte, and adds no
	// final newline when stdout is a pipe.
	Verbatim bool
}

// Def is a tool definition with a typed input, In: a struct whose fields
// are the tool's arguments. Tag each with `json:"name"` (`,omitempty` when
// optional), `jsonschema:"required"` when required, and a short
// `jsonschema_description:"…"` where the name and type do not say it all
// (not description= inside `jsonschema:"…"`, which splits on commas); a
// field that takes several shapes is `any` with a Fields.Shapes entry.
// The engine fills In from the repaired arguments directly when its fields
// are strings, numbers, booleans, lists of strings or pointers to those,
// and through JSON otherwise (nested objects, types with their own
// UnmarshalJSON); under go test every direct fill is checked against
// JSON's, so a test of the tool catches a difference. Erase turns a Def
// into the *Tool a registry holds.
type Def[In any] struct {
	Spec
	// Run executes the call: ctx for its cancellation and deadline (long
	// work honours it, and reports how far it has come with
	// Call.Progress), call for everything else it learns of f0 (its room,
	// how to write other calls, its roots, its front end), in the typed
	// input.
	Run func(ctx context.Context, call Call, in In) (Result, error)
	// AccessFor, when set, raises the level a particular call needs (for
	// instance a POST needs write); the string says why.
	AccessFor func(in In) (Access, string)
	// Prepare, when set, completes a decoded input once per call, before
	// AccessFor and Run see it: work both need (net.curl's request plan)
	// is done here, once, and carried in the input.
	Prepare func(in In) In
}

// Tool is a registered tool with its input type erased.
type Tool struct {
	Spec
	inputType reflect.Type
	decode    func(json.RawMessage) (any, error)
	// fromArgs, when set, fills the input from the repaired arguments
	// without JSON, when it can (see fieldPlan).
	FromArgs  func(map[string]any) (any, bool)
	run       func(context.Context, Call, any) (Result, error)
	accessFor func(any) (Access, string)
	prepare   func(any) any
	// external is set for a tool defined by another server's listing.
	external *External
}

// Erase turns a typed definition into a Tool the registry can hold.
func (d Def[In]) Erase() *Tool {
	t := &Tool{
		Spec:      d.Spec,
		inputType: reflect.TypeFor[In](),
		decode: func(raw json.RawMessage) (any, error) {
			var in In
			if err := json.Unmarshal(raw, &in); err != nil {
				return nil, err
			}
			return in, nil
		},
		FromArgs: typedDecoder[In](),
		run: func(ctx context.Context, call Call, in any) (Result, error) {
			return d.Run(ctx, call, in.(In))
		},
	}
	if d.AccessFor != nil {
		t.accessFor = func(in any) (Access, string) { return d.AccessFor(in.(In)) }
	}
	if d.Prepare != nil {
		t.prepare = func(in any) any { return d.Prepare(in.(In)) }
	}
	return t
}

// InputType is the Go type the tool's arguments decode into.
func (t *Tool) InputType() reflect.Type { return t.inputType }

// Run runs the tool on its decoded input. For the engine, which gives the
// call its Call.
func (t *Tool) Run(ctx context.Context, call Call, in any) (Result, error) {
	return t.run(ctx, call, in)
}

// DecodeJSON decodes arguments written as JSON into the tool's input.
// For the engine, which decodes through FromArgs first.
func (t *Tool) DecodeJSON(raw json.RawMessage) (any, error) { return t.decode(raw) }

// Complete is the decoded input as the tool completes it once per call
// (Def.Prepare), before the access check and Run see it. For the engine.
func (t *Tool) Complete(in any) any {
	if t.prepare == nil {
		return in
	}
	return t.prepare(in)
}

// AccessFor is the level the call with input in needs by the tool's own
// rule (Def.AccessFor), and why; ok is false when the tool has none. For
// the engine.
func (t *Tool) AccessFor(in any) (level Access, reason string, ok bool) {
	if t.accessFor == nil {
		return 0, "", false
	}
	level, reason = t.accessFor(in)
	return level, reason, true
}

// External is the definition of a tool another server's listing defines,
// nil for a tool with a Go input type. For the engine.
func (t *Tool) External() *External { return t.external }

// Namespace is the part of the canonical name before the dot.
func (t *Tool) Namespace() string {
	ns, _, _ := strings.Cut(t.Name, ".")
	return ns
}
