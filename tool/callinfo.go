package tool

import (
	"context"

	"f0/internal/text"
)

// CallWith renders the running call with some arguments changed, the way a
// model sends it again, written by the caller's Renderer (`net_curl
// {"url":"…","base64":true}` for most clients). A nil value removes an
// argument. Tools use it to name the exact call that fixes or continues
// this one (a raised timeout, a binary body saved to a file).
// Outside a pipeline call it renders the changes alone.
func CallWith(ctx context.Context, changes map[string]any) string {
	c, ok := callFrom(ctx)
	if !ok {
		return text.CompactJSON(changes)
	}
	return c.CallWith(changes)
}

// The accessors a tool calls with its ctx (OutputRoom, Budget, Sink,
// CallWith, Suggest, ToolName, RedirectCall, Hold, KeepCopy, OpenCopy,
// CatalogFrom) read what the engine installed in the context of the call:
// a callInfo for the running call (WithCall) and a namer for the reader of
// its answers (WithNamer). Neither is for tools; step 2 of issue 24 replaces
// both with a value handed to Run.

// callInfo is what the engine tells the accessors about the running call.
type callInfo interface {
	// Tool is the tool the call runs.
	Tool() *Tool
	// Budget is the call's whole output budget, Ceiling the largest one
	// maxBytes can get, BudgetAsked whether maxBytes chose it.
	Budget() Limits
	Ceiling() int
	BudgetAsked() bool
	// CallWith renders the running call with some arguments changed.
	CallWith(changes map[string]any) string
	// Hold reserves n bytes of memory for the call.
	Hold(n int64) error
	// Kept is the store of kept copies; AddPending records a copy the call
	// started.
	Kept() *KeptStore
	AddPending(w *CopyWriter)
	// Catalog is the host running the call, for tools that call or
	// describe other tools.
	Catalog() Catalog
}

// namer writes calls and names of tools the way the reader of a call's
// answers makes and reads them.
type namer interface {
	Suggest(name string, args map[string]any) string
	ToolName(name string) string
	RedirectCall(name string, args map[string]any, file string) string
}

type callInfoKey struct{}

type namerKey struct{}

// WithCall makes c the running call of ctx. For the engine only.
func WithCall(ctx context.Context, c callInfo) context.Context {
	return context.WithValue(ctx, callInfoKey{}, c)
}

// WithNamer makes n write the calls and tool names of ctx. For the engine
// only.
func WithNamer(ctx context.Context, n namer) context.Context {
	return context.WithValue(ctx, namerKey{}, n)
}

// callFrom returns the running call of ctx.
func callFrom(ctx context.Context) (callInfo, bool) {
	c, ok := ctx.Value(callInfoKey{}).(callInfo)
	return c, ok
}

// namerFrom returns the namer of ctx; outside a front end, names stay as
// given and calls are written `name {json}`.
func namerFrom(ctx context.Context) namer {
	if n, ok := ctx.Value(namerKey{}).(namer); ok {
		return n
	}
	return plainNamer{}
}

// plainNamer writes names as given: `name {json}`.
type plainNamer struct{}

func (plainNamer) Suggest(name string, args map[string]any) string {
	var a any
	if args != nil {
		a = args
	}
	return name + " " + text.CompactJSON(a)
}

func (plainNamer) ToolName(name string) string { return name }

func (plainNamer) RedirectCall(string, map[string]any, string) string { return "" }

// Catalog is what batch and the meta tools (tools.search, tools.describe)
// reach of the host running their call; *Host implements it through the
// engine.
type Catalog interface {
	// Resolve finds a tool by any accepted spelling of its name.
	Resolve(name string) (*Tool, bool)
	// Visible lists the tools the host exposes.
	Visible() []*Tool
	// Rank orders pool by how well each tool matches query.
	Rank(pool []*Tool, query string) []*Tool
	// Describe renders everything a model needs to call t.
	Describe(ctx context.Context, t *Tool) string
	// Name and PlainName write t's name for the reader of ctx's answers,
	// in prose and as the value of a name argument.
	Name(ctx context.Context, t *Tool) string
	PlainName(ctx context.Context, t *Tool) string
	// NotFound answers a call of a name no tool has; t, when not nil, is a
	// tool the name matches that the host does not expose.
	NotFound(ctx context.Context, name string, t *Tool) Result
	// Prepare resolves and repairs a call without running it.
	Prepare(ctx context.Context, name string, args any) PreparedCall
}

// PreparedCall is a call resolved and repaired, ready to run (see
// Catalog.Prepare).
type PreparedCall interface {
	Tool() *Tool
	Failed() bool
	Args() map[string]any
	Access() Access
	Writes() bool
	Paths() (paths []string, known bool)
	Name() string
	Run(ctx context.Context, budget Limits) Result
}

// CatalogFrom returns the host running the call of ctx.
func CatalogFrom(ctx context.Context) (Catalog, bool) {
	c, ok := callFrom(ctx)
	if !ok {
		return nil, false
	}
	return c.Catalog(), true
}

// Hold reserves n more bytes of memory for the running call against the
// server-wide limit; the pipeline gives them back when the call ends. A
// tool calls it before it grows a buffer, and stops with the error (a
// *BusyError) when the server has no room. Outside a pipeline call it
// always succeeds.
func Hold(ctx context.Context, n int64) error {
	c, ok := callFrom(ctx)
	if !ok || n <= 0 {
		return nil
	}
	return c.Hold(n)
}

// RedirectCall renders a call of the named tool with its output sent to
// file, or "" when the caller's front end has no such thing (MCP).
func RedirectCall(ctx context.Context, name string, args map[string]any, file string) string {
	return namerFrom(ctx).RedirectCall(name, args, file)
}

// Suggest renders a call of the named tool (any accepted spelling) with
// args, the way the caller of the running call can make it. Tools use it
// to point at another tool (`fs_list {"path":"src"}` for a directory).
func Suggest(ctx context.Context, name string, args map[string]any) string {
	return namerFrom(ctx).Suggest(name, args)
}

// ToolName renders the name of a tool (any accepted spelling) the way the
// caller of the running call refers to it, for prose: "change it with
// fs_edit".
func ToolName(ctx context.Context, name string) string {
	return namerFrom(ctx).ToolName(name)
}
