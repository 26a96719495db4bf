package vocab

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"

	"f0/internal/text"
)

// transformFunc is the closed set of README §6, by name (nil for a name
// outside it).
func transformFunc(name string) func(b *builder, k string, r *Rule, v any) (effect, error) {
	switch name {
	case "copy":
		return (*builder).copyValue
	case "map":
		return (*builder).mapValue
	case "items":
		return (*builder).items
	case "plus_one":
		return (*builder).plusOne
	case "minus_one":
		return (*builder).minusOne
	case "not":
		return (*builder).not
	case "to_list":
		return (*builder).toList
	case "ext_globs":
		return (*builder).extGlobs
	case "substring_glob":
		return (*builder).substringGlob
	case "anywhere_glob":
		return (*builder).anywhereGlob
	case "glob_alternatives":
		return (*builder).globAlternatives
	case "smart_case":
		return (*builder).smartCase
	case "rg_type_globs":
		return (*builder).rgTypeGlobs
	case "line_window":
		return (*builder).lineWindow
	case "range_pair":
		return (*builder).rangePair
	case "range_text":
		return (*builder).rangeText
	case "path_range":
		return (*builder).pathRange
	case "url_in_text":
		return (*builder).urlInText
	case "search_replace_blocks", "unified_diff", "apply_patch":
		return (*builder).editText
	case "conflict_blocks":
		return (*builder).conflictBlocks
	case "patch_operation":
		return (*builder).patchOperation
	case "join_name":
		return (*builder).joinName
	case "expand_tabs":
		return (*builder).expandTabs
	case "end_with_newline":
		return (*builder).endWithNewline
	case "insert_at_line":
		return (*builder).insertAtLine
	case "line_span":
		return (*builder).lineSpan
	case "fan_out":
		return (*builder).fanOut
	case "unwrap_call":
		return (*builder).unwrapCall
	case "chars_as_bytes":
		return (*builder).charsAsBytes
	case "unescape_newlines":
		return (*builder).unescapeNewlines
	case "newline":
		return (*builder).newline
	case "strip_root_name":
		return (*builder).stripRoot
	case "project_relative":
		return (*builder).projectRelative
	case "name_filter":
		return (*builder).nameFilter
	case "shell_command":
		return (*builder).shellCommand
	case "argv_command":
		return (*builder).argvCommand
	case "js_regex_text":
		return (*builder).jsRegexText
	case "shell_cwd":
		return (*builder).shellCwd
	case "shell_env":
		return (*builder).shellEnv
	case "shell_timeout":
		return (*builder).shellTimeout
	}
	return nil
}

func knownTransform(name string) bool { return transformFunc(name) != nil }

// apply runs the rule's transform on the value of field k (nil when the
// transform runs for a consumed field and k itself is absent), then the
// value table a rule may carry besides its transform.
func (b *builder) apply(k string, r *Rule, v any) (effect, error) {
	fn := transformFunc(r.Transform)
	if fn == nil {
		return effect{}, b.errorf(k, "the table names transform %q, which f0 does not know", r.Transform)
	}
	eff, err := fn(b, k, r, v)
	if err != nil {
		return eff, err
	}
	if r.Values != nil && r.Transform != "map" && v != nil {
		more, err := b.mapValue(k, r, v)
		if err != nil {
			return eff, err
		}
		eff.to = append(eff.to, more.to...)
	}
	return eff, nil
}

func mapped(to ...string) effect { return effect{to: to, approx: true} }

func (b *builder) copyValue(k string, r *Rule, v any) (effect, error) {
	if r.To == "" {
		return effect{}, b.errorf(k, "the table maps this field nowhere")
	}
	b.put(k, r.To, v)
	return mapped(r.To), nil
}

// mapValue: the value, as trimmed lower-case text, selects the f0 fields
// of values[text], else values["*"]; the fields the call gives win.
func (b *builder) mapValue(k string, r *Rule, v any) (effect, error) {
	text := valueText(v)
	fields, ok := r.Values[text]
	if !ok {
		fields, ok = r.Values["*"]
	}
	if !ok {
		e := b.errorf(k, "%s is not one of its values", quote(v))
		for val := range r.Values {
			e.Accepted = append(e.Accepted, val)
		}
		sort.Strings(e.Accepted)
		return effect{}, e
	}
	if msg, refused := fields["$refuse"].(string); refused {
		b.refuse(k, msg, r.Needs)
		return effect{use: UseRefused}, nil
	}
	b.softAll(fields)
	to := make([]string, 0, len(fields))
	for f := range fields {
		to = append(to, f)
	}
	sort.Strings(to)
	return mapped(to...), nil
}

// items maps each object of a list by the rule's items into the list f0
// field To (edits[].old_string → oldText).
func (b *builder) items(k string, r *Rule, v any) (effect, error) {
	list, err := b.list(k, v)
	if err != nil {
		return effect{}, err
	}
	if r.To == "" {
		return b.nested(k, r, list)
	}
	out := make([]any, 0, len(list))
	for i, it := range list {
		sub, err := b.mapItem(k, i, r.Items, it, b.target)
		if err != nil || sub == nil {
			return effect{use: UseRefused}, err
		}
		out = append(out, sub.out)
	}
	if r.To == "" {
		return effect{}, b.errorf(k, "the table maps this list nowhere")
	}
	b.appendList(k, r.To, out)
	return mapped(r.To), nil
}

// nested maps the fields of one object (Gemini's file_filtering_options
// {respect_git_ignore, respect_gemini_ignore}) by the rule's items into the
// call itself, as if they were the call's own fields.
func (b *builder) nested(k string, r *Rule, list []any) (effect, error) {
	if len(list) != 1 {
		return effect{}, b.errorf(k, "want one object, got a list of %d", len(list))
	}
	sub, err := b.item(b.prefix+k+".", r.Items, list[0], b.target)
	if err != nil {
		return effect{}, err
	}
	b.uses = append(b.uses, sub.uses...)
	b.notes = append(b.notes, sub.notes...)
	if sub.refusal != nil {
		b.refusal = sub.refusal
		return effect{use: UseRefused}, nil
	}
	for _, f := range slices.Sorted(maps.Keys(sub.out)) {
		b.put(k, f, sub.out[f])
	}
	b.takeShell(sub)
	return effect{use: UseConsumed}, nil // its fields' uses say where they went
}

// mapItem maps item i of list field k by rules into the fields of target,
// and takes on its uses and notes. A nil builder means the item refused
// the call (b.refusal says why).
func (b *builder) mapItem(k string, i int, rules map[string]*Rule, it any, target string) (*builder, error) {
	sub, err := b.item(fmt.Sprintf("%s%s[%d].", b.prefix, k, i), rules, it, target)
	if err != nil {
		return nil, err
	}
	b.uses = append(b.uses, sub.uses...)
	b.notes = append(b.notes, sub.notes...)
	if sub.refusal != nil {
		b.refusal = sub.refusal
		return nil, nil
	}
	return sub, nil
}

// list reads a list value: a list, JSON text of one, or a single item.
func (b *builder) list(k string, v any) ([]any, error) {
	switch x := v.(type) {
	case []any:
		return x, nil
	case string:
		if t := strings.TrimSpace(x); strings.HasPrefix(t, "[") {
			var list []any
			if err := json.Unmarshal([]byte(t), &list); err != nil {
				return nil, b.errorf(k, "want a list; the text is not JSON: %v", err)
			}
			return list, nil
		}
		return []any{x}, nil
	case map[string]any:
		return []any{x}, nil
	case nil:
		return nil, nil
	}
	return nil, b.errorf(k, "want a list, got %s", kindOf(v))
}

func (b *builder) intValue(k string, v any, want string) (int, error) {
	n, ok := asInt(v)
	if !ok {
		return 0, b.errorf(k, "want %s, got %s %s", want, kindOf(v), quote(v))
	}
	return n, nil
}

func (b *builder) textValue(k string, v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", b.errorf(k, "want text, got %s %s", kindOf(v), quote(v))
	}
	return s, nil
}

// plusOne: a 0-based number becomes 1-based; a negative one (from the end)
// is kept.
func (b *builder) plusOne(k string, r *Rule, v any) (effect, error) {
	n, err := b.intValue(k, v, "an integer")
	if err != nil {
		return effect{}, err
	}
	if n >= 0 {
		n++
	}
	b.put(k, r.To, n)
	return mapped(r.To), nil
}

// minusOne reads a 1-based entry number as f0's count of entries to skip
// (Codex's list_dir offset 1 is the first entry: f0's offset 0).
func (b *builder) minusOne(k string, r *Rule, v any) (effect, error) {
	n, err := b.intValue(k, v, "an integer")
	if err != nil {
		return effect{}, err
	}
	if n < 1 {
		return effect{}, b.errorf(k, "counts from 1, got %d", n)
	}
	b.put(k, r.To, n-1)
	return mapped(r.To), nil
}

func (b *builder) not(k string, r *Rule, v any) (effect, error) {
	x, ok := asBool(v)
	if !ok {
		return effect{}, b.errorf(k, "want true or false, got %s", quote(v))
	}
	b.put(k, r.To, !x)
	return mapped(r.To), nil
}

// toList: a scalar becomes a one-item list, a list is kept; either is
// appended to what To holds.
func (b *builder) toList(k string, r *Rule, v any) (effect, error) {
	if list, ok := v.([]any); ok {
		b.appendList(k, r.To, list)
	} else {
		b.appendList(k, r.To, []any{v})
	}
	return mapped(r.To), nil
}

// extGlobs: each extension e becomes *.e; into a list field each is an
// item, into a text field one glob (*.{go,md} for several), unless the
// field already holds a pattern (then the approximation is said).
func (b *builder) extGlobs(k string, r *Rule, v any) (effect, error) {
	var exts []string
	switch x := v.(type) {
	case string:
		exts = []string{x}
	case []any:
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return effect{}, b.errorf(k, "want extensions as text, got %s", quote(e))
			}
			exts = append(exts, s)
		}
	default:
		return effect{}, b.errorf(k, "want an extension or a list of them, got %s", kindOf(v))
	}
	for i, e := range exts {
		exts[i] = strings.TrimPrefix(strings.TrimSpace(e), ".")
	}
	if len(exts) == 0 {
		return effect{to: []string{r.To}}, nil
	}
	if b.listField(r.To) {
		globs := make([]any, len(exts))
		for i, e := range exts {
			globs[i] = "*." + e
		}
		b.appendList(k, r.To, globs)
		return effect{to: []string{r.To}}, nil
	}
	if _, held := b.out[r.To]; held {
		return effect{to: []string{r.To}, approx: true}, nil
	}
	glob := "*." + exts[0]
	if len(exts) > 1 {
		glob = "*.{" + strings.Join(exts, ",") + "}"
	}
	b.put(k, r.To, glob)
	return effect{to: []string{r.To}}, nil
}

const globMeta = "*?[{"

// substringGlob: a bare word is a case-insensitive part of a name
// (*word*), a bare part of a path one of the path (**/*dir/name*); a glob
// is copied.
func (b *builder) substringGlob(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if strings.ContainsAny(s, globMeta) {
		b.put(k, r.To, s)
		return effect{to: []string{r.To}}, nil
	}
	glob := "*" + s + "*"
	if strings.Contains(s, "/") {
		// A part of a path matches anywhere in it: fs.find matches a
		// pattern with a / against the whole path, where * stops at /.
		glob = "**/" + glob
	}
	b.put(k, r.To, glob)
	b.soft = append(b.soft, field{"ignoreCase", true})
	return mapped(r.To, "ignoreCase"), nil
}

// anywhereGlob: a pattern not starting with **/ or / gets **/ in front.
func (b *builder) anywhereGlob(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if !strings.HasPrefix(s, "**/") && !strings.HasPrefix(s, "/") {
		s = "**/" + s
	}
	b.put(k, r.To, s)
	return mapped(r.To), nil
}

// globAlternatives: globs separated by semicolons (Devin's "a; b") become
// one brace alternation, {a,b}; a single glob is copied.
func (b *builder) globAlternatives(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	var globs []string
	for _, g := range strings.Split(s, ";") {
		if g = strings.TrimSpace(g); g != "" {
			globs = append(globs, g)
		}
	}
	switch len(globs) {
	case 0:
		return effect{}, b.errorf(k, "holds no glob; send one or more globs separated by \"; \" (*.py; *.md)")
	case 1:
		b.put(k, r.To, globs[0])
	default:
		b.put(k, r.To, "{"+strings.Join(globs, ",")+"}")
	}
	return mapped(r.To), nil
}

// smartCase: copied; without an upper-case letter the match ignores case.
func (b *builder) smartCase(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	b.put(k, r.To, s)
	if !hasUpper(s) {
		b.soft = append(b.soft, field{"ignoreCase", true})
		return mapped(r.To, "ignoreCase"), nil
	}
	return mapped(r.To), nil
}

// typesNear are up to n ripgrep types for a name that is none: the types
// whose globs match files ending in .s (rs: rust) first, then the names
// nearest to it.
func (v *Vocabulary) typesNear(s string, n int) []string {
	var out []string
	for _, name := range closest(s, v.rgTypes, len(v.rgTypes)) {
		if contains(v.rgTypes[name], "*."+s) {
			out = append(out, name)
		}
	}
	for _, name := range closest(s, v.rgTypes, n) {
		if !contains(out, name) {
			out = append(out, name)
		}
	}
	return out[:min(n, len(out))]
}

// closest are the n names of m nearest to s: those that start with it or
// it starts with first, then by edit distance, then by name.
func closest[V any](s string, m map[string]V, n int) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	rank := func(name string) int {
		d := levenshtein.ComputeDistance(s, name)
		if strings.HasPrefix(name, s) || strings.HasPrefix(s, name) {
			d -= 100
		}
		return d
	}
	sort.Slice(names, func(i, j int) bool {
		ri, rj := rank(names[i]), rank(names[j])
		if ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
	return names[:min(n, len(names))]
}

// rgTypeGlobs: a ripgrep type name becomes its globs, added to To.
func (b *builder) rgTypeGlobs(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	globs, ok := b.r.v.rgTypes[normText(s)]
	if !ok {
		e := b.errorf(k, "%q is not a ripgrep type name (rg --type-list)", s)
		e.Accepted = b.r.v.typesNear(normText(s), 5)
		e.Fix = fmt.Sprintf("Give the files as a glob instead: fs_search {\"pattern\": …, \"glob\": [\"*.%s\"]}", s)
		return effect{}, e
	}
	items := make([]any, len(globs))
	for i, g := range globs {
		items[i] = g
	}
	b.appendList(k, r.To, items)
	return mapped(r.To), nil
}

var (
	urlPattern  = regexp.MustCompile(`https?://[^\s<>"'` + "`" + `]+`)
	urlTrailing = ".,;:)]}>'\""
)

// urlInText: the http(s) URLs in prose; one is url, several are urls.
// The rest of the text is dropped, which the row's approximation says.
func (b *builder) urlInText(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	var urls []any
	seen := map[string]bool{}
	for _, u := range urlPattern.FindAllString(s, -1) {
		u = strings.TrimRight(u, urlTrailing)
		if !seen[u] {
			seen[u] = true
			urls = append(urls, u)
		}
	}
	switch len(urls) {
	case 0:
		e := b.errorf(k, "%s's %s must contain the URL (http:// or https://)", b.tool.agent, b.tool.Names[0])
		e.Fix = `Or fetch it with net_curl {"url": "https://…"}`
		return effect{}, e
	case 1:
		b.put(k, "url", urls[0])
	default:
		b.appendList(k, "urls", urls)
	}
	rest := urlPattern.ReplaceAllString(s, "")
	to := "url"
	if len(urls) > 1 {
		to = "urls"
	}
	return effect{to: []string{to}, approx: strings.Trim(rest, " \t\n"+urlTrailing) != ""}, nil
}

// editText hands the text of an edit format to the caller's parser.
func (b *builder) editText(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	empty := r.Args.EmptySearch
	if r.Transform == "search_replace_blocks" && empty == "" {
		empty = "create"
	}
	b.edit = &EditText{Format: r.Transform, Text: s, Field: r.To, LineHints: r.Args.LineHints, EmptySearch: empty}
	return effect{use: UseEdit, to: []string{r.Transform}}, nil
}

// conflictBlocks: gptme's patch blocks (<<<<<<< ORIGINAL, =======,
// >>>>>>> UPDATED) and Kodu's kodu_diff (<<<<<<< HEAD, =======,
// >>>>>>> updated) are SEARCH/REPLACE blocks under other marker names;
// the marker lines are renamed and the text handed over as those.
func (b *builder) conflictBlocks(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		switch strings.TrimRight(line, " \t\r") {
		case "<<<<<<< ORIGINAL", "<<<<<<< HEAD":
			lines[i] = "<<<<<<< SEARCH"
		case ">>>>>>> UPDATED", ">>>>>>> updated":
			lines[i] = ">>>>>>> REPLACE"
		}
	}
	b.edit = &EditText{Format: "search_replace_blocks", Text: strings.Join(lines, "\n"), Field: r.To, EmptySearch: "create"}
	return effect{use: UseEdit, to: []string{"search_replace_blocks"}}, nil
}

// patchOperation: the Responses API's apply_patch operation (GPT-5.1's
// apply_patch tool: {type: create_file|update_file|delete_file, path,
// diff}, the diff in the V4A form of Codex's envelope) becomes that
// envelope, handed over as apply_patch text. A create_file diff whose
// lines lack the + of added lines is the file's text itself.
func (b *builder) patchOperation(k string, r *Rule, v any) (effect, error) {
	op, ok := v.(map[string]any)
	if s, isText := v.(string); isText && json.Unmarshal([]byte(s), &op) == nil {
		ok = true
	}
	if !ok {
		return effect{}, b.errorf(k, "want an object {type, path, diff}, got %s %s", kindOf(v), quote(v))
	}
	kind, _ := op["type"].(string)
	p, _ := op["path"].(string)
	diff, _ := op["diff"].(string)
	if p == "" {
		return effect{}, b.errorf(k+".path", "is missing: name the file the operation changes")
	}
	var head, body string
	switch kind {
	case "create_file":
		head, body = "*** Add File: "+p, addedLines(diff)
	case "update_file":
		if strings.TrimSpace(diff) == "" {
			return effect{}, b.errorf(k+".diff", "is empty: give the V4A hunks (@@ context, -removed, +added lines)")
		}
		head, body = "*** Update File: "+p, strings.TrimRight(diff, "\n")
	case "delete_file":
		head = "*** Delete File: " + p
	default:
		return effect{}, b.errorf(k+".type", "is %s: want create_file, update_file or delete_file", quote(op["type"]))
	}
	text := "*** Begin Patch\n" + head + "\n"
	if body != "" {
		text += body + "\n"
	}
	b.edit = &EditText{Format: "apply_patch", Text: text + "*** End Patch\n"}
	return effect{use: UseEdit, to: []string{"apply_patch"}}, nil
}

// addedLines is a create_file diff as the + lines of an added file: kept
// when every line has its +, else every line gets one.
func addedLines(diff string) string {
	diff = strings.TrimSuffix(diff, "\n")
	if diff == "" {
		return ""
	}
	lines := strings.Split(diff, "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "+") {
			for i := range lines {
				lines[i] = "+" + lines[i]
			}
			break
		}
	}
	return strings.Join(lines, "\n")
}

// joinName: a file name given apart from its directory and extension
// (Agno's write_file {directory, filename, extension}, CAMEL's
// write_to_file) becomes one path. The extension field, when given,
// replaces the name's own; default_ext is added to a name without one.
func (b *builder) joinName(k string, r *Rule, v any) (effect, error) {
	if v == nil {
		// A directory or extension without the name: nothing to join.
		b.refuse(k, fmt.Sprintf("%s's %s takes the file's name in %s, and the call gives none; name the file: %s {\"path\": \"<directory>/<name>\", …}", b.tool.agent, b.tool.Names[0], k, b.routeTool()), "")
		return effect{use: UseRefused}, nil
	}
	name, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if a := r.Args; a.Ext != nil {
		if x, ok := b.args[*a.Ext].(string); ok && strings.Trim(x, ". ") != "" {
			name = strings.TrimSuffix(name, filepath.Ext(name)) + "." + strings.Trim(x, ". ")
		}
	}
	if r.Args.DefaultExt != "" && filepath.Ext(name) == "" {
		name += "." + strings.TrimPrefix(r.Args.DefaultExt, ".")
		b.notes = append(b.notes, fmt.Sprintf("%s's %s adds .%s to a name without an extension: wrote %s", b.tool.agent, b.tool.Names[0], strings.TrimPrefix(r.Args.DefaultExt, "."), name))
	}
	if a := r.Args; a.Dir != nil {
		if d, ok := b.args[*a.Dir].(string); ok && strings.TrimSpace(d) != "" && !filepath.IsAbs(name) {
			name = filepath.ToSlash(filepath.Join(d, name))
		}
	}
	b.put(k, r.To, name)
	return mapped(r.To), nil
}

// endWithNewline: copied, with a line end added to a text that has none
// at its end (gptme's append ends what it appends with one), said in
// the note.
func (b *builder) endWithNewline(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
		b.notes = append(b.notes, fmt.Sprintf("%s's %s ends the text with a line end; one was added", b.tool.agent, b.tool.Names[0]))
	}
	b.put(k, r.To, s)
	return mapped(r.To), nil
}

// expandTabs: the text with each tab replaced by spaces up to the next
// column that is a multiple of 8, columns counted from each line's start
// (Python's str.expandtabs, which Suna's str_replace applies to old_str
// and new_str before it looks).
func (b *builder) expandTabs(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if strings.Contains(s, "\t") {
		s = expandTabs(s, 8)
		b.notes = append(b.notes, fmt.Sprintf("%s's %s expands the tabs of %s to spaces (every 8 columns) before it looks; so did f0", b.tool.agent, b.tool.Names[0], b.prefix+k))
	}
	b.put(k, r.To, s)
	return mapped(r.To), nil
}

// expandTabs is Python's str.expandtabs(size).
func expandTabs(s string, size int) string {
	var out strings.Builder
	col := 0
	for _, c := range s {
		switch c {
		case '\t':
			n := size - col%size
			out.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			out.WriteRune(c)
			col = 0
		default:
			out.WriteRune(c)
			col++
		}
	}
	return out.String()
}

// routeTool is the route's f0 tool as a client spells it (fs_write).
func (b *builder) routeTool() string {
	if b.route == nil || b.route.To == "" {
		return "fs_read"
	}
	return strings.ReplaceAll(b.route.To, ".", "_")
}

// insertAtLine: f0 has no line-anchored insert; the table's refusal gives
// the two-call recipe.
func (b *builder) insertAtLine(k string, r *Rule, v any) (effect, error) {
	text := r.Refuse
	if text == "" && b.route != nil {
		text = b.route.Refuse
	}
	if text == "" {
		text = fmt.Sprintf("%s inserts text at a line; f0 has no line-anchored insert. Read the line with fs_read {\"path\": …, \"offset\": N, \"limit\": 1}, then fs_edit {\"path\": …, \"oldText\": \"<that line>\", \"newText\": …} with the line and the text in the order you want.", b.tool.Names[0])
	}
	b.refuse(k, text, "fs.edit.insert_at_line")
	return effect{use: UseRefused}, nil
}

// lineSpan: a start line and a text that replaces as many lines from it
// as the text has (XAgent's write_to_file with overwrite: lines[n-1 :
// n-1+len(new_lines)] = new_lines) become f0's startLine, endLine and
// newText. Line 0 is the first line; a negative line, or a span past the
// end of the file, is f0's error.
func (b *builder) lineSpan(k string, r *Rule, v any) (effect, error) {
	n, err := b.intValue(k, v, "a line number")
	if err != nil {
		return effect{}, err
	}
	if n < 0 {
		return effect{}, b.errorf(k, "line %d: negative line numbers are not accepted here", n)
	}
	text, err := b.textValue(r.Args.Text, b.args[r.Args.Text])
	if err != nil {
		return effect{}, err
	}
	count := strings.Count(text, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		count++
	}
	if count == 0 {
		return effect{}, b.errorf(r.Args.Text, "the text has no lines, so it replaces none")
	}
	n = max(n, 1)
	b.put(k, "startLine", n)
	b.put(k, "endLine", n+count-1)
	b.put(r.Args.Text, "newText", text)
	return effect{to: []string{"startLine", "endLine", "newText"}}, nil
}

// unwrapCall: the call inside the envelope, for the caller to resolve.
func (b *builder) unwrapCall(k string, r *Rule, v any) (effect, error) {
	u := &Unwrap{}
	if s, ok := b.args[r.Args.Server].(string); ok {
		u.Server = s
	}
	if t, ok := b.args[r.Args.Tool]; ok && t != nil {
		s, err := b.textValue(r.Args.Tool, t)
		if err != nil {
			return effect{}, err
		}
		u.Tool = strings.TrimSpace(s)
	}
	switch x := b.args[r.Args.Arguments].(type) {
	case nil:
		u.Arguments = map[string]any{}
	case map[string]any:
		u.Arguments = x
	case string:
		if strings.TrimSpace(x) == "" {
			u.Arguments = map[string]any{}
			break
		}
		if err := json.Unmarshal([]byte(x), &u.Arguments); err != nil {
			return effect{}, b.errorf(r.Args.Arguments, "want an object or JSON text of one: %v", err)
		}
	default:
		return effect{}, b.errorf(r.Args.Arguments, "want an object, got %s", kindOf(x))
	}
	b.unwrap = u
	return effect{use: UseCall, to: []string{"call"}}, nil
}

// charsAsBytes: copied; f0 counts bytes where the foreign tool counts
// characters (the same for ASCII), which the row's approximation says.
func (b *builder) charsAsBytes(k string, r *Rule, v any) (effect, error) {
	n, err := b.intValue(k, v, "a number of characters")
	if err != nil {
		return effect{}, err
	}
	b.put(k, r.To, n)
	return mapped(r.To), nil
}

// unescapeNewlines: copied, except that a text with no line end but with
// \n escapes gets line ends for them (MetaGPT's Editor.write reads such
// content so), which the note says.
func (b *builder) unescapeNewlines(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if !strings.Contains(s, "\n") && strings.Contains(s, `\n`) {
		s = strings.ReplaceAll(s, `\n`, "\n")
		b.notes = append(b.notes, fmt.Sprintf(`%s had no line end but \n escapes; wrote them as line ends, as %s's %s does`, k, b.tool.agent, b.tool.Names[0]))
	}
	b.put(k, r.To, s)
	return mapped(r.To), nil
}

// newline: a true flag adds a line end before (anchor before) or after
// (anchor after) the text already mapped to the rule's field (Manus's
// file_write leading_newline and trailing_newline on content); false
// changes nothing.
func (b *builder) newline(k string, r *Rule, v any) (effect, error) {
	on, ok := v.(bool)
	if !ok {
		return effect{}, b.errorf(k, "want true or false, got %v", v)
	}
	if !on {
		return effect{to: []string{r.To}}, nil
	}
	text, ok := b.out[r.To].(string)
	if !ok {
		return effect{}, b.errorf(k, "adds a line end to %s, which the call does not give", r.To)
	}
	if r.Args.Anchor == "before" {
		b.out[r.To] = "\n" + text
	} else {
		b.out[r.To] = text + "\n"
	}
	return effect{to: []string{r.To}}, nil
}

// stripRoot: a path whose first component is a root's base name (Zed's
// backend/src/main.rs with root /a/b/backend) becomes the path inside
// that root when the rest exists there or is a glob.
func (b *builder) stripRoot(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	b.put(k, r.To, b.r.stripRootName(b.ctx, s))
	return effect{to: []string{r.To}}, nil
}

// nameFilter: a keyword or regular expression over file names (Letta's
// grep_files include) as a glob in a list: a plain word is part of a name
// (*word*); anything else is kept for the engine's glob repair, which
// reads a regular expression such as \.py$ as *.py.
func (b *builder) nameFilter(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	if s = strings.TrimSpace(s); s != "" && !strings.ContainsAny(s, globMeta+`\^$|()+`) {
		s = "*" + s + "*"
	}
	b.appendList(k, r.To, []any{s})
	return mapped(r.To), nil
}

// projectRelative: a path relative to the project written with a leading
// slash (JetBrains' /docs/guide.md) is read without it.
func (b *builder) projectRelative(k string, r *Rule, v any) (effect, error) {
	s, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	b.put(k, r.To, b.r.underBase(s, r.Args.Under))
	return effect{to: []string{r.To}}, nil
}

// takeShell takes on the command line and how it runs from the fields of a
// nested object (wcgw's BashCommand {action_json: {command}}), unless the
// call's own fields gave them.
func (b *builder) takeShell(sub *builder) {
	if b.command == nil {
		b.command = sub.command
	}
	if b.shell.Dir == "" {
		b.shell.Dir = sub.shell.Dir
	}
	if b.shell.Env == nil {
		b.shell.Env = sub.shell.Env
	}
	if b.shell.Timeout == 0 {
		b.shell.Timeout = sub.shell.Timeout
	}
}

// shellCommand: the command line, for the caller's shell routing.
func (b *builder) shellCommand(k string, r *Rule, v any) (effect, error) {
	line, err := b.commandLine(k, v, true)
	if err != nil {
		return effect{}, err
	}
	b.command = &line
	return effect{use: UseCall, to: []string{TargetShell}}, nil
}

// commandLine is a shell command given as text, as a list of words
// (Codex's ["bash", "-lc", "cat a.txt"], mcp-shell-server's argv), or, when
// nested is set, as an object that holds it under command (gpt-pilot's
// step {command: {command, timeout, success_message}}): of such an object
// only the command is read, and the note says which keys were not.
func (b *builder) commandLine(k string, v any, nested bool) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []any:
		words := make([]string, 0, len(x))
		for _, w := range x {
			s, ok := w.(string)
			if !ok {
				return "", b.commandError(k, fmt.Sprintf("a list with %s", kindOf(w)))
			}
			words = append(words, quoteWord(s))
		}
		return strings.Join(words, " "), nil
	case map[string]any:
		inner, ok := x["command"]
		if !nested || !ok {
			break
		}
		var rest []string
		for key := range x {
			if key != "command" {
				rest = append(rest, key)
			}
		}
		if len(rest) > 0 {
			sort.Strings(rest)
			b.notes = append(b.notes, fmt.Sprintf("%s: ran the object's command; its %s %s not read", k, strings.Join(rest, ", "), text.Plural(len(rest), "was", "were")))
		}
		return b.commandLine(k+".command", inner, false)
	}
	return "", b.commandError(k, kindOf(v))
}

// commandError says a command was not given as text, with the shape that is.
func (b *builder) commandError(k, got string) *InputError {
	e := b.errorf(k, "want the command as text, got %s", got)
	e.Fix = fmt.Sprintf(`Send the command line as text: {%q: "curl -s http://127.0.0.1:8080/health"}`, k)
	return e
}

// quoteWord quotes one word of a command given as a list (Codex's
// ["bash", "-lc", "cat a.txt"]) so that the line splits back into it.
func quoteWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// projectRelative is p inside the project when p starts with '/' (JetBrains
// resolves every pathInProject so: "/" is the project root, /docs/guide.md
// its docs/guide.md), unless p as written lies inside a root: that reading
// is the one f0's roots already give.
func (r *resolver) projectRelative(p string) string {
	t := strings.TrimSpace(p)
	if r.env == nil || !strings.HasPrefix(t, "/") || r.insideRoot(t) {
		return p
	}
	if rel := strings.TrimLeft(t, "/"); rel != "" {
		return rel
	}
	return "."
}

// underBase is p relative to the agent's own working directory base (Suna's
// clean_path: /workspace/src/a.py, workspace/src/a.py and /src/a.py are all
// src/a.py), unless p as written lies inside a root. Without a base it is
// projectRelative.
func (r *resolver) underBase(p, base string) string {
	b := strings.Trim(base, "/")
	t := strings.TrimSpace(p)
	if b == "" || r.env == nil || (strings.HasPrefix(t, "/") && r.insideRoot(t)) {
		return r.projectRelative(p)
	}
	rel := strings.TrimLeft(t, "/")
	if rel == b {
		return "."
	}
	rel = strings.TrimLeft(strings.TrimPrefix(rel, b+"/"), "/")
	if rel == "" {
		return "."
	}
	return rel
}

// insideRoot reports whether the absolute path t lies inside one of the
// roots.
func (r *resolver) insideRoot(t string) bool { return InsideRoots(r.env.Roots(), t) }

// InsideRoots reports whether p, absolute or relative to the first root,
// lies inside one of roots (separator-aware: /root-evil is not in /root).
func InsideRoots(roots []string, p string) bool {
	if len(roots) == 0 {
		return false
	}
	abs := filepath.FromSlash(p)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(roots[0], abs)
	}
	for _, root := range roots {
		if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func (r *resolver) stripRootName(ctx context.Context, p string) string {
	if r.env == nil || filepath.IsAbs(p) {
		return p
	}
	clean := filepath.ToSlash(p)
	first, rest, ok := strings.Cut(clean, "/")
	if !ok || rest == "" {
		return p
	}
	for _, root := range r.env.Roots() {
		if filepath.Base(root) != first {
			continue
		}
		inside := filepath.Join(root, filepath.FromSlash(rest))
		if strings.ContainsAny(rest, globMeta) || r.env.PathKind(ctx, inside) != PathMissing {
			return inside
		}
		// A file to be made: its directory is inside the root, while the
		// path as sent names nothing and no directory of that name.
		if r.env.PathKind(ctx, clean) == PathMissing && r.env.PathKind(ctx, path.Dir(clean)) == PathMissing &&
			r.env.PathKind(ctx, filepath.Dir(inside)) != PathMissing {
			return inside
		}
	}
	return p
}

// shellCwd: the directory the command runs in, for the caller's shell
// routing to resolve the command's relative paths against (it refuses one
// outside the roots, as for any path).
func (b *builder) shellCwd(k string, r *Rule, v any) (effect, error) {
	dir, err := b.textValue(k, v)
	if err != nil {
		return effect{}, err
	}
	b.shell.Dir = strings.TrimSpace(dir)
	return effect{use: UseCall, to: []string{TargetShell}}, nil
}

// shellEnv: the variables the command's $VAR and ${VAR} read (OpenAI's
// local_shell env); values are text, numbers and booleans as JSON writes
// them.
func (b *builder) shellEnv(k string, r *Rule, v any) (effect, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return effect{}, b.errorf(k, "want an object of variable names and values, got %s %s", kindOf(v), quote(v))
	}
	env := make(map[string]string, len(obj))
	for name, val := range obj {
		switch x := val.(type) {
		case string:
			env[name] = x
		case float64, bool, int, int64, json.Number:
			env[name] = fmt.Sprint(x)
		default:
			return effect{}, b.errorf(k+"."+name, "want the value as text, got %s", kindOf(val))
		}
	}
	b.shell.Env = env
	return effect{use: UseCall, to: []string{TargetShell}}, nil
}

// shellTimeout: the command's time limit, in the row's unit (ms or s),
// for a routed curl without its own -m.
func (b *builder) shellTimeout(k string, r *Rule, v any) (effect, error) {
	n, ok := asFloat(v)
	if !ok || n < 0 {
		return effect{}, b.errorf(k, "want a number of %s, got %s %s", unitName(r.Args.Unit), kindOf(v), quote(v))
	}
	if r.Args.Unit == "ms" {
		n /= 1000
	}
	b.shell.Timeout = n
	return effect{use: UseCall, to: []string{TargetShell}}, nil
}

func unitName(unit string) string {
	if unit == "ms" {
		return "milliseconds"
	}
	return "seconds"
}
