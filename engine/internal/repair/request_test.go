package repair

import (
	"encoding/json"
	"testing"

	"github.com/invopop/jsonschema"

	"f0/schemas"
	"f0/tool"
)

func TestRepairRequest(t *testing.T) {
	tool := &tool.Tool{Spec: tool.Spec{Name: "test.curl", CLI: tool.CLI{RawArgsField: "args"}, Names: tool.Names{Shell: []string{"curl"}}, Fields: tool.Fields{Forms: map[string]tool.FieldForm{"url": tool.URLKind}, Shapes: map[string]tool.Shape{"headers": tool.HeaderLines}}}}
	schema := &schemas.Schema{Type: "object", Properties: jsonschema.NewProperties()}
	for _, f := range []string{"url", "args", "method", "headers"} {
		schema.Properties.Set(f, &schemas.Schema{Type: "string"})
	}
	cases := []struct{ name, in, want, note string }{
		{"curl in url", `{"url":"curl -s https://x/a"}`, `{"args":"curl -s https://x/a"}`, `note: "url" held a whole curl command; ran it as "args" (curl-style words)`},
		{"curl in command", `{"command":"curl https://x/a"}`, `{"args":"curl https://x/a"}`, `note: "command" held a whole curl command; ran it as "args" (curl-style words)`},
		{"args given wins", `{"url":"curl https://x/a","args":"-s"}`, `{"args":"-s","url":"curl https://x/a"}`, ""},
		{"one word is no command", `{"url":"curl"}`, `{"url":"curl"}`, ""},
		{"method in url", `{"url":"post https://x/a"}`, `{"method":"POST","url":"https://x/a"}`, `note: read "url" as method POST and url https://x/a`},
		{"method in url clashes", `{"url":"POST https://x/a","method":"PUT"}`, `{"method":"PUT","url":"POST https://x/a"}`, ""},
		{"bearer token", `{"url":"https://x","bearer_token":"Bearer t1"}`, `{"headers":["Authorization: Bearer t1"],"url":"https://x"}`, `note: "bearer_token": sent as the header "Authorization: Bearer ***"`},
		{"bearerToken beside headers", `{"url":"https://x","bearerToken":"t1","headers":{"A":"b"}}`, `{"headers":{"A":"b","Authorization":"Bearer t1"},"url":"https://x"}`, `note: "bearerToken": sent as the header "Authorization: Bearer ***"`},
		{"authorization given wins", `{"url":"https://x","token":"t1","headers":["authorization: Basic x"]}`, `{"headers":["authorization: Basic x"],"token":"t1","url":"https://x"}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var args map[string]any
			if err := json.Unmarshal([]byte(tc.in), &args); err != nil {
				t.Fatal(err)
			}
			_, notes := repairRequest(tool, schema, args)
			got, _ := json.Marshal(args)
			if string(got) != tc.want {
				t.Errorf("args = %s, want %s", got, tc.want)
			}
			note := ""
			if len(notes) > 0 {
				note = notes[0]
			}
			if note != tc.note || len(notes) > 1 {
				t.Errorf("notes = %q, want %q", notes, tc.note)
			}
		})
	}
}
