package schemas

import (
	"encoding/json"
	"fmt"
	"regexp"
)

// namePattern is the tool-name rule of Claude Desktop and the Anthropic API;
// OpenAI's is the same without the length limit.
var namePattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// CheckName reports whether a listed tool name is accepted by every client.
func CheckName(name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("%w: tool name %q does not match %s", ErrRule, name, namePattern)
	}
	return nil
}

// Check verifies a published input schema (as marshalled JSON) against the
// rules that keep it portable across clients: a root object with properties,
// no combinators at the root, no references, no binary formats.
func Check(raw json.RawMessage) []error {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return []error{fmt.Errorf("%w: schema is not a JSON object: %v", ErrRule, err)}
	}
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrRule}, args...)...))
	}
	if root["type"] != "object" {
		fail("root type is %v, want \"object\"", root["type"])
	}
	if _, ok := root["properties"].(map[string]any); !ok {
		fail("root has no properties object")
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf", "not", "$schema", "$id"} {
		if _, ok := root[k]; ok {
			fail("root has %q", k)
		}
	}
	walk(root, "#", func(path string, node map[string]any) {
		for _, k := range []string{"$ref", "$defs", "definitions"} {
			if _, ok := node[k]; ok {
				fail("%s has %q", path, k)
			}
		}
		if node["format"] == "binary" {
			fail("%s has format binary", path)
		}
	})
	return errs
}

// walk visits every schema object below node.
func walk(node map[string]any, path string, visit func(string, map[string]any)) {
	visit(path, node)
	if props, ok := node["properties"].(map[string]any); ok {
		for k, v := range props {
			if child, ok := v.(map[string]any); ok {
				walk(child, path+"/properties/"+k, visit)
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if child, ok := node[k].(map[string]any); ok {
			walk(child, path+"/"+k, visit)
		}
	}
}
