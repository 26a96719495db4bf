package texttest

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// Call is a call an answer suggests, as a model copies it out of the
// text: the name written before the arguments, and the arguments.
type Call struct {
	Name string
	Args map[string]any
}

// callStart finds where a written call starts: pi's proxy form
// mcp({tool: "NAME", args: {…}}), or a name and a space before a JSON
// object, NAME {…} (fs_read, f0_fs_read, mcp__f0__fs_read).
var callStart = regexp.MustCompile(`mcp\(\{tool: "([^"]+)", args: \{|\b([A-Za-z][A-Za-z0-9_]*) \{`)

// Calls returns the calls written in text, in order: every name followed
// by a JSON object, and pi's proxy calls. A name before something that is
// not a whole JSON object (a schema such as {path?: string}) is not a call.
func Calls(text string) []Call {
	var out []Call
	for _, m := range callStart.FindAllStringSubmatchIndex(text, -1) {
		name := ""
		switch {
		case m[2] >= 0:
			name = text[m[2]:m[3]]
		default:
			name = text[m[4]:m[5]]
		}
		dec := json.NewDecoder(strings.NewReader(text[m[1]-1:]))
		dec.UseNumber()
		var args map[string]any
		if dec.Decode(&args) != nil {
			continue
		}
		out = append(out, Call{Name: name, Args: args})
	}
	return out
}

// Follow runs start, then every call each answer suggests, each distinct
// call once, at most limit calls in all, and returns the answers by the
// key of the call that got them. run makes a call and returns its key (the
// tool it resolves to and its arguments: two spellings of one call share
// it) and its answer. Follow fails t when an answer suggests the very call
// that got it, or when a suggested call gets the same answer as the one
// that suggested it: following such advice gets the same advice again.
func Follow(t testing.TB, start Call, run func(Call) (key, answer string), limit int) map[string]string {
	t.Helper()
	key, answer := run(start)
	answers := map[string]string{key: answer}
	queue := []string{key}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		for _, c := range Calls(answers[from]) {
			k, got := run(c)
			switch {
			case k == from:
				t.Fatalf("the answer to %s suggests that same call:\n%s", from, answers[from])
			case got == answers[from]:
				t.Fatalf("following %s %v gets the answer it came from:\n%s", c.Name, c.Args, got)
			}
			if _, seen := answers[k]; seen {
				continue
			}
			if len(answers) >= limit {
				t.Fatalf("more than %d distinct calls suggested, starting from %s", limit, key)
			}
			answers[k] = got
			queue = append(queue, k)
		}
	}
	return answers
}
