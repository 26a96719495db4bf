package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"f0/engine"
	"f0/internal/shellwords"
)

// The words after `f0 fs.search` are rg's, and those after `f0 fs.find`
// fd's: a person at a terminal types what they type to those programs
// (`f0 fs.search -i -g '*.go' TODO cmd`, `f0 fs.find -e go test`). The
// command line only translates them into the tool's arguments (pattern,
// path, ignoreCase, glob, …); the call then goes through the engine as any
// other, which repairs and checks them as it does a model's. A word
// name=value whose name is one of the tool's fields sets that field, as
// after net.curl, and asks for f0's own view of the answer (the grouped
// listing with counts a model reads) instead of rg's or fd's lines.

// finder is the front end of one of the tools that stand in for rg and fd.
type finder struct {
	program string // "rg" or "fd"
	flags   []finderFlag
	// build makes the tool's arguments from what the words set.
	build func(w *finderWords) error
}

// finderFlag is one flag of rg or fd that the front end takes.
type finderFlag struct {
	short rune   // 0 when the flag has no one-letter form
	long  string // without the leading --
	value bool   // takes a value: -g GLOB, -gGLOB, --glob=GLOB, --glob GLOB
	set   func(w *finderWords, v string) error
}

// finderWords is what the words of one command line said.
type finderWords struct {
	args     map[string]any // the tool's arguments, path aside
	fields   bool           // a name=value word set a field: f0's view
	patterns []string       // -e PATTERN (rg), else the first bare word
	bare     []string       // bare words: the pattern (unless -e), then paths
	globs    []string
	excludes []string
	exts     []string
	caseMode byte // 'i', 's' or 'S' (smart); 0 for the program's default
	literal  bool
	word     bool
	line     bool
	glob     bool // fd -g: the pattern is a glob
	out      finderOutput
}

// finderOutput is how the findings are to be printed.
type finderOutput struct {
	mode     string // "lines", "files", "count", "json", "quiet"
	noLines  bool   // -N: no line numbers
	heading  string // "", "yes", "no"
	filename string // "", "yes", "no"
	color    string // "auto", "always", "never"
	nul      bool   // fd -0: paths end with NUL, for xargs -0
}

// finders are the tools a command line reads rg's and fd's words for, by
// canonical name.
var finders = map[string]*finder{"fs.search": rgFinder(), "fs.find": fdFinder()}

func setArg(name string, v any) func(w *finderWords, _ string) error {
	return func(w *finderWords, _ string) error {
		w.args[name] = v
		return nil
	}
}

func setMode(mode string) func(w *finderWords, _ string) error {
	return func(w *finderWords, _ string) error {
		w.out.mode = mode
		return nil
	}
}

func setCase(c byte) func(w *finderWords, _ string) error {
	return func(w *finderWords, _ string) error {
		w.caseMode = c
		return nil
	}
}

func setColor(w *finderWords, v string) error {
	switch v {
	case "auto", "always", "never", "ansi":
		w.out.color = strings.Replace(v, "ansi", "always", 1)
		return nil
	}
	return fmt.Errorf("--color %q: give auto, always or never", v)
}

// setCount sets an integer argument from a flag's value (-C 2).
func setCount(name string) func(w *finderWords, v string) error {
	return func(w *finderWords, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("%s wants a number of lines, not %q", name, v)
		}
		w.args[name] = n
		return nil
	}
}

func rgFinder() *finder {
	flags := []finderFlag{
		{'i', "ignore-case", false, setCase('i')},
		{'s', "case-sensitive", false, setCase('s')},
		{'S', "smart-case", false, setCase('S')},
		{'F', "fixed-strings", false, func(w *finderWords, _ string) error { w.literal = true; return nil }},
		{'w', "word-regexp", false, func(w *finderWords, _ string) error { w.word = true; return nil }},
		{'x', "line-regexp", false, func(w *finderWords, _ string) error { w.line = true; return nil }},
		{'e', "regexp", true, func(w *finderWords, v string) error { w.patterns = append(w.patterns, v); return nil }},
		{'g', "glob", true, func(w *finderWords, v string) error { w.globs = append(w.globs, v); return nil }},
		{'t', "type", true, func(w *finderWords, v string) error { return addType(&w.globs, v) }},
		{'T', "type-not", true, func(w *finderWords, v string) error { return addType(&w.excludes, v) }},
		{'l', "files-with-matches", false, setMode("files")},
		{'c', "count", false, setMode("count")},
		{'q', "quiet", false, setMode("quiet")},
		{0, "json", false, setMode("json")},
		{'n', "line-number", false, func(w *finderWords, _ string) error { w.out.noLines = false; return nil }},
		{'N', "no-line-number", false, func(w *finderWords, _ string) error { w.out.noLines = true; return nil }},
		{'A', "after-context", true, setCount("after")},
		{'B', "before-context", true, setCount("before")},
		{'C', "context", true, setCount("context")},
		{'m', "max-count", true, setCount("maxPerFile")},
		{'U', "multiline", false, multiline},
		{0, "multiline-dotall", false, setArg("dotall", true)},
		{'H', "with-filename", false, func(w *finderWords, _ string) error { w.out.filename = "yes"; return nil }},
		{'I', "no-filename", false, func(w *finderWords, _ string) error { w.out.filename = "no"; return nil }},
		{0, "heading", false, func(w *finderWords, _ string) error { w.out.heading = "yes"; return nil }},
		{0, "no-heading", false, func(w *finderWords, _ string) error { w.out.heading = "no"; return nil }},
		{0, "color", true, setColor},
		{0, "colour", true, setColor},
		{'.', "hidden", false, setArg("hidden", true)},
		{0, "no-ignore", false, setArg("gitignore", false)},
		{'u', "unrestricted", false, unrestricted},
	}
	return &finder{program: "rg", flags: flags, build: buildSearch}
}

func fdFinder() *finder {
	flags := []finderFlag{
		{'H', "hidden", false, setArg("hidden", true)},
		{'I', "no-ignore", false, setArg("gitignore", false)},
		{'u', "unrestricted", false, func(w *finderWords, _ string) error {
			w.args["hidden"], w.args["gitignore"] = true, false
			return nil
		}},
		{'i', "ignore-case", false, setCase('i')},
		{'s', "case-sensitive", false, setCase('s')},
		{'g', "glob", false, func(w *finderWords, _ string) error { w.glob = true; return nil }},
		{'F', "fixed-strings", false, func(w *finderWords, _ string) error { w.literal = true; return nil }},
		{'e', "extension", true, func(w *finderWords, v string) error {
			w.exts = append(w.exts, strings.TrimPrefix(v, "."))
			return nil
		}},
		{'t', "type", true, setFileType},
		{'d', "max-depth", true, setDepth("maxDepth")},
		{0, "min-depth", true, setDepth("minDepth")},
		{0, "exact-depth", true, setDepth("minDepth", "maxDepth")},
		{'E', "exclude", true, func(w *finderWords, v string) error { w.excludes = append(w.excludes, v); return nil }},
		{'c', "color", true, setColor},
		{'q', "quiet", false, setMode("quiet")},
		{'0', "print0", false, func(w *finderWords, _ string) error { w.out.nul = true; return nil }},
		{0, "json", false, setMode("json")},
	}
	return &finder{program: "fd", flags: flags, build: buildFind}
}

// multiline is rg's -U: a match may span lines, and . matches a line end
// only with --multiline-dotall, before or after it.
func multiline(w *finderWords, _ string) error {
	w.args["multiline"] = true
	if _, dotall := w.args["dotall"]; !dotall {
		w.args["dotall"] = false
	}
	return nil
}

// unrestricted is rg's -u: -u leaves out no ignored file, -uu no hidden
// one either, -uuu no binary one (which f0 never searches).
func unrestricted(w *finderWords, _ string) error {
	if w.args["gitignore"] == false {
		w.args["hidden"] = true
	}
	w.args["gitignore"] = false
	return nil
}

// addType adds the globs of one of rg's file types.
func addType(list *[]string, name string) error {
	globs, ok := engine.RipgrepTypeGlobs(name)
	if !ok {
		return fmt.Errorf("unrecognized file type: %s (the types are rg's, rg --type-list)", name)
	}
	*list = append(*list, globs...)
	return nil
}

// setDepth reads fd's --max-depth, --min-depth and --exact-depth, which
// count as fs.find's depths do (1: the directory's own entries).
func setDepth(fields ...string) func(w *finderWords, v string) error {
	return func(w *finderWords, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("depth %q is no whole number", v)
		}
		for _, f := range fields {
			w.args[f] = n
		}
		return nil
	}
}

// setFileType reads fd's -t: f or file, d or dir.
func setFileType(w *finderWords, v string) error {
	switch v {
	case "f", "file":
		w.args["type"] = "file"
	case "d", "dir", "directory":
		w.args["type"] = "dir"
	default:
		return fmt.Errorf("-t %s: f0 fs.find tells files (f) from directories (d) only", v)
	}
	return nil
}

// lookup finds the flag a word names: "-i", "--glob".
func (f *finder) lookup(short rune, long string) *finderFlag {
	for i := range f.flags {
		if short != 0 && f.flags[i].short == short || long != "" && f.flags[i].long == long {
			return &f.flags[i]
		}
	}
	return nil
}

// ownsFlag reports whether words[i] is a flag of the program's, and how
// many words it and its value take (see toolFlag).
func (f *finder) ownsFlag(words []string, i int) int {
	w := words[i]
	if long, ok := strings.CutPrefix(w, "--"); ok && long != "" {
		name, _, hasValue := strings.Cut(long, "=")
		fl := f.lookup(0, name)
		switch {
		case fl == nil:
			return 0
		case fl.value && !hasValue && i+1 < len(words):
			return 2
		}
		return 1
	}
	if len(w) < 2 || w[0] != '-' {
		return 0
	}
	for j, c := range w[1:] {
		fl := f.lookup(c, "")
		if fl == nil {
			return 0
		}
		if fl.value {
			if j+2 == len(w) && i+1 < len(words) {
				return 2
			}
			return 1
		}
	}
	return 1
}

// read goes through the words once: flags, name=value fields, bare words.
func (f *finder) read(fields []string, words []string) (*finderWords, error) {
	w := &finderWords{args: map[string]any{}, out: finderOutput{mode: "lines", color: "auto"}}
	isField := func(k string) bool { return slices.Contains(fields, k) }
	for i := 0; i < len(words); i++ {
		word := words[i]
		switch {
		case word == "--":
			w.bare = append(w.bare, words[i+1:]...)
			return w, f.build(w)
		case strings.HasPrefix(word, "--") && len(word) > 2:
			n, err := f.readLong(w, words, i)
			if err != nil {
				return nil, err
			}
			i += n - 1
		case strings.HasPrefix(word, "-") && len(word) > 1:
			n, err := f.readShort(w, words, i)
			if err != nil {
				return nil, err
			}
			i += n - 1
		default:
			key, val, isJSON := shellwords.SplitPair(word)
			if !isField(key) {
				w.bare = append(w.bare, word)
				continue
			}
			v, err := shellwords.PairValue(word, val, isJSON)
			if err != nil {
				return nil, err
			}
			w.args[key], w.fields = v, true
		}
	}
	return w, f.build(w)
}

// readLong reads --flag, --flag=value or --flag value; it returns how many
// words it took.
func (f *finder) readLong(w *finderWords, words []string, i int) (int, error) {
	name, value, hasValue := strings.Cut(words[i][2:], "=")
	fl := f.lookup(0, name)
	if fl == nil {
		return 0, f.unknown(words[i])
	}
	if !fl.value {
		if hasValue {
			return 0, fmt.Errorf("%s takes no value", "--"+name)
		}
		return 1, fl.set(w, "")
	}
	if hasValue {
		return 1, fl.set(w, value)
	}
	if i+1 >= len(words) {
		return 0, fmt.Errorf("--%s needs a value", name)
	}
	return 2, fl.set(w, words[i+1])
}

// readShort reads a group of short flags (-il, -C2, -g '*.go'); it returns
// how many words it took.
func (f *finder) readShort(w *finderWords, words []string, i int) (int, error) {
	group := []rune(words[i][1:])
	for j, c := range group {
		fl := f.lookup(c, "")
		if fl == nil {
			return 0, f.unknown("-" + string(c))
		}
		if !fl.value {
			if err := fl.set(w, ""); err != nil {
				return 0, err
			}
			continue
		}
		if rest := string(group[j+1:]); rest != "" {
			return 1, fl.set(w, strings.TrimPrefix(rest, "="))
		}
		if i+1 >= len(words) {
			return 0, fmt.Errorf("-%c needs a value", c)
		}
		return 2, fl.set(w, words[i+1])
	}
	return 1, nil
}

// unknown is the error for a flag the front end does not take.
func (f *finder) unknown(flag string) error {
	var names []string
	for _, fl := range f.flags {
		if fl.short != 0 {
			names = append(names, "-"+string(fl.short))
		} else {
			names = append(names, "--"+fl.long)
		}
	}
	return fmt.Errorf("%s is not one of the %s flags f0 takes (%s); a pattern that starts with - goes after -- or -e", flag, f.program, strings.Join(names, " "))
}

// hasUpper reports whether s has an upper-case letter (smart case).
func hasUpper(s string) bool {
	return strings.IndexFunc(s, unicode.IsUpper) >= 0
}

// buildSearch makes fs.search's arguments: the pattern from -e or the
// first bare word (rg -w, -x and several -e put together as one
// expression), the paths after it, the globs of -g and -t.
func buildSearch(w *finderWords) error {
	if p, ok := w.args["pattern"].(string); ok && len(w.patterns) == 0 {
		w.patterns = []string{p} // pattern=…: the bare words are paths
	}
	if len(w.patterns) == 0 {
		if len(w.bare) == 0 {
			return fmt.Errorf("no pattern given: f0 fs.search PATTERN [PATH…]")
		}
		w.patterns, w.bare = w.bare[:1], w.bare[1:]
	}
	pattern := w.patterns[0]
	if len(w.patterns) > 1 || w.word || w.line {
		parts := make([]string, len(w.patterns))
		for i, p := range w.patterns {
			if w.literal {
				p = regexp.QuoteMeta(p)
			}
			parts[i] = p
		}
		pattern = strings.Join(parts, "|")
		switch {
		case w.word:
			pattern = `\b(?:` + pattern + `)\b`
		case w.line:
			pattern = `^(?:` + pattern + `)$`
		case len(parts) > 1:
			pattern = `(?:` + strings.Join(parts, ")|(?:") + `)`
		}
	} else if w.literal {
		w.args["literal"] = true
	}
	w.args["pattern"] = pattern
	switch w.caseMode {
	case 'i':
		w.args["ignoreCase"] = true
	case 'S':
		w.args["ignoreCase"] = !hasUpper(strings.Join(w.patterns, ""))
	}
	if len(w.globs) > 0 {
		w.args["glob"] = anyList(w.globs)
	}
	if len(w.excludes) > 0 {
		w.args["exclude"] = anyList(w.excludes)
	}
	if w.out.mode == "files" || w.out.mode == "count" {
		w.args["filesOnly"] = true
	}
	return nil
}

// globSpecial are the characters of a glob.
const globSpecial = "*?[]{}"

// buildFind makes fs.find's glob from fd's words: a name part (fd go:
// names that contain "go"), a glob with -g or when the word is one, with
// the extensions of -e; fd's smart case (no capital: any case).
func buildFind(w *finderWords) error {
	if _, ok := w.args["pattern"]; ok {
		return nil // pattern=… is the tool's glob; the bare words are paths
	}
	pattern := ""
	if len(w.bare) > 0 {
		pattern, w.bare = w.bare[0], w.bare[1:]
	}
	switch {
	case w.glob || !w.literal && strings.ContainsAny(pattern, globSpecial):
		if len(w.exts) > 0 {
			return fmt.Errorf("-e with a glob: put the extension in the glob (%s.%s)", pattern, w.exts[0])
		}
	default:
		name, err := namePart(pattern, w.literal)
		if err != nil {
			return err
		}
		pattern = name + extGlob(w.exts)
	}
	w.args["pattern"] = pattern
	if w.caseMode == 'i' || w.caseMode == 0 && !hasUpper(pattern) {
		w.args["ignoreCase"] = true
	}
	if len(w.excludes) > 0 {
		w.args["exclude"] = anyList(w.excludes)
	}
	return nil
}

// namePart turns fd's pattern into a glob over names: a substring of the
// name, ^ and $ anchoring it as in fd's regular expressions. Other regular
// expression syntax is refused: fs.find takes globs.
func namePart(p string, literal bool) (string, error) {
	if p == "" {
		return "*", nil
	}
	start, end := "*", "*"
	if !literal {
		if rest, ok := strings.CutPrefix(p, "^"); ok {
			start, p = "", rest
		}
		if rest, ok := strings.CutSuffix(p, "$"); ok && !strings.HasSuffix(rest, `\`) {
			end, p = "", rest
		}
		p = strings.ReplaceAll(p, `\.`, ".")
		if strings.ContainsAny(p, `\()|+^$`) {
			return "", fmt.Errorf("%q is a regular expression; f0 fs.find takes a part of a name (fd go), or a glob (fd -g '*.go'): write it as a glob", p)
		}
	}
	var b strings.Builder
	for _, c := range p {
		if strings.ContainsRune(globSpecial+`\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return start + b.String() + end, nil
}

// extGlob is the end of a name with one of fd's -e extensions.
func extGlob(exts []string) string {
	switch len(exts) {
	case 0:
		return ""
	case 1:
		return "." + exts[0]
	}
	return ".{" + strings.Join(exts, ",") + "}"
}

func anyList(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}
