package vocab

import (
	"fmt"
	"sort"
	"strings"
)

// shared reads a call of a name several agents' tools share when none of
// them publishes every field of the call (Amp's edit_file {path, old_str,
// new_str} where the tables hold the filesystem server's, Zed's and
// Cursor's). It does not guess whose tool it is: a field that the tools
// publishing it all map alike goes where they map it, a field no one of
// them publishes goes to the f0 call as sent (f0's own names and
// synonyms), and the call is the f0 tool of those tools' routes that
// takes every field. A field those tools read differently is refused,
// naming each meaning. ok is false when no f0 tool takes the fields: the
// best ranked tool's reading then answers.
func (v *Vocabulary) shared(name string, ranked []candidate, args map[string]any) (Result, bool, error) {
	out := make(map[string]any, len(args))
	var moves []string
	for _, k := range orderedKeys(args, nil) {
		to, err := oneMeaning(ranked, k)
		if err != nil || to == notShared {
			return Result{}, false, err
		}
		if to == dropped {
			continue
		}
		if to == "" {
			to = k
		}
		out[to] = args[k]
		if to != k {
			moves = append(moves, k+" → "+to)
		}
	}
	target := v.takerOf(ranked, out)
	if target == "" {
		return Result{}, false, nil
	}
	note := fmt.Sprintf("read as %s: %s is the name of several agents' tools, and none of them publishes all of %s; mapped only the fields they all read alike", target, name, keyList(args))
	return Result{
		Outcome: Mapped, Name: name, Tool: name,
		Calls: []Call{{Tool: target, Args: out}},
		Notes: []string{note}, Moves: moves,
	}, true, nil
}

// What oneMeaning says of a field that is not one f0 field.
const (
	dropped   = "(ignored)" // every tool that publishes it ignores it
	notShared = "(one)"     // one reading, through a transform or values
)

// oneMeaning is the f0 field every tool that publishes k maps it to,
// unchanged; "" when no tool publishes k, dropped when they all ignore it,
// notShared when they read it alike but not as one field (a transform).
// A field the tools read differently is an *InputError naming the
// readings.
func oneMeaning(ranked []candidate, k string) (string, error) {
	meanings := map[string][]string{}
	for _, c := range ranked {
		if !contains(c.tool.Published, k) {
			continue
		}
		m := plainTarget(c.tool, k)
		meanings[m] = append(meanings[m], c.tool.agent)
	}
	if len(meanings) == 0 {
		return "", nil
	}
	if len(meanings) == 1 {
		for m := range meanings {
			if m == dropped || !strings.HasPrefix(m, "(") {
				return m, nil
			}
		}
		return notShared, nil
	}
	var readings []string
	for m, agents := range meanings {
		readings = append(readings, fmt.Sprintf("%s in %s's", m, strings.Join(agents, ", ")))
	}
	sort.Strings(readings)
	return "", &InputError{Agent: ranked[0].tool.agent, Tool: ranked[0].spelling, Field: k,
		Problem: fmt.Sprintf("several agents have a tool of this name, and %q means %s; the other fields do not say whose tool was meant", k, strings.Join(readings, "; ")),
		Fix:     "send the f0 tool's own field"}
}

// plainTarget is the f0 field t's rules copy k to, the same on every
// route that has a rule for it; a rule that is not a plain copy is
// described in parentheses (its meaning is not one field).
func plainTarget(t *Tool, k string) string {
	seen := ""
	for _, rt := range t.Routes {
		if rt.Refuse != "" {
			continue
		}
		rule := rt.Fields[k]
		if rule == nil {
			rule = t.Fields[k]
		}
		m := ruleMeaning(rule, k)
		if seen != "" && seen != m {
			return "(its routes differ)"
		}
		seen = m
	}
	if seen == "" {
		return "(refused)"
	}
	return seen
}

// keepsValue are the transforms that hand the value on as it is, or in a
// form f0 reads alike (a root's name before a path, one item for a list).
var keepsValue = map[string]bool{"": true, "copy": true, "strip_root_name": true, "project_relative": true, "to_list": true}

// ruleMeaning names what one rule does with its field.
func ruleMeaning(rule *Rule, k string) string {
	switch {
	case rule == nil:
		return k
	case rule.To != "" && keepsValue[rule.Transform] && rule.Values == nil && rule.Items == nil:
		return rule.To
	case rule.Transform != "":
		return "(" + rule.Transform + ")"
	case rule.Inert != "":
		return dropped
	}
	return "(a value table)"
}

// takerOf is the first f0 tool, among the routes of the ranked tools, that
// takes every field of args by its name, a synonym or another spelling.
func (v *Vocabulary) takerOf(ranked []candidate, args map[string]any) string {
	for _, c := range ranked {
		for _, rt := range c.tool.Routes {
			f0 := v.f0[rt.To]
			if rt.Refuse != "" || f0 == nil {
				continue
			}
			if takesAll(f0, args) {
				return rt.To
			}
		}
	}
	return ""
}

func takesAll(f0 *F0Tool, args map[string]any) bool {
	for k := range args {
		if !f0.accepts(k) && !f0.acceptsSpelling(k) {
			return false
		}
	}
	return true
}

// acceptsSpelling reports whether f0's tool takes a field spelt like k but
// for case and separators (filePath for file_path).
func (t *F0Tool) acceptsSpelling(k string) bool {
	want := foldField(k)
	for name, f := range t.Fields {
		if foldField(name) == want {
			return true
		}
		for _, s := range f.Synonyms {
			if foldField(s) == want {
				return true
			}
		}
	}
	return false
}
