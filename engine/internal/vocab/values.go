package vocab

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

var (
	camelBoundary = regexp.MustCompile(`([a-z0-9])([A-Z])`)
	nameSeparator = regexp.MustCompile(`[-_. /:]+`)
)

// normName folds a tool name for comparison: camelCase, '-', '_', '.' and
// spaces become one '_', and case is ignored (copilot_readFile and
// copilot-read-file are one name).
func normName(n string) string {
	n = camelBoundary.ReplaceAllString(strings.TrimSpace(n), "${1}_${2}")
	n = nameSeparator.ReplaceAllString(n, "_")
	return strings.ToLower(strings.Trim(n, "_"))
}

// normText is a value as `when` and `values` compare it: trimmed lower-case
// text.
func normText(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// valueText is any argument as `when` and `values` compare it: text trimmed
// and lower-cased, booleans and numbers as JSON text.
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return normText(x)
	case bool:
		return strconv.FormatBool(x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case json.Number:
		return x.String()
	}
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return normText(string(data))
}

// asInt reads an integer from what a JSON decoder or f0's type repair
// gives: numbers of any Go kind, and numeric text.
func asInt(v any) (int, bool) {
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<31 {
			return 0, false
		}
		return int(x), true
	case int:
		return x, true
	case int64:
		return int(x), true
	case json.Number:
		n, err := x.Int64()
		return int(n), err == nil
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(x))
		return n, err == nil
	}
	return 0, false
}

// asBool reads a boolean, also from the text "true" or "false".
func asBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		b, err := strconv.ParseBool(normText(x))
		return b, err == nil
	}
	return false, false
}

// isEmpty reports whether v is "", [], {} or null.
func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// hasUpper reports whether s has an upper-case letter.
func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// kindOf names a value's JSON kind for an error message.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "text"
	case bool:
		return "a boolean"
	case float64, int, int64, json.Number:
		return "a number"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

// quote renders v as JSON for a message.
func quote(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(data)
}

// asFloat reads a number from what a JSON decoder or f0's type repair
// gives, also from numeric text.
func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	if n, ok := asInt(v); ok {
		return float64(n), true
	}
	return 0, false
}
