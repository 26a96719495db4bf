package repair

import (
	"slices"
	"strings"

	"f0/tool"
)

// Call text after other text. A model's tool-call text reaches f0 with
// what the model wrote before it more often than alone: the end of its
// thinking (</think>, <|END_THINKING|>), a sentence ("I'll search for
// it:"), a role header (<|from|>assistant). The text envelopes read text
// that starts with a call; the reader here finds where a call starts and
// reads from there, and, when the call's own tokens are of a format no
// envelope knows, reads what is left once the tokens are gone (a name
// then JSON, a JSON call, a Python call). Arguments that hold call text
// f0 cannot read are refused: searching for them, or writing them, as the
// text of one field would answer a different question.

// callMarkers start a call in the formats f0 reads. Sources as in
// tokenenvelopes.go and textenvelopes.go, plus vLLM's
// llama4_pythonic_tool_parser.py (<|python_start|>), functiongemma_tool_parser.py
// (<start_function_call>), nemotron_json_tool_parser.py (<TOOLCALL>) and
// MeetKai/functionary's v3 and v2 templates (>>>NAME, <|recipient|>NAME)
// and Qwen-Agent's ✿FUNCTION✿.
var callMarkers = []string{
	"<tool_call>", "<tool_calls>", "<function=", "<function_calls>", "[TOOL_CALLS]",
	"<|channel|>", "<|start|>assistant", "<invoke ", "<minimax:tool_call>", "<seed:tool_call>",
	"<|tool_call|>", "<|tool_calls_section_begin|>", "<|tool_call_begin|>",
	"<｜tool▁calls▁begin｜>", "<｜tool_calls_begin｜>", "<|action_start|>", "<longcat_tool_call>",
	"<|python_tag|>", "<|python_start|>", "<|START_ACTION|>", "<|tools_prefix|>", "functools[",
	"```tool_code", "```tool_call", "<TOOLCALL>", "<start_function_call>", ">>>", "<|recipient|>",
	qwenName,
}

// readCallAfterText reads s as call text that starts after other text, or
// as call text in a format whose tokens f0 does not know. It is tried
// after the text envelopes, which read text that starts with a call.
func readCallAfterText(s string) ([]foundCall, string, bool) {
	for _, i := range markerStarts(s) {
		if i == 0 {
			continue
		}
		for _, read := range textEnvelopes {
			if calls, said, ok := read(s[i:]); ok && named(calls) {
				return calls, said + "; skipped the text before it", true
			}
		}
	}
	if !hasCallTokens(s) {
		return nil, "", false
	}
	bare := withoutCallTokens(s)
	if calls, ok := bareCall(bare); ok {
		return calls, "note: read the call inside tool-call tokens f0 does not know, with the tokens taken away", true
	}
	return nil, "", false
}

// looksLikeCallText reports whether s holds a call marker followed by what
// a call is made of (a name and arguments), so that taking s as one
// field's value would be taking the call's text for data.
func looksLikeCallText(s string) bool {
	if tokenThenCallRE().MatchString(s) {
		return true
	}
	for _, i := range markerStarts(s) {
		rest := s[i:]
		if strings.ContainsAny(rest, "{(") || strings.Contains(rest, "<parameter") || strings.Contains(rest, "<arg_key>") {
			return true
		}
	}
	return false
}

// hasCallTokens reports whether s holds a call marker, or a special token
// of any model followed by a name and its arguments.
func hasCallTokens(s string) bool {
	return len(markerStarts(s)) > 0 || tokenThenCallRE().MatchString(s)
}

// markerStarts are the offsets in s where a call marker starts, in order.
func markerStarts(s string) []int {
	var at []int
	for _, m := range callMarkers {
		if i := strings.Index(s, m); i >= 0 {
			if m == ">>>" && !startsName(s[i+3:]) {
				continue
			}
			at = append(at, i)
		}
	}
	slices.Sort(at)
	return at
}

// startsName reports whether s starts with a tool name (functionary's
// >>>NAME).
func startsName(s string) bool {
	return s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// named reports whether the calls found name their tool or carry an
// object of arguments: a reader that took stray text for a call finds
// neither.
func named(calls []foundCall) bool {
	for _, c := range calls {
		if c.name == "" {
			if _, ok := c.args.(map[string]any); !ok && !looksLikeJSON(strings.TrimSpace(asText(c.args))) {
				return false
			}
		}
	}
	return len(calls) > 0
}

func asText(v any) string {
	s, _ := v.(string)
	return s
}

// The parts of call text that are tokens, not the call: thinking, special
// tokens, the tags around calls, and functionary's >>>.
var (
	thinkingRE      = lazyRegexp(`(?s)<think>.*?</think>|<\|START_THINKING\|>.*?<\|END_THINKING\|>`)
	specialRE       = lazyRegexp(`<\|[^|<>\n]{1,48}\|>|<｜[^｜<>\n]{1,48}｜>|\[/?[A-Z_]{3,24}\]|>>>`)
	callTagRE       = lazyRegexp(`(?i)</?[a-z_:]*(?:tool_?calls?|toolcall|function_calls|function_call|action)[a-z_:]*>`)
	tokenThenCallRE = lazyRegexp(`(?:<\|[^|<>\n]{1,48}\|>|<｜[^｜<>\n]{1,48}｜>)\s*(?:call:)?[A-Za-z_][\w.\-]*\s*[({]`)
	nameThenArgs    = lazyRegexp(`(?s)(?:^|[\s:])(?:call:)?([A-Za-z_][\w.\-]*)\s*(\{.*\})\s*$`)
)

// withoutCallTokens is s without thinking, special tokens and call tags.
func withoutCallTokens(s string) string {
	s = thinkingRE().ReplaceAllString(s, " ")
	s = strings.ReplaceAll(s, "<escape>", `"`) // FunctionGemma quotes strings with it
	s = specialRE().ReplaceAllString(s, "\n")
	s = callTagRE().ReplaceAllString(s, "\n")
	return strings.TrimSpace(s)
}

// bareCall reads call text whose tokens are gone: an envelope f0 reads, a
// name then its JSON arguments, JSON naming the call, or Python calls.
func bareCall(s string) ([]foundCall, bool) {
	for _, read := range textEnvelopes {
		if calls, _, ok := read(s); ok && named(calls) {
			return calls, true
		}
	}
	if calls, ok := invokeCalls(s); ok {
		return calls, true
	}
	if m := nameThenArgs().FindStringSubmatch(s); m != nil {
		if obj, ok := decodeJSONValue(m[2]); ok {
			if _, isObject := obj.(map[string]any); isObject {
				return []foundCall{{name: m[1], args: obj}}, true
			}
		}
	}
	if looksLikeJSON(s) {
		if calls, ok := jsonCalls(s); ok {
			return calls, true
		}
	}
	if calls, ok := pythonCalls(s); ok {
		return calls, true
	}
	return nil, false
}

// fieldCallText reads an object of one field whose value is call text (a
// model that put its whole call in the tool's main field): the text to
// read as the arguments, and the field. A field that holds a file's or a
// request's content is data, whatever it looks like.
func fieldCallText(st *State, m map[string]any) (string, string, bool) {
	if len(m) != 1 {
		return "", "", false
	}
	for k, v := range m {
		s, ok := v.(string)
		if !ok || !holdsCallsOf(st, k) {
			return "", "", false
		}
		s = strings.TrimSpace(s)
		if !hasCallTokens(s) {
			return "", "", false // the common case: a path, a pattern, a URL
		}
		for _, read := range textEnvelopes {
			if calls, _, ok := read(s); ok && named(calls) {
				return s, k, true
			}
		}
		if _, _, ok := readCallAfterText(s); ok {
			return s, k, true
		}
		return "", "", false
	}
	return "", "", false
}

// holdsCallsOf reports whether field k of the call's tool is one whose
// value could be a misplaced call: its main field, or a path, URL, regex
// or glob, or a field the tool does not declare.
func holdsCallsOf(st *State, k string) bool {
	if k == mainField(st.Tool) || !declared(st, k) {
		return true
	}
	switch st.Tool.Forms[k] {
	case tool.PathKind, tool.URLKind, tool.RegexKind, tool.GlobKind:
		return true
	}
	return false
}
