// Package meta holds the tools that describe the catalogue itself:
// tools.search and tools.describe. They reach the host running them through
// tool.Catalog; the package imports tool, never the engine.
package meta

import (
	"context"
	"embed"
	"fmt"
	"strings"

	"f0/tool"
)

// schemaFiles are the documents of the package's tools, one
// schema/<name>.json each (see tool.Spec.Docs).
//
//go:embed schema/*.json
var schemaFiles embed.FS

// SearchInput is the input of tools.search.
type SearchInput struct {
	Query     string `json:"query,omitempty" jsonschema_description:"Words to look for; empty lists every tool."`
	Namespace string `json:"namespace,omitempty" jsonschema_description:"Only this namespace: net, fs, tools."`
}

// DescribeInput is the input of tools.describe.
type DescribeInput struct {
	Name string `json:"name" jsonschema:"required" jsonschema_description:"Tool name in any spelling."`
}

// Tools are the tools that describe the catalogue itself.
func Tools() []*tool.Tool {
	return []*tool.Tool{
		tool.Def[SearchInput]{
			Spec: tool.Spec{
				Name: "tools.search", Title: "Find tools",
				Summary:     "Find f0 tools by words; an empty query lists them all.",
				Access:      tool.Read,
				Annotations: tool.Annotations{ReadOnly: true, Idempotent: true},
				Docs:        schemaFiles,
				Names: tool.Names{
					Keywords: []string{"list", "find", "help", "catalog", "catalogue", "discover"},
				},
				Fields: tool.Fields{
					Synonyms:  map[string]string{"q": "query", "text": "query", "keywords": "query", "ns": "namespace"},
					MainField: "query",
				},
			},
			Run: runSearch,
		}.Erase(),
		tool.Def[DescribeInput]{
			Spec: tool.Spec{
				Name: "tools.describe", Title: "Describe a tool",
				Summary:     "Show one tool's arguments, full input schema, examples and notes.",
				Access:      tool.Read,
				Annotations: tool.Annotations{ReadOnly: true, Idempotent: true},
				Docs:        schemaFiles,
				Names: tool.Names{
					Keywords: []string{"help", "schema", "usage", "arguments", "info"},
				},
				Fields: tool.Fields{
					Synonyms:  map[string]string{"tool": "name", "toolName": "name", "tool_name": "name"},
					MainField: "name",
				},
			},
			Run: runDescribe,
		}.Erase(),
	}
}

func catalogFor(call tool.Call) (tool.Catalog, error) {
	p, ok := call.Catalog()
	if !ok {
		return nil, fmt.Errorf("no pipeline in context")
	}
	return p, nil
}

func runSearch(_ context.Context, call tool.Call, in SearchInput) (tool.Result, error) {
	p, err := catalogFor(call)
	if err != nil {
		return tool.Result{}, err
	}
	ns := strings.ToLower(strings.TrimSpace(in.Namespace))
	var pool []*tool.Tool
	for _, t := range p.Visible() {
		if ns == "" || t.Namespace() == ns {
			pool = append(pool, t)
		}
	}
	hits := p.Rank(pool, in.Query)
	var b strings.Builder
	switch {
	case len(hits) == 0 && in.Query != "":
		fmt.Fprintf(&b, "No tool matches %q. Every tool this server exposes:\n", in.Query)
		hits = pool
	case in.Query == "":
		fmt.Fprintf(&b, "%d tools:\n", len(hits))
	default:
		fmt.Fprintf(&b, "%d tools match %q:\n", len(hits), in.Query)
	}
	for _, t := range hits {
		fmt.Fprintf(&b, "- %s (%s): %s\n", p.Name(t), t.Access, t.Summary)
	}
	if first := firstOr(hits, pool); first != nil {
		fmt.Fprintf(&b, "Arguments and examples of one tool: %s", call.Suggest("tools.describe", map[string]any{"name": p.PlainName(first)}))
	}
	return tool.Result{Text: b.String()}, nil
}

func firstOr(a, b []*tool.Tool) *tool.Tool {
	if len(a) > 0 {
		return a[0]
	}
	if len(b) > 0 {
		return b[0]
	}
	return nil
}

func runDescribe(ctx context.Context, call tool.Call, in DescribeInput) (tool.Result, error) {
	p, err := catalogFor(call)
	if err != nil {
		return tool.Result{}, err
	}
	t, ok := p.Resolve(in.Name)
	if !ok {
		return p.NotFound(in.Name, t), nil
	}
	return tool.Result{Text: p.Describe(ctx, t)}, nil
}
