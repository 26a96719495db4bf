package repair

import (
	"fmt"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/schemas"
	"f0/tool"
)

// requestSlips reads the slips of a call of a tool that mirrors a
// command-line program.
func requestSlips(s *State) { s.add(repairRequest(s.Tool, s.Schema(), s.Args)) }

// repairRequest reads request-shaped slips in the arguments of a tool that
// mirrors a command-line program (net.curl mirrors curl): a whole command
// line where a URL or a "command" is expected, a URL written "POST
// https://…", and a bearer token given as a field of its own.
func repairRequest(t *tool.Tool, schema *schemas.Schema, args map[string]any) (problems []Problem, notes []string) {
	declares := func(k string) bool { return schemas.Property(schema, k) != nil }
	if note := commandLineArgs(t, args); note != "" {
		notes = append(notes, note)
	}
	if note := methodInURL(t, declares, args); note != "" {
		notes = append(notes, note)
	}
	if note := bearerHeader(t, declares, args); note != "" {
		notes = append(notes, note)
	}
	return nil, notes
}

// commandLineArgs moves a command line of the tool's program ("curl -s
// https://…") from a URL field or a "command" key into the field that takes
// curl-style words.
func commandLineArgs(t *tool.Tool, args map[string]any) string {
	raw := t.RawArgsField
	if raw == "" || len(t.Shell) == 0 || args[raw] != nil {
		return ""
	}
	for key := range keys.InOrder(args) {
		if t.Forms[key] != tool.URLKind && (t.Forms[key] != 0 || !keys.Contains(commandKeys, key)) {
			continue
		}
		s, ok := args[key].(string)
		if !ok || !startsWithProgram(t.Shell, s) {
			continue
		}
		delete(args, key)
		args[raw] = strings.TrimSpace(s)
		return fmt.Sprintf("note: %q held a whole %s command; ran it as %q (curl-style words)", key, firstWord(s), raw)
	}
	return ""
}

// startsWithProgram reports whether s is a command line of one of programs.
func startsWithProgram(programs []string, s string) bool {
	w := firstWord(s)
	return w != "" && len(strings.Fields(s)) > 1 && slices.Contains(programs, w)
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// methodURL matches "POST https://…" as one value.
var methodURL = lazyRegexp(`^(?i)(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+://\S+)$`)

// methodInURL splits "POST https://…" given as the URL into the method and
// the URL, when the tool declares a method field.
func methodInURL(t *tool.Tool, declares func(string) bool, args map[string]any) string {
	const field = "method"
	if !declares(field) {
		return ""
	}
	for key := range keys.InOrder(args) {
		if t.Forms[key] != tool.URLKind {
			continue
		}
		s, ok := args[key].(string)
		m := methodURL().FindStringSubmatch(strings.TrimSpace(s))
		if !ok || m == nil {
			continue
		}
		method := strings.ToUpper(m[1])
		if given, ok := args[field].(string); ok && given != "" && !strings.EqualFold(given, method) {
			continue
		}
		args[key], args[field] = m[2], method
		return fmt.Sprintf("note: read %q as method %s and url %s", key, method, m[2])
	}
	return ""
}

// bearerHeader turns a bearer token given as a field of its own into an
// Authorization header in the tool's header-lines field.
func bearerHeader(t *tool.Tool, declares func(string) bool, args map[string]any) string {
	headers := ""
	for field, sh := range t.Shapes {
		if sh == tool.HeaderLines && !strings.Contains(field, ".") {
			headers = field
		}
	}
	if headers == "" {
		return ""
	}
	for key := range keys.InOrder(args) {
		if !keys.Contains(bearerKeys, foldedSnake(key)) || declares(key) {
			continue
		}
		token, ok := args[key].(string)
		if !ok || strings.TrimSpace(token) == "" {
			continue
		}
		token = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(token), "Bearer "))
		line := "Authorization: Bearer " + token
		if !addHeaderLine(args, headers, line) {
			continue
		}
		delete(args, key)
		return fmt.Sprintf("note: %q: sent as the header \"Authorization: Bearer ***\"", key)
	}
	return ""
}

// addHeaderLine adds a header to the headers field in whatever shape it was
// given; false when an Authorization header is there already or the shape
// is unknown.
func addHeaderLine(args map[string]any, field, line string) bool {
	name, value, _ := strings.Cut(line, ": ")
	switch h := args[field].(type) {
	case nil:
		args[field] = []any{line}
	case []any:
		for _, item := range h {
			if s, ok := item.(string); ok && strings.HasPrefix(strings.ToLower(strings.TrimSpace(s)), "authorization:") {
				return false
			}
		}
		args[field] = append(h, line)
	case map[string]any:
		for k := range h {
			if strings.EqualFold(k, name) {
				return false
			}
		}
		h[name] = value
	case string:
		if strings.Contains(strings.ToLower(h), "authorization:") {
			return false
		}
		args[field] = strings.TrimRight(h, "\n") + "\n" + line
	default:
		return false
	}
	return true
}
