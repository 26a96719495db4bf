package repair

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// The converters below read the HTTP shapes models send (headers as an
// object, query as pairs, a body as an object, auth as an object) into the
// one shape f0 publishes for each field. Each returns the converted value,
// a note saying what was understood ("" when the value was already in the
// published or the canonical shape), and problems for parts it cannot read.

// toHeaderLines reads headers into ["Name: value", …].
func toHeaderLines(field string, v any) (any, string, []Problem) {
	switch x := v.(type) {
	case string:
		if parsed, ok := jsonContainer(x); ok {
			out, _, ps := toHeaderLines(field, parsed)
			lines, _ := out.([]any)
			return out, shapeNote(field, "JSON text", maskHeaders(anyStrings(lines))), ps
		}
		lines := splitLines(x)
		return toAny(lines), shapeNote(field, "a string", maskHeaders(lines)), nil
	case map[string]any:
		// The published form: no note. A null value is no header (OpenAI's
		// strict mode sends every name the schema lists); "" still removes a
		// default one, as curl's -H 'Name:' does.
		return toAny(objectLines(withoutNil(x), ": ", nil)), "", nil
	case []any:
		var lines []string
		var problems []Problem
		changed := false
		for i, item := range x {
			ls, same, ps := headerItem(fmt.Sprintf("%s[%d]", field, i), item)
			lines, changed, problems = append(lines, ls...), changed || !same, append(problems, ps...)
		}
		if !changed || len(problems) > 0 {
			return v, "", problems
		}
		return toAny(lines), shapeNote(field, "a list of pairs", maskHeaders(lines)), problems
	}
	return v, "", nil
}

// headerItem reads one item of a header list: a "Name: value" string (lines
// split), a [name, value] pair, a {name, value} object or {"Name": "value"}.
func headerItem(field string, item any) (lines []string, same bool, problems []Problem) {
	switch it := item.(type) {
	case string:
		ls := splitLines(it)
		return ls, len(ls) == 1 && ls[0] == it, nil
	case []any:
		if name, val, ok := pair(it); ok {
			return []string{name + ": " + val}, false, nil
		}
	case map[string]any:
		if name, val, ok := namedPair(it); ok {
			return []string{name + ": " + val}, false, nil
		}
		return objectLines(it, ": ", nil), false, nil
	}
	return nil, false, []Problem{{field, fmt.Sprintf("expected \"Name: value\", got %s", text.DescribeValue(item))}}
}

// secretHeader matches header names whose values must not be echoed.
var secretHeader = lazyRegexp(`(?i)auth|token|key|secret|cookie|pass|session`)

// maskHeaders hides the values of credential headers in a note.
func maskHeaders(lines []string) []string {
	out := make([]string, len(lines))
	for i, line := range lines {
		name, _, ok := strings.Cut(line, ":")
		if ok && secretHeader().MatchString(name) {
			line = name + ": ***"
		}
		out[i] = line
	}
	return out
}

// maskCookies hides cookie values in a note: they are often sessions.
func maskCookies(s string) string {
	parts := strings.Split(s, "; ")
	for i, p := range parts {
		if name, _, ok := strings.Cut(p, "="); ok {
			parts[i] = name + "=***"
		}
	}
	return strings.Join(parts, "; ")
}

func anyStrings(list []any) []string {
	out := make([]string, 0, len(list))
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// toURLEncoded reads query or form fields into "a=1&b=2".
func toURLEncoded(field string, v any) (any, string, []Problem) {
	switch x := v.(type) {
	case string:
		if parsed, ok := jsonContainer(x); ok {
			out, _, ps := toURLEncoded(field, parsed)
			return out, shapeNote(field, "JSON text", out), ps
		}
		return x, "", nil
	case map[string]any:
		s := strings.Join(objectLines(x, "=", url.QueryEscape), "&")
		return s, shapeNote(field, "an object", s), nil
	case []any:
		var pairs []string
		for i, item := range x {
			p, ok := encodedPair(item)
			if !ok {
				return v, "", []Problem{{fmt.Sprintf("%s[%d]", field, i), fmt.Sprintf("expected \"name=value\" or [name, value], got %s", text.DescribeValue(item))}}
			}
			pairs = append(pairs, p...)
		}
		s := strings.Join(pairs, "&")
		return s, shapeNote(field, "a list", s), nil
	}
	return v, "", nil
}

// encodedPair reads one item of a query or form list.
func encodedPair(item any) ([]string, bool) {
	switch it := item.(type) {
	case string:
		return []string{it}, true
	case []any:
		if name, val, ok := pair(it); ok {
			return []string{url.QueryEscape(name) + "=" + url.QueryEscape(val)}, true
		}
	case map[string]any:
		if name, val, ok := namedPair(it); ok {
			return []string{url.QueryEscape(name) + "=" + url.QueryEscape(val)}, true
		}
		return objectLines(it, "=", url.QueryEscape), true
	}
	return nil, false
}

// toJSONText encodes a JSON value given for a field that takes JSON text.
func toJSONText(field string, sh tool.Shape, v any) (any, string, []Problem) {
	switch v.(type) {
	case string, nil:
		return v, "", nil
	case map[string]any, []any:
		s := text.CompactJSON(v)
		if sh == tool.JSONArgs {
			return s, "", nil
		}
		return s, fmt.Sprintf("%s: sent the %s as JSON text", field, kindOf(v)), nil
	}
	return text.CompactJSON(v), "", nil
}

// toCommandLine joins a list of words into one command line that splits
// back into the same words. No note: the words are the same. A word that
// is a shell operator or redirect ("|", ">", "2>/dev/null") where no flag
// takes it as its value is left as the operator a model put in the list,
// for the tool that reads shell lines to read (net.curl: | jq, > FILE).
func toCommandLine(field string, v any) (any, string, []Problem) {
	list, ok := v.([]any)
	if !ok {
		return v, "", nil
	}
	words := make([]string, 0, len(list))
	for i, item := range list {
		switch w := item.(type) {
		case string:
			words = append(words, w)
		case json.Number:
			words = append(words, w.String())
		default:
			return v, "", []Problem{{fmt.Sprintf("%s[%d]", field, i), fmt.Sprintf("expected a string, got %s", text.DescribeValue(item))}}
		}
	}
	if len(words) == 1 && strings.ContainsAny(strings.TrimSpace(words[0]), " \t\n") {
		return words[0], "", nil // ["-sL https://x"]: one command line in a list
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = shellQuote(w)
		if listOperator().MatchString(w) && (i == 0 || !curlValueFlag().MatchString(words[i-1])) {
			quoted[i] = w
		}
	}
	return strings.Join(quoted, " "), "", nil
}

// listOperator matches a word of a list that is a shell operator or a
// redirect: |, ||, &&, ;, >, >>, >FILE, 2>/dev/null, 2>&1, &>.
var listOperator = lazyRegexp(`^(?:\|\|?|&&|;|[12]?>>?(?:&[12]|[^&|;<>\s]+)?|&>>?)$`)

// curlValueFlag matches a curl flag whose value is the next word (-d, -H,
// --data …): a "|" or ">" after it is that value, not an operator.
var curlValueFlag = lazyRegexp(`^(?:-[dHoXAuebcDFTwmrxEKQtUyYzCP]|--(?:data[a-z-]*|header|output|request|user-agent|user|referer|cookie[a-z-]*|form[a-z-]*|json|url|url-query|max-time|connect-timeout|write-out|dump-header|upload-file|proxy|max-redirs|resolve|connect-to|oauth2-bearer|retry[a-z-]*))$`)

// toCookiePairs reads cookies into "name=value; other=value".
func toCookiePairs(field string, v any) (any, string, []Problem) {
	switch x := v.(type) {
	case map[string]any:
		s := strings.Join(objectLines(x, "=", nil), "; ")
		return s, shapeNote(field, "an object", maskCookies(s)), nil
	case []any:
		var parts []string
		for i, item := range x {
			switch it := item.(type) {
			case string:
				parts = append(parts, it)
			case []any:
				name, val, ok := pair(it)
				if !ok {
					return v, "", []Problem{{fmt.Sprintf("%s[%d]", field, i), "expected \"name=value\" or [name, value]"}}
				}
				parts = append(parts, name+"="+val)
			default:
				return v, "", []Problem{{fmt.Sprintf("%s[%d]", field, i), fmt.Sprintf("expected \"name=value\", got %s", text.DescribeValue(item))}}
			}
		}
		s := strings.Join(parts, "; ")
		return s, shapeNote(field, "a list", maskCookies(s)), nil
	}
	return v, "", nil
}

// userKeys and passwordKeys are the names credentials objects use.
var (
	userKeys     = []string{"username", "user", "login", "name", "id"}
	passwordKeys = []string{"password", "pass", "passwd", "pwd", "secret"}
)

// toUserPass reads credentials into "user:password".
func toUserPass(field string, v any) (any, string, []Problem) {
	var user, pass string
	var okUser, okPass bool
	switch x := v.(type) {
	case map[string]any:
		user, okUser = firstText(x, userKeys)
		pass, okPass = firstText(x, passwordKeys)
		if okUser && okPass && len(x) > 2 {
			return v, "", []Problem{{field, fmt.Sprintf("holds more than a user and a password (%s); send \"user:password\", or the other credentials as headers", strings.Join(keys.Sorted(x), ", "))}}
		}
	case []any:
		if len(x) == 2 {
			user, pass, okUser = pair(x)
			okPass = okUser
		}
	default:
		return v, "", nil
	}
	if !okUser || !okPass {
		return v, "", []Problem{{field, fmt.Sprintf("expected \"user:password\" or {\"username\": …, \"password\": …}, got %s", text.DescribeValue(v))}}
	}
	return user + ":" + pass, fmt.Sprintf("%s: read the %s as %q", field, kindOf(v), user+":***"), nil
}

// firstText returns the first of names (any spelling) with a scalar value.
func firstText(obj map[string]any, names []string) (string, bool) {
	for _, want := range names {
		for k, v := range obj {
			if keys.Fold(k) == want {
				if s, ok := text.ScalarText(v); ok {
					return s, true
				}
			}
		}
	}
	return "", false
}

// objectLines renders an object as name+sep+value lines in name order; a
// list value repeats the name, null gives an empty value, and an object
// value is written as JSON text. escape, when set, encodes names and values.
func objectLines(obj map[string]any, sep string, escape func(string) string) []string {
	names := keys.Sorted(obj)
	if escape == nil {
		escape = strings.TrimSpace
	}
	var lines []string
	for _, name := range names {
		vals := []any{obj[name]}
		if list, ok := obj[name].([]any); ok {
			vals = list
		}
		for _, val := range vals {
			s, ok := text.ScalarText(val)
			if !ok {
				s = text.CompactJSON(val)
			}
			lines = append(lines, escape(name)+sep+escape(s))
		}
	}
	return lines
}

// pair reads [name, value] with a scalar value.
func pair(list []any) (string, string, bool) {
	if len(list) != 2 {
		return "", "", false
	}
	name, ok := list[0].(string)
	if !ok {
		return "", "", false
	}
	val, ok := text.ScalarText(list[1])
	return name, val, ok
}

// namedPair reads {name|key: …, value: …}.
func namedPair(obj map[string]any) (string, string, bool) {
	if len(obj) != 2 {
		return "", "", false
	}
	name, okName := firstText(obj, []string{"name", "key"})
	val, okVal := firstText(obj, []string{"value"})
	return name, val, okName && okVal
}

// jsonContainer parses text holding a JSON object or array.
func jsonContainer(s string) (any, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "[") {
		return nil, false
	}
	v, err := text.DecodeJSON([]byte(t))
	return v, err == nil
}

// splitLines splits "A: 1\nB: 2" into trimmed, non-empty lines.
func splitLines(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

func toAny(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

func kindOf(v any) string {
	if _, ok := v.([]any); ok {
		return "list"
	}
	return "object"
}

// shapeNote says how a field given in another form was read.
func shapeNote(field, given string, out any) string {
	s := text.CompactJSON(out)
	if len(s) > 160 {
		s = text.CutUTF8(s, 157) + "…"
	}
	return fmt.Sprintf("%s: read %s as %s", field, given, s)
}

// withoutNil is set without its null values (the arguments it takes away).
func withoutNil(set map[string]any) map[string]any {
	out := make(map[string]any, len(set))
	for k, v := range set {
		if v != nil {
			out[k] = v
		}
	}
	return out
}
