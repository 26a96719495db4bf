package engine

import (
	"context"
	"regexp"
	"strings"

	"f0/internal/setting"
	"f0/internal/text"
	"f0/tool"
)

// Dialect is how one client or front end writes what f0 says to its
// reader: calls and tool names (pi's `f0_fs_read {…}`, Claude Code's
// mcp__f0__fs_read, `f0 fs.read path=…` on a terminal, the listed name for
// any other MCP client), how to list the tools, how to send a call's
// output to a file, and how to change a setting. There is one value per
// client, chosen once when the client introduces itself (Host.Client);
// every method is there for every client, so nothing asks a dialect what
// it can do. A dialect that has no more to say than the listed names
// embeds ListedDialect for what it does not write its own way.
type Dialect interface {
	// Call writes a call of s.Tool with s.Args.
	Call(s tool.Suggestion) string
	// Name writes a reference to s.Tool without arguments, as it appears
	// in lists and prose ("List every tool with …").
	Name(s tool.Suggestion) string
	// Redirect writes a call of s.Tool with its output sent to file whole,
	// whatever the output budget (`f0 fs.read x.bin base64=true >
	// x.bin.b64`), or "" when the front end has no such thing.
	Redirect(s tool.Suggestion, file string) string
	// ListTools writes how to list the server's tools: MCP's tools/list,
	// or the client's own way (pi's `mcp({server: "f0"})`).
	ListTools() string
	// CanonicalNames reports whether the front end spells every tool by
	// its canonical name (the command line: fs.read), the tools the server
	// hides included. The others name a hidden tool, and a tool in a
	// heading that is no call, by its listed name (fs_read).
	CanonicalNames() bool
	// SettingWriter writes the server's settings as the reader changes
	// them: the operator's flags and environment for an MCP client.
	setting.SettingWriter
}

// plainName is how d's reader sees t named in text that is not a call of
// it: a busy answer's heading, a tool the server hides.
func (p *Host) plainName(d Dialect, t *tool.Tool) string {
	if d.CanonicalNames() {
		return t.Name
	}
	return p.ListedName(t)
}

// ListedDialect writes calls with the listed name and the arguments as
// one line of JSON: `fs_read {"path":"go.mod"}`, and settings as the
// operator sets them. It is what clients f0 knows nothing about get.
type ListedDialect struct {
	setting.OperatorSettings
}

// Call writes `listed {json}`.
func (ListedDialect) Call(s tool.Suggestion) string {
	return s.Listed + " " + text.CompactJSON(s.Args)
}

// Name writes the listed name.
func (ListedDialect) Name(s tool.Suggestion) string { return s.Listed }

// Redirect writes nothing: an MCP client has no file to send output to.
func (ListedDialect) Redirect(tool.Suggestion, string) string { return "" }

// ListTools names MCP's tools/list.
func (ListedDialect) ListTools() string { return "tools/list" }

// CanonicalNames is false: MCP clients call tools by their listed names.
func (ListedDialect) CanonicalNames() bool { return false }

type dialectKey struct{}

// WithDialect makes r write every suggestion of the calls made with ctx.
// Front ends set it: the MCP server per client, the CLI for a terminal.
func WithDialect(ctx context.Context, r Dialect) context.Context {
	if r == nil {
		return ctx
	}
	ctx = context.WithValue(ctx, dialectKey{}, r)
	return setting.WithWriter(ctx, r)
}

// DialectFrom returns the dialect of ctx, ListedDialect when none was set.
func DialectFrom(ctx context.Context) Dialect {
	if r, ok := ctx.Value(dialectKey{}).(Dialect); ok {
		return r
	}
	return ListedDialect{}
}

// suggestion builds the suggestion of a call of t with args.
func (p *Host) suggestion(t *tool.Tool, args any) tool.Suggestion {
	return tool.Suggestion{Tool: t.Name, Listed: p.ListedName(t), Args: args}
}

// callText renders a call of t with args through r.
func (p *Host) callText(r Dialect, t *tool.Tool, args any) string {
	return r.Call(p.suggestion(t, args))
}

// exampleText renders ex, one of t's documented examples, as a call
// through r, its tool names spelt for r's reader (see docExample).
func (p *Host) exampleText(r Dialect, t *tool.Tool, ex map[string]any) string {
	return p.callText(r, t, p.docExample(r, t, ex))
}

// nameText renders the name of t through r.
func (p *Host) nameText(r Dialect, t *tool.Tool) string {
	return r.Name(p.suggestion(t, nil))
}

// describeCall renders the call that shows a tool's arguments, or "" when
// tools.describe is not exposed. A nil tool leaves the name to fill in.
func (p *Host) describeCall(r Dialect, about *tool.Tool) string {
	d, ok := p.Resolve("tools.describe")
	if !ok {
		return ""
	}
	name := "…"
	if about != nil {
		name = p.plainName(r, about)
	}
	return p.callText(r, d, map[string]any{"name": name})
}

// docWord matches a word that may name a tool in a tool's documentation,
// which spells tools as MCP lists them by default: fs_read.
var docWord = regexp.MustCompile(`\b[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b`)

// docName returns the tool that w, a word of a tool's documentation, names
// in its listed spelling (fs_read), or nil.
func (p *Host) docName(w string) *tool.Tool {
	if t := p.reg.Lookup(w); t != nil && strings.ReplaceAll(t.Name, ".", "_") == w {
		return t
	}
	return nil
}

// docText writes a text of t's documentation (a description, a note) for
// r's reader: a front end that spells every tool by its canonical name (the
// command line) reads fs.read where the text says fs_read. A text that
// spells a tool both ways is about its spellings and stays as written.
func (p *Host) docText(r Dialect, t *tool.Tool, text string) string {
	if !p.respells(r, t) {
		return text
	}
	return docWord.ReplaceAllStringFunc(text, func(w string) string {
		if named := p.docName(w); named != nil && !strings.Contains(text, named.Name) {
			return named.Name
		}
		return w
	})
}

// respells reports whether t's documentation is written anew for r: when
// r spells tools canonically and f0 wrote the documentation. Another
// server's text (an upstream tool's) names that server's tools, not f0's,
// and stays as the server wrote it.
func (p *Host) respells(r Dialect, t *tool.Tool) bool {
	return r.CanonicalNames() && t.External() == nil
}

// docExample writes one of t's documented examples for r's reader: a value
// that names a tool in its listed spelling (tools.describe's name, a batch
// item's tool) is spelt canonically where docText would. The documentation
// itself is left unchanged.
func (p *Host) docExample(r Dialect, t *tool.Tool, ex map[string]any) map[string]any {
	if !p.respells(r, t) {
		return ex
	}
	out, _ := p.docValue(ex).(map[string]any)
	return out
}

// docValue copies v with every string that names a tool in its listed
// spelling replaced by the tool's canonical name.
func (p *Host) docValue(v any) any {
	switch x := v.(type) {
	case string:
		if t := p.docName(x); t != nil {
			return t.Name
		}
		return x
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = p.docValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = p.docValue(e)
		}
		return out
	}
	return v
}
