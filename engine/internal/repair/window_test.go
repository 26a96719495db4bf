package repair

import (
	"strings"
	"testing"

	"f0/internal/text"
	"f0/tool"
)

// TestRepairLineWindow: line ranges in the forms agents send become the
// window exactly, or a problem; none reads more or other lines than asked.
func TestRepairLineWindow(t *testing.T) {
	tool := &tool.Tool{Spec: tool.Spec{Fields: tool.Fields{LineWindow: [2]string{"offset", "limit"}, Synonyms: map[string]string{"startLine": "offset"}}}}
	cases := []struct {
		name string
		args map[string]any
		want string // the arguments after, or the problem
		note string
	}{
		{"1-based pair", map[string]any{"start_line": 10, "end_line": 20}, `{"limit":11,"offset":10}`, "note: read start_line 10, end_line 20 as lines 10-20 (offset 10, limit 11)"},
		{"one line", map[string]any{"start_line": 17, "end_line": 17}, `{"limit":1,"offset":17}`, "note: read start_line 17, end_line 17 as line 17 (offset 17, limit 1)"},
		{"0-based pair (VS Code Copilot's read_file)", map[string]any{"startLineNumberBaseZero": 16, "endLineNumberBaseZero": 16}, `{"limit":1,"offset":17}`,
			"note: read startLineNumberBaseZero 16, endLineNumberBaseZero 16 (0-based) as line 17 (offset 17, limit 1)"},
		{"0-based from the first line", map[string]any{"startLineNumberBaseZero": 0, "endLineNumberBaseZero": 49}, `{"limit":50,"offset":1}`, "as lines 1-50 (offset 1, limit 50)"},
		{"0-based start alone", map[string]any{"startLineNumberBaseZero": 9, "limit": 5}, `{"limit":5,"offset":10}`, "note: read startLineNumberBaseZero 9 (0-based) as the first line 10 (offset 10)"},
		{"to the end", map[string]any{"start_line": 5, "end_line": -1}, `{"offset":5}`, "as lines 5 to the end (offset 5)"},
		{"from the end (Amazon Q)", map[string]any{"start_line": -3, "end_line": -1}, `{"offset":-3}`, "as the last 3 lines (offset -3)"},
		{"both from the end", map[string]any{"start_line": -3, "end_line": -2}, `{"limit":2,"offset":-3}`, "as lines -3 to -2, counted from the end (offset -3, limit 2)"},
		{"a synonym alone is the synonym's", map[string]any{"startLine": 4}, `{"startLine":4}`, ""},
		{"a start alone keeps the count", map[string]any{"line_start": 4, "limit": 2}, `{"limit":2,"offset":4}`, "as the first line 4 (offset 4)"},
		{"view_range", map[string]any{"view_range": []any{3, 4}}, `{"limit":2,"offset":3}`, "note: read view_range [3,4] as lines 3-4"},
		{"an end before the start", map[string]any{"start_line": 10, "end_line": 5}, `"end_line": 5 is before the first line 10; the end is inclusive, so give an end at or after the start`, ""},
		{"a range text backwards", map[string]any{"lines": "20-10"}, `"lines": 10 is before the first line 20; the end is inclusive, so give an end at or after the start`, ""},
		{"from the top to an end from the bottom", map[string]any{"start_line": 5, "end_line": -3}, `"end_line": -3 counts from the end of the file, which f0 cannot join to a first line from the top; give the last line's number (fs_stat shows the count), or -1 for the end`, ""},
		{"from the bottom to a line from the top", map[string]any{"start_line": -5, "end_line": 30}, `"end_line": is a line from the top and start_line -5 counts from the end; give both from the same end (a negative end counts from the end too)`, ""},
		{"a negative 0-based line", map[string]any{"startLineNumberBaseZero": -1, "endLineNumberBaseZero": 3}, `"startLineNumberBaseZero": expected a line number, got -1 (number)`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := map[string]any{}
			for k, v := range c.args {
				args[k] = v
			}
			problems, notes := repairLineWindow(tool, args)
			if len(problems) > 0 {
				if got := problems[0].String(); got != c.want {
					t.Fatalf("problem %s\nwant %s", got, c.want)
				}
				return
			}
			if got := text.CompactJSON(args); got != c.want {
				t.Fatalf("args %s, want %s (notes %q)", got, c.want, notes)
			}
			if c.note == "" && len(notes) > 0 || c.note != "" && (len(notes) != 1 || !strings.Contains(notes[0], c.note)) {
				t.Fatalf("notes %q, want one with %q", notes, c.note)
			}
		})
	}
}
