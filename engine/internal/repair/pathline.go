package repair

import (
	"fmt"
	"strconv"
	"strings"

	"f0/tool"
)

// pathWithLine matches a path followed by a line or a line range, as
// editors and compilers print them: "main.go:15", "main.go:10-20".
var pathWithLine = lazyRegexp(`^(.*[^:\s]):(\d+)(?:-(\d+))?$`)

// pathWithFragment matches a path followed by a GitHub permalink's line
// fragment: "main.go#L15", "main.go#L10-L20" (a column, C5, is ignored).
var pathWithFragment = lazyRegexp(`^(.*[^#\s])#L(\d+)(?:C\d+)?(?:-L?(\d+)(?:C\d+)?)?$`)

// pathLines reads "file:15" in the main path field.
func pathLines(s *State) { s.add(repairPathLine(s.Tool, s.Args)) }

// repairPathLine reads "file:15" in the main path field of a tool that reads
// a line window as the file from line 15 (or "file:10-20" as lines 10-20,
// and GitHub's "file#L10-L20" the same), unless the call gave its own
// window.
func repairPathLine(t *tool.Tool, args map[string]any) (problems []Problem, notes []string) {
	start, count := t.LineWindow[0], t.LineWindow[1]
	field := t.MainField
	if start == "" || field == "" || t.Forms[field] != tool.PathKind || args[start] != nil {
		return nil, nil
	}
	s, ok := args[field].(string)
	m := pathWithLine().FindStringSubmatch(s)
	if m == nil {
		m = pathWithFragment().FindStringSubmatch(s)
	}
	if !ok || m == nil || strings.Contains(m[1], "://") || !strings.ContainsAny(m[1], "./\\") {
		return nil, nil
	}
	from, _ := strconv.Atoi(m[2])
	to := -1
	if m[3] != "" {
		to, _ = strconv.Atoi(m[3])
	}
	args[field] = m[1]
	what := fmt.Sprintf("%s %q as the file %s,", field, s, m[1])
	note, p := setWindow(args, start, count, lineRange{from: from, to: to, startKey: field, endKey: field}, what)
	if p != nil {
		return []Problem{*p}, nil
	}
	return nil, []string{note}
}
