#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-9 (run by ../run.py).

Lane: real calls reported in public issues. Each case re-expresses a call a
model was reported to send (tool name as sent, arguments as reported, adapted
to the fixture's paths) and expects what the call means, or, where nothing can
be read from it, a helpful refusal.

Each case: id, vocab (the reporting project), class (1 = a call reported in a
public issue; also = 2 edit formats, 3 envelopes/raw call text, 4 paths),
source (the issue or pull-request URL), tool, arguments, expect, f0_tool, and
optionally setup, server_args, note (the reported call or the sentence the
expectation follows from).

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
ADMIN = ["--access", "admin"]
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


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
MODELS = fixture.MODELS_PY
MAIN = fixture.MAIN_GO
API = fixture.API_MD
INDEX_JS = F["web/src/index.js"]
STRINGS_GO = F["internal/util/strings.go"]
GOMOD = F["go.mod"]
MOD = "module example.com/fixture"
CONTENT = [r"content"]
MD_PAGE = {"contains": ["Fixture Page", "alpha item", "doc link"], "not_contains": ["<p>", "SCRIPT_SECRET", "<li>"]}

# ============================================================ pi (earendil-works/pi)
V = "pi"
case("pi-edits-array-of-json-strings", V, "earendil-works/pi/issues/8962", "edit",
     {"path": "notes/todo.txt", "edits": ["{\"oldText\":\"baz foo qux\",\"newText\":\"baz qux\"}"]},
     eq("notes/todo.txt", TODO.replace("baz foo qux", "baz qux")), "fs_edit", also=2,
     note="Some models still send an **array of JSON strings**: { \"path\": \"file.txt\", \"edits\": [\"{\\\"oldText\\\":\\\"a\\\",\\\"newText\\\":\\\"b\\\"}\"] }")
case("pi-edits-array-of-json-strings-two", V, "earendil-works/pi/issues/8962", "edit",
     {"path": "config.yaml", "edits": ["{\"oldText\":\"debug: false\",\"newText\":\"debug: true\"}",
                                       "{\"oldText\":\"host: localhost\",\"newText\":\"host: db.internal\"}"]},
     eq("config.yaml", CONFIG.replace("debug: false", "debug: true").replace("host: localhost", "host: db.internal")),
     "fs_edit", also=2, note="each item a JSON string; parse them as the stringified whole array is parsed")
case("pi-edits-stringified-array", V, "earendil-works/pi/pull/3370", "edit",
     {"path": "config.yaml", "edits": "[{\"oldText\": \"port: 8080\", \"newText\": \"port: 9090\"}]"},
     eq("config.yaml", CONFIG.replace("port: 8080", "port: 9090")), "fs_edit", also=2,
     note="Models like Opus 4.6 and GLM-5.1 send `edits` as a JSON string instead of an array.")
case("pi-edits-stringified-array-multiline", V, "earendil-works/pi/pull/3370", "edit",
     {"path": "py/models.py",
      "edits": "[{\"oldText\": \"    def greet(self):\\n        return \\\"Hello, \\\" + self.name\", "
               "\"newText\": \"    def greet(self):\\n        return \\\"Hi, \\\" + self.name\"}]"},
     eq("py/models.py", MODELS.replace("return \"Hello, \" + self.name", "return \"Hi, \" + self.name")), "fs_edit", also=2)
case("pi-edits-single-object", V, "earendil-works/pi/issues/7835", "edit",
     {"path": "py/models.py", "edits": {"oldText": "return \"Welcome back, \" + self.name", "newText": "return \"Welcome, \" + self.name"}},
     eq("py/models.py", MODELS.replace("Welcome back, ", "Welcome, ")), "fs_edit", also=2,
     note="The edit tool throws ... when `edits` is a single object {oldText, newText}")
case("pi-edits-stringified-single-object", V, "earendil-works/pi/issues/7835", "edit",
     {"edits": "{\"newText\": \"GET /health returns OK.\", \"oldText\": \"GET /health returns ok.\"}", "path": "{ROOT}/docs/api.md"},
     eq("docs/api.md", API.replace("returns ok.", "returns OK.")), "fs_edit", also=2,
     note="Received arguments: { \"edits\": \"{\\\"newText\\\": \\\"GOODBYE world\\\", \\\"oldText\\\": \\\"hello     world\\\"}\", \"path\": \"/tmp/pi-bu…")
case("pi-read-offset-limit-strings", V, "earendil-works/pi/pull/786", "read",
     {"path": "{ROOT}/data/long.txt", "offset": "500", "limit": "100"}, rows(500, 599), "fs_read",
     note="arguments: { path: \"/tmp/test.txt\", offset: \"500\", limit: \"100\" } (coerced to numbers)")
case("pi-read-offset-string-only", V, "earendil-works/pi/pull/786", "read",
     {"path": "data/long.txt", "offset": "1990"}, {"contains": [row(1990), row(2000)], "not_contains": [row(1989)]}, "fs_read")
case("pi-read-path-line-range", V, "earendil-works/pi/issues/3450", "read",
     {"path": "data/long.txt:570-590"}, rows(570, 590), "fs_read", also=4,
     note="Read path/to/file.py:570-590 fails with ENOENT because the tool treats the whole string as a literal filename")
case("pi-read-path-line", V, "earendil-works/pi/issues/3450", "read",
     {"path": "data/long.txt:1570"}, {"contains": [row(1570)], "not_contains": [row(1569)]}, "fs_read", also=4,
     note="Read path/to/file.py:570 (file:line, the canonical way to point at a location)")

# ============================================================ LibreChat
V = "librechat"
S = "danny-avila/LibreChat/pull/14056"
case("lc-edits-stringified", V, S, "edit_file",
     {"path": "web/src/index.js", "edits": "[{\"old_text\": \"app.listen(3000);\", \"new_text\": \"app.listen(8080);\"}]"},
     eq("web/src/index.js", INDEX_JS.replace("app.listen(3000);", "app.listen(8080);")), "fs_edit", also=2,
     note="`\"[{...}]\"` (stringified array) ❌ error + retry → ✅ applies")
case("lc-edits-stringified-entries", V, S, "edit_file",
     {"path": "web/src/index.js",
      "edits": ["{\"old_text\": \"createApp({ debug: false })\", \"new_text\": \"createApp({ debug: true })\"}"]},
     eq("web/src/index.js", INDEX_JS.replace("debug: false", "debug: true")), "fs_edit", also=2,
     note="`[\"{...}\"]` (stringified entries) ❌ error → ✅ applies")
case("lc-top-level-old-new", V, S, "edit_file",
     {"path": "web/src/index.js", "old_text": "console.log('listening on 3000');", "new_text": "console.log('listening');"},
     eq("web/src/index.js", INDEX_JS.replace("console.log('listening on 3000');", "console.log('listening');")), "fs_edit", also=2,
     note="top-level `old_text`/`new_text` ✅ applies")
case("lc-edits-not-json", V, S, "edit_file",
     {"path": "web/src/index.js", "edits": "change the port to 8080"},
     {"error_mentions": ["edits", "old_text", "oldText", "newText"]}, "fs_edit", also=2,
     note="`\"not json\"` (unparseable) ❌ explicit error (unchanged): nothing can be read from it")
case("lc-edits-stringified-non-objects", V, S, "edit_file",
     {"path": "web/src/index.js", "edits": "[\"app.listen(3000);\", \"app.listen(8080);\"]"},
     {"error_mentions": ["edits", "oldText", "old_text", "newText"]}, "fs_edit", also=2,
     note="stringified array of non-objects ❌ error: two strings are not an edit")

# ============================================================ docker-agent
V = "docker-agent"
S = "docker/docker-agent/pull/2144"
case("da-edits-double-serialized", V, S, "edit_file",
     {"path": "main.go", "edits": "[{\"oldText\":\"addr = \\\":8080\\\"\",\"newText\":\"addr = \\\":9090\\\"\"}]"},
     eq("main.go", MAIN.replace('addr = ":8080"', 'addr = ":9090"')), "fs_edit", also=2,
     note="LLMs sometimes send the `edits` parameter of `edit_file` as a JSON string (\"[{...}]\")")
case("da-edits-double-serialized-two", V, S, "edit_file",
     {"path": "{ROOT}/internal/util/strings.go",
      "edits": "[{\"oldText\":\"// Reverse returns s reversed.\",\"newText\":\"// Reverse returns s with its runes reversed.\"},"
               "{\"oldText\":\"// Shout upper-cases s.\",\"newText\":\"// Shout upper-cases s and adds an exclamation mark.\"}]"},
     eq("internal/util/strings.go", STRINGS_GO.replace("// Reverse returns s reversed.", "// Reverse returns s with its runes reversed.")
        .replace("// Shout upper-cases s.", "// Shout upper-cases s and adds an exclamation mark.")), "fs_edit", also=2)
case("da-edit-no-path", V, S, "edit_file",
     {"edits": [{"oldText": "go 1.22", "newText": "go 1.23"}]},
     {"error_mentions": ["path"]}, "fs_edit", also=2,
     note="a missing path produces a clear \"path field is required\" error instead of a confusing downstream failure")

# ============================================================ decorated-pi
V = "decorated-pi"
case("dp-patch-edits-string-old-str", V, "lcwecker/decorated-pi/issues/7", "patch",
     {"path": "{ROOT}/internal/util/strings.go",
      "edits": "[{\"old_str\":\"return strings.ToUpper(s) + \\\"!\\\"\",\"new_str\":\"return strings.ToUpper(s) + \\\"!!\\\"\"}]"},
     eq("internal/util/strings.go", STRINGS_GO.replace('strings.ToUpper(s) + "!"', 'strings.ToUpper(s) + "!!"')), "fs_edit", also=2,
     note="smaller models such as Nemotron 3.5 Lightning produce { \"path\": …, \"edits\": \"[{\\\"old_str\\\":\\\"old\\\",\\\"new_str\\\":\\\"new\\\"}]\" }")
case("dp-patch-js-object-syntax", V, "lcwecker/decorated-pi/issues/7", "patch",
     {"path": "go.mod", "edits": "[{ old_str: \"go 1.22\", new_str: \"go 1.23\" }]"},
     eq("go.mod", GOMOD.replace("go 1.22", "go 1.23")), "fs_edit", also=2,
     note="The `patch` tool documents examples using JavaScript-style object syntax: { path: …, edits: [{ old_str: \"return 1\", new_str: \"return 42\" }] }; a model copies it into the string")

# ============================================================ coder
case("coder-edit-files-string", "coder", "coder/coder/pull/28578", "edit_files",
     {"files": "[{\"path\": \"go.mod\", \"edits\": [{\"search\": \"go 1.22\", \"replace\": \"go 1.23\"}]}]"},
     eq("go.mod", GOMOD.replace("go 1.22", "go 1.23")), "fs_edit", also=2,
     note="Sonnet 5 intermittently sends the `edit_files` tool's `files` parameter as a JSON-encoded string of the declared array "
          "(the inner search/replace shape is this set's)")

# ============================================================ Roo Code
V = "roo-code"
S = "RooCodeInc/Roo-Code/pull/11296"
case("roo-search-and-replace-operations", V, S, "search_and_replace",
     {"path": "notes/todo.txt", "operations": [{"search": "DONE: setup", "replace": "DONE: setup and tests"}]},
     eq("notes/todo.txt", TODO.replace("DONE: setup", "DONE: setup and tests")), "fs_edit", also=2,
     note="The old `search_and_replace` accepted an array of operations per call; kept as an alias so models that reference it continue to work")
case("roo-edit-replace-all", V, S, "edit",
     {"file_path": "notes/todo.txt", "old_string": "foo", "new_string": "FOO", "replace_all": True},
     eq("notes/todo.txt", TODO.replace("foo", "FOO")), "fs_edit", also=2,
     note="a new `edit` tool with `file_path`, `old_string`, `new_string`, `replace_all`")
case("roo-edit-not-unique", V, S, "edit",
     {"file_path": "notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     {"error": True, "because": [r"\b3\b|three|multiple|more than once|unique|occurrences|matches|ambiguous"],
      "files": [same("notes/todo.txt")]}, "fs_edit", also=2,
     note="The new `edit` tool ... enforces uniqueness by default")
case("roo-edit-identical", V, S, "edit",
     {"file_path": "go.mod", "old_string": "go 1.22", "new_string": "go 1.22"},
     {"error": True, "because": [r"identical|same|no change|nothing to change|no-op|unchanged|equal"], "files": [same("go.mod")]},
     "fs_edit", also=2, note="rejects no-op edits where `old_string === new_string`")

# ============================================================ Kilo Code
V = "kilocode"
S = "Kilo-Org/kilocode/pull/3282"
case("kilo-wrapper-arguments", V, S, "read_file", {"arguments": {"path": "go.mod"}},
     {"contains": [MOD]}, "fs_read", also=3, note="knownWrapperPropertyNames: \"arguments\", // seen with qwen3-coder")
case("kilo-wrapper-result", V, S, "list_files", {"result": {"path": "docs"}},
     {"contains": ["guide.md", "api.md"]}, "fs_list", also=3,
     note="\"result\", // seen with gemini-2.5-flash, haiku-4.5, sonnet-4.5")
case("kilo-wrapper-two-levels", V, S, "read_file", {"result": {"arguments": {"path": "py/models.py"}}},
     {"contains": ["class Admin(User):"]}, "fs_read", also=3,
     note="the actual arguments are often wrapped in objects with a single property, sometimes multiple levels deep")
case("kilo-wrapper-result-write", V, S, "write_to_file", {"result": {"path": "out/kilo.txt", "content": "kilo\n"}},
     eq("out/kilo.txt", "kilo\n"), "fs_write", also=3)
S = "Kilo-Org/kilocode/pull/4099"
case("kilo-args-file-path-list", V, S, "list_files", {"args": {"file": {"path": "docs"}}},
     {"contains": ["guide.md", "api.md"]}, "fs_list", also=3,
     note="some models use <args><file><path>.</path></file></args> (read_file's format) for other tools; here as the JSON it parses to")
case("kilo-args-file-path-search", V, S, "search_files", {"args": {"file": {"path": "internal"}}, "regex": "Shout"},
     {"contains": ["strings.go"]}, "fs_search", also=3)
case("kilo-args-xml-string", V, S, "list_files", {"args": "<file><path>web/src/components</path></file>"},
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list", also=3, note="the same wrapper left as XML text in the argument")

# ============================================================ raw text of calls (routers, local servers)
case("ccr-read-file-tag", "claude-code-router", "musistudio/claude-code-router/pull/1340", "read_file",
     "<read_file>{\"path\": \"go.mod\"}</read_file>", {"contains": [MOD]}, "fs_read", also=3,
     note="models like GLM-5.1, DeepSeek-V3.2 return tool calls in XML/text format: <read_file>{\"path\": \"...\"}</read_file>")
case("ccr-write-file-tag", "claude-code-router", "musistudio/claude-code-router/pull/1340", "write_file",
     "<write_file>{\"path\": \"out/hello.txt\", \"content\": \"hello\\n\"}</write_file>", eq("out/hello.txt", "hello\n"), "fs_write", also=3,
     note="<write_file>{\"path\": \"...\", \"content\": \"...\"}</write_file>")
case("ccr-list-dir-tag", "claude-code-router", "musistudio/claude-code-router/pull/1340", "list_dir",
     "<list_dir>{\"path\": \"docs\"}</list_dir>", {"contains": ["guide.md", "api.md"]}, "fs_list", also=3)
case("q27-parameter-name-first", "q27", "signalnine/q27/issues/24", "read",
     "<parameter=read>\n<parameter=filePath>\n{ROOT}/go.mod\n</parameter>\n</function>", {"contains": [MOD]}, "fs_read", also=3,
     note="the tool name arriving as the first `<parameter=...>`, unclosed, with the real parameters after it")
case("q27-parameter-bash-style-read", "q27", "signalnine/q27/issues/24", "read",
     {"filePath": "<parameter=filePath>\n{ROOT}/docs/api.md\n</parameter>\n</function>"},
     {"contains": ["GET /users returns"]}, "fs_read", also=3, note="the same markup left inside the one argument")
case("vllm-minimax-parameter-in-content", "vllm", "vllm-project/vllm/issues/44060", "write_file",
     {"path": "docs/param.xml", "content": "<parameter>\n  <hello></hello>\n</parameter>\n"},
     eq("docs/param.xml", "<parameter>\n  <hello></hello>\n</parameter>\n"), "fs_write",
     note="a file-writing tool asked to write XML content <parameter> <hello></hello> </parameter>: the content is the file, markers and all")
case("rapidmlx-tool-call-token-in-content", "rapid-mlx", "raullenchai/Rapid-MLX/issues/1515", "write_file",
     {"path": "docs/note.md", "content": "A tool call block ends with </tool_call> on its own.\n"},
     eq("docs/note.md", "A tool call block ends with </tool_call> on its own.\n"), "fs_write",
     note="want \"A tool call block ends with </tool_call> on its own.\" got \"A tool call block ends with \"")
case("rapidmlx-parameter-token-in-content", "rapid-mlx", "raullenchai/Rapid-MLX/issues/1515", "write_file",
     {"path": "docs/note2.md", "content": "A parameter block ends with </parameter> here.\n"},
     eq("docs/note2.md", "A parameter block ends with </parameter> here.\n"), "fs_write")

# ============================================================ write without content (many projects)
case("hermes-write-no-content-existing", "hermes-agent", "NousResearch/hermes-agent/issues/19096", "write_file",
     {"path": "notes/todo.txt"}, {"error": True, "because": CONTENT, "files": [same("notes/todo.txt")]}, "fs_write",
     note="_handle_write_file({\"path\": \"/tmp/oops.md\"}) → {\"bytes_written\": 0}: a missing content must not empty the file")
case("hermes-write-content-not-string", "hermes-agent", "NousResearch/hermes-agent/pull/19119", "write_file",
     {"path": "notes/new.txt", "content": {"text": "hello"}},
     {"any_of": [{"files": [{"path": "notes/new.txt", "equals": "{\"text\": \"hello\"}"}]},
                 {"files": [{"path": "notes/new.txt", "equals": "{\"text\":\"hello\"}"}]},
                 {"files": [{"path": "notes/new.txt", "equals": "hello"}]}]},
     "fs_write", note="`content={...}` (wrong type) → error in hermes; an answer that writes the object's JSON or its one text is also a reading of it")
case("hermes-read-no-path", "hermes-agent", "NousResearch/hermes-agent/pull/106948", "read_file", {},
     {"error_mentions": ["path"]}, "fs_read",
     note="When the model calls read_file without a path … a clear tool_error (read_file: missing required field 'path')")
case("hermes-read-empty-path", "hermes-agent", "NousResearch/hermes-agent/pull/31801", "read_file", {"path": ""},
     {"error_mentions": ["path"]}, "fs_read", note="an empty path resolved to CWD and produced unrelated suggestions")
case("deepagents-write-no-content", "deepagents", "langchain-ai/deepagents/issues/416", "write_file",
     {"file_path": "{ROOT}/docs/report.md"},
     {"error": True, "because": CONTENT, "files": [gone("docs/report.md")]}, "fs_write",
     note="Claude Haiku 4.5 will call the `write_file` tool many times in a row without providing the `content` parameter")
case("qwen-write-no-content", "qwen-code", "QwenLM/qwen-code/issues/3286", "write_file",
     {"file_path": "py/new_module.py"}, {"error": True, "because": CONTENT, "files": [gone("py/new_module.py")]}, "fs_write",
     note="x write_file - params must have required property 'content'")
case("cowork-write-nothing", "open-cowork", "OpenCoworkAI/open-cowork/issues/9", "Write", {},
     {"error_mentions": ["file_path", "content", "path"]}, "fs_write",
     note="The required parameter `file_path` is missing / The required parameter `content` is missing")
case("lc4j-write-path-only", "langchain4j", "langchain4j/langchain4j/issues/2896", "write_file",
     {"path": "{ROOT}/web/index.html"}, {"error": True, "because": CONTENT, "files": [gone("web/index.html")]}, "fs_write",
     note="\"input\" : { \"path\" : \"/etc/proxy/code/xhy/programmer-style/index.html\" } — content required but not passed")
case("pasclaw-fs-write-truncated", "pasclaw", "FMXExpress/PasClaw/pull/41", "fs_write",
     {"path": "main.go"}, {"error": True, "because": CONTENT, "files": [same("main.go")]}, "fs_write",
     note="tool_call: name=fs_write args={\"path\":\"...llmchat.Tui.pas\"} → wrote 0 bytes (file destroyed each round)")
case("iflow-write-no-content", "iflow-cli", "iflow-ai/iflow-cli/issues/185", "write_file",
     {"file_path": "{ROOT}/README.md"}, {"error": True, "because": CONTENT, "files": [same("README.md")]}, "fs_write",
     note="write_file 模型未提供写入文件工具的有效参数: params must have required property 'content' (deepseek-v3.2)")
case("openclaw-write-empty-content", "openclaw", "openclaw/openclaw/issues/68636", "write",
     {"path": "logs/events.jsonl", "content": ""}, eq("logs/events.jsonl", ""), "fs_write",
     note="write(path: \"/tmp/empty.jsonl\", content: \"\") is a legitimate operation (an empty JSONL append-log)")
case("openclaw-write-newline-content", "openclaw", "openclaw/openclaw/issues/68636", "write",
     {"path": "notes/sentinel", "content": "\n"}, eq("notes/sentinel", "\n"), "fs_write",
     note="write(path: …, content: \"\\n\") rejected as missing: it is content")
case("openclaw-read-file-path-empty", "openclaw", "openclaw/openclaw/issues/5720", "read", {"file_path": ""},
     {"error_mentions": ["path", "file_path"]}, "fs_read",
     note="Validation failed for tool \"read\": path: must have required property 'path' Received arguments: { \"file_path\": \"\" }")
case("cline-write-truncated-json", "cline", "cline/cline/issues/13001", "write_to_file",
     "{\"path\": \"docs/report.md\", \"content\": \"# Report\\n\\nSection one: the server starts on :8080 and",
     {"error": True, "because": [r"truncat|incomplete|unterminated|unexpected end|EOF|JSON|parse|malformed|invalid"],
      "files": [gone("docs/report.md")]}, "fs_write", also=3,
     note="Truncated tool-call arguments can be silently repaired into valid-looking (but corrupted) JSON before execution "
          "(the call shape is GCWing/OpenBitFun#643's Write cut by max_tokens)")

# ============================================================ reads: paths and windows
case("gemini-read-path-not-file-path", "gemini-cli", "google-gemini/gemini-cli/pull/72", "read_file",
     {"path": "{ROOT}/README.md"}, {"contains": ["# Fixture Project"]}, "fs_read",
     note="2.5-flash wasn't abiding by our tool schema. Instead it was inferring `path` (the schema said file_path)")
case("gemini-read-file-path", "gemini-cli", "google-gemini/gemini-cli/pull/72", "read_file",
     {"file_path": "{ROOT}/docs/guide.md"}, {"contains": ["## Installation"]}, "fs_read")
case("flashtype-read-overloaded", "flashtype", "opral/flashtype/issues/85", "read_file",
     {"version_id": "MYeCL6O3ccVZ1FcUHdXyp", "path": "/README.md", "fileId": "/README.md", "byteOffset": 0, "byteLength": 500000,
      "lineOffset": 0, "lineLimit": 200, "maxBytes": 200000, "maxChars": 15000},
     {"contains": ["# Fixture Project", "MIT"]}, "fs_read", also=4,
     note="Value: {\"version_id\":…,\"path\":\"/AGENTS.md\",\"fileId\":\"/AGENTS.md\",\"byteOffset\":0,…,\"lineOffset\":0,\"lineLimit\":200,…}: "
          "flashtype's paths start at the project, so /README.md is the root's README")
case("mcpservers-read-text-file", "mcp-servers", "modelcontextprotocol/servers/issues/3815", "read_text_file",
     {"path": "./go.mod"}, {"contains": [MOD]}, "fs_read", note="client.callTool('read_text_file', { path: './package.json' })")
case("mcpservers-search-files-plain-name", "mcp-servers", "modelcontextprotocol/servers/pull/4771", "search_files",
     {"path": "{ROOT}/internal", "pattern": "handler"}, {"contains": ["handler.go", "handler_test.go"]}, "fs_find",
     note="models occasionally attempt to supply regexes or plain filenames without wildcards")
case("mcpservers-search-files-regex", "mcp-servers", "modelcontextprotocol/servers/pull/4771", "search_files",
     {"path": "{ROOT}/web", "pattern": ".*\\.tsx$"}, {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find")
case("mcpservers-read-multiple-one-string", "mcp-servers", "modelcontextprotocol/servers/issues/2032", "read_multiple_files",
     {"paths": "{ROOT}/go.mod"}, {"contains": [MOD]}, "fs_read",
     note="AI attempts to use function with incorrect parameter structure; only works when told \"takes 'paths' parameter as string array\"")
case("vscode-view-range", "vscode-copilot-cli", "microsoft/vscode/pull/312062", "view",
     {"path": "{ROOT}/data/long.txt", "view_range": [10, 20]}, rows(10, 20), "fs_read",
     note="the Copilot CLI's `view` tool is called with a `view_range` argument: \"Reading file.ts, lines 10 to 20\"")
case("vscode-view-range-to-end", "vscode-copilot-cli", "microsoft/vscode/pull/312062", "view",
     {"path": "{ROOT}/data/long.txt", "view_range": [1995, -1]}, {"contains": [row(1995), row(2000)], "not_contains": [row(1994)]},
     "fs_read", note="missing/`-1` end-of-file sentinels")
case("mcpworkspace-start-end-line", "mcp-workspace", "MarcusJellinghaus/mcp-workspace/pull/88", "read_file",
     {"file_path": "data/long.txt", "start_line": 3, "end_line": 5, "with_line_numbers": True}, rows(3, 5), "fs_read",
     note="Adds `start_line`, `end_line`, and `with_line_numbers` parameters to `read_file`")
case("forge-fs-read-start-end", "forgecode", "tailcallhq/forgecode/pull/1462", "fs_read",
     {"path": "data/long.txt", "start_line": 100, "end_line": 102}, rows(100, 102), "fs_read",
     note="fs_read tool: Added optional start_line and end_line parameters")
case("texra-read-range-object", "texra", "LionSR/TeXRA/pull/1189", "read_file",
     {"path": "data/long.txt", "range": {"start": 5, "end": 8}}, rows(5, 8), "fs_read",
     note="input.range?.start ?? 1; input.range?.end ?? totalLines")
case("debuggym-view-start-end", "debug-gym", "microsoft/debug-gym/pull/133", "view",
     {"path": "data/long.txt", "start": 30, "end": 32}, rows(30, 32), "fs_read",
     note="`start` and `end` parameters to the ViewTool schema, a range of lines (inclusive)")
case("gptme-read-inverted-range", "gptme", "gptme/gptme/pull/3494", "read",
     {"path": "data/long.txt", "start_line": 8, "end_line": 3},
     {"error": True, "because": [r"range|start|end|greater|before|invert|after"]}, "fs_read",
     note="an inverted line range (start_line > end_line) ... a clear error instead of an empty codeblock")
case("opencode-read-tilde", "opencode", "anomalyco/opencode/issues/32223", "read", {"filePath": "~/.bashrc"},
     {"error": True, "because": [r"outside|root|not allowed|denied|home|escape|not found|no such|does not exist"]}, "fs_read", also=4,
     note="`Read ~/.bashrc` means the home directory's file, which is outside the served root: it must not be read, "
          "nor a literal ~ folder invented")
case("buzz-read-tilde", "buzz", "block/buzz/issues/6270", "read_file", {"path": "~/.claude/skills/x/SKILL.md"},
     {"error": True, "because": [r"outside|root|not allowed|denied|home|escape|not found|no such|does not exist"]}, "fs_read", also=4,
     note="a tilde path like ~/.claude/skills/x resolves to <workdir>/~/.claude/... which never exists")

# ============================================================ search (grep) calls
V = "agency-lang"
S = "egonSchiele/agency-lang/pull/1016"
case("agency-grep-flags-i", V, S, "grep", {"pattern": "error", "flags": "i", "path": "logs"},
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"]}, "fs_search",
     note="`i m s u` pass through to the regex")
case("agency-grep-flags-gn", V, S, "grep", {"pattern": "TODO", "flags": "gn", "path": "internal"},
     {"contains": ["TODO: load users from the database", "TODO: write a real test"]}, "fs_search",
     note="five of six tool errors were the grep tool failing on `flags: \"n\"` or `\"gn\"`; `n r R g E P` are accepted and dropped")
case("agency-grep-flags-n-only", V, S, "grep", {"pattern": "func main", "flags": "n"},
     {"contains": ["main.go"]}, "fs_search")
case("inspect-grep-alternation", "inspect-ai", "UKGovernmentBEIS/inspect_ai/pull/5113", "grep",
     {"pattern": "ERROR|WARN", "path": "logs/app.txt"}, {"contains": ["ERROR connection refused", "WARN slow request"]}, "fs_search",
     note="ERE patterns like `crystal|biharmonic|Abrate` return \"No matches found.\", confusing models")
case("flue-grep-alternation-paren", "flue", "withastro/flue/issues/238", "grep",
     {"pattern": "HealthHandler|UsersHandler", "path": "internal"},
     {"contains": ["func HealthHandler", "func UsersHandler"]}, "fs_search",
     note="it often searches with extended-regex style patterns such as alternation: defineThing|createThing\\(")
case("flue-grep-literal-call", "flue", "withastro/flue/issues/238", "grep",
     {"pattern": "createApp({ debug: false })", "path": "web"},
     {"contains": ["index.js"]}, "fs_search",
     note="Common code fragments such as foo(), a || b, i++, { name } … should often be searched exactly rather than interpreted as regex")
case("syzkaller-grep-arrow", "syzkaller", "google/syzkaller/pull/6784", "grep",
     {"pattern": "->", "path": "notes"}, {"contains": ["state a -> b"]}, "fs_search",
     setup={"notes/arrows.txt": "state a -> b\nstate b -> c\n"},
     note="If LLM searches for \"->\", grep considered it as a flag and failed")
case("hyperlocalise-grep-dash-pattern", "hyperlocalise", "hyperlocalise/hyperlocalise/pull/569", "grep",
     {"pattern": "- alpha", "path": "docs"}, {"contains": ["- alpha"]}, "fs_search",
     setup={"docs/list.yaml": "items:\n  - alpha\n  - beta\n"},
     note="a pattern that begins with `-` (e.g., `- key` for YAML list items) … grep parses it as a command-line option")
case("hyperlocalise-grep-dash-i", "hyperlocalise", "hyperlocalise/hyperlocalise/pull/569", "grep",
     {"pattern": "-i", "path": "notes"}, {"contains": ["use -i for case"], "not_contains": ["TODO: write docs"]}, "fs_search",
     setup={"notes/flags.txt": "use -i for case\nplain line\n"},
     note="With a valid option like `-i`, grep silently enables case-insensitive mode … completely wrong matches")
case("openviking-grep-pattern-array", "openviking", "volcengine/OpenViking/pull/2270", "grep",
     {"pattern": ["Shout", "Reverse"], "path": "internal/util"}, {"contains": ["func Shout", "func Reverse"]}, "fs_search",
     note="An MCP client following the docs would pass an array (`pattern` documented as string or array)")

# ============================================================ glob calls
case("agentsdk-glob-dir-prefix-with-path", "claude-agent-sdk", "anthropics/claude-agent-sdk-typescript/issues/386", "Glob",
     {"pattern": "src/components/*.tsx", "path": "{ROOT}/web"}, {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find",
     note="Glob {\"pattern\": \"registry/signals/*.md\", \"path\": \"/tmp/glob-probe/root\"} returns No files found")
case("claudecode-glob-dir-prefix-no-path", "claude-code", "anthropics/claude-code/issues/14276", "Glob",
     {"pattern": "docs/**/*.md"}, {"contains": ["guide.md", "api.md"], "not_contains": ["README.md"]}, "fs_find",
     note="pattern: \"subdir/**/*.md\" → No files found")
case("localharness-glob-trailing-starstar", "localharness", "ahwurm/localharness/issues/74", "glob",
     {"pattern": "web/src/**"}, {"contains": ["app.js", "Button.jsx", "utils.ts"]}, "fs_find",
     note="A trailing bare `**` matches files (normalize to `**/*`)")
case("localharness-glob-cwd-relative", "localharness", "ahwurm/localharness/issues/74", "glob",
     {"pattern": "**/*_test.go"}, {"contains": ["handler_test.go"]}, "fs_find",
     note="relative patterns root at the process cwd: the served root plays it")
case("octofriend-glob-cwd", "octofriend", "synthetic-lab/octofriend/pull/211", "glob",
     {"cwd": "{ROOT}/py", "name": "*.py"}, {"contains": ["models.py", "test_models.py"], "not_contains": ["index.js"]}, "fs_find",
     note="LLMs didn't understand the arguments (old names: cwd, name); renamed to path, includeName")
case("octofriend-grep-cwd", "octofriend", "synthetic-lab/octofriend/pull/211", "grep",
     {"cwd": "{ROOT}/py", "pattern": "def greet"}, {"contains": ["models.py"]}, "fs_search")

# ============================================================ HTTP / fetch
case("apex-http-body-object", "pensar-apex", "pensarai/apex/pull/1044", "http_request",
     {"url": "{BASE}/echo", "method": "POST", "body": {"query": "{ users { name } }"}},
     {"request": {"path": "/echo", "method": "POST", "json_equals": {"query": "{ users { name } }"}}}, "net_curl",
     note="The model often writes a JSON body as a nested object (for example GraphQL)")
case("apex-http-headers-json-string", "pensar-apex", "pensarai/apex/pull/272", "http_request",
     {"url": "{BASE}/echo", "method": "GET", "headers": "{\"Accept\": \"application/json\", \"Authorization\": \"Bearer token\"}"},
     {"request": {"path": "/echo", "method": "GET", "headers": {"Authorization": "Bearer token", "Accept": "application/json"}}},
     "net_curl", note="'HTTP headers as a JSON-encoded object string, e.g. \\'{\"Content-Type\": \"application/json\", \"Authorization\": \"Bearer token\"}\\''")
case("apex-http-headers-object", "pensar-apex", "pensarai/apex/pull/272", "http_request",
     {"url": "{BASE}/echo", "method": "POST", "headers": {"Content-Type": "application/json"}, "body": "{\"id\": 7}"},
     {"request": {"path": "/echo", "method": "POST", "json_equals": {"id": 7}, "content_type_contains": "application/json"}},
     "net_curl", note="LLMs commonly emit headers as a JSON object")
case("nanobot-url-backticks", "nanobot", "HKUDS/nanobot/pull/3528", "web_fetch", {"url": "`{BASE}/page.html`"},
     {"contains": ["Fixture Page"]}, "net_curl",
     note="web_fetch({\"url\": \"`https://wttr.in/Beijing?m&lang=zh`\"}) → 4 consecutive calls failed")
case("nanobot-url-backticks-query", "nanobot", "HKUDS/nanobot/pull/3528", "web_fetch", {"url": "`{BASE}/echo?m&lang=zh`"},
     {"request": {"path": "/echo", "query_contains": "lang=zh"}}, "net_curl")
case("nanobot-url-quotes", "nanobot", "HKUDS/nanobot/pull/3528", "web_fetch", {"url": "\"{BASE}/data.json\""},
     {"contains": ["\"items\""]}, "net_curl", note="strip markdown formatting characters (backticks, quotes)")
case("dirge-webfetch-schemeless", "dirge", "dirge-code/dirge/pull/14", "webfetch",
     {"url": "127.0.0.1:{PORT}/c/dirge-webfetch-schemeless/page.html"}, {"contains": ["Fixture Page"]}, "net_curl",
     note="Schemeless URLs get https:// prepended; explicit http:// is respected (localhost); here the loopback page, which speaks http only "
          "(curl's default of http:// is the reading that reaches it)")
case("dirge-webfetch-urls", "dirge", "dirge-code/dirge/pull/14", "webfetch",
     {"urls": ["{BASE}/page.html", "{BASE}/data.json"]}, {"contains": ["Fixture Page", "\"items\""]}, "net_curl",
     note="`webfetch`: fetches one or more URLs")
case("opencode-webfetch-http-markdown", "opencode", "anomalyco/opencode/issues/43396", "webfetch",
     {"url": "{BASE}/page.html", "format": "markdown"}, MD_PAGE, "net_curl",
     note="An http:// URL is fetched over plaintext HTTP (HTTP and HTTPS URLs are both fetched as provided)")
case("opencode-webfetch-text", "opencode", "anomalyco/opencode/pull/39195", "webfetch",
     {"url": "{BASE}/page.html", "format": "text", "timeout": 30}, {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1>", "SCRIPT_SECRET"]},
     "net_curl")
case("zed-fetch-max-length-start-index", "zed", "zed-industries/zed/pull/60053", "fetch",
     {"url": "{BASE}/long.txt", "max_length": 64, "start_index": 64},
     {"contains": ["L00003", "L00004"], "not_contains": ["L00002", "L00005"]}, "net_curl",
     note="The fetched content is windowed to [start_index, start_index + max_length)")
case("mcpo-fetch-all-optional", "mcpo", "open-webui/mcpo/issues/20", "fetch",
     {"url": "{BASE}/page.html", "max_length": 5000, "start_index": 0, "raw": False}, MD_PAGE, "net_curl",
     note="All these parameters need to be output by the model: url, max_length, start_index, raw (simplified unless raw)")
case("mcpo-fetch-raw-true", "mcpo", "open-webui/mcpo/issues/20", "fetch",
     {"url": "{BASE}/page.html", "max_length": 5000, "start_index": 0, "raw": True}, {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl",
     note="raw: Get the actual HTML content of the requested page, without simplification")
case("mcpo-fetch-raw-string", "mcpo", "open-webui/mcpo/issues/20", "fetch",
     {"url": "{BASE}/page.html", "max_length": "5000", "start_index": "0", "raw": "true"}, {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl",
     note="the same optional parameters, as the strings a model gives when it must fill every field")
case("vtcode-webfetch-prompt", "vtcode", "vinhnx/VTCode/issues/489", "WebFetch",
     {"url": "{BASE}/page.html", "prompt": "List the items on the page"}, {"contains": ["alpha item", "beta item"]}, "net_curl",
     note="Takes a URL and a prompt as input; fetches the URL content, converts HTML to markdown (the prompt is for a model f0 does not have)")
case("antigravity-webfetch-format-invalid", "opencode-antigravity", "NoeFabris/opencode-antigravity-auth/issues/62", "webfetch",
     {"url": "{BASE}/page.html", "format": "md"}, {"contains": ["Fixture Page"]}, "net_curl",
     note="webfetch called with invalid arguments: format: Invalid option: expected one of \"text\"|\"markdown\"|\"html\" "
          "(the value sent is not shown; md is this set's)")


# ============================================================ tool names with prefixes
V = "maki"
S = "tontinton/maki/pull/518"
case("maki-functions-read", V, S, "functions.read", {"path": "go.mod"}, {"contains": [MOD]}, "fs_read", also=3,
     note="GPT-5.6 was likely post-trained on Codex sessions where tool calls use `functions.<name>` instead of just `<name>`, so every call fails with \"unknown tool\"")
case("maki-functions-grep", V, S, "functions.grep", {"pattern": "Shout", "path": "internal"}, {"contains": ["strings.go"]}, "fs_search", also=3)
case("maki-functions-write", V, S, "functions.write", {"path": "out/maki.txt", "content": "from maki\n"},
     eq("out/maki.txt", "from maki\n"), "fs_write", also=3)
case("maki-functions-edit", V, S, "functions.edit", {"path": "go.mod", "old_string": "go 1.22", "new_string": "go 1.23"},
     eq("go.mod", GOMOD.replace("go 1.22", "go 1.23")), "fs_edit", also=3)
case("mlxserver-functions-list", "mlx-openai-server", "cubist38/mlx-openai-server/pull/51", "functions.list_directory",
     {"path": "docs"}, {"contains": ["guide.md", "api.md"]}, "fs_list", also=3,
     note="GPT-OSS models return function calls with the recipient `functions.` prefix (Harmony)")
case("mlxserver-functions-fetch", "mlx-openai-server", "cubist38/mlx-openai-server/pull/51", "functions.fetch",
     {"url": "{BASE}/data.json"}, {"contains": ["\"items\""]}, "net_curl", also=3)

# ============================================================ paths in odd forms
case("pi-at-sign-path", "pi", "earendil-works/pi/issues/9923", "read", {"path": "@docs/guide.md"},
     {"contains": ["## Installation"]}, "fs_read", also=4,
     note="@ is a shorthand to bring up file chooser … model tries to literally interpret \"@\" as part of path")
case("pi-at-sign-path-nested", "pi", "earendil-works/pi/issues/9923", "read", {"path": "@web/src/app.js"},
     {"contains": ["function createApp(options)"]}, "fs_read", also=4)
case("pi-at-sign-path-edit", "pi", "earendil-works/pi/issues/9923", "edit",
     {"path": "@notes/todo.txt", "edits": [{"oldText": "TODO: write docs", "newText": "TODO: write the docs"}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("TODO: write docs", "TODO: write the docs")},
                {"path": "@notes/todo.txt", "exists": False}]}, "fs_edit", also=4)
case("warp-read-files-backslashes", "warp", "warpdotdev/warp/issues/8372", "read_files", {"paths": ["docs\\api.md"]},
     {"contains": ["GET /users returns"]}, "fs_read", also=4,
     note="read_files converts forward slashes to backslashes: \"These files do not exist: \\\\home\\\\user\\\\file.txt\" (the separator is meant)")
case("warp-read-files-backslashes-two", "warp", "warpdotdev/warp/issues/8372", "read_files",
     {"paths": ["internal\\server\\server.go", "py\\models.py"]}, {"contains": ["func Run(addr string) error", "class Admin(User):"]}, "fs_read", also=4)
case("anythingllm-windows-mkdir", "anything-llm", "Mintplex-Labs/anything-llm/issues/5725", "filesystem-create-directory",
     {"path": "C:\\Users\\TaskUser\\projects\\installer-cleanup-analyzer\\repositories"},
     {"error": True, "because": [r"outside|root|windows|drive|not allowed|denied|invalid|absolute|C:"],
      "files": [{"path": "C:\\Users\\TaskUser\\projects\\installer-cleanup-analyzer\\repositories", "exists": False},
                {"path": "C:/Users", "exists": False}]}, "fs_mkdir", also=4,
     note="Assembling Tool Call: filesystem-create-directory({\"path\":\"C:\\\\Users\\\\TaskUser\\\\…\"}) on a Linux host: "
          "\"Successfully created directory\" while the path does not exist on the machine; a Windows drive path names nothing under the root")
case("deepagents-windows-write", "deepagents", "langchain-ai/deepagents/issues/427", "write_file",
     {"file_path": "F:\\git\\wquant\\data\\strategy_brief.json", "content": "{\"ok\": true}\n"},
     {"error": True, "because": [r"outside|root|windows|drive|not allowed|denied|invalid|absolute|F:"],
      "files": [{"path": "F:\\git\\wquant\\data\\strategy_brief.json", "exists": False}, {"path": "F:", "exists": False},
                {"path": "F:/git/wquant/data/strategy_brief.json", "exists": False}]}, "fs_write", also=4,
     note="the tool gave back: Updated file /F:/git/wquant/… — add one / in front of windows driver path F: make it fail and not notice the failure")

# ============================================================ more search / glob variants
case("agency-grep-flags-w", "agency-lang", "egonSchiele/agency-lang/pull/1016", "grep", {"pattern": "foo", "flags": "w", "path": "notes"},
     {"contains": ["foo bar foo", "baz foo qux"], "not_contains": ["TODO: write docs"]}, "fs_search",
     note="`w l v` are rejected with a message naming `wholeWord`, `filesOnly`, or `invert`")
case("agency-grep-flags-v", "agency-lang", "egonSchiele/agency-lang/pull/1016", "grep", {"pattern": "foo", "flags": "v", "path": "notes/todo.txt"},
     {"contains": ["TODO: write docs", "DONE: setup"], "not_contains": ["foo bar foo", "baz foo qux"]}, "fs_search",
     note="v = invert: the lines without the pattern")
case("agency-grep-flags-l", "agency-lang", "egonSchiele/agency-lang/pull/1016", "grep", {"pattern": "TODO", "flags": "l", "path": "py"},
     {"contains": ["app.py"], "not_contains": ["parse command line arguments"]}, "fs_search", note="l = filesOnly: names, not lines")
case("agentsdk-glob-absolute-pattern", "claude-agent-sdk", "anthropics/claude-agent-sdk-typescript/issues/386", "Glob",
     {"pattern": "{ROOT}/web/src/**/*.jsx"}, {"contains": ["Button.jsx"], "not_contains": ["List.tsx"]}, "fs_find",
     note="with an absolute pattern and no path it lists fine")
case("agentsdk-glob-starstar-all", "claude-agent-sdk", "anthropics/claude-agent-sdk-typescript/issues/386", "Glob",
     {"pattern": "**/*", "path": "{ROOT}/a"}, {"contains": ["deep.txt"]}, "fs_find", note="{pattern: \"**/*\", path: <same>} lists fine")


# ============================================================ more reported shapes
S = "Kilo-Org/kilocode/pull/3282"
case("kilo-wrapper-arguments-string", "kilocode", S, "read_file", {"arguments": "{\"path\": \"go.mod\"}"},
     {"contains": [MOD]}, "fs_read", also=3, note="parseDoubleEncodedParams(obj) and removeWrapperObject: a wrapper whose value is JSON text")
case("kilo-double-encoded-boolean", "kilocode", S, "list_files", {"path": "web", "recursive": "true"},
     {"contains": ["Button.jsx", "app.js"]}, "fs_list", also=3, note="parseDoubleEncodedParams: primitive values sent as JSON text")
case("hermes-read-path-list", "hermes-agent", "NousResearch/hermes-agent/pull/106948", "read_file", {"path": ["go.mod"]},
     {"contains": [MOD]}, "fs_read", note="test_non_string_path_returns_error: a one-item list names the one file, which is also a reading of it")
case("roo-search-and-replace-two-ops", "roo-code", "RooCodeInc/Roo-Code/pull/11296", "search_and_replace",
     {"path": "config.yaml", "operations": [{"search": "debug: false", "replace": "debug: true"},
                                              {"search": "port: 5432", "replace": "port: 6432"}]},
     eq("config.yaml", CONFIG.replace("debug: false", "debug: true").replace("port: 5432", "port: 6432")), "fs_edit", also=2)
case("gemini-write-fragment-placeholder", "gemini-cli", "google-gemini/gemini-cli/pull/17780", "write_file",
     {"file_path": "{ROOT}/main.go", "content": "// ... existing code ...\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n"},
     {"error": True, "because": [r"placeholder|existing code|partial|fragment|left out|omitted|fs_edit|fs\.edit|force"],
      "files": [same("main.go")]}, "fs_write", also=2,
     note="prevent WriteTool from overwriting entire files when LLM mistakenly provides partial content instead of complete file content")
case("bolt-write-rest-remains", "bolt", "stackblitz/bolt.new/issues/3732", "write_file",
     {"path": "py/models.py",
      "content": "class User:\n    # ... rest of the code remains the same ...\n\n\nclass Admin(User):\n    def greet(self):\n        return \"Hi admin, \" + self.name\n"},
     {"error": True, "because": [r"placeholder|rest of the code|partial|fragment|left out|omitted|fs_edit|fs\.edit|force"],
      "files": [same("py/models.py")]}, "fs_write", also=2,
     note="it erase the whole file and rewrite only a part of it put place holder everywhere to identify where to put the previous code")
case("deepx-write-confirmation-text", "deepx-code", "itmisx/deepx-code/issues/227", "Write",
     {"file_path": "main.go", "content": "[已写入 E:\\proj\\main.go,732 字节/30 行;需要内容用 Read 查看]"},
     {"error": True, "because": [r"placeholder|confirmation|result|content|partial|left out|omitted|force"], "files": [same("main.go")]},
     "fs_write",
     note="`content` 参数偶尔不是实际文件内容,而是工具调用的结果确认文本 [已写入 E:\\...\\xxx.go,732 字节/30 行;需要内容用 Read 查看]: "
          "it replaces a 20-line Go file with one line that is a report, not the file")
case("nanobot-url-backticks-markdown", "nanobot", "HKUDS/nanobot/pull/3528", "web_fetch",
     {"url": "`{BASE}/page.html`", "extractMode": "markdown"}, MD_PAGE, "net_curl")
case("apex-http-body-object-put", "pensar-apex", "pensarai/apex/pull/1044", "http_request",
     {"url": "{BASE}/echo", "method": "put", "body": {"id": 7, "name": "widget"}},
     {"request": {"path": "/echo", "method": "PUT", "json_equals": {"id": 7, "name": "widget"}}}, "net_curl",
     note="a JSON body as a nested object; the method as the model wrote it")

# ============================================================ delete (admin)
case("crush-delete-dir-no-recursive", "crush", "charmbracelet/crush/pull/1885", "delete", {"path": "build"},
     {"error": True, "because": [r"recursive|directory|not empty|is a dir"], "files": [{"path": "build/output.js", "exists": True}]},
     "fs_delete", server_args=ADMIN, note="Deleting directories requires recursive=true (even if empty)")
case("crush-delete-file", "crush", "charmbracelet/crush/pull/1885", "delete", {"path": "debug.log"},
     {"files": [gone("debug.log")]}, "fs_delete", server_args=ADMIN)
case("crush-delete-dir-recursive", "crush", "charmbracelet/crush/pull/1885", "delete", {"path": "build", "recursive": True},
     {"files": [gone("build/output.js"), gone("build")]}, "fs_delete", server_args=ADMIN,
     note="For directories, always set recursive=true to delete the directory")
case("tsforge-delete-glob", "tsforge", "boringstack-xyz/tsforge/pull/287", "delete", {"path": "build/*.js"},
     {"error": True, "because": [r"glob|wildcard|pattern|not found|no such|does not exist|\*"],
      "files": [{"path": "build/output.js", "exists": True}]}, "fs_delete", server_args=ADMIN,
     note="no globs — the blast radius is exactly one named file")
case("tsforge-delete-file", "tsforge", "boringstack-xyz/tsforge/pull/287", "delete_file", {"path": "{ROOT}/notes/todo.txt"},
     {"files": [gone("notes/todo.txt")]}, "fs_delete", server_args=ADMIN, note="`delete` takes one path")
case("deepagents-delete-dir", "deepagents", "langchain-ai/deepagents/pull/3851", "delete", {"file_path": "a/b"},
     {"files": [gone("a/b/c/deep.txt"), gone("a/b")]}, "fs_delete", server_args=ADMIN,
     note="makes delete remove directories recursively, renames the tool from delete_file to delete (the arg is still file_path)")
case("deepagents-delete-file-path", "deepagents", "langchain-ai/deepagents/pull/3851", "delete_file", {"file_path": "debug.log"},
     {"files": [gone("debug.log")]}, "fs_delete", server_args=ADMIN)


def main():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(os.path.join(HERE, "cases.jsonl"), "w") as f:
        for c in CASES:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    by_v, by_c, srcs = {}, {}, set()
    for c in CASES:
        by_v[c["vocab"]] = by_v.get(c["vocab"], 0) + 1
        k = str(c["class"]) + ("+%s" % c["also"] if c.get("also") else "")
        by_c[k] = by_c.get(k, 0) + 1
        srcs.add(c["source"])
    print(len(CASES), "cases,", len(by_v), "vocabularies,", len(srcs), "reports")
    print(json.dumps(by_v, indent=1))
    print(json.dumps(by_c))


if __name__ == "__main__":
    main()
