package repair

import (
	"encoding/json"
	"testing"

	"f0/tool"
)

func TestSplitPathLists(t *testing.T) {
	tool := &tool.Tool{Spec: tool.Spec{Name: "test.read", Fields: tool.Fields{MainField: "path", Plurals: map[string]string{"path": "paths"}, Forms: map[string]tool.FieldForm{"path": tool.PathKind, "paths": tool.PathKind}}}}
	cases := []struct{ name, in, want string }{
		{"comma list", `{"paths":"a.txt, docs/b.md"}`, `{"paths":["a.txt","docs/b.md"]}`},
		{"no space", `{"paths":"a.txt,b.txt"}`, `{"paths":["a.txt","b.txt"]}`},
		{"single field untouched", `{"path":"a.txt, b.md"}`, `{"path":"a.txt, b.md"}`},
		{"a name with a comma", `{"paths":"notes, final draft.txt"}`, `{"paths":"notes, final draft.txt"}`},
		{"JSON text is left to the JSON reader", `{"paths":"[\"a.txt\", \"b.md\"]"}`, `{"paths":"[\"a.txt\", \"b.md\"]"}`},
		{"bare words", `{"paths":"a, b"}`, `{"paths":"a, b"}`},
	}
	for _, tc := range cases {
		checkArgRepair(t, tc.name, tc.in, tc.want, func(args map[string]any) { splitPathLists(tool, args) })
	}
}

// checkArgRepair runs one table case of a repair on an arguments object.
func checkArgRepair(t *testing.T, name, in, want string, repair func(map[string]any)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		var args map[string]any
		if err := json.Unmarshal([]byte(in), &args); err != nil {
			t.Fatal(err)
		}
		repair(args)
		if got, _ := json.Marshal(args); string(got) != want {
			t.Errorf("args = %s, want %s", got, want)
		}
	})
}
