package shellwords

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ExpandEnv puts the values of env in place of the plain variables of a
// command line ($NAME and ${NAME}), quoted so that the line reads them
// as the text they are: in single quotes outside quotes, escaped inside
// double quotes and here-documents. A variable in single quotes is text
// and stays. A plain variable env does not set is an error naming it:
// nothing is read from the process's own environment. Other expansions
// (${A:-b}, $(…)) are left for the reader of the line to refuse.
func ExpandEnv(line string, env map[string]string) (string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return line, nil // the reader of the line says why it does not parse
	}
	type span struct{ start, end int }
	var dq, hdoc []span
	var vars []*syntax.ParamExp
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.DblQuoted:
			dq = append(dq, span{int(x.Pos().Offset()), int(x.End().Offset())})
		case *syntax.Redirect:
			if x.Hdoc != nil {
				hdoc = append(hdoc, span{int(x.Hdoc.Pos().Offset()), int(x.Hdoc.End().Offset())})
			}
		case *syntax.ParamExp:
			if plainParam(x) {
				vars = append(vars, x)
			}
			return false
		}
		return true
	})
	inside := func(spans []span, at int) bool {
		return slices.ContainsFunc(spans, func(s span) bool { return s.start <= at && at < s.end })
	}
	out := line
	for i := len(vars) - 1; i >= 0; i-- {
		v := vars[i]
		name := v.Param.Value
		val, ok := env[name]
		start, end := int(v.Pos().Offset()), int(v.End().Offset())
		if !ok {
			return "", fmt.Errorf("%s is not set by the call's env (%s); f0 reads variables from that field only, never from its own environment", line[start:end], envNames(env))
		}
		switch {
		case inside(hdoc, start):
			val = escapeIn(val, `\$`+"`")
		case inside(dq, start):
			val = escapeIn(val, `\$"`+"`")
		default:
			val = "'" + strings.ReplaceAll(val, "'", `'\''`) + "'"
		}
		out = out[:start] + val + out[end:]
	}
	return out, nil
}

// plainParam reports whether p is $NAME or ${NAME}, with nothing that
// changes its value.
func plainParam(p *syntax.ParamExp) bool {
	return p.Param != nil && !p.Excl && !p.Length && !p.Width && p.Index == nil && p.Slice == nil &&
		p.Repl == nil && p.Names == 0 && p.Exp == nil
}

func escapeIn(s, special string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(special, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func envNames(env map[string]string) string {
	if len(env) == 0 {
		return "it sets none"
	}
	names := make([]string, 0, len(env))
	for n := range env {
		names = append(names, n)
	}
	sort.Strings(names)
	return "it sets " + strings.Join(names, ", ")
}
