package repair

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestArgDecodersReadAsToValue: decoders kept from call to call read every
// argument exactly as a new decoder does (toValue), values and errors,
// whatever came before them: white space left over, a value after the
// value, broken JSON, a value larger than the kept buffer.
func TestArgDecodersReadAsToValue(t *testing.T) {
	inputs := []any{
		json.RawMessage(`{"query":"describe"}`),
		json.RawMessage(`{"size":100, "big":12345678901234567890, "f":1.50}` + "\n\t "),
		json.RawMessage(`   {"a":[1,"x",{"b":null}],"u":"\u00e9\ud83d\ude00"}`),
		json.RawMessage(`{"a":1} {"b":2}`),
		json.RawMessage(`{"a":`),
		json.RawMessage(`{"a":1}`),
		json.RawMessage(`"a string"`),
		json.RawMessage(``),
		json.RawMessage(`  `),
		json.RawMessage(`nul`),
		[]byte(`{"bytes":true}`),
		json.RawMessage(`{"path":"` + strings.Repeat("x", 5000) + `"}`),
		json.RawMessage(`{"after":"a long one"}`),
		json.RawMessage("{\"bad\":\"\xff\"}"),
		map[string]any{"not": "bytes"},
		"a string argument",
		nil,
	}
	var a Decoders
	for round := range 3 {
		for i, in := range inputs {
			t.Run(fmt.Sprintf("round %d input %d", round, i), func(t *testing.T) {
				got, gotErr := a.value(in)
				want, wantErr := ToValue(in)
				if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
					t.Fatalf("error %v, want %v", gotErr, wantErr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("got %#v, want %#v", got, want)
				}
			})
		}
	}
}
