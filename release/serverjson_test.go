// Package release holds the checks of f0's release artefacts: the MCP
// registry's server.json, and the OCI image that release/image.sh builds.
package release

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaURL is where the MCP registry publishes the server.json schema that
// testdata/server.schema.json is a copy of (see testdata/README.md).
const schemaURL = "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json"

// serverJSON is the part of server.json the image must agree with.
type serverJSON struct {
	Schema   string `json:"$schema"`
	Name     string `json:"name"`
	Version  string `json:"version"`
	Packages []struct {
		RegistryType string `json:"registryType"`
		Identifier   string `json:"identifier"`
		Transport    struct {
			Type string `json:"type"`
			URL  string `json:"url"`
		} `json:"transport"`
		EnvironmentVariables []struct {
			Name string `json:"name"`
		} `json:"environmentVariables"`
	} `json:"packages"`
}

func readServerJSON(t *testing.T) (serverJSON, []byte) {
	t.Helper()
	data, err := os.ReadFile("../server.json")
	if err != nil {
		t.Fatal(err)
	}
	var s serverJSON
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("server.json: %v", err)
	}
	return s, data
}

// registrySchema compiles the vendored copy of the registry's schema under
// its published URL, so that nothing is fetched.
func registrySchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/server.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("testdata/server.schema.json: %v", err)
	}
	if id, _ := doc.(map[string]any)["$id"].(string); id != schemaURL {
		t.Fatalf("testdata/server.schema.json has $id %q, want %q", id, schemaURL)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaURL, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		t.Fatalf("compile the registry's schema: %v", err)
	}
	return s
}

func instance(t *testing.T, data []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestServerJSONValidates: server.json is valid against the registry's
// published schema, and names that schema.
func TestServerJSONValidates(t *testing.T) {
	s, data := readServerJSON(t)
	if s.Schema != schemaURL {
		t.Errorf("server.json $schema = %q, want %q", s.Schema, schemaURL)
	}
	if err := registrySchema(t).Validate(instance(t, data)); err != nil {
		t.Errorf("server.json does not validate against %s:\n%v", schemaURL, err)
	}
}

// TestSchemaRejects: the compiled schema does reject what the registry
// rejects, so a pass above means something.
func TestSchemaRejects(t *testing.T) {
	_, data := readServerJSON(t)
	schema := registrySchema(t)
	tests := []struct{ name, from, to string }{
		{"a name without a namespace", `"name": "io.github.f0-project/f0"`, `"name": "f0"`},
		{"a name with two slashes", `"name": "io.github.f0-project/f0"`, `"name": "io.github.f0-project/f0/x"`},
		{"an HTTP transport without its URL", `"url": "http://127.0.0.1:{port}/mcp",`, ``},
		{"an unknown transport", `"type": "stdio"`, `"type": "websocket"`},
		{"an unknown registry type", `"registryType": "oci"`, `"registryType": "apt"`},
		{"a description over 100 characters", `"description": "`, `"description": "` + strings.Repeat("x", 100)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(string(data), tt.from, tt.to, 1)
			if bad == string(data) {
				t.Fatalf("server.json has no %s", tt.from)
			}
			if schema.Validate(instance(t, []byte(bad))) == nil {
				t.Errorf("the schema accepts server.json with %s", tt.name)
			}
		})
	}
}

// TestServerJSONDescribesTheImage: both transports are listed, each OCI
// package is the release's version of the image, and the HTTP one is
// reached on the port the image serves.
func TestServerJSONDescribesTheImage(t *testing.T) {
	s, _ := readServerJSON(t)
	transports := map[string]bool{}
	for _, p := range s.Packages {
		transports[p.Transport.Type] = true
		if p.RegistryType != "oci" {
			continue
		}
		if _, tag, _ := strings.Cut(p.Identifier, ":"); tag != s.Version {
			t.Errorf("package %s: tag %q, want the server's version %q", p.Identifier, tag, s.Version)
		}
		if p.Transport.Type == "streamable-http" && !strings.HasSuffix(p.Transport.URL, "/mcp") {
			t.Errorf("streamable-http URL %q does not end in /mcp", p.Transport.URL)
		}
	}
	for _, want := range []string{"stdio", "streamable-http"} {
		if !transports[want] {
			t.Errorf("server.json lists no %s package", want)
		}
	}
}
