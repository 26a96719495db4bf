package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"f0/internal/text"
)

// A tool name as small open models send it often carries more than the
// name: quotes, chat-template tokens (gpt-oss's harmony <|channel|>,
// to=functions.NAME, <|call|>), the signature and description the tool was
// listed with, a suffix naming the server, trailing punctuation, or a whole
// call copied from an answer (the listing's "More: tools_describe {…}", a
// footer's "Get the rest: fs_read {…}"). cleanName takes these off in one
// fixed order and says what it took. It only runs on a name that resolves
// to nothing as sent, and the name left is resolved like any other, so it
// never chooses between two tools: a cleaned name that is no tool's, or
// more than one's, is answered as an unknown name.

// cleanedName is what cleanName left of a name.
type cleanedName struct {
	name string
	// args are the arguments the name carried (a copied call), or nil.
	args map[string]any
	// took says what was taken off, in order, for the note.
	took []string
}

// nameCleaners are the steps of cleanName, in the order they run. Each
// returns the name it leaves and what it took ("" when nothing).
var nameCleaners = []func(*cleanedName) string{
	cleanHarmony,
	cleanCopiedCall,
	cleanQuotes,
	cleanSignature,
	cleanServerSuffix,
	cleanPunctuation,
}

// cleanName cleans raw; ok is false when there was nothing to take off.
func cleanName(raw string) (cleanedName, bool) {
	c := cleanedName{name: strings.TrimSpace(raw)}
	for _, step := range nameCleaners {
		if took := step(&c); took != "" {
			c.took = append(c.took, took)
			c.name = strings.TrimSpace(c.name)
		}
	}
	return c, len(c.took) > 0 && c.name != ""
}

// note says how the name was read.
func (c cleanedName) note(raw, tool string) string {
	n := fmt.Sprintf("note: read the tool name %s as %s (took off %s)", text.QuoteShort(raw), tool, strings.Join(c.took, ", "))
	if c.args != nil {
		n += "; the arguments are the ones the name held"
	}
	return n
}

// harmonyEnds are the tokens that end a gpt-oss message.
var harmonyEnds = []string{"<|call|>", "<|end|>", "<|return|>"}

// cleanHarmony reads a name holding harmony tokens: a whole message
// (<|channel|>commentary to=functions.fs_read <|constrain|>json<|message|>{…}<|call|>),
// a recipient (to=functions.fs_read), or a name with a channel or end token
// stuck to it (fs_read<|channel|>analysis, fs_find<|call|>).
func cleanHarmony(c *cleanedName) string {
	s := c.name
	if !strings.Contains(s, "<|") && !strings.HasPrefix(s, "to=") {
		return ""
	}
	if head, body, ok := strings.Cut(s, "<|message|>"); ok {
		args, isObj := decodeObjectPrefix(trimHarmonyEnd(body))
		if !isObj {
			return ""
		}
		c.args, s = args, head
	}
	if i := strings.Index(s, "to="); i >= 0 {
		s = s[i+len("to="):]
		if j := strings.IndexAny(s, " \t\n<"); j >= 0 {
			s = s[:j]
		}
	} else {
		s = dropHarmonyTokens(s)
	}
	if s == c.name {
		return ""
	}
	c.name = s
	return "the chat-template tokens"
}

// trimHarmonyEnd cuts s at the first token that ends a message.
func trimHarmonyEnd(s string) string {
	for _, end := range harmonyEnds {
		if i := strings.Index(s, end); i >= 0 {
			s = s[:i]
		}
	}
	return strings.TrimSpace(s)
}

// dropHarmonyTokens removes <|token|> marks, and the word a <|channel|> or
// <|constrain|> mark names (analysis, json), from a name.
func dropHarmonyTokens(s string) string {
	var kept []string
	for _, part := range strings.Split(s, "<|") {
		token, rest, isToken := strings.Cut(part, "|>")
		if !isToken {
			kept = append(kept, part)
			continue
		}
		if token == "channel" || token == "constrain" {
			// the channel's or format's word follows the mark
			if fields := strings.Fields(rest); len(fields) > 0 {
				rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), fields[0]))
			}
		}
		kept = append(kept, rest)
	}
	return strings.Join(strings.Fields(strings.Join(kept, " ")), " ")
}

// cleanCopiedCall reads a whole call copied into the name: an optional
// label ending in ':' (More:, Get the rest:), the tool's name, then its
// arguments as one JSON object.
func cleanCopiedCall(c *cleanedName) string {
	i := strings.IndexByte(c.name, '{')
	if i <= 0 || c.args != nil {
		return ""
	}
	args, ok := decodeObjectPrefix(c.name[i:])
	if !ok {
		return ""
	}
	head := strings.Fields(c.name[:i])
	if len(head) == 0 {
		return ""
	}
	c.name, c.args = head[len(head)-1], args
	if len(head) > 1 {
		return fmt.Sprintf("the label %q and the arguments after the name", strings.Join(head[:len(head)-1], " "))
	}
	return "the arguments after the name"
}

// decodeObjectPrefix reads one JSON object at the start of s, with nothing
// but space or end-of-message tokens after it.
func decodeObjectPrefix(s string) (map[string]any, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil {
		return nil, false
	}
	rest := s[dec.InputOffset():]
	return m, strings.TrimSpace(trimHarmonyEnd(rest)) == ""
}

// nameQuotes are the marks models quote a name with.
var nameQuotes = [][2]string{{`\"`, `\"`}, {`"`, `"`}, {"'", "'"}, {"`", "`"}, {"“", "”"}, {"‘", "’"}}

// cleanQuotes takes off quotes around the name ("fs_find", 'fs_find',
// `fs_find`), however many times over.
func cleanQuotes(c *cleanedName) string {
	took := false
	for again := true; again; {
		again = false
		for _, q := range nameQuotes {
			s := strings.TrimSpace(c.name)
			if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
				c.name, took, again = s[len(q[0]):len(s)-len(q[1])], true, true
			}
		}
	}
	if took {
		return "the quotes"
	}
	return ""
}

// cleanSignature keeps the name of a signature and description sent as
// the name: fs_read(path: str) -> str: Read a file, fs_read: Read a file,
// fs_read - Read a file.
func cleanSignature(c *cleanedName) string {
	s := c.name
	cut := -1
	for _, sep := range []string{"(", ": ", " - ", " — ", " -> "} {
		if i := strings.Index(s, sep); i > 0 && (cut < 0 || i < cut) {
			cut = i
		}
	}
	if cut < 0 {
		return ""
	}
	name := strings.TrimSpace(s[:cut])
	if name == "" || strings.ContainsAny(name, " \t\n") {
		return ""
	}
	c.name = name
	if strings.HasSuffix(s, "()") && cut == len(s)-2 {
		return "the empty parentheses"
	}
	return "the signature and description"
}

// cleanServerSuffix takes off a suffix naming the server or protocol:
// fs_find_mcp_f0, fs_find_mcp, fs_find@f0.
func cleanServerSuffix(c *cleanedName) string {
	s := c.name
	if i := strings.LastIndexByte(s, '@'); i > 0 {
		c.name = s[:i]
		return fmt.Sprintf("the suffix %q", s[i:])
	}
	lower := strings.ToLower(s)
	for _, sep := range []string{"_mcp", "-mcp", ".mcp"} {
		i := strings.LastIndex(lower, sep)
		if i <= 0 {
			continue
		}
		rest := lower[i+len(sep):]
		if rest == "" || (rest[0] == '_' || rest[0] == '-' || rest[0] == '.') && isWord(rest[1:]) {
			c.name = s[:i]
			return fmt.Sprintf("the suffix %q", s[i:])
		}
	}
	return ""
}

// isWord reports whether s is one word of letters and digits.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// cleanPunctuation takes off punctuation after the name (fs_read., fs_read:,
// fs_read()).
func cleanPunctuation(c *cleanedName) string {
	s := strings.TrimSuffix(c.name, "()")
	s = strings.TrimRight(s, ".,;:!?")
	if s == c.name || s == "" {
		return ""
	}
	c.name = s
	return "the punctuation after it"
}

// mergeNameArgs puts the arguments a name held under the call's own: the
// call's fields win. It returns the arguments to repair.
func mergeNameArgs(raw any, fromName map[string]any) any {
	given := peekArgs(raw)
	if given == nil && !isEmptyArgs(raw) {
		return raw // the call's arguments are not an object: they stand
	}
	merged := make(map[string]any, len(fromName)+len(given))
	for k, v := range fromName {
		merged[k] = v
	}
	for k, v := range given {
		merged[k] = v
	}
	return merged
}

// isEmptyArgs reports whether raw holds no arguments at all.
func isEmptyArgs(raw any) bool {
	switch v := raw.(type) {
	case nil:
		return true
	case string:
		s := strings.TrimSpace(v)
		return s == "" || s == "null" || s == "{}"
	case json.RawMessage:
		s := bytes.TrimSpace(v)
		return len(s) == 0 || string(s) == "null" || string(s) == "{}"
	case []byte:
		s := bytes.TrimSpace(v)
		return len(s) == 0 || string(s) == "null" || string(s) == "{}"
	case map[string]any:
		return len(v) == 0
	}
	return false
}
