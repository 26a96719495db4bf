package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

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
	budget int
	// budgetAsked is set when maxBytes chose the budget.
	budgetAsked bool
}

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
func (c *callState) example() string {
	return exampleCall(c.p, c.tool)
}

func exampleCall(p *Pipeline, t *Tool) string {
	doc := p.reg.Doc(t)
	return p.ListedName(t) + " " + compactJSON(doc.Examples[0])
}

// argError explains invalid arguments.
func (c *callState) argError(problems []problem) Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: invalid arguments.\n", c.p.ListedName(c.tool))
	for _, pr := range problems {
		b.WriteString("- ")
		b.WriteString(pr.String())
		b.WriteByte('\n')
	}
	c.writeFooter(&b)
	return Result{IsError: true, Text: b.String()}
}

// inputError explains a problem the tool found in otherwise valid arguments.
func (c *callState) inputError(ie *InputError) Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", c.p.ListedName(c.tool), ie.Error())
	c.writeFooter(&b)
	return Result{IsError: true, Text: b.String()}
}

// failure reports a tool that could not do what was asked.
func (c *callState) failure(err error) Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s failed: %v\n", c.p.ListedName(c.tool), err)
	c.writeFooter(&b)
	return Result{IsError: true, Text: b.String()}
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
	return Result{IsError: true, Text: fmt.Sprintf("%s: %s.\nYou passed: %s", c.p.ListedName(c.tool), why, c.passed())}
}

func (c *callState) writeFooter(b *strings.Builder) {
	fmt.Fprintf(b, "You passed: %s\n", c.passed())
	fmt.Fprintf(b, "Expected: %s\n", signature(c.p.reg.schema(c.tool), c.p.ListedName(c.tool)))
	fmt.Fprintf(b, "Example: %s", c.example())
}

// signature renders a compact, TypeScript-like shape of the input: required
// fields first, then optional ones, capped to stay readable.
func signature(s *schemas.Schema, listed string) string {
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
			parts = append(parts, fmt.Sprintf("… %d more (tools_describe {\"name\":%q})", len(ordered)-maxFields, listed))
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
func (p *Pipeline) notFound(name string, known *Tool) Result {
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
	if known == nil {
		p.writeSuggestions(&b, name)
	}
	b.WriteString(p.listingHint())
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
// exposes.
func (p *Pipeline) listingHint() string {
	search, okSearch := p.Resolve("tools.search")
	describe, okDescribe := p.Resolve("tools.describe")
	switch {
	case okSearch && okDescribe:
		return fmt.Sprintf("List every tool with %s {} (or tools/list); show one tool's arguments with %s {\"name\":\"…\"}.", p.ListedName(search), p.ListedName(describe))
	case okSearch:
		return fmt.Sprintf("List every tool with %s {} (or tools/list).", p.ListedName(search))
	case okDescribe:
		return fmt.Sprintf("List every tool with tools/list; show one tool's arguments with %s {\"name\":\"…\"}.", p.ListedName(describe))
	}
	return "List every tool with tools/list."
}

// Instructions are the server's two-line instructions to clients, written
// with the names this server lists.
func (p *Pipeline) Instructions() string {
	example := "net_curl"
	if t := p.reg.Lookup("net.curl"); t != nil {
		example = p.ListedName(t)
	} else if vis := p.Visible(); len(vis) > 0 {
		example = p.ListedName(vis[0])
	}
	return fmt.Sprintf("Tool names look like %s; other spellings (dots, dashes, any case, an mcp__server__ prefix) work too, and an unknown name answers with the closest names.\n"+
		"Arguments are a JSON object (a JSON string is accepted too); every error shows what was passed, what was expected and an example. %s", example, p.listingHint())
}

// writeSuggestions lists the tools closest to name. A close tool the server
// hides is named with the reason, so the model stops looking for it.
func (p *Pipeline) writeSuggestions(b *strings.Builder, name string) {
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
		fmt.Fprintf(b, "- %s: %s\n", p.ListedName(t), t.Summary)
		if example == nil {
			example = t
		}
	}
	if example != nil {
		fmt.Fprintf(b, "Example: %s\n", exampleCall(p, example))
	}
}
