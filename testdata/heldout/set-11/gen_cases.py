#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-11 (run by ../run.py).

Lane: real calls reported in public GitHub issue and pull-request threads
(mostly 2025-2026), none of them a source of set-1 to set-9. Each case sends
the call a model was reported to send (tool name as sent, arguments as
reported, paths moved to the fixture with {ROOT} and {BASE}) and expects what
the thread says the call meant: the effect (DONE), a refusal for the thread's
reason (error + because), or, where nothing can be read from the call, a
helpful refusal (error_mentions).

Each case: id, vocab (the project where the thread was filed), class (1 = a
call reported in a public thread; also = 2 edit formats, 3 envelopes and raw
call text, 4 paths, 5 fetch/curl, 6 a refusal is the right answer), source
(the thread URL), tool, arguments, expect, f0_tool, and optionally setup,
server_args, note (the reported call or the sentence the expectation follows
from).

Written without reading f0's code, tests, testdata/mistakes or vocabulary
tables; f0 was run only through ../run.py, after the cases were committed.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import fixture  # noqa: E402

F = fixture.FILES
CASES = []
GH = "https://github.com/"


def case(id, vocab, source, tool, arguments, expect, f0_tool, also=None, **kw):
    c = {"id": id, "vocab": vocab, "class": 1, "source": GH + source, "tool": tool,
         "arguments": arguments, "expect": expect, "f0_tool": f0_tool}
    if also:
        c["also"] = also
    c.update(kw)
    CASES.append(c)


def row(n):
    return "row %04d: value %d" % (n, n)


def rows(a, b):
    e = {"contains": [row(a), row(b)], "not_contains": []}
    if a > 1:
        e["not_contains"].append(row(a - 1))
    if b < 2000:
        e["not_contains"].append(row(b + 1))
    return e


def same(path):
    return {"path": path, "same_as_fixture": True}


def eq(path, text):
    return {"files": [{"path": path, "equals": text}]}


def gone(path):
    return {"path": path, "exists": False}


def refuse(because, *files):
    return {"error": True, "because": because, "files": list(files)}


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
MODELS = fixture.MODELS_PY
MAIN = fixture.MAIN_GO
API = fixture.API_MD
GUIDE = fixture.GUIDE_MD
APP_PY = F["py/app.py"]
APP_JS = F["web/src/app.js"]
INDEX_JS = F["web/src/index.js"]
HANDLER = F["internal/server/handler.go"]
MOD = "module example.com/fixture"
TODO_ALL_FOO = TODO.replace("foo", "FOO")
CONTENT = [r"content"]
EMPTY_OLD = [r"empty|blank|old_?string|old_?str|oldText|\bold\b|must not be|non-empty|nothing to (find|replace|match)"]
MULTI = [r"\b[234]\b|two|three|four|multiple|more than once|several|unique|occurrences|matches|ambiguous"]
SAME_TEXT = [r"identical|same|no change|nothing to change|no-op|unchanged|equal|does not change"]
OUTSIDE = [r"outside|root|not allowed|denied|home|escape|windows|drive|absolute|not found|no such|does not exist|~"]
EXISTS = [r"exist|overwrite|already|replace|mode|read .*first|append|force"]
TRUNC = [r"truncat|incomplete|unterminated|unexpected end|EOF|JSON|parse|malformed|invalid"]
MD_PAGE = {"contains": ["Fixture Page", "alpha item", "doc link"], "not_contains": ["<p>", "SCRIPT_SECRET", "<li>"]}
TEXT_PAGE = {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1>", "<li>", "SCRIPT_SECRET"]}
HTML_PAGE = {"contains": ["<h1>Fixture Page</h1>", "<li>alpha item</li>"]}

# ============================================================ serena
case("serena-read-relative-path", "serena", "oraios/serena/issues/114", "read_file",
     {"relative_path": "docs/api.md"}, {"contains": ["GET /health returns ok.", "GET /users returns"]}, "fs_read",
     note="Claude ... always insists on using the parameter \"relative_path\" when calling the read_file tool")

# ============================================================ deepagents
V = "deepagents"
case("da-read-path-limit", V, "langchain-ai/deepagents/pull/3630", "read_file",
     {"path": "{ROOT}/docs/guide.md", "limit": 100}, {"contains": ["# Guide", "Edit config.yaml to change the port."]}, "fs_read",
     note="showed the kwarg as `path` (`read_file(path, limit=100)`) while the underlying ReadFileSchema requires `file_path`; "
          "open-weight models copy the example verbatim")
case("da-read-file-path-limit", V, "langchain-ai/deepagents/pull/3630", "read_file",
     {"file_path": "{ROOT}/docs/guide.md", "limit": 1000}, {"contains": ["# Guide", "## Configuration"]}, "fs_read",
     note="read_file(file_path=\"...\", limit=1000)")
case("da-edit-empty-old-replace-all", V, "langchain-ai/deepagents/issues/5589", "edit_file",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "", "new_string": "X", "replace_all": True},
     refuse(EMPTY_OLD, same("notes/todo.txt")), "fs_edit", also=6,
     note="Calling FilesystemBackend.edit with old_string=\"\" and replace_all=True on a file containing \"abc\" succeeds and "
          "rewrites it to \"XaXbXcX\" ... the expected behavior in this issue is a recoverable tool error")
case("da-write-file-rewrite", V, "langchain-ai/deepagents/pull/4109", "write_file",
     {"file_path": "{ROOT}/notes/todo.txt", "content": "rewritten\n"}, eq("notes/todo.txt", "rewritten\n"), "fs_write",
     note="write_file now creates or overwrites a file rather than failing when the target already exists "
          "(a refusal naming the call that overwrites is also helpful)")

# ============================================================ roo-code
V = "roo-code"
case("roo-read-files-list", V, "RooCodeInc/Roo-Code/issues/10562", "read_file",
     {"files": [{"path": "go.mod"}, {"path": "docs/api.md"}]}, {"contains": [MOD, "GET /health returns ok."]}, "fs_read",
     note="the error message should clearly show the correct parameter name (files not args)")
case("roo-read-no-files", V, "RooCodeInc/Roo-Code/issues/10562", "read_file", {},
     {"error_mentions": ["path", "paths", "files"]}, "fs_read", also=6,
     note="When AI agents call read_file() without the required files parameter ... include a usage example")
case("roo-apply-diff-ok", V, "RooCodeInc/Roo-Code/issues/4035", "apply_diff",
     {"path": "notes/todo.txt", "diff": "<<<<<<< SEARCH\n:start_line:3\n-------\nbaz foo qux\n=======\nbaz qux\n>>>>>>> REPLACE"},
     eq("notes/todo.txt", TODO.replace("baz foo qux", "baz qux")), "fs_edit", also=2,
     note="CORRECT FORMAT: <<<<<<< SEARCH / :start_line: / ------- / [exact content] / ======= / [new content] / >>>>>>> REPLACE")
case("roo-apply-diff-extra-separator", V, "RooCodeInc/Roo-Code/issues/4035", "apply_diff",
     {"path": "notes/todo.txt",
      "diff": "<<<<<<< SEARCH\n:start_line:2\n-------\nfoo bar foo\n=======\nfoo bar\n=======\n>>>>>>> REPLACE"},
     refuse([r"=======|marker|separator|malformed|invalid|expected"], same("notes/todo.txt")), "fs_edit", also=[2, 6],
     note="ERROR: Diff block is malformed: marker '=======' found in your diff content at line 6. Expected: >>>>>>> REPLACE")
case("roo-apply-diff-start-line-equals", V, "RooCodeInc/Roo-Code/issues/12199", "apply_diff",
     {"path": "notes/todo.txt", "diff": "<<<<<<< SEARCH\n:start_line=3\n-------\nbaz foo qux\n=======\nbaz qux\n>>>>>>> REPLACE"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("baz foo qux", "baz qux")}]}, "fs_edit", also=2,
     note="apply_diff starts refusing to work even though the content matches 100%. The reason is `:start_line:N` sometimes "
          "being malformed as `:start_line=N`; the hint line is not file text, so it must never be searched for or written")
case("roo-apply-diff-separator-run-on", V, "RooCodeInc/Roo-Code/pull/12213", "apply_diff",
     {"path": "notes/todo.txt", "diff": "<<<<<<< SEARCH\n:start_line:3\n-------baz foo qux\n=======\nbaz qux\n>>>>>>> REPLACE"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("baz foo qux", "baz qux")}]},
     "fs_edit", also=2,
     note="the `-------` separator is missing its trailing newline: -------import { useTranslate } ... the run-on line is "
          "silently absorbed into the search content")
case("roo-apply-diff-search-equals-replace", V, "RooCodeInc/Roo-Code/pull/1861", "apply_diff",
     {"path": "go.mod", "diff": "<<<<<<< SEARCH\n:start_line:3\n-------\ngo 1.22\n=======\ngo 1.22\n>>>>>>> REPLACE"},
     refuse(SAME_TEXT, same("go.mod")), "fs_edit", also=[2, 6], note="fix: reject apply_diff when search matches replace content")

# ============================================================ coder xum
V = "xum"
S = "coder/xum/issues/2732"
case("xum-replace-string-count", V, S, "file_edit_replace_string",
     {"path": "main.go", "old_string": "\tfmt.Println(\"starting server on\", addr)\n",
      "new_string": "\tfmt.Println(\"starting server on\", addr, \"(ready)\")\n", "replace_count": 1},
     eq("main.go", MAIN.replace("fmt.Println(\"starting server on\", addr)", "fmt.Println(\"starting server on\", addr, \"(ready)\")")),
     "fs_edit", also=2,
     note="{\"tool\": \"file_edit_replace_string\", \"args\": {\"path\": \"file.go\", \"old_string\": \"\\t\\t\\tif len(items) > 0 {...\", "
          "\"new_string\": ..., \"replace_count\": 1}}")
case("xum-insert-after", V, S, "file_edit_insert",
     {"path": "main.go", "insert_before": None, "insert_after": "\taddr := os.Getenv(\"ADDR\")\n",
      "content": "\t// ADDR overrides the default port\n"},
     eq("main.go", MAIN.replace("\taddr := os.Getenv(\"ADDR\")\n", "\taddr := os.Getenv(\"ADDR\")\n\t// ADDR overrides the default port\n")),
     "fs_edit", also=2,
     note="{\"tool\": \"file_edit_insert\", \"args\": {\"path\": \"file.go\", \"insert_before\": null, \"insert_after\": \"...\", "
          "\"content\": \"\\n\\t\\t\\t// Redacted\"}}")

# ============================================================ empty old strings (refusals)
case("anthropic-sdk-edit-empty-old", "anthropic-sdk-python", "anthropics/anthropic-sdk-python/pull/1709", "edit",
     {"path": "notes/todo.txt", "old_string": "", "new_string": "X"}, refuse(EMPTY_OLD, same("notes/todo.txt")), "fs_edit", also=6,
     note="`old_string` is accepted as empty in the `edit` tool ... can rewrite a file at every boundary; "
          "raise ToolError(\"edit: old_string must not be empty\")")
V = "kimi-cli"
case("kimi-strreplace-empty-old-all", V, "MoonshotAI/kimi-cli/pull/2631", "StrReplaceFile",
     {"path": "notes/todo.txt", "edit": {"old": "", "new": "X", "replace_all": True}},
     refuse(EMPTY_OLD, same("notes/todo.txt")), "fs_edit", also=6,
     note="If the agent hands it an empty `old` string, str.replace() ... inserts `new` ... between every character with "
          "replace_all=True ... bail out with an error")
case("kimi-strreplace-empty-old-in-list", V, "MoonshotAI/kimi-cli/pull/2631", "StrReplaceFile",
     {"path": "notes/todo.txt", "edit": [{"old": "foo bar foo", "new": "foo bar"}, {"old": "", "new": "X"}]},
     refuse(EMPTY_OLD, same("notes/todo.txt")), "fs_edit", also=6,
     note="an empty old buried in a list of edits. All error out and leave the file as-is")
case("kimi-strreplace-edit-stringified", V, "MoonshotAI/kimi-cli/pull/2513", "StrReplaceFile",
     {"path": "config.yaml", "edit": "{\"old\": \"debug: false\", \"new\": \"debug: true\"}"},
     eq("config.yaml", CONFIG.replace("debug: false", "debug: true")), "fs_edit", also=[2, 3],
     note="The Moonshot API can return function.arguments with nested array/object values as JSON strings (double-encoding)")
case("kimi-strreplace-edit-list-stringified", V, "MoonshotAI/kimi-cli/pull/2513", "StrReplaceFile",
     {"path": "config.yaml", "edit": "[{\"old\": \"port: 8080\", \"new\": \"port: 9090\"}, {\"old\": \"port: 5432\", \"new\": \"port: 6543\"}]"},
     eq("config.yaml", CONFIG.replace("port: 8080", "port: 9090").replace("port: 5432", "port: 6543")), "fs_edit", also=[2, 3],
     note="recursively unwraps any string that itself decodes to a dict or list")
case("kimi-strreplace-cancel-out", V, "MoonshotAI/kimi-cli/pull/2452", "StrReplaceFile",
     {"path": "go.mod", "edit": [{"old": "go 1.22", "new": "go 1.23"}, {"old": "go 1.23", "new": "go 1.22"}]},
     {"files": [same("go.mod")]}, "fs_edit", also=2,
     note="when every edit matches but the result equals the original (old_string == new_string, or edits that cancel out) "
          "... reports that the edit(s) matched but left the file unchanged (the file must stay as it was)")

# ============================================================ OpenHands aci / sdk
V = "openhands"
case("oh-str-replace-same", V, "OpenHands/openhands-aci/pull/11", "str_replace_editor",
     {"command": "str_replace", "path": "{ROOT}/go.mod", "old_str": "go 1.22", "new_str": "go 1.22"},
     refuse(SAME_TEXT, same("go.mod")), "fs_edit", also=6,
     note="Raise error when the agent calls `str_replace` command with `new_str` and `old_str` having the same value")
case("oh-insert-line-0", V, "OpenHands/openhands-aci/pull/118", "str_replace_editor",
     {"command": "insert", "path": "{ROOT}/notes/todo.txt", "insert_line": 0, "new_str": "# notes"},
     eq("notes/todo.txt", "# notes\n" + TODO), "fs_edit", also=2,
     note="It accepts 0 because it inserts the line *after* the specified number, so in order to insert at line 1, it needs 0")
case("oh-insert-line-last", V, "OpenHands/openhands-aci/pull/118", "str_replace_editor",
     {"command": "insert", "path": "{ROOT}/notes/todo.txt", "insert_line": 4, "new_str": "LATER: release"},
     eq("notes/todo.txt", TODO + "LATER: release\n"), "fs_edit", also=2,
     note="If I want to insert after the current last line ... I should use insert_line = [the last line]")
case("oh-insert-line-out-of-range", V, "OpenHands/openhands-aci/pull/118", "str_replace_editor",
     {"command": "insert", "path": "{ROOT}/notes/todo.txt", "insert_line": 9, "new_str": "LATER: release"},
     refuse([r"range|line|beyond|past|greater|only \d+|4 lines|exceed"], same("notes/todo.txt")), "fs_edit", also=6,
     note="It should be within the range of lines of the file: [0, 110]")
case("oh-str-replace-not-unique", V, "OpenHands/software-agent-sdk/issues/1067", "str_replace_editor",
     {"command": "str_replace", "path": "{ROOT}/py/models.py", "old_str": "    def greet(self):",
      "new_str": "    def greet(self, loud=False):"},
     refuse(MULTI, same("py/models.py")), "fs_edit", also=6,
     note="the first edit here failed because a string was not unique, but the second attempt succeeded for the first line "
          "of that same string (a non-unique old_str must not be applied)")
case("oh-str-replace-keep-new-whitespace", V, "OpenHands/software-agent-sdk/pull/3882", "str_replace_editor",
     {"command": "str_replace", "path": "{ROOT}/docs/api.md", "old_str": "  GET /health returns ok.  ",
      "new_str": "GET /health returns `ok`.  "},
     {"files": [{"path": "docs/api.md", "contains": ["GET /health returns `ok`.  \nGET /users"], "not_contains": ["returns ok."]}]},
     "fs_edit", also=2,
     note="stripping new_str mutates the replacement content: meaningful leading/trailing whitespace (e.g. a Markdown hard "
          "line break) is silently dropped")
case("oh-glob-absolute-pattern", V, "OpenHands/software-agent-sdk/pull/718", "glob",
     {"pattern": "{ROOT}/web/**/*.js"}, {"contains": ["index.js", "app.js"], "not_contains": ["Button.jsx", "leftpad"]}, "fs_find",
     also=4, note="The agent calls the glob tool with pattern = f\"{path}/pattern\" ... path=None ... we need to extract the path "
                  "from the pattern")
case("oh-glob-absolute-pattern-py", V, "OpenHands/software-agent-sdk/pull/718", "glob",
     {"pattern": "{ROOT}/py/**/*.py"}, {"contains": ["models.py", "app.py", "test_models.py"], "not_contains": ["main.go"]},
     "fs_find", also=4)
case("oh-bash-grep-escaped-paren", V, "OpenHands/software-agent-sdk/issues/1079", "execute_bash",
     {"command": "grep -n \"createApp\\(\" web/src/app.js | sed -n '1,200p'"},
     {"contains": ["function createApp(options)"]}, "fs_search",
     note="grep -n \"gf_isom_box_del\\(\" /src/.../movie_fragments.c | sed -n '1,200p'  # grep: Unmatched ( or \\( "
          "(the model meant the literal call; a refusal naming fs_search is also helpful)")

# ============================================================ claude-quickstarts
V = "claude-quickstarts"
S = "anthropics/claude-quickstarts/issues/127"
case("cq-str-replace-empty-old", V, S, "str_replace_editor",
     {"command": "str_replace", "path": "{ROOT}/docs/guide.md", "old_str": "", "new_str": "...blablabla..."},
     refuse(EMPTY_OLD, same("docs/guide.md")), "fs_edit", also=6,
     note="Input: {'command': 'str_replace', 'path': '/host/master_state.md', 'old_str': '', 'new_str': '...blablabla...'}")
case("cq-bash-heredoc-write", V, S, "bash",
     {"command": "cat > notes/master_state.md << 'EOL'\n# State\nstep 3 done\nEOL"},
     eq("notes/master_state.md", "# State\nstep 3 done\n"), "fs_write",
     note="Tool Use: bash Input: {'command': \"cat > /host/master_state.md << 'EOL'...blablabla...EOL\"}")

# ============================================================ qwen-code
V = "qwen-code"
case("qwen-writefile-no-content", V, "QwenLM/qwen-code/issues/2783", "WriteFile",
     {"file_path": "{ROOT}/py/gen_dtoken_sql.py"}, refuse(CONTENT, gone("py/gen_dtoken_sql.py")), "fs_write", also=6,
     note="x WriteFile {\"file_path\":\"/tmp/gen_dtoken_sql.py\"}  params must have required property 'content'")
case("qwen-writefile-empty", V, "QwenLM/qwen-code/issues/2783", "WriteFile", {},
     {"error_mentions": ["path", "content"]}, "fs_write", also=6, note="x WriteFile {}  params must have required property ...")
case("qwen-write-file-blind-overwrite", V, "QwenLM/qwen-code/issues/8427", "write_file",
     {"file_path": "{ROOT}/docs/api.md", "content": "# API\n\nGenerated.\n"},
     refuse(EXISTS, same("docs/api.md")), "fs_write", also=6,
     note="The write_file runtime rejects an overwrite when the target has not been observed ... A request to create or generate "
          "a path should not be treated as proof that it is new")
case("qwen-web-fetch-format-text", V, "QwenLM/qwen-code/pull/2734", "web_fetch",
     {"url": "{BASE}/page.html", "prompt": "List the items on the page", "format": "text"}, TEXT_PAGE, "net_curl", also=5,
     note="Add optional `format` parameter to WebFetch tool ... \"text\": Requests plain text only")
case("qwen-web-fetch-format-auto", V, "QwenLM/qwen-code/pull/2734", "web_fetch",
     {"url": "{BASE}/page.html", "prompt": "What is the title?", "format": "auto"},
     {"contains": ["Fixture Page", "alpha item"]}, "net_curl", also=5,
     note="\"auto\" (default): Requests markdown first, falls back to HTML")

# ============================================================ iflow-cli
V = "iflow-cli"
S = "iflow-ai/iflow-cli/issues/316"
case("iflow-write-no-content-windows", V, S, "write_file",
     {"file_path": "F:\\AIzhusou\\ai-assistant\\test_raw_output.txt"},
     refuse([r"content|windows|drive|outside|root|F:"], gone("F:\\AIzhusou\\ai-assistant\\test_raw_output.txt"), gone("F:")),
     "fs_write", also=[4, 6], note="write_file(file_path=\"F:\\\\AIzhusou\\\\ai-assistant\\\\test_raw_output.txt\")  "
                                   "错误：params must have required property 'content'")
case("iflow-write-windows-drive", V, S, "write_file",
     {"file_path": "F:\\AIzhusou\\ai-assistant\\test_raw_output.txt", "content": "测试文件 - 用于检查模型原始输出"},
     refuse([r"windows|drive|outside|root|absolute|F:|not allowed"], gone("F:\\AIzhusou\\ai-assistant\\test_raw_output.txt"), gone("F:")),
     "fs_write", also=[4, 6], note="a Windows drive path on a Linux host must not become a folder named F:... under the root")
case("iflow-write-multiline", V, S, "write_file",
     {"file_path": "{ROOT}/py/fix_js_syntax.py", "content": "# -*- coding: utf-8 -*-\nprint('fixed')\n"},
     eq("py/fix_js_syntax.py", "# -*- coding: utf-8 -*-\nprint('fixed')\n"), "fs_write",
     note="write_file(file_path=\"...fix_js_syntax.py\", content=\"# -*- coding: utf-8 -*-\\n...\") (the path moved under the root)")

# ============================================================ claude-code
V = "claude-code"
case("cc-write-no-content", V, "anthropics/claude-code/issues/676", "Write",
     {"file_path": "web/src/components/ChallengeDescription.tsx"},
     refuse(CONTENT, gone("web/src/components/ChallengeDescription.tsx")), "fs_write", also=6,
     note="Write(file_path: src/components/campaign/...Description.tsx) InputValidationError: The required parameter `content` is missing")
case("cc-bash-grep-windows-paths", V, "anthropics/claude-code/issues/19338", "Bash",
     {"command": "grep -E \"^model:\" C:\\Users\\mcsei\\.claude\\agents\\log4net-instrumenter.md"},
     refuse(OUTSIDE), "fs_search", also=[4, 6],
     note="Bash(grep -E \"^model:\" C:\\Users\\mcsei\\.claude\\agents\\log4net-instrumenter.md ...) grep: C:Usersmcsei.claude...: "
          "No such file or directory (a Windows home path, outside the served root)")
case("cc-bash-grep-bre-alternation-paren", V, "anthropics/claude-code/issues/73718", "Bash",
     {"command": "grep -n \"createApp(\\|listen\" web/src/app.js"},
     {"contains": ["function createApp(options)", "listen(port)"]}, "fs_search",
     note="$ grep -n \"foo(\\|bar\" /tmp/greptest.txt  # combination: parse error ... the literal paren in the first branch was "
          "left unescaped (BRE: `(` is literal, `\\|` is alternation)")

# ============================================================ codecompanion
V = "codecompanion"
case("ccomp-read-whole-unbounded", V, "olimorris/codecompanion.nvim/pull/3313", "read_file",
     {"filepath": "notes/todo.txt", "start_line": None, "end_line": -1},
     {"contains": ["TODO: write docs", "DONE: setup"]}, "fs_read",
     note="Treats omitted, null, empty, or negative bounds as unbounded: reading from the beginning or through the end of the file")
case("ccomp-read-legacy-base-zero", V, "olimorris/codecompanion.nvim/pull/3313", "read_file",
     {"filepath": "data/long.txt", "start_line_number_base_zero": 99, "end_line_number_base_zero": 101},
     rows(100, 102), "fs_read",
     note="Retains zero-based, inclusive line indexing ... Preserves the previous argument names as hidden runtime aliases")
case("ccomp-deepseek-xml-files-edit", V, "olimorris/codecompanion.nvim/issues/760", "files",
     "<tools>\n  <tool name=\"files\">\n    <action type=\"edit\">\n      <search><![CDATA[baz foo qux]]></search>\n"
     "      <path>{ROOT}/notes/todo.txt</path>\n      <replace><![CDATA[baz qux]]></replace>\n    </action>\n  </tool>\n</tools>",
     eq("notes/todo.txt", TODO.replace("baz foo qux", "baz qux")), "fs_edit", also=[2, 3],
     note="<tools><tool name=\"files\"><action type=\"edit\"><search><![CDATA[    print('Hello World')]]></search><path>...</path>"
          "<replace><![CDATA[...]]></replace></action></tool></tools> (Deepseek, the XML tool format as raw call text)")

# ============================================================ gptme
V = "gptme"
case("gptme-read-start-line-abc", V, "gptme/gptme/pull/2130", "read",
     {"path": "notes/todo.txt", "start_line": "abc"},
     refuse([r"start_line|integer|number|invalid|abc"]), "fs_read", also=6,
     note="Previously, `read /path start_line=abc` would silently read the entire file — now it returns a clear error")
case("gptme-read-string-lines", V, "gptme/gptme/pull/2130", "read",
     {"path": "data/long.txt", "start_line": "5", "end_line": "7"}, rows(5, 7), "fs_read",
     note="When start_line or end_line kwargs can't be parsed as integers, yield an error (\"5\" and \"7\" parse)")

# ============================================================ kiro.rs
V = "kiro-rs"
case("kiro-read-file-bare", V, "ZyphrZero/kiro.rs/issues/69", "read_file", {},
     {"error_mentions": ["path", "filePath"]}, "fs_read", also=6,
     note="I'm calling read_file without the required parameters—I need to pass the filePath, startLine, and endLine arguments")
case("kiro-read-file-camel", V, "ZyphrZero/kiro.rs/issues/69", "read_file",
     {"filePath": "data/long.txt", "startLine": 40, "endLine": 42}, rows(40, 42), "fs_read",
     note="the required parameters—filePath, startLine, and endLine")

# ============================================================ envelopes and raw argument text
case("codegraff-glob-double-encoded", "codegraff", "justrach/codegraff2/pull/141", "codedb_glob",
     "{\"pattern\":\"docs/**/*.md\"}", {"contains": ["guide.md", "api.md"], "not_contains": ["main.go"]}, "fs_find", also=3,
     note="gpt-5.5 over the Responses API ships MCP tool arguments double-encoded (a stringified JSON object, e.g. "
          "\"{\\\"pattern\\\":\\\"**/*.md\\\"}\")")
case("openclaw-read-json-string-args", "openclaw", "openclaw/openclaw/pull/40425", "read",
     "{\"path\": \"docs/api.md\"}", {"contains": ["GET /health returns ok."]}, "fs_read", also=3,
     note="Some OpenAI-compatible providers emit tool-call `arguments` as a JSON *string* (instead of an object)")
V = "openmanus"
case("openmanus-view-double-encoded", V, "FoundationAgents/OpenManus/pull/989", "str_replace_editor",
     "{\"command\": \"view\", \"path\": \"{ROOT}/go.mod\"}", {"contains": [MOD]}, "fs_read", also=3,
     note="Some models, such as Qwen/Qwen2.5-7B-Instruct, return command.function.arguments as a JSON string")
case("openmanus-view-range-double-encoded", V, "FoundationAgents/OpenManus/pull/989", "str_replace_editor",
     "{\"command\": \"view\", \"path\": \"{ROOT}/notes/todo.txt\", \"view_range\": [2, 3]}",
     {"contains": ["foo bar foo", "baz foo qux"], "not_contains": ["TODO: write docs", "DONE: setup"]}, "fs_read", also=3)
case("quarkus-read-double-encoded-string", "quarkus-langchain4j", "quarkiverse/quarkus-langchain4j/pull/2642", "read_file",
     json.dumps(json.dumps({"path": "go.mod"})), {"contains": [MOD]}, "fs_read", also=3,
     note="Tool calls now succeed when a model returns the tool arguments as a double-encoded JSON string "
          "(for example \"{ \\\"n\\\": 2 }\") instead of a JSON object")
case("smolagents-read-json-string", "smolagents", "huggingface/smolagents/pull/1003", "read_file",
     "{\"path\": \"docs/guide.md\"}", {"contains": ["# Guide"]}, "fs_read", also=3,
     note="As a JSON string: \"arguments\": \"{\\\\\"city\\\\\": \\\\\"New York\\\\\"}\"")
case("comfyui-parameters-wrapper", "comfyui-mcp", "artokun/comfyui-mcp/pull/1825", "read_file",
     {"parameters": {"path": "go.mod"}}, {"contains": [MOD]}, "fs_read", also=3,
     note="ChatGPT multi_tool_use.parallel names each recipient payload `parameters`. After the first functions.call_tool in a "
          "batch the model often copies that key inward instead of `args`")
case("comfyui-multi-tool-use-parallel", "comfyui-mcp", "artokun/comfyui-mcp/pull/1825", "multi_tool_use.parallel",
     {"tool_uses": [{"recipient_name": "functions.read_file", "parameters": {"path": "go.mod"}},
                    {"recipient_name": "functions.read_file", "parameters": {"path": "docs/api.md"}}]},
     {"contains": [MOD, "GET /health returns ok."]}, "batch", also=3,
     note="ChatGPT `multi_tool_use.parallel` names each recipient payload `parameters`")
V = "gbrain"
case("gbrain-flat-tool-use-block", V, "garrytan/gbrain/issues/4922", "Grep",
     {"type": "tool_use", "id": "toolu_01", "name": "Grep", "pattern": "TODO", "path": "internal"},
     {"contains": ["handler.go", "load users from the database"], "not_contains": ["parse command line"]}, "fs_search", also=3,
     note="the model sometimes emits the Anthropic tool_use shape with the input wrapper dropped: "
          "{\"type\":\"tool_use\",\"id\":\"toolu_01\",\"name\":\"brain_search\",\"query\":\"...\"} ... the entry's non-reserved keys are the input")
case("gbrain-tool-use-block-input", V, "garrytan/gbrain/issues/4922", "Grep",
     {"type": "tool_use", "id": "toolu_01", "name": "Grep", "input": {"pattern": "TODO", "path": "internal"}},
     {"contains": ["handler.go", "load users from the database"], "not_contains": ["parse command line"]}, "fs_search", also=3,
     note="The prompt asks the model for [{\"name\", \"input\"}] ... a present `input` wins verbatim")
case("astrbot-nested-arguments", "astrbot", "AstrBotDevs/AstrBot/pull/10076", "read_file",
     {"arguments": {"arguments": {"path": "go.mod"}}}, {"contains": [MOD]}, "fs_read", also=3,
     note="The recursive unwrap is constrained to a single arguments key whose value is an object")
V = "clawith"
case("clawith-trailing-comma-args", V, "dataelement/Clawith/pull/212", "write_file",
     "{\"path\": \"notes/memory.md\", \"content\": \"# Memory\\n- user prefers tabs\\n\",}",
     eq("notes/memory.md", "# Memory\n- user prefers tabs\n"), "fs_write", also=3,
     note="When LLMs produce slightly malformed JSON arguments (e.g. trailing commas), json.loads() fails silently ... "
          "Attempt to fix common LLM JSON errors (trailing commas before } or ])")
case("opencode-write-unterminated", "opencode", "anomalyco/opencode/issues/11630", "write",
     "{\"filePath\": \"{ROOT}/src/fixed.rs\", \"content\": \"/// Fixed-point arithmetic module (16.16 format)\\n"
     "#[derive(Debug, Clone, Copy, PartialEq, Eq)]\\npub struct Fixed(i32);\\n",
     refuse(TRUNC, gone("src/fixed.rs")), "fs_write", also=[3, 6],
     note="JSON Parse error: Unterminated string ... Invalid input for tool write: JSON parsing failed (the content was cut off)")
case("codewhale-write-truncated-max-tokens", "codewhale", "Hmbown/Codewhale/issues/2533", "write_file",
     "{\"path\": \"docs/report.md\", \"content\": \"# Report\\n\\nSection one covers the",
     refuse(TRUNC, gone("docs/report.md")), "fs_write", also=[3, 6],
     note="When the API response is truncated by the max_tokens limit ... The truncated response contains a partial tool_calls "
          "array with an incomplete arguments JSON string")
case("mcphost-write-placeholder-garbage", "mcphost", "mark3labs/mcphost/issues/100", "filesystem-builtin__write_file",
     "./}{content:[PLACEHOLDER_FOR_FILE_LIST],path:./files.txt]",
     refuse([r"JSON|parse|invalid|malformed|placeholder|content|path"], gone("files.txt")), "fs_write", also=[3, 6],
     note="[ filesystem-builtin__write_file ./}{content:[PLACEHOLDER_FOR_FILE_LIST],path:./files.txt] Error Tool execution error: "
          "invalid JSON arguments")
case("cline-read-files-bad-escape", "cline", "cline/cline/issues/10557", "read_files",
     "{\"files\": [{\"path\": \"docs\\guide.md\"}]}", {"contains": ["# Guide", "## Installation"]}, "fs_read", also=[3, 4],
     note="Invalid input for tool read_files: JSON parsing failed: Text: {\"files\": [{\"path\": some/path/on/my/computer}]} "
          "Error message: Bad escaped character in JSON at position 24 (a Windows-style separator left unescaped; the path is this set's)")

# ============================================================ GLM / openclaw-agents
case("oca-read-without-path", "openclaw-agents", "JohannesSchulz97/openclaw-agents/issues/84", "read", {},
     {"error_mentions": ["path"]}, "fs_read", also=6,
     note="the fw-glm5 model ... is producing malformed tool calls — specifically calling the `read` tool without a `path` argument")

# ============================================================ asimi
case("asimi-read-string-offset-limit", "asimi", "afittestide/asimi/issues/64", "read_file",
     {"limit": "30", "offset": "190", "path": "data/long.txt"}, rows(190, 219), "fs_read",
     note="tool=read_file args=\"{\\\"limit\\\":\\\"30\\\",\\\"offset\\\":\\\"190\\\",\\\"path\\\":\\\"status.go\\\"}\"")

# ============================================================ forgecode
V = "forgecode"
case("forge-fs-search-windows-path", V, "tailcallhq/forgecode/issues/1122", "forge_tool_fs_search",
     {"path": "C:\\Users\\karol\\legacy app", "regex": "TODO"}, refuse(OUTSIDE), "fs_search", also=[4, 6],
     note="name: forge_tool_fs_search, arguments_part: \"{\\\"path\\\": \\\"C:\\\\\\\\Users\\\\\\\\kar...\" (Kimi K2; a Windows path "
          "outside the served root; the regex is this set's)")
case("forge-fs-search-root", V, "tailcallhq/forgecode/issues/1122", "forge_tool_fs_search",
     {"path": "{ROOT}/internal", "regex": "TODO", "file_pattern": "*.go"},
     {"contains": ["handler.go", "load users from the database", "write a real test"]}, "fs_search",
     note="the same tool with a path inside the root (regex and file_pattern are this set's)")

# ============================================================ Crow
V = "crow"
case("crow-edit-file-claude-names", V, "nibor1896/Crow/issues/215", "edit_file",
     {"path": "py/app.py", "old_string": "    # TODO: parse command line arguments\n", "new_string": "    # TODO: parse argv\n"},
     eq("py/app.py", APP_PY.replace("# TODO: parse command line arguments", "# TODO: parse argv")), "fs_edit", also=2,
     note="22 of 22 edit_file calls used old_string/new_string — Claude Code's names — instead of Crow's old/new")
case("crow-edit-file-old-new", V, "nibor1896/Crow/issues/215", "edit_file",
     {"path": "py/app.py", "old": "    user = User(\"alice\", 30)", "new": "    user = User(\"carol\", 41)"},
     eq("py/app.py", APP_PY.replace("User(\"alice\", 30)", "User(\"carol\", 41)")), "fs_edit", also=2,
     note="Before the rollover the same model had used old/new correctly")

# ============================================================ copilot-cli glob
V = "copilot-cli"
case("copilot-glob-multisegment", V, "github/copilot-cli/issues/4271", "glob",
     {"pattern": "docs/*.md", "paths": ["{ROOT}"]}, {"contains": ["guide.md", "api.md"], "not_contains": ["README.md"]}, "fs_find",
     note="`glob` with `pattern: \"2026/07/*.md\"`, same paths → No files matched the pattern. (31 files exist there)")
case("copilot-glob-literal-relative", V, "github/copilot-cli/issues/4271", "glob",
     {"pattern": "a/b/c/deep.txt", "paths": ["{ROOT}"]}, {"contains": ["deep.txt"]}, "fs_find",
     note="`glob` with `pattern: \"2026/07/26.md\"`, `paths: [\"<repo>\"]` → No files matched the pattern. (file exists)")

# ============================================================ cortex (bounty-challenge)
V = "cortex"
case("cortex-glob-folder", V, "BaseIntelligence/bounty-challenge/issues/8389", "Glob",
     {"patterns": ["*.go"], "folder": "internal/server"},
     {"contains": ["server.go", "handler.go"], "not_contains": ["main.go", "strings.go"]}, "fs_find",
     note="When the LLM sends {\"folder\": \"/some/path\"} as instructed by the schema, the handler ignores it and defaults to "
          "the current working directory")
case("cortex-search-replace-no-replace-marker", V, "BaseIntelligence/bounty-challenge/issues/19335", "apply_patch",
     {"path": "notes/todo.txt", "patch": "<<<<<<< SEARCH\nfoo bar foo\n=======\nfoo bar\n"},
     refuse([r"REPLACE|marker|malformed|incomplete|missing|invalid|unterminated"], same("notes/todo.txt")), "fs_edit", also=[2, 6],
     note="Provide search/replace block without \">>>>>>> REPLACE\" ... Expected Behavior: Return PatchError when block markers "
          "are missing or malformed")
case("cortex-multiedit-change-all", V, "BaseIntelligence/bounty-challenge/issues/6500", "MultiEdit",
     {"file_path": "notes/todo.txt", "edits": [{"old_str": "foo", "new_str": "FOO", "change_all": True}]},
     eq("notes/todo.txt", TODO_ALL_FOO), "fs_edit", also=2,
     note="Invoke MultiEdit with edits: [{ \"file_path\": \"file.txt\", \"old_str\": \"foo\", \"new_str\": \"bar\" }] ... "
          "Expected: Support change_all in edit items")

# ============================================================ MCP filesystem server
V = "mcp-servers"
case("mcpfs-list-directory-depth", V, "modelcontextprotocol/servers/pull/4017", "list_directory",
     {"path": "{ROOT}/a", "depth": 3}, {"contains": ["b", "c", "deep.txt"]}, "fs_list",
     note="LLMs (e.g., LM Studio with gpt-oss-120b-MLX-8bit model) are calling list_directory with a depth argument")
case("mcpfs-read-multiple-tail", V, "modelcontextprotocol/servers/pull/4025", "read_multiple_files",
     {"paths": ["{ROOT}/notes/todo.txt", "{ROOT}/logs/app.txt"], "tail": 1},
     {"contains": ["DONE: setup", "Error timeout reached"], "not_contains": ["TODO: write docs", "server started"]}, "fs_read",
     note="read_multiple_files({ paths: [\"log1.txt\", \"log2.txt\", \"log3.txt\"], tail: 20 })  // last 20 lines of each file")
case("mcpfs-read-multiple-head", V, "modelcontextprotocol/servers/pull/4025", "read_multiple_files",
     {"paths": ["{ROOT}/notes/todo.txt", "{ROOT}/logs/app.txt"], "head": 1},
     {"contains": ["TODO: write docs", "server started"], "not_contains": ["DONE: setup", "timeout reached"]}, "fs_read",
     note="`head` — returns only the first N lines of each file")

# ============================================================ unified diffs and patch envelopes
BUZZ = "alpha\nbravo\ncharlie\ndelta\n"
case("holon-bare-hunk-header", "holon", "holon-run/holon/issues/3041", "apply_patch",
     {"patch": "--- a/notes/todo.txt\n+++ b/notes/todo.txt\n@@\n foo bar foo\n-baz foo qux\n+baz qux\n DONE: setup\n"},
     eq("notes/todo.txt", TODO.replace("baz foo qux", "baz qux")), "fs_edit", also=2,
     note="Agents frequently emit unified-diff hunks with a bare @@ header ... old_count / new_count are derivable from the hunk body")
case("buzz-bare-hunk-not-silent", "buzz", "block/buzz/pull/6174", "apply_patch",
     {"path": "notes/slug.txt", "patch": "--- a/notes/slug.txt\n+++ b/notes/slug.txt\n@@\n alpha\n bravo\n+ECHO-INJECTED-LINE\n charlie\n delta\n"},
     {"files": [{"path": "notes/slug.txt", "equals": "alpha\nbravo\nECHO-INJECTED-LINE\ncharlie\ndelta\n"}]}, "fs_edit", also=2,
     setup={"notes/slug.txt": BUZZ},
     note="a bare @@ ... parses it as zero hunks, so apply silently returns the input value unchanged, the command exits 0 "
          "(either apply it or refuse; an ok with the file unchanged is the bug; the headers name the fixture file, not the slug)")
V = "pi-codemode"
case("picm-abbreviated-hunk-header", V, "boozedog/pi-codemode/issues/58", "apply_patch",
     {"patch": "--- a/notes/todo.txt\n+++ b/notes/todo.txt\n@@ -2 +2 @@\n-foo bar foo\n+foo bar\n"},
     eq("notes/todo.txt", TODO.replace("foo bar foo", "foo bar")), "fs_edit", also=2,
     note="Git-common abbreviated forms are skipped as non-headers: @@ -2 +2 @@ ... apply_patch reports Applied patch to 1 file")
case("picm-absolute-path-headers", V, "boozedog/pi-codemode/issues/58", "apply_patch",
     {"patch": "--- a/{ROOT}/config.yaml\n+++ b/{ROOT}/config.yaml\n@@ -3,1 +3,1 @@\n-  debug: false\n+  debug: true\n"},
     eq("config.yaml", CONFIG.replace("debug: false", "debug: true")), "fs_edit", also=[2, 4],
     note="Result diffs render as `--- a//home/...` for absolute paths, which looks broken and confuses re-patching")
case("picm-begin-patch-update", V, "boozedog/pi-codemode/issues/28", "apply_patch",
     {"patch": "*** Begin Patch\n*** Update File: notes/todo.txt\n@@\n-baz foo qux\n+baz qux\n*** End Patch"},
     eq("notes/todo.txt", TODO.replace("baz foo qux", "baz qux")), "fs_edit", also=2,
     note="Prepared an apply_patch call using the documented *** Begin Patch / *** Update File / *** End Patch format ... "
          "No file patches found in unified diff")
case("opencodex-decorated-begin-patch", "opencodex", "lidge-jun/opencodex/issues/372", "apply_patch",
     {"input": "*** Begin Patch ***\n*** Update File: notes/todo.txt\n@@\n-DONE: setup\n+DONE: setup and docs\n*** End Patch ***"},
     eq("notes/todo.txt", TODO.replace("DONE: setup", "DONE: setup and docs")), "fs_edit", also=2,
     note="\"input\": \"*** Begin Patch ***\\n*** Update File: ...\\n...\\n*** End Patch ***\" ... The first line of the patch "
          "must be '*** Begin Patch'")
case("clanka-patch-no-end-marker", "clanka", "Effectful-Tech/clanka/pull/51", "applyPatch",
     {"patch": "*** Begin Patch\n*** Update File: config.yaml\n@@\n-  debug: false\n+  debug: true\n"},
     eq("config.yaml", CONFIG.replace("debug: false", "debug: true")), "fs_edit", also=2,
     note="allow wrapped applyPatch parsing to succeed when *** End Patch is omitted at the bottom of the patch")
case("memo-end-of-file-marker", "memo-code", "minorcell/memo-code/issues/131", "apply_patch",
     {"patch": "*** Begin Patch\n*** Update File: notes/todo.txt\n@@\n-DONE: setup\n+DONE: setup and docs\n*** End of File\n*** End Patch"},
     eq("notes/todo.txt", TODO.replace("DONE: setup", "DONE: setup and docs")), "fs_edit", also=2,
     note="*** Begin Patch / *** Update File: ... / @@ / -some content / +new content / *** End of File / *** End Patch "
          "(*** End of File is not the end of the patch)")
V = "agent-os"
S = "use-agent-os/agent-os/issues/3359"
case("agentos-patch-missing-begin", V, S, "apply_patch",
     {"patch": "*** Add File: py/a.py\n+x = 1\n*** End Patch"},
     {"files": [{"path": "py/a.py", "equals": "x = 1\n"}]}, "fs_edit", also=2,
     note="\"missing begin marker\": \"*** Add File: a.py\\n+x\\n*** End Patch\" (apply it, or refuse saying the marker is missing)")
case("agentos-add-file-no-plus", V, S, "apply_patch",
     {"patch": "*** Begin Patch\n*** Add File: py/b.py\nprint(1)\n*** End Patch"},
     {"files": [{"path": "py/b.py", "equals": "print(1)\n"}]}, "fs_edit", also=2,
     note="\"add-file line with no '+'\": \"*** Begin Patch\\n*** Add File: a.py\\nprint(1)\\n*** End Patch\" "
          "(the one reading is the file print(1); a refusal that says which line lacks its prefix is also helpful)")
case("agentos-no-operations", V, S, "apply_patch", {"patch": "*** Begin Patch\n*** End Patch"},
     {"error": True, "because": [r"empty|no (operations|changes|hunks|files|edits)|nothing"]}, "fs_edit", also=[2, 6],
     note="\"no operations\": \"*** Begin Patch\\n*** End Patch\"")
case("octos-move-outside-root", "octos", "octos-org/octos/pull/1786", "apply_patch",
     {"patch": "*** Begin Patch\n*** Update File: notes/todo.txt\n*** Move to: ../outside.txt\n@@\n-DONE: setup\n+DONE\n*** End Patch"},
     refuse([r"outside|root|\.\.|escape|not allowed|denied|parent"], same("notes/todo.txt"), gone("../outside.txt")), "fs_edit", also=[2, 4, 6],
     note="Path safety through the shared workspace scoping (absolute/`..` rejected on every op incl. Move targets)")
case("lsm-ambiguous-hunk", "local-shell-mcp", "fwerkor/local-shell-mcp/pull/86", "apply_patch",
     {"patch": "*** Begin Patch\n*** Update File: py/models.py\n@@\n-    def greet(self):\n+    def hello(self):\n*** End Patch"},
     refuse(MULTI, same("py/models.py")), "fs_edit", also=[2, 6],
     note="reject ambiguous hunks, path traversal, malformed envelopes, and unsupported moves with explicit errors "
          "(`def greet(self):` occurs twice)")
V = "saturn"
case("saturn-hunk-header-trailing-space", V, "xyOz-dev/Saturn/pull/37", "apply_diff",
     {"path": "notes/todo.txt", "diff": "*** Begin Patch\n*** Update File: notes/todo.txt\n@@ -3,1 +3,1 @@ \n-baz foo qux\n+baz qux\n*** End Patch"},
     eq("notes/todo.txt", TODO.replace("baz foo qux", "baz qux")), "fs_edit", also=2,
     note="a trailing-space header is tolerated and applied normally (the hunks sit in an update section, as the PR says; "
          "corrected after the first run, see the README)")
case("saturn-hunk-header-unclosed", V, "xyOz-dev/Saturn/pull/37", "apply_diff",
     {"path": "notes/todo.txt", "diff": "*** Begin Patch\n*** Update File: notes/todo.txt\n@@ -3,1 +3,1\n-baz foo qux\n+baz qux\n*** End Patch"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("baz foo qux", "baz qux")}]}, "fs_edit", also=2,
     note="ApplyDiffTool used to silently skip hunk headers with ... a missing closing @@ ... reported success without changing "
          "anything (apply it, or refuse clearly; an ok with the file unchanged is the bug)")

# ============================================================ writes that must not destroy data
V = "desktop-commander"
case("dc-write-no-mode-existing", V, "wonderwhy-er/DesktopCommanderMCP/pull/546", "write_file",
     {"path": "{ROOT}/logs/app.txt", "content": "2024-01-04 INFO request served\n"},
     refuse(EXISTS, same("logs/app.txt")), "fs_write", also=6,
     note="LLM callers might drop the optional param on an intended append, destroying existing content ... Reject writes to "
          "existing non-empty files when mode is not explicitly provided")
case("dc-write-mode-append", V, "wonderwhy-er/DesktopCommanderMCP/pull/546", "write_file",
     {"path": "{ROOT}/logs/app.txt", "content": "2024-01-04 INFO request served\n", "mode": "append"},
     eq("logs/app.txt", fixture.LOGS_APP + "2024-01-04 INFO request served\n"), "fs_write",
     note="an error that tells the model to retry with 'append' or 'rewrite'")
case("dc-write-mode-rewrite", V, "wonderwhy-er/DesktopCommanderMCP/pull/546", "write_file",
     {"path": "{ROOT}/logs/app.txt", "content": "cleared\n", "mode": "rewrite"}, eq("logs/app.txt", "cleared\n"), "fs_write",
     note="mode 'rewrite' ... silently replaces the entire file (asked for explicitly here)")
case("dc-list-directory-depth-1", V, "wonderwhy-er/DesktopCommanderMCP/pull/250", "list_directory",
     {"path": "{ROOT}/a", "depth": 1}, {"contains": ["b"], "not_contains": ["deep.txt", "c/"]}, "fs_list",
     note="Directory listing now supports depth-controlled recursion (default: 2)")
V = "hive"
case("hive-write-to-file-clobber", V, "aden-hive/hive/issues/4059", "write_to_file",
     {"path": "notes/todo.txt", "content": "new memory\n", "append": False},
     refuse(EXISTS, same("notes/todo.txt")), "fs_write", also=6,
     note="An agent could accidentally wipe out critical \"canonical memory\" files ... If append is False and force_overwrite "
          "is False: ... raise FileExistsError(\"File exists. Set force_overwrite=True to replace.\")")
case("hive-write-to-file-force", V, "aden-hive/hive/issues/4059", "write_to_file",
     {"path": "notes/todo.txt", "content": "new memory\n", "append": False, "force_overwrite": True},
     eq("notes/todo.txt", "new memory\n"), "fs_write", note="Add an explicit force_overwrite: bool = False argument")
case("hive-write-to-file-append", V, "aden-hive/hive/issues/4059", "write_to_file",
     {"path": "notes/todo.txt", "content": "LATER: release\n", "append": True},
     eq("notes/todo.txt", TODO + "LATER: release\n"), "fs_write", note="hallucinating a write_to_file call instead of append")
V = "koda"
case("koda-write-existing-no-overwrite", V, "lijunzh/koda/pull/613", "Write",
     {"path": "config.json", "content": "{}\n"}, refuse(EXISTS, same("config.json")), "fs_write", also=6, client="koda",
     note="Write existing file, no flag | ⚠️ silently overwrites | ❌ validation error")
case("koda-write-existing-overwrite", V, "lijunzh/koda/pull/613", "Write",
     {"path": "config.json", "content": "{}\n", "overwrite": True}, eq("config.json", "{}\n"), "fs_write", client="koda",
     note="Write existing file, `overwrite=true` | ✅ works")
case("koda-edit-replacements-replace-all", V, "lijunzh/koda/pull/614", "Edit",
     {"path": "notes/todo.txt", "replacements": [{"old_str": "foo", "new_str": "FOO", "replace_all": True}]},
     eq("notes/todo.txt", TODO_ALL_FOO), "fs_edit", also=2, client="koda",
     note="Add replace_all: bool (default: false) to each replacement entry: {\"old_str\": \"foo\", \"new_str\": \"bar\", \"replace_all\": true}")

# ============================================================ ~ paths
V = "openclaw"
case("openclaw-read-tilde", V, "openclaw/openclaw/pull/30744", "read", {"path": "~/.bashrc"}, refuse(OUTSIDE), "fs_read",
     also=[4, 6], note="Standardizes tilde expansion across all filesystem tools by expanding ~ (the home directory is outside "
                       "the served root)")
case("openclaw-write-tilde", V, "openclaw/openclaw/pull/30744", "write", {"path": "~/notes/todo.txt", "content": "x\n"},
     refuse(OUTSIDE, gone("~/notes/todo.txt"), gone("~"), same("notes/todo.txt")), "fs_write", also=[4, 6],
     note="expand ~ in path for read/write/edit tools (no folder named ~ may appear under the root)")

# ============================================================ search patterns
V = "claude-supertool"
case("supertool-grep-unbalanced-paren", V, "Digital-Process-Tools/claude-supertool/issues/299", "grep",
     {"pattern": "1)", "path": "tests/phpunit.txt"}, {"contains": ["1) UserTest::testGreet"], "not_contains": ["Failed asserting"]},
     "fs_search", setup={"tests/phpunit.txt": "PHPUnit 10\n\nThere was 1 failure:\n\n1) UserTest::testGreet\nFailed asserting\n"},
     note="`1)` is a natural pattern (PHPUnit numbers failures `1)`, `2)`) ... Auto-escape an unbalanced-paren pattern and "
          "match literally")
case("supertool-grep-escaped-metachars", V, "Digital-Process-Tools/claude-supertool/issues/1120", "grep",
     {"pattern": "\\| \\{", "path": "scripts/job.py"},
     {"contains": ["cmd = 'a | { b; }'"], "not_contains": ["x = 1", "y = 2"]}, "fs_search",
     setup={"scripts/job.py": "x = 1\ncmd = 'a | { b; }'\ny = 2\n"},
     note="grep:\\\\| \\\\{:presets/github/job.py:60 The intent was a literal `| {`. The op returned 1000+ matches — every line")
V = "rtk"
case("rtk-bash-grep-only-matching", V, "rtk-ai/rtk/issues/3625", "Bash", {"command": "grep -oE '^[A-Z_]+' .env"},
     {"contains": ["SECRET_TOKEN"], "not_contains": ["abc123"]}, "fs_search",
     note="3x  grep -oE ^[A-Z_]+ .env (from the parse-failure log; -o prints only the matched part)")
case("rtk-bash-grep-invert-ignore-case", V, "rtk-ai/rtk/issues/3625", "Bash", {"command": "grep -viE 'info|warn' logs/app.txt"},
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"],
      "not_contains": ["server started", "slow request"]}, "fs_search",
     note="4x  grep -viE futurewarning|cm\\[|urllib3|warnings.w... (an inverted case-insensitive alternation)")
V = "zed"
case("zed-grep-include-pattern", V, "zed-industries/zed/pull/29100", "grep",
     {"regex": "TODO", "include_pattern": "internal/**/*.go"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["app.py", "app.js", "todo.txt"]}, "fs_search",
     note="renames the regex_search tool to grep ... It also takes an include pattern to filter on the specific files")
case("zed-regex-search-old-name", V, "zed-industries/zed/pull/29100", "regex_search", {"regex": "def greet"},
     {"contains": ["models.py"]}, "fs_search", note="This PR renames the `regex_search` tool to `grep`")
case("stakpak-view-grep-glob", "stakpak", "stakpak/agent/pull/472", "view",
     {"path": "{ROOT}/internal", "grep": "TODO", "glob": "*.go"},
     {"contains": ["load users from the database", "write a real test"], "not_contains": ["Reverse returns", "strings.go"]}, "fs_search",
     note="Add grep parameter for regex content search in files/directories; Add glob parameter for filtering files ... "
          "Support combined grep+glob")
case("genaiscript-find-files-grep", "genaiscript", "microsoft/genaiscript/pull/625", "fs_find_files",
     {"glob": "**/*.go", "pattern": "TODO"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["main.go", "strings.go", "app.py"]}, "fs_search",
     note="users can specify a pattern to search for in the file content ... Previously, only glob patterns were supported")
case("continue-ls-recursive", "continue", "continuedev/continue/pull/4957", "ls", {"dirPath": "a", "recursive": True},
     {"contains": ["deep.txt"]}, "fs_list", note="Adds LS tool which lists files/directories in a given relative directory ... adds "
                                                "`recursive` option")
V = "amazon-q"
case("amzq-list-directory-maxdepth-0", V, "aws/aws-toolkit-vscode/pull/6919", "listDirectory",
     {"path": "{ROOT}/a", "maxDepth": 0}, {"contains": ["b"], "not_contains": ["deep.txt"]}, "fs_list",
     note="@param maxDepth Maximum depth to descend (0 => just this folder, -1 => unlimited depth)")
case("amzq-list-directory-maxdepth-unlimited", V, "aws/aws-toolkit-vscode/pull/6919", "listDirectory",
     {"path": "{ROOT}/a", "maxDepth": -1}, {"contains": ["b", "deep.txt"]}, "fs_list",
     note="-1 => unlimited depth")

# ============================================================ read ranges
V = "stride-gpt"
case("stride-read-end-clamped", V, "mrwadams/stride-gpt/pull/202", "read_file",
     {"path": "data/long.txt", "start_line": 1998, "end_line": 2500}, {"contains": [row(1998), row(2000)], "not_contains": [row(1997)]},
     "fs_read", note="An end_line past the end of the file is clamped, not an error")
case("stride-read-start-bool", V, "mrwadams/stride-gpt/pull/202", "read_file",
     {"path": "notes/todo.txt", "start_line": True}, refuse([r"start_line|integer|number|bool|true|invalid"]), "fs_read", also=6,
     note="Invalid ranges (below 1, end before start, start past the end of the file, non-integers, bools) return an error")
case("stride-read-start-past-eof", V, "mrwadams/stride-gpt/pull/202", "read_file",
     {"path": "notes/todo.txt", "start_line": 9, "end_line": 12},
     refuse([r"past|beyond|end|only \d+|4 lines|exceed|range|greater|out of"]), "fs_read", also=6,
     note="start past the end of the file ... return an error string")
V = "opendot"
case("opendot-read-start-end", V, "vedaant00/opendot/issues/84", "read_file", {"path": "data/long.txt", "start": 400, "end": 450},
     rows(400, 450), "fs_read", note="`read_file(path, start=400, end=450)` returns lines 400-450")
case("opendot-read-start-only", V, "vedaant00/opendot/issues/84", "read_file", {"path": "data/long.txt", "start": 1995},
     {"contains": [row(1995), row(2000)], "not_contains": [row(1994)]}, "fs_read",
     note="Either bound may be omitted (start only = from there to EOF)")
case("sakura-read-range-and-search", "sakura-ai", "Sakura520222/Sakura-AI/issues/537", "read_file",
     {"file_path": "data/long.txt", "end_line": 470, "search_pattern": "row 0300", "start_line": 120},
     {"contains": [row(300)], "not_contains": [row(119), row(471)]}, "fs_read",
     note="\"arguments\": \"{\\\"file_path\\\":\\\"backend/workers/issue_worker.py\\\",\\\"end_line\\\":470,\\\"search_pattern\\\":"
          "\\\"process_issue_analysis\\\",\\\"start_line\\\":120}\" (either reading holds the hit inside the range; a refusal naming "
          "the conflict is also helpful)")
case("kilo-read-file-lineranges", "kilocode", "Kilo-Org/kilocode/pull/5194", "read_file",
     {"files": [{"path": "data/long.txt", "lineRanges": [[10, 12]]}]}, rows(10, 12), "fs_read",
     note="Support lineRanges spelling in read_file tool (the files/line ranges shape of Roo-style read_file)")

# ============================================================ edits in other vocabularies
V = "ollama"
case("ollama-edit-edits-snake", V, "ollama/ollama/pull/17711", "edit",
     {"path": "config.yaml", "edits": [{"old_text": "debug: false", "new_text": "debug: true"},
                                       {"old_text": "host: localhost", "new_text": "host: db"}]},
     eq("config.yaml", CONFIG.replace("debug: false", "debug: true").replace("host: localhost", "host: db")), "fs_edit", also=2,
     note="The agent's edit tool now accepts an edits array of {old_text, new_text} replacements applied to a file in a single call")
case("ollama-edit-legacy-top-level", V, "ollama/ollama/pull/17711", "edit",
     {"path": "web/src/index.js", "old_text": "app.listen(3000);", "new_text": "app.listen(4000);"},
     eq("web/src/index.js", INDEX_JS.replace("app.listen(3000);", "app.listen(4000);")), "fs_edit", also=2,
     note="Legacy top-level old_text/new_text args are folded into a single edit")
case("ollama-edit-stringified-camel", V, "ollama/ollama/pull/17711", "edit",
     {"path": "web/src/index.js", "edits": "[{\"oldText\": \"console.log('listening on 3000');\", \"newText\": \"console.log('ready');\"}]"},
     eq("web/src/index.js", INDEX_JS.replace("console.log('listening on 3000');", "console.log('ready');")), "fs_edit", also=2,
     note="`edits` sent as a stringified JSON array is parsed ... and camelCase oldText/newText keys are accepted")
case("ollama-edit-overlapping", V, "ollama/ollama/pull/17711", "edit",
     {"path": "notes/todo.txt", "edits": [{"old_text": "foo bar foo", "new_text": "X"}, {"old_text": "bar foo", "new_text": "Y"}]},
     refuse([r"overlap|not found|no match|could not find|does not occur|not present|0 occurrences"], same("notes/todo.txt")),
     "fs_edit", also=[2, 6],
     note="Overlapping or nested edits are rejected with both indices named ... All-or-nothing: if any edit fails validation, "
          "the file is untouched")
V = "llmkube"
case("llmkube-str-replace-spaces-vs-tabs", V, "defilantech/LLMKube/issues/916", "str_replace",
     {"path": "main.go", "old_string": "    addr := os.Getenv(\"ADDR\")\n    if addr == \"\" {",
      "new_string": "    addr := os.Getenv(\"LISTEN_ADDR\")\n    if addr == \"\" {"},
     {"files": [{"path": "main.go", "contains": ["os.Getenv(\"LISTEN_ADDR\")", "if addr == \"\" {"],
                 "not_contains": ["Getenv(\"ADDR\")"]}]}, "fs_edit", also=2,
     note="if the model got the lines right but the indentation wrong (spaces vs the file's tabs ...), locate the unique matching "
          "span under whitespace normalization and apply against the real bytes")
case("llmkube-str-replace-fabricated", V, "defilantech/LLMKube/issues/916", "str_replace",
     {"path": "internal/server/handler.go", "old_string": "// HealthHandler reports liveness — always ok.",
      "new_string": "// HealthHandler reports that the server is up."},
     refuse([r"not found|no match|could not find|0 occurrences|closest|similar|does not (occur|appear)"], same("internal/server/handler.go")),
     "fs_edit", also=[2, 6], note="the model's old_string ... had an invented em dash ... so it matched 0 times")
V = "deer-flow"
case("deerflow-str-replace-not-unique", V, "bytedance/deer-flow/pull/2563", "str_replace",
     {"description": "Uppercase foo", "path": "notes/todo.txt", "old_str": "foo", "new_str": "FOO"},
     refuse(MULTI, same("notes/todo.txt")), "fs_edit", also=6,
     note="when replace_all=False and old_str appears multiple times, returns an error with the count and a hint to use replace_all=True")
case("deerflow-str-replace-all", V, "bytedance/deer-flow/pull/2563", "str_replace",
     {"description": "Uppercase foo", "path": "notes/todo.txt", "old_str": "foo", "new_str": "FOO", "replace_all": True},
     eq("notes/todo.txt", TODO_ALL_FOO), "fs_edit", also=2, note="replace_all=True bypasses check and replaces all")
V = "vscode"
case("vscode-multi-replace-multiple-matches", V, "microsoft/vscode/issues/268585", "multi_replace_string_in_file",
     {"explanation": "Uppercase foo", "replacements": [
         {"explanation": "foo to FOO", "filePath": "{ROOT}/notes/todo.txt", "oldString": "foo", "newString": "FOO"}]},
     refuse(MULTI, same("notes/todo.txt")), "fs_edit", also=6,
     note="String replacement failed: Multiple matches found for the text to replace ... Make your search string more specific.")
case("vscode-multi-replace-two-files", V, "microsoft/vscode/issues/268585", "multi_replace_string_in_file",
     {"explanation": "Bump ports", "replacements": [
         {"explanation": "yaml", "filePath": "{ROOT}/config.yaml", "oldString": "port: 8080", "newString": "port: 9090"},
         {"explanation": "js", "filePath": "{ROOT}/web/src/index.js", "oldString": "app.listen(3000);", "newString": "app.listen(9090);"}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 8080", "port: 9090")},
                {"path": "web/src/index.js", "equals": INDEX_JS.replace("app.listen(3000);", "app.listen(9090);")}]},
     "fs_edit", also=2, note="The multi_replace_string_tool ... replacements across files")
V = "gemini-cli"
case("gemini-replace-allow-multiple", V, "google-gemini/gemini-cli/pull/20033", "replace",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO", "allow_multiple": True},
     eq("notes/todo.txt", TODO_ALL_FOO), "fs_edit", also=2,
     note="Replaced the expected_replacements parameter in the replace tool with a simpler allow_multiple boolean flag")
case("gemini-replace-multiple-default", V, "google-gemini/gemini-cli/pull/20033", "replace",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     refuse(MULTI, same("notes/todo.txt")), "fs_edit", also=6,
     note="By default, the tool now expects exactly one occurrence unless allow_multiple: true is explicitly passed")

# ============================================================ Qwen Coder XML (forge)
V = "forge-agent"
case("forge-qwen-xml-bash-raw", V, "antoinezambelli/forge/pull/56", "bash",
     "<function=bash>\n<parameter=command>\ngrep -r \"def greet\" py --include=\"*.py\"\n</parameter>\n</function>",
     {"contains": ["models.py", "def greet(self):"]}, "fs_search", also=3,
     note="<function=bash>\\n<parameter=command>\\ngrep -r \"percentage\" . --include=\"*.py\"\\n</parameter>\\n</function> "
          "(the raw markup as the call's text)")
case("forge-qwen-xml-bash-parsed", V, "antoinezambelli/forge/pull/56", "bash",
     {"command": "grep -r \"def greet\" py --include=\"*.py\""}, {"contains": ["models.py", "def greet(self):"]}, "fs_search",
     note="the same call once parsed: grep -r \"percentage\" . --include=\"*.py\"")

# ============================================================ fetch / HTTP
V = "fetch-mcp"
S = "zcaceres/fetch-mcp/pull/15"
case("fetchmcp-txt-window", V, S, "fetch_txt", {"url": "{BASE}/long.txt", "max_length": 64, "start_index": 32},
     {"contains": ["L00002", "L00003"], "not_contains": ["L00001", "L00004"]}, "net_curl", also=5,
     note="max_length: Maximum number of characters to return; start_index: Start content from this character index "
          "(the body's lines are 32 characters each)")
case("fetchmcp-html", V, S, "fetch_html", {"url": "{BASE}/page.html", "max_length": 5000}, HTML_PAGE, "net_curl", also=5,
     note="Two new parameters for all fetch tools")
case("fetchmcp-markdown", V, S, "fetch_markdown", {"url": "{BASE}/page.html", "max_length": 5000, "start_index": 0}, MD_PAGE,
     "net_curl", also=5, note="Default values (max_length: 5000, start_index: 0)")
case("fetchmcp-json", V, S, "fetch_json", {"url": "{BASE}/data.json", "max_length": 5000},
     {"contains": ["fixture", "items"]}, "net_curl", also=5, note="for all fetch tools")
case("fetchmcp-start-beyond", V, S, "fetch_txt", {"url": "{BASE}/page.html", "start_index": 100000},
     {"not_contains": ["Fixture Page", "alpha item"]}, "net_curl", also=5,
     note="If start_index is beyond the content length, an empty string is returned (a refusal saying so is also helpful)")
case("n8n-http-request-403-body", "n8n", "n8n-io/n8n/issues/29528", "http_request",
     {"url": "{BASE}/status/403", "method": "GET"}, {"contains": ["403", "status 403 body"]}, "net_curl", also=5,
     note="If the responde status code 4xx or 5xx from api to any http request tool AI agent can't access to response body ... "
          "If status code is 4xx or 5xx the agent should read response body")
case("n8n-http-request-500-body", "n8n", "n8n-io/n8n/issues/29528", "http_request",
     {"url": "{BASE}/status/500", "method": "POST", "body": "{\"action\": \"sync\"}"},
     {"contains": ["500", "status 500 body"], "request": {"path": "/status/500", "method": "POST"}}, "net_curl", also=5,
     note="api responde to http tool status code 403 ... AI agent can't know response body so can hallucinate")
case("minga-fetch-url-timeout", "minga", "jsmestad/minga/pull/1994", "fetch_url", {"url": "{BASE}/page.html", "timeout_ms": 5000},
     {"contains": ["Fixture Page", "alpha item"]}, "net_curl", also=5,
     note="MingaAgent.Tools.FetchUrl ... with a 10s default timeout, configurable timeout_ms ... Converts HTML responses into readable text")
case("aianswers-download-http-url", "ai-answers", "cds-snc/ai-answers/issues/1762", "downloadWebPage", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page"]}, "net_curl", also=5,
     note="All downloadWebPageTool calls for CFIA pages fail - turns out they're trying to use http: (a plain-http URL must be "
          "fetched as given: the loopback server speaks http only)")
V = "opencode"
case("opencode-webfetch-no-format", V, "anomalyco/opencode/pull/6345", "webfetch", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "alpha item"]}, "net_curl", also=5,
     note="Calling webfetch without format produced validation error: Invalid option: expected one of \"text\"|\"markdown\"|\"html\"")
case("opencode-webfetch-html", V, "anomalyco/opencode/pull/6345", "webfetch", {"url": "{BASE}/page.html", "format": "html"},
     HTML_PAGE, "net_curl", also=5, note="expected one of \"text\"|\"markdown\"|\"html\"")
case("9router-web-fetch-html", "9router", "decolua/9router/issues/2239", "web_fetch", {"url": "{BASE}/page.html", "format": "html"},
     HTML_PAGE, "net_curl", also=5, note="When i use web fetch with format html, it return markdown format")
case("meansample-bash-curl-bang", "mean-sample", "jdx/mean-sample/issues/6", "bash",
     {"command": "curl -v -H \"Content-Type: application/json\" -XPOST --data \"{\\\"username\\\":\\\"dickeyxxx\\\", "
                 "\\\"body\\\":\\\"node rules!\\\"}\" {BASE}/post"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"username": "dickeyxxx", "body": "node rules!"}},
      "contains": ["received"]}, "net_curl", also=5,
     note="$ curl -v -H \"Content-Type: application/json\" -XPOST --data \"{\\\"username\\\":\\\"dickeyxxx\\\", "
          "\\\"body\\\":\\\"node rules!\\\"}\" localhost:3000/api/posts (the ! is history expansion only in an interactive shell)")


def main():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(os.path.join(HERE, "cases.jsonl"), "w") as f:
        for c in CASES:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    by_v, by_c, srcs = {}, {}, set()
    for c in CASES:
        by_v[c["vocab"]] = by_v.get(c["vocab"], 0) + 1
        also = c.get("also")
        also = also if isinstance(also, list) else ([also] if also else [])
        for a in also or [1]:
            by_c[str(a)] = by_c.get(str(a), 0) + 1
        srcs.add(c["source"])
    print(len(CASES), "cases,", len(by_v), "vocabularies,", len(srcs), "threads,",
          len(set("/".join(s.split("/")[3:5]) for s in srcs)), "repositories")
    print(json.dumps(by_v, indent=1))
    print(json.dumps(by_c))


if __name__ == "__main__":
    main()
