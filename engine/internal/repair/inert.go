package repair

import (
	"fmt"
	"strings"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// An argument f0 cannot place is an error (see validate), with one
// exception: the keys below, which agents add to their calls as metadata.
// None of them changes what a call asks for, so a call that holds one is
// run without it, with a note. Each entry names the agent that adds it and
// where that is written; the README lists them under "Inert metadata". A
// key is only dropped when the tool has no field of that name (a tool
// with a description field gets its description).
//
// Keys are compared in any spelling (tool_call_id is toolCallId), except
// flags ("-n"), which are compared as written.

// inertKey is one such key, and Tool, when set, the only tool it is inert
// for (Grep's -n means nothing to fs.search, which always shows line
// numbers; it could mean something elsewhere).
type inertKey struct {
	Name   string
	Tool   string
	Source string
}

// inertKeys is the list; keep it short, and every entry sourced.
var inertKeys = []inertKey{
	{Name: "explanation", Source: `Cursor: every tool takes "One sentence explanation as to why this tool is being used" (x1xhlol/system-prompts-and-models-of-ai-tools, Cursor Prompts/Agent Tools v1.0.json)`},
	{Name: "toolSummary", Source: `Windsurf: "Brief 2-5 word summary of what this tool is doing", on every tool (x1xhlol/system-prompts-and-models-of-ai-tools, Windsurf/Tools Wave 11.txt)`},
	{Name: "waitForPreviousTools", Source: `Google Antigravity: "wait for all previous tool calls from this turn to complete", a scheduling hint for the client (x1xhlol/system-prompts-and-models-of-ai-tools, Google/Antigravity/Fast Prompt.txt)`},
	{Name: "requires_approval", Source: `Cline: execute_command's flag for whether the user must approve the command, which models then add to other calls (cline/cline src/core/prompts/system-prompt/components/task_progress.ts, its example call)`},
	{Name: "task_progress", Source: `Cline: "the task_progress parameter supported by every tool call", a checklist for the user (cline/cline src/core/prompts/system-prompt/components/task_progress.ts)`},
	{Name: "summary", Source: `Amazon Q: fs_read, fs_write and execute_bash take "a brief explanation" of the call (aws/amazon-q-developer-cli crates/chat-cli/src/cli/chat/tools/tool_index.json)`},
	{Name: "description", Source: `Claude Code: Bash takes a "description of what this command does in 5-10 words" (x1xhlol/system-prompts-and-models-of-ai-tools, Anthropic/Claude Code/Tools.json)`},
	{Name: "instructions", Source: `Cursor: edit_file's "single sentence instruction describing what you are going to do" (x1xhlol/system-prompts-and-models-of-ai-tools, Cursor Prompts/Agent Tools v1.0.json)`},
	{Name: "instruction", Source: `Trae: edit_file_fast_apply's instruction, and gemini-cli's replace (x1xhlol/system-prompts-and-models-of-ai-tools, Trae/Builder Tools.json)`},
	{Name: "reasoning", Source: `Traycer: its tools take the model's reasoning (x1xhlol/system-prompts-and-models-of-ai-tools, Traycer AI/phase_mode_tools.json)`},
	{Name: "thought", Source: `Traycer: "thought": "Your thoughts." (x1xhlol/system-prompts-and-models-of-ai-tools, Traycer AI/plan_mode_tools.json); jataware/archytas#64 removed it from tool params`},
	{Name: "thoughts", Source: `autonomys/autonomys-agents#379: a thinking tool whose one argument is thoughts, which models then add to other calls`},
	{Name: "thinking", Source: `FellouAI/eko#131: a thinking field added to every tool call to make the model think first`},
	{Name: "toolCallId", Source: `n8n: its MCP Client node adds the call's id to the arguments (n8n-io/n8n#21716, #21500)`},
	{Name: "-n", Tool: "fs.search", Source: `Claude Code's Grep: "-n" shows line numbers (rg -n); fs_search always shows them (x1xhlol/system-prompts-and-models-of-ai-tools, Anthropic/Claude Code/Tools.json)`},
	{Name: "prompt", Tool: "net.curl", Source: `Claude Code's WebFetch: "The prompt to run on the fetched content" by a small model; net_curl returns the content itself, for the caller to read (x1xhlol/system-prompts-and-models-of-ai-tools, Anthropic/Claude Code/Tools.json)`},
}

// inert finds the inert key a call's argument is for tool t, or nil.
func inert(t *tool.Tool, key string) *inertKey {
	for i := range inertKeys {
		k := &inertKeys[i]
		if k.Tool != "" && k.Tool != t.Name {
			continue
		}
		if strings.HasPrefix(k.Name, "-") && strings.EqualFold(k.Name, key) || !strings.HasPrefix(k.Name, "-") && keys.Fold(k.Name) == keys.Fold(key) {
			return k
		}
	}
	return nil
}

// inertNote says which inert keys a call was run without.
func inertNote(keys []string) string {
	it := "it changes"
	if len(keys) > 1 {
		it = "they change"
	}
	return fmt.Sprintf("note: ignored %s %s: %s nothing here", text.Plural(len(keys), "field", "fields"), quoteList(keys), it)
}

// inertAnywhere reports whether key is inert whatever the tool: the keys
// of nested objects (a batch item's) are checked against those.
func inertAnywhere(key string) bool {
	k := inert(&tool.Tool{}, key)
	return k != nil && k.Tool == ""
}
