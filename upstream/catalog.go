package upstream

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"f0/engine"
	"f0/internal/text"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"golang.org/x/text/width"

	"f0/schemas"
)

// Fields f0 adds to every upstream tool (unlisted: accepted, shown by
// tools.describe, named in the footer of a cut result). When the upstream
// declares a field of the same name, the f0 one is called f0Offset,
// f0Response or f0IncludeBinary.
const (
	offsetField   = "offset"
	responseField = "response"
	binaryField   = "includeBinary"
)

// Caps on what f0 converts of one server: its tools, and one tool's
// input schema.
const (
	maxTools       = 1000
	maxSchemaBytes = 256 << 10
)

// Tools turns the server's tools into f0 tools under its namespace. A tool
// f0 cannot serve (its schema cannot be read, its name has no letter or
// digit, its definition is one f0's registry refuses) is left out, with
// the reason in skipped: one bad tool never stops f0.
func (c *Conn) Tools(list []mcpgo.Tool) (out []*tool.Tool, skipped []string) {
	if len(list) > maxTools {
		skipped = append(skipped, fmt.Sprintf("%d more tools: f0 serves at most %d of one server", len(list)-maxTools, maxTools))
		list = list[:maxTools]
	}
	seen := map[string]string{}
	for _, ut := range list {
		t, err := c.tool(ut)
		if err == nil {
			_, err = engine.NewRegistry(t) // what the registry refuses, it refuses alone
		}
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: %v", ut.Name, err))
			continue
		}
		if other, dup := seen[t.Name]; dup {
			skipped = append(skipped, fmt.Sprintf("%s: its f0 name %s is taken by %s", ut.Name, t.Name, other))
			continue
		}
		seen[t.Name] = ut.Name
		out = append(out, t)
	}
	return out, skipped
}

// tool builds the f0 tool for one upstream tool.
func (c *Conn) tool(ut mcpgo.Tool) (*tool.Tool, error) {
	if ToolName(ut.Name) == "" {
		return nil, fmt.Errorf("the name %q has no letter or digit", ut.Name)
	}
	raw, err := inputSchema(ut)
	if err != nil {
		return nil, err
	}
	if len(raw) > maxSchemaBytes {
		return nil, fmt.Errorf("its input schema is %s, over f0's limit of %s", text.HumanBytes(int64(len(raw))), text.HumanBytes(maxSchemaBytes))
	}
	sch, err := Normalize(raw)
	if err != nil {
		return nil, err
	}
	fields := pagingFields(sch.Validate)
	for _, f := range [][2]string{{fields.offset, "integer"}, {fields.response, "string"}, {fields.binary, "boolean"}} {
		sch.Validate.Properties.Set(f[0], &schemas.Schema{Type: f[1]})
		sch.Publish.Properties.Set(f[0], &schemas.Schema{Type: f[1]})
	}
	short := c.shortName(ut.Name)
	if short != ToolName(ut.Name) {
		c.logger.Warn("upstream tool renamed: model APIs take tool names of at most 64 letters, digits, _ and -", "tool", text.CutUTF8(ut.Name, 100), "as", short)
	}
	name := c.srv.Name + "." + short
	spec := tool.Spec{
		Name:        name,
		Title:       title(ut),
		Summary:     summary(ut),
		Access:      access(ut.Annotations),
		Annotations: annotations(ut.Annotations),
		Names: tool.Names{
			Keywords: append(engine.NameWords(ut.Name), c.srv.Name),
		},
		Fields: tool.Fields{
			Unlisted: []string{fields.offset, fields.response, fields.binary},
		},
	}
	if orig := c.srv.Name + "." + ut.Name; engine.NameKey(orig) != engine.NameKey(name) && len(ut.Name) <= maxAliasName {
		spec.Aliases = append(spec.Aliases, orig)
	}
	// The server's own name for the tool, as a model that knows the server
	// writes it; the catalogue drops it when it is ambiguous.
	if len(ut.Name) <= maxAliasName {
		spec.Aliases = append(spec.Aliases, ut.Name)
	}
	if main := mainField(sch.Validate); main != "" {
		spec.MainField = main
	}
	doc := schemas.Doc{
		Description: strings.TrimSpace(ut.Description),
		Examples:    []map[string]any{Example(sch.Validate)},
		Properties:  map[string]schemas.PropertyDoc{},
	}
	for p, d := range sch.Properties {
		doc.Properties[p] = schemas.PropertyDoc{Description: d}
	}
	doc.Properties[fields.offset] = schemas.PropertyDoc{Description: "f0: where to continue a result that was cut, in bytes (the footer of a cut result names it, with " + fields.response + ")."}
	doc.Properties[fields.response] = schemas.PropertyDoc{Description: "f0: the kept copy of a cut result that offset continues (the footer names it): the rest is read from the copy, so the upstream tool is not called again. When the copy is gone (kept for 10 minutes after its last use; a restart), a tool annotated read-only is called again and its result compared with the first; any other tool is never called again to page."}
	doc.Properties[fields.binary] = schemas.PropertyDoc{Description: "f0: return images, audio and binary resources in full instead of a summary."}
	call := &caller{conn: c, tool: ut.Name, name: name, fields: fields, readOnly: spec.Annotations.ReadOnly}
	return tool.External{
		Spec:      spec,
		Schema:    sch.Validate,
		Published: sch.Publish,
		Doc:       doc,
		Run:       call.run,
	}.Erase(), nil
}

// inputSchema returns the upstream tool's input schema as JSON.
func inputSchema(ut mcpgo.Tool) (json.RawMessage, error) {
	if len(ut.RawInputSchema) > 0 {
		return ut.RawInputSchema, nil
	}
	data, err := json.Marshal(ut.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	return data, nil
}

// fieldNames are the names of the fields f0 adds to one tool.
type fieldNames struct{ offset, response, binary string }

func pagingFields(s *schemas.Schema) fieldNames {
	f := fieldNames{offset: offsetField, response: responseField, binary: binaryField}
	if schemas.Property(s, f.offset) != nil {
		f.offset = "f0Offset"
	}
	if schemas.Property(s, f.response) != nil {
		f.response = "f0Response"
	}
	if schemas.Property(s, f.binary) != nil {
		f.binary = "f0IncludeBinary"
	}
	return f
}

// mainField is the field a bare value fills: the only required field, or
// the first field when none is required, when it takes a string.
func mainField(s *schemas.Schema) string {
	var name string
	switch names := schemas.PropertyNames(s); {
	case len(s.Required) == 1:
		name = s.Required[0]
	case len(s.Required) == 0 && len(names) > 0:
		name = names[0]
	}
	if p := schemas.Property(s, name); p != nil && p.Type == "string" {
		return name
	}
	return ""
}

// ToolName is the f0 spelling of an upstream tool name: lower snake case
// (readFile, read-file and Read File all become read_file).
func ToolName(name string) string {
	return strings.Join(engine.NameWords(name), "_")
}

// Model APIs take tool names of ^[a-zA-Z0-9_-]{1,64}$. An upstream name
// longer than maxAliasName is not an alias either.
const (
	maxListedName = 64
	maxAliasName  = 128
)

// shortName is the part of a tool's f0 name after the namespace: its
// ToolName when that is ASCII and the listed name (prefix_, namespace_,
// it) fits maxListedName; otherwise the ASCII letters and digits that fit,
// (fullwidth ones folded), then _ and 8 hex digits of the name's sha256, the same on every start
// (tool_ and the digits when no ASCII letter or digit is left).
func (c *Conn) shortName(name string) string {
	full := ToolName(name)
	ascii := strings.Join(strings.FieldsFunc(width.Fold.String(full), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}), "_")
	room := maxListedName - len(c.srv.Name) - 1
	if c.opts.Prefix != "" {
		room -= len(c.opts.Prefix) + 1
	}
	if ascii == full && len(full) <= room {
		return full
	}
	sum := sha256.Sum256([]byte(name))
	tag := hex.EncodeToString(sum[:4])
	if ascii == "" {
		ascii = "tool"
	}
	keep := strings.TrimRight(text.CutUTF8(ascii, max(room-len(tag)-1, 1)), "_")
	return keep + "_" + tag
}

// access is the level a tool needs, from its annotations: read-only tools
// need read, destructive ones admin, the others write.
func access(a mcpgo.ToolAnnotation) tool.Access {
	switch {
	case a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		return tool.Read
	case a.DestructiveHint != nil && *a.DestructiveHint:
		return tool.Admin
	}
	return tool.Write
}

func annotations(a mcpgo.ToolAnnotation) tool.Annotations {
	is := func(b *bool) bool { return b != nil && *b }
	return tool.Annotations{ReadOnly: is(a.ReadOnlyHint), Destructive: is(a.DestructiveHint),
		Idempotent: is(a.IdempotentHint), OpenWorld: is(a.OpenWorldHint)}
}

// title is the tool's human title: the upstream's, or its name in words.
func title(ut mcpgo.Tool) string {
	for _, t := range []string{ut.Title, ut.Annotations.Title} {
		if t = strings.TrimSpace(t); t != "" {
			return t
		}
	}
	w := strings.Join(engine.NameWords(ut.Name), " ")
	if w == "" {
		return ut.Name
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// summary is the published first sentence: the upstream description's
// first sentence when it is short enough, cut at a word otherwise, always
// ending in a full stop.
func summary(ut mcpgo.Tool) string {
	txt := strings.Join(strings.Fields(ut.Description), " ")
	if txt == "" {
		txt = title(ut)
	}
	if i := strings.Index(txt, ". "); i >= 0 {
		txt = txt[:i]
	}
	txt = strings.TrimRight(txt, ".:;, ")
	if len([]rune(txt)) > schemas.MaxPurpose-1 {
		cut := text.CutUTF8(txt, schemas.MaxPurpose-2)
		if i := strings.LastIndexByte(cut, ' '); i > 40 {
			cut = cut[:i]
		}
		txt = strings.TrimRight(cut, ".:;, ") + "…"
	}
	return txt + "."
}

// Example builds an example call from a schema: every required field with
// its default, its first enum value, or a placeholder of its type; the
// first field when none is required.
func Example(s *schemas.Schema) map[string]any {
	ex := map[string]any{}
	names := s.Required
	if len(names) == 0 {
		if all := schemas.PropertyNames(s); len(all) > 0 {
			names = all[:1]
		}
	}
	for _, name := range names {
		if p := schemas.Property(s, name); p != nil {
			ex[name] = exampleValue(name, p, 0)
		}
	}
	return ex
}

func exampleValue(name string, s *schemas.Schema, depth int) any {
	switch {
	case s.Default != nil:
		return s.Default
	case len(s.Enum) > 0:
		return s.Enum[0]
	}
	switch s.Type {
	case "integer", "number":
		if s.Minimum != "" {
			return s.Minimum
		}
		return json.Number("1")
	case "boolean":
		return true
	case "array":
		if s.Items == nil || depth > 3 {
			return []any{}
		}
		return []any{exampleValue(name, s.Items, depth+1)}
	case "object":
		if depth > 3 {
			return map[string]any{}
		}
		return Example(s)
	}
	return "<" + name + ">"
}

// placeholderName is the tool that stands for a server's tools while it
// is not running: NAME.unavailable.
const placeholderName = "unavailable"

// placeholder is the tool that stands for the server's tools while it does
// not run (it failed to start, or is still starting): any call of a name
// in its namespace reaches it and is answered with why, after one more
// start when the backoff allows (a start that works brings the server's
// tools, which Follow then serves).
func (c *Conn) placeholder() *tool.Tool {
	return tool.External{
		Spec: tool.Spec{
			Name:        c.srv.Name + "." + placeholderName,
			Title:       "Upstream server " + c.srv.Name + " (not running)",
			Summary:     fmt.Sprintf("The upstream MCP server %q is not running; f0 keeps starting it, and its tools are listed when it runs.", c.srv.Name),
			Access:      tool.Read,
			Annotations: tool.Annotations{ReadOnly: true, Idempotent: true},
			Placeholder: true,
			Names: tool.Names{
				Keywords: []string{c.srv.Name, "upstream"},
			},
		},
		Schema: &schemas.Schema{Type: "object"},
		Doc: schemas.Doc{
			Description: fmt.Sprintf("Stands for the tools of the upstream MCP server %q (%s) while it does not run. A call of any of its tools says why it is not running.", c.srv.Name, c.srv.Where()),
			Examples:    []map[string]any{{}},
		},
		Run: func(ctx context.Context, _ tool.Call, _ map[string]any) (tool.Result, error) {
			if _, err := c.session(ctx); err != nil {
				return tool.Result{}, err
			}
			return tool.Result{}, &startedError{name: c.srv.Name}
		},
	}.Erase()
}

// startedError answers a call that reached a placeholder while its server
// started: the call was not passed on, the server's tools are now listed.
type startedError struct{ name string }

func (e *startedError) Error() string {
	return fmt.Sprintf("upstream server %q was not running and has started now; its tools are listed again (tools/list), so call the tool again.", e.name)
}

// Refused marks the error as not about the call's arguments.
func (e *startedError) Refused() bool { return true }

// Unwrap tells the pipeline to run the call again on its newest version.
func (e *startedError) Unwrap() error { return tool.ErrReplaced }
