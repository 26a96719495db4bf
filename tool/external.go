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
// a document beside it (Spec.Docs, which an External leaves unset). It goes through the same pipeline as f0's own tools:
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
	Run func(ctx context.Context, call Call, args map[string]any) (Result, error)
	// AccessFor, when set, raises the level a particular call needs.
	AccessFor func(args map[string]any) (Access, string)
}

// Erase turns the definition into a Tool the registry can hold.
func (e External) Erase() *Tool {
	t := &Tool{
		Spec:      e.Spec,
		inputType: reflect.TypeFor[map[string]any](),
		external:  &e,
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
		t.run = func(ctx context.Context, call Call, in any) (Result, error) {
			return e.Run(ctx, call, in.(map[string]any))
		}
	}
	if e.AccessFor != nil {
		t.accessFor = func(in any) (Access, string) { return e.AccessFor(in.(map[string]any)) }
	}
	return t
}
