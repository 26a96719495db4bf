// Package schemas turns a tool's Go input struct into the JSON Schema f0
// publishes, reads the hand-written document kept beside the tool, and
// checks the result against the rules every MCP client accepts. It knows
// no tool.
//
// One source of truth per field: property descriptions live in the struct's
// `jsonschema` tags; the tool description, notes and example payloads live
// in the tool package's schema/<canonical name>.json (see ReadDoc).
package schemas

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
)

// Schema is the JSON Schema type f0 works with (invopop's, which keeps
// property order when marshalled).
type Schema = jsonschema.Schema

// Doc is the hand-written part of a tool's documentation, read from
// schema/<name>.json beside the tool.
type Doc struct {
	// Description is the fuller description shown after the summary.
	Description string `json:"description"`
	// Notes are shown by tools.describe, one per line.
	Notes []string `json:"notes,omitempty"`
	// Examples are argument objects, each a complete, valid call.
	Examples []map[string]any `json:"examples"`
	// Properties give fuller property descriptions, shown by tools.describe;
	// the published schema keeps the short one from the struct tag.
	Properties map[string]PropertyDoc `json:"properties,omitempty"`
}

// PropertyDoc is the full description of one property.
type PropertyDoc struct {
	Description string `json:"description,omitempty"`
}

// DocDir is the folder of a tool package that holds its documents, one
// <canonical name>.json per tool.
const DocDir = "schema"

// ReadDoc reads the document of the tool with the given canonical name from
// files, the tool package's embedded DocDir folder. A missing document, or
// none at all, is an error: every published tool needs examples.
func ReadDoc(files fs.FS, name string) (Doc, error) {
	if files == nil {
		return Doc{}, fmt.Errorf("schema document of %s: the tool has no Docs (its package embeds %s/*.json and sets Spec.Docs)", name, DocDir)
	}
	data, err := fs.ReadFile(files, DocDir+"/"+name+".json")
	if err != nil {
		return Doc{}, fmt.Errorf("schema document of %s: %w", name, err)
	}
	var doc Doc
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return Doc{}, fmt.Errorf("schema document of %s: %w", name, err)
	}
	if len(doc.Examples) == 0 {
		return Doc{}, fmt.Errorf("schema document of %s: at least one example is required", name)
	}
	return doc, nil
}

// Generate reflects the input type into an inline schema (no $ref, $defs,
// $schema, $id or examples: examples live in the description and in
// tools.describe) and applies doc on top of it.
func Generate(input reflect.Type, doc Doc) (*Schema, error) {
	r := jsonschema.Reflector{
		DoNotReference:             true,
		ExpandedStruct:             true,
		RequiredFromJSONSchemaTags: true,
		AllowAdditionalProperties:  true,
		Mapper:                     openValue,
	}
	s := r.ReflectFromType(input)
	s.Version = ""
	s.ID = ""
	s.AdditionalProperties = nil
	if s.Type != "object" {
		return nil, fmt.Errorf("input of type %s is not a struct", input)
	}
	if s.Properties == nil {
		s.Properties = jsonschema.NewProperties()
	}
	for name := range doc.Properties {
		if _, ok := s.Properties.Get(name); !ok {
			return nil, fmt.Errorf("override describes unknown property %q", name)
		}
	}
	stripNested(s)
	return s, nil
}

// SetStringProperties makes s an object schema whose properties are the
// given names, each of type string, in that order.
func SetStringProperties(s *Schema, names ...string) {
	s.Type, s.Items, s.Properties = "object", nil, jsonschema.NewProperties()
	for _, n := range names {
		s.Properties.Set(n, &Schema{Type: "string"})
	}
}

// WithoutProperties returns a copy of the root schema s without the named
// properties (nested schemas are shared, not copied).
func WithoutProperties(s *Schema, names []string) *Schema {
	out := *s
	out.Properties = jsonschema.NewProperties()
	for k, p := range s.Properties.FromOldest() {
		if !slices.Contains(names, k) {
			out.Properties.Set(k, p)
		}
	}
	return &out
}

// openValue maps interface-typed fields (values that may take several JSON
// shapes) to an empty schema rather than `true`, which some clients reject.
func openValue(t reflect.Type) *Schema {
	if t.Kind() == reflect.Interface {
		return &Schema{}
	}
	return nil
}

// stripNested removes keywords that only add noise below the root:
// additionalProperties on nested structs.
func stripNested(s *Schema) {
	if s.Properties != nil {
		for _, p := range s.Properties.FromOldest() {
			if p.Type == "object" && p.Properties != nil {
				p.AdditionalProperties = nil
			}
			stripNested(p)
		}
	}
	if s.Items != nil {
		if s.Items.Type == "object" && s.Items.Properties != nil {
			s.Items.AdditionalProperties = nil
		}
		stripNested(s.Items)
	}
}

// Property returns the schema of a root property, or nil.
func Property(s *Schema, name string) *Schema {
	if s == nil || s.Properties == nil {
		return nil
	}
	p, _ := s.Properties.Get(name)
	return p
}

// PropertyNames lists the root properties in declaration order.
func PropertyNames(s *Schema) []string {
	if s == nil || s.Properties == nil {
		return nil
	}
	var names []string
	for k := range s.Properties.KeysFromOldest() {
		names = append(names, k)
	}
	return names
}

// ErrRule is wrapped by every compatibility rule violation.
var ErrRule = errors.New("schema rule")
