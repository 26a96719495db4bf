package engine

import (
	"fmt"
	"sort"
	"strings"

	"f0/engine/internal/repair"
	"f0/internal/setting"
	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"
)

// notFound answers a name that did not resolve to an exposed tool; args
// are the call's arguments, for the tools they fit when the name is like
// none.
func (p *Host) notFound(r Dialect, name string, known *tool.Tool, args any) tool.Result {
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
	if known == nil && !p.writeSuggestions(r, &b, name) {
		p.writeFits(r, &b, args)
	}
	b.WriteString(p.listingHint(r))
	return tool.Result{IsError: true, Text: b.String()}
}

// writeFits names the exposed tools whose own fields the call's
// arguments are, when its name is like no tool's ("inspect" {file}):
// the fields say more of the call than the name.
func (p *Host) writeFits(r Dialect, b *strings.Builder, args any) {
	fields := fieldNames(args)
	if len(fields) == 0 {
		return
	}
	type fit struct {
		t     *tool.Tool
		score int
	}
	var fits []fit
	for _, t := range p.reg.tools {
		if n := p.fieldsOf(t, fields); n > 0 && p.visible[t] {
			fits = append(fits, fit{t, n})
		}
	}
	// The closest fit first; of equal ones, the tools that change nothing.
	sort.SliceStable(fits, func(i, j int) bool {
		if fits[i].score != fits[j].score {
			return fits[i].score > fits[j].score
		}
		return fits[i].t.Annotations.ReadOnly && !fits[j].t.Annotations.ReadOnly
	})
	best := 0
	var top []*tool.Tool
	for _, f := range fits {
		if f.score < best || len(top) == 3 {
			break
		}
		best = f.score
		top = append(top, f.t)
	}
	if best == 0 {
		return
	}
	fmt.Fprintf(b, "Its fields (%s) are those of:\n", strings.Join(fields, ", "))
	for _, t := range top {
		fmt.Fprintf(b, "- %s: %s\n", p.nameText(r, t), t.Summary)
	}
	fmt.Fprintf(b, "Example: %s\n", p.exampleCall(r, top[0]))
}

// fieldsOf scores how well fields are t's: 2 for each field t publishes,
// 1 for each it reads under another name.
func (p *Host) fieldsOf(t *tool.Tool, fields []string) int {
	s := p.reg.schema(t)
	n := 0
	for _, f := range fields {
		if _, ok := s.Properties.Get(f); s.Properties != nil && ok {
			n += 2
			continue
		}
		if _, ok := t.Synonyms[f]; ok {
			n++
		}
	}
	return n
}

// fieldNames are the top-level field names of a call's arguments, sorted.
func fieldNames(args any) []string {
	v, _ := repair.ToValue(args)
	m, _ := v.(map[string]any)
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
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

// writeSuggestions lists the tools closest to name, and reports whether
// there were any. A close tool the server hides is named with the reason,
// so the model stops looking for it.
func (p *Host) writeSuggestions(r Dialect, b *strings.Builder, name string) bool {
	sugg := suggest(name, p.cfg.Prefix, p.reg.tools, 3)
	if len(sugg) == 0 {
		return false
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
	return true
}

// unreadWords says why a command of the line has no literal words (a
// variable, a command substitution), "" when each has.
func unreadWords(line string) string {
	script, err := shellwords.ParseScript(line)
	if err != nil {
		return ""
	}
	for _, p := range script.Pipelines {
		for _, c := range p.Commands {
			if c.Err != nil {
				return c.Err.Problem
			}
		}
	}
	return ""
}

// noShell answers a shell tool's call whose command f0 cannot run as one of
// its tools: it says there is no shell and suggests the tools that do what
// the command's words ask for.
func (p *Host) noShell(r Dialect, name, line string) tool.Result {
	var b strings.Builder
	fmt.Fprintf(&b, "unknown tool %s: f0 runs no shell commands", text.QuoteShort(name))
	if line != "" {
		fmt.Fprintf(&b, ", and %s is not one command it can run as a tool (curl, cat, head, tail, sed -n, ls, grep, find, mkdir and echo > FILE are, alone or joined by &&)", text.QuoteShort(line))
		if why := unreadWords(line); why != "" {
			fmt.Fprintf(&b, ": %s", why)
		}
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
