package net

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/itchyny/gojq"

	"f0/internal/shellwords"
)

// The filters a request's output is piped through are applied to the
// body, never dropped: jq with gojq (jq's language, implemented in Go;
// object keys come out sorted, where jq keeps their order), and head,
// tail and grep as exact filters on the body's text. A filter that
// cannot run on the body (it is not JSON, or only its start was kept) is
// said in a note, and the body is shown as it is. The reason to apply
// them rather than return the whole body: the model asked for the part,
// and a body many times the size of that part would crowd its context
// out.

// bodyFilter is one command of a pipe after the request.
type bodyFilter struct {
	// shown is the command as written: "jq .items".
	shown string
	apply func(ctx context.Context, body string) (string, error)
	// what is a note's remark on how it was applied, if any.
	what string
}

// parseFilter reads one command after a pipe; an error says why it is
// not one f0 applies.
func parseFilter(c shellwords.Command) (bodyFilter, error) {
	if c.Err != nil {
		return bodyFilter{}, c.Err
	}
	if len(c.Redirects) > 0 {
		return bodyFilter{}, fmt.Errorf("%s redirects the filtered output, and f0 saves only a whole body (-o)", quoteCommand(c))
	}
	f := bodyFilter{shown: strings.Join(quotedWords(c.Words), " ")}
	var err error
	switch c.Words[0] {
	case "head", "tail":
		f.apply, err = lineFilter(c.Words[0], c.Words[1:])
	case "grep", "egrep", "fgrep":
		f.apply, err = grepFilter(c.Words[0], c.Words[1:])
	case "jq", "gojq":
		f.apply, err = jqFilter(c.Words[1:])
		f.what = "with gojq (jq's language; object keys come out sorted)"
	default:
		return f, fmt.Errorf("the output is piped into %s, and f0 applies only jq, head, tail and grep to a body", quoteCommand(c))
	}
	if err != nil {
		return f, fmt.Errorf("%s: %w", quoteCommand(c), err)
	}
	return f, nil
}

func quotedWords(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellQuote(w)
	}
	return out
}

// applyFilters runs the filters over a body and says what was done.
func applyFilters(ctx context.Context, filters []bodyFilter, body string) (string, string) {
	var done []string
	for _, f := range filters {
		out, err := f.apply(ctx, body)
		if err != nil {
			note := fmt.Sprintf("note: | %s was not applied: %v; the body is shown as it is", f.shown, err)
			if len(done) > 0 {
				note = fmt.Sprintf("note: applied | %s; | %s was not: %v; shown as far as it was applied", strings.Join(done, " | "), f.shown, err)
			}
			return body, note
		}
		body = out
		shown := f.shown
		if f.what != "" {
			shown += " " + f.what
		}
		done = append(done, shown)
	}
	return body, "note: applied | " + strings.Join(done, " | ") + " to the body, as the shell would have"
}

// lineFilter is head or tail: -n N, -N, -c N (tail -n +N from line N).
func lineFilter(name string, args []string) (func(context.Context, string) (string, error), error) {
	count, bytesMode, from, err := countArgs(name, args)
	if err != nil {
		return nil, err
	}
	return func(_ context.Context, body string) (string, error) {
		switch {
		case bytesMode && name == "head":
			return body[:min(count, len(body))], nil
		case bytesMode:
			return body[max(len(body)-count, 0):], nil
		case name == "head":
			return headLines(body, count), nil
		case from:
			return tailFrom(body, count), nil
		}
		return tailLines(body, count), nil
	}, nil
}

// countArgs reads head's and tail's options: the count, whether it counts
// bytes, and (tail -n +N) whether it is the first line to show.
func countArgs(name string, args []string) (count int, bytesMode, from bool, err error) {
	count = 10
	for i := 0; i < len(args); i++ {
		a := args[i]
		var v string
		switch {
		case a == "-n" || a == "-c" || a == "--lines" || a == "--bytes":
			if i+1 == len(args) {
				return 0, false, false, fmt.Errorf("%s needs a number", a)
			}
			bytesMode = a == "-c" || a == "--bytes"
			v, i = args[i+1], i+1
		case strings.HasPrefix(a, "--lines=") || strings.HasPrefix(a, "--bytes="):
			bytesMode = strings.HasPrefix(a, "--bytes=")
			v = a[strings.IndexByte(a, '=')+1:]
		case len(a) > 2 && (a[:2] == "-n" || a[:2] == "-c"):
			bytesMode = a[1] == 'c'
			v = a[2:]
		case len(a) > 1 && a[0] == '-' && isDigits(a[1:]):
			v = a[1:]
		default:
			return 0, false, false, fmt.Errorf("%s's %s is not an option f0 applies (it takes -n N, -N and -c N)", name, a)
		}
		from = name == "tail" && strings.HasPrefix(v, "+")
		n, perr := strconv.Atoi(strings.TrimPrefix(v, "+"))
		if perr != nil || n < 0 {
			return 0, false, false, fmt.Errorf("%q is not a count", v)
		}
		count = n
	}
	return count, bytesMode, from, nil
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// splitLines splits s after each newline, without an empty last piece.
func splitLines(s string) []string {
	out := strings.SplitAfter(s, "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// headLines is the first n lines of s.
func headLines(s string, n int) string {
	l := splitLines(s)
	return strings.Join(l[:min(n, len(l))], "")
}

// tailLines is the last n lines of s.
func tailLines(s string, n int) string {
	l := splitLines(s)
	return strings.Join(l[max(len(l)-n, 0):], "")
}

// tailFrom is s from line n (1-based).
func tailFrom(s string, n int) string {
	l := splitLines(s)
	return strings.Join(l[min(max(n-1, 0), len(l)):], "")
}

// grepFilter keeps the lines that match: -i, -v, -E, -F, -w, -x, -n, -c,
// -o, and -e PATTERN, as grep does (a basic regular expression without -E).
func grepFilter(name string, args []string) (func(context.Context, string) (string, error), error) {
	g := grep{extended: name == "egrep", fixed: name == "fgrep"}
	var pattern *string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-e" && i+1 < len(args):
			pattern = &args[i+1]
			i++
		case strings.HasPrefix(a, "-") && len(a) > 1 && pattern == nil:
			if err := g.flags(a); err != nil {
				return nil, err
			}
		case pattern == nil:
			pattern = &args[i]
		default:
			return nil, fmt.Errorf("grep reads the body, and %q names a file", a)
		}
	}
	if pattern == nil {
		return nil, errors.New("grep needs a pattern")
	}
	re, err := g.compile(*pattern)
	if err != nil {
		return nil, err
	}
	return func(_ context.Context, body string) (string, error) { return g.run(re, body), nil }, nil
}

// grep is grep's options.
type grep struct {
	extended, fixed, ignoreCase, invert, word, line, number, count, only bool
}

func (g *grep) flags(a string) error {
	if long, ok := strings.CutPrefix(a, "--"); ok {
		switch long {
		case "ignore-case":
			g.ignoreCase = true
		case "invert-match":
			g.invert = true
		case "extended-regexp":
			g.extended = true
		case "fixed-strings":
			g.fixed = true
		default:
			return fmt.Errorf("grep's --%s is not an option f0 applies", long)
		}
		return nil
	}
	for _, c := range a[1:] {
		switch c {
		case 'i':
			g.ignoreCase = true
		case 'v':
			g.invert = true
		case 'E':
			g.extended = true
		case 'F':
			g.fixed = true
		case 'w':
			g.word = true
		case 'x':
			g.line = true
		case 'n':
			g.number = true
		case 'c':
			g.count = true
		case 'o':
			g.only = true
		case 's', 'a', 'h':
		default:
			return fmt.Errorf("grep's -%c is not an option f0 applies (it takes -i -v -E -F -w -x -n -c -o)", c)
		}
	}
	return nil
}

// compile turns grep's pattern into a Go regular expression.
func (g *grep) compile(p string) (*regexp.Regexp, error) {
	switch {
	case g.fixed:
		p = regexp.QuoteMeta(p)
	case !g.extended:
		p = basicToExtended(p)
	}
	if g.word {
		p = `\b(?:` + p + `)\b`
	}
	if g.line {
		p = `^(?:` + p + `)$`
	}
	if g.ignoreCase {
		p = "(?i)" + p
	}
	re, err := regexp.Compile(p)
	if err != nil {
		return nil, fmt.Errorf("the pattern is not one Go's regexp reads: %w", err)
	}
	return re, nil
}

// basicToExtended turns a POSIX basic regular expression into an extended
// one: \( \) \{ \} \| \+ \? are the operators, and ( ) { } | + ? are text.
func basicToExtended(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p) && strings.IndexByte("(){}|+?", p[i+1]) >= 0:
			b.WriteByte(p[i+1])
			i++
		case c == '\\' && i+1 < len(p):
			b.WriteString(p[i : i+2])
			i++
		case strings.IndexByte("(){}|+?", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// run filters the body's lines.
func (g *grep) run(re *regexp.Regexp, body string) string {
	var b strings.Builder
	n := 0
	for i, line := range strings.SplitAfter(body, "\n") {
		plain := strings.TrimSuffix(line, "\n")
		if plain == "" && line == "" {
			continue
		}
		if re.MatchString(plain) == g.invert {
			continue
		}
		n++
		switch {
		case g.count:
		case g.only && !g.invert:
			for _, m := range re.FindAllString(plain, -1) {
				g.write(&b, i+1, m)
			}
		default:
			g.write(&b, i+1, plain)
		}
	}
	if g.count {
		return strconv.Itoa(n) + "\n"
	}
	return b.String()
}

func (g *grep) write(b *strings.Builder, line int, s string) {
	if g.number {
		fmt.Fprintf(b, "%d:", line)
	}
	b.WriteString(s)
	b.WriteByte('\n')
}

// jqFilter compiles a jq program with its options: -r, -j, -c, -s, -e,
// -M, -C, -S, --arg NAME VALUE and --argjson NAME JSON.
func jqFilter(args []string) (func(context.Context, string) (string, error), error) {
	var o jqOptions
	program := ""
	seen := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case (a == "--arg" || a == "--argjson") && i+2 < len(args):
			v := any(args[i+2])
			if a == "--argjson" {
				if err := json.Unmarshal([]byte(args[i+2]), &v); err != nil {
					return nil, fmt.Errorf("--argjson %s: %w", args[i+1], err)
				}
			}
			o.names, o.values = append(o.names, "$"+args[i+1]), append(o.values, v)
			i += 2
		case strings.HasPrefix(a, "-") && len(a) > 1 && !seen:
			if err := o.flags(a); err != nil {
				return nil, err
			}
		case !seen:
			program, seen = a, true
		default:
			return nil, fmt.Errorf("jq reads the body, and %q names a file", a)
		}
	}
	if !seen {
		program = "."
	}
	q, err := gojq.Parse(program)
	if err != nil {
		return nil, fmt.Errorf("the program does not parse: %w", err)
	}
	code, err := gojq.Compile(q, gojq.WithVariables(o.names))
	if err != nil {
		return nil, fmt.Errorf("the program does not compile: %w", err)
	}
	return func(ctx context.Context, body string) (string, error) { return o.run(ctx, code, body) }, nil
}

// jqOptions are jq's options f0 applies.
type jqOptions struct {
	raw, join, compact, slurp bool
	names                     []string
	values                    []any
}

func (o *jqOptions) flags(a string) error {
	if long, ok := strings.CutPrefix(a, "--"); ok {
		switch long {
		case "raw-output":
			o.raw = true
		case "join-output":
			o.raw, o.join = true, true
		case "compact-output":
			o.compact = true
		case "slurp":
			o.slurp = true
		case "monochrome-output", "color-output", "sort-keys", "exit-status":
		default:
			return fmt.Errorf("jq's --%s is not an option f0 applies", long)
		}
		return nil
	}
	for _, c := range a[1:] {
		switch c {
		case 'r':
			o.raw = true
		case 'j':
			o.raw, o.join = true, true
		case 'c':
			o.compact = true
		case 's':
			o.slurp = true
		case 'M', 'C', 'S', 'e':
		default:
			return fmt.Errorf("jq's -%c is not an option f0 applies (it takes -r -j -c -s -e -M -C -S, --arg, --argjson)", c)
		}
	}
	return nil
}

// run runs the program over each JSON value of the body (or, with -s,
// over the list of them) and writes its results as jq does.
func (o *jqOptions) run(ctx context.Context, code *gojq.Code, body string) (string, error) {
	inputs, err := jsonValues(body)
	if err != nil {
		return "", err
	}
	if o.slurp {
		inputs = []any{inputs}
	}
	var b strings.Builder
	for _, in := range inputs {
		iter := code.RunWithContext(ctx, in, o.values...)
		for {
			v, ok := iter.Next()
			if !ok {
				break
			}
			if err, isErr := v.(error); isErr {
				return "", fmt.Errorf("jq: %w", err)
			}
			if err := o.write(&b, v); err != nil {
				return "", err
			}
		}
	}
	return b.String(), nil
}

// write writes one result: a string as it is with -r, JSON otherwise
// (indented by two spaces, or compact with -c).
func (o *jqOptions) write(b *strings.Builder, v any) error {
	if s, ok := v.(string); ok && o.raw {
		b.WriteString(s)
	} else {
		enc, err := gojq.Marshal(v)
		if err != nil {
			return err
		}
		if !o.compact {
			var ind bytes.Buffer
			if json.Indent(&ind, enc, "", "  ") == nil {
				enc = ind.Bytes()
			}
		}
		b.Write(enc)
	}
	if !o.join {
		b.WriteByte('\n')
	}
	return nil
}

// jsonValues decodes the JSON values of a body, one or a stream of them.
func jsonValues(body string) ([]any, error) {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the body is not JSON (%v)", err)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errors.New("the body is empty")
	}
	return out, nil
}
