package text

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// DecodeJSON parses JSON keeping numbers exact.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

// DescribeValue names a JSON value's type with a short rendering of it.
func DescribeValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprintf("%v (boolean)", x)
	case json.Number, float64, int:
		return fmt.Sprintf("%v (number)", x)
	case string:
		return QuoteShort(x) + " (string)"
	case []any:
		return fmt.Sprintf("an array of %d", len(x))
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// QuoteShort quotes s, cut to a readable length.
func QuoteShort(s string) string {
	const max = 80
	if len(s) > max {
		return strconv.Quote(CutUTF8(s, max)) + "…"
	}
	return strconv.Quote(s)
}
