package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
)

// problem is one thing wrong with the arguments of a call.
type problem struct {
	field string
	msg   string
}

func (p problem) String() string {
	if p.field == "" {
		return p.msg
	}
	return fmt.Sprintf("%q: %s", p.field, p.msg)
}

// argWrappers are keys models wrap real arguments in.
var argWrappers = []string{"args", "arguments", "params", "parameters", "input", "kwargs", "tool_input", "toolInput"}

// nameKeys are keys a proxy-style {tool, args} envelope names the tool with.
// JSON-RPC's method names it too ({"method": "fs_read", "params": {…}}).
var nameKeys = []string{"tool", "name", "toolName", "tool_name", "method"}

// toValue converts arguments as they arrived from any front end into plain
// JSON values (map[string]any, []any, string, json.Number, bool, nil).
func toValue(raw any) (any, error) {
	switch v := raw.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		if len(bytes.TrimSpace(v)) == 0 {
			return nil, nil
		}
		return text.DecodeJSON(v)
	case []byte:
		return toValue(json.RawMessage(v))
	case string:
		return v, nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return nil, fmt.Errorf("arguments are not JSON: %w", err)
	}
	return text.DecodeJSON(data)
}

// argsObject turns the arguments of a call into an object: it parses a JSON
// string, unwraps {"args": …} style envelopes, and puts a bare value into the
// tool's main field.
// It also reads almost-JSON text (see argsText) and returns notes saying
// what it fixed.
func (p *Host) argsObject(t *tool.Tool, raw any) (map[string]any, []string, []problem) {
	v, err := p.decoders.value(raw)
	if err != nil {
		text, isText := rawText(raw)
		if !isText || strings.Contains(text, ":") {
			return nil, nil, []problem{{"", fmt.Sprintf("arguments could not be read: %v", err)}}
		}
		// A command line's bare word such as {*.go,*.md} reaches here as
		// bytes that are not JSON and hold no key: value: read it as text,
		// like any other bare word.
		v = text
	}
	var text argsText
	m, problems := p.argsValue(t, v, &text)
	return m, text.notes, problems
}

// rawText is arguments that arrived as raw bytes, as text.
func rawText(raw any) (string, bool) {
	switch v := raw.(type) {
	case json.RawMessage:
		return string(v), true
	case []byte:
		return string(v), true
	}
	return "", false
}

// argsValue is argsObject on a decoded value.
func (p *Host) argsValue(t *tool.Tool, v any, txt *argsText) (map[string]any, []problem) {
	for range 6 {
		switch x := v.(type) {
		case nil:
			return map[string]any{}, nil
		case string:
			s := strings.TrimSpace(x)
			if s == "" || s == "null" {
				return map[string]any{}, nil
			}
			if next, ok := txt.unwrap(s); ok {
				v = next
				continue
			}
			if strings.HasPrefix(s, "{") || (strings.HasPrefix(s, "[") && mainField(t) == "") {
				parsed, err := txt.parse(s)
				if err != nil {
					if main := mainField(t); main != "" && p.fieldType(t, main) == "string" && !strings.Contains(s, ":") {
						// No key: value anywhere, so not an object gone
						// wrong but a value such as the glob {a,b}.
						txt.notes = append(txt.notes, fmt.Sprintf("note: %s is not JSON; took it as %q", text.QuoteShort(x), main))
						return map[string]any{main: x}, nil
					}
					return nil, []problem{{"", err.Error()}}
				}
				v = parsed
				continue
			}
			if main := mainField(t); main != "" {
				return map[string]any{main: x}, nil
			}
			return nil, []problem{{"", fmt.Sprintf("arguments must be a JSON object, got the string %s", text.QuoteShort(x))}}
		case []any:
			if main := mainField(t); main != "" && (p.fieldType(t, main) == "array" || t.Plurals[main] != "" || main == t.RawArgsField) {
				return map[string]any{main: x}, nil
			}
			return nil, []problem{{"", "arguments must be a JSON object, got an array"}}
		case map[string]any:
			inner, ok := p.unwrap(t, x)
			if !ok {
				return x, nil
			}
			v = inner
		default:
			return nil, []problem{{"", fmt.Sprintf("arguments must be a JSON object, got %s", text.DescribeValue(x))}}
		}
	}
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	return nil, []problem{{"", "arguments are nested too deeply in wrappers"}}
}

// fieldType is the JSON type of a declared field.
func (p *Host) fieldType(t *tool.Tool, field string) string {
	return p.reg.FieldType(t, field)
}

// mainField is the field a bare value fills.
func mainField(t *tool.Tool) string {
	if t.RawArgsField != "" {
		return t.RawArgsField
	}
	return t.MainField
}

// unwrap returns the real arguments inside an envelope such as
// {"args": "<json>"}, {"options": {…}} or {"tool": "fs_read", "args": {…}}.
func (p *Host) unwrap(t *tool.Tool, m map[string]any) (any, bool) {
	schema := p.reg.schema(t)
	declared := func(k string) bool { return schemas.Property(schema, k) != nil }
	asObject := func(v any) (map[string]any, bool) {
		switch x := v.(type) {
		case map[string]any:
			return x, true
		case string:
			s := strings.TrimSpace(x)
			if !strings.HasPrefix(s, "{") {
				return nil, false
			}
			parsed, err := text.DecodeJSON([]byte(s))
			if err != nil {
				return nil, false
			}
			obj, ok := parsed.(map[string]any)
			return obj, ok
		}
		return nil, false
	}
	if len(m) == 1 {
		for k, v := range m {
			if fn, ok := v.(map[string]any); ok && k == "function" && !declared(k) {
				return p.envelope(t, fn, asObject) // OpenAI's {"function": {"name", "arguments"}}
			}
			if !containsFold(argWrappers, k) && k != "options" {
				return nil, false
			}
			if declared(k) && schemas.Property(schema, k).Type == "object" {
				return nil, false
			}
			if obj, ok := asObject(v); ok {
				return obj, true
			}
		}
		return nil, false
	}
	if inner, ok := p.envelope(t, m, asObject); ok {
		return inner, true
	}
	// {"options": {…}} beside other fields: merge the options in.
	if opts, ok := m["options"].(map[string]any); ok && !declared("options") {
		merged := make(map[string]any, len(m)+len(opts))
		for k, v := range m {
			if k != "options" {
				merged[k] = v
			}
		}
		for k, v := range opts {
			if prev, clash := merged[k]; clash && !sameJSON(prev, v) {
				return nil, false // two values for one field: left for validation to refuse "options"
			}
			merged[k] = v
		}
		return merged, true
	}
	return nil, false
}

// envelope unwraps {"tool": "<this tool>", "args": {…}}: a proxy's call
// envelope sent to the tool itself.
func (p *Host) envelope(t *tool.Tool, m map[string]any, asObject func(any) (map[string]any, bool)) (map[string]any, bool) {
	var named bool
	var inner map[string]any
	for k, v := range m {
		switch {
		case containsFold(nameKeys, k):
			s, _ := v.(string)
			if p.resolve(s) != t {
				return nil, false
			}
			named = true
		case containsFold(argWrappers, k):
			obj, ok := asObject(v)
			if !ok {
				return nil, false
			}
			inner = obj
		default:
			return nil, false
		}
	}
	return inner, named && inner != nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// foldKey compares argument names ignoring case, '_' and '-'.
func foldKey(s string) string {
	if isFolded(s) {
		return s // most keys already are: no allocation on every lookup
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == ' ':
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// isFolded reports whether foldKey would return s unchanged.
func isFolded(s string) bool {
	for i := range len(s) {
		c := s[i]
		if c >= 0x80 || c == '_' || c == '-' || c == ' ' || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

// renameFields maps synonyms and other spellings (max_bytes, MaxBytes) to
// the declared field names.
// It returns the names the call used for the fields it renamed (nil when
// every key is a declared name, the common case, which allocates nothing).
func renameFields(t *tool.Tool, schema *schemas.Schema, args map[string]any) (map[string]string, []problem) {
	var renamed, byFold map[string]string
	var problems []problem
	for key, val := range args {
		if schemas.Property(schema, key) != nil {
			continue
		}
		if byFold == nil {
			byFold = foldedNames(schema)
		}
		target := ""
		if syn, ok := lookupSynonym(t.Synonyms, key); ok {
			target = syn
		} else if name, ok := byFold[foldKey(key)]; ok {
			target = name
		}
		if target == "" {
			continue
		}
		if prev, clash := args[target]; clash {
			if !sameJSON(prev, val) {
				problems = append(problems, problem{key, fmt.Sprintf("is another name for %q, and both were given with different values; send only %q", target, target)})
			}
			delete(args, key)
			continue
		}
		args[target] = val
		if renamed == nil {
			renamed = map[string]string{}
		}
		renamed[target] = key
		delete(args, key)
	}
	return renamed, append(problems, movePlurals(t, args)...)
}

// foldedNames maps the folded spelling of each declared field (foldKey) to
// the field.
func foldedNames(schema *schemas.Schema) map[string]string {
	props := schemas.PropertyNames(schema)
	byFold := make(map[string]string, len(props))
	for _, name := range props {
		byFold[foldKey(name)] = name
	}
	return byFold
}

// movePlurals sends a list given for a single-value field to the field that
// takes several ({"path": ["a", "b"]} → {"paths": ["a", "b"]}). A list of
// one stays: validation turns it into the single value.
func movePlurals(t *tool.Tool, args map[string]any) []problem {
	var problems []problem
	for single, plural := range t.Plurals {
		list, ok := asList(args[single])
		if !ok || len(list) == 1 {
			continue
		}
		if prev, clash := args[plural]; clash && !sameJSON(prev, list) {
			problems = append(problems, problem{single, fmt.Sprintf("is a list, which belongs in %q, and %q was given too; send the paths in %q only", plural, plural, plural)})
			continue
		}
		args[plural] = list
		delete(args, single)
	}
	return problems
}

// asList reads a JSON list, or JSON text holding one.
func asList(v any) ([]any, bool) {
	switch x := v.(type) {
	case []any:
		return x, true
	case string:
		if s := strings.TrimSpace(x); strings.HasPrefix(s, "[") {
			if parsed, err := text.DecodeJSON([]byte(s)); err == nil {
				list, ok := parsed.([]any)
				return list, ok
			}
		}
	}
	return nil, false
}

func lookupSynonym(syn map[string]string, key string) (string, bool) {
	return lookupFold(syn, key)
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// coerce repairs a value towards the schema's type: numeric and boolean
// strings, a single value where a list is expected, JSON text where an
// object or array is expected, enum values in the wrong case, and other
// spellings of the fields of nested objects.
func coerce(field string, s *schemas.Schema, v any) (any, []problem) {
	return coerceNested(field, s, v, nil)
}

// coerceNested is coerce with synonyms for the fields of the object (or of
// each object in the list) at this level.
func coerceNested(field string, s *schemas.Schema, v any, syn map[string]string) (any, []problem) {
	if s == nil || v == nil {
		return v, nil
	}
	bad := func(want string) []problem {
		return []problem{{field, fmt.Sprintf("expected %s, got %s", want, text.DescribeValue(v))}}
	}
	switch s.Type {
	case "integer", "number":
		n, ok := toNumber(v)
		if !ok {
			if _, isBool := v.(bool); isBool {
				return v, []problem{{field, fmt.Sprintf("expected %s, got %v (a boolean is never a number)", article(s.Type), v)}}
			}
			return v, bad(article(s.Type))
		}
		if s.Type == "integer" {
			if _, err := n.Int64(); err != nil {
				f, ferr := n.Float64()
				if ferr != nil || f != float64(int64(f)) {
					return v, bad("an integer")
				}
				n = json.Number(strconv.FormatInt(int64(f), 10))
			}
		}
		if same, ok := v.(json.Number); ok && same == n {
			return v, checkRange(field, s, n) // as it came, not boxed again
		}
		return n, checkRange(field, s, n)
	case "boolean":
		b, ok := toBool(v)
		if !ok {
			return v, bad("a boolean (true or false)")
		}
		return b, nil
	case "string":
		switch x := v.(type) {
		case string:
			if len(s.Enum) == 0 {
				return v, nil // as it came, not boxed again
			}
			return enumValue(field, s, x)
		case json.Number:
			return enumValue(field, s, x.String())
		case []any:
			if len(x) == 1 {
				if str, ok := x[0].(string); ok {
					return enumValue(field, s, str)
				}
			}
		}
		return v, bad("a string")
	case "array":
		list, ok := v.([]any)
		if !ok {
			if str, isStr := v.(string); isStr && strings.HasPrefix(strings.TrimSpace(str), "[") {
				if parsed, err := text.DecodeJSON([]byte(str)); err == nil {
					list, ok = parsed.([]any)
				}
			}
			if !ok {
				list = []any{v}
			}
		}
		var problems []problem
		for i, item := range list {
			var ps []problem
			list[i], ps = coerceNested(fmt.Sprintf("%s[%d]", field, i), s.Items, item, syn)
			problems = append(problems, ps...)
		}
		return list, problems
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			if str, isStr := v.(string); isStr && strings.HasPrefix(strings.TrimSpace(str), "{") {
				if parsed, err := text.DecodeJSON([]byte(str)); err == nil {
					obj, ok = parsed.(map[string]any)
				}
			}
			if !ok {
				return v, bad("an object")
			}
		}
		var problems []problem
		if s.Properties != nil {
			problems = renameNested(field, s, obj, syn)
			for k, ps := range s.Properties.FromOldest() {
				if val, present := obj[k]; present {
					var p []problem
					obj[k], p = coerce(field+"."+k, ps, val)
					problems = append(problems, p...)
				}
			}
			for _, req := range s.Required {
				if _, present := obj[req]; !present {
					problems = append(problems, problem{field + "." + req, "is required"})
				}
			}
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Type != "" {
			for k, val := range obj {
				if schemas.Property(s, k) == nil {
					var p []problem
					obj[k], p = coerce(field+"."+k, s.AdditionalProperties, val)
					problems = append(problems, p...)
				}
			}
		}
		return obj, problems
	}
	return v, nil
}

// renameNested maps the keys of a nested object to its declared fields:
// synonyms, then other spellings (old_text → oldText). A key close to a
// declared field is a "did you mean" problem; other keys are left for the
// decoder to drop.
func renameNested(field string, s *schemas.Schema, obj map[string]any, syn map[string]string) []problem {
	var problems []problem
	for key := range inOrder(obj) {
		if schemas.Property(s, key) != nil {
			continue
		}
		target, ok := lookupSynonym(syn, key)
		if !ok {
			for name := range s.Properties.KeysFromOldest() {
				if foldKey(name) == foldKey(key) {
					target, ok = name, true
					break
				}
			}
		}
		if !ok {
			if s.AdditionalProperties == nil { // its fields are all declared
				problems = append(problems, unknownNested(field, key, s, syn))
				delete(obj, key)
			}
			continue
		}
		val := obj[key]
		delete(obj, key)
		if prev, clash := obj[target]; clash {
			if !sameJSON(prev, val) {
				problems = append(problems, problem{field + "." + key, fmt.Sprintf("is another name for %q, and both were given with different values; send only %q", target, target)})
			}
			continue
		}
		obj[target] = val
	}
	return problems
}

// unknownNested is the problem of a key of a nested object that declares
// all its fields: a misspelt field, inert metadata (left out, with a
// note), or a key the object does not take.
func unknownNested(field, key string, s *schemas.Schema, syn map[string]string) problem {
	names := schemas.PropertyNames(s)
	switch near := nearestName(key, names, syn); {
	case near != "":
		return problem{field + "." + key, fmt.Sprintf("unknown field; did you mean %q?", near)}
	case inertAnywhere(key):
		return problem{field + "." + key, inertMarker}
	}
	return problem{field + "." + key, fmt.Sprintf("unknown field; %s takes %s", field, strings.Join(names, ", "))}
}

func article(typ string) string {
	if typ == "integer" {
		return "an integer"
	}
	return "a number"
}

func toNumber(v any) (json.Number, bool) {
	switch x := v.(type) {
	case json.Number:
		return x, true
	case float64:
		return json.Number(strconv.FormatFloat(x, 'f', -1, 64)), true
	case int:
		return json.Number(strconv.Itoa(x)), true // set by a repair, not sent
	case string:
		s := strings.ReplaceAll(strings.TrimSpace(x), "_", "")
		if _, err := strconv.ParseFloat(s, 64); err == nil && s != "" {
			return json.Number(s), true
		}
	}
	return "", false
}

func toBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case json.Number:
		switch x.String() {
		case "1":
			return true, true
		case "0":
			return false, true
		}
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "y", "on", "1", "t":
			return true, true
		case "false", "no", "n", "off", "0", "f":
			return false, true
		}
	}
	return false, false
}

func checkRange(field string, s *schemas.Schema, n json.Number) []problem {
	f, err := n.Float64()
	if err != nil {
		return []problem{{field, fmt.Sprintf("expected a number, got %s", n)}}
	}
	if s.Minimum != "" {
		if lo, err := s.Minimum.Float64(); err == nil && f < lo {
			return []problem{{field, fmt.Sprintf("must be at least %s, got %s", s.Minimum, n)}}
		}
	}
	if s.Maximum != "" {
		if hi, err := s.Maximum.Float64(); err == nil && f > hi {
			return []problem{{field, fmt.Sprintf("must be at most %s, got %s", s.Maximum, n)}}
		}
	}
	return nil
}

// enumValue accepts an enum value in any case and returns its declared
// spelling.
func enumValue(field string, s *schemas.Schema, v string) (any, []problem) {
	if len(s.Enum) == 0 {
		return v, nil
	}
	for _, e := range s.Enum {
		if es, ok := e.(string); ok && strings.EqualFold(es, strings.TrimSpace(v)) {
			return e, nil
		}
	}
	opts := make([]string, 0, len(s.Enum))
	for _, e := range s.Enum {
		opts = append(opts, fmt.Sprintf("%q", e))
	}
	return v, []problem{{field, fmt.Sprintf("expected one of %s, got %q", strings.Join(opts, ", "), v)}}
}

// meansBoolean reports whether args[k], under a name that is also a
// synonym of target, is a boolean rather than target's value: a boolean,
// or boolean text ("true") when target itself is given too.
func meansBoolean(args map[string]any, k, target string) bool {
	if _, isBool := args[k].(bool); isBool {
		return true
	}
	_, targetGiven := args[target]
	_, boolText := toBool(args[k])
	return targetGiven && boolText
}

// invertBooleans turns a boolean given under a name that means the
// opposite of a field (caseSensitive for ignoreCase) into that field. A
// name that is also another name of a field ("regex": the pattern, or
// "regex": true, not literal) is read by its value (see meansBoolean);
// anything else is left to the synonyms.
func invertBooleans(t *tool.Tool, args map[string]any) (problems []problem, notes []string) {
	for k := range inOrder(args) {
		field, ok := lookupFold(t.Inverse, k)
		if !ok {
			continue
		}
		if target, synonym := lookupFold(t.Synonyms, k); synonym && !meansBoolean(args, k, target) {
			continue
		}
		b, ok := toBool(args[k])
		if !ok {
			problems = append(problems, problem{k, fmt.Sprintf("expected a boolean (true or false), got %s", text.DescribeValue(args[k]))})
			continue
		}
		delete(args, k)
		if given, ok := args[field]; ok {
			if g, isBool := toBool(given); isBool && g == b {
				problems = append(problems, problem{k, fmt.Sprintf("%v means %s %v, and %q was given as %v; send only %q", b, field, !b, field, given, field)})
			}
			continue
		}
		args[field] = !b
		notes = append(notes, fmt.Sprintf("note: read %s %v as %s %v", k, b, field, !b))
	}
	return problems, notes
}
