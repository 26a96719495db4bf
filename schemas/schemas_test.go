package schemas

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

type inner struct {
	Tool string         `json:"tool" jsonschema:"required" jsonschema_description:"Tool name."`
	Args map[string]any `json:"args,omitempty"`
}

type sample struct {
	URL     string   `json:"url" jsonschema:"required" jsonschema_description:"Where, exactly, to go."`
	Method  string   `json:"method,omitempty" jsonschema:"enum=GET,enum=POST"`
	Calls   []inner  `json:"calls,omitempty"`
	Nested  inner    `json:"nested,omitempty"`
	Headers any      `json:"headers,omitempty" jsonschema_description:"Object or list."`
	Tags    []string `json:"tags,omitempty"`
}

func generate(t *testing.T, doc Doc) (*Schema, json.RawMessage) {
	t.Helper()
	s, err := Generate(reflect.TypeFor[sample](), doc)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return s, raw
}

func TestGenerateIsInlineAndPortable(t *testing.T) {
	doc := Doc{Examples: []map[string]any{{"url": "https://example.com"}},
		Properties: map[string]PropertyDoc{"tags": {Description: "Labels."}}}
	s, raw := generate(t, doc)
	text := string(raw)
	for _, banned := range []string{`"$ref"`, `"$defs"`, `"$schema"`, `"$id"`, `"additionalProperties":false`} {
		if strings.Contains(text, banned) {
			t.Errorf("schema contains %s: %s", banned, text)
		}
	}
	// Fields of type any and open maps are not portable until a tool gives
	// them a shape (tools.Spec.Shapes); the rules must say so.
	got := errors.Join(Check(raw)...).Error()
	for _, want := range []string{"#/properties/headers has no single type", "#/properties/calls/items/properties/args is an object without properties"} {
		if !strings.Contains(got, want) {
			t.Errorf("rules miss %q: %s", want, got)
		}
	}
	if got := PropertyNames(s); strings.Join(got, ",") != "url,method,calls,nested,headers,tags" {
		t.Errorf("property order %v should follow the struct", got)
	}
	if d := Property(s, "url").Description; d != "Where, exactly, to go." {
		t.Errorf("description with commas cut: %q", d)
	}
	if d := Property(s, "tags").Description; d != "" {
		t.Errorf("a fuller description from the document is for tools.describe, not the schema: %q", d)
	}
	if s.Required == nil || s.Required[0] != "url" || len(s.Required) != 1 {
		t.Errorf("required = %v, want [url]", s.Required)
	}
	if items := Property(s, "calls").Items; items == nil || Property(items, "tool") == nil {
		t.Errorf("nested struct in a list not inlined: %s", text)
	}
	if h := Property(s, "headers"); h.Type != "" {
		t.Errorf("an interface field should take any shape, got type %q", h.Type)
	}
	if !strings.Contains(text, `"headers":{"description":"Object or list."}`) {
		t.Errorf("interface field should be an object schema, not true: %s", text)
	}
	if s.Examples != nil || strings.Contains(text, `"examples"`) {
		t.Errorf("examples belong in the description, not the schema: %s", text)
	}
}

func TestGenerateRejectsUnknownOverride(t *testing.T) {
	_, err := Generate(reflect.TypeFor[sample](), Doc{Properties: map[string]PropertyDoc{"nope": {Description: "x"}}})
	if err == nil {
		t.Fatal("want an error for an override of a field that does not exist")
	}
}

func TestCheckRules(t *testing.T) {
	cases := []struct {
		schema string
		want   string
	}{
		{`{"type":"object","properties":{}}`, ""},
		{`{"type":"array"}`, `root type is array`},
		{`{"type":"object"}`, `root has no properties`},
		{`{"type":"object","properties":{},"anyOf":[]}`, `root has "anyOf"`},
		{`{"type":"object","properties":{},"$schema":"x"}`, `root has "$schema"`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}}}`, `#/properties/a has "$ref"`},
		{`{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","format":"binary"}}}}`, `#/properties/a/items has format binary`},
		{`[]`, `not a JSON object`},
		{`{"type":"object","properties":{"a":{"description":"any"}}}`, `#/properties/a has no single type`},
		{`{"type":"object","properties":{"a":{"type":["string","array"]}}}`, `#/properties/a has no single type`},
		{`{"type":"object","properties":{"a":{"type":"array"}}}`, `#/properties/a is an array without typed items`},
		{`{"type":"object","properties":{"a":{"type":"object"}}}`, `#/properties/a is an object without properties`},
		{`{"type":"object","properties":{"a":{"type":"object","additionalProperties":{"type":"string"}}}}`, `#/properties/a is an object without properties`},
		{`{"type":"object","properties":{"a":{"type":"array","items":{}}}}`, `#/properties/a/items has no single type`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"examples":[{"a":"x"}]}`, `# has "examples"`},
		{`{"type":"object","properties":{"a":{"type":"string","examples":["x"]}}}`, `#/properties/a has "examples"`},
	}
	for _, c := range cases {
		errs := Check(json.RawMessage(c.schema))
		if c.want == "" {
			if len(errs) > 0 {
				t.Errorf("%s: unexpected %v", c.schema, errs)
			}
			continue
		}
		if len(errs) == 0 || !strings.Contains(errors.Join(errs...).Error(), c.want) {
			t.Errorf("%s: want %q, got %v", c.schema, c.want, errs)
		}
		for _, err := range errs {
			if !errors.Is(err, ErrRule) {
				t.Errorf("%v does not wrap ErrRule", err)
			}
		}
	}
}

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"net_curl": true, "f0-net_curl": true, "net.curl": false, "": false,
		strings.Repeat("a", 64): true, strings.Repeat("a", 65): false, "net curl": false,
	} {
		if err := CheckName(name); (err == nil) != ok {
			t.Errorf("CheckName(%q) = %v", name, err)
		}
	}
}

func TestReadDoc(t *testing.T) {
	files := fstest.MapFS{
		"schema/x.good.json":      {Data: []byte(`{"description": "D.", "examples": [{"a": 1}]}`)},
		"schema/x.noexample.json": {Data: []byte(`{"description": "D.", "examples": []}`)},
		"schema/x.unknown.json":   {Data: []byte(`{"description": "D.", "examples": [{}], "extra": 1}`)},
	}
	doc, err := ReadDoc(files, "x.good")
	if err != nil || len(doc.Examples) != 1 || doc.Description != "D." {
		t.Fatalf("ReadDoc = %+v, %v", doc, err)
	}
	for _, name := range []string{"no.such", "x.noexample", "x.unknown"} {
		if _, err := ReadDoc(files, name); err == nil {
			t.Errorf("ReadDoc(%s): want an error", name)
		}
	}
	if _, err := ReadDoc(nil, "x.good"); err == nil || !strings.Contains(err.Error(), "no Docs") {
		t.Errorf("ReadDoc(nil) = %v, want the missing Docs", err)
	}
}

func TestCheckDescription(t *testing.T) {
	for desc, ok := range map[string]bool{
		"Read files. Example: {}\nMore: x":    true,
		"Read files.\nExample: {}":            true,
		"Read files.":                         true,
		strings.Repeat("a", 94) + ". Example": true,
		strings.Repeat("a", 95) + ". Example": false,
		"":                                    false,
		"Read files; many at once":            false,
		"Read files\nand more. Example":       false,
	} {
		if err := CheckDescription(desc); (err == nil) != ok {
			t.Errorf("CheckDescription(%q) = %v", desc, err)
		}
	}
}
