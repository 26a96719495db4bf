package main

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"f0/engine"
	"f0/internal/setting"
	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"

	"github.com/spf13/pflag"
)

// cliRenderer writes the calls f0 suggests (a footer's "Get the rest", an
// error's example, a tool's examples) as the f0 command line that makes
// them, runnable as printed in a POSIX shell:
//
//	f0 --root /srv fs.read go.mod offset=120
//	f0 net.curl -sL https://example.com/ offset=23893
//
// It repeats the f0 flags of the command line it answers, so the
// suggestion runs with the same roots and limits. Names in prose (an
// error's heading, a "did you mean" list) are spelt as in those command
// lines, fs.read, so a terminal never shows fs_read above `f0 fs.read`.
type cliRenderer struct {
	reg   *engine.Registry
	flags []string // f0's own flags of this invocation, as words
}

// withCLIRenderer makes every call made with ctx suggest f0 command lines.
func (a *app) withCLIRenderer(ctx context.Context, p *engine.Host) context.Context {
	return engine.WithDialect(ctx, cliRenderer{reg: p.Registry(), flags: a.lineFlags})
}

// Name writes the tool's name as the command line takes it: fs.read.
func (r cliRenderer) Name(s tool.Suggestion) string { return s.Tool }

// Redirect writes the call with its standard output sent to file, which
// then gets all of it: `f0 fs.read x.bin base64=true > x.bin.b64`.
func (r cliRenderer) Redirect(s tool.Suggestion, file string) string {
	return r.Call(s) + " > " + quoteWord(file)
}

// CanonicalNames is true: the command line spells every tool fs.read.
func (r cliRenderer) CanonicalNames() bool { return true }

// Setting writes a server setting as the flag that sets it on this
// command line: "--access read".
func (r cliRenderer) Setting(s setting.Setting, value string) string {
	return setting.FlagSetting(s, value)
}

// Change writes the flag to put on the command line: "--access write".
// The person at the terminal starts f0, so no environment variable or
// client configuration comes into it.
func (r cliRenderer) Change(s setting.Setting, value string) string {
	return setting.FlagSetting(s, value)
}

// ListTools is the command that lists the tools this invocation exposes:
// `f0 [FLAGS] tools`, never MCP's tools/list, which means nothing on a
// terminal.
func (r cliRenderer) ListTools() string {
	words := append(append([]string{"f0"}, r.flags...), "tools")
	return strings.Join(quoteWords(words), " ")
}

// Call writes `f0 [FLAGS] TOOL WORDS…`, or `f0 [FLAGS] call NAME 'JSON'`
// for a name the registry does not know.
func (r cliRenderer) Call(s tool.Suggestion) string {
	words := append([]string{"f0"}, r.flags...)
	if t := r.reg.Lookup(s.Tool); t != nil {
		words = append(words, s.Tool)
		words = append(words, r.argWords(t, plainArgs(s.Args))...)
	} else {
		words = append(words, "call", s.Tool, text.CompactJSON(s.Args))
	}
	return strings.Join(quoteWords(words), " ")
}

// argWords turns a suggestion's arguments into command-line words: a raw
// field's words (curl's) as they are, the main field as a bare word when it
// reads back the same, every other field as key=value (strings, and numbers
// and booleans for fields declared so) or key:=JSON.
func (r cliRenderer) argWords(t *tool.Tool, args map[string]any) []string {
	var raw, bare []string
	if t.RawArgsField != "" {
		if ws, ok := rawWords(args[t.RawArgsField]); ok {
			raw = ws
			delete(args, t.RawArgsField)
		}
	}
	if v, ok := args[t.MainField].(string); ok && t.MainField != "" && t.RawArgsField == "" && readsBackBare(v) {
		bare = []string{v}
		delete(args, t.MainField)
	}
	fields := r.fieldWords(t, args)
	if slices.Contains(raw, "--") {
		return append(fields, raw...) // after "--" every word is curl's
	}
	return append(append(bare, raw...), fields...)
}

// fieldWords writes fields as key=value or key:=JSON, in name order.
func (r cliRenderer) fieldWords(t *tool.Tool, args map[string]any) []string {
	keys := slices.Sorted(maps.Keys(args))
	var words []string
	for _, k := range keys {
		switch v := args[k].(type) {
		case string:
			words = append(words, k+"="+v)
		case json.Number, bool:
			if typ := r.reg.FieldType(t, k); typ == "integer" || typ == "number" || typ == "boolean" {
				words = append(words, k+"="+text.CompactJSON(v))
				continue
			}
			words = append(words, k+":="+text.CompactJSON(v))
		default:
			words = append(words, k+":="+text.CompactJSON(v))
		}
	}
	return words
}

// rawWords reads a raw field's value: a list of strings, or one string
// split like a shell would.
func rawWords(v any) ([]string, bool) {
	switch x := v.(type) {
	case string:
		ws, _, err := shellwords.ShellWords(x)
		return ws, err == nil
	case []any:
		ws := make([]string, 0, len(x))
		for _, w := range x {
			s, ok := w.(string)
			if !ok {
				return nil, false
			}
			ws = append(ws, s)
		}
		return ws, true
	}
	return nil, false
}

// readsBackBare reports whether v, written as a bare word, reads back as
// the main field's value: not a flag, a pair, JSON or stdin.
func readsBackBare(v string) bool {
	return v != "" && !strings.HasPrefix(v, "-") && !strings.ContainsRune(v, '=') && !strings.HasPrefix(strings.TrimSpace(v), "{")
}

// plainArgs turns arguments into a map of plain JSON values (numbers kept
// exact), or nil when they are not an object.
func plainArgs(v any) map[string]any {
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return nil
	}
	return m
}

// shellSpecial are the characters that make a word need quotes in a POSIX
// shell.
const shellSpecial = " \t\n'\"\\$&;|<>(){}[]*?!#~`"

// quoteWords quotes the words that need it for a POSIX shell.
func quoteWords(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = quoteWord(w)
	}
	return out
}

func quoteWord(w string) string {
	if w != "" && !strings.ContainsAny(w, shellSpecial) {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// lineFlagWords are f0's own flags given on the command line (not through
// the environment), as words that give them again.
func lineFlagWords(fs *pflag.FlagSet, global *pflag.FlagSet) []string {
	var words []string
	fs.Visit(func(f *pflag.Flag) {
		if global.Lookup(f.Name) == nil || f.Name == "help" || f.Name == "version" || f.Name == "log-level" {
			return
		}
		sv, ok := f.Value.(pflag.SliceValue)
		switch {
		case ok && f.Value.Type() == "stringArray":
			for _, v := range sv.GetSlice() {
				words = append(words, "--"+f.Name, v)
			}
		case ok:
			words = append(words, "--"+f.Name, strings.Join(sv.GetSlice(), ","))
		default:
			words = append(words, "--"+f.Name, f.Value.String())
		}
	})
	return words
}
