package engine

import (
	"fmt"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/engine/internal/repair"
	"f0/internal/setting"
	"f0/internal/text"
	"f0/tool"
)

// notFound answers a name that did not resolve to an exposed tool.
//
// near are the tools a foreign name could mean when the call did not say
// which (str_replace_based_edit_tool without a command): they are
// suggested first, with what selects each.
func (p *Host) notFound(r Dialect, name string, known *tool.Tool, near []repair.Ref) tool.Result {
	var b strings.Builder
	fmt.Fprintf(&b, "unknown tool %s", text.QuoteShort(name))
	if known != nil {
		fmt.Fprintf(&b, ": %s exists but this server does not expose it (%s).\n", p.plainName(r, known), p.hidden[known].text(r))
		if known.Access > p.cfg.Access {
			fmt.Fprintf(&b, "The operator can allow it with %s.\n", r.Change(setting.AccessSetting, known.Access.String()))
		}
	} else {
		b.WriteString(".\n")
	}
	switch {
	case len(near) > 0:
		p.writeOtherNameSuggestions(r, &b, name, near)
	case known == nil:
		p.writeSuggestions(r, &b, name)
	}
	b.WriteString(p.listingHint(r))
	return tool.Result{IsError: true, Text: b.String()}
}

// didYouMean renders suggestions for a configuration error.
func didYouMean(ts []*tool.Tool, name func(*tool.Tool) string) string {
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
func (p *Host) listingHint(r Dialect) string {
	search, okSearch := p.Resolve("tools.search")
	describe := p.describeCall(r, nil)
	listing := r.ListTools()
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

// writeSuggestions lists the tools closest to name. A close tool the server
// hides is named with the reason, so the model stops looking for it.
func (p *Host) writeSuggestions(r Dialect, b *strings.Builder, name string) {
	sugg := suggest(name, p.cfg.Prefix, p.reg.tools, 3)
	if len(sugg) == 0 {
		return
	}
	b.WriteString("Did you mean:\n")
	var example *tool.Tool
	for _, t := range sugg {
		if !p.visible[t] {
			fmt.Fprintf(b, "- %s: not exposed by this server (%s)\n", p.plainName(r, t), p.hidden[t].text(r))
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

// writeOtherNameSuggestions lists the f0 tools a foreign name means, with the
// arguments that choose each: "view" is a read, "str_replace" an edit.
func (p *Host) writeOtherNameSuggestions(r Dialect, b *strings.Builder, name string, near []repair.Ref) {
	fmt.Fprintf(b, "%s is another server's tool name; here it means:\n", text.QuoteShort(name))
	var order []*tool.Tool
	conds := map[*tool.Tool][]string{}
	for _, ref := range near {
		if !p.visible[ref.Tool] {
			continue
		}
		if _, seen := conds[ref.Tool]; !seen {
			order = append(order, ref.Tool)
			conds[ref.Tool] = nil
		}
		for k := range keys.InOrder(ref.Entry.When) {
			if v := ref.Entry.When[k]; v != "" {
				conds[ref.Tool] = append(conds[ref.Tool], fmt.Sprintf("%s %q", k, v))
			} else {
				conds[ref.Tool] = append(conds[ref.Tool], "with "+k)
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
func (p *Host) noShell(r Dialect, name, line string) tool.Result {
	var b strings.Builder
	fmt.Fprintf(&b, "unknown tool %s: f0 runs no shell commands", text.QuoteShort(name))
	if line != "" {
		fmt.Fprintf(&b, ", and %s is not one command it can run as a tool (curl, cat and ls are)", text.QuoteShort(line))
	}
	b.WriteString(".\n")
	words := line
	if words == "" {
		words = name
	}
	p.writeSuggestions(r, &b, words)
	b.WriteString(p.listingHint(r))
	return tool.Result{IsError: true, Text: b.String()}
}

// canonicalName is the name a setting (--tools, --exclude-tools) is best
// given as on a command line: fs.read.
func canonicalName(t *tool.Tool) string { return t.Name }
