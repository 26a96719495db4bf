package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"slices"
	"strings"
	"sync/atomic"

	"f0/schemas"
)

// ErrShutdown is the cause front ends give the contexts of calls they cut
// short because the server is stopping.
var ErrShutdown = errors.New("server shutting down")

// callState is one call on its way through the pipeline; it knows enough to
// explain any failure: what was passed, what was expected, an example.
type callState struct {
	p      *Pipeline
	tool   *Tool
	raw    any
	args   map[string]any
	notes  []string
	budget Limits
	// budgetAsked is set when maxBytes chose the budget.
	budgetAsked bool
	// render writes the calls this call's answers suggest.
	render Renderer
	// ceiling is the largest budget maxBytes can get: the server's cap,
	// or less when the client cuts results below it.
	ceiling int
	// held is the memory the call reserved with Hold.
	held atomic.Int64
}

// budgetCeiling is the largest budget a call can ask for.
func (c *callState) budgetCeiling() int { return c.ceiling }

// passed renders the arguments as received, shortened.
func (c *callState) passed() string {
	var s string
	switch v := c.raw.(type) {
	case nil:
		return "no arguments"
	case string:
		s = quoteShort(v) + " (a string)"
	case []byte:
		s = string(v)
	case json.RawMessage:
		if val, err := toValue(v); err == nil {
			s = compactJSON(val)
		} else {
			s = quoteShort(string(v)) + " (not valid JSON)"
		}
	default:
		if val, err := toValue(v); err == nil {
			s = compactJSON(val)
		} else {
			s = fmt.Sprintf("%v", v)
		}
	}
	const max = 400
	if len(s) > max {
		s = CutUTF8(s, max) + "…"
	}
	return s
}

// example is the tool's first example as a ready-to-send call.
func (c *callState) example() string { return c.p.exampleCall(c.render, c.tool) }

// exampleCall renders t's first example as a call.
func (p *Pipeline) exampleCall(r Renderer, t *Tool) string {
	return p.callText(r, t, p.reg.Doc(t).Examples[0])
}

// name is the tool's name as the caller refers to it.
func (c *callState) name() string { return c.p.nameText(c.render, c.tool) }

// argError explains invalid arguments.
func (c *callState) argError(problems []problem) Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: invalid arguments.\n", c.name())
	for _, pr := range problems {
		b.WriteString("- ")
		b.WriteString(pr.String())
		b.WriteByte('\n')
	}
	for _, n := range c.notes {
		b.WriteString(n)
		b.WriteByte('\n')
	}
	c.writeFooter(&b)
	return Result{IsError: true, Text: b.String()}
}

// inputError explains a problem the tool found in otherwise valid arguments;
// when its cause is not the arguments, without the schema and example.
func (c *callState) inputError(ie *InputError) Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", c.name(), ie.Error())
	if notAboutArguments(ie) {
		fmt.Fprintf(&b, "You passed: %s", c.passed())
		return Result{IsError: true, Text: b.String()}
	}
	c.writeFooter(&b)
	return Result{IsError: true, Text: b.String()}
}

// failure reports a tool that could not do what was asked: the cause and,
// in the tool's message, the fix. The arguments were understood, so the
// input schema and an example would only be noise.
func (c *callState) failure(err error) Result {
	return Result{IsError: true, Text: fmt.Sprintf("%s failed: %v\nYou passed: %s", c.name(), err, c.passed())}
}

// notAboutArguments reports whether an error's cause is the server's
// configuration or the system rather than the shape of the call: a path
// outside the roots, a permission. Errors say so by having a method
// Refused() bool that returns true, or by wrapping fs.ErrPermission.
func notAboutArguments(err error) bool {
	var r interface{ Refused() bool }
	return errors.As(err, &r) && r.Refused() || errors.Is(err, iofs.ErrPermission)
}

// refuse answers a foreign tool name that has no f0 equivalent.
func (c *callState) refuse(r *routed) Result {
	return Result{IsError: true, Text: fmt.Sprintf("%s: %s\nYou passed: %s", quoteShort(r.name), r.foreign.Refuse, c.passed())}
}

// canceled reports a call stopped by its context.
func (c *callState) canceled(ctx context.Context, err error) Result {
	why := "the call was cancelled by the client"
	switch {
	case errors.Is(context.Cause(ctx), ErrShutdown):
		why = "the server is shutting down and could not wait for the call to finish; call again once it is back"
	case errors.Is(err, context.DeadlineExceeded):
		why = "the call ran out of time (request deadline)"
	}
	return Result{IsError: true, Text: fmt.Sprintf("%s: %s.\nYou passed: %s", c.name(), why, c.passed())}
}

func (c *callState) writeFooter(b *strings.Builder) {
	fmt.Fprintf(b, "You passed: %s\n", c.passed())
	fmt.Fprintf(b, "Expected: %s\n", signature(c.p.reg.schema(c.tool), c.describe()))
	fmt.Fprintf(b, "Example: %s", c.example())
}

// describe is the call that shows the tool's arguments, or "".
func (c *callState) describe() string { return c.p.describeCall(c.render, c.tool) }

// signature renders a compact, TypeScript-like shape of the input: required
// fields first, then optional ones, capped to stay readable; describe is
// the call that shows the rest.
func signature(s *schemas.Schema, describe string) string {
	const maxFields = 10
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var parts []string
	names := schemas.PropertyNames(s)
	ordered := make([]string, 0, len(names))
	for _, n := range names {
		if required[n] {
			ordered = append(ordered, n)
		}
	}
	for _, n := range names {
		if !required[n] && n != BudgetField {
			ordered = append(ordered, n)
		}
	}
	for i, n := range ordered {
		if i == maxFields {
			more := fmt.Sprintf("… %d more", len(ordered)-maxFields)
			if describe != "" {
				more += " (" + describe + ")"
			}
			parts = append(parts, more)
			break
		}
		opt := "?"
		if required[n] {
			opt = ""
		}
		parts = append(parts, fmt.Sprintf("%s%s: %s", n, opt, typeName(schemas.Property(s, n))))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// typeName renders a property's type in a few characters.
func typeName(s *schemas.Schema) string {
	if s == nil {
		return "any"
	}
	if len(s.Enum) > 0 && len(s.Enum) <= 8 {
		opts := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			opts[i] = fmt.Sprintf("%q", e)
		}
		return strings.Join(opts, "|")
	}
	switch s.Type {
	case "":
		return "any"
	case "array":
		return typeName(s.Items) + "[]"
	case "object":
		if s.Properties != nil && s.Properties.Len() > 0 {
			return signatureInline(s)
		}
		return "object"
	}
	return s.Type
}

func signatureInline(s *schemas.Schema) string {
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var parts []string
	for n, ps := range s.Properties.FromOldest() {
		opt := "?"
		if required[n] {
			opt = ""
		}
		parts = append(parts, fmt.Sprintf("%s%s: %s", n, opt, typeName(ps)))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// notFound answers a name that did not resolve to an exposed tool.
//
// near are the tools a foreign name could mean when the call did not say
// which (str_replace_based_edit_tool without a command): they are
// suggested first, with what selects each.
func (p *Pipeline) notFound(r Renderer, name string, known *Tool, near []foreignRef) Result {
	var b strings.Builder
	fmt.Fprintf(&b, "unknown tool %s", quoteShort(name))
	if known != nil {
		fmt.Fprintf(&b, ": %s exists but this server does not expose it (%s).\n", p.ListedName(known), p.hidden[known])
		if known.Access > p.cfg.Access {
			fmt.Fprintf(&b, "The operator can allow it with --access %s (or F0_ACCESS=%s).\n", known.Access, known.Access)
		}
	} else {
		b.WriteString(".\n")
	}
	switch {
	case len(near) > 0:
		p.writeForeignSuggestions(r, &b, name, near)
	case known == nil:
		p.writeSuggestions(r, &b, name)
	}
	b.WriteString(p.listingHint(r))
	return Result{IsError: true, Text: b.String()}
}

// didYouMean renders suggestions for a configuration error.
func didYouMean(ts []*Tool, name func(*Tool) string) string {
	if len(ts) == 0 {
		return ""
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = name(t)
	}
	return "; did you mean " + strings.Join(names, " or ") + "?"
}

// listingHint tells how to list tools, naming only tools this server
// exposes, written for r.
func (p *Pipeline) listingHint(r Renderer) string {
	search, okSearch := p.Resolve("tools.search")
	describe := p.describeCall(r, nil)
	listing := "tools/list"
	if l, ok := r.(ToolLister); ok {
		listing = l.ListTools()
	}
	switch {
	case okSearch && describe != "":
		return fmt.Sprintf("List every tool with %s (or %s); show one tool's arguments with %s.", p.callText(r, search, map[string]any{}), listing, describe)
	case okSearch:
		return fmt.Sprintf("List every tool with %s (or %s).", p.callText(r, search, map[string]any{}), listing)
	case describe != "":
		return fmt.Sprintf("List every tool with %s; show one tool's arguments with %s.", listing, describe)
	}
	return fmt.Sprintf("List every tool with %s.", listing)
}

// Instructions are the server's instructions to a client, written with
// the names the model in that client calls tools by, and promising only
// what holds there.
func (p *Pipeline) Instructions(c Client) string {
	r := c.Render
	if r == nil {
		r = ListedRenderer{}
	}
	var example *Tool
	if t, ok := p.Resolve("net.curl"); ok {
		example = t
	} else if vis := p.Visible(); len(vis) > 0 {
		example = vis[0]
	}
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
		name := "net_curl"
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
	if c.Limits.Bytes > 0 {
		fmt.Fprintf(&b, " Results stay within what %s passes on (%s bytes", c.Label(), GroupDigits(int64(c.Limits.Bytes)))
		if c.Limits.Lines > 0 {
			fmt.Fprintf(&b, ", %s lines", GroupDigits(int64(c.Limits.Lines)))
		}
		b.WriteString("); a cut result ends with the call that gets the rest.")
	}
	b.WriteString(" " + p.listingHint(r))
	return b.String()
}

// writeSuggestions lists the tools closest to name. A close tool the server
// hides is named with the reason, so the model stops looking for it.
func (p *Pipeline) writeSuggestions(r Renderer, b *strings.Builder, name string) {
	sugg := suggest(name, p.cfg.Prefix, p.reg.tools, 3)
	if len(sugg) == 0 {
		return
	}
	b.WriteString("Did you mean:\n")
	var example *Tool
	for _, t := range sugg {
		if !p.visible[t] {
			fmt.Fprintf(b, "- %s: not exposed by this server (%s)\n", p.ListedName(t), p.hidden[t])
			continue
		}
		fmt.Fprintf(b, "- %s: %s\n", p.nameText(r, t), t.Summary)
		if example == nil {
			example = t
		}
	}
	if example != nil {
		fmt.Fprintf(b, "Example: %s\n", p.exampleCall(r, example))
	}
}

// writeForeignSuggestions lists the f0 tools a foreign name means, with the
// arguments that choose each: "view" is a read, "str_replace" an edit.
func (p *Pipeline) writeForeignSuggestions(r Renderer, b *strings.Builder, name string, near []foreignRef) {
	fmt.Fprintf(b, "%s is another server's tool name; here it means:\n", quoteShort(name))
	var order []*Tool
	conds := map[*Tool][]string{}
	for _, ref := range near {
		if !p.visible[ref.tool] {
			continue
		}
		if _, seen := conds[ref.tool]; !seen {
			order = append(order, ref.tool)
			conds[ref.tool] = nil
		}
		for _, k := range sortedKeys(ref.f.When) {
			if v := ref.f.When[k]; v != "" {
				conds[ref.tool] = append(conds[ref.tool], fmt.Sprintf("%s %q", k, v))
			} else {
				conds[ref.tool] = append(conds[ref.tool], "with "+k)
			}
		}
	}
	for _, t := range order {
		fmt.Fprintf(b, "- %s", p.nameText(r, t))
		if cs := slices.Compact(conds[t]); len(cs) > 0 {
			fmt.Fprintf(b, " (%s)", strings.Join(cs, " or "))
		}
		fmt.Fprintf(b, ": %s\n", t.Summary)
	}
	if len(order) > 0 {
		fmt.Fprintf(b, "Example: %s\n", p.exampleCall(r, order[0]))
	}
}

// noShell answers a shell tool's call whose command f0 cannot run as one of
// its tools: it says there is no shell and suggests the tools that do what
// the command's words ask for.
func (p *Pipeline) noShell(r Renderer, name string, args map[string]any) Result {
	line := shellCommand(args)
	var b strings.Builder
	fmt.Fprintf(&b, "unknown tool %s: f0 runs no shell commands", quoteShort(name))
	if line != "" {
		fmt.Fprintf(&b, ", and %s is not one command it can run as a tool (curl, cat and ls are)", quoteShort(line))
	}
	b.WriteString(".\n")
	words := line
	if words == "" {
		words = name
	}
	p.writeSuggestions(r, &b, words)
	b.WriteString(p.listingHint(r))
	return Result{IsError: true, Text: b.String()}
}
