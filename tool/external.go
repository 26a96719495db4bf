package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"f0/internal/text"
	"f0/schemas"
)

// External defines a tool whose input schema and documentation come from
// outside f0 — another MCP server's listing — instead of a Go struct and
// schemas/overrides. It goes through the same pipeline as f0's own tools:
// names, argument repair, validation against Schema, access and budget.
type External struct {
	Spec
	// Schema is the input schema, already in f0's portable form (a root
	// object with typed properties, everything inline). The registry adds
	// maxBytes to a copy of it.
	Schema *schemas.Schema
	// Published, when set, is the schema clients see instead of Schema:
	// portable where Schema is faithful (a free-form object published as
	// JSON text, which the pipeline reads back against Schema).
	Published *schemas.Schema
	// Doc is the tool's documentation: the full description shown by
	// tools.describe and at least one example call.
	Doc schemas.Doc
	// Run executes a call with the repaired, validated arguments (maxBytes
	// included when the call set it).
	Run func(ctx context.Context, args map[string]any) (Result, error)
	// AccessFor, when set, raises the level a particular call needs.
	AccessFor func(args map[string]any) (Access, string)
}

// externalInfo is what an External tool brings instead of a Go input type.
type externalInfo struct {
	schema, published *schemas.Schema
	doc               schemas.Doc
}

// Erase turns the definition into a Tool the registry can hold.
func (e External) Erase() *Tool {
	t := &Tool{
		Spec:      e.Spec,
		inputType: reflect.TypeFor[map[string]any](),
		external:  &externalInfo{schema: e.Schema, published: e.Published, doc: e.Doc},
		decode: func(raw json.RawMessage) (any, error) {
			v, err := text.DecodeJSON(raw)
			if err != nil {
				return nil, err
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("arguments are %s, not an object", text.DescribeValue(v))
			}
			return m, nil
		},
	}
	if e.Run != nil {
		t.run = func(ctx context.Context, in any) (Result, error) { return e.Run(ctx, in.(map[string]any)) }
	}
	if e.AccessFor != nil {
		t.accessFor = func(in any) (Access, string) { return e.AccessFor(in.(map[string]any)) }
	}
	return t
}

// ExternalSchema returns a copy of an External tool's schema, which the
// registry may then extend, and its documentation.
func ExternalSchema(t *Tool) (*schemas.Schema, schemas.Doc, error) {
	if t.external.schema == nil {
		return nil, schemas.Doc{}, fmt.Errorf("tool %s: an external tool needs a schema", t.Name)
	}
	s, err := copySchema(t, t.external.schema)
	return s, t.external.doc, err
}

// copySchema returns a deep copy of a root object schema.
func copySchema(t *Tool, from *schemas.Schema) (*schemas.Schema, error) {
	data, err := json.Marshal(from)
	if err != nil {
		return nil, fmt.Errorf("tool %s: schema: %w", t.Name, err)
	}
	s := &schemas.Schema{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("tool %s: schema: %w", t.Name, err)
	}
	if s.Type != "object" {
		return nil, fmt.Errorf("tool %s: the input schema is of type %q, not an object", t.Name, s.Type)
	}
	if s.Properties == nil {
		s = schemas.WithoutProperties(s, nil) // a copy with an empty properties map
	}
	return s, nil
}

// PublishedFrom returns the schema to publish for t, given the one the
// pipeline validates against: the same, or an External tool's own
// published schema with the fields the registry added to s.
func PublishedFrom(t *Tool, s *schemas.Schema) (*schemas.Schema, error) {
	if t.external == nil || t.external.published == nil {
		return s, nil
	}
	pub, err := copySchema(t, t.external.published)
	if err != nil {
		return nil, err
	}
	for name, p := range s.Properties.FromOldest() {
		if schemas.Property(pub, name) == nil {
			pub.Properties.Set(name, p)
		}
	}
	return pub, nil
}
