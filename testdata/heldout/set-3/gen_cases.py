#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-3 (run by ../run.py).

Each case: id, vocab, class (1 = another agent's vocabulary; 2-7 = the classes of
issue 23: edit formats, envelopes, paths, f0's own syntax, shell around curl,
validating clients), source (URL the semantics come from), tool, arguments, expect,
f0_tool, and optionally setup, server_args, client, note.
"""
import json
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import fixture  # noqa: E402

F = fixture.FILES
CASES = []
CLASS_VOCABS = ("raw-", "paths", "f0-syntax", "shell-curl", "validating-client")
ADMIN = ["--access", "admin"]


def case(id, vocab, cls, source, tool, arguments, expect, f0_tool, **kw):
    # a case from a named agent's own vocabulary counts as class 1 (cross-vocabulary);
    # the issue class it also exercises is kept in "also"
    also = None
    if cls != 1 and not vocab.startswith(CLASS_VOCABS):
        cls, also = 1, cls
    c = {"id": id, "vocab": vocab, "class": cls, "source": source, "tool": tool,
         "arguments": arguments, "expect": expect, "f0_tool": f0_tool}
    if also:
        c["also"] = also
    c.update(kw)
    CASES.append(c)


def row(n):
    return "row %04d: value %d" % (n, n)


def rows(a, b, before=None, after=None):
    """contains rows a..b (ends), not the rows just outside."""
    e = {"contains": [row(a), row(b)], "not_contains": []}
    if a > 1:
        e["not_contains"].append(row(a - 1))
    if b < 2000:
        e["not_contains"].append(row(b + 1))
    return e


def L(n):
    return "L%05d" % n


def same(path):
    return {"path": path, "same_as_fixture": True}


def todo_with(s):
    return fixture.TODO_TXT.replace("foo", s)


# ------------------------------------------------------------------ sources
SERENA = "https://github.com/oraios/serena/blob/7fcbca7e62555ec2287ddb2f083caee805848ea6/src/serena/tools/file_tools.py"
SERENA_CMD = "https://github.com/oraios/serena/blob/7fcbca7e62555ec2287ddb2f083caee805848ea6/src/serena/tools/cmd_tools.py"
M3 = "https://github.com/mark3labs/mcp-filesystem-server/blob/830bc892adf9421d496c8192e0a7e8048892fbd4/README.md"
M3_MODIFY = "https://github.com/mark3labs/mcp-filesystem-server/blob/830bc892adf9421d496c8192e0a7e8048892fbd4/filesystemserver/handler/modify_file.go"
M3_SWF = "https://github.com/mark3labs/mcp-filesystem-server/blob/830bc892adf9421d496c8192e0a7e8048892fbd4/filesystemserver/handler/search_within_files.go"
M3_SF = "https://github.com/mark3labs/mcp-filesystem-server/blob/830bc892adf9421d496c8192e0a7e8048892fbd4/filesystemserver/handler/search_files.go"
FM = "https://github.com/zcaceres/fetch-mcp/blob/1ddb1a59cb09a2d38e759f2d7a97829680cbe514/README.md"
FM_T = "https://github.com/zcaceres/fetch-mcp/blob/1ddb1a59cb09a2d38e759f2d7a97829680cbe514/src/types.ts"
OA_AP = "https://developers.openai.com/api/docs/guides/tools-apply-patch"
OA_AP_LC = "https://app.unpkg.com/@langchain/openai@1.2.2/files/dist/tools/applyPatch.js"
OA_SH = "https://app.unpkg.com/@langchain/openai@1.2.2/files/dist/tools/shell.cjs"
OA_SH_RS = "https://docs.rs/crate/openai-client-base/0.12.0/source/docs/FunctionShellAction.md"
OA_LOCAL = "https://platform.openai.com/docs/guides/tools-local-shell"
OCL = "https://docs.openclaw.ai/tools/apply-patch.md"
XR = "https://github.com/x1xhlol/system-prompts-and-models-of-ai-tools/blob/b8e95891fe6c8f1db651a8ca4d8217f22c73849b/"
REPLIT = XR + "Replit/Tools.json"
WARP = XR + "Warp.dev/Prompt.txt"
CBUDDY = XR + "CodeBuddy%20Prompts/Craft%20Prompt.txt"
ACR = "https://github.com/nus-apr/auto-code-rover/blob/2399d9bc54b1b657bde8aef54291a29c96fb744d/app/search/search_backend.py"
CWF = "https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-fetch-tool"
CWF_RS = "https://docs.rs/claude-sdk/2.1.0/claude_sdk/server_tools/struct.WebFetchTool.html"
MSA = "https://github.com/SWE-agent/mini-swe-agent (src/minisweagent/config/default.yaml: one bash block per turn)"
HERMES = "https://github.com/NousResearch/Hermes-Function-Calling"
QWEN = "https://github.com/ai-dynamo/dynamo/pull/4415"
QWEN_UNWRAPPED = "https://github.com/ml-explore/mlx-lm/pull/1616"
HARMONY = "https://github.com/waybarrios/vllm-mlx/pull/50"
HARMONY_AN = "https://github.com/waybarrios/vllm-mlx/pull/562"
HARMONY_LEAK = "https://github.com/lablup/mlxcel/issues/654"
MISTRAL_LIST = "https://github.com/mistralai/mistral-common/issues/73"
MISTRAL_LMS = "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/797"
GLM_NAME = "https://github.com/zai-org/GLM-5/issues/84"
GLM_SUFFIX = "https://github.com/fw-ai-external/python-sdk/issues/119"
GLM_TEXT = "https://github.com/anomalyco/opencode/pull/6883"
LLAMA = "https://github.com/meta-llama/llama-models/issues/169"
OPENAI_TC = "https://platform.openai.com/docs/api-reference/chat/object (choices[].message.tool_calls[].function)"
F0_README = "f0's published interface: /work/main/README.md and `f0 describe` (CLI shorthand, footers)"
HTTPIE = "https://httpie.io/docs/cli/non-string-json-fields"
WGET = "https://www.gnu.org/software/wget/manual/wget.html"
JQ = "https://jqlang.org/manual/"
GH_ANCHOR = "https://docs.github.com/en/repositories/working-with-files/using-files/getting-permanent-links-to-files"
APFS = "https://developer.apple.com/library/archive/qa/qa1173/_index.html (HFS+ stores names decomposed, NFD)"
PI = "https://www.npmjs.com/package/pi-mcp-adapter (proxy tool mcp({tool, args}); validates args against the published schema)"

# ================================================================== 1. Serena
V = "serena"
case("sr-read-whole", V, 1, SERENA, "read_file", {"relative_path": "py/models.py"},
     {"contains": ["class Admin(User):", "self.age = age"]}, "fs_read")
case("sr-read-range-0based", V, 1, SERENA, "read_file",
     {"relative_path": "data/long.txt", "start_line": 9, "end_line": 11}, rows(10, 12), "fs_read",
     note="0-based, end inclusive: lines 10-12")
case("sr-read-start-only", V, 1, SERENA, "read_file",
     {"relative_path": "data/long.txt", "start_line": 1995}, rows(1996, 2000), "fs_read")
case("sr-read-negative", V, 1, SERENA, "read_file",
     {"relative_path": "data/long.txt", "start_line": -3}, rows(1998, 2000), "fs_read",
     note="negative start counts from the end: the last 3 lines")
case("sr-read-first-line", V, 1, SERENA, "read_file",
     {"relative_path": "README.md", "start_line": 0, "end_line": 0},
     {"contains": ["# Fixture Project"], "not_contains": ["A small multi-language"]}, "fs_read")
case("sr-read-f0", V, 1, SERENA, "fs_read",
     {"relative_path": "README.md", "start_line": 4, "end_line": 6},
     {"contains": ["## Usage", "go run ."], "not_contains": ["A small multi-language", "npm start"]}, "fs_read",
     note="Serena's read_file arguments under f0's name: 0-based lines 4-6 are lines 5-7")
case("sr-create-text-file", V, 1, SERENA, "create_text_file",
     {"relative_path": "notes/new.md", "content": "hello serena\n"},
     {"files": [{"path": "notes/new.md", "equals": "hello serena\n"}]}, "fs_write")
case("sr-create-overwrites", V, 1, SERENA, "create_text_file",
     {"relative_path": "notes/todo.txt", "content": "replaced\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "replaced\n"}]}, "fs_write",
     note="Serena: 'Write a new file or overwrite an existing file'")
case("sr-list-dir-rec", V, 1, SERENA, "list_dir", {"relative_path": "internal", "recursive": True},
     {"contains": ["handler.go", "strings.go"]}, "fs_list")
case("sr-list-dir-flat", V, 1, SERENA, "list_dir", {"relative_path": "internal/server", "recursive": False},
     {"contains": ["handler.go", "server.go"], "not_contains": ["strings.go"]}, "fs_list")
case("sr-list-dir-skip-ignored", V, 1, SERENA, "list_dir",
     {"relative_path": ".", "recursive": True, "skip_ignored_files": True},
     {"contains": ["strings.go"], "not_contains": ["output.js"]}, "fs_list")
case("sr-find-file", V, 1, SERENA, "find_file", {"file_mask": "*.tsx", "relative_path": "."},
     {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find")
case("sr-find-file-sub", V, 1, SERENA, "find_file", {"file_mask": "*.go", "relative_path": "internal/util"},
     {"contains": ["strings.go"], "not_contains": ["handler.go"]}, "fs_find")
case("sr-find-file-qmark", V, 1, SERENA, "find_file", {"file_mask": "app.?s", "relative_path": "web"},
     {"contains": ["app.js"], "not_contains": ["index.js"]}, "fs_find")
case("sr-replace-literal", V, 1, SERENA, "replace_content",
     {"relative_path": "config.yaml", "needle": "debug: false", "repl": "debug: true", "mode": "literal"},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("sr-replace-multi-refused", V, 1, SERENA, "replace_content",
     {"relative_path": "notes/todo.txt", "needle": "foo", "repl": "FOO", "mode": "literal"},
     {"error": True, "because": [r"\b3\b|three|multiple|more than once|not unique|unique|occurrences|matches"],
      "files": [same("notes/todo.txt")]}, "fs_edit",
     note="allow_multiple_occurrences defaults to false: several matches are an error")
case("sr-replace-multi-allowed", V, 1, SERENA, "replace_content",
     {"relative_path": "notes/todo.txt", "needle": "foo", "repl": "FOO", "mode": "literal",
      "allow_multiple_occurrences": True},
     {"files": [{"path": "notes/todo.txt", "equals": todo_with("FOO")}]}, "fs_edit")
case("sr-replace-regex", V, 1, SERENA, "replace_content",
     {"relative_path": "config.yaml", "needle": r"port: \d+\n  debug", "repl": "port: 9090\n  debug", "mode": "regex"},
     {"files": [{"path": "config.yaml", "contains": ["port: 9090\n  debug: false", "port: 5432"],
                 "not_contains": ["8080"]}]}, "fs_edit")
case("sr-replace-regex-wildcard", V, 1, SERENA, "replace_content",
     {"relative_path": "py/models.py", "needle": r"class Admin.*?self\.name", "mode": "regex",
      "repl": "class Admin(User):\n    def greet(self):\n        return \"Hi admin, \" + self.name"},
     {"files": [{"path": "py/models.py", "contains": ["Hi admin, ", "Hello, "], "not_contains": ["Welcome back"]}]},
     "fs_edit", note="Serena recommends 'beginning.*?end' needles in regex mode (DOTALL)")
case("sr-replace-lines", V, 1, SERENA, "replace_lines",
     {"relative_path": "py/models.py", "start_line": 6, "end_line": 6,
      "content": "        return \"Hi, \" + self.name\n"},
     {"files": [{"path": "py/models.py", "equals": fixture.MODELS_PY.replace('return "Hello, "', 'return "Hi, "')}]},
     "fs_edit", note="0-based line 6 is line 7")
case("sr-delete-lines", V, 1, SERENA, "delete_lines",
     {"relative_path": "notes/todo.txt", "start_line": 1, "end_line": 2},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nDONE: setup\n"}]}, "fs_edit")
case("sr-insert-at-line", V, 1, SERENA, "insert_at_line",
     {"relative_path": "notes/todo.txt", "line": 1, "content": "NEW LINE"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nNEW LINE\nfoo bar foo\nbaz foo qux\nDONE: setup\n"}]},
     "fs_edit", note="0-based line 1: before the second line; a newline is added")
case("sr-search-pattern", V, 1, SERENA, "search_for_pattern",
     {"substring_pattern": "TODO", "relative_path": "internal"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["app.js", "todo.txt"]}, "fs_search")
case("sr-search-include", V, 1, SERENA, "search_for_pattern",
     {"substring_pattern": "TODO", "paths_include_glob": "**/*.py"},
     {"contains": ["parse command line arguments"], "not_contains": ["load users", "add routing"]}, "fs_search")
case("sr-search-exclude", V, 1, SERENA, "search_for_pattern",
     {"substring_pattern": "TODO", "relative_path": "internal", "paths_exclude_glob": "**/*_test.go"},
     {"contains": ["load users"], "not_contains": ["write a real test"]}, "fs_search")
case("sr-search-context", V, 1, SERENA, "search_for_pattern",
     {"substring_pattern": "ERROR", "relative_path": "logs/app.txt",
      "context_lines_before": 1, "context_lines_after": 1},
     {"contains": ["ERROR connection refused", "server started", "error disk full"],
      "not_contains": ["slow request"]}, "fs_search")
case("sr-search-f0", V, 1, SERENA, "fs_search", {"substring_pattern": "Shout", "relative_path": "internal"},
     {"contains": ["strings.go"]}, "fs_search")
case("sr-replace-in-files", V, 1, SERENA, "replace_in_files",
     {"needle": "TODO", "repl": "FIXME", "mode": "literal", "relative_path": "internal/server"},
     {"files": [{"path": "internal/server/handler.go", "contains": ["FIXME: load users"], "not_contains": ["TODO"]},
                {"path": "internal/server/handler_test.go", "contains": ["FIXME: write a real test"]}]}, "fs_edit")
case("sr-replace-in-files-dry", V, 1, SERENA, "replace_in_files",
     {"needle": "TODO", "repl": "FIXME", "mode": "literal", "relative_path": "internal/server", "dry_run": True},
     {"contains": ["handler.go"], "files": [same("internal/server/handler.go"), same("internal/server/handler_test.go")]},
     "fs_search")
case("sr-shell-curl", V, 1, SERENA_CMD, "execute_shell_command", {"command": "curl -s {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")

# ================================================================== 1. mark3labs mcp-filesystem-server
V = "mcp-fs-mark3labs"
case("m3-read-file", V, 1, M3, "read_file", {"path": "go.mod"}, {"contains": ["module example.com/fixture"]}, "fs_read")
case("m3-read-multiple", V, 1, M3, "read_multiple_files", {"paths": ["go.mod", "py/requirements.txt"]},
     {"contains": ["module example.com/fixture", "pytest==8.0.0"]}, "fs_read")
case("m3-write-file", V, 1, M3, "write_file", {"path": "out/new.txt", "content": "x\n"},
     {"files": [{"path": "out/new.txt", "equals": "x\n"}]}, "fs_write")
case("m3-copy-file", V, 1, M3, "copy_file", {"source": "config.yaml", "destination": "config.bak.yaml"},
     {"files": [{"path": "config.bak.yaml", "equals": fixture.CONFIG_YAML}, same("config.yaml")]}, "fs_copy")
case("m3-copy-dir", V, 1, M3, "copy_file", {"source": "a", "destination": "a2"},
     {"files": [{"path": "a2/b/c/deep.txt", "equals": "deep file\n"}]}, "fs_copy",
     note="copy_file copies files and directories")
case("m3-move-file", V, 1, M3, "move_file", {"source": "notes/todo.txt", "destination": "notes/done.txt"},
     {"files": [{"path": "notes/done.txt", "equals": fixture.TODO_TXT}, {"path": "notes/todo.txt", "exists": False}]},
     "fs_move")
case("m3-delete-file", V, 1, M3, "delete_file", {"path": "debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("m3-delete-dir-needs-recursive", V, 1, M3, "delete_file", {"path": "a/b/c"},
     {"error": True, "because": [r"director|recursive|not empty"], "files": [{"path": "a/b/c/deep.txt", "exists": True}]},
     "fs_delete", server_args=ADMIN, note="recursive defaults to false")
case("m3-delete-dir-recursive", V, 1, M3, "delete_file", {"path": "a", "recursive": True},
     {"files": [{"path": "a", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("m3-modify-all", V, 1, M3_MODIFY, "modify_file", {"path": "notes/todo.txt", "find": "foo", "replace": "FOO"},
     {"files": [{"path": "notes/todo.txt", "equals": todo_with("FOO")}]}, "fs_edit",
     note="all_occurrences defaults to true")
case("m3-modify-first", V, 1, M3_MODIFY, "modify_file",
     {"path": "notes/todo.txt", "find": "foo", "replace": "FOO", "all_occurrences": False},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nFOO bar foo\nbaz foo qux\nDONE: setup\n"}]},
     "fs_edit", note="all_occurrences false: the first occurrence only")
case("m3-modify-regex", V, 1, M3_MODIFY, "modify_file",
     {"path": "config.yaml", "find": r"port: \d+", "replace": "port: 1", "regex": True},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("port: 8080", "port: 1").replace("port: 5432", "port: 1")}]},
     "fs_edit")
case("m3-list-directory", V, 1, M3, "list_directory", {"path": "web/src"},
     {"contains": ["app.js", "components"]}, "fs_list")
case("m3-create-directory", V, 1, M3, "create_directory", {"path": "new/dir"},
     {"files": [{"path": "new/dir", "is_dir": True}]}, "fs_mkdir")
case("m3-tree", V, 1, M3, "tree", {"path": "internal"},
     {"contains": ["handler.go", "strings.go"]}, "fs_list", note="depth defaults to 3")
case("m3-tree-depth", V, 1, M3, "tree", {"path": "a", "depth": 3},
     {"contains": ["deep.txt"]}, "fs_list")
case("m3-search-files", V, 1, M3_SF, "search_files", {"path": ".", "pattern": "*.tsx"},
     {"contains": ["List.tsx"], "not_contains": ["utils.ts\n", "Button.jsx"]}, "fs_find",
     note="the pattern is a glob matched against the base name")
case("m3-search-files-name", V, 1, M3_SF, "search_files", {"path": "web", "pattern": "app.js"},
     {"contains": ["app.js"], "not_contains": ["index.js"]}, "fs_find")
case("m3-search-within", V, 1, M3_SWF, "search_within_files", {"path": "logs", "substring": "error"},
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"]}, "fs_search",
     note="the substring is matched case-insensitively (strings.ToLower on both)")
case("m3-search-within-literal", V, 1, M3_SWF, "search_within_files", {"path": "internal", "substring": "HandleFunc(\"/health\""},
     {"contains": ["server.go"]}, "fs_search", note="a substring, not a regex")
case("m3-get-file-info", V, 1, M3, "get_file_info", {"path": "go.mod"},
     {"regex": [r"\b%d\b" % len(F["go.mod"])]}, "fs_stat")
case("m3-list-allowed", V, 1, M3, "list_allowed_directories", {},
     {"contains": ["project"]}, "fs_list", note="the answer should name the root (…/project)")
case("m3-search-within-f0", V, 1, M3_SWF, "fs_search", {"path": "logs", "substring": "disk full"},
     {"contains": ["error disk full"]}, "fs_search")

# ================================================================== 1. zcaceres fetch-mcp
V = "fetch-mcp-zcaceres"
case("fm-html", V, 1, FM, "fetch_html", {"url": "{BASE}/page.html"},
     {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl")
case("fm-markdown", V, 1, FM, "fetch_markdown", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1>", "SCRIPT_SECRET"]}, "net_curl")
case("fm-txt", V, 1, FM, "fetch_txt", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "paragraph"], "not_contains": ["<p>", "SCRIPT_SECRET", "color: red"]}, "net_curl")
case("fm-json", V, 1, FM, "fetch_json", {"url": "{BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")
case("fm-readable", V, 1, FM, "fetch_readable", {"url": "{BASE}/page.html"},
     {"contains": ["alpha item"], "not_contains": ["SCRIPT_SECRET", "<ul>"]}, "net_curl")
case("fm-max-length", V, 1, FM_T, "fetch_txt", {"url": "{BASE}/long.txt", "max_length": 64},
     {"contains": [L(1), L(2)], "not_contains": [L(3) + " "]}, "net_curl")
case("fm-start-index", V, 1, FM_T, "fetch_txt", {"url": "{BASE}/long.txt", "start_index": 320, "max_length": 32},
     {"contains": [L(11)], "not_contains": [L(10) + " ", L(12) + " "]}, "net_curl")
case("fm-headers", V, 1, FM_T, "fetch_json", {"url": "{BASE}/echo", "headers": {"X-Trace": "abc"}},
     {"request": {"path": "/echo", "headers": {"X-Trace": "abc"}}}, "net_curl")
case("fm-f0-window", V, 1, FM_T, "net_curl", {"url": "{BASE}/long.txt", "max_length": 32, "start_index": 64},
     {"contains": [L(3)], "not_contains": [L(2) + " ", L(4) + " "]}, "net_curl",
     note="fetch-mcp's window fields under f0's name")
case("fm-youtube", V, 1, FM, "fetch_youtube_transcript", {"url": "{BASE}/page.html", "lang": "en"},
     {"error_mentions": ["transcript", "youtube", "YouTube", "net_curl"]}, "net_curl",
     note="no f0 tool fetches captions")
case("fm-proxy", V, 1, FM_T, "fetch_html", {"url": "{BASE}/page.html", "proxy": "http://127.0.0.1:9/"},
     {"error": True, "because": [r"proxy"]}, "net_curl",
     note="the request is meant to go through the proxy (which is down); fetching directly answers another question")

# ================================================================== 2. OpenAI apply_patch / shell (Responses, Agents SDK)
V = "openai-responses"
d_cfg = "@@\n server:\n   port: 8080\n-  debug: false\n+  debug: true\n"
case("oa-ap-update", V, 2, OA_AP_LC, "apply_patch", {"type": "update_file", "path": "config.yaml", "diff": d_cfg},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("oa-ap-operation", V, 2, OA_AP, "apply_patch",
     {"operation": {"type": "update_file", "path": "config.yaml", "diff": d_cfg}},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("oa-ap-call-item", V, 2, OA_AP, "apply_patch",
     {"type": "apply_patch_call", "call_id": "call_8f2", "status": "completed",
      "operation": {"type": "update_file", "path": "py/requirements.txt",
                    "diff": "@@\n requests==2.31.0\n-pytest==8.0.0\n+pytest==8.1.0\n"}},
     {"files": [{"path": "py/requirements.txt", "equals": "requests==2.31.0\npytest==8.1.0\n"}]}, "fs_edit")
case("oa-ap-create", V, 2, OA_AP_LC, "apply_patch", {"type": "create_file", "path": "docs/new.md", "diff": "+# New\n+hello\n"},
     {"files": [{"path": "docs/new.md", "equals": "# New\nhello\n"}]}, "fs_write",
     note="create_file: every diff line starts with +")
case("oa-ap-delete", V, 2, OA_AP_LC, "apply_patch", {"type": "delete_file", "path": "debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("oa-ap-anchor", V, 2, OA_AP, "apply_patch",
     {"type": "update_file", "path": "py/models.py",
      "diff": "@@ class User:\n     def greet(self):\n-        return \"Hello, \" + self.name\n+        return \"Hi, \" + self.name\n"},
     {"files": [{"path": "py/models.py", "contains": ['return "Hi, "', "Welcome back"], "not_contains": ['"Hello, "']}]},
     "fs_edit", note="V4A: the @@ line names the enclosing class")
case("oa-ap-two-hunks", V, 2, OA_AP, "apply_patch",
     {"type": "update_file", "path": "config.yaml",
      "diff": "@@ server:\n-  port: 8080\n+  port: 8081\n@@ database:\n   host: localhost\n-  port: 5432\n+  port: 5433\n"},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("8080", "8081").replace("5432", "5433")}]},
     "fs_edit")
case("oa-ap-f0", V, 2, OA_AP_LC, "fs_edit",
     {"path": "py/models.py",
      "diff": "@@ class Admin(User):\n     def greet(self):\n-        return \"Welcome back, \" + self.name\n+        return \"Welcome, \" + self.name\n"},
     {"files": [{"path": "py/models.py", "contains": ['"Welcome, "', '"Hello, "'], "not_contains": ["Welcome back"]}]},
     "fs_edit", note="the apply_patch operation's path+diff sent to fs_edit")
case("oa-ap-stale", V, 2, OA_AP, "apply_patch",
     {"type": "update_file", "path": "config.yaml", "diff": "@@\n server:\n-  port: 9999\n+  port: 1\n"},
     {"error": True, "because": [r"not found|does not match|no match|could not find|differ|9999"],
      "files": [same("config.yaml")]}, "fs_edit", note="the removed line is not in the file")
case("oa-shell", V, 6, OA_SH, "shell",
     {"commands": ["curl -s {BASE}/data.json"], "timeout_ms": 10000, "max_output_length": 4096},
     {"contains": ['"items"']}, "net_curl")
case("oa-shell-action", V, 6, OA_SH_RS, "shell", {"action": {"commands": ["curl -sS -X POST -d 'a=1' {BASE}/post"]}},
     {"request": {"path": "/post", "method": "POST", "body_equals": "a=1"}}, "net_curl")
case("oa-shell-cat", V, 1, OA_SH, "shell", {"commands": ["cat go.mod", "cat py/requirements.txt"]},
     {"contains": ["module example.com/fixture", "pytest==8.0.0"]}, "fs_read")
case("oa-local-shell", V, 6, OA_LOCAL, "local_shell",
     {"action": {"type": "exec", "command": ["curl", "-s", "{BASE}/data.json"], "timeout_ms": 5000}},
     {"contains": ['"items"']}, "net_curl")
case("oa-local-shell-cat", V, 1, OA_LOCAL, "local_shell",
     {"action": {"type": "exec", "command": ["cat", "README.md"], "working_directory": "{ROOT}"}},
     {"contains": ["## License"]}, "fs_read")

# ================================================================== 2. OpenClaw apply_patch {input}
V = "openclaw"
case("ocl-update", V, 2, OCL, "apply_patch",
     {"input": "*** Begin Patch\n*** Update File: config.yaml\n@@\n server:\n   port: 8080\n-  debug: false\n+  debug: true\n*** End Patch"},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("ocl-add", V, 2, OCL, "apply_patch",
     {"input": "*** Begin Patch\n*** Add File: docs/changelog.md\n+# Changelog\n+- first\n*** End Patch"},
     {"files": [{"path": "docs/changelog.md", "equals": "# Changelog\n- first\n"}]}, "fs_write")
case("ocl-move", V, 2, OCL, "apply_patch",
     {"input": "*** Begin Patch\n*** Update File: notes/todo.txt\n*** Move to: notes/archive/todo.txt\n@@\n baz foo qux\n-DONE: setup\n+DONE: setup, moved\n*** End Patch"},
     {"files": [{"path": "notes/archive/todo.txt", "contains": ["DONE: setup, moved", "foo bar foo"]},
                {"path": "notes/todo.txt", "exists": False}]}, "fs_move")
case("ocl-delete", V, 2, OCL, "apply_patch",
     {"input": "*** Begin Patch\n*** Delete File: debug.log\n*** End Patch"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("ocl-two-files", V, 2, OCL, "apply_patch",
     {"input": "*** Begin Patch\n*** Update File: py/requirements.txt\n@@\n-pytest==8.0.0\n+pytest==8.2.0\n"
               "*** Update File: go.mod\n@@\n-go 1.22\n+go 1.23\n*** End Patch"},
     {"files": [{"path": "py/requirements.txt", "contains": ["pytest==8.2.0"]}, {"path": "go.mod", "contains": ["go 1.23"]}]},
     "fs_edit")
case("ocl-f0", V, 2, OCL, "fs_edit",
     {"path": "go.mod", "input": "*** Begin Patch\n*** Update File: go.mod\n@@\n-go 1.22\n+go 1.24\n*** End Patch"},
     {"files": [{"path": "go.mod", "equals": F["go.mod"].replace("1.22", "1.24")}]}, "fs_edit")

# ================================================================== 1. Replit agent
V = "replit"
case("rp-search-code", V, 1, REPLIT, "search_filesystem", {"code": ["strings.ToUpper(s)"]},
     {"contains": ["strings.go"]}, "fs_search")
case("rp-search-function", V, 1, REPLIT, "search_filesystem", {"function_names": ["Reverse"]},
     {"contains": ["internal/util/strings.go"]}, "fs_search")
case("rp-search-class", V, 1, REPLIT, "search_filesystem", {"class_names": ["Admin"]},
     {"contains": ["py/models.py"]}, "fs_search")
case("rp-search-semantic", V, 1, REPLIT, "search_filesystem",
     {"query_description": "where are the HTTP routes registered"},
     {"error_mentions": ["fs_search", "pattern"]}, "fs_search",
     note="a semantic query: no f0 tool answers it as meant")
case("rp-bash-curl", V, 6, REPLIT, "bash", {"command": "curl -sL {BASE}/redirect"},
     {"contains": ["Fixture Page"]}, "net_curl")

# ================================================================== 1. AutoCodeRover
V = "autocoderover"
case("acr-search-code", V, 1, ACR, "search_code", {"code_str": "json.NewEncoder(w)"},
     {"contains": ["handler.go"]}, "fs_search")
case("acr-search-code-in-file", V, 1, ACR, "search_code_in_file", {"code_str": "self.name = name", "file_name": "py/models.py"},
     {"contains": ["self.name = name"]}, "fs_search")
case("acr-code-around-line", V, 1, ACR, "get_code_around_line",
     {"file_name": "data/long.txt", "line_no_str": "100", "window_size_str": "2"}, rows(98, 102), "fs_read",
     note="1-based line, window lines before and after")
case("acr-get-file-content", V, 1, ACR, "get_file_content", {"file_name": "py/app.py"},
     {"contains": ["def main():", "__main__"]}, "fs_read")
case("acr-search-method-in-file", V, 1, ACR, "search_method_in_file", {"method_name": "greet", "file_name": "py/models.py"},
     {"contains": ["def greet"]}, "fs_search")
case("acr-search-class", V, 1, ACR, "search_class", {"class_name": "User"},
     {"contains": ["class User"]}, "fs_search")
case("acr-call-as-name", V, 3, ACR, 'search_code("Shout")', {},
     {"contains": ["strings.go"]}, "fs_search",
     note="ACR's API calls are strings like search_code(\"x\"); here the whole call is the tool name")

# ================================================================== 1. Warp agent mode
V = "warp"
case("wp-grep-ere", V, 1, WARP, "grep", {"queries": [r"func [A-Z][a-z]+Handler\("], "path": "."},
     {"contains": ["HealthHandler", "UsersHandler"], "not_contains": ["func Run"]}, "fs_search",
     note="queries are ERE")
case("wp-file-glob", V, 1, WARP, "file_glob", {"patterns": ["*.go"], "path": "internal/server"},
     {"contains": ["server.go", "handler.go"], "not_contains": ["main.go", "strings.go"]}, "fs_find")
case("wp-edit-files", V, 2, WARP, "edit_files",
     {"diffs": [{"file_path": "config.yaml", "search": "  debug: false", "replace": "  debug: true"}]},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("wp-edit-empty-search-creates", V, 2, WARP, "edit_files",
     {"diffs": [{"file_path": "docs/new.md", "search": "", "replace": "# New\n"}]},
     {"files": [{"path": "docs/new.md", "equals": "# New\n"}]}, "fs_write",
     note="Warp: 'To create a new file, use an empty search section'")
case("wp-read-ranges", V, 1, WARP, "read_files",
     {"files": [{"path": "data/long.txt", "line_ranges": [{"start": 50, "end": 52}, {"start": 60, "end": 62}]}]},
     {"contains": [row(50), row(52), row(60), row(62)], "not_contains": [row(49), row(55), row(63)]}, "fs_read",
     note="several non-contiguous ranges of one file in one request")
case("wp-run-command-curl", V, 6, WARP, "run_command", {"command": "curl -s {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")
case("wp-create-file", V, 1, WARP, "create_file", {"file_path": "docs/warp.md", "content": "warp\n"},
     {"files": [{"path": "docs/warp.md", "equals": "warp\n"}]}, "fs_write")

# ================================================================== CodeBuddy (XML tool format)
V = "codebuddy"
case("cb-xml-read", V, 3, CBUDDY, "read_file", "<read_file>\n<path>go.mod</path>\n</read_file>",
     {"contains": ["module example.com/fixture"]}, "fs_read", note="the XML tool block as the arguments")
case("cb-replace-in-file", V, 2, CBUDDY, "replace_in_file",
     {"path": "config.yaml", "diff": "<<<<<<< SEARCH\n  debug: false\n=======\n  debug: true\n>>>>>>> REPLACE"},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("cb-replace-two-blocks", V, 2, CBUDDY, "replace_in_file",
     {"path": "config.yaml", "diff": "<<<<<<< SEARCH\n  port: 8080\n=======\n  port: 8000\n>>>>>>> REPLACE\n"
                                     "<<<<<<< SEARCH\n  host: localhost\n=======\n  host: db\n>>>>>>> REPLACE"},
     {"files": [{"path": "config.yaml", "equals": fixture.CONFIG_YAML.replace("8080", "8000").replace("localhost", "db")}]},
     "fs_edit")
case("cb-replace-first-only", V, 2, CBUDDY, "replace_in_file",
     {"path": "notes/todo.txt", "diff": "<<<<<<< SEARCH\nfoo\n=======\nFOO\n>>>>>>> REPLACE"},
     {"any_of": [{"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nFOO bar foo\nbaz foo qux\nDONE: setup\n"}]},
                 {"files": [same("notes/todo.txt")], "regex": [r"(?i)\b3\b|unique|more than once|several|multiple|not found"]}]},
     "fs_edit", note="CodeBuddy replaces only the first match; refusing an ambiguous block is also acceptable")
case("cb-search-files", V, 1, CBUDDY, "search_files", {"path": "web", "regex": "TODO", "file_pattern": "*.js"},
     {"contains": ["add routing"], "not_contains": ["load users"]}, "fs_search")
case("cb-list-files", V, 1, CBUDDY, "list_files", {"path": "web", "recursive": True},
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list")
case("cb-diff-f0", V, 2, CBUDDY, "fs_edit",
     {"path": "py/requirements.txt", "diff": "<<<<<<< SEARCH\npytest==8.0.0\n=======\npytest==8.1.0\n>>>>>>> REPLACE"},
     {"files": [{"path": "py/requirements.txt", "equals": "requests==2.31.0\npytest==8.1.0\n"}]}, "fs_edit")

# ================================================================== Claude API web_fetch server tool
V = "claude-web-fetch"
case("cwf-url", V, 1, CWF, "web_fetch", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page"]}, "net_curl")
case("cwf-typed-name", V, 1, CWF_RS, "web_fetch_20250910", {"url": "{BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl", note="the tool's type string used as its name")

# ================================================================== mini-swe-agent (bash only)
V = "mini-swe-agent"
case("msa-cat", V, 1, MSA, "bash", {"command": "cat README.md"}, {"contains": ["## License", "MIT"]}, "fs_read")
case("msa-sed-range", V, 1, MSA, "bash", {"command": "sed -n '10,12p' data/long.txt"}, rows(10, 12), "fs_read")
case("msa-grep", V, 1, MSA, "bash", {"command": "grep -rn 'TODO' internal/"},
     {"contains": ["load users", "write a real test"], "not_contains": ["add routing"]}, "fs_search")
case("msa-curl", V, 6, MSA, "bash", {"command": "curl -s {BASE}/data.json"}, {"contains": ['"items"']}, "net_curl")
case("msa-echo-redirect", V, 1, MSA, "bash", {"command": "echo 'hello' > notes/hello.txt"},
     {"files": [{"path": "notes/hello.txt", "equals": "hello\n"}]}, "fs_write")
case("msa-find", V, 1, MSA, "bash", {"command": "find web -name '*.tsx'"},
     {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find")
case("msa-head", V, 1, MSA, "bash", {"command": "head -n 3 data/long.txt"}, rows(1, 3), "fs_read")

# ================================================================== 3. raw tool-call text of open models
V = "raw-hermes"
case("rh-tool-call-args", V, 3, HERMES, "fs_read",
     "<tool_call>\n{\"name\": \"fs_read\", \"arguments\": {\"path\": \"go.mod\"}}\n</tool_call>",
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("rh-inner-object", V, 3, HERMES, "fs_find", {"name": "fs_find", "arguments": {"pattern": "*.tsx"}},
     {"contains": ["List.tsx"]}, "fs_find")
case("rh-openai-item", V, 3, OPENAI_TC, "fs_read",
     {"type": "function", "function": {"name": "fs_read", "arguments": "{\"path\": \"py/requirements.txt\"}"}},
     {"contains": ["pytest==8.0.0"]}, "fs_read")
V = "raw-qwen3coder"
case("rq-xml", V, 3, QWEN, "fs_read",
     "<tool_call>\n<function=fs_read>\n<parameter=path>\nREADME.md\n</parameter>\n<parameter=limit>\n3\n</parameter>\n</function>\n</tool_call>",
     {"contains": ["# Fixture Project", "A small multi-language"], "not_contains": ["## Usage"]}, "fs_read")
case("rq-unwrapped", V, 3, QWEN_UNWRAPPED, "fs_search",
     "<function=fs_search>\n<parameter=pattern>\nShout\n</parameter>\n<parameter=path>\ninternal\n</parameter>\n</function>",
     {"contains": ["strings.go"]}, "fs_search")
V = "raw-harmony"
case("rg-name-channel", V, 3, HARMONY, "fs_read<|channel|>commentary", {"path": "go.mod"},
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("rg-functions-prefix", V, 3, HARMONY, "functions.fs_find", {"pattern": "*.tsx"},
     {"contains": ["List.tsx"]}, "fs_find")
case("rg-constrain-in-args", V, 3, HARMONY, "fs_read",
     "<|constrain|>json<|message|>{\"path\": \"py/requirements.txt\"}<|call|>",
     {"contains": ["requests==2.31.0"]}, "fs_read")
case("rg-analysis-code", V, 3, HARMONY_AN, "fs_search code", {"path": "", "pattern": "Shout"},
     {"contains": ["strings.go"]}, "fs_search", note="recipient on the analysis channel with a 'code' constraint; empty path = root")
case("rg-full-text", V, 3, HARMONY_LEAK, "fs_read",
     "<|start|>assistant<|channel|>commentary to=functions.fs_read <|constrain|>json<|message|>{\"path\":\"go.mod\"}<|call|>",
     {"contains": ["module example.com/fixture"]}, "fs_read")
V = "raw-mistral"
case("rm-tool-calls-prefix", V, 3, MISTRAL_LMS, "fs_read",
     "[TOOL_CALLS][{\"name\": \"fs_read\", \"arguments\": {\"path\": \"go.mod\"}}]",
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("rm-list-content", V, 3, MISTRAL_LIST, "fs_list", [{"name": "fs_list", "arguments": {"path": "web/src/components"}}],
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list")
case("rm-args-token", V, 3, MISTRAL_LMS, "fs_find", "[TOOL_CALLS]fs_find[ARGS]{\"pattern\": \"*.jsx\"}",
     {"contains": ["Button.jsx"]}, "fs_find")
V = "raw-glm"
case("rz-args-in-name", V, 3, GLM_NAME, "fs_read<arg_key>path</arg_key><arg_value>README.md</arg_value>", {},
     {"contains": ["# Fixture Project"]}, "fs_read")
case("rz-name-suffix", V, 3, GLM_SUFFIX, "fs_list</arg_value>", {},
     {"contains": ["README.md", "go.mod"]}, "fs_list")
case("rz-text", V, 3, GLM_TEXT, "fs_search",
     "<tool_call>fs_search<arg_key>pattern</arg_key><arg_value>Reverse</arg_value><arg_key>path</arg_key><arg_value>internal</arg_value></tool_call>",
     {"contains": ["strings.go"]}, "fs_search")
V = "raw-llama"
case("rl-function-tag", V, 3, LLAMA, "fs_read", "<function=fs_read>{\"path\": \"go.mod\"}</function>",
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("rl-python-tag", V, 3, LLAMA, "fs_read",
     "<|python_tag|>{\"type\": \"function\", \"name\": \"fs_read\", \"parameters\": {\"path\": \"go.mod\"}}<|eom_id|>",
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("rl-pythonic", V, 3, LLAMA, "fs_read", "[fs_read(path=\"py/requirements.txt\")]",
     {"contains": ["pytest==8.0.0"]}, "fs_read")

# ================================================================== 4. paths
V = "paths"
nfc = unicodedata.normalize("NFC", "docs/café.md")
nfd = unicodedata.normalize("NFD", "docs/café.md")
case("p-nfd", V, 4, APFS, "fs_read", {"path": nfd}, {"contains": ["menu du jour"]}, "fs_read",
     setup={nfc: "menu du jour\n"}, note="the name on disk is NFC, the call's is NFD")
case("p-smart-quote", V, 4, WARP, "fs_read", {"path": "notes/it\u2019s.txt"}, {"contains": ["apostrophe file"]}, "fs_read",
     setup={"notes/it's.txt": "apostrophe file\n"})
case("p-shell-escaped", V, 4, MSA, "fs_read", {"path": "notes/my\\ file.txt"}, {"contains": ["spaced file"]}, "fs_read",
     setup={"notes/my file.txt": "spaced file\n"})
case("p-github-anchor", V, 4, GH_ANCHOR, "fs_read", {"path": "data/long.txt#L10-L12"}, rows(10, 12), "fs_read")
case("p-glob", V, 4, SERENA, "fs_read", {"path": "internal/util/*.go"}, {"contains": ["func Reverse"]}, "fs_read")
case("p-comma-list", V, 4, M3, "fs_read", {"path": "go.mod, py/requirements.txt"},
     {"contains": ["module example.com/fixture", "pytest==8.0.0"]}, "fs_read")
case("p-mixed-separators", V, 4, WARP, "fs_read", {"path": "{ROOT}/internal\\server\\server.go"},
     {"contains": ["ListenAndServe"]}, "fs_read")
case("p-backslash-relative", V, 4, WARP, "fs_read", {"path": "internal\\util\\strings.go"},
     {"contains": ["func Shout"]}, "fs_read")
case("p-file-uri", V, 4, M3, "fs_read", {"path": "file://{ROOT}/go.mod"},
     {"contains": ["module example.com/fixture"]}, "fs_read")

# ================================================================== 5. f0's own syntax over MCP
V = "f0-syntax"
gl = fixture.GUIDE_MD.splitlines()
case("f0-shorthand-read", V, 5, F0_README, "fs_read", "docs/guide.md limit=2 offset=3",
     {"contains": ["## Installation"], "not_contains": ["Install with", "## Configuration"]}, "fs_read")
case("f0-footer-offset", V, 5, F0_README, "fs_read", {"path": "data/long.txt", "offset": "offset=1500", "limit": 2},
     rows(1500, 1501), "fs_read")
case("f0-more-line-as-name", V, 5, F0_README, "More: tools_describe {\"name\":\"fs_read\"}", {},
     {"contains": ["lineNumbers"]}, "tools_describe")
case("f0-cli-line-as-name", V, 5, F0_README, "f0 fs.read go.mod", {},
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("f0-shorthand-search", V, 5, F0_README, "fs_search", "TODO path=internal glob=*_test.go",
     {"contains": ["write a real test"], "not_contains": ["load users"]}, "fs_search")
case("f0-shorthand-curl", V, 5, F0_README, "net_curl", "{BASE}/page.html format=markdown",
     {"contains": ["Fixture Page"], "not_contains": ["<h1>"]}, "net_curl")
case("f0-json-colon-eq", V, 5, F0_README, "fs_read", {"paths:": "[\"go.mod\",\"py/requirements.txt\"]"},
     {"contains": ["module example.com/fixture", "pytest==8.0.0"]}, "fs_read",
     note="the CLI's key:=JSON split wrongly into the key 'paths:'")

# ================================================================== 6. shell around curl
V = "shell-curl"
case("sc-redirect-file", V, 6, OA_SH, "net_curl", {"args": "curl -s {BASE}/data.json > out/data.json"},
     {"files": [{"path": "out/data.json", "equals": fixture.DATA_JSON}]}, "net_curl")
case("sc-head", V, 6, OA_SH, "net_curl", {"args": "curl -s {BASE}/long.txt | head -n 3"},
     {"any_of": [{"contains": [L(3)], "not_contains": [L(4)]},
                 {"contains": [L(3)], "regex": [r"(?i)head"]}]}, "net_curl",
     note="applied, or the body with a note naming head")
case("sc-tail", V, 6, OA_SH, "net_curl", {"args": "curl -s {BASE}/long.txt | tail -n 2"},
     {"any_of": [{"contains": [L(3199), L(3200)], "not_contains": [L(3198)]},
                 {"regex": [r"(?i)tail.*(not|ignored|whole|full)|(not|ignored).*tail"]}]}, "net_curl")
case("sc-jq", V, 6, JQ, "net_curl", {"args": "curl -s {BASE}/data.json | jq -r .name"},
     {"any_of": [{"regex": [r"(?m)^fixture$"], "not_contains": ['"items"']},
                 {"contains": ['"name"'], "regex": [r"(?i)jq"]}]}, "net_curl")
case("sc-bash-lc", V, 6, OA_SH, "net_curl", {"args": "bash -lc 'curl -s {BASE}/data.json'"},
     {"contains": ['"items"']}, "net_curl")
case("sc-wget", V, 6, WGET, "net_curl", {"args": "wget -qO- {BASE}/page.html"},
     {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl")
case("sc-wget-file", V, 6, WGET, "net_curl", {"args": "wget -q -O out/page.html {BASE}/page.html"},
     {"files": [{"path": "out/page.html", "equals": fixture.PAGE_HTML}]}, "net_curl")
case("sc-httpie-post", V, 6, HTTPIE, "net_curl", {"args": "http POST {BASE}/post name=widget count:=2"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"name": "widget", "count": 2}}}, "net_curl")
case("sc-httpie-header", V, 6, HTTPIE, "net_curl", {"args": "http GET {BASE}/echo X-Trace:abc"},
     {"request": {"path": "/echo", "method": "GET", "headers": {"X-Trace": "abc"}}}, "net_curl")
case("sc-stderr-redirect", V, 6, OA_SH, "net_curl", {"args": "curl -s {BASE}/data.json 2>/dev/null"},
     {"contains": ['"items"']}, "net_curl")
case("sc-grep", V, 6, OA_SH, "net_curl", {"args": "curl -s {BASE}/long.txt | grep L01234"},
     {"any_of": [{"contains": [L(1234)], "not_contains": [L(1233) + " "]},
                 {"regex": [r"(?i)grep"]}]}, "net_curl")

# ================================================================== 7. validating clients (pi) and their proxy
V = "validating-client"
case("vc-args-list", V, 7, PI, "net_curl", {"args": ["-L", "{BASE}/redirect"]},
     {"contains": ["Fixture Page"]}, "net_curl", client="pi")
case("vc-headers-object", V, 7, PI, "net_curl",
     {"url": "{BASE}/echo", "method": "GET", "headers": {"accept": "application/json"}},
     {"request": {"path": "/echo", "headers": {"Accept": "application/json"}}}, "net_curl", client="pi")
case("vc-proxy-mcp", V, 3, PI, "mcp", {"tool": "fs_read", "args": {"path": "go.mod"}},
     {"contains": ["module example.com/fixture"]}, "fs_read", client="pi")
case("vc-proxy-args-text", V, 3, PI, "mcp", {"tool": "net_curl", "args": "{\"url\": \"{BASE}/data.json\"}"},
     {"contains": ['"items"']}, "net_curl", client="pi")
case("vc-query-object", V, 7, PI, "net_curl", {"url": "{BASE}/echo", "query": {"q": "go", "page": 2}},
     {"request": {"path": "/echo", "query_contains": "q=go"}}, "net_curl", client="pi")
case("vc-json-object", V, 7, PI, "net_curl", {"url": "{BASE}/post", "method": "POST", "json": {"a": 1}},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"a": 1}}}, "net_curl", client="pi")


def main():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(os.path.join(HERE, "cases.jsonl"), "w") as f:
        for c in CASES:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    by_v, by_c = {}, {}
    for c in CASES:
        by_v[c["vocab"]] = by_v.get(c["vocab"], 0) + 1
        by_c[c["class"]] = by_c.get(c["class"], 0) + 1
    print(len(CASES), "cases")
    print(json.dumps(by_v, indent=1))
    print(json.dumps(by_c))


if __name__ == "__main__":
    main()
