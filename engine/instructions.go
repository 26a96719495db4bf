package engine

import (
	"fmt"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// Instructions are the server's instructions to a client, written with
// the names the model in that client calls tools by, and promising only
// what holds there.
func (p *Host) Instructions(c Client) string {
	r := c.Dialect
	if r == nil {
		r = ListedDialect{}
	}
	example := p.exampleTool()
	var b strings.Builder
	switch c.Kind {
	case "pi":
		// pi checks arguments against the published schema before f0 sees
		// them, so the repairs f0 makes rarely come into play: do not
		// promise them.
		b.WriteString("f0's tools come through pi: some as direct tools")
		if example != nil {
			fmt.Fprintf(&b, " (%s)", p.nameText(r, example))
		}
		b.WriteString(", every one through mcp({tool, args}) with f0's tool name.\n")
	default:
		name := "namespace_tool"
		if example != nil {
			name = p.nameText(r, example)
		}
		fmt.Fprintf(&b, "Tool names look like %s; other spellings (dots, dashes, any case, an mcp__server__ prefix) work too, and an unknown name answers with the closest names.\n", name)
		b.WriteString("Arguments are a JSON object (a JSON string is accepted too); ")
	}
	if c.Kind == "pi" {
		b.WriteString("Every ")
	} else {
		b.WriteString("every ")
	}
	b.WriteString("error shows what was passed, what was expected and an example.")
	if c.Limits.Bytes > 0 && !c.Guessed {
		fmt.Fprintf(&b, " Results stay within what %s passes on (%s bytes", c.Label(), text.GroupDigits(int64(c.Limits.Bytes)))
		if c.Limits.Lines > 0 {
			fmt.Fprintf(&b, ", %s lines", text.GroupDigits(int64(c.Limits.Lines)))
		}
		b.WriteString("); a cut result ends with the call that gets the rest.")
	}
	b.WriteString(" " + p.listingHint(r))
	return b.String()
}

// exampleTool is the tool the instructions name as an example: the first
// exposed tool in the order the registry was built (the catalogue's order
// of namespaces) that does work, rather than describe the other tools;
// nil when the server exposes none.
func (p *Host) exampleTool() *tool.Tool {
	var first *tool.Tool
	for _, t := range p.Visible() {
		switch {
		case t.Namespace() == metaNamespace:
			continue
		case first == nil || p.reg.order(t) < p.reg.order(first):
			first = t
		}
	}
	if vis := p.Visible(); first == nil && len(vis) > 0 {
		first = vis[0]
	}
	return first
}
