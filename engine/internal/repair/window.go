package repair

import (
	"fmt"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// lineWindows reads a line range into the tool's window fields.
func lineWindows(s *State) { s.add(repairLineWindow(s.Tool, s.Args)) }

// repairLineWindow turns a line range into the tool's window fields (first
// line and count). The end is inclusive; -1 or an absent end reads to the
// end of the file. A range f0's window cannot hold exactly (an end before
// its start, a start from the top and an end from the bottom) is a
// problem, not a guess.
func repairLineWindow(t *tool.Tool, args map[string]any) (problems []Problem, notes []string) {
	start, count := t.LineWindow[0], t.LineWindow[1]
	if start == "" {
		return nil, nil
	}
	for k := range keys.InOrder(args) {
		if !keys.Contains(rangeKeys, k) {
			continue
		}
		from, to, ok := parseRange(args[k])
		if !ok {
			continue
		}
		what := fmt.Sprintf("%s %s", k, text.CompactJSON(args[k]))
		delete(args, k)
		note, p := setWindow(args, start, count, lineRange{from: from, to: to, startKey: k, endKey: k}, what)
		notes, problems = appendWindow(notes, problems, note, p)
	}
	r, ps := findRange(t, args, start)
	if ps != nil || !r.given() {
		return append(problems, ps...), notes
	}
	note, p := setWindow(args, start, count, r, r.what())
	notes, problems = appendWindow(notes, problems, note, p)
	return problems, notes
}
