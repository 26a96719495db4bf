// Package repair holds every repair f0 makes to a call before a tool sees
// it: the name another agent gave the tool, the arguments as models send
// them, and their check against the tool's schema. The repairs are one
// ordered list of named stages (Stages, in stages.go) and Run is their one
// entry point. The package is internal to the engine, so no tool can
// import it; it must not import the engine, mcp, cmd or any tool, only the
// author API's types (package tool), the schemas and the shared helpers
// (text, keys, shellwords).
package repair

import (
	"context"

	"f0/engine/internal/vocab"
	"f0/schemas"
	"f0/tool"
)

// Env is what the stages need from the engine: its tools and their
// schemas, the other agents' vocabularies, the call's roots for the
// checks those make on paths, and how the caller refers to a tool in
// notes and problems.
type Env interface {
	// Lookup finds a tool by f0's own name in any spelling, or nil.
	Lookup(name string) *tool.Tool
	// Visible reports whether the server exposes t.
	Visible(t *tool.Tool) bool
	// Tools are every tool of the registry, in name order.
	Tools() []*tool.Tool
	// Vocabulary is other agents' tools as data, nil for none.
	Vocabulary() *vocab.Vocabulary
	// Paths answers the vocabularies' checks on paths (is this a
	// directory) in the call's roots.
	Paths() vocab.Env
	// Agent is the vocabularies' name for the agent the caller is (its
	// MCP client), "" when unknown.
	Agent() string
	// Text writes a text that names f0 tools (fs_edit, fs.read) with the
	// names the caller uses for them.
	Text(s string) string
	// Schema is t's input schema.
	Schema(t *tool.Tool) *schemas.Schema
	// Name is t's name as the caller refers to it.
	Name(t *tool.Tool) string
}

// Input is one call as a front end made it.
type Input struct {
	// Name is the tool's name as called, in any spelling or vocabulary.
	Name string
	// Resolved, when set, is what Name stands for, decided by the front
	// end with ResolveName; nil resolves it here.
	Resolved *Resolved
	// Raw are the arguments as they arrived (a map, JSON bytes, text).
	Raw any
	Env Env
	// Decoders read JSON arguments; nil reads them without keeping a
	// decoder.
	Decoders *Decoders
}

// Halt says why the stages stopped before the end of the list.
type Halt int

const (
	// Done: every stage ran; Problems may still hold what is wrong.
	Done Halt = iota
	// NoTool: the name is no tool's; ShellName says it is a shell tool's
	// name.
	NoTool
	// Hidden: Tool is not exposed.
	Hidden
	// Refused: another agent's vocabulary answers the call itself: f0
	// has no equivalent, or the call's values do not fit the foreign tool
	// (Foreign says it).
	Refused
	// Invalid: the arguments could not be read as an object, or are too
	// long, and no later stage ran (Problems say why).
	Invalid
)

// Output is the call once repaired: its tool, its arguments, the notes
// that say what was read how, and the problems that keep it from running.
type Output struct {
	Tool *tool.Tool
	Halt Halt
	// ShellName and ShellLine explain a NoTool halt.
	ShellName bool
	ShellLine string
	// Route is set when the call was a shell tool's command that Tool
	// runs.
	Route *Route
	// Foreign is the answer of a Refused halt.
	Foreign *Foreign
	// Args are nil when the arguments never became an object (Invalid).
	Args     map[string]any
	Notes    []string
	Problems []Problem
	// Fix is what a call with unplaced arguments probably meant.
	Fix Fix
}

// Stage is one named repair, run on the state of the call.
type Stage struct {
	Name string
	Run  func(*State)
	// Placeholders is set for stages that also run for a placeholder,
	// whose tools' arguments are not known yet.
	Placeholders bool
}

// State is a call on its way down the stages.
type State struct {
	ctx      context.Context
	Env      Env
	Name     string
	Raw      any
	resolved *Resolved
	decoders *Decoders
	Tool     *tool.Tool
	Route    *Route
	// foreign is the vocabularies' reading of the call, when its name was
	// another agent's.
	foreign *vocab.Result
	// editNotes say how edit text in the call was read (foreignedits.go).
	editNotes []string
	Args      map[string]any
	Notes     []string
	Problems  []Problem
	// Renamed maps a field to the name the call gave it (renameFields).
	Renamed map[string]string
	Fix     Fix
	out     Output
	schema  *schemas.Schema
}

// Run takes one call down Stages, in order, until the list ends or a
// stage halts it.
func Run(ctx context.Context, in Input) Output {
	s := &State{ctx: ctx, Env: in.Env, Name: in.Name, Raw: in.Raw, resolved: in.Resolved, decoders: in.Decoders}
	for _, st := range Stages {
		if s.Tool != nil && s.Tool.Placeholder && !st.Placeholders {
			continue
		}
		if st.Run(s); s.out.Halt != Done {
			break
		}
	}
	out := s.out
	out.Tool, out.Route, out.Args, out.Notes, out.Problems, out.Fix = s.Tool, s.Route, s.Args, s.Notes, s.Problems, s.Fix
	return out
}

// halt stops the list.
func (s *State) halt(why Halt) { s.out.Halt = why }

// add records what a repair found and said.
func (s *State) add(problems []Problem, notes []string) {
	s.Problems = append(s.Problems, problems...)
	s.Notes = append(s.Notes, notes...)
}

// useTool makes t the call's tool.
func (s *State) useTool(t *tool.Tool) { s.Tool, s.schema = t, nil }

// Schema is the input schema of the call's tool.
func (s *State) Schema() *schemas.Schema {
	if s.schema == nil {
		s.schema = s.Env.Schema(s.Tool)
	}
	return s.schema
}

// toolName is the call's tool as the caller refers to it: a placeholder by
// the name the call gave, not its own.
func (s *State) toolName() string {
	if s.Tool.Placeholder && s.Name != "" {
		return s.Name
	}
	return s.Env.Name(s.Tool)
}
