package upstream

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"f0/internal/text"
	"f0/schemas"

	"github.com/invopop/jsonschema"
)

// maxRefDepth bounds how deep $ref chains are inlined; a recursive schema
// is cut there (the deepest level takes any JSON value).
const maxRefDepth = 6

// maxPropertyText is the longest property description published; the whole
// text is shown by tools.describe.
const maxPropertyText = 160

// Schemas are the two forms f0 keeps of an upstream input schema.
type Schemas struct {
	// Validate is what the pipeline checks and repairs calls against: as
	// faithful as f0's schema type allows; a value that takes several
	// shapes is left untyped (the upstream checks it).
	Validate *schemas.Schema
	// Publish is the portable form clients see: a root object, every node
	// with one type, everything inline, no keyword a model API rejects, a
	// free-form object published as JSON text (the pipeline reads it back).
	Publish *schemas.Schema
	// Properties are the upstream's full descriptions of the top-level
	// properties, for tools.describe.
	Properties map[string]string
}

// Normalize reads an upstream inputSchema into its two forms.
func Normalize(raw json.RawMessage) (Schemas, error) {
	var root map[string]any
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		root = map[string]any{"type": "object"}
	} else if err := json.Unmarshal(raw, &root); err != nil {
		return Schemas{}, fmt.Errorf("input schema is not a JSON object: %w", err)
	}
	n := normalizer{root: root}
	node := n.flatten(root, 0)
	if typ, _ := node["type"].(string); typ != "object" && typ != "" {
		return Schemas{}, fmt.Errorf("input schema is of type %q, not an object", typ)
	}
	node["type"] = "object"
	val := n.validate(node, 0)
	pub := n.publish(node, 0, true)
	if _, ok := pub["properties"]; !ok {
		pub["properties"] = map[string]any{}
	}
	out := Schemas{Properties: map[string]string{}}
	props, _ := node["properties"].(map[string]any)
	for name, p := range props {
		if d, _ := asObject(p)["description"].(string); d != "" {
			out.Properties[name] = d
		}
	}
	order := rootOrder(raw)
	var err error
	if out.Validate, err = toSchema(val, order); err != nil {
		return Schemas{}, err
	}
	if out.Publish, err = toSchema(pub, order); err != nil {
		return Schemas{}, err
	}
	return out, nil
}

// normalizer resolves references against the document's root.
type normalizer struct {
	root map[string]any
}

// flatten resolves $ref and merges allOf, anyOf and oneOf into one node
// whose "type" is a string, or absent when the value takes several shapes
// (then "shapes" lists them, for the published form).
func (n normalizer) flatten(node map[string]any, depth int) map[string]any {
	node = maps.Clone(node)
	if ref, ok := node["$ref"].(string); ok {
		delete(node, "$ref")
		target := n.resolve(ref)
		if depth >= maxRefDepth || target == nil {
			return map[string]any{"description": node["description"]}
		}
		merged := n.flatten(target, depth+1)
		for k, v := range node {
			merged[k] = v
		}
		node = merged
	}
	if all, ok := node["allOf"].([]any); ok {
		delete(node, "allOf")
		for _, b := range all {
			node = mergeInto(node, n.flatten(asObject(b), depth+1), true)
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		branches, ok := node[key].([]any)
		if !ok {
			continue
		}
		delete(node, key)
		node = n.union(node, branches, depth)
	}
	switch t := node["type"].(type) {
	case []any:
		var types []string
		for _, x := range t {
			if s, ok := x.(string); ok && s != "null" {
				types = append(types, s)
			}
		}
		setTypes(node, types)
	case string:
		if t == "null" {
			delete(node, "type")
		}
	case nil:
		switch {
		case node["properties"] != nil:
			node["type"] = "object"
		case node["items"] != nil:
			node["type"] = "array"
		case node["enum"] != nil || node["const"] != nil:
			node["type"] = enumType(node)
		}
	}
	if c, ok := node["const"]; ok && node["enum"] == nil {
		node["enum"] = []any{c}
	}
	return node
}

// union merges the branches of anyOf/oneOf: null branches make the value
// optional; branches of one type merge (a property is required only when
// every branch requires it); branches of several types leave the value
// untyped.
func (n normalizer) union(node map[string]any, branches []any, depth int) map[string]any {
	var kept []map[string]any
	for _, b := range branches {
		f := n.flatten(asObject(b), depth+1)
		if t, _ := f["type"].(string); t == "null" || (len(f) == 0) {
			continue
		}
		kept = append(kept, f)
	}
	types := map[string]bool{}
	for _, f := range kept {
		t, _ := f["type"].(string)
		types[t] = true
	}
	if len(types) == 1 && !types[""] {
		merged := kept[0]
		for _, f := range kept[1:] {
			merged = mergeInto(merged, f, false)
		}
		return mergeInto(node, merged, true)
	}
	var list []string
	for _, f := range kept {
		if t, _ := f["type"].(string); t != "" && !slices.Contains(list, t) {
			list = append(list, t)
		}
	}
	setTypes(node, list)
	return node
}

// setTypes records the types a value takes: one becomes its type; several
// leave it untyped, with the list kept for publishing.
func setTypes(node map[string]any, types []string) {
	delete(node, "type")
	switch len(types) {
	case 0:
	case 1:
		node["type"] = types[0]
	default:
		node["shapes"] = types
	}
}

// mergeInto merges src's keywords into dst: properties are united;
// required lists are united when allRequired (allOf) and intersected
// otherwise; dst keeps its own description.
func mergeInto(dst, src map[string]any, allRequired bool) map[string]any {
	out := maps.Clone(dst)
	for k, v := range src {
		switch k {
		case "properties":
			props := maps.Clone(asObject(out["properties"]))
			if props == nil {
				props = map[string]any{}
			}
			for name, p := range asObject(v) {
				if _, dup := props[name]; !dup {
					props[name] = p
				}
			}
			out["properties"] = props
		case "required":
			out["required"] = mergeRequired(out["required"], v, allRequired, dst["properties"] == nil)
		default:
			if _, set := out[k]; !set {
				out[k] = v
			}
		}
	}
	return out
}

func mergeRequired(a, b any, union, aEmpty bool) []any {
	as, _ := a.([]any)
	bs, _ := b.([]any)
	inB := map[any]bool{}
	for _, x := range bs {
		inB[key(x)] = true
	}
	if union || aEmpty {
		out := slices.Clone(as)
		inA := map[any]bool{}
		for _, x := range as {
			inA[key(x)] = true
		}
		for _, x := range bs {
			if !inA[key(x)] {
				inA[key(x)] = true
				out = append(out, x)
			}
		}
		return out
	}
	var out []any
	for _, x := range as {
		if inB[key(x)] {
			out = append(out, x)
		}
	}
	return out
}

// key is a JSON value as a map key: itself when comparable (a string, a
// number), else its text.
func key(v any) any {
	switch v.(type) {
	case string, float64, bool, nil:
		return v
	}
	return text.CompactJSON(v)
}

// resolve follows a local JSON pointer (#/$defs/Name); other references
// resolve to nothing.
func (n normalizer) resolve(ref string) map[string]any {
	path, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil
	}
	var cur any = n.root
	for _, part := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		if part == "" {
			continue
		}
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		obj, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = obj[part]
	}
	obj, _ := cur.(map[string]any)
	return obj
}

// validate builds the form the pipeline checks calls against.
func (n normalizer) validate(node map[string]any, depth int) map[string]any {
	out := map[string]any{}
	copyKeys(out, node, "type", "description", "enum", "minimum", "maximum", "required")
	switch node["type"] {
	case "object":
		if props := asObject(node["properties"]); props != nil {
			vp := map[string]any{}
			for name, p := range props {
				vp[name] = n.validate(n.flatten(asObject(p), depth+1), depth+1)
			}
			out["properties"] = vp
		}
		// Keys it does not declare: an object that allows them (true, or a
		// schema for their values) keeps them; one that declares its
		// properties, or says false, takes only those; one that declares
		// nothing takes any.
		switch ap := node["additionalProperties"].(type) {
		case map[string]any:
			out["additionalProperties"] = n.validate(n.flatten(ap, depth+1), depth+1)
		case bool:
			if ap {
				out["additionalProperties"] = map[string]any{}
			}
		default:
			if node["properties"] == nil {
				out["additionalProperties"] = map[string]any{}
			}
		}
	case "array":
		if items, ok := node["items"].(map[string]any); ok {
			out["items"] = n.validate(n.flatten(items, depth+1), depth+1)
		}
	}
	return out
}

// publish builds the portable form clients see.
func (n normalizer) publish(node map[string]any, depth int, root bool) map[string]any {
	out := map[string]any{}
	typ, _ := node["type"].(string)
	desc, _ := node["description"].(string)
	desc = compactText(desc)
	if typ == "" {
		typ = publishedShape(node)
		desc = joinText(desc, "Any JSON value; a list or object may be sent as JSON text.")
	}
	switch typ {
	case "object":
		props := asObject(node["properties"])
		if len(props) == 0 && !root {
			// No object without properties reaches a model API: publish
			// JSON text, which the pipeline reads back into an object.
			typ = "string"
			desc = joinText(desc, `A JSON object as text, e.g. "{\"key\": \"value\"}".`)
			break
		}
		pp := map[string]any{}
		for name, p := range props {
			pp[name] = n.publish(n.flatten(asObject(p), depth+1), depth+1, false)
		}
		out["properties"] = pp
		if req := requiredIn(node, props); len(req) > 0 {
			out["required"] = req
		}
	case "array":
		items, _ := node["items"].(map[string]any)
		if items == nil {
			out["items"] = map[string]any{"type": "string"}
		} else {
			out["items"] = n.publish(n.flatten(items, depth+1), depth+1, false)
		}
	case "integer", "number":
		copyKeys(out, node, "minimum", "maximum")
	case "string":
		if enum, ok := node["enum"].([]any); ok && allStrings(enum) {
			out["enum"] = enum
		}
	}
	if d, ok := node["default"]; ok && d != nil && !root {
		desc = joinText(desc, "Default: "+text.CompactJSON(d)+".")
	}
	out["type"] = typ
	if desc != "" && !root {
		out["description"] = desc
	}
	return out
}

// publishedShape is the one type published for a value that takes several
// shapes: string when it is one of them (the most lenient for a model),
// else the first.
func publishedShape(node map[string]any) string {
	shapes, _ := node["shapes"].([]string)
	if len(shapes) == 0 || slices.Contains(shapes, "string") {
		return "string"
	}
	return shapes[0]
}

// requiredIn keeps the required names that are declared properties.
func requiredIn(node, props map[string]any) []any {
	var out []any
	req, _ := node["required"].([]any)
	seen := map[string]bool{}
	for _, r := range req {
		if name, ok := r.(string); ok && props[name] != nil && !seen[name] {
			seen[name] = true
			out = append(out, r)
		}
	}
	return out
}

func enumType(node map[string]any) string {
	values, _ := node["enum"].([]any)
	if c, ok := node["const"]; ok {
		values = append(values, c)
	}
	if len(values) == 0 {
		return ""
	}
	switch values[0].(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	}
	return ""
}

func allStrings(values []any) bool {
	for _, v := range values {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return len(values) > 0
}

func copyKeys(dst, src map[string]any, keys ...string) {
	for _, k := range keys {
		if v, ok := src[k]; ok && v != nil {
			dst[k] = v
		}
	}
}

func asObject(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// compactText is a property description as published: its first
// sentence, or its first maxPropertyText characters.
func compactText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.Index(s, ". "); i >= 0 && i < maxPropertyText {
		return s[:i+1]
	}
	if len(s) > maxPropertyText {
		return strings.TrimSpace(text.CutUTF8(s, maxPropertyText-3)) + "…"
	}
	return s
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	if !strings.HasSuffix(a, ".") {
		a += "."
	}
	return a + " " + b
}

// toSchema converts a normalized map into f0's schema type, with the root
// properties in the upstream's order.
func toSchema(node map[string]any, order []string) (*schemas.Schema, error) {
	data, err := json.Marshal(node)
	if err != nil {
		return nil, err
	}
	s := &schemas.Schema{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("normalized schema: %w", err)
	}
	if s.Properties == nil {
		return s, nil
	}
	names := schemas.PropertyNames(s)
	at := make(map[string]int, len(order))
	for i, name := range order {
		if _, dup := at[name]; !dup {
			at[name] = i
		}
	}
	place := func(name string) int {
		if i, ok := at[name]; ok {
			return i
		}
		return len(order)
	}
	slices.SortStableFunc(names, func(a, b string) int { return place(a) - place(b) })
	ordered := *s
	ordered.Properties = jsonschema.NewProperties()
	for _, name := range names {
		ordered.Properties.Set(name, schemas.Property(s, name))
	}
	return &ordered, nil
}

// rootOrder lists the root properties of a schema in the order the
// upstream wrote them (Go maps forget it).
func rootOrder(raw json.RawMessage) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil
	}
	return objectKeys(top["properties"])
}

// objectKeys returns the keys of a JSON object in document order.
func objectKeys(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		key, _ := tok.(string)
		keys = append(keys, key)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}
