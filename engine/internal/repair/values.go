package repair

import (
	"bytes"
	"encoding/json"
	"f0/internal/text"
	"fmt"
	"strconv"
	"strings"
)

// ToValue converts arguments as they arrived from any front end into plain
// JSON values (map[string]any, []any, string, json.Number, bool, nil).
func ToValue(raw any) (any, error) {
	switch v := raw.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		if len(bytes.TrimSpace(v)) == 0 {
			return nil, nil
		}
		return text.DecodeJSON(v)
	case []byte:
		return ToValue(json.RawMessage(v))
	case string:
		return v, nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return nil, fmt.Errorf("arguments are not JSON: %w", err)
	}
	return text.DecodeJSON(data)
}

// asList reads a JSON list, or JSON text holding one.
func asList(v any) ([]any, bool) {
	switch x := v.(type) {
	case []any:
		return x, true
	case string:
		if s := strings.TrimSpace(x); strings.HasPrefix(s, "[") {
			if parsed, err := text.DecodeJSON([]byte(s)); err == nil {
				list, ok := parsed.([]any)
				return list, ok
			}
		}
	}
	return nil, false
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func toNumber(v any) (json.Number, bool) {
	switch x := v.(type) {
	case json.Number:
		return x, true
	case float64:
		return json.Number(strconv.FormatFloat(x, 'f', -1, 64)), true
	case int:
		return json.Number(strconv.Itoa(x)), true // set by a repair, not sent
	case string:
		s := strings.ReplaceAll(strings.TrimSpace(x), "_", "")
		if _, err := strconv.ParseFloat(s, 64); err == nil && s != "" {
			return json.Number(s), true
		}
	}
	return "", false
}

func toBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case json.Number:
		switch x.String() {
		case "1":
			return true, true
		case "0":
			return false, true
		}
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "y", "on", "1", "t":
			return true, true
		case "false", "no", "n", "off", "0", "f":
			return false, true
		}
	}
	return false, false
}

// peekArgs reads the arguments of a call as an object without repairing
// them, to match foreign names' conditions.
func peekArgs(raw any) map[string]any {
	v, err := ToValue(raw)
	if err != nil {
		return nil
	}
	if s, ok := v.(string); ok && strings.HasPrefix(strings.TrimSpace(s), "{") {
		v, _ = text.DecodeJSON([]byte(s))
	}
	m, _ := v.(map[string]any)
	return m
}
