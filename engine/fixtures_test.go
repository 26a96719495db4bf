package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"f0/schemas"
	"f0/tool"
	"f0/tools/meta"
)

// echoInput exercises every field type the pipeline repairs.
type echoInput struct {
	URL       string            `json:"url" jsonschema:"required" jsonschema_description:"Where to go."`
	Method    string            `json:"method,omitempty" jsonschema:"enum=GET,enum=POST"`
	TimeoutMs int               `json:"timeoutMs,omitempty" jsonschema:"minimum=1"`
	Ratio     float64           `json:"ratio,omitempty"`
	Follow    bool              `json:"followRedirects,omitempty"`
	Headers   []string          `json:"headers,omitempty"`
	Query     map[string]string `json:"query,omitempty"`
	Data      string            `json:"data,omitempty"`
}

type pageInput struct {
	Size   int `json:"size" jsonschema:"required"`
	Offset int `json:"offset,omitempty"`
}

type emptyInput struct{}

// testDocs documents the fixture tools.
func testDocs(name string) (schemas.Doc, error) {
	examples := map[string]map[string]any{
		"test.echo":  {"url": "https://example.com", "method": "GET"},
		"test.pages": {"size": 100},
		"test.plain": {"size": 100},
		"test.lines": {"n": 10},
	}
	ex, ok := examples[name]
	if !ok {
		ex = map[string]any{}
	}
	return schemas.Doc{Description: "A fixture.", Examples: []map[string]any{ex}}, nil
}

// linesInput is test.lines' input: n short lines from line offset.
type linesInput struct {
	N      int `json:"n" jsonschema:"required"`
	Offset int `json:"offset,omitempty"`
}

func fixtureTools() []*tool.Tool {
	text := func(n, offset int) string { return fixtureText(n)[offset:] }
	return []*tool.Tool{
		tool.Def[linesInput]{
			Spec: tool.Spec{Name: "test.lines", Title: "Lines", Summary: "Short lines that page by line.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in linesInput) (tool.Result, error) {
				var b strings.Builder
				for i := in.Offset; i < in.N; i++ {
					fmt.Fprintf(&b, "l%04d\n", i)
				}
				text := b.String()
				return tool.Result{Head: fmt.Sprintf("lines from %d", in.Offset), Text: text, Next: func(shown int) map[string]any {
					return map[string]any{"offset": in.Offset + strings.Count(text[:shown], "\n")}
				}}, nil
			},
		}.Erase(),
		tool.Def[echoInput]{
			Spec: tool.Spec{Name: "test.echo", Title: "Echo", Summary: "Echo the decoded input as JSON.", Access: tool.Read,
				Names: tool.Names{Keywords: []string{"mirror"}, Aliases: []string{"test.mirror"}}, Fields: tool.Fields{Synonyms: map[string]string{"body": "data", "timeout_ms": "timeoutMs"}, MainField: "url"}},
			Run: func(ctx context.Context, call tool.Call, in echoInput) (tool.Result, error) {
				data, err := json.Marshal(in)
				return tool.Result{Text: string(data)}, err
			},
			AccessFor: func(in echoInput) (tool.Access, string) {
				if in.Method == "POST" {
					return tool.Write, "POST changes things"
				}
				return tool.Read, ""
			},
		}.Erase(),
		tool.Def[pageInput]{
			Spec: tool.Spec{Name: "test.pages", Title: "Pages", Summary: "Big text that pages by offset.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in pageInput) (tool.Result, error) {
				return tool.Result{Text: text(in.Size, in.Offset), Next: func(shown int) map[string]any {
					return map[string]any{"offset": in.Offset + shown}
				}}, nil
			},
		}.Erase(),
		tool.Def[pageInput]{
			Spec: tool.Spec{Name: "test.plain", Title: "Plain", Summary: "Big text without paging.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in pageInput) (tool.Result, error) {
				return tool.Result{Text: text(in.Size, 0)}, nil
			},
		}.Erase(),
		tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "test.panic", Title: "Panic", Summary: "Always panics.", Access: tool.Read},
			Run:  func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) { panic("boom") },
		}.Erase(),
		tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "test.wait", Title: "Wait", Summary: "Waits for its context.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) {
				<-ctx.Done()
				return tool.Result{}, ctx.Err()
			},
		}.Erase(),
		tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "test.fail", Title: "Fail", Summary: "Fails.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) {
				return tool.Result{}, errors.New("disk on fire")
			},
		}.Erase(),
		tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "test.reject", Title: "Reject", Summary: "Rejects its input.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) {
				return tool.Result{}, &tool.InputError{Field: "path", Problem: "no such file", Hint: "Try go.mod."}
			},
		}.Erase(),
		tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "test.nuke", Title: "Nuke", Summary: "Needs admin.", Access: tool.Admin},
			Run: func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) {
				return tool.Text("gone"), nil
			},
		}.Erase(),
		tool.Def[emptyInput]{
			Spec: tool.Spec{Name: "other.thing", Title: "Thing", Summary: "Lives in another namespace.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in emptyInput) (tool.Result, error) {
				return tool.Text("thing"), nil
			},
		}.Erase(),
	}
}

// newTestPipeline builds a pipeline over the fixtures and the meta tools.
func newTestPipeline(t testing.TB, cfg Config) *Host {
	t.Helper()
	reg, err := NewRegistryWithDocs(testDocs, append(fixtureTools(), meta.Tools()...)...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewHost(reg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// echo calls test.echo and decodes what the tool received.
func echo(t *testing.T, p *Host, args any) (echoInput, tool.Result) {
	t.Helper()
	res := p.Call(context.Background(), "test.echo", args)
	var in echoInput
	if !res.IsError {
		first, _, _ := strings.Cut(res.Text, "\n")
		if err := json.Unmarshal([]byte(first), &in); err != nil {
			t.Fatalf("echo output %q: %v", res.Text, err)
		}
	}
	return in, res
}
