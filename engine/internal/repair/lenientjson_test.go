package repair

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestRelaxJSON(t *testing.T) {
	cases := []struct {
		name, in, want string
		fixes          []string
	}{
		{"trailing comma", `{"path": "a.txt",}`, `{"path":"a.txt"}`, []string{"a trailing comma"}},
		{"trailing comma in list", `{"paths": ["a", "b",],}`, `{"paths":["a","b"]}`, []string{"a trailing comma"}},
		{"single quotes", `{'path': 'a.txt'}`, `{"path":"a.txt"}`, []string{"single quotes"}},
		{"quote inside single quotes", `{'text': 'say "hi" it\'s'}`, `{"text":"say \"hi\" it's"}`, []string{"single quotes"}},
		{"python literals", `{'path': 'src', 'recursive': True, 'x': None}`, `{"path":"src","recursive":true,"x":null}`, []string{"single quotes", "Python literals (True)", "Python literals (None)"}},
		{"literal newline between tokens", `{"path": "a.txt", "limit": \n5\n}`, `{"limit":5,"path":"a.txt"}`, []string{`a literal "\n" between tokens`}},
		{"unquoted keys", `{path: "a.txt", max_bytes: 10}`, `{"max_bytes":10,"path":"a.txt"}`, []string{"unquoted keys"}},
		{"exponent stays a number", `{limit: 1e2}`, `{"limit":100}`, []string{"unquoted keys"}},
		{"strings keep their content", `{"a": "True, }", b: 1}`, `{"a":"True, }","b":1}`, []string{"unquoted keys"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, fixes, ok := relaxJSON(tc.in)
			if !ok {
				t.Fatalf("relaxJSON(%s) failed", tc.in)
			}
			got, _ := json.Marshal(v)
			if string(got) != tc.want && !sameJSONText(t, got, tc.want) {
				t.Errorf("relaxJSON(%s) = %s, want %s", tc.in, got, tc.want)
			}
			if !slices.Equal(fixes, tc.fixes) {
				t.Errorf("fixes = %q, want %q", fixes, tc.fixes)
			}
		})
	}
}

func sameJSONText(t *testing.T, got []byte, want string) bool {
	t.Helper()
	var a, b any
	if json.Unmarshal(got, &a) != nil || json.Unmarshal([]byte(want), &b) != nil {
		return false
	}
	return sameJSON(a, b)
}

func TestRelaxJSONRefuses(t *testing.T) {
	for _, in := range []string{
		`{"path": "a.txt"}`,    // already JSON: nothing to fix
		`{"path": hello.txt}`,  // a bare word value: which string was meant?
		`{"path": "a.txt"`,     // truncated
		`{'path': 'a.txt}`,     // unterminated quote
		`{"path": "a.txt"} \x`, // stray backslash
	} {
		if v, fixes, ok := relaxJSON(in); ok {
			t.Errorf("relaxJSON(%s) = %v, %q; want a refusal", in, v, fixes)
		}
	}
}

func TestStripFence(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"```json\n{\"a\": 1}\n```", `{"a": 1}`, true},
		{"```\n{\"a\": 1}\n```", `{"a": 1}`, true},
		{"```json {\"a\": 1}```", "", false},
		{"no fence", "", false},
	}
	for _, tc := range cases {
		got, ok := stripFence(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("stripFence(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
