package engine

import (
	"context"
	"maps"

	"f0/engine/internal/repair"
	"f0/tool"
)

// fixedCall renders the call that does what c probably meant, or "" when
// there is none that f0 would run: the other tool with its fields and the
// call's arguments it takes, or this tool with misspelt fields renamed and
// unplaced ones left out.
func (c *callState) fixedCall() string {
	f := c.fix
	if len(f.Dropped) == 0 || c.args == nil || c.noFix {
		return ""
	}
	t, args := c.tool, maps.Clone(c.args)
	if f.Owner != nil {
		t, args = f.Owner, maps.Clone(f.Theirs)
		for k, v := range c.args {
			if repair.Takes(t, c.p.reg.schema(t), k) {
				args[k] = v
			}
		}
	} else {
		for k, v := range f.Renames {
			if _, given := args[k]; !given {
				args[k] = v
			}
		}
		for home, obj := range f.Nested {
			if _, given := args[home]; given {
				continue
			}
			args[home] = obj
			if f.Lists[home] {
				args[home] = []any{obj}
			}
		}
	}
	if len(args) == 0 || !c.p.runs(t, args) {
		return ""
	}
	return c.p.callText(c.render, t, args)
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
