package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"f0/engine/internal/keys"
	"f0/engine/internal/vocab"
	"f0/internal/roots"
	"f0/schemas"
	"f0/tool"
)

// Registry holds every tool f0 knows, with its generated schema and its
// documentation. It is built once and read-only afterwards.
//
// A tool's schema, documentation and search index are made the first time
// something asks for them, not when the registry is built: a process that
// answers initialize, or runs one tool from the command line, never pays
// for the others (reflection, JSON, the search index were 69% of start).
// Tools from other servers are still checked when the registry is built,
// since their schemas come from outside; f0's own are checked by
// [Registry.Check], which the catalogue's tests run over every tool.
type Registry struct {
	tools  []*tool.Tool
	byKey  map[string]*tool.Tool
	byName map[string]*tool.Tool // by canonical name, as front ends call them
	info   map[*tool.Tool]*lazyInfo
	docs   DocSource
	// roots are the operator's roots, for the checks the vocabularies make
	// on paths when a call's session has none of its own (see WithRoots).
	roots *roots.Set
}

// WithRoots gives the registry the operator's roots (the ones the file
// tools were built with), so that the vocabularies' checks on a call's
// paths (is this a directory) look where the tools would. It returns r.
func (r *Registry) WithRoots(files *roots.Set) *Registry {
	r.roots = files
	return r
}

// Vocabulary is other agents' tools as data (engine/internal/vocab), read
// once per process when a call first needs it and shared by every registry;
// nil when the tables could not be read, a fault of the build (the tables
// are embedded and tested), so the calls go on without vocabularies.
func (r *Registry) vocabulary() *vocab.Vocabulary {
	v, err := vocab.Default()
	if err != nil {
		return nil
	}
	return v
}

// lazyInfo is a tool's toolInfo, made once on first use.
type lazyInfo struct {
	once sync.Once
	info *toolInfo
	err  error
	// order is the tool's place in the list the registry was built from:
	// the catalogue's order of namespaces.
	order int
}

// toolInfo is the generated, publishable side of a tool.
type toolInfo struct {
	schema *schemas.Schema // what the pipeline validates a repaired call against
	// published is what clients see (raw, before unlisted fields are
	// dropped): schema, with shaped fields in their published form.
	published *schemas.Schema
	raw       json.RawMessage
	doc       schemas.Doc
	index     map[string]int // word → weight, for tools.search
}

// DocSource returns the hand-written documentation of a tool by canonical
// name, for a tool that carries none (Spec.Docs): tests give their own
// tools one.
type DocSource func(name string) (schemas.Doc, error)

// NewRegistry validates the tools, generates their schemas (documented
// from each tool's Spec.Docs) and indexes their names. Two tools that
// normalise to the same name are an error.
func NewRegistry(list ...*tool.Tool) (*Registry, error) {
	return NewRegistryWithDocs(nil, list...)
}

// NewRegistryWithDocs is NewRegistry with documentation for the tools that
// carry none (tests use it for tools that are not part of f0).
func NewRegistryWithDocs(docs DocSource, list ...*tool.Tool) (*Registry, error) {
	r, err := newRegistry(docs, list, nil)
	if err != nil {
		return nil, err
	}
	return r, r.Check()
}

// NewLazyRegistry is NewRegistry that makes each of f0's own tools' schema,
// documentation and index when first asked for, which is what a process
// that must answer quickly wants; tools from other servers are checked
// now.
func NewLazyRegistry(list ...*tool.Tool) (*Registry, error) {
	return newRegistry(nil, list, nil)
}

// newRegistry builds a registry of list; a tool in made keeps what was
// made of it there (Replace keeps the tools it does not replace).
func newRegistry(docs DocSource, list []*tool.Tool, made map[*tool.Tool]*lazyInfo) (*Registry, error) {
	r := &Registry{byKey: map[string]*tool.Tool{}, byName: map[string]*tool.Tool{}, info: map[*tool.Tool]*lazyInfo{}, docs: docs}
	for _, t := range list {
		if err := validate(t); err != nil {
			return nil, err
		}
		r.info[t] = &lazyInfo{order: len(r.info)}
		if old := made[t]; old != nil {
			l := r.info[t]
			l.once.Do(func() { l.info, l.err = old.info, old.err })
		} else if t.External() != nil {
			if err := r.build(t); err != nil {
				return nil, err
			}
		}
		for _, key := range append([]string{t.Name}, t.Aliases...) {
			k := keys.Normal(key)
			if other, dup := r.byKey[k]; dup {
				return nil, fmt.Errorf("tool name %q of %s collides with %s", key, t.Name, other.Name)
			}
			r.byKey[k] = t
		}
		r.byName[t.Name] = t
		r.tools = append(r.tools, t)
	}
	slices.SortFunc(r.tools, func(a, b *tool.Tool) int { return strings.Compare(a.Name, b.Name) })
	return r, nil
}

// Replace returns a registry in which the tools of namespace ns are list
// (tools of that namespace only); the other tools are kept as they are,
// with their schemas and documentation.
func (r *Registry) Replace(ns string, list []*tool.Tool) (*Registry, error) {
	for _, t := range list {
		if t.Namespace() != ns {
			return nil, fmt.Errorf("tool %s: not in namespace %q", t.Name, ns)
		}
	}
	kept := slices.DeleteFunc(slices.Clone(r.tools), func(t *tool.Tool) bool { return t.Namespace() == ns })
	slices.SortStableFunc(kept, func(a, b *tool.Tool) int { return r.info[a].order - r.info[b].order })
	for _, t := range kept {
		_ = r.build(t) // made now, so that the new registry can share it
	}
	next, err := newRegistry(r.docs, append(kept, list...), r.info)
	if err != nil {
		return nil, err
	}
	next.roots = r.roots
	return next, nil
}

// Check makes every tool's schema, documentation and index, and returns
// the first tool definition that is wrong.
func (r *Registry) Check() error {
	for _, t := range r.tools {
		if err := r.build(t); err != nil {
			return err
		}
	}
	return nil
}

// build makes t's info if nothing has yet, and returns why it could not.
func (r *Registry) build(t *tool.Tool) error {
	l := r.info[t]
	l.once.Do(func() { l.info, l.err = buildInfo(t, r.docs) })
	return l.err
}

// infoOf is t's info, made on first use. A definition that cannot be made
// is a bug in f0 that Check finds in the catalogue's tests; it panics
// rather than serve a tool without a schema.
func (r *Registry) infoOf(t *tool.Tool) *toolInfo {
	if err := r.build(t); err != nil {
		panic(fmt.Sprintf("f0 was built with a broken tool definition: %v", err))
	}
	return r.info[t].info
}

func buildInfo(t *tool.Tool, docs DocSource) (*toolInfo, error) {
	s, doc, err := schemaAndDoc(t, docs)
	if err != nil {
		return nil, err
	}
	if len(doc.Examples) == 0 {
		return nil, fmt.Errorf("tool %s: documentation needs at least one example", t.Name)
	}
	if schemas.Property(s, tool.BudgetField) == nil {
		s.Properties.Set(tool.BudgetField, &schemas.Schema{
			Type:    "integer",
			Minimum: "1",
		})
	}
	if err := applyShapeSchemas(t, s); err != nil {
		return nil, err
	}
	for _, field := range []string{t.MainField, t.RawArgsField} {
		if field != "" && schemas.Property(s, field) == nil {
			return nil, fmt.Errorf("tool %s: main field %q is not in its input", t.Name, field)
		}
	}
	for syn, target := range t.Synonyms {
		if schemas.Property(s, target) == nil {
			return nil, fmt.Errorf("tool %s: synonym %q points at unknown field %q", t.Name, syn, target)
		}
	}
	if err := checkNested(t, s); err != nil {
		return nil, err
	}
	if err := checkDeclared(t, s); err != nil {
		return nil, err
	}
	pub, err := publishedFrom(t, s)
	if err != nil {
		return nil, err
	}
	if pub, err = publishShapes(t, pub); err != nil {
		return nil, err
	}
	raw, err := publishedSchema(t, pub)
	if err != nil {
		return nil, fmt.Errorf("marshal schema of %s: %w", t.Name, err)
	}
	return &toolInfo{schema: s, published: pub, raw: raw, doc: doc, index: searchIndex(t, doc.Description)}, nil
}

// schemaAndDoc returns the tool's input schema and documentation: given
// by an External tool, or generated from the Go input type and documented
// from the tool's own Docs (from docs, for a tool that has none).
func schemaAndDoc(t *tool.Tool, docs DocSource) (*schemas.Schema, schemas.Doc, error) {
	if t.External() != nil {
		return externalSchema(t)
	}
	doc, err := docOf(t, docs)
	if err != nil {
		return nil, doc, err
	}
	s, err := schemas.Generate(t.InputType(), doc)
	if err != nil {
		return nil, doc, fmt.Errorf("schema of %s: %w", t.Name, err)
	}
	return s, doc, nil
}

// docOf is the hand-written documentation of a tool with a Go input type.
func docOf(t *tool.Tool, docs DocSource) (schemas.Doc, error) {
	if t.Docs == nil && docs != nil {
		return docs(t.Name)
	}
	return schemas.ReadDoc(t.Docs, t.Name)
}

// applyShapeSchemas gives each shaped field the schema of its canonical
// form, which calls are validated against once repaired.
func applyShapeSchemas(t *tool.Tool, s *schemas.Schema) error {
	return eachShaped(t, s, func(sh tool.Shape, prop *schemas.Schema) { canonicalShape(sh, prop) })
}

// publishShapes returns s with every shaped field in its published form: s
// itself when they all publish their canonical form, else a copy.
func publishShapes(t *tool.Tool, s *schemas.Schema) (*schemas.Schema, error) {
	if !slices.ContainsFunc(slices.Collect(maps.Values(t.Shapes)), publishesOwnShape) {
		return s, nil
	}
	pub, err := copySchema(t, s)
	if err != nil {
		return nil, err
	}
	return pub, eachShaped(t, pub, publishedShape)
}

// eachShaped calls set with the schema of each shaped field of s.
func eachShaped(t *tool.Tool, s *schemas.Schema, set func(tool.Shape, *schemas.Schema)) error {
	for path, sh := range t.Shapes {
		field, inner, nested := strings.Cut(path, ".")
		prop := schemas.Property(s, field)
		if nested && prop != nil && prop.Items != nil {
			prop = schemas.Property(prop.Items, inner)
		}
		if prop == nil || sh == tool.NoShape {
			return fmt.Errorf("tool %s: shape for %q, which is not a field of its input", t.Name, path)
		}
		set(sh, prop)
	}
	return nil
}

// publishedSchema is the input schema as clients see it: without the
// unlisted fields.
func publishedSchema(t *tool.Tool, s *schemas.Schema) (json.RawMessage, error) {
	for _, name := range t.Unlisted {
		if schemas.Property(s, name) == nil {
			return nil, fmt.Errorf("tool %s: unlisted field %q is not in its input", t.Name, name)
		}
		if slices.Contains(s.Required, name) {
			return nil, fmt.Errorf("tool %s: required field %q cannot be unlisted", t.Name, name)
		}
	}
	if len(t.Unlisted) > 0 {
		s = schemas.WithoutProperties(s, t.Unlisted)
	}
	return json.Marshal(s)
}

// checkNested verifies that nested synonyms and plurals name real fields.
func checkNested(t *tool.Tool, s *schemas.Schema) error {
	for field, syns := range t.NestedSynonyms {
		obj := schemas.Property(s, field)
		if obj != nil && obj.Type == "array" {
			obj = obj.Items
		}
		if obj == nil || obj.Type != "object" || obj.Properties == nil {
			return fmt.Errorf("tool %s: nested synonyms for %q, which holds no object with fields", t.Name, field)
		}
		for syn, target := range syns {
			if schemas.Property(obj, target) == nil {
				return fmt.Errorf("tool %s: nested synonym %q points at unknown field %s.%s", t.Name, syn, field, target)
			}
		}
	}
	for single, plural := range t.Plurals {
		ps := schemas.Property(s, plural)
		if schemas.Property(s, single) == nil || ps == nil || ps.Type != "array" {
			return fmt.Errorf("tool %s: plural %q → %q needs both fields, the second a list", t.Name, single, plural)
		}
	}
	return nil
}

// checkDeclared verifies that shell flags, kinds and the line window name
// real fields.
func checkDeclared(t *tool.Tool, s *schemas.Schema) error {
	has := func(field string) bool { return schemas.Property(s, field) != nil }
	for flag, set := range t.ShellFlags {
		for field := range set {
			if !has(field) {
				return fmt.Errorf("tool %s: shell flag %s sets unknown field %q", t.Name, flag, field)
			}
		}
	}
	for field := range t.Forms {
		if !has(field) {
			return fmt.Errorf("tool %s: kind declared for unknown field %q", t.Name, field)
		}
	}
	for _, field := range t.Inverse {
		if !has(field) {
			return fmt.Errorf("tool %s: inverse names unknown field %q", t.Name, field)
		}
	}
	for _, field := range t.LineWindow {
		if field != "" && !has(field) {
			return fmt.Errorf("tool %s: line window names unknown field %q", t.Name, field)
		}
	}
	for _, program := range t.Shell {
		sc, ok := t.ShellCommands[program]
		if t.RawArgsField == "" && t.MainField == "" && (!ok || len(sc.Operands) == 0 && sc.Text == nil) {
			return fmt.Errorf("tool %s: shell command %s needs a main field (or operand fields) for its words", t.Name, program)
		}
	}
	return checkShellCommands(t, has)
}

// checkShellCommands verifies that every command of the table is one of
// the tool's programs and names real fields.
func checkShellCommands(t *tool.Tool, has func(string) bool) error {
	for program, sc := range t.ShellCommands {
		if !slices.Contains(t.Shell, program) {
			return fmt.Errorf("tool %s: shell command %s is not in Shell", t.Name, program)
		}
		fields := slices.Concat(sc.Operands, []string{sc.Output, sc.TextField})
		for _, set := range slices.Concat([]map[string]any{sc.Set, sc.Append}, slices.Collect(maps.Values(sc.Flags))) {
			fields = append(fields, slices.Collect(maps.Keys(set))...)
		}
		for _, v := range sc.Valued {
			fields = append(fields, v.Field)
			fields = append(fields, slices.Collect(maps.Keys(v.Also))...)
		}
		for _, f := range fields {
			if f != "" && !has(f) {
				return fmt.Errorf("tool %s: shell command %s names unknown field %q", t.Name, program, f)
			}
		}
	}
	return nil
}

// Tools returns every registered tool in name order.
func (r *Registry) Tools() []*tool.Tool { return slices.Clone(r.tools) }

// Lookup finds a tool by its canonical name or alias, in any spelling.
func (r *Registry) Lookup(name string) *tool.Tool { return r.byKey[keys.Normal(name)] }

// Schema returns the tool's published input schema as JSON.
func (r *Registry) Schema(t *tool.Tool) json.RawMessage { return r.infoOf(t).raw }

// FieldType is the JSON type of a declared field of t ("" when the field
// takes any shape or does not exist).
func (r *Registry) FieldType(t *tool.Tool, field string) string {
	if s := schemas.Property(r.infoOf(t).schema, field); s != nil {
		return s.Type
	}
	return ""
}

// Fields lists the declared top-level fields of t in declaration order.
func (r *Registry) Fields(t *tool.Tool) []string { return schemas.PropertyNames(r.infoOf(t).schema) }

// Doc returns the tool's hand-written documentation.
func (r *Registry) Doc(t *tool.Tool) schemas.Doc { return r.infoOf(t).doc }

func (r *Registry) schema(t *tool.Tool) *schemas.Schema { return r.infoOf(t).schema }

// published is the schema clients see for t, for the signatures f0
// shows them.
func (r *Registry) published(t *tool.Tool) *schemas.Schema { return r.infoOf(t).published }

// index is t's search index: word → weight.
func (r *Registry) index(t *tool.Tool) map[string]int { return r.infoOf(t).index }

// order is t's place in the list the registry was built from.
func (r *Registry) order(t *tool.Tool) int { return r.info[t].order }
