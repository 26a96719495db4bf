package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"f0/schemas"
	"f0/tool"
)

// metaNamespace is the namespace of the tools that describe the others.
const metaNamespace = "tools"

// searchIndex maps each word of a tool's documentation to its weight:
// names count most, then keywords, then title and summary, then the
// description. Built once per tool.
func searchIndex(t *tool.Tool, description string) map[string]int {
	index := map[string]int{}
	for _, f := range []struct {
		text   string
		weight int
	}{
		{t.Name + " " + strings.Join(t.Aliases, " "), 8},
		{strings.Join(t.Keywords, " "), 4},
		{t.Title + " " + t.Summary, 2},
		{description, 1},
	} {
		seen := map[string]bool{}
		for _, w := range words(f.text) {
			if !seen[w] {
				seen[w] = true
				index[w] += f.weight
			}
		}
	}
	return index
}

// rankTools orders tools by how many query words they contain, weighting
// names over keywords over summaries over descriptions. An empty query keeps
// every tool in name order.
func rankTools(p *Host, pool []*tool.Tool, query string) []*tool.Tool {
	qw := words(query)
	if len(qw) == 0 {
		return pool
	}
	for _, w := range slices.Clone(qw) {
		if s, ok := wordSynonyms[w]; ok {
			qw = append(qw, s)
		}
	}
	type scored struct {
		t     *tool.Tool
		score int
	}
	var out []scored
	for _, t := range pool {
		score := 0
		for _, w := range qw {
			score += p.reg.index(t)[w]
		}
		if score > 0 {
			out = append(out, scored{t, score})
		}
	}
	slices.SortStableFunc(out, func(a, b scored) int { return b.score - a.score })
	tools := make([]*tool.Tool, len(out))
	for i, s := range out {
		tools[i] = s.t
	}
	return tools
}

// Describe renders everything a model needs to call t right the first
// time, with calls written by the dialect of ctx.
func (p *Host) Describe(ctx context.Context, t *tool.Tool) string {
	c := &callState{p: p, tool: t, render: DialectFrom(ctx), front: frontEndOf(ctx)}
	return p.describe(ctx, c.render, c.toolCall(), t)
}

// describe is Describe with calls written by r, for the call of the tool
// whose status it shows (Spec.Status).
func (p *Host) describe(ctx context.Context, r Dialect, call tool.Call, t *tool.Tool) string {
	doc := p.reg.Doc(t)
	schema := p.reg.published(t)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", p.nameText(r, t), t.Title)
	fmt.Fprintf(&b, "Canonical name %s; access %s", t.Name, t.Access)
	if len(t.Aliases) > 0 {
		fmt.Fprintf(&b, "; also answers to %s", strings.Join(t.Aliases, ", "))
	}
	b.WriteString(".\n\n")
	b.WriteString(t.Summary)
	if doc.Description != "" {
		b.WriteString("\n\n" + p.docText(r, t, doc.Description))
	}
	b.WriteString("\n\nArguments:\n")
	p.writeArguments(&b, r, schema, t, doc)
	b.WriteString("\nExamples:\n")
	for _, ex := range doc.Examples {
		fmt.Fprintf(&b, "  %s\n", p.exampleText(r, t, ex))
	}
	if len(doc.Notes) > 0 {
		b.WriteString("\nNotes:\n")
		for _, n := range doc.Notes {
			fmt.Fprintf(&b, "- %s\n", p.docText(r, t, n))
		}
	}
	if t.Status != nil {
		fmt.Fprintf(&b, "\n%s\n", t.Status(ctx, call))
	}
	fmt.Fprintf(&b, "\nInput schema: %s", p.reg.Schema(t))
	return b.String()
}

func (p *Host) writeArguments(b *strings.Builder, r Dialect, s *schemas.Schema, t *tool.Tool, doc schemas.Doc) {
	required := map[string]bool{}
	for _, name := range s.Required {
		required[name] = true
	}
	aka := map[string][]string{}
	for syn, target := range t.Synonyms {
		aka[target] = append(aka[target], syn)
	}
	for name, prop := range s.Properties.FromOldest() {
		req := ""
		if required[name] {
			req = ", required"
		}
		fmt.Fprintf(b, "  %s (%s%s)", name, typeName(prop), req)
		if full := doc.Properties[name].Description; full != "" {
			fmt.Fprintf(b, ": %s", p.docText(r, t, full))
		} else if prop.Description != "" {
			fmt.Fprintf(b, ": %s", p.docText(r, t, prop.Description))
		}
		if syns := aka[name]; len(syns) > 0 {
			slices.Sort(syns)
			fmt.Fprintf(b, " (also accepted as %s)", strings.Join(syns, ", "))
		}
		if plural := t.Plurals[name]; plural != "" {
			fmt.Fprintf(b, " (several at once: %s)", plural)
		}
		if nested := t.NestedSynonyms[name]; len(nested) > 0 {
			fmt.Fprintf(b, " (inner fields also accepted as %s)", nestedAka(nested))
		}
		b.WriteByte('\n')
	}
}

// nestedAka renders nested synonyms grouped by target: "newText: new,
// new_string; oldText: old, old_string".
func nestedAka(syn map[string]string) string {
	byTarget := map[string][]string{}
	for k, v := range syn {
		byTarget[v] = append(byTarget[v], k)
	}
	targets := slices.Sorted(maps.Keys(byTarget))
	parts := make([]string, len(targets))
	for i, target := range targets {
		names := byTarget[target]
		slices.Sort(names)
		parts[i] = target + ": " + strings.Join(names, ", ")
	}
	return strings.Join(parts, "; ")
}
