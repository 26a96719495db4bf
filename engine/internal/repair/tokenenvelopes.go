package repair

import (
	"strings"

	"f0/internal/text"
)

// The tool-call text of the models whose calls an inference server parses
// with its own parser (vLLM's tool_parsers, llama.cpp's chat parsers,
// SGLang's function_call detectors), as those parsers read them. When the
// server in between does not parse the text, it reaches f0 as the
// arguments. Each row is one model family's published format: the tokens
// around the calls and how a call inside them is written.
//
// Sources: vllm-project/vllm vllm/tool_parsers/ (jamba, hunyuan_a13b,
// minimax, minimax_m2, phi4mini, granite, internlm2, longcat, llama3_json,
// kimi_k2, deepseekv3, deepseekv31, seed_oss, step3, olmo3, pythonic,
// llama4_pythonic, nemotron_json), Cohere's Command R and Command A chat templates,
// google's Gemma function-calling guide (```tool_code), the Apertus chat
// template, and Anthropic's XML function-call format.

// tokenFormat is one model family's tool-call text: calls between open
// and close (close may be missing: the model stopped at it), read by
// calls.
type tokenFormat struct {
	model       string
	open, close string
	calls       func(body string) ([]foundCall, bool)
}

// tokenFormats are tried in order; the longer opening tokens come before
// those they start with.
var tokenFormats = []tokenFormat{
	{"Kimi K2", "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>", kimiCalls},
	{"Kimi K2", "<|tool_call_begin|>", "", func(s string) ([]foundCall, bool) { return kimiCalls("<|tool_call_begin|>" + s) }},
	{"DeepSeek V3", "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>", deepseekCalls},
	{"Step3", "<｜tool_calls_begin｜>", "<｜tool_calls_end｜>", step3Calls},
	{"MiniMax-M2", "<minimax:tool_call>", "</minimax:tool_call>", invokeCalls},
	{"Seed-OSS", "<seed:tool_call>", "</seed:tool_call>", readFunctionBlocks},
	{"Jamba, Hunyuan and MiniMax-M1", "<tool_calls>", "</tool_calls>", jsonCalls},
	{"Granite", "<|tool_call|>", "", jsonCalls},
	{"InternLM", "<|action_start|><|plugin|>", "<|action_end|>", jsonCalls},
	{"LongCat", "<longcat_tool_call>", "</longcat_tool_call>", jsonCalls},
	{"Llama 3", "<|python_tag|>", "<|eom_id|>", jsonOrPythonCalls},
	{"Llama 4", "<|python_start|>", "<|python_end|>", pythonCalls},
	{"Nemotron", "<TOOLCALL>", "</TOOLCALL>", jsonCalls},
	{"Command A", "<|START_ACTION|>", "<|END_ACTION|>", jsonCalls},
	{"Command R", "Action:", "", fencedJSONCalls},
	{"Apertus", "<|tools_prefix|>", "<|tools_suffix|>", jsonCalls},
	{"Phi-4-mini", "functools", "", jsonCalls},
	{"Anthropic XML", "<function_calls>", "</function_calls>", invokeOrPythonCalls},
	{"Gemma", "```tool_code", "```", pythonCalls},
	{"Gemma", "```tool_call", "```", pythonCalls},
	// The invokes of MiniMax-M2 (and of Anthropic's XML) sent without the
	// <minimax:tool_call> or <function_calls> around them.
	{"MiniMax-M2 invoke", "<invoke", "", func(s string) ([]foundCall, bool) { return invokeCalls("<invoke " + s) }},
}

// readTokenFormat reads s as one of tokenFormats, returning the note that
// names the format.
func readTokenFormat(s string) ([]foundCall, string, bool) {
	for _, f := range tokenFormats {
		rest, ok := strings.CutPrefix(s, f.open)
		if !ok {
			continue
		}
		body := rest
		if f.close != "" {
			body, _, _ = strings.Cut(rest, f.close)
		}
		if calls, ok := f.calls(strings.TrimSpace(body)); ok && len(calls) > 0 {
			return calls, "note: read the arguments inside the " + f.open + " text (" + f.model + " tool-call format)", true
		}
	}
	return nil, "", false
}

// jsonCalls reads JSON: one call object, a list of them, or one object a
// line (MiniMax-M1). The object envelopes read each {name, arguments}.
func jsonCalls(body string) ([]foundCall, bool) {
	if looksLikeJSON(body) {
		if _, ok := decodeJSONValue(body); ok {
			return []foundCall{{args: body}}, true
		}
	}
	var calls []foundCall
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if _, ok := decodeJSONValue(line); !ok || !strings.HasPrefix(line, "{") {
			return nil, false
		}
		calls = append(calls, foundCall{args: line})
	}
	return calls, len(calls) > 0
}

// fencedJSONCalls reads JSON in a Markdown code fence (Command R's
// "Action: ```json […]```").
func fencedJSONCalls(body string) ([]foundCall, bool) {
	inner, ok := stripFence(body)
	if !ok {
		return nil, false
	}
	return jsonCalls(inner)
}

// jsonOrPythonCalls reads JSON, or Python calls (Llama 3.2's built-in
// tools after <|python_tag|>).
func jsonOrPythonCalls(body string) ([]foundCall, bool) {
	if calls, ok := jsonCalls(body); ok {
		return calls, true
	}
	return pythonCalls(body)
}

// kimiCalls reads Kimi K2's <|tool_call_begin|>functions.NAME:INDEX
// <|tool_call_argument_begin|>{…}<|tool_call_end|> calls.
func kimiCalls(body string) ([]foundCall, bool) {
	return eachCall(body, "<|tool_call_begin|>", "<|tool_call_end|>", func(part string) ([]foundCall, bool) {
		id, args, ok := strings.Cut(part, "<|tool_call_argument_begin|>")
		return []foundCall{{name: kimiName(id), args: strings.TrimSpace(args)}}, ok
	})
}

// eachCall reads the calls of a body made of begin…end blocks (the last
// end may be missing), each read by read; the body is a call list only if
// it holds a block and read takes every one.
func eachCall(body, begin, end string, read func(part string) ([]foundCall, bool)) ([]foundCall, bool) {
	var calls []foundCall
	for _, part := range strings.Split(body, begin)[1:] {
		part, _, _ = strings.Cut(part, end)
		found, ok := read(part)
		if !ok {
			return nil, false
		}
		calls = append(calls, found...)
	}
	return calls, len(calls) > 0
}

// kimiName is the tool name in a Kimi call id: functions.NAME:0 → NAME.
func kimiName(id string) string {
	id = strings.TrimSpace(id)
	if i := strings.LastIndexByte(id, ':'); i > 0 {
		id = id[:i]
	}
	return strings.TrimPrefix(id, "functions.")
}

// deepseekCalls reads DeepSeek V3's <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME
// ```json {…}```<｜tool▁call▁end｜> and V3.1's <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>.
func deepseekCalls(body string) ([]foundCall, bool) {
	return eachCall(body, "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", func(part string) ([]foundCall, bool) {
		head, args, ok := strings.Cut(part, "<｜tool▁sep｜>")
		name := strings.TrimSpace(head)
		if name == "function" { // V3: the name is the first line after the separator
			name, args, _ = strings.Cut(strings.TrimSpace(args), "\n")
		}
		args = strings.TrimSpace(args)
		if inner, fenced := stripFence(args); fenced {
			args = inner
		}
		return []foundCall{{name: strings.TrimSpace(name), args: args}}, ok
	})
}

// step3Calls reads Step3's calls: <｜tool_call_begin｜>function<｜tool_sep｜>
// then a steptml invoke.
func step3Calls(body string) ([]foundCall, bool) {
	return eachCall(body, "<｜tool_call_begin｜>", "<｜tool_call_end｜>", func(part string) ([]foundCall, bool) {
		_, invoke, ok := strings.Cut(part, "<｜tool_sep｜>")
		if !ok {
			return nil, false
		}
		return invokeCalls(strings.TrimSpace(invoke))
	})
}

// The patterns of an invoke and of one of its parameters.
var (
	invokeRE    = lazyRegexp(`(?s)<(?:[a-z]+:)?invoke\s+name\s*=\s*"([^"]*)"\s*>(.*?)(?:</(?:[a-z]+:)?invoke>|$)`)
	parameterRE = lazyRegexp(`(?s)<(?:[a-z]+:)?parameter\s+name\s*=\s*"([^"]*)"\s*>(.*?)</(?:[a-z]+:)?parameter>`)
)

// invokeCalls reads <invoke name="NAME"><parameter name="K">V</parameter>
// </invoke> calls, with or without a namespace (minimax:, steptml:,
// antml:). A value is text, one line break of layout trimmed either side.
func invokeCalls(body string) ([]foundCall, bool) {
	var calls []foundCall
	for _, m := range invokeRE().FindAllStringSubmatch(body, -1) {
		args := map[string]any{}
		for _, p := range parameterRE().FindAllStringSubmatch(m[2], -1) {
			args[strings.TrimSpace(p[1])] = layoutTrimmed(p[2])
		}
		calls = append(calls, foundCall{name: strings.TrimSpace(m[1]), args: args})
	}
	return calls, len(calls) > 0
}

// invokeOrPythonCalls reads invokes, or Python calls (OLMo 3 writes its
// calls as NAME(k=v) inside <function_calls>).
func invokeOrPythonCalls(body string) ([]foundCall, bool) {
	if calls, ok := invokeCalls(body); ok {
		return calls, true
	}
	return pythonCalls(body)
}

// decodeJSONValue reads s as one JSON value, strict or almost.
func decodeJSONValue(s string) (any, bool) {
	if v, err := text.DecodeJSON([]byte(s)); err == nil {
		return v, true
	}
	v, _, ok := relaxJSON(s)
	return v, ok
}
