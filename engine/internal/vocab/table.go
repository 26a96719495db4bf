package vocab

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Table is one agent's or server's vocabulary (README §1): its tools, the
// way it spells other servers' tool names, and the tools it has that mean
// nothing to f0.
type Table struct {
	Agent        string
	Title        string
	NamePatterns []*regexp.Regexp
	Tools        []*Tool
}

// Tool is one foreign tool (README §2): its names as published, every
// field its schema publishes, the field rules its routes share, and its
// routes in order.
type Tool struct {
	Names     []string
	Evidence  string
	Published []string
	Fields    map[string]*Rule
	Routes    []*Route
	// F0Fields says the tool's fields are f0's own: a field with no rule
	// goes to the f0 call under its own name, for f0's repairs to read
	// (names from reports of what models call, whose fields are f0's).
	F0Fields bool

	agent string
	// known are the fields the tool reads: published, with a rule, or
	// named by a route's `when`; f0Takes the fields the f0 tools of its
	// routes take (see ownField).
	known   map[string]bool
	f0Takes map[string]bool
}

// Route is one reading of a foreign tool (README §3): the conditions under
// which it applies and the f0 call (or refusal) it makes.
type Route struct {
	When      []Condition
	PathField string
	To        string
	Refuse    string
	Needs     string
	Today     string
	Detail    string
	Approx    string
	Set       map[string]any
	Fields    map[string]*Rule
	Note      string
}

// Rule is one field rule (README §4). Exactly one kind is set: a mapping
// (To, Transform, Values or Items), Consumed, Inert, Refuse, or Needs alone.
type Rule struct {
	To        string
	Transform string
	Args      Args
	Values    map[string]map[string]any
	Absent    map[string]any
	// Default is the value the foreign tool assumes for the field when
	// the call leaves it out; the rule's transform runs on it then.
	Default  any
	Consumed string
	Inert    string
	Refuse   string
	Needs    string
	Today    string
	Detail   string
	Approx   string
	Items    map[string]*Rule
	Note     string
}

// Args are a transform's parameters (README §6); each transform reads the
// ones its row of the table names.
type Args struct {
	Start, End, Count *string
	Base              int
	EndInclusive      bool
	EOF               []int
	Negative          string

	LineHints   bool
	EmptySearch string

	Line, Text, Anchor, Zero string

	Items, Each, GroupBy string
	Set                  map[string]any
	// Share maps fields of the call to the f0 field every fanned-out call
	// gets them in (Warp's grep: one path for all its queries).
	Share map[string]string

	Server, Tool, Arguments string

	Dir, Ext   *string
	DefaultExt string

	// Unit is shell_timeout's: "ms" or "s".
	Unit string

	// Under is project_relative's: the agent's own working directory
	// (Suna's /workspace), cut from the front of a path.
	Under string

	// Stdin is argv_command's field of the text piped into the command;
	// Replacement is js_regex_text's field of the replacement text.
	Stdin, Replacement *string
}

// CondKind is what a condition of a route's `when` tests.
type CondKind int

// The conditions of README §3.
const (
	CondEquals CondKind = iota
	CondPresent
	CondAbsent
	CondEmpty
	CondPrefix
	CondSuffix
	CondPathIs
	CondPathExt
)

// Condition is one entry of a route's `when`. Values holds the accepted
// texts (lower case) for CondEquals, the prefix for CondPrefix, the
// suffix for CondSuffix (Void's folder path ending with a slash), the kind
// for CondPathIs and the extensions for CondPathExt.
type Condition struct {
	Field  string
	Kind   CondKind
	Values []string
}

// The pseudo targets of README §3.
const (
	TargetBatch = "batch"
	TargetShell = "shell"
	TargetCall  = "call"
)

// TextField is the field name that stands for arguments sent as a bare
// string, and for a list item that is a bare string.
const TextField = "$text"

type rawTable struct {
	Format       string `json:"$format"`
	Agent        string `json:"agent"`
	Title        string `json:"title"`
	NamePatterns []struct {
		Regex string `json:"regex"`
	} `json:"name_patterns"`
	Tools []rawTool `json:"tools"`
}

type rawTool struct {
	Names     []string            `json:"names"`
	Evidence  string              `json:"evidence"`
	Published []string            `json:"fields_published"`
	Fields    map[string]*rawRule `json:"fields"`
	Routes    []rawRoute          `json:"routes"`
	F0Fields  bool                `json:"f0_fields"`
}

type rawRoute struct {
	When   map[string]json.RawMessage `json:"when"`
	To     string                     `json:"to"`
	Refuse string                     `json:"refuse"`
	Needs  string                     `json:"needs"`
	Today  string                     `json:"today"`
	Detail string                     `json:"needs_detail"`
	Approx string                     `json:"approx"`
	Set    map[string]any             `json:"set"`
	Fields map[string]*rawRule        `json:"fields"`
	Note   string                     `json:"note"`
}

type rawRule struct {
	To        string                    `json:"to"`
	Transform string                    `json:"transform"`
	Args      map[string]any            `json:"args"`
	Values    map[string]map[string]any `json:"values"`
	Absent    map[string]any            `json:"absent"`
	Default   any                       `json:"default"`
	Consumed  string                    `json:"consumed_by"`
	Inert     string                    `json:"inert"`
	Refuse    string                    `json:"refuse"`
	Needs     string                    `json:"needs"`
	Today     string                    `json:"today"`
	Detail    string                    `json:"needs_detail"`
	Approx    string                    `json:"approx"`
	Items     map[string]*rawRule       `json:"items"`
	Note      string                    `json:"note"`
}

const format = "f0-vocabulary/1"

// parseTable decodes one table file into its typed form.
func parseTable(name string, data []byte) (*Table, error) {
	var raw rawTable
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("vocab: table %s: %w", name, err)
	}
	if raw.Format != format {
		return nil, fmt.Errorf("vocab: table %s: $format %q, want %q", name, raw.Format, format)
	}
	t := &Table{Agent: raw.Agent, Title: raw.Title}
	for _, p := range raw.NamePatterns {
		rx, err := regexp.Compile(p.Regex)
		if err != nil {
			return nil, fmt.Errorf("vocab: table %s: name pattern %q: %w", name, p.Regex, err)
		}
		t.NamePatterns = append(t.NamePatterns, rx)
	}
	for i := range raw.Tools {
		tool, err := parseTool(raw.Agent, &raw.Tools[i])
		if err != nil {
			return nil, fmt.Errorf("vocab: table %s: %w", name, err)
		}
		t.Tools = append(t.Tools, tool)
	}
	return t, nil
}

func parseTool(agent string, raw *rawTool) (*Tool, error) {
	where := strings.Join(raw.Names, "/")
	fields, err := parseRules(raw.Fields)
	if err != nil {
		return nil, fmt.Errorf("tool %s: %w", where, err)
	}
	t := &Tool{Names: raw.Names, Evidence: raw.Evidence, Published: raw.Published, Fields: fields, F0Fields: raw.F0Fields, agent: agent}
	for i := range raw.Routes {
		r, err := parseRoute(&raw.Routes[i])
		if err != nil {
			return nil, fmt.Errorf("tool %s route %d: %w", where, i, err)
		}
		t.Routes = append(t.Routes, r)
	}
	t.known = knownFields(t)
	return t, nil
}

func knownFields(t *Tool) map[string]bool {
	known := map[string]bool{}
	for _, f := range t.Published {
		known[f] = true
	}
	for f := range t.Fields {
		known[f] = true
	}
	for _, r := range t.Routes {
		for f := range r.Fields {
			known[f] = true
		}
		for _, c := range r.When {
			if c.Kind != CondPathIs && c.Kind != CondPathExt {
				known[c.Field] = true
			}
		}
	}
	return known
}

// Agent is the id of the table the tool belongs to.
func (t *Tool) Agent() string { return t.agent }

func parseRoute(raw *rawRoute) (*Route, error) {
	fields, err := parseRules(raw.Fields)
	if err != nil {
		return nil, err
	}
	r := &Route{To: raw.To, Refuse: raw.Refuse, Needs: raw.Needs, Today: raw.Today, Detail: raw.Detail,
		Approx: raw.Approx, Set: raw.Set, Fields: fields, Note: raw.Note}
	keys := make([]string, 0, len(raw.When))
	for k := range raw.When {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "$path_field" {
			if err := json.Unmarshal(raw.When[k], &r.PathField); err != nil {
				return nil, fmt.Errorf("when $path_field: %w", err)
			}
			continue
		}
		c, err := parseCondition(k, raw.When[k])
		if err != nil {
			return nil, err
		}
		r.When = append(r.When, c)
	}
	return r, nil
}

// parseCondition reads one `when` entry: text, a list of texts, an object
// with one of present/absent/empty/prefix, or a runtime check.
func parseCondition(key string, raw json.RawMessage) (Condition, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return Condition{}, fmt.Errorf("when %s: %w", key, err)
	}
	switch key {
	case "$path_is":
		s, ok := v.(string)
		if !ok {
			return Condition{}, fmt.Errorf("when $path_is: want text, got %s", raw)
		}
		return Condition{Field: key, Kind: CondPathIs, Values: []string{s}}, nil
	case "$path_ext":
		exts, ok := textList(v)
		if !ok {
			return Condition{}, fmt.Errorf("when $path_ext: want a list of extensions, got %s", raw)
		}
		for i := range exts {
			exts[i] = strings.ToLower(exts[i])
		}
		return Condition{Field: key, Kind: CondPathExt, Values: exts}, nil
	}
	switch x := v.(type) {
	case string:
		return Condition{Field: key, Kind: CondEquals, Values: []string{normText(x)}}, nil
	case []any:
		vals, ok := textList(x)
		if !ok {
			return Condition{}, fmt.Errorf("when %s: want a list of texts, got %s", key, raw)
		}
		for i := range vals {
			vals[i] = normText(vals[i])
		}
		return Condition{Field: key, Kind: CondEquals, Values: vals}, nil
	case map[string]any:
		return objectCondition(key, x)
	}
	return Condition{}, fmt.Errorf("when %s: want text, a list or an object, got %s", key, raw)
}

func objectCondition(key string, x map[string]any) (Condition, error) {
	if len(x) != 1 {
		return Condition{}, fmt.Errorf("when %s: want one of present/absent/empty/prefix", key)
	}
	for k, v := range x {
		switch k {
		case "present":
			return Condition{Field: key, Kind: CondPresent}, nil
		case "absent":
			return Condition{Field: key, Kind: CondAbsent}, nil
		case "empty":
			return Condition{Field: key, Kind: CondEmpty}, nil
		case "prefix":
			s, _ := v.(string)
			return Condition{Field: key, Kind: CondPrefix, Values: []string{strings.ToLower(s)}}, nil
		case "suffix":
			s, _ := v.(string)
			return Condition{Field: key, Kind: CondSuffix, Values: []string{strings.ToLower(s)}}, nil
		}
	}
	return Condition{}, fmt.Errorf("when %s: want one of present/absent/empty/prefix/suffix", key)
}

func parseRules(raw map[string]*rawRule) (map[string]*Rule, error) {
	if raw == nil {
		return nil, nil
	}
	out := make(map[string]*Rule, len(raw))
	for name, r := range raw {
		rule, err := parseRule(r)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", name, err)
		}
		out[name] = rule
	}
	return out, nil
}

func parseRule(raw *rawRule) (*Rule, error) {
	items, err := parseRules(raw.Items)
	if err != nil {
		return nil, fmt.Errorf("items: %w", err)
	}
	args, err := parseArgs(raw.Args)
	if err != nil {
		return nil, fmt.Errorf("transform %s: %w", raw.Transform, err)
	}
	r := &Rule{To: raw.To, Transform: raw.Transform, Args: args, Values: raw.Values, Absent: raw.Absent, Default: raw.Default,
		Consumed: raw.Consumed, Inert: raw.Inert, Refuse: raw.Refuse, Needs: raw.Needs, Today: raw.Today,
		Detail: raw.Detail, Approx: raw.Approx, Items: items, Note: raw.Note}
	switch {
	case r.Transform != "":
	case r.Items != nil:
		r.Transform = "items"
	case r.Values != nil:
		r.Transform = "map"
	case r.To != "":
		r.Transform = "copy"
	}
	if r.Transform != "" && r.Transform != "items" && !knownTransform(r.Transform) {
		return nil, fmt.Errorf("transform %q is not one of README §6", r.Transform)
	}
	return r, nil
}

// parseArgs decodes a transform's args through JSON, so that `null`
// field names stay nil and numbers land in their Go types.
func parseArgs(raw map[string]any) (Args, error) {
	var a Args
	if raw == nil {
		return a, nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return a, err
	}
	var j struct {
		Start        *string           `json:"start"`
		End          *string           `json:"end"`
		Count        *string           `json:"count"`
		Base         int               `json:"base"`
		EndInclusive bool              `json:"end_inclusive"`
		EOF          []int             `json:"eof"`
		Negative     string            `json:"negative"`
		LineHints    bool              `json:"line_hints"`
		EmptySearch  string            `json:"empty_search"`
		Line         string            `json:"line"`
		Text         string            `json:"text"`
		Anchor       string            `json:"anchor"`
		Zero         string            `json:"zero"`
		Items        string            `json:"items"`
		Each         string            `json:"each"`
		GroupBy      string            `json:"group_by"`
		Set          map[string]any    `json:"set"`
		Share        map[string]string `json:"share"`
		Server       string            `json:"server"`
		Tool         string            `json:"tool"`
		Arguments    string            `json:"arguments"`
		Dir          *string           `json:"dir"`
		Ext          *string           `json:"ext"`
		DefaultExt   string            `json:"default_ext"`
		Unit         string            `json:"unit"`
		Under        string            `json:"under"`
		Stdin        *string           `json:"stdin"`
		Replacement  *string           `json:"replacement"`
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return a, err
	}
	return Args{Start: j.Start, End: j.End, Count: j.Count, Base: j.Base, EndInclusive: j.EndInclusive, EOF: j.EOF,
		Negative: j.Negative, LineHints: j.LineHints, EmptySearch: j.EmptySearch, Line: j.Line, Text: j.Text,
		Anchor: j.Anchor, Zero: j.Zero, Items: j.Items, Each: j.Each, GroupBy: j.GroupBy, Set: j.Set, Share: j.Share,
		Server: j.Server, Tool: j.Tool, Arguments: j.Arguments, Dir: j.Dir, Ext: j.Ext, DefaultExt: j.DefaultExt, Unit: j.Unit, Under: j.Under,
		Stdin: j.Stdin, Replacement: j.Replacement}, nil
}

// kind names the rule's kind as README §4 counts it.
func (r *Rule) kind() ruleKind {
	switch {
	case r.Refuse != "" && r.Transform == "":
		return kindRefuse
	case r.Inert != "":
		return kindInert
	case r.Consumed != "":
		return kindConsumed
	case r.Transform != "":
		return kindMapping
	case r.Needs != "":
		return kindNeeds
	}
	return kindNone
}

type ruleKind int

const (
	kindNone ruleKind = iota
	kindMapping
	kindConsumed
	kindInert
	kindRefuse
	kindNeeds
)

func textList(v any) ([]string, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}
