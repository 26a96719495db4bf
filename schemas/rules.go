package schemas

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The rules in this file are enforced by tests, not at run time: the
// catalogue's TestSchemaRules runs them over every published tool, and this
// package's tests pin each rule. No main calls them.

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
// rules that keep it portable across clients and the converters agent
// frameworks run it through: a root object with properties, no combinators at
// the root, no references, no binary formats, no examples keyword (Gemini
// refuses unknown keywords), and a single type on every node.
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
		for _, k := range []string{"$ref", "$defs", "definitions", "examples"} {
			if _, ok := node[k]; ok {
				fail("%s has %q", path, k)
			}
		}
		if node["format"] == "binary" {
			fail("%s has format binary", path)
		}
		checkType(path, node, fail)
	})
	return errs
}

// checkType requires a single type on every node (Gemini's schema and the
// converters that feed it take no type lists and no typeless nodes), items
// on every array, and properties on every object: an object with none
// reaches Gemini as an empty OBJECT, which it refuses.
func checkType(path string, node map[string]any, fail func(string, ...any)) {
	typ, ok := node["type"].(string)
	if !ok || typ == "" {
		fail("%s has no single type (got %v)", path, node["type"])
		return
	}
	switch typ {
	case "array":
		if _, ok := node["items"].(map[string]any); !ok {
			fail("%s is an array without typed items", path)
		}
	case "object":
		if props, _ := node["properties"].(map[string]any); len(props) == 0 && path != "#" {
			fail("%s is an object without properties", path)
		}
	}
}

// MaxPurpose is the longest first sentence a tool description may have: pi
// shows each tool on one line cut at 100 characters.
const MaxPurpose = 95

// CheckDescription verifies that a published description opens with one
// sentence of at most MaxPurpose characters saying what the tool does,
// followed by a space, a line break or nothing: pi-mcp-adapter cuts a
// description at 100 characters back to the last space, which then falls
// after the sentence.
func CheckDescription(desc string) error {
	end := strings.Index(desc, ". ")
	if nl := strings.Index(desc, ".\n"); nl >= 0 && (end < 0 || nl < end) {
		end = nl
	}
	if end < 0 {
		if !strings.HasSuffix(desc, ".") || strings.Contains(desc, "\n") {
			return fmt.Errorf("%w: the description should open with a sentence ending in a full stop: %q", ErrRule, desc)
		}
		end = len(desc) - 1
	}
	first := desc[:end+1]
	if strings.Contains(first, "\n") {
		return fmt.Errorf("%w: the first sentence of the description spans lines: %q", ErrRule, first)
	}
	if n := utf8.RuneCountInString(first); n > MaxPurpose {
		return fmt.Errorf("%w: the first sentence of the description has %d characters, want at most %d: %q", ErrRule, n, MaxPurpose, first)
	}
	return nil
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
