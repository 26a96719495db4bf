package repair

import (
	"encoding/json"
	"strings"

	"f0/internal/text"
)

// Small open models often send a call's arguments as the text their chat
// template wraps a call in, when the server in between did not parse it:
// Hermes and Qwen2.5's <tool_call>{…}</tool_call>, Qwen3-Coder's (and
// Llama 4's) <function=NAME><parameter=KEY>VALUE</parameter></function>,
// Mistral's [TOOL_CALLS][{…}] and [TOOL_CALLS]NAME[ARGS]{…}, gpt-oss's
// harmony message, GLM's NAME<arg_key>K</arg_key><arg_value>V</arg_value>,
// a Markdown code fence, JSON text encoded again as a string, and two
// objects run together ({…}{…}, parallel calls merged by a proxy). Each
// text envelope below reads one of them into the calls it holds; the
// envelope layer (peel.go) then checks that they call this tool.

// foundCall is one call found inside an envelope: the name it gives ("":
// none, the call's own tool) and its arguments, still to be read (an
// object, JSON text, a bare value).
type foundCall struct {
	name string
	args any
}

// textEnvelope reads one kind of text envelope; ok is false when s is not
// one. said is the note that says what was peeled.
type textEnvelope func(s string) (calls []foundCall, said string, ok bool)

// saying is a text envelope read by read, whose note is always said.
func saying(said string, read func(string) ([]foundCall, bool)) textEnvelope {
	return func(s string) ([]foundCall, string, bool) {
		calls, ok := read(s)
		return calls, said, ok
	}
}

// textEnvelopes are tried in this order on arguments sent as text, before
// the text is read as JSON.
var textEnvelopes = []textEnvelope{
	saying("note: read the arguments inside the ``` code fence", readFence),
	saying("note: read the arguments inside the <tool_call> text (Hermes/Qwen tool-call format)", readToolCallBlocks),
	saying("note: read the arguments from the <function=…><parameter=…> text (Qwen3-Coder tool-call format)", readFunctionBlocks),
	saying("note: read the arguments inside the [TOOL_CALLS] text (Mistral tool-call format)", readMistral),
	saying("note: read the arguments from the harmony message (gpt-oss tool-call format)", readHarmony),
	saying("note: read the arguments from the <arg_key>/<arg_value> tags (GLM tool-call format)", readGLM),
	saying("note: read the arguments from the ✿FUNCTION✿/✿ARGS✿ text (Qwen-Agent function-call format)", readQwenMarkers),
	readTokenFormat, // the formats of the inference servers' parsers (tokenenvelopes.go)
	saying("note: read the arguments from the Python call text (pythonic tool-call format of Llama 3.2/4)", readPythonic),
	saying("note: the arguments were JSON text encoded again as a JSON string; decoded it twice", readDoubleEncoded),
	saying("note: read the arguments as JSON objects written one after the other", readRunTogether),
}

// readPythonic reads a bracketed list of Python calls, [NAME(k=v), …].
func readPythonic(s string) ([]foundCall, bool) {
	if !strings.HasPrefix(s, "[") || looksLikeJSONList(s) {
		return nil, false
	}
	return pythonCalls(s)
}

// looksLikeJSONList reports whether s is a JSON list (its first item is
// JSON, not a name).
func looksLikeJSONList(s string) bool {
	rest := strings.TrimSpace(strings.TrimPrefix(s, "["))
	if rest == "" || strings.ContainsAny(rest[:1], "{[\"0123456789-]") {
		return true
	}
	for _, w := range []string{"true", "false", "null"} {
		if after, ok := strings.CutPrefix(rest, w); ok && !strings.HasPrefix(strings.TrimSpace(after), "(") {
			return true
		}
	}
	return false
}

// readFence reads a Markdown code fence around JSON or another envelope.
func readFence(s string) ([]foundCall, bool) {
	body, ok := stripFence(s)
	if !ok || !looksLikeJSON(body) && !strings.HasPrefix(body, "<") && !strings.HasPrefix(body, "[TOOL_CALLS]") {
		return nil, false
	}
	return []foundCall{{args: body}}, true
}

// readDoubleEncoded reads JSON text encoded again as a JSON string.
func readDoubleEncoded(s string) ([]foundCall, bool) {
	if !strings.HasPrefix(s, `"`) {
		return nil, false
	}
	parsed, err := text.DecodeJSON([]byte(s))
	if str, ok := parsed.(string); err == nil && ok && looksLikeJSON(str) {
		return []foundCall{{args: str}}, true
	}
	return nil, false
}

// readToolCallBlocks reads Hermes' <tool_call>…</tool_call> blocks (the
// last may be left open), each holding JSON, a <function=…> block or GLM
// tags.
func readToolCallBlocks(s string) ([]foundCall, bool) {
	bodies, ok := tagBodies(s, "<tool_call>", "</tool_call>")
	if !ok {
		return nil, false
	}
	var calls []foundCall
	for _, b := range bodies {
		if inner, ok := readFunctionBlocks(b); ok {
			calls = append(calls, inner...)
			continue
		}
		if inner, ok := readGLM(b); ok {
			calls = append(calls, inner...)
			continue
		}
		calls = append(calls, foundCall{args: b})
	}
	return calls, len(calls) > 0
}

// tagBodies returns the trimmed bodies of the open…close blocks s is made
// of: s must start with open, and nothing but space may lie between blocks.
// The last block's close may be missing (the model stopped at it).
func tagBodies(s, open, close string) ([]string, bool) {
	rest := strings.TrimSpace(s)
	if !strings.HasPrefix(rest, open) {
		return nil, false
	}
	var bodies []string
	for rest != "" {
		body, ok := strings.CutPrefix(rest, open)
		if !ok {
			return nil, false
		}
		body, after, _ := strings.Cut(body, close)
		bodies = append(bodies, strings.TrimSpace(body))
		rest = strings.TrimSpace(after)
	}
	return bodies, true
}

// readFunctionBlocks reads Qwen3-Coder's <function=NAME> blocks, whose
// arguments are <parameter=KEY>VALUE</parameter> tags (each value loses
// one newline on either side, as Qwen's own parser does), or Llama 4's,
// whose body is JSON.
func readFunctionBlocks(s string) ([]foundCall, bool) {
	rest := strings.TrimSpace(s)
	if !strings.HasPrefix(rest, "<function=") {
		return nil, false
	}
	var calls []foundCall
	for _, block := range strings.Split(rest, "<function=")[1:] {
		name, body, ok := strings.Cut(block, ">")
		if !ok {
			return nil, false
		}
		body, _, _ = strings.Cut(body, "</function>")
		if strings.TrimSpace(body) != "" && !strings.Contains(body, "<parameter=") {
			calls = append(calls, foundCall{name: strings.TrimSpace(name), args: strings.TrimSpace(body)})
			continue
		}
		args := map[string]any{}
		for _, p := range strings.Split(body, "<parameter=")[1:] {
			key, value, ok := strings.Cut(p, ">")
			if !ok {
				return nil, false
			}
			value, _, _ = strings.Cut(value, "</parameter>")
			args[strings.TrimSpace(key)] = layoutTrimmed(value)
		}
		calls = append(calls, foundCall{name: strings.TrimSpace(name), args: args})
	}
	return calls, len(calls) > 0
}

// layoutTrimmed is a tag's value without the one line break a template
// puts on either side of it.
func layoutTrimmed(v string) string {
	v = strings.TrimPrefix(v, "\n")
	v = strings.TrimSuffix(v, "\n")
	return v
}

// readMistral reads Mistral's [TOOL_CALLS]: a JSON list of {name,
// arguments} (Mistral 7B v0.3, Ministral), or NAME[ARGS]{…} once per call
// (Devstral, Mistral Small 3.2), with an optional [CALL_ID]id.
func readMistral(s string) ([]foundCall, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "[TOOL_CALLS]")
	if !ok {
		return nil, false
	}
	if rest = strings.TrimSpace(rest); strings.HasPrefix(rest, "[") {
		return []foundCall{{args: rest}}, true
	}
	var calls []foundCall
	for _, part := range strings.Split(rest, "[TOOL_CALLS]") {
		name, args, ok := strings.Cut(part, "[ARGS]")
		if !ok {
			return nil, false
		}
		name, _, _ = strings.Cut(name, "[CALL_ID]")
		obj, ok := decodeObjectPrefix(strings.TrimSpace(args))
		if !ok {
			return nil, false
		}
		calls = append(calls, foundCall{name: strings.TrimSpace(name), args: obj})
	}
	return calls, true
}

// readHarmony reads a gpt-oss message: a header naming the recipient
// (to=functions.NAME), <|message|>, the arguments, and an end token.
func readHarmony(s string) ([]foundCall, bool) {
	if !strings.Contains(s, "<|") {
		return nil, false
	}
	c := cleanedName{name: s}
	if cleanHarmony(&c) == "" || c.args == nil {
		if body := trimHarmonyEnd(s); body != s && looksLikeJSON(body) {
			return []foundCall{{args: body}}, true // {…}<|call|>
		}
		return nil, false
	}
	name := c.name
	if strings.TrimSpace(name) == "" || strings.Contains(name, " ") {
		name = ""
	}
	return []foundCall{{name: name, args: c.args}}, true
}

// readGLM reads GLM's NAME<arg_key>K</arg_key><arg_value>V</arg_value>…
// (the tag pairs may be split by newlines).
func readGLM(s string) ([]foundCall, bool) {
	name, rest, ok := strings.Cut(strings.TrimSpace(s), "<arg_key>")
	if !ok || strings.ContainsAny(strings.TrimSpace(name), "<>{}") {
		return nil, false
	}
	args := map[string]any{}
	for _, pair := range strings.Split(rest, "<arg_key>") {
		key, after, ok := strings.Cut(pair, "</arg_key>")
		if !ok {
			return nil, false
		}
		value, ok := strings.CutPrefix(strings.TrimSpace(after), "<arg_value>")
		if !ok {
			return nil, false
		}
		value, _, _ = strings.Cut(value, "</arg_value>")
		args[strings.TrimSpace(key)] = layoutTrimmed(value)
	}
	return []foundCall{{name: strings.TrimSpace(name), args: args}}, true
}

// The markers of Qwen-Agent's function-call prompt
// (QwenLM/Qwen-Agent qwen_agent/llm/fncall_prompts/qwen_fncall_prompt.py
// at 31a4d36d: FN_NAME, FN_ARGS, FN_RESULT, FN_EXIT).
const (
	qwenName   = "✿FUNCTION✿:"
	qwenArgs   = "✿ARGS✿:"
	qwenResult = "✿RESULT✿"
	qwenReturn = "✿RETURN✿"
)

// readQwenMarkers reads Qwen-Agent's call text: ✿FUNCTION✿: NAME, then
// ✿ARGS✿: and the arguments, once per call, as its
// postprocess_fncall_messages splits it (several ✿ARGS✿ after one name
// are several calls of it; what follows ✿RESULT✿ or ✿RETURN✿ is not the
// call's, nor text after the last } of JSON arguments).
func readQwenMarkers(s string) ([]foundCall, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), qwenName)
	if !ok {
		return nil, false
	}
	if i := indexAny(rest, qwenResult, qwenReturn); i >= 0 {
		rest = rest[:i]
	}
	var calls []foundCall
	for _, part := range strings.Split(rest, qwenName) {
		name, args, ok := strings.Cut(part, qwenArgs)
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, "{}<> \n") {
			return nil, false
		}
		for _, a := range strings.Split(args, qwenArgs) {
			calls = append(calls, foundCall{name: name, args: qwenArgsText(a)})
		}
	}
	return calls, true
}

// qwenArgsText is one call's arguments as Qwen-Agent keeps them: trimmed,
// and JSON arguments cut after their last }.
func qwenArgsText(a string) string {
	a = strings.TrimSpace(a)
	if strings.HasPrefix(a, "{") {
		if k := strings.LastIndex(a, "}"); k > 0 {
			a = a[:k+1]
		}
	}
	return a
}

// indexAny is the first offset in s of any of subs, or -1.
func indexAny(s string, subs ...string) int {
	first := -1
	for _, sub := range subs {
		if i := strings.Index(s, sub); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	return first
}

// readRunTogether reads two or more JSON objects written one after the
// other with nothing between them but space.
func readRunTogether(s string) ([]foundCall, bool) {
	if !strings.HasPrefix(s, "{") {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var calls []foundCall
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil || m == nil {
			return nil, false
		}
		calls = append(calls, foundCall{args: m})
	}
	return calls, len(calls) > 1
}
