package engine

import (
	"context"
	"encoding/json"
	"testing"

	"f0/schemas"
	"f0/tool"
)

type shapedInput struct {
	Args    any `json:"args,omitempty"`
	Headers any `json:"headers,omitempty"`
	Query   any `json:"query,omitempty"`
}

// TestShapesPublishedAndValidated checks that a shaped field is published
// in the form models send unprompted (curl words as a list, headers as an
// object naming tool.HeaderNames) while calls are validated, once repaired,
// against the canonical form; a shape whose forms agree publishes that one.
func TestShapesPublishedAndValidated(t *testing.T) {
	shaped := tool.Def[shapedInput]{
		Spec: tool.Spec{Name: "test.shaped", Title: "Shaped", Summary: "Shaped fields.", Access: tool.Read,
			Fields: tool.Fields{Shapes: map[string]tool.Shape{"args": tool.CommandLine, "headers": tool.HeaderLines, "query": tool.URLEncoded}}},
		Run: func(context.Context, tool.Call, shapedInput) (tool.Result, error) { return tool.Result{}, nil },
	}.Erase()
	docs := func(string) (schemas.Doc, error) {
		return schemas.Doc{Examples: []map[string]any{{"args": []any{"-L", "https://example.com"}}}}, nil
	}
	reg, err := NewRegistryWithDocs(docs, shaped)
	if err != nil {
		t.Fatal(err)
	}
	var published struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(reg.Schema(shaped), &published); err != nil {
		t.Fatal(err)
	}
	validated := reg.schema(shaped)
	cases := []struct {
		field, published, validated string
	}{
		{"args", `{"items":{"type":"string"},"type":"array"}`, "string"},
		{"headers", `{"properties":{"accept":{"type":"string"},"authorization":{"type":"string"}},"type":"object"}`, "array"},
		{"query", `{"type":"string"}`, "string"},
	}
	for _, c := range cases {
		if got := string(published.Properties[c.field]); got != c.published {
			t.Errorf("%s is published as %s, want %s", c.field, got, c.published)
		}
		if got := schemas.Property(validated, c.field).Type; got != c.validated {
			t.Errorf("%s is validated as %s, want %s", c.field, got, c.validated)
		}
	}
	if got := typeName(schemas.Property(reg.published(shaped), "headers")); got != "{accept?: string, authorization?: string}" {
		t.Errorf("signatures show headers as %s, want the published object", got)
	}
}
