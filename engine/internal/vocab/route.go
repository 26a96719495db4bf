package vocab

import (
	"context"
	"fmt"
	"path"
	"strings"
)

// chooseRoute is the index of the first route whose `when` holds, or -1.
func (r *resolver) chooseRoute(ctx context.Context, t *Tool, args map[string]any) int {
	for i, rt := range t.Routes {
		if r.holds(ctx, t, rt, args) {
			return i
		}
	}
	return -1
}

func (r *resolver) holds(ctx context.Context, t *Tool, rt *Route, args map[string]any) bool {
	for _, c := range rt.When {
		if !r.condition(ctx, t, rt, c, args) {
			return false
		}
	}
	return true
}

func (r *resolver) condition(ctx context.Context, t *Tool, rt *Route, c Condition, args map[string]any) bool {
	v, given := args[c.Field]
	present := given && v != nil
	switch c.Kind {
	case CondEquals:
		return present && contains(c.Values, valueText(v))
	case CondPresent:
		return present
	case CondAbsent:
		return !present
	case CondEmpty:
		return given && isEmpty(v)
	case CondPrefix:
		s, ok := v.(string)
		return ok && strings.HasPrefix(strings.ToLower(strings.TrimSpace(s)), c.Values[0])
	case CondSuffix:
		s, ok := v.(string)
		return ok && strings.HasSuffix(strings.ToLower(strings.TrimSpace(s)), c.Values[0])
	case CondPathIs:
		p, ok := r.routePath(ctx, t, rt, args)
		return ok && r.env != nil && pathKindName(r.env.PathKind(ctx, p)) == c.Values[0]
	case CondPathExt:
		p, ok := r.routePath(ctx, t, rt, args)
		return ok && contains(c.Values, strings.ToLower(path.Ext(p)))
	}
	return false
}

// routePath is the value that becomes f0's path on this route: the field
// the route names in $path_field, else the first given field whose rule
// maps to path; after strip_root_name or project_relative when the field's
// rule has it.
func (r *resolver) routePath(ctx context.Context, t *Tool, rt *Route, args map[string]any) (string, bool) {
	for _, k := range orderedKeys(args, t.Published) {
		rule := rt.Fields[k]
		if rule == nil {
			rule = t.Fields[k]
		}
		if rt.PathField != "" && k != rt.PathField {
			continue
		}
		if rt.PathField == "" && (rule == nil || rule.To != "path") {
			continue
		}
		s, ok := args[k].(string)
		if !ok {
			if rt.PathField != "" {
				return "", false
			}
			continue
		}
		return r.asPath(ctx, rule, s), true
	}
	return "", false
}

// asPath is s after the path transform of its rule, if it has one.
func (r *resolver) asPath(ctx context.Context, rule *Rule, s string) string {
	if rule == nil {
		return s
	}
	switch rule.Transform {
	case "strip_root_name":
		return r.stripRootName(ctx, s)
	case "project_relative":
		return r.underBase(s, rule.Args.Under)
	}
	return s
}

func pathKindName(k PathKind) string {
	switch k {
	case PathFile:
		return "file"
	case PathDir:
		return "dir"
	}
	return "missing"
}

// describe renders a condition for an error message.
func (c Condition) describe() string {
	switch c.Kind {
	case CondEquals:
		return fmt.Sprintf("%s = %s", c.Field, strings.Join(c.Values, " | "))
	case CondPresent:
		return c.Field + " given"
	case CondAbsent:
		return c.Field + " absent"
	case CondEmpty:
		return c.Field + " empty"
	case CondPrefix:
		return fmt.Sprintf("%s starting with %s", c.Field, c.Values[0])
	case CondSuffix:
		return fmt.Sprintf("%s ending with %s", c.Field, c.Values[0])
	case CondPathIs:
		return "the path is a " + c.Values[0]
	case CondPathExt:
		return "the path ends in " + strings.Join(c.Values, " | ")
	}
	return c.Field
}
