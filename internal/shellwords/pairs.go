package shellwords

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The words after a tool name in f0's own syntax (the CLI's, and the same
// text sent over MCP as a call's whole arguments) set fields with
// key=value and key:=json words; the other words are bare values for the
// tool's main field, and after a "--" word every word is bare. ReadPairs
// is that reading, shared by the CLI and the engine so that both read one
// syntax.

// ReadPairs reads words as fields and bare words. A key:=json word whose
// value is not JSON is an error.
func ReadPairs(words []string) (fields map[string]any, bare []string, err error) {
	fields = map[string]any{}
	literal := false // after "--", every word is a bare value
	for _, w := range words {
		if w == "--" && !literal {
			literal = true
			continue
		}
		key, val, isJSON := SplitPair(w)
		if key == "" || literal {
			bare = append(bare, w)
			continue
		}
		v, err := PairValue(w, val, isJSON)
		if err != nil {
			return nil, nil, err
		}
		fields[key] = v
	}
	return fields, bare, nil
}

// SplitPair splits key=value and key:=json; a word without '=' before any
// space or slash is bare.
func SplitPair(w string) (key, val string, isJSON bool) {
	i := strings.IndexByte(w, '=')
	if i <= 0 || strings.ContainsAny(w[:i], " /\\") {
		return "", "", false
	}
	key, val = w[:i], w[i+1:]
	if k, ok := strings.CutSuffix(key, ":"); ok {
		return k, val, true
	}
	return key, val, false
}

// PairValue is the value of a key=value word (a string) or a key:=json
// word (any JSON value).
func PairValue(word, val string, isJSON bool) (any, error) {
	if !isJSON {
		return val, nil
	}
	var v any
	if err := json.Unmarshal([]byte(val), &v); err != nil {
		return nil, fmt.Errorf("%s: the value after := must be JSON: %w", word, err)
	}
	return v, nil
}

// PlaceBare puts the bare words of ReadPairs into the main field of the
// fields read: one word as a string, several joined with spaces when join
// is set (a main field that takes one string) and as a list otherwise.
// With no fields it returns the bare value alone, for the caller to place.
func PlaceBare(fields map[string]any, bare []string, main string, join bool) (any, error) {
	if len(bare) == 0 {
		return fields, nil
	}
	var value any = bare
	if len(bare) == 1 {
		value = bare[0]
	} else if join {
		value = strings.Join(bare, " ") // f0 tools.search read file
	}
	if len(fields) == 0 {
		return value, nil
	}
	if main == "" {
		return nil, fmt.Errorf("unexpected argument %q: give every argument as key=value", bare[0])
	}
	if _, dup := fields[main]; dup {
		return nil, fmt.Errorf("%q is given both as a bare word and as %s=…", bare[0], main)
	}
	fields[main] = value
	return fields, nil
}
