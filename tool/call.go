package tool

import (
	"context"
	"io"

	"f0/internal/kept"
	"f0/internal/roots"
	"f0/internal/setting"
	"f0/internal/text"
)

// Call is the running call as its tool sees it: everything a tool learns
// of f0 beyond its typed input comes from it. The engine builds one for
// each call it runs and hands it to Run; the calls a tool makes in turn
// (batch's items) get their own. It tells the tool
//
//   - how much its answer may hold: Room, Budget;
//   - how to write other calls for the reader of its answer, in that
//     reader's own dialect: Again (this call with some arguments changed),
//     Suggest (a call of another tool), ToolName, Redirect, and the
//     operator's settings that limited the call (Settings);
//   - where its files are: Roots, RootsStatus;
//   - what its front end offers: Progress, Sink, Console, Stdin;
//   - the server's resources: Hold (memory), KeepCopy and OpenCopy (kept
//     answers to page through), Catalog (the other tools).
//
// A tool never writes a tool name or a call by hand in its messages: the
// reader's dialect does (fs_read {…} for most MCP clients, f0_fs_read {…}
// or mcp({tool: "fs_find", …}) in pi, mcp__f0__fs_read {…} in Claude Code).
//
// The zero Call is a call outside any engine, as in a test that runs a
// tool's function by itself: its budget is the default one, calls are
// written `name {json}`, the roots are the tool's own and nothing is kept.
// The context a tool's Run receives carries only cancellation and the
// deadline: no f0 value is read from it.
type Call struct{ e Engine }

// Engine is what the engine tells a Call about the running call. Only the
// engine implements it (NewCall); a tool uses the methods of Call.
type Engine interface {
	// Budget is the call's whole output budget, Ceiling the largest one
	// maxBytes can get, BudgetAsked whether maxBytes chose it.
	Budget() Limits
	Ceiling() int
	BudgetAsked() bool
	// Again renders the running call with some arguments changed;
	// Suggest, ToolName and Redirect render other calls and names, as the
	// reader of the call's answers makes and reads them.
	Again(changes map[string]any) string
	Suggest(name string, args map[string]any) string
	ToolName(name string) string
	Redirect(name string, args map[string]any, file string) string
	// Settings names the operator's settings for the reader.
	Settings() setting.SettingWriter
	// Roots is the source of the roots of the call's session, nil when
	// the call has none (the CLI).
	Roots() roots.Source
	// Progress, Sink, Console and Stdin are what the call's front end
	// offers (see the methods of Call).
	Progress(done, total float64, message string)
	Sink() io.Writer
	Console() (ConsoleOptions, bool)
	Stdin() *Stdin
	// Hold reserves n bytes of memory for the call.
	Hold(n int64) error
	// KeepCopy starts a kept copy the engine drops at the call's end unless
	// the tool keeps it; OpenCopy opens one.
	KeepCopy(sum func() string) *CopyWriter
	OpenCopy(ctx context.Context, token CopyToken) (*Copy, error)
	// Catalog is the host running the call.
	Catalog() Catalog
}

// NewCall is the Call of a running call the engine describes with e. For
// the engine only: a tool receives its Call.
func NewCall(e Engine) Call { return Call{e: e} }

// Room is what the call's own text (Result.Text) may fill: its output
// budget (the server default, or its maxBytes up to the server's cap, and
// never past what its client passes on to the model) less what the engine
// keeps for the status line, the notes and the footer it writes when it
// cuts. A tool that collects output (a listing, a search, a file read)
// stops there and sets Result.Partial; the engine cuts anything longer
// anyway. Room.Raise says whether a larger maxBytes would show more.
func (c Call) Room() Room {
	if c.e == nil {
		return roomIn(Limits{Bytes: DefaultMaxOutput}, DefaultOutputCap)
	}
	return roomIn(c.e.Budget(), c.e.Ceiling())
}

// Budget is the call's output budget in bytes: the maxBytes it asked for
// (what its text may hold, f0's own lines aside), else the most the whole
// answer may hold. What the tool's own text may fill is Room.
func (c Call) Budget() int {
	if c.e == nil {
		return DefaultMaxOutput
	}
	if b := c.e.Budget(); b.Body > 0 {
		return b.Body
	}
	return c.e.Budget().Bytes
}

// Again renders this call with some arguments changed, the way the reader
// of its answer sends it again (`net_curl {"url":"…","base64":true}` for
// most clients). A nil value removes an argument. Tools use it to name the
// exact call that fixes or continues this one (a raised timeout, a binary
// body saved to a file). Outside an engine it renders the changes alone.
func (c Call) Again(changes map[string]any) string {
	if c.e == nil {
		return text.CompactJSON(changes)
	}
	return c.e.Again(changes)
}

// Suggest renders a call of the named tool (any accepted spelling) with
// args, the way the reader of this call's answer can make it. Tools use it
// to point at another tool (`fs_list {"path":"src"}` for a directory).
func (c Call) Suggest(name string, args map[string]any) string {
	if c.e == nil {
		var a any
		if args != nil {
			a = args
		}
		return name + " " + text.CompactJSON(a)
	}
	return c.e.Suggest(name, args)
}

// ToolName renders the name of a tool (any accepted spelling) the way the
// reader of this call's answer refers to it, for prose: "change it with
// fs_edit".
func (c Call) ToolName(name string) string {
	if c.e == nil {
		return name
	}
	return c.e.ToolName(name)
}

// Redirect renders a call of the named tool with its output sent to file,
// or "" when the call's front end has no such thing (MCP).
func (c Call) Redirect(name string, args map[string]any, file string) string {
	if c.e == nil {
		return ""
	}
	return c.e.Redirect(name, args, file)
}

// Settings writes the operator's settings the way the reader of this
// call's answer changes them: tools name the setting that limited a call.
func (c Call) Settings() setting.SettingWriter {
	if c.e == nil {
		return setting.OperatorSettings{}
	}
	return c.e.Settings()
}

// Roots returns the roots the call works in: its session's when its MCP
// client sent some, fixed (the operator's) otherwise. Call done when the
// call no longer uses them. When no roots are known yet the error says why
// and what to do. A tool reaches files only through the set (Locate,
// Root.OS, WriteAtomic, Explain), never with os.Open on a path a caller
// gave; one that reads a file and writes it back uses Rewrite, so that the
// writers of one file take turns and a file another program changed after
// the read is read again, never overwritten.
func (c Call) Roots(ctx context.Context, fixed *roots.Set) (set *roots.Set, done func(), err error) {
	if src := c.source(); src != nil {
		return src.Files(ctx)
	}
	return fixed, func() {}, nil
}

// RootsStatus says which roots the call would use and where they came
// from ("Roots: /src (from --root)").
func (c Call) RootsStatus(ctx context.Context, fixed *roots.Set) string {
	if src := c.source(); src != nil {
		return src.Describe(ctx)
	}
	return "Roots: " + fixed.Named()
}

func (c Call) source() roots.Source {
	if c.e == nil {
		return nil
	}
	return c.e.Roots()
}

// Progress tells the caller how far a long call has come: done out of
// total (0 when unknown), with a short message. It does nothing when
// nobody asked.
func (c Call) Progress(done, total float64, message string) {
	if c.e != nil {
		c.e.Progress(done, total, message)
	}
}

// Sink returns the writer the call's body goes to, or nil when its front
// end wants the body in Result.Text. A front end that writes bytes (the
// command line, to a pipe, a file or curl's console) can take a Verbatim
// tool's body as the tool reads it: a tool that finds a sink writes the
// body there and leaves it out of Text, so that memory stays flat in the
// size of the body, as with cat or curl. Head, notes and errors still come
// in the Result. MCP gives no sink, and neither does a call whose maxBytes
// asked for a budget (and so for the cut and the footer's next call), nor
// a call a tool makes in turn.
func (c Call) Sink() io.Writer {
	if c.e == nil {
		return nil
	}
	return c.e.Sink()
}

// Console reports whether the call's front end wants Console output (see
// Result.Console), and about its terminal.
func (c Call) Console() (ConsoleOptions, bool) {
	if c.e == nil {
		return ConsoleOptions{}, false
	}
	return c.e.Console()
}

// Native reports whether the call's front end stands in for the program
// the tool imitates (it wants Console output): the tool then keeps what
// that program would, such as the bytes of a body the server compressed
// unasked, where a model gets them decoded with a note.
func (c Call) Native() bool {
	_, ok := c.Console()
	return ok
}

// Stdin returns the front end's standard input, or nil when it has none
// (MCP).
func (c Call) Stdin() *Stdin {
	if c.e == nil {
		return nil
	}
	return c.e.Stdin()
}

// Hold reserves n more bytes of memory for the call against the
// server-wide limit; the engine gives them back when the call ends. A tool
// calls it before it grows a buffer, and stops with the error (a
// *BusyError) when the server has no room. Outside an engine it always
// succeeds.
func (c Call) Hold(n int64) error {
	if c.e == nil || n <= 0 {
		return nil
	}
	return c.e.Hold(n)
}

// KeepCopy starts a copy of an answer the call may page through: write the
// answer to it as it is read, then Keep it with the tool's description of
// the answer, or leave it, and the engine drops it when the call ends. sum,
// when not nil, returns the hex sha256 of what was written, which the tool
// computes anyway (a response's body); otherwise the writer hashes what it
// keeps. Outside an engine, or when the operator keeps no copies, the
// writer keeps nothing: its token still carries the sum.
func (c Call) KeepCopy(sum func() string) *CopyWriter {
	if c.e == nil {
		return kept.NewWriter(nil, sum)
	}
	return c.e.KeepCopy(sum)
}

// OpenCopy opens the copy a token names (kept by this server, or by
// another that shares its store); a copy that is gone is a *CopyGone
// saying why.
func (c Call) OpenCopy(ctx context.Context, token CopyToken) (*Copy, error) {
	if c.e == nil {
		return kept.Open(ctx, nil, token)
	}
	return c.e.OpenCopy(ctx, token)
}

// Catalog returns the host running the call, for tools that call or
// describe other tools (batch, tools.search); false outside an engine.
func (c Call) Catalog() (Catalog, bool) {
	if c.e == nil {
		return nil, false
	}
	return c.e.Catalog(), true
}

// Catalog is what batch and the meta tools (tools.search, tools.describe)
// reach of the host running their call. Names are written for the reader
// of that call's answers.
type Catalog interface {
	// Resolve finds a tool by any accepted spelling of its name.
	Resolve(name string) (*Tool, bool)
	// Visible lists the tools the host exposes.
	Visible() []*Tool
	// Rank orders pool by how well each tool matches query.
	Rank(pool []*Tool, query string) []*Tool
	// Describe renders everything a model needs to call t.
	Describe(ctx context.Context, t *Tool) string
	// Name and PlainName write t's name, in prose and as the value of a
	// name argument.
	Name(t *Tool) string
	PlainName(t *Tool) string
	// NotFound answers a call of a name no tool has; t, when not nil, is a
	// tool the name matches that the host does not expose.
	NotFound(name string, t *Tool) Result
	// Prepare resolves and repairs a call without running it.
	Prepare(ctx context.Context, name string, args any) PreparedCall
}

// PreparedCall is a call resolved and repaired, ready to run (see
// Catalog.Prepare). Run gives it a Call of its own.
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

// The kept copies a tool writes and reads (Call.KeepCopy, Call.OpenCopy);
// the store that holds them is the engine's.
type (
	// CopyWriter writes a copy as the tool reads the answer; Keep makes it
	// one later calls open by its token.
	CopyWriter = kept.Writer
	// Copy is an open kept copy: the tool's own description of the answer
	// (Meta) and its bytes. Close it when done reading.
	Copy = kept.Copy
	// CopyToken names a kept copy and what it held ("r-<id>-<sum>").
	CopyToken = kept.Token
	// CopyGone is the error of a token whose copy is not there.
	CopyGone = kept.Gone
)

// CopyTokenExample is what a token looks like, for messages.
const CopyTokenExample = kept.TokenExample

// ParseCopyToken reads a token as footers write it.
func ParseCopyToken(s string) (CopyToken, bool) { return kept.ParseToken(s) }
