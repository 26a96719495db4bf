package vocab

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
)

//go:embed tables/*.json f0-fields.json
var files embed.FS

// Vocabulary holds every table, parsed once, and what the interpreter needs
// to know of f0 itself: the fields each f0 tool accepts and the ripgrep
// type names. It is read-only after Load and safe for concurrent use.
type Vocabulary struct {
	tables []*Table
	byName map[string][]candidate
	// byFold holds the same candidates under the name without case or
	// separators (webfetch for WebFetch, multiedit for MultiEdit), for a
	// name whose separators no table spells.
	byFold map[string][]candidate
	f0     map[string]*F0Tool
	f0Norm map[string]string
	// metadata are the fields every tool that publishes them ignores
	// (explanation, toolSummary, task_progress): they tell no tool apart.
	metadata map[string]bool
	rgTypes  map[string][]string
	prefixes []string
}

// F0Tool is what f0-fields.json says of one f0 tool: every field it
// accepts (listed or not) with its type and synonyms, the fields of the
// objects in its list fields (fs.edit's edits), and whether its calls
// change nothing (its readOnlyHint).
type F0Tool struct {
	Fields   map[string]F0Field
	Nested   map[string][]string
	ReadOnly bool `json:"read_only"`
}

// F0Field is one field of an f0 tool.
type F0Field struct {
	Type     string   `json:"type"`
	Synonyms []string `json:"synonyms"`
}

// candidate is one foreign tool a normalised name may mean.
type candidate struct {
	tool     *Tool
	table    int
	spelling string
}

// Options tune Load. The zero value is f0's default.
type Options struct {
	// Prefixes are server names a client may put before a tool name
	// (f0_read_file, functions.read_file); they are tried only when the
	// name as sent means nothing.
	Prefixes []string
}

var defaultPrefixes = []string{"f0", "functions", "default_api", "mcp", "filesystem", "server_filesystem", "tools"}

// Default is the vocabulary with the default options, parsed on first use
// and then shared by the whole process. The tables are embedded in the
// binary and a Vocabulary is read-only, so this is a constant computed
// lazily (46 MB under -race), not state: every host reads the same one.
var Default = sync.OnceValues(func() (*Vocabulary, error) { return Load(Options{}) })

// Load parses the embedded tables, f0-fields.json and _rg-types.json.
func Load(opts Options) (*Vocabulary, error) {
	v := &Vocabulary{byName: map[string][]candidate{}, byFold: map[string][]candidate{}, prefixes: opts.Prefixes}
	if v.prefixes == nil {
		v.prefixes = defaultPrefixes
	}
	if err := v.loadF0(); err != nil {
		return nil, err
	}
	if err := v.loadRgTypes(); err != nil {
		return nil, err
	}
	names, err := fs.Glob(files, "tables/*.json")
	if err != nil {
		return nil, fmt.Errorf("vocab: listing tables: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.HasPrefix(path.Base(name), "_") {
			continue
		}
		data, err := files.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("vocab: reading %s: %w", name, err)
		}
		t, err := parseTable(name, data)
		if err != nil {
			return nil, err
		}
		v.add(t)
	}
	v.metadata = metadataFields(v.tables)
	return v, nil
}

// metadataFields are the fields that every tool publishing them reads as
// inert on every route that runs a call.
func metadataFields(tables []*Table) map[string]bool {
	inert := map[string]bool{}
	for _, t := range tables {
		for _, tool := range t.Tools {
			if !runsACall(tool) {
				continue // a tool that only refuses reads no field
			}
			for _, f := range tool.Published {
				was, seen := inert[f]
				inert[f] = (!seen || was) && inertIn(tool, f)
			}
		}
	}
	for f, ok := range inert {
		if !ok {
			delete(inert, f)
		}
	}
	return inert
}

func runsACall(tool *Tool) bool {
	for _, rt := range tool.Routes {
		if rt.Refuse == "" {
			return true
		}
	}
	return false
}

// inertIn reports whether every route of tool that runs a call ignores f,
// and no route is chosen by it.
func inertIn(tool *Tool, f string) bool {
	for _, rt := range tool.Routes {
		for _, c := range rt.When {
			if c.Field == f {
				return false
			}
		}
		if rt.Refuse != "" {
			continue
		}
		rule := rt.Fields[f]
		if rule == nil {
			rule = tool.Fields[f]
		}
		if rule == nil || rule.Inert == "" {
			return false
		}
	}
	return true
}

func (v *Vocabulary) add(t *Table) {
	idx := len(v.tables)
	v.tables = append(v.tables, t)
	for _, tool := range t.Tools {
		tool.f0Takes = v.f0Fields(tool)
		for _, n := range tool.Names {
			key := normName(n)
			v.byName[key] = append(v.byName[key], candidate{tool: tool, table: idx, spelling: n})
			v.byFold[foldField(n)] = append(v.byFold[foldField(n)], candidate{tool: tool, table: idx, spelling: n})
		}
	}
}

func (v *Vocabulary) loadF0() error {
	data, err := files.ReadFile("f0-fields.json")
	if err != nil {
		return fmt.Errorf("vocab: reading f0-fields.json: %w", err)
	}
	var doc struct {
		Tools map[string]*F0Tool `json:"tools"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("vocab: f0-fields.json: %w", err)
	}
	v.f0 = doc.Tools
	v.f0Norm = map[string]string{}
	for name := range v.f0 {
		v.f0Norm[normName(name)] = name
	}
	return nil
}

func (v *Vocabulary) loadRgTypes() error {
	types, err := RipgrepTypes()
	v.rgTypes = types
	return err
}

// RipgrepTypes reads tables/_rg-types.json: ripgrep's --type names and
// the globs of each (rg --type-list), for the rg_type_globs transform and
// for a command line that takes rg's -t.
func RipgrepTypes() (map[string][]string, error) {
	data, err := files.ReadFile("tables/_rg-types.json")
	if err != nil {
		return nil, fmt.Errorf("vocab: reading _rg-types.json: %w", err)
	}
	var doc struct {
		Types map[string][]string `json:"types"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("vocab: _rg-types.json: %w", err)
	}
	return doc.Types, nil
}

// Tables are the loaded tables in file order. The caller must not change
// them.
func (v *Vocabulary) Tables() []*Table { return v.tables }

// F0 is what f0-fields.json says of the f0 tool with the canonical name
// (fs.read), or nil.
func (v *Vocabulary) F0(name string) *F0Tool { return v.f0[name] }

// accepts reports whether f0's tool takes field by its name or a synonym.
func (t *F0Tool) accepts(field string) bool {
	if _, ok := t.Fields[field]; ok {
		return true
	}
	for _, f := range t.Fields {
		for _, s := range f.Synonyms {
			if s == field {
				return true
			}
		}
	}
	return false
}
