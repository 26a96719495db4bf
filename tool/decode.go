package tool

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A call's arguments reach the tool's typed input from the repaired
// object. The sure way is through JSON (encode the object, decode it into
// the input type); for the fields most tools have (strings, numbers,
// booleans, lists of strings, pointers to those) a fieldPlan sets them
// directly, with encoding/json's own rules, and leaves anything else (a
// key that is not exactly a field's name, a nested object, a type with
// its own decoding, a value JSON would refuse) to the sure way, which then
// also writes the error.

// fieldPlan sets the fields of a struct type from an arguments object.
type fieldPlan struct {
	byName map[string]planField
}

// planField is one field: where it is and how a value is put in it.
type planField struct {
	index int
	set   setter
}

// setter puts an argument value into a field, as encoding/json would, or
// reports false to leave the whole object to encoding/json.
type setter func(field reflect.Value, value any) bool

// typedDecoder returns the decoder of a tool's input type In: it fills an
// In from the repaired arguments directly when a fieldPlan can, and says
// whether it did. The plan is made on the first call.
func typedDecoder[In any]() func(map[string]any) (any, bool) {
	plan := sync.OnceValue(func() *fieldPlan { return planFor(reflect.TypeFor[In]()) })
	return func(args map[string]any) (any, bool) {
		p := plan()
		if p == nil {
			return nil, false
		}
		var in In
		if !p.fill(reflect.ValueOf(&in).Elem(), args) {
			return nil, false
		}
		return in, true
	}
}

// fill sets v's fields from args; false when some key or value needs
// encoding/json.
func (p *fieldPlan) fill(v reflect.Value, args map[string]any) bool {
	for name, value := range args {
		f, ok := p.byName[name]
		if !ok || f.set == nil {
			return false
		}
		if value == nil {
			continue // null leaves a field at its zero value, and v is new
		}
		if !f.set(v.Field(f.index), value) {
			return false
		}
	}
	return true
}

// planFor makes the plan of a struct type, or nil for a type encoding/json
// treats in ways the plan does not follow (not a struct, embedded fields,
// two fields of one name, a name JSON would not take from its tag).
func planFor(t reflect.Type) *fieldPlan {
	if t.Kind() != reflect.Struct || decodesItself(t) {
		return nil
	}
	p := &fieldPlan{byName: map[string]planField{}}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return nil
		}
		tag := sf.Tag.Get("json")
		if !sf.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if !validTagName(name) {
			return nil
		}
		if name == "" {
			name = sf.Name
		}
		if _, dup := p.byName[name]; dup {
			return nil
		}
		var set setter
		if !hasOption(opts, "string") {
			set = setterFor(sf.Type)
		}
		p.byName[name] = planField{index: i, set: set}
	}
	return p
}

// hasOption reports whether a json tag's options (after the name) hold opt.
func hasOption(opts, opt string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

// validTagName is encoding/json's test of a tag's name; with a name it
// fails, JSON uses the Go field's name instead.
func validTagName(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodesItself reports whether encoding/json hands values of t to t's own
// method.
func decodesItself(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Implements(jsonUnmarshaler) || p.Implements(jsonUnmarshaler) || t.Implements(textUnmarshaler) || p.Implements(textUnmarshaler)
}

// setterFor returns how a value is put into a field of type t, or nil when
// only encoding/json may do it.
func setterFor(t reflect.Type) setter {
	if decodesItself(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return setScalar
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return setAny
		}
	case reflect.Pointer:
		if elem := setterFor(t.Elem()); elem != nil && t.Elem().Kind() != reflect.Pointer {
			return func(f reflect.Value, v any) bool {
				p := reflect.New(t.Elem())
				if !elem(p.Elem(), v) {
					return false
				}
				f.Set(p)
				return true
			}
		}
	case reflect.Slice:
		if e := t.Elem(); e.Kind() == reflect.String && !decodesItself(e) {
			return setStrings
		}
	}
	return nil
}

// setScalar puts a JSON string, boolean or number into a field of the same
// kind, with encoding/json's parsing and range checks.
func setScalar(f reflect.Value, v any) bool {
	switch x := v.(type) {
	case string:
		if f.Kind() != reflect.String || !utf8.ValidString(x) {
			return false
		}
		f.SetString(x)
	case bool:
		if f.Kind() != reflect.Bool {
			return false
		}
		f.SetBool(x)
	case json.Number:
		return setNumber(f, string(x))
	default:
		return false
	}
	return true
}

// setNumber parses a JSON number into an integer or float field.
func setNumber(f reflect.Value, s string) bool {
	if !isJSONNumber(s) {
		return false // JSON would not even encode it
	}
	switch f.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || f.OverflowInt(n) {
			return false
		}
		f.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || f.OverflowUint(n) {
			return false
		}
		f.SetUint(n)
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(s, f.Type().Bits())
		if err != nil || f.OverflowFloat(n) {
			return false
		}
		f.SetFloat(n)
	default:
		return false
	}
	return true
}

// isJSONNumber reports whether s is a number as JSON writes one (no sign
// but '-', no leading zeros, no hex, Inf or NaN), which is what
// encoding/json encodes a json.Number as; strconv takes more.
func isJSONNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	digits := func() int {
		n := 0
		for n < len(s) && '0' <= s[n] && s[n] <= '9' {
			n++
		}
		s = s[n:]
		return n
	}
	switch {
	case strings.HasPrefix(s, "0"):
		s = s[1:]
	case digits() == 0:
		return false
	}
	if rest, ok := strings.CutPrefix(s, "."); ok {
		if s = rest; digits() == 0 {
			return false
		}
	}
	if len(s) > 0 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		if digits() == 0 {
			return false
		}
	}
	return s == ""
}

// setAny puts a string, boolean or number into an empty interface field as
// encoding/json does (a number becomes a float64); objects and lists are
// left to it.
func setAny(f reflect.Value, v any) bool {
	switch x := v.(type) {
	case bool:
		f.Set(reflect.ValueOf(x))
	case string:
		if !utf8.ValidString(x) {
			return false
		}
		f.Set(reflect.ValueOf(x))
	case json.Number:
		n, err := strconv.ParseFloat(string(x), 64)
		if err != nil || !isJSONNumber(string(x)) {
			return false
		}
		f.Set(reflect.ValueOf(n))
	default:
		return false
	}
	return true
}

// setStrings puts a list of strings into a field that is a slice of a
// string kind.
func setStrings(f reflect.Value, v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	s := reflect.MakeSlice(f.Type(), len(list), len(list))
	for i, item := range list {
		str, ok := item.(string)
		if !ok || !utf8.ValidString(str) {
			return false
		}
		s.Index(i).SetString(str)
	}
	f.Set(s)
	return true
}
