package vocab

import (
	"errors"
	"fmt"
	"maps"
	"sort"
	"strings"
)

// fanOut makes each item of a list one call of args.each: an f0 tool, a
// shell command line, or ("$self") a call of this tool through its own
// routes. With group_by, items with the same value make one call whose
// list field holds their fields in order.
func (b *builder) fanOut(k string, r *Rule, v any) (effect, error) {
	list, err := b.fanItems(k, r.Args.Items, v)
	if err != nil {
		return effect{}, err
	}
	each := r.Args.Each
	set := b.shared(r)
	if r.Args.GroupBy != "" {
		return b.groupBy(k, r, list, set)
	}
	for i, it := range list {
		prefix := fmt.Sprintf("%s%s[%d].", b.prefix, k, i)
		if each == "$self" {
			if err := b.self(prefix, it); err != nil {
				return effect{}, err
			}
		} else if err := b.fanItem(k, i, r, it, set); err != nil {
			return effect{}, err
		}
		if b.refusal != nil {
			return effect{use: UseRefused}, nil
		}
	}
	return effect{to: []string{each}}, nil
}

// self routes one item through the tool's own routes (Amazon Q's
// operations).
func (b *builder) self(prefix string, it any) error {
	obj, ok := it.(map[string]any)
	if !ok {
		return b.errorf(strings.TrimSuffix(prefix, "."), "want an object, got %s", kindOf(it))
	}
	sub, err := b.r.resolveTool(b.ctx, b.tool, obj, b.depth+1)
	if err != nil {
		var ie *InputError
		if errors.As(err, &ie) {
			ie.Field = prefix + ie.Field
		}
		return err
	}
	for _, u := range sub.Fields {
		u.Field = prefix + u.Field
		b.uses = append(b.uses, u)
	}
	if sub.Outcome == Refused {
		b.refusal = &Refusal{Text: sub.Refusal.Text, Field: prefix + sub.Refusal.Field, Needs: sub.Refusal.Needs}
		return nil
	}
	b.calls = append(b.calls, sub.Calls...)
	b.notes = append(b.notes, sub.Notes...)
	return nil
}

// shared is what every fanned-out call gets besides its item: the rule's
// set, and the fields of the call its share names, under their f0 names.
func (b *builder) shared(r *Rule) map[string]any {
	if len(r.Args.Share) == 0 {
		return r.Args.Set
	}
	set := maps.Clone(r.Args.Set)
	if set == nil {
		set = map[string]any{}
	}
	for from, to := range r.Args.Share {
		if v, ok := b.args[from]; ok && v != nil {
			set[to] = v
		}
	}
	return set
}

// fanItem maps one item by the rule's items into calls of args.each, each
// with the fields of set it does not give itself.
func (b *builder) fanItem(k string, i int, r *Rule, it any, set map[string]any) error {
	sub, err := b.mapItem(k, i, r.Items, it, r.Args.Each)
	if err != nil || sub == nil {
		return err
	}
	if r.Args.Each == TargetShell {
		if sub.command == nil {
			return b.errorf(fmt.Sprintf("%s[%d]", k, i), "needs the command to run")
		}
		b.calls = append(b.calls, Call{Tool: TargetShell, Command: *sub.command})
		return nil
	}
	b.calls = append(b.calls, sub.expand(r.Args.Each, set)...)
	return nil
}

// groupBy merges the items with the same value of args.group_by into one
// call (Copilot's multi_replace_string_in_file: one fs.edit per file).
func (b *builder) groupBy(k string, r *Rule, list []any, set map[string]any) (effect, error) {
	key := r.Args.GroupBy
	keyRule := r.Items[key]
	if keyRule == nil || keyRule.To == "" {
		return effect{}, b.errorf(k, "the table groups by %s, which its items do not map", key)
	}
	var order []string
	groups := map[string][]map[string]any{}
	for i, it := range list {
		sub, err := b.mapItem(k, i, r.Items, it, r.Args.Each)
		if err != nil || sub == nil {
			return effect{use: UseRefused}, err
		}
		g := valueText(sub.out[keyRule.To])
		if _, seen := groups[g]; !seen {
			order = append(order, g)
		}
		groups[g] = append(groups[g], sub.out)
	}
	for _, g := range order {
		call, err := b.groupCall(k, r, keyRule.To, groups[g], set)
		if err != nil {
			return effect{}, err
		}
		b.calls = append(b.calls, call)
	}
	return effect{to: []string{r.Args.Each}}, nil
}

// groupCall is one call for a group: the group's field at the top, the
// other fields of each item as one element of the tool's list field whose
// objects have them.
func (b *builder) groupCall(k string, r *Rule, keyField string, items []map[string]any, set map[string]any) (Call, error) {
	args := map[string]any{keyField: items[0][keyField]}
	var elems []any
	var listName string
	for _, it := range items {
		elem := map[string]any{}
		for f, v := range it {
			if f != keyField {
				elem[f] = v
			}
		}
		name, ok := b.r.v.listFor(r.Args.Each, elem)
		if !ok {
			return Call{}, b.errorf(k, "f0's %s has no list field for %s", r.Args.Each, keyList(elem))
		}
		listName = name
		elems = append(elems, elem)
	}
	args[listName] = elems
	for f, v := range set {
		if _, ok := args[f]; !ok {
			args[f] = v
		}
	}
	return Call{Tool: r.Args.Each, Args: args}, nil
}

// listFor names the list field of f0's tool whose objects take every field
// of elem (fs.edit's edits for oldText and newText).
func (v *Vocabulary) listFor(tool string, elem map[string]any) (string, bool) {
	t := v.f0[tool]
	if t == nil {
		return "", false
	}
	names := make([]string, 0, len(t.Nested))
	for n := range t.Nested {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ok := true
		for f := range elem {
			ok = ok && contains(t.Nested[n], f)
		}
		if ok {
			return n, true
		}
	}
	return "", false
}

// fanItems reads the list a fan_out walks: the field itself, or, for a
// dotted path (args.file), the list inside it. A single item stands for a
// list of one.
func (b *builder) fanItems(k, path string, v any) ([]any, error) {
	segs := strings.Split(path, ".")
	cur := v
	name := k
	for _, seg := range segs[1:] {
		obj, ok := cur.(map[string]any)
		if !ok {
			return nil, b.errorf(name, "want an object with %s, got %s", seg, kindOf(cur))
		}
		for other := range obj {
			if other != seg {
				e := b.errorf(name+"."+other, "unknown field")
				e.Nearest = seg
				return nil, e
			}
		}
		cur = obj[seg]
		name += "." + seg
	}
	list, err := b.list(name, cur)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, b.errorf(name, "is empty; give at least one item")
	}
	return list, nil
}
