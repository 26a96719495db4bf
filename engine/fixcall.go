package engine

import (
	"context"
	"maps"

	"f0/tool"
)

// callFix is what a call with arguments f0 could not place probably meant:
// misspelt fields under their names, fields of another tool in a call of
// that tool, and the rest left out. Its error shows that call, built from
// the call's own arguments, when it is valid.
type callFix struct {
	renames map[string]any // declared field → the value given under a misspelt name
	dropped []string
	owner   *tool.Tool     // the tool another field belongs to
	theirs  map[string]any // the fields given for owner
	// nested are fields of the objects of a field (batch's calls): the
	// object, or the one item of the list (lists), they probably meant.
	nested map[string]map[string]any
	lists  map[string]bool
}

func (f *callFix) rename(from, to string, v any) {
	if f.renames == nil {
		f.renames = map[string]any{}
	}
	f.renames[to] = v
	f.dropped = append(f.dropped, from)
}

func (f *callFix) drop(key string) { f.dropped = append(f.dropped, key) }

// nest records a field that belongs in the object (or the list of
// objects) of the field home.
func (f *callFix) nest(home string, list bool, key string, v any) {
	if f.nested == nil {
		f.nested = map[string]map[string]any{}
		f.lists = map[string]bool{}
	}
	if f.nested[home] == nil {
		f.nested[home] = map[string]any{}
	}
	f.nested[home][key] = v
	f.lists[home] = list
}

// other records a field that belongs to another tool; the first such tool
// is the one the example calls.
func (f *callFix) other(t *tool.Tool, key string, v any) {
	if f.owner != nil && f.owner != t {
		return
	}
	if f.theirs == nil {
		f.theirs = map[string]any{}
	}
	f.owner = t
	if key != "" {
		f.theirs[key] = v
	}
}

// inertMarker is the message of a problem that only says an inert key
// of a nested object was left out (see splitInert).
const inertMarker = "\x00inert"

// splitInert separates the inert keys left out of nested objects from the
// real problems.
func splitInert(problems []problem) (real []problem, inert []string) {
	for _, p := range problems {
		if p.msg == inertMarker {
			inert = append(inert, p.field)
			continue
		}
		real = append(real, p)
	}
	return real, inert
}

// fieldOwner finds the exposed tool, other than t, that declares key or
// takes it as a synonym: a tool of t's namespace first ("pattern" sent to
// fs.read is fs.search's).
func (p *Host) fieldOwner(t *tool.Tool, key string) *tool.Tool {
	// Another agent's tool of t's name that takes key says which f0 tool
	// it means: Amazon Q's fs_read takes a pattern in its Search mode.
	for _, ref := range p.reg.foreign[normalize(t.Name)] {
		if ref.tool != t && p.visible[ref.tool] && (knows(ref.f, key) || p.declares(ref.tool, key)) {
			return ref.tool
		}
	}
	var found *tool.Tool
	for _, other := range p.reg.tools {
		if other == t || !p.visible[other] || other.Placeholder || !p.takes(other, key) {
			continue
		}
		if other.Namespace() == t.Namespace() {
			return other
		}
		if found == nil {
			found = other
		}
	}
	return found
}

// takes reports whether t declares key, in any spelling, or takes it as a
// synonym.
func (p *Host) takes(t *tool.Tool, key string) bool {
	_, ok := lookupSynonym(t.Synonyms, key)
	return ok || p.declares(t, key)
}

// declares reports whether t declares key, in any spelling.
func (p *Host) declares(t *tool.Tool, key string) bool {
	for _, name := range p.reg.Fields(t) {
		if foldKey(name) == foldKey(key) {
			return true
		}
	}
	return false
}

// fixedCall renders the call that does what c probably meant, or "" when
// there is none that f0 would run: the other tool with its fields and the
// call's arguments it takes, or this tool with misspelt fields renamed and
// unplaced ones left out.
func (c *callState) fixedCall() string {
	f := c.fix
	if len(f.dropped) == 0 || c.args == nil || c.noFix {
		return ""
	}
	t, args := c.tool, maps.Clone(c.args)
	if f.owner != nil {
		t, args = f.owner, maps.Clone(f.theirs)
		for k, v := range c.args {
			if c.p.takes(t, k) {
				args[k] = v
			}
		}
	} else {
		for k, v := range f.renames {
			if _, given := args[k]; !given {
				args[k] = v
			}
		}
		for home, obj := range f.nested {
			if _, given := args[home]; given {
				continue
			}
			args[home] = obj
			if f.lists[home] {
				args[home] = []any{obj}
			}
		}
	}
	if len(args) == 0 || !c.p.runs(t, args) {
		return ""
	}
	return c.p.callText(c.render, t, args)
}

// wrappedCall reads a value that is a whole call of another tool, as
// OpenAI's {"function": {"name", "arguments"}} is: the tool and its
// arguments.
func (p *Host) wrappedCall(v any) (*tool.Tool, map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, false
	}
	var t *tool.Tool
	var inner map[string]any
	for k, x := range m {
		switch {
		case containsFold(nameKeys, k):
			name, _ := x.(string)
			if t = p.resolve(name); t == nil || !p.visible[t] {
				return nil, nil, false
			}
		case containsFold(argWrappers, k):
			if inner, ok = peekArgs(x), true; inner == nil {
				return nil, nil, false
			}
		default:
			return nil, nil, false
		}
	}
	if inner == nil {
		inner = map[string]any{}
	}
	return t, inner, t != nil
}

// runs reports whether a call of t with args passes repair and validation.
func (p *Host) runs(t *tool.Tool, args map[string]any) bool {
	_, _, errRes := p.prepare(withoutFix(), resolutionOf(t), maps.Clone(args))
	return errRes == nil
}

// noFixKey marks the context of a check that builds no example of its own
// (runs checks an example; its example would be the same call).
type noFixKey struct{}

func withoutFix() context.Context { return context.WithValue(context.Background(), noFixKey{}, true) }

func noFix(ctx context.Context) bool { v, _ := ctx.Value(noFixKey{}).(bool); return v }
