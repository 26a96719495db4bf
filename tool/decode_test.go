package tool

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"f0/internal/text"
)

// planned is an input with every kind of field a fieldPlan sets itself,
// and some it leaves to encoding/json.
type planned struct {
	Path    string   `json:"path,omitempty"`
	Paths   []string `json:"paths,omitempty"`
	Offset  int      `json:"offset,omitempty"`
	Small   int8     `json:"small,omitempty"`
	Count   uint16   `json:"count,omitempty"`
	Ratio   float64  `json:"ratio,omitempty"`
	Tiny    float32  `json:"tiny,omitempty"`
	Flag    bool     `json:"flag,omitempty"`
	Follow  *bool    `json:"follow,omitempty"`
	Max     *int     `json:"max,omitempty"`
	Seconds *float64 `json:"seconds,omitempty"`
	Args    any      `json:"args,omitempty"`
	Wait    time.Duration
	Quoted  int                `json:"quoted,omitempty,string"`
	When    time.Time          `json:"when,omitzero"`
	Nested  struct{ A string } `json:"nested"`
	Edits   []struct{ A int }  `json:"edits,omitempty"`
	Named   myString           `json:"named,omitempty"`
	Self    selfDecoding       `json:"self,omitempty"`
	Ignored string             `json:"-"`
}

type myString string

// selfDecoding has its own UnmarshalJSON, so only encoding/json may fill it.
type selfDecoding struct{ got string }

func (s *selfDecoding) UnmarshalJSON(b []byte) error { s.got = "self:" + string(b); return nil }

// TestDirectDecoding: the arguments a plan fills are filled exactly as
// encoding/json fills them from the same object; the ones it declines are
// left to encoding/json (which fills them, or refuses them).
func TestDirectDecoding(t *testing.T) {
	cases := []struct {
		name   string
		args   string // the repaired object, as JSON (numbers kept as written)
		direct bool
	}{
		{"nothing", `{}`, true},
		{"strings", `{"path":"a.go","named":"x"}`, true},
		{"a list of strings", `{"paths":["a","b"]}`, true},
		{"an empty list", `{"paths":[]}`, true},
		{"integers", `{"offset":-3,"small":127,"count":65535,"Wait":1500000000}`, true},
		{"floats", `{"ratio":0.1,"tiny":1e-3,"seconds":2.5}`, true},
		{"booleans", `{"flag":true,"follow":false}`, true},
		{"a pointer to an int", `{"max":0}`, true},
		{"null", `{"path":null,"follow":null,"paths":null}`, true},
		{"any: a string", `{"args":"-sL https://x"}`, true},
		{"any: a number", `{"args":12.5}`, true},
		{"any: a boolean", `{"args":false}`, true},
		{"any: a list", `{"args":["-s","x"]}`, false},
		{"any: an object", `{"args":{"a":1}}`, false},
		{"a field's Go name", `{"Wait":5}`, true},
		{"another case of a name", `{"PATH":"a"}`, false},
		{"an unknown key", `{"path":"a","nope":1}`, false},
		{"an ignored field", `{"Ignored":"x"}`, false},
		{"a fraction for an int", `{"offset":5.0}`, false},
		{"an int out of range", `{"small":128}`, false},
		{"a negative uint", `{"count":-1}`, false},
		{"a float32 out of range", `{"tiny":1e39}`, false},
		{"a number for a string", `{"path":5}`, false},
		{"a string for an int", `{"offset":"5"}`, false},
		{"a list with a number", `{"paths":["a",1]}`, false},
		{"a string option", `{"quoted":"5"}`, false},
		{"a type that decodes itself", `{"self":"x"}`, false},
		{"a text unmarshaler", `{"when":"2026-01-02T03:04:05Z"}`, false},
		{"a nested object", `{"nested":{"A":"x"}}`, false},
		{"a list of objects", `{"edits":[{"A":1}]}`, false},
	}
	// Values that JSON text cannot hold but repairs and bare words can:
	// JSON's encoding changes or refuses them, so they are left to it.
	made := []struct {
		name string
		args map[string]any
	}{
		{"a string that is not UTF-8", map[string]any{"path": "\xe8"}},
		{"a list with a string that is not UTF-8", map[string]any{"paths": []any{"a", "\xff"}}},
		{"any: a string that is not UTF-8", map[string]any{"args": "\xe8"}},
		{"a number strconv takes and JSON does not", map[string]any{"offset": json.Number("+5")}},
		{"a hex float", map[string]any{"ratio": json.Number("0x1p-2")}},
		{"any: Inf", map[string]any{"args": json.Number("Inf")}},
	}
	decode := typedDecoder[planned]()
	for _, c := range made {
		if _, ok := decode(c.args); ok {
			t.Errorf("%s: decoded directly", c.name)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := text.DecodeJSON([]byte(c.args))
			if err != nil {
				t.Fatal(err)
			}
			args := v.(map[string]any)
			got, ok := decode(args)
			if ok != c.direct {
				t.Fatalf("decoded directly: %v, want %v", ok, c.direct)
			}
			if !ok {
				return
			}
			data, err := json.Marshal(args)
			if err != nil {
				t.Fatal(err)
			}
			var want planned
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatalf("JSON refuses what was decoded directly: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("directly: %+v\nJSON:     %+v", got, want)
			}
		})
	}
}

// TestDirectDecodingDeclinesTypes: a type whose fields JSON finds by rules
// the plan does not follow is always left to encoding/json.
func TestDirectDecodingDeclinesTypes(t *testing.T) {
	type inner struct {
		Path string `json:"path"`
	}
	type embedded struct {
		inner
		Other string `json:"other"`
	}
	type twice struct {
		A string // named A by its Go name
		B string `json:"A"`
	}
	type oddTag struct {
		//lint:ignore SA5008 a tag name encoding/json does not take, on purpose
		A string `json:"a'b"`
	}
	cases := []struct {
		name string
		plan *fieldPlan
	}{
		{"embedded struct", planFor(reflect.TypeFor[embedded]())},
		{"two fields of one name", planFor(reflect.TypeFor[twice]())},
		{"a tag name JSON ignores", planFor(reflect.TypeFor[oddTag]())},
		{"not a struct", planFor(reflect.TypeFor[map[string]any]())},
		{"a struct that decodes itself", planFor(reflect.TypeFor[selfDecoding]())},
	}
	for _, c := range cases {
		if c.plan != nil {
			t.Errorf("%s: planned %v", c.name, c.plan.byName)
		}
	}
}

// TestIsJSONNumber: a json.Number is taken as a number exactly when JSON
// would encode it as written (an empty one JSON writes as 0: it is left to
// JSON).
func TestIsJSONNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "5", "-12", "1.5", "0.25", "1e3", "1E+3", "2.5e-3", "", "-", "+5", "05", "1.", ".5",
		"1e", "1e+", "0x10", "Inf", "NaN", "1_000", " 5", "5 ", "1.5.2", "--1", "1e3e3", "0.0e0"} {
		_, err := json.Marshal(json.Number(s))
		if got, want := isJSONNumber(s), err == nil && s != ""; got != want {
			t.Errorf("isJSONNumber(%q) = %v, JSON encodes it: %v", s, got, want)
		}
	}
}
