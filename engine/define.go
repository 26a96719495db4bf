package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"f0/schemas"
	"f0/tool"
)

// validate reports a malformed definition.
func validate(t *tool.Tool) error {
	ns, short, dotted := strings.Cut(t.Name, ".")
	if ns == "" || dotted && (short == "" || strings.Contains(short, ".")) {
		return fmt.Errorf("tool name %q: want namespace.tool, or one word for a top-level tool such as batch", t.Name)
	}
	if t.Name != strings.ToLower(t.Name) {
		return fmt.Errorf("tool name %q: want lower case", t.Name)
	}
	if t.Summary == "" || t.Title == "" {
		return fmt.Errorf("tool %s: title and summary are required", t.Name)
	}
	if t.Access < tool.Read || t.Access > tool.Admin {
		return fmt.Errorf("tool %s: access level not set", t.Name)
	}
	if ext := t.External(); ext != nil {
		if ext.Run == nil {
			return fmt.Errorf("tool %s: needs a Run function", t.Name)
		}
		return nil
	}
	if in := t.InputType(); in == nil || in.Kind() != reflect.Struct {
		return fmt.Errorf("tool %s: needs a struct input and a Run function", t.Name)
	}
	return nil
}

// externalSchema returns a copy of an External tool's schema, which the
// registry may then extend, and its documentation.
func externalSchema(t *tool.Tool) (*schemas.Schema, schemas.Doc, error) {
	ext := t.External()
	if ext.Schema == nil {
		return nil, schemas.Doc{}, fmt.Errorf("tool %s: an external tool needs a schema", t.Name)
	}
	s, err := copySchema(t, ext.Schema)
	return s, ext.Doc, err
}

// copySchema returns a deep copy of a root object schema.
func copySchema(t *tool.Tool, from *schemas.Schema) (*schemas.Schema, error) {
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

// publishedFrom returns the schema to publish for t, given the one the
// pipeline validates against: the same, or an External tool's own
// published schema with the fields the registry added to s.
func publishedFrom(t *tool.Tool, s *schemas.Schema) (*schemas.Schema, error) {
	ext := t.External()
	if ext == nil || ext.Published == nil {
		return s, nil
	}
	pub, err := copySchema(t, ext.Published)
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

// canonicalShape sets the schema f0 validates shape sh against on s, keeping
// its description: the one form the repairs turn every accepted form into.
func canonicalShape(sh tool.Shape, s *schemas.Schema) {
	s.AnyOf, s.OneOf, s.AdditionalProperties, s.Properties = nil, nil, nil, nil
	if sh == tool.HeaderLines {
		s.Type, s.Items = "array", &schemas.Schema{Type: "string"}
		return
	}
	s.Type, s.Items = "string", nil
}

// publishedShape sets the schema clients see for shape sh on s, keeping its
// description: the form models send unprompted, when it differs from the
// canonical one and still has a single JSON type every converter keeps
// (see [tool.Shape]). Validating clients (pi-mcp-adapter's proxy, LangChain,
// Genkit) refuse any form the published schema does not admit before f0
// sees the call.
func publishedShape(sh tool.Shape, s *schemas.Schema) {
	switch sh {
	case tool.CommandLine:
		s.Type, s.Items = "array", &schemas.Schema{Type: "string"}
	case tool.HeaderLines:
		schemas.SetStringProperties(s, tool.HeaderNames()...)
	}
}

// publishesOwnShape reports whether shape sh is published in another form
// than the one f0 validates.
func publishesOwnShape(sh tool.Shape) bool { return sh == tool.CommandLine || sh == tool.HeaderLines }
