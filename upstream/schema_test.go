package upstream

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"f0/engine"
	"f0/tool"
	"f0/tools/meta"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/schemas"
)

// TestNormalize: each upstream schema shape becomes a portable published
// schema and a validation schema that keeps what the upstream accepts.
func TestNormalize(t *testing.T) {
	cases := []struct {
		name, in       string
		publish, valid string
	}{
		{"draft-07 root with $schema",
			`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`,
			`{"properties":{"path":{"type":"string"}},"type":"object","required":["path"]}`,
			`{"properties":{"path":{"type":"string"}},"type":"object","required":["path"]}`},
		{"$ref inlined, examples and format dropped",
			`{"type":"object","$defs":{"P":{"type":"string","format":"uri","examples":["x"],"description":"A URL."}},"properties":{"u":{"$ref":"#/$defs/P"}}}`,
			`{"properties":{"u":{"type":"string","description":"A URL."}},"type":"object"}`,
			`{"properties":{"u":{"type":"string","description":"A URL."}},"type":"object"}`},
		{"nullable union and type list",
			`{"type":"object","properties":{"a":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]},"b":{"type":["boolean","null"]}}}`,
			`{"properties":{"a":{"type":"integer","minimum":1},"b":{"type":"boolean"}},"type":"object"}`,
			`{"properties":{"a":{"type":"integer","minimum":1},"b":{"type":"boolean"}},"type":"object"}`},
		{"several types: published as string, validated as any",
			`{"type":"object","properties":{"v":{"type":["string","number"]}}}`,
			`{"properties":{"v":{"type":"string","description":"Any JSON value; a list or object may be sent as JSON text."}},"type":"object"}`,
			`{"properties":{"v":true},"type":"object"}`},
		{"free-form object published as JSON text",
			`{"type":"object","properties":{"env":{"type":"object","additionalProperties":{"type":"string"},"description":"Variables"}}}`,
			`{"properties":{"env":{"type":"string","description":"Variables. A JSON object as text, e.g. \"{\\\"key\\\": \\\"value\\\"}\"."}},"type":"object"}`,
			`{"properties":{"env":{"additionalProperties":{"type":"string"},"type":"object","description":"Variables"}},"type":"object"}`},
		{"array without items, default and non-string enum",
			`{"type":"object","properties":{"xs":{"type":"array"},"n":{"type":"number","enum":[1,2],"default":1}}}`,
			`{"properties":{"xs":{"items":{"type":"string"},"type":"array"},"n":{"type":"number","description":"Default: 1."}},"type":"object"}`,
			`{"properties":{"xs":{"type":"array"},"n":{"type":"number","enum":[1,2]}},"type":"object"}`},
		{"allOf merged, root anyOf united",
			`{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}],"allOf":[{"properties":{"c":{"type":"boolean"}}}]}`,
			`{"properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"boolean"}},"type":"object"}`,
			`{"properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"boolean"}},"type":"object"}`},
		{"recursive $ref cut",
			`{"type":"object","$defs":{"N":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/N"}}}}},"properties":{"tree":{"$ref":"#/$defs/N"}}}`,
			"", ""},
		{"no schema at all: takes any keys", ``, `{"properties":{},"type":"object"}`, `{"additionalProperties":true,"type":"object"}`},
		{"additionalProperties true beside properties: extra keys kept",
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}`,
			`{"properties":{"a":{"type":"string"}},"type":"object"}`,
			`{"properties":{"a":{"type":"string"}},"additionalProperties":true,"type":"object"}`},
		{"a schema for extra values beside properties: kept",
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"}}`,
			`{"properties":{"a":{"type":"string"}},"type":"object"}`,
			`{"properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"},"type":"object"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Normalize(json.RawMessage(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			pub, _ := json.Marshal(got.Publish)
			val, _ := json.Marshal(got.Validate)
			if errs := schemas.Check(pub); len(errs) > 0 {
				t.Errorf("published %s: %v", pub, errs)
			}
			if tc.publish != "" && string(pub) != tc.publish {
				t.Errorf("published\n got %s\nwant %s", pub, tc.publish)
			}
			if tc.valid != "" && string(val) != tc.valid {
				t.Errorf("validated\n got %s\nwant %s", val, tc.valid)
			}
		})
	}
}

func TestNormalizeRefusesANonObjectRoot(t *testing.T) {
	if _, err := Normalize(json.RawMessage(`{"type":"string"}`)); err == nil || !strings.Contains(err.Error(), `type "string", not an object`) {
		t.Fatalf("got %v", err)
	}
}

// TestRealServersArePublishedPortably: the tool lists of the official
// filesystem server and server-everything (testdata, as they list them)
// become tools whose names, descriptions and schemas pass f0's rules,
// within f0's listing budget for one tool.
func TestRealServersArePublishedPortably(t *testing.T) {
	for _, file := range []string{"testdata/filesystem-tools.json", "testdata/everything-tools.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var list []mcpgo.Tool
		if err := json.Unmarshal(data, &list); err != nil {
			t.Fatal(err)
		}
		conn := NewConn(Server{Name: "up"}, Options{Version: "test"})
		built, skipped := conn.Tools(list)
		if len(skipped) > 0 || len(built) != len(list) {
			t.Fatalf("%s: skipped %v", file, skipped)
		}
		reg, err := engine.NewRegistry(append(meta.Tools(), built...)...)
		if err != nil {
			t.Fatal(err)
		}
		p, err := engine.NewHost(reg, engine.Config{Access: tool.Admin})
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range built {
			listed := p.ListedName(tool)
			if err := schemas.CheckName("mcp__f0__" + listed); err != nil {
				t.Error(err)
			}
			if err := schemas.CheckDescription(p.Description(tool)); err != nil {
				t.Errorf("%s: %v", listed, err)
			}
			if errs := schemas.Check(reg.Schema(tool)); len(errs) > 0 {
				t.Errorf("%s: %v", listed, errs)
			}
			// The example built from the schema passes validation.
			if res, ok := p.Check(tool.Name, reg.Doc(tool).Examples[0]); !ok {
				t.Errorf("%s: example fails:\n%s", listed, res.Text)
			}
			size := len(listed) + len(p.Description(tool)) + len(reg.Schema(tool))
			if size > 1536 {
				t.Errorf("%s: %d bytes listed, over 1.5 KB", listed, size)
			}
		}
	}
}
