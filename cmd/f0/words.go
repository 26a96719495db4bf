package main

import (
	"fmt"
	"slices"
	"strings"

	"f0/engine"
	"f0/internal/shellwords"
	"f0/tool"

	"github.com/spf13/pflag"

	"f0/catalog"
)

// The words after a tool name (`f0 TOOL WORDS…`) are read in this order:
//
//  1. Up to a "--" word, a word spelt like one of f0's own flags (--root DIR,
//     --access=read) is f0's, unless the tool owns a flag of that spelling
//     (Spec.RawFlag: curl's flags stay curl's) or the word is the value of
//     a preceding tool flag (-H --root).
//  2. For a tool that takes CLI words verbatim (net.curl), a word
//     name=value or name:=json whose name is exactly one of the tool's
//     declared fields, and which is neither the value of a preceding flag
//     (-d a=b) nor after "--", sets that field; every other word is the
//     tool's (curl's flags and URLs).
//  3. For every other tool, key=value and key:=json set fields, other words
//     fill the main field, and after "--" every word is a bare value.

// lineFlag is one of f0's flags as written on the command line.
type lineFlag struct {
	name, value string
}

// f0Flag reports whether w is spelt like one of f0's own flags (--root,
// --access=read), and returns the flag and the value written in the word.
func f0Flag(fs *pflag.FlagSet, w string) (f *pflag.Flag, value string, hasValue bool) {
	name, ok := strings.CutPrefix(w, "--")
	if !ok || name == "" {
		return nil, "", false
	}
	name, value, hasValue = strings.Cut(name, "=")
	if name == "help" || name == "version" {
		return nil, "", false // help and version after a tool name are the tool's
	}
	return fs.Lookup(name), value, hasValue
}

// hasF0Flag reports whether any word before "--" is spelt like an f0 flag.
func hasF0Flag(fs *pflag.FlagSet, words []string) bool {
	for _, w := range words {
		if w == "--" {
			return false
		}
		if f, _, _ := f0Flag(fs, w); f != nil {
			return true
		}
	}
	return false
}

// takeF0Flags removes f0's own flags from the words after a tool name and
// returns them with the words left for the tool. owner is the tool, when
// known: its own flags, and their values, stay with it.
func takeF0Flags(fs *pflag.FlagSet, owner *tool.Tool, words []string) ([]lineFlag, []string, error) {
	var flags []lineFlag
	var rest []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return flags, append(rest, words[i:]...), nil
		}
		if n := toolFlag(owner, words, i); n > 0 {
			rest = append(rest, words[i:i+n]...)
			i += n - 1
			continue
		}
		f, value, hasValue := f0Flag(fs, w)
		if f == nil {
			rest = append(rest, w)
			continue
		}
		if !hasValue && f.NoOptDefVal == "" {
			if i+1 >= len(words) {
				return nil, nil, fmt.Errorf("--%s needs a value and it is the last word", f.Name)
			}
			i++
			value = words[i]
		}
		flags = append(flags, lineFlag{f.Name, value})
	}
	return flags, rest, nil
}

// toolFlag is how many words, from words[i], are a flag of t's own and its
// value (-H NAME: 2, -sSL: 1); 0 when words[i] is no flag of t.
func toolFlag(t *tool.Tool, words []string, i int) int {
	if f := finderOf(t); f != nil {
		return f.ownsFlag(words, i)
	}
	if t == nil || t.RawFlag == nil {
		return 0
	}
	known, next := t.RawFlag(words[i])
	switch {
	case !known:
		return 0
	case next && i+1 < len(words):
		return 2
	}
	return 1
}

// probeTool finds the tool a name stands for before the flags are final,
// to learn which flags it owns (Spec.RawFlag, which no flag changes). The
// catalogue itself cannot be built yet: the flags after the name (--root,
// --net-*, --upstream, --tools-prefix, --access) shape it. So the name is
// resolved among f0's tool definitions alone (catalog.Definitions: nothing
// opened, no upstream started), with the prefix the flags before the name
// give; nil when the name is no tool of f0's.
func (a *app) probeTool(name string) *tool.Tool {
	_, t := a.probeDefinition(name)
	return t
}

// probeDefinition is probeTool with the registry of f0's definitions the
// tool is found in (for its fields' types); both nil when the name is no
// tool of f0's.
func (a *app) probeDefinition(name string) (*engine.Registry, *tool.Tool) {
	reg, err := catalog.Definitions()
	if err != nil {
		return nil, nil
	}
	p, err := engine.NewHost(reg, engine.Config{Prefix: strings.TrimSuffix(a.flags.toolsPrefix, "_")})
	if err != nil {
		return nil, nil
	}
	t, _ := p.Resolve(name)
	if t == nil {
		return nil, nil
	}
	return reg, t
}

// setLineFlags applies f0 flags found after the tool name, as if they came
// before it.
func setLineFlags(fs *pflag.FlagSet, flags []lineFlag) error {
	for _, lf := range flags {
		if err := fs.Set(lf.name, lf.value); err != nil {
			return fmt.Errorf("invalid argument %q for --%s: %w", lf.value, lf.name, err)
		}
	}
	return nil
}

// strayFlag explains a --word after a tool that has no flags of its own:
// tool arguments are key=value, and f0's flags are listed in --help.
func strayFlag(p *engine.Host, t *tool.Tool, words []string) error {
	for _, w := range words {
		if w == "--" {
			return nil
		}
		name, ok := strings.CutPrefix(w, "--")
		if !ok || name == "" {
			continue
		}
		name, _, _ = strings.Cut(name, "=")
		msg := fmt.Sprintf("unknown flag %s after %s: f0's own flags are listed in f0 --help", w, t.Name)
		if slices.Contains(p.Registry().Fields(t), name) {
			msg += fmt.Sprintf("; %s is an argument of %s: write %s=VALUE", name, t.Name, name)
		} else {
			msg += fmt.Sprintf("; arguments are key=value (f0 describe %s lists them)", t.Name)
		}
		return fmt.Errorf("%s; a value that starts with -- goes after a -- word (f0 %s -- %s)", msg, t.Name, w)
	}
	return nil
}

// rawCall turns the words after a tool that takes CLI words verbatim into
// its arguments: name=value and name:=json words naming a declared field
// set that field (see the rules at the top of this file), the other words
// go to the raw field in order.
func rawCall(reg *engine.Registry, t *tool.Tool, words []string) (map[string]any, error) {
	fields := map[string]bool{}
	for _, f := range reg.Fields(t) {
		fields[f] = f != t.RawArgsField
	}
	args := map[string]any{}
	var rest []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			rest = append(rest, words[i:]...)
			break
		}
		if n := toolFlag(t, words, i); n > 0 {
			rest = append(rest, words[i:i+n]...)
			i += n - 1
			continue
		}
		key, val, isJSON := shellwords.SplitPair(w)
		if !fields[key] {
			rest = append(rest, w)
			continue
		}
		v, err := shellwords.PairValue(w, val, isJSON)
		if err != nil {
			return nil, err
		}
		args[key] = v
	}
	if len(rest) > 0 {
		args[t.RawArgsField] = rest
	}
	return args, nil
}
