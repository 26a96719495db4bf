package repair

import (
	"testing"

	"f0/tool"
)

func TestRepairPathLine(t *testing.T) {
	tool := &tool.Tool{Spec: tool.Spec{Name: "test.read", Fields: tool.Fields{MainField: "path", LineWindow: [2]string{"offset", "limit"}, Forms: map[string]tool.FieldForm{"path": tool.PathKind}}}}
	cases := []struct{ name, in, want string }{
		{"line", `{"path":"a.txt:15"}`, `{"offset":15,"path":"a.txt"}`},
		{"range", `{"path":"src/a.go:10-20"}`, `{"limit":11,"offset":10,"path":"src/a.go"}`},
		{"window given wins", `{"path":"a.txt:15","offset":2}`, `{"offset":2,"path":"a.txt:15"}`},
		{"not path-like", `{"path":"abc:15"}`, `{"path":"abc:15"}`},
		{"url", `{"path":"http://x.io:8080"}`, `{"path":"http://x.io:8080"}`},
		{"plain", `{"path":"a.txt"}`, `{"path":"a.txt"}`},
	}
	for _, tc := range cases {
		checkArgRepair(t, tc.name, tc.in, tc.want, func(args map[string]any) { repairPathLine(tool, args) })
	}
}
