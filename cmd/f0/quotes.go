package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// shellEatenKey is a key of a JSON object whose quotes the shell took off:
// f0 call fs.read {path:README.md} reaches f0 as {path:README.md}.
var shellEatenKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*:`)

// unquotedObject reads a word that looks like a JSON object but is not
// one, such as {path:README.md,limit:2} (a shell removed its quotes), as
// the key=value words it stands for, and says how to quote it; ok is false
// when the word is valid JSON or not of that form (nested values, a part
// without a key), which the engine then explains.
func unquotedObject(word string) (pairs []string, note string, ok bool) {
	inner, found := strings.CutPrefix(strings.TrimSpace(word), "{")
	inner, closed := strings.CutSuffix(inner, "}")
	if !found || !closed || json.Valid([]byte(word)) || strings.ContainsAny(inner, "{}[]\"") {
		return nil, "", false
	}
	obj := map[string]string{}
	for _, part := range strings.Split(inner, ",") {
		part = strings.TrimSpace(part)
		if !shellEatenKey.MatchString(part) {
			return nil, "", false
		}
		key, value, _ := strings.Cut(part, ":")
		pairs = append(pairs, key+"="+strings.TrimSpace(value))
		obj[key] = strings.TrimSpace(value)
	}
	quoted, _ := json.Marshal(obj)
	note = fmt.Sprintf("note: read %s as %s: the shell took the quotes off the JSON; to pass JSON, quote it: %s",
		word, strings.Join(pairs, " "), quoteWord(string(quoted)))
	return pairs, note, true
}
