package engine

import (
	"context"
	"regexp"
	"strings"

	"f0/internal/setting"
	"f0/internal/text"
	"f0/tool"
)

// Renderer writes suggestions for one front end or client: the name the
// model calls a tool by in pi or Claude Code, `f0 fs.read path=…` on a
// terminal, the listed name for any other MCP client.
type Renderer interface {
	// Call writes a call of s.Tool with s.Args.
	Call(s tool.Suggestion) string
	// Name writes a reference to s.Tool without arguments, as it appears
	// in lists and prose ("List every tool with …").
	Name(s tool.Suggestion) string
}

// CanonicalNamer is implemented by renderers whose front end spells every
// tool by its canonical name (the command line: fs.read), the tools the
// server hides included. The others name a hidden tool, and a tool in a
// heading that is no call, by its listed name (fs_read).
type CanonicalNamer interface {
	CanonicalNames()
}

// plainName is how r's reader sees t named in text that is not a call of
// it: a busy answer's heading, a tool the server hides.
func (p *Host) plainName(r Renderer, t *tool.Tool) string {
	if _, ok := r.(CanonicalNamer); ok {
		return t.Name
	}
	return p.ListedName(t)
}

// Redirecter is implemented by renderers of a command line, where the
// output of a call can go to a file whole whatever the output budget:
// `f0 fs.read x.bin base64=true > x.bin.b64`.
type Redirecter interface {
	Redirect(s tool.Suggestion, file string) string
}

// ToolLister is implemented by renderers of clients with their own way to
// list a server's tools (pi's `mcp({server: "f0"})`); the others name MCP's
// tools/list.
type ToolLister interface {
	ListTools() string
}

// ListedRenderer writes calls with the listed name and the arguments as
// one line of JSON: `fs_read {"path":"go.mod"}`. It is what clients f0
// knows nothing about get.
type ListedRenderer struct{}

// Call writes `listed {json}`.
func (ListedRenderer) Call(s tool.Suggestion) string {
	return s.Listed + " " + text.CompactJSON(s.Args)
}

// Name writes the listed name.
func (ListedRenderer) Name(s tool.Suggestion) string { return s.Listed }

type rendererKey struct{}

// WithRenderer makes r write every suggestion of the calls made with ctx.
// Front ends set it: the MCP server per client, the CLI for a terminal.
func WithRenderer(ctx context.Context, r Renderer) context.Context {
	if r == nil {
		return ctx
	}
	ctx = context.WithValue(ctx, rendererKey{}, r)
	return setting.WithWriter(ctx, settingsFor(r))
}

// RendererFrom returns the renderer of ctx, ListedRenderer when none was set.
func RendererFrom(ctx context.Context) Renderer {
	if r, ok := ctx.Value(rendererKey{}).(Renderer); ok {
		return r
	}
	return ListedRenderer{}
}

// suggestion builds the suggestion of a call of t with args.
func (p *Host) suggestion(t *tool.Tool, args any) tool.Suggestion {
	return tool.Suggestion{Tool: t.Name, Listed: p.ListedName(t), Args: args}
}

// callText renders a call of t with args through r.
func (p *Host) callText(r Renderer, t *tool.Tool, args any) string {
	return r.Call(p.suggestion(t, args))
}

// exampleText renders ex, one of t's documented examples, as a call
// through r, its tool names spelt for r's reader (see docExample).
func (p *Host) exampleText(r Renderer, t *tool.Tool, ex map[string]any) string {
	return p.callText(r, t, p.docExample(r, t, ex))
}

// nameText renders the name of t through r.
func (p *Host) nameText(r Renderer, t *tool.Tool) string {
	return r.Name(p.suggestion(t, nil))
}

// describeCall renders the call that shows a tool's arguments, or "" when
// tools.describe is not exposed. A nil tool leaves the name to fill in.
func (p *Host) describeCall(r Renderer, about *tool.Tool) string {
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
func (p *Host) docText(r Renderer, t *tool.Tool, text string) string {
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
func (p *Host) respells(r Renderer, t *tool.Tool) bool {
	_, ok := r.(CanonicalNamer)
	return ok && t.External() == nil
}

// docExample writes one of t's documented examples for r's reader: a value
// that names a tool in its listed spelling (tools.describe's name, a batch
// item's tool) is spelt canonically where docText would. The documentation
// itself is left unchanged.
func (p *Host) docExample(r Renderer, t *tool.Tool, ex map[string]any) map[string]any {
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
