#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-8 (run by ../run.py).

Each case: id, vocab, class (1 = a coding agent's, IDE assistant's or agent
SDK's own tool vocabulary; every case here is class 1), also (for a case
that also exercises an issue-23 class: 2 = edit formats, 3 = envelopes and
raw tool-call text, 6 = curl in the agent's shell tool), source
(the public repo+path+commit the semantics come from), tool, arguments,
expect, f0_tool, and optionally setup, server_args, note (the sentence of the
source the expectation follows from).

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


def case(id, vocab, cls, source, tool, arguments, expect, f0_tool, **kw):
    also = None
    if cls != 1:
        cls, also = 1, cls
    c = {"id": id, "vocab": vocab, "class": cls, "source": source, "tool": tool,
         "arguments": arguments, "expect": expect, "f0_tool": f0_tool}
    if also:
        c["also"] = also
    c.update(kw)
    CASES.append(c)


def row(n):
    return "row %04d: value %d" % (n, n)


def rows(a, b):
    """contains rows a..b (ends), not the rows just outside."""
    e = {"contains": [row(a), row(b)], "not_contains": []}
    if a > 1:
        e["not_contains"].append(row(a - 1))
    if b < 2000:
        e["not_contains"].append(row(b + 1))
    return e


def same(path):
    return {"path": path, "same_as_fixture": True}


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
MAIN = fixture.MAIN_GO
MODELS = fixture.MODELS_PY
MOD = "module example.com/fixture"
MULTI = [r"\b3\b|three|multiple|more than once|not unique|unique|occurrences|matches|ambiguous"]
EXISTS = [r"exist|already|overwrite"]
NOTFOUND = [r"not found|no such|does not exist|doesn't exist|not exist|missing|cannot find|could not find|no match|not match"]
ITEMS = '"items"'
MD_PAGE = {"contains": ["Fixture Page", "alpha item", "doc link"], "not_contains": ["<p>", "SCRIPT_SECRET", "<li>"]}
CONFIG_DEBUG = CONFIG.replace("debug: false", "debug: true")

# ------------------------------------------------------------------ sources
PO = "https://github.com/TabbyML/pochi/blob/7bbd5c1c52eab19cdd0bf82ee698fba6601e78d8/packages/%s"
KD = ("https://github.com/kodu-ai/claude-coder/blob/78a56b1e334edbbf20dc41ab76c7f3b1facb963f/"
      "extension/src/agent/v1/%s")
SW = "https://github.com/sweepai/sweep/blob/aa3fc7de0e53dd0f39e8edf17487198fd2667772/sweepai/%s"
SW_MOD = SW % "agents/modify_utils.py"
SW_CP = SW % "core/context_pruning.py"
AI = ("https://github.com/codestoryai/sidecar/blob/26fde9e6483c984e010a844c6a6b6b5a576f0359/"
      "sidecar/src/agentic/tool/%s.rs")
QA = "https://github.com/QwenLM/Qwen-Agent/blob/31a4d36d123688581a9e9744427272b33ce940e0/qwen_agent/%s"
TR = ("https://github.com/x1xhlol/system-prompts-and-models-of-ai-tools/blob/b8e95891fe6c8f1db651a8ca4d8217f22c73849b/"
      "Traycer%20AI/plan_mode_tools.json")
OD = ("https://github.com/OpenDevin/OpenDevin/blob/68703da6fb35a045ad3d6dd9d2d0aa5bed2881bb/"
      "openhands/runtime/plugins/agent_skills/file_ops/file_ops.py")
GP = "https://github.com/Pythagora-io/gpt-pilot/blob/186f98e3a75cc0b5e33c266b0ceccce176dc43ee/core/agents/%s"

# ============================================================ Pochi (TabbyML)
V = "pochi"
RF = PO % "tools/src/read-file.ts"
AD = PO % "tools/src/apply-diff.ts"
MAD = PO % "tools/src/multi-apply-diff.ts"
case("po-read-range", V, 1, RF, "readFile", {"path": "data/long.txt", "startLine": 10, "endLine": 20},
     rows(10, 20), "fs_read", note="startLine \"(1-based)\"; endLine \"(1-based, inclusive)\"")
case("po-read-start-only", V, 1, RF, "readFile", {"path": "data/long.txt", "startLine": 1995},
     rows(1995, 2000), "fs_read", note="endLine: \"If not provided, it reads to the end of the file.\"")
case("po-read-end-only", V, 1, RF, "readFile", {"path": "data/long.txt", "endLine": 3},
     rows(1, 3), "fs_read", note="startLine: \"If not provided, it starts from the beginning of the file.\"")
case("po-read-abs", V, 1, RF, "readFile", {"path": "{ROOT}/go.mod"}, {"contains": [MOD]}, "fs_read",
     note="\"relative to the current working directory, or an absolute path\"")
case("po-applydiff-unique", V, 2, AD, "applyDiff",
     {"path": "config.yaml", "searchContent": "debug: false", "replaceContent": "debug: true"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit")
case("po-applydiff-multi", V, 2, AD, "applyDiff",
     {"path": "notes/todo.txt", "searchContent": "foo", "replaceContent": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"The tool will fail if searchContent matches multiple locations and expectedReplacements isn't specified\"")
case("po-applydiff-expected-3", V, 2, AD, "applyDiff",
     {"path": "notes/todo.txt", "searchContent": "foo", "replaceContent": "FOO", "expectedReplacements": 3},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit",
     note="\"This will replace ALL occurrences of the searchContent with the replaceContent\"")
case("po-applydiff-expected-wrong", V, 2, AD, "applyDiff",
     {"path": "notes/todo.txt", "searchContent": "foo", "replaceContent": "FOO", "expectedReplacements": 2},
     {"error": True, "because": [r"\b2\b|\b3\b|expected|count|number of|occurrences|matches"],
      "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"If the actual number of matches doesn't equal expectedReplacements, the edit will fail\"")
case("po-applydiff-create", V, 2, AD, "applyDiff",
     {"path": "notes/new.txt", "searchContent": "", "replaceContent": "brand new\n"},
     {"files": [{"path": "notes/new.txt", "equals": "brand new\n"}]}, "fs_write",
     note="\"If you want to create a new file, use: A new file path … An empty searchContent … The new file's contents as replaceContent\"")
case("po-applydiff-same", V, 2, AD, "applyDiff",
     {"path": "config.yaml", "searchContent": "debug: false", "replaceContent": "debug: false"},
     {"error": True, "because": [r"same|identical|differ|no change|unchanged|nothing"], "files": [same("config.yaml")]},
     "fs_edit", note="\"The tool will fail if searchContent and replaceContent are the same\"")
case("po-applydiff-nomatch", V, 2, AD, "applyDiff",
     {"path": "config.yaml", "searchContent": "debug: maybe", "replaceContent": "debug: true"},
     {"error": True, "because": NOTFOUND, "files": [same("config.yaml")]}, "fs_edit",
     note="\"The tool will fail if searchContent doesn't match the file contents exactly\"")
case("po-multi-apply", V, 2, MAD, "multiApplyDiff",
     {"path": "config.yaml", "edits": [{"searchContent": "port: 8080", "replaceContent": "port: 9090"},
                                       {"searchContent": "host: localhost", "replaceContent": "host: db"}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 8080", "port: 9090").replace("host: localhost", "host: db")}]},
     "fs_edit", note="\"All edits are applied in sequence, in the order they are provided\"")
case("po-multi-sequential", V, 2, MAD, "multiApplyDiff",
     {"path": "config.yaml", "edits": [{"searchContent": "debug: false", "replaceContent": "debug: on"},
                                       {"searchContent": "debug: on", "replaceContent": "debug: true"}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="\"Each edit operates on the result of the previous edit\"")
case("po-multi-atomic", V, 2, MAD, "multiApplyDiff",
     {"path": "config.yaml", "edits": [{"searchContent": "port: 8080", "replaceContent": "port: 9090"},
                                       {"searchContent": "host: nowhere", "replaceContent": "host: db"}]},
     {"error": True, "because": NOTFOUND + [r"host: nowhere"], "files": [same("config.yaml")]}, "fs_edit",
     note="\"All edits must be valid for the operation to succeed - if any edit fails, none will be applied\"")
case("po-multi-expected-all", V, 2, MAD, "multiApplyDiff",
     {"path": "notes/todo.txt", "edits": [{"searchContent": "foo", "replaceContent": "FOO", "expectedReplacements": 3},
                                          {"searchContent": "DONE", "replaceContent": "Done"}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO").replace("DONE", "Done")}]}, "fs_edit")
case("po-write-dirs", V, 1, PO % "tools/src/write-to-file.ts", "writeToFile",
     {"path": "out/deep/x.txt", "content": "hi\n"},
     {"files": [{"path": "out/deep/x.txt", "equals": "hi\n"}]}, "fs_write",
     note="\"This tool will automatically create any directories needed to write the file.\"")
case("po-write-overwrite", V, 1, PO % "tools/src/write-to-file.ts", "writeToFile",
     {"path": "notes/todo.txt", "content": "replaced\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "replaced\n"}]}, "fs_write",
     note="\"If the file exists, it will be overwritten with the provided content.\"")
case("po-list-top", V, 1, PO % "tools/src/list-files.ts", "listFiles", {"path": "internal"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="\"If recursive is false or not provided, it will only list the top-level contents.\"")
case("po-list-recursive", V, 1, PO % "tools/src/list-files.ts", "listFiles", {"path": "web", "recursive": True},
     {"contains": ["Button.jsx", "List.tsx", "utils.ts", "package.json"]}, "fs_list")
case("po-glob", V, 1, PO % "tools/src/glob-files.ts", "globFiles", {"path": ".", "globPattern": "**/*.go"},
     {"contains": ["main.go", "handler.go", "handler_test.go", "strings.go"], "not_contains": ["app.js", "models.py"]},
     "fs_find")
case("po-glob-gitignore", V, 1, PO % "tools/src/glob-files.ts", "globFiles", {"path": ".", "globPattern": "**/*.js"},
     {"contains": ["app.js", "index.js"], "not_contains": ["output.js", "Button.jsx"]}, "fs_find",
     note="\"This tool respects .gitignore, so git-ignored files are excluded from the results.\"")
case("po-search-include", V, 1, PO % "tools/src/search-files.ts", "searchFiles",
     {"path": ".", "regex": "TODO", "filePattern": "*.go"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["app.js", "todo.txt", "app.py"]}, "fs_search",
     note="\"Filter files by pattern with the include parameter (eg. \\\"*.js\\\", \\\"*.{ts,tsx}\\\")\"")
case("po-search-brace", V, 1, PO % "tools/src/search-files.ts", "searchFiles",
     {"path": "web", "regex": "export function", "filePattern": "*.{ts,tsx}"},
     {"contains": ["utils.ts", "List.tsx"], "not_contains": ["Button.jsx"]}, "fs_search")
case("po-search-regex", V, 1, PO % "tools/src/search-files.ts", "searchFiles",
     {"path": "logs", "regex": "ERROR|Error"},
     {"contains": ["connection refused", "timeout reached"], "not_contains": ["disk full"]}, "fs_search",
     note="\"Searches file contents using regular expressions\" (Rust regex: case-sensitive)")
case("po-webfetch", V, 1, PO % "vendor-pochi/src/tools/web-fetch.ts", "webFetch", {"url": "{BASE}/page.html"},
     MD_PAGE, "net_curl", note="\"Fetches the readable content of a public web page and converts HTML to markdown\"")
case("po-exec-curl", V, 6, PO % "tools/src/execute-command.ts", "executeCommand",
     {"command": "curl -s {BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl",
     note="web-fetch.ts: \"For those, use `curl` via the terminal.\"")
case("po-exec-curl-timeout-sec", V, 6, PO % "tools/src/execute-command.ts", "executeCommand",
     {"command": "curl -s '{BASE}/slow?s=1'", "timeout": 10}, {"contains": ["slow done"]}, "net_curl",
     note="ExecuteCommandDefaultTimeoutSec: \"Default timeout (in seconds) for the `executeCommand` tool\"")

# ============================================================ Kodu (claude-coder)
V = "kodu"
FE = KD % "tools/schema/file_editor_tool.ts"
FEP = KD % "prompts/tools/file-editor.ts"
case("kd-read", V, 1, KD % "tools/schema/read_file.ts", "read_file", {"path": "docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read")
case("kd-list-true-string", V, 1, KD % "tools/schema/list_files.ts", "list_files", {"path": "web", "recursive": "true"},
     {"contains": ["Button.jsx", "utils.ts"]}, "fs_list",
     note="recursive: z.enum([\"true\", \"false\"]): \"Use 'true' for recursive listing\"")
case("kd-list-false-string", V, 1, KD % "tools/schema/list_files.ts", "list_files",
     {"path": "internal", "recursive": "false"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="\"'false' or omit for top-level only\"")
case("kd-search", V, 1, KD % "tools/schema/search_files.ts", "search_files", {"path": "logs", "regex": "ERROR.*"},
     {"contains": ["connection refused"], "not_contains": ["disk full", "timeout reached"]}, "fs_search",
     note="\"Uses Rust regex syntax.\" (case-sensitive)")
case("kd-search-pattern", V, 1, KD % "tools/schema/search_files.ts", "search_files",
     {"path": "web", "regex": "function\\s+\\w+", "filePattern": "*.js"},
     {"contains": ["createApp"], "not_contains": ["formatName", "Button"]}, "fs_search")
case("kd-whole-write-new", V, 2, FE, "file_editor",
     {"path": "notes/new.md", "mode": "whole_write", "commit_message": "docs: add notes", "kodu_content": "# New\n"},
     {"files": [{"path": "notes/new.md", "equals": "# New\n"}]}, "fs_write",
     note="\"It overwrites the file if it already exists or creates a new one if it does not.\"")
case("kd-whole-write-over", V, 2, FE, "file_editor",
     {"path": "config.json", "mode": "whole_write", "commit_message": "chore: debug on",
      "kodu_content": "{\"name\": \"fixture\", \"debug\": true}\n"},
     {"files": [{"path": "config.json", "equals": "{\"name\": \"fixture\", \"debug\": true}\n"}]}, "fs_write")
case("kd-edit-conflict", V, 2, FEP, "file_editor",
     {"path": "config.yaml", "mode": "edit", "commit_message": "chore: debug on",
      "kodu_diff": "<<<<<<< HEAD\nserver:\n  port: 8080\n  debug: false\n=======\nserver:\n  port: 8080\n  debug: true\n>>>>>>> updated"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="\"Must use standard Git conflict merge format … <<<<<<< HEAD … ======= … >>>>>>> updated\"")
case("kd-edit-two-blocks", V, 2, FEP, "file_editor",
     {"path": "config.yaml", "mode": "edit", "commit_message": "chore: ports",
      "kodu_diff": ("<<<<<<< HEAD\nserver:\n  port: 8080\n  debug: false\n=======\nserver:\n  port: 9090\n  debug: false\n>>>>>>> updated\n"
                    "<<<<<<< HEAD\ndatabase:\n  host: localhost\n  port: 5432\n=======\ndatabase:\n  host: db\n  port: 5432\n>>>>>>> updated\n")},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 8080", "port: 9090").replace("host: localhost", "host: db")}]},
     "fs_edit", note="\"You may include up to 5 such blocks if multiple edits are needed, ordered from the top of the file to the bottom\"")
case("kd-edit-nomatch", V, 2, FEP, "file_editor",
     {"path": "config.yaml", "mode": "edit", "commit_message": "x",
      "kodu_diff": "<<<<<<< HEAD\nserver:\n  port: 7777\n=======\nserver:\n  port: 9090\n>>>>>>> updated"},
     {"error": True, "because": NOTFOUND, "files": [same("config.yaml")]}, "fs_edit",
     note="\"The content between <<<<<<< HEAD and ======= must exactly match the file's current content\"")
case("kd-edit-go", V, 2, FEP, "file_editor",
     {"path": "internal/util/strings.go", "mode": "edit", "commit_message": "feat: louder",
      "kodu_diff": "<<<<<<< HEAD\n// Shout upper-cases s.\nfunc Shout(s string) string {\n\treturn strings.ToUpper(s) + \"!\"\n}\n=======\n// Shout upper-cases s.\nfunc Shout(s string) string {\n\treturn strings.ToUpper(s) + \"!!!\"\n}\n>>>>>>> updated\n"},
     {"files": [{"path": "internal/util/strings.go", "equals": F["internal/util/strings.go"].replace('+ "!"', '+ "!!!"')}]},
     "fs_edit", note="\"Maintain indentation and whitespace exactly.\" (tabs kept)")
case("kd-rollback", V, 1, FEP, "file_editor", {"path": "config.yaml", "mode": "rollback"},
     {"error_mentions": ["rollback", "roll back", "undo", "revert", "history"], "files": [same("config.yaml")]}, "fs_edit",
     note="FileEditorModes = [\"edit\", \"whole_write\", \"rollback\"]; path: \"The relative path … of the file to edit, create, or roll back.\" f0 keeps no earlier versions")
case("kd-write-to-file-content", V, 1, KD % "tools/schema/write_to_file.ts", "write_to_file",
     {"path": "out/a.txt", "kodu_content": "alpha\n"},
     {"files": [{"path": "out/a.txt", "equals": "alpha\n"}]}, "fs_write",
     note="kodu_content: \"The full content to write to the file when creating a new file.\"")
case("kd-write-to-file-diff", V, 2, KD % "tools/schema/write_to_file.ts", "write_to_file",
     {"path": "config.yaml", "kodu_diff": "<<<<<<< SEARCH\n  debug: false\n=======\n  debug: true\n>>>>>>> REPLACE\n"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="\"Modifying an Existing File: Provide changes using `SEARCH/REPLACE` blocks\" (<<<<<<< SEARCH … >>>>>>> REPLACE in the doc example)")

# ============================================================ Sweep
V = "sweep"
J = "Needed for the user's request."
case("sw-make-change", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "config.yaml", "original_code": "  debug: false", "new_code": "  debug: true"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit")
case("sw-make-change-nonunique", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "notes/todo.txt", "original_code": "foo", "new_code": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"The original_code is not unique to the file … If you would like to replace all occurrences, add a `replace_all` parameter set to `true`.\"")
case("sw-make-change-replace-all", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "notes/todo.txt", "original_code": "foo", "new_code": "FOO", "replace_all": "true"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit",
     note="replace_all = tool_call.get(\"replace_all\", \"false\").strip() == \"true\" … file_contents.replace(original_code, new_code)")
case("sw-make-change-newlines", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "config.yaml", "original_code": "\n  debug: false\n", "new_code": "\n  debug: true\n"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="original_code = strip_triple_quotes(tool_call[\"original_code\"]).strip(\"\\n\") (the XML tags put the code on its own lines)")
case("sw-make-change-fenced", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "py/models.py",
      "original_code": "```\n    def greet(self):\n        return \"Hello, \" + self.name\n```",
      "new_code": "```\n    def greet(self):\n        return \"Hi, \" + self.name\n```"},
     {"files": [{"path": "py/models.py", "equals": MODELS.replace('"Hello, "', '"Hi, "')}]}, "fs_edit",
     note="strip_triple_quotes(…) on both original_code and new_code")
case("sw-make-change-same", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "config.yaml", "original_code": "  debug: false", "new_code": "  debug: false"},
     {"error": True, "because": [r"same|identical|differ|no change|unchanged|nothing"], "files": [same("config.yaml")]},
     "fs_edit", note="\"The new_code and original_code are the same.\"")
case("sw-make-change-missing-file", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "py/nothere.py", "original_code": "x = 1", "new_code": "x = 2"},
     {"error": True, "because": NOTFOUND, "files": [{"path": "py/nothere.py", "exists": False}]}, "fs_edit",
     note="\"The file {file_name} does not exist. Make sure that you have spelled the file name correctly!\"")
case("sw-make-change-empty-original", V, 2, SW_MOD, "make_change",
     {"justification": J, "file_name": "py/app.py", "original_code": "", "new_code": "import sys\n"},
     {"error": True, "because": [r"empty|original_code|old|required|must"], "files": [same("py/app.py")]}, "fs_edit",
     note="EMPTY_ORIGINAL_CODE_PROMPT: \"The original_code variable is empty. It MUST contain a valid section of code\"")
case("sw-create-file", V, 1, SW_MOD, "create_file",
     {"file_name": "py/utils.py", "new_code": "def add(a, b):\n    return a + b\n", "justification": J},
     {"files": [{"path": "py/utils.py", "contains": ["def add(a, b):", "    return a + b"]}]}, "fs_write")
case("sw-view-files", V, 1, SW_CP, "view_files",
     {"analysis": "See the models.", "first_file_path": "py/app.py", "second_file_path": "py/models.py"},
     {"contains": ["def main():", "class Admin(User):"]}, "fs_read",
     note="\"Retrieves the contents of the specified file(s). … You may view three files per tool call.\"")
case("sw-view-files-three", V, 1, SW_CP, "view_files",
     {"analysis": "See the server.", "first_file_path": "main.go", "second_file_path": "internal/server/server.go",
      "third_file_path": "internal/server/handler.go"},
     {"contains": ["starting server on", "ListenAndServe", "HealthHandler reports liveness"]}, "fs_read")
case("sw-code-search", V, 1, SW_CP, "code_search", {"analysis": "Find greet.", "code_entity": "def greet"},
     {"contains": ["models.py"], "not_contains": ["app.js"]}, "fs_search",
     note="\"Passes the code_entity into ripgrep to search the entire codebase and return a list of files and line numbers where it appears.\"")
case("sw-code-search-func", V, 1, SW_CP, "code_search", {"analysis": "Find Reverse.", "code_entity": "func Reverse"},
     {"contains": ["strings.go"], "not_contains": ["handler.go"]}, "fs_search")

# ============================================================ Aide (codestoryai sidecar)
V = "aide"
case("ai-read", V, 1, AI % "lsp/open_file", "read_file", {"fs_file_path": "{ROOT}/py/models.py"},
     {"contains": ["class Admin(User):"]}, "fs_read", note="\"fs_file_path: (required) The ABSOLUTE path of the file to read.\"")
case("ai-list-top", V, 1, AI % "lsp/list_files", "list_files", {"directory_path": "{ROOT}/internal", "recursive": False},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="\"If recursive is false, it will only list the top-level contents.\"")
case("ai-list-recursive", V, 1, AI % "lsp/list_files", "list_files", {"directory_path": "{ROOT}/internal", "recursive": True},
     {"contains": ["handler.go", "handler_test.go", "strings.go"]}, "fs_list")
case("ai-list-recursive-string", V, 1, AI % "lsp/list_files", "list_files",
     {"directory_path": "{ROOT}/web", "recursive": "true"},
     {"contains": ["Button.jsx", "utils.ts"]}, "fs_list",
     note="the usage is XML: <recursive>\\ntrue or false\\n</recursive>, so the value arrives as text")
case("ai-find-test", V, 1, AI % "lsp/find_files", "find_file", {"pattern": "**/*_test*"},
     {"contains": ["handler_test.go"], "not_contains": ["strings.go", "server.go", "models.py"]}, "fs_find",
     note="\"glob patterns … which will all be passed in with -ipath\"")
case("ai-find-ipath", V, 1, AI % "lsp/find_files", "find_file", {"pattern": "**/*.MD"},
     {"contains": ["guide.md", "api.md"], "not_contains": ["config.yaml"]}, "fs_find",
     note="find -ipath: the match ignores case")
case("ai-find-dir-pattern", V, 1, AI % "lsp/find_files", "find_file", {"pattern": "internal/**/*.go"},
     {"contains": ["server.go", "handler.go", "strings.go"], "not_contains": ["main.go"]}, "fs_find",
     note="\"The patterns provided should match the relative paths from the root directory.\"")
case("ai-grep", V, 1, AI % "lsp/search_file", "grep_string",
     {"directory_path": "{ROOT}", "regex_pattern": "func \\w+Handler", "file_pattern": "*.go"},
     {"contains": ["HealthHandler", "UsersHandler"], "not_contains": ["func Reverse"]}, "fs_search",
     note="\"regex_pattern: … Uses Rust regex syntax. file_pattern: (optional) Glob pattern to filter files\"")
case("ai-grep-case", V, 1, AI % "lsp/search_file", "grep_string",
     {"directory_path": "{ROOT}/logs", "regex_pattern": "error"},
     {"contains": ["disk full"], "not_contains": ["connection refused", "timeout reached"]}, "fs_search")
case("ai-code-edit-instruction", V, 2, AI % "code_edit/types", "code_edit_input",
     {"fs_file_path": "{ROOT}/internal/util/strings.go", "instruction": "Rename the function Shout to Yell and update its doc comment."},
     {"error_mentions": ["instruction", "fs_edit", "edits", "old"], "files": [same("internal/util/strings.go")]}, "fs_edit",
     note="\"instruction: (required) The edit instruction\": the edit is written by a model from the instruction; f0 has none")

# ============================================================ Qwen-Agent
V = "qwen-agent"
ST = QA % "tools/storage.py"
case("qa-storage-put", V, 1, ST, "storage", {"operate": "put", "key": "/notes/memo.txt", "value": "remember\n"},
     {"files": [{"path": "notes/memo.txt", "equals": "remember\n"}]}, "fs_write",
     note="\"数据的路径，类似于文件路径 … 默认根目录为`/`\" (the key is a path under the storage root, here the served root); if key.startswith('/'): key = key[1:]")
case("qa-storage-put-nested", V, 1, ST, "storage", {"operate": "put", "key": "kv/users/alice", "value": "30"},
     {"files": [{"path": "kv/users/alice", "equals": "30"}]}, "fs_write",
     note="put: os.makedirs(path_dir, exist_ok=True); save_text_to_file(path, value)")
case("qa-storage-get", V, 1, ST, "storage", {"operate": "get", "key": "/docs/api.md"},
     {"contains": ["GET /health returns ok."]}, "fs_read")
case("qa-storage-get-missing", V, 1, ST, "storage", {"operate": "get", "key": "/nothere.txt"},
     {"error": True, "because": NOTFOUND}, "fs_read",
     note="raise KeyNotExistsError(f'Get Failed: {key} does not exist')")
case("qa-storage-scan", V, 1, ST, "storage", {"operate": "scan", "key": "/docs"},
     {"contains": ["guide.md", "api.md", "GET /health returns ok.", "Edit config.yaml to change the port."]}, "fs_read",
     note="scan: \"All key-value pairs\" … '\\n'.join([f'{k}: {v}' …]): every file under the folder, with its content")
case("qa-storage-scan-file", V, 1, ST, "storage", {"operate": "scan", "key": "/docs/api.md"},
     {"error": True, "because": [r"folder|director|not a dir"]}, "fs_list",
     note="'Scan Failed: The scan operation requires passing in a folder path as the key.'")
case("qa-storage-delete", V, 1, ST, "storage", {"operate": "delete", "key": "/debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("qa-storage-delete-missing", V, 1, ST, "storage", {"operate": "delete", "key": "/nothere.log"},
     {"error": True, "because": NOTFOUND}, "fs_delete", server_args=ADMIN,
     note="f'Delete Failed: {key} does not exist'")
case("qa-web-extractor", V, 1, QA % "tools/web_extractor.py", "web_extractor", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<p>", "<li>"]}, "net_curl",
     note="'Get content of one webpage.' → SimpleDocParser().call({'url': url}) (parsed text, not markup)")
case("qa-fncall-in-name", V, 3, QA % "llm/fncall_prompts/qwen_fncall_prompt.py",
     "storage\n✿ARGS✿: {\"operate\": \"get\", \"key\": \"/docs/api.md\"}", {},
     {"contains": ["GET /health returns ok."]}, "fs_read",
     note="FN_NAME = '✿FUNCTION✿', FN_ARGS = '✿ARGS✿': the text after ✿FUNCTION✿: left whole in the tool name")

# ============================================================ Traycer
V = "traycer"
case("tr-read-paths", V, 1, TR, "read_file",
     {"paths": [{"path": "{ROOT}/go.mod", "includeDiagnostics": False}, {"path": "{ROOT}/config.json", "includeDiagnostics": False}]},
     {"contains": [MOD, "\"retries\": 3"]}, "fs_read", note="read_file: \"Read the contents of files at the specified paths.\"")
case("tr-read-paths-json", V, 3, TR, "read_file",
     {"paths": json.dumps([{"path": "{ROOT}/go.mod", "includeDiagnostics": False}, {"path": "{ROOT}/docs/api.md", "includeDiagnostics": False}])},
     {"contains": [MOD, "GET /users returns"]}, "fs_read", note="paths: \"jsonParse\": true (the array may come as JSON text)")
case("tr-partial", V, 1, TR, "read_partial_file",
     {"paths": [{"path": "{ROOT}/data/long.txt", "startLine": 100, "numberOfLines": 300, "includeDiagnostics": False}]},
     rows(100, 399), "fs_read",
     note="startLine: \"The starting line number to read from (1-indexed)\"; numberOfLines: \"The number of lines to read from the start line.\"")
case("tr-partial-json-eof", V, 3, TR, "read_partial_file",
     {"paths": json.dumps([{"path": "{ROOT}/data/long.txt", "startLine": 1801, "numberOfLines": 300, "includeDiagnostics": False}])},
     rows(1801, 2000), "fs_read")
case("tr-partial-two", V, 1, TR, "read_partial_file",
     {"paths": [{"path": "{ROOT}/data/long.txt", "startLine": 1, "numberOfLines": 300, "includeDiagnostics": False},
                {"path": "{ROOT}/main.go", "startLine": 10, "numberOfLines": 300, "includeDiagnostics": False}]},
     {"contains": [row(1), row(300), "func main() {"], "not_contains": [row(301), "package main"]}, "fs_read")
case("tr-list-top", V, 1, TR, "list_dir", {"path": "{ROOT}/internal", "recursive": False},
     {"contains": ["server", "util"], "not_contains": ["handler.go"]}, "fs_list",
     note="recursive: \"Use 'true' for recursive listing, 'false' or omit for top-level only.\"")
case("tr-list-recursive", V, 1, TR, "list_dir", {"path": "{ROOT}/py", "recursive": True},
     {"contains": ["app.py", "models.py", "test_models.py", "requirements.txt"]}, "fs_list")
case("tr-file-search", V, 1, TR, "file_search", {"pattern": "handler"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["strings.go"]}, "fs_find",
     note="\"Fast file search based on fuzzy matching against file path.\"")
case("tr-grep-include", V, 1, TR, "grep_search", {"regex": "TODO", "includePattern": "*.js"},
     {"contains": ["app.js"], "not_contains": ["handler.go", "todo.txt", "app.py"]}, "fs_search",
     note="includePattern: \"Glob pattern for files to include (e.g., '*.ts' for TypeScript files).\"")
case("tr-grep-null", V, 1, TR, "grep_search", {"regex": "ListenAndServe", "includePattern": None},
     {"contains": ["server.go"]}, "fs_search",
     note="includePattern anyOf string | null, required: \"If not provided, it will search all files (*).\"")
case("tr-grep-regex", V, 1, TR, "grep_search", {"regex": "port: \\d{4}$", "includePattern": "*.yaml"},
     {"contains": ["8080", "5432"]}, "fs_search")

# ============================================================ OpenDevin agent skills (CodeAct)
V = "opendevin-skills"
case("od-open-file", V, 1, OD, "open_file", {"path": "data/long.txt"},
     rows(1, 100), "fs_read", note="\"It only shows the first 100 lines by default!\"")
case("od-open-file-line", V, 1, OD, "open_file", {"path": "data/long.txt", "line_number": 500},
     rows(450, 550), "fs_read",
     note="\"with line_number as the center (if possible)\": half_window = window // 2; start = line - 50, end = line + 50")
case("od-open-file-context", V, 1, OD, "open_file", {"path": "data/long.txt", "line_number": 1000, "context_lines": 20},
     rows(990, 1010), "fs_read", note="context_lines: \"Only shows this number of lines in the context window … with line_number as the center\"")
case("od-open-file-past-end", V, 1, OD, "open_file", {"path": "data/long.txt", "line_number": 5000},
     {"error": True, "because": [r"between|range|2000|exceed|past|beyond|only|lines"]}, "fs_read",
     note="_output_error(f'Line number must be between 1 and {total_lines}')")
case("od-create-file", V, 1, OD, "create_file", {"filename": "notes/new.txt"},
     {"files": [{"path": "notes/new.txt", "exists": True}]}, "fs_write", note="\"Creates and opens a new file with the given name.\"")
case("od-create-file-exists", V, 1, OD, "create_file", {"filename": "notes/todo.txt"},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt")]}, "fs_write",
     note="_output_error(f\"File '{filename}' already exists.\")")
case("od-replace", V, 2, OD, "edit_file_by_replace",
     {"file_name": "config.yaml", "to_replace": "  debug: false", "new_content": "  debug: true"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit")
case("od-replace-multi", V, 2, OD, "edit_file_by_replace",
     {"file_name": "notes/todo.txt", "to_replace": "foo", "new_content": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="'`to_replace` appears more than once, please include enough lines to make code in `to_replace` unique.'")
case("od-replace-empty", V, 2, OD, "edit_file_by_replace",
     {"file_name": "config.yaml", "to_replace": "", "new_content": "x: 1"},
     {"error": True, "because": [r"empty|to_replace|old|required|must"], "files": [same("config.yaml")]}, "fs_edit",
     note="_output_error('`to_replace` must not be empty.')")
case("od-replace-multiline", V, 2, OD, "edit_file_by_replace",
     {"file_name": "py/models.py", "to_replace": "    def greet(self):\n        return \"Hello, \" + self.name",
      "new_content": "    def greet(self):\n        return \"Hi, \" + self.name"},
     {"files": [{"path": "py/models.py", "equals": MODELS.replace('"Hello, "', '"Hi, "')}]}, "fs_edit")
case("od-insert", V, 2, OD, "insert_content_at_line",
     {"file_name": "notes/todo.txt", "line_number": 2, "content": "inserted"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\ninserted\nfoo bar foo\nbaz foo qux\nDONE: setup\n"}]},
     "fs_edit", note="docstring example: insert_content_at_line('file.txt', 2, 'new line') gives line 1 / new line / line 2 / line 3")
case("od-insert-first", V, 2, OD, "insert_content_at_line",
     {"file_name": "notes/todo.txt", "line_number": 1, "content": "# header"},
     {"files": [{"path": "notes/todo.txt", "equals": "# header\n" + TODO}]}, "fs_edit",
     note="new_lines = lines[: start - 1] + inserted_lines + lines[start - 1 :]")
case("od-append", V, 2, OD, "append_file", {"file_name": "notes/todo.txt", "content": "appended line\n"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO + "appended line\n"}]}, "fs_write",
     note="\"It appends text `content` to the end of the specified file\"")
case("od-append-missing", V, 2, OD, "append_file", {"file_name": "notes/nothere.txt", "content": "x\n"},
     {"error": True, "because": NOTFOUND + [r"invalid path"], "files": [{"path": "notes/nothere.txt", "exists": False}]},
     "fs_write", note="_edit_file_impl: if not _is_valid_path(file_name): _output_error('Invalid path or file name.')")
case("od-search-dir", V, 1, OD, "search_dir", {"search_term": "TODO", "dir_path": "internal"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["app.js", "todo.txt"]}, "fs_search")
case("od-search-dir-default", V, 1, OD, "search_dir", {"search_term": "func Reverse"},
     {"contains": ["strings.go"]}, "fs_search", note="search_dir(search_term: str, dir_path: str = './')")
case("od-search-dir-literal", V, 1, OD, "search_dir", {"search_term": "ToUpper(s) + \"!\"", "dir_path": "internal"},
     {"contains": ["strings.go"]}, "fs_search", note="if search_term in line: (a substring, not a pattern)")
case("od-search-dir-case", V, 1, OD, "search_dir", {"search_term": "error", "dir_path": "logs"},
     {"contains": ["disk full"], "not_contains": ["connection refused", "timeout reached"]}, "fs_search")
case("od-search-file", V, 1, OD, "search_file", {"search_term": "foo", "file_path": "notes/todo.txt"},
     {"contains": ["foo bar foo", "baz foo qux"], "not_contains": ["write docs", "DONE: setup"]}, "fs_search")
case("od-find-file", V, 1, OD, "find_file", {"file_name": "handler", "dir_path": "internal"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["strings.go", "server.go"]}, "fs_find",
     note="if file_name in file: (part of the name)")
case("od-find-file-default", V, 1, OD, "find_file", {"file_name": "deep.txt"},
     {"contains": ["a/b/c/deep.txt"]}, "fs_find")
case("od-goto-line", V, 1, OD, "goto_line", {"line_number": 10},
     {"error_mentions": ["open_file", "no file", "path", "which file"]}, "fs_read",
     note="goto_line moves the window of the file open_file opened: _check_current_file(): 'No file open. Use the open_file function first.'")

# ============================================================ gpt-pilot (Pythagora)
V = "gpt-pilot"
case("gp-read-files-f0", V, 3, GP % "mixins.py", "fs_read", {"read_files": ["py/app.py", "py/models.py"]},
     {"contains": ["def main():", "class Admin(User):"]}, "fs_read",
     note="ReadFilesAction.read_files: \"List of files you want to read.\" (the action sent under f0's read tool)")
case("gp-save-file-no-content", V, 1, GP % "developer.py", "save_file",
     {"type": "save_file", "save_file": {"path": "py/utils.py"}, "related_api_endpoints": []},
     {"error_mentions": ["content"], "files": [{"path": "py/utils.py", "exists": False}]}, "fs_write",
     note="class SaveFileOptions(BaseModel): path: str — the step names the file only; its code is written later by another agent")
case("gp-command-curl", V, 6, GP % "developer.py", "command",
     {"type": "command", "command": {"command": "curl -s {BASE}/data.json", "timeout": 10, "success_message": ""}},
     {"contains": [ITEMS]}, "net_curl", note="CommandOptions.timeout: \"Timeout in seconds\"")

# ============================================================ Kilo Code
V = "kilo-code"
KL = "https://github.com/Kilo-Org/kilocode/blob/%s/src/core/prompts/tools/%s"
KL_RF = KL % ("b5179fa564bc9b7dc0d58d5a94cc44569ec5a9c2", "native-tools/read_file.ts")
KL_AD = KL % ("1031bba9b92ebaff4a8974749924f1f6a1634778", "native-tools/simple_apply_diff.ts")
KL_EF = KL % ("7ea2be8b43c8e41e4a8ea2a14465759df4947793", "edit-file.ts")
case("kl-read-ranges", V, 1, KL_RF, "read_file",
     {"files": [{"path": "data/long.txt", "line_ranges": [[1, 5], [100, 102]]}]},
     {"contains": [row(1), row(5), row(100), row(102)], "not_contains": [row(6), row(99), row(103)]}, "fs_read",
     note="\"Each range is a [start, end] tuple (1-based inclusive). Use multiple ranges for non-contiguous sections.\"")
case("kl-read-null-ranges", V, 1, KL_RF, "read_file", {"files": [{"path": "go.mod", "line_ranges": None}]},
     {"contains": [MOD]}, "fs_read", note="line_ranges type [\"array\", \"null\"]: \"Optional properties are handled by having type: [\\\"...\\\", \\\"null\\\"]\"")
case("kl-read-two-files", V, 1, KL_RF, "read_file",
     {"files": [{"path": "data/long.txt", "line_ranges": [[1998, 2000]]}, {"path": "config.json", "line_ranges": None}]},
     {"contains": [row(1998), row(2000), "\"retries\": 3"], "not_contains": [row(1997)]}, "fs_read",
     note="\"Example multiple files: { files: [{ path: 'file1.ts', line_ranges: [[1, 50]] }, { path: 'file2.ts' }] }\"")
case("kl-apply-diff", V, 2, KL_AD, "apply_diff",
     {"path": "config.yaml", "diffs": [{"startLine": 3, "originalContent": "  debug: false", "replacement": "  debug: true"}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit")
case("kl-apply-diff-two", V, 2, KL_AD, "apply_diff",
     {"path": "config.yaml", "diffs": [{"startLine": 2, "originalContent": "  port: 8080", "replacement": "  port: 9090"},
                                       {"startLine": 5, "originalContent": "  host: localhost", "replacement": "  host: db"}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 8080", "port: 9090").replace("host: localhost", "host: db")}]},
     "fs_edit", note="\"An array containing one or more search/replace blocks defining the changes.\"")
case("kl-apply-diff-startline", V, 2, KL_AD, "apply_diff",
     {"path": "notes/todo.txt", "diffs": [{"startLine": 3, "originalContent": "foo", "replacement": "FOO"}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("baz foo qux", "baz FOO qux")}]}, "fs_edit",
     note="startLine: \"Indicates the starting line number of the original content.\" (convertToDiff writes it as :start_line:3: the match on line 3)")
case("kl-apply-diff-nomatch", V, 2, KL_AD, "apply_diff",
     {"path": "config.yaml", "diffs": [{"startLine": 3, "originalContent": "  debug: maybe", "replacement": "  debug: true"}]},
     {"error": True, "because": NOTFOUND, "files": [same("config.yaml")]}, "fs_edit",
     note="originalContent: \"Must match the existing content exactly, including whitespace and indentation.\"")
case("kl-edit-file-fast-apply", V, 2, KL_EF, "edit_file",
     {"target_file": "{ROOT}/config.yaml", "instructions": "I will turn debug on",
      "code_edit": "server:\n  port: 8080\n  debug: true\n# ... existing code ..."},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="\"Represent unchanged code with a placeholder comment (e.g., `// ... existing code ...`, `# ... unchanged code ...`).\"")
case("kl-edit-file-fast-apply-go", V, 2, KL_EF, "edit_file",
     {"target_file": "{ROOT}/main.go", "instructions": "I will change the default port to 9090",
      "code_edit": "// ... existing code ...\n\tif addr == \"\" {\n\t\taddr = \":9090\"\n\t}\n// ... existing code ..."},
     {"files": [{"path": "main.go", "equals": MAIN.replace('":8080"', '":9090"')}]}, "fs_edit",
     note="\"Include 1-3 lines of original, unchanged code to anchor the edit.\" The placeholders must not be written into the file")

# ============================================================ Dify built-in tools
V = "dify"
DF = ("https://github.com/langgenius/dify/blob/5fdda0f20ff022d2f7121dab1a319aff01b9ef36/"
      "api/core/tools/builtin_tool/providers/webscraper/tools/webscraper.yaml")
case("df-webscraper", V, 1, DF, "webscraper", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<li>", "<p>"]}, "net_curl",
     note="llm: \"A tool for scraping webpages. Input should be a URL.\"")
case("df-webscraper-ua", V, 1, DF, "webscraper", {"url": "{BASE}/echo", "user_agent": "FixtureBot/1.0"},
     {"request": {"path": "/echo", "method": "GET", "headers": {"User-Agent": "FixtureBot/1.0"}}}, "net_curl",
     note="user_agent: \"used for identifying the browser.\"")
case("df-webscraper-summary", V, 1, DF, "webscraper", {"url": "{BASE}/page.html", "generate_summary": True},
     {"error_mentions": ["summary", "summar"]}, "net_curl",
     note="generate_summary: \"If true, the crawler will only return the page summary content.\" (a model writes the summary; f0 has none)")

# ============================================================ Agentless
V = "agentless"
AGL = ("https://github.com/OpenAutoCoder/Agentless/blob/12d2248528d7df05958e19f8924084bec1fafa8e/"
       "agentless/repair/repair.py")
case("ag-edit-line", V, 2, AGL, "edit_file", {"filename": "config.yaml", "start": 3, "end": 3, "content": "  debug: true"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="\"It replaces lines `start` through `end` (inclusive) with the given text `content`\"")
case("ag-edit-range", V, 2, AGL, "edit_file", {"filename": "notes/todo.txt", "start": 2, "end": 3, "content": "middle"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nmiddle\nDONE: setup\n"}]}, "fs_edit")
case("ag-edit-past-end", V, 2, AGL, "edit_file", {"filename": "notes/todo.txt", "start": 4, "end": 9, "content": "x"},
     {"error": True, "because": [r"\bend\b|range|lines|exceed|beyond|past|only 4|\b4\b"], "files": [same("notes/todo.txt")]},
     "fs_edit", note="end: \"Must satisfy start <= end <= number of lines in the file.\"")
case("ag-edit-reversed", V, 2, AGL, "edit_file", {"filename": "notes/todo.txt", "start": 3, "end": 2, "content": "x"},
     {"error": True, "because": [r"start|end|range|before|greater|less"], "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"Must satisfy start <= end\"")
case("ag-sr-f0", V, 2, AGL, "fs_edit",
     {"patch": "```python\n### config.yaml\n<<<<<<< SEARCH\n  debug: false\n=======\n  debug: true\n>>>>>>> REPLACE\n```"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit",
     note="\"Every *SEARCH/REPLACE* edit must use this format: 1. The file path 2. … <<<<<<< SEARCH … Wrap the *SEARCH/REPLACE* edit in blocks ```python...```\" (sent as f0's patch)")
case("ag-sr-f0-path", V, 2, AGL, "fs_edit",
     {"path": "py/models.py",
      "patch": "<<<<<<< SEARCH\n    def greet(self):\n        return \"Hello, \" + self.name\n=======\n    def greet(self):\n        return \"Hi, \" + self.name\n>>>>>>> REPLACE"},
     {"files": [{"path": "py/models.py", "equals": MODELS.replace('"Hello, "', '"Hi, "')}]}, "fs_edit")
case("ag-sr-f0-two-files", V, 2, AGL, "fs_edit",
     {"patch": ("```python\n### config.yaml\n<<<<<<< SEARCH\n  debug: false\n=======\n  debug: true\n>>>>>>> REPLACE\n```\n"
                "```python\n### py/requirements.txt\n<<<<<<< SEARCH\npytest==8.0.0\n=======\npytest==8.1.0\n>>>>>>> REPLACE\n```")},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG},
                {"path": "py/requirements.txt", "equals": fixture.REQUIREMENTS.replace("8.0.0", "8.1.0")}]}, "fs_edit",
     note="each edit starts with its own file path line")

# ============================================================ more cases of the vocabularies above
case("po-exec-curl-post", "pochi", 6, PO % "tools/src/execute-command.ts", "executeCommand",
     {"command": "curl -s -X POST -H 'Content-Type: application/json' -d '{\"a\": 1}' {BASE}/post"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"a": 1}}, "posts": 1}, "net_curl")
case("qa-storage-put-overwrite", "qwen-agent", 1, ST, "storage", {"operate": "put", "key": "/notes/todo.txt", "value": "new\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "new\n"}]}, "fs_write", note="put: save_text_to_file(path, value) (one file for one key value pair)")
case("kd-whole-write-dirs", "kodu", 2, FE, "file_editor",
     {"path": "docs/sub/dir/new.md", "mode": "whole_write", "commit_message": "docs: nested", "kodu_content": "nested\n"},
     {"files": [{"path": "docs/sub/dir/new.md", "equals": "nested\n"}]}, "fs_write")
case("ai-read-missing", "aide", 1, AI % "lsp/open_file", "read_file", {"fs_file_path": "{ROOT}/py/nothere.py"},
     {"error": True, "because": NOTFOUND}, "fs_read")
case("ai-grep-all", "aide", 1, AI % "lsp/search_file", "grep_string",
     {"directory_path": "{ROOT}/py", "regex_pattern": "def (main|greet)"},
     {"contains": ["app.py", "models.py"], "not_contains": ["test_models.py"]}, "fs_search",
     note="file_pattern: \"If not provided, it will search all files (*).\"")
case("od-open-file-missing", "opendevin-skills", 1, OD, "open_file", {"path": "py/nothere.py"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="_output_error(f'File {path} not found.')")
case("od-search-file-literal", "opendevin-skills", 1, OD, "search_file",
     {"search_term": "[]string{", "file_path": "internal/server/handler.go"},
     {"contains": ["alice"]}, "fs_search", note="if search_term in line: (a substring, not a pattern)")
case("tr-file-search-path", "traycer", 1, TR, "file_search", {"pattern": "components/List"},
     {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find",
     note="\"Use if you know part of the file path but don't know where it's located exactly.\"")
case("sw-view-files-missing", "sweep", 1, SW_CP, "view_files",
     {"analysis": "x", "first_file_path": "py/nothere.py"},
     {"error": True, "because": NOTFOUND}, "fs_read")


# ============================================================ LangChain Deep Agents (filesystem middleware)
V = "deepagents"
DA = ("https://github.com/langchain-ai/deepagents/blob/23b83ad50f63d241d0069a3dc426d43b211adf2e/"
      "libs/deepagents/deepagents/middleware/filesystem.py")
DA_FS = ("https://github.com/langchain-ai/deepagents/blob/23b83ad50f63d241d0069a3dc426d43b211adf2e/"
         "libs/deepagents/deepagents/backends/filesystem.py")
case("da-read-default", V, 1, DA, "read_file", {"file_path": "{ROOT}/data/long.txt"},
     rows(1, 100), "fs_read", note="\"By default, it reads up to 100 lines starting from the beginning of the file\" (DEFAULT_READ_LIMIT = 100)")
case("da-read-offset", V, 1, DA, "read_file", {"file_path": "{ROOT}/data/long.txt", "offset": 10, "limit": 5},
     rows(11, 15), "fs_read",
     note="offset: \"Line number to start reading from (0-indexed).\" \"Results are returned with line numbers starting at `offset` + 1\"")
case("da-read-first-line", V, 1, DA, "read_file", {"file_path": "{ROOT}/data/long.txt", "offset": 0, "limit": 1},
     rows(1, 1), "fs_read")
case("da-read-missing", V, 1, DA, "read_file", {"file_path": "{ROOT}/py/nothere.py"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="\"reading a missing file returns an error.\"")
case("da-edit", V, 2, DA, "edit_file",
     {"file_path": "{ROOT}/config.yaml", "old_string": "debug: false", "new_string": "debug: true"},
     {"files": [{"path": "config.yaml", "equals": CONFIG_DEBUG}]}, "fs_edit")
case("da-edit-nonunique", V, 2, DA, "edit_file",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="old_string: \"Must be unique in the file unless replace_all is True.\"")
case("da-edit-replace-all", V, 2, DA, "edit_file",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("da-edit-same", V, 2, DA, "edit_file",
     {"file_path": "{ROOT}/config.yaml", "old_string": "debug: false", "new_string": "debug: false"},
     {"error": True, "because": [r"same|identical|differ|no change|unchanged|nothing"], "files": [same("config.yaml")]},
     "fs_edit", note="new_string: \"Must be different from old_string.\"")
case("da-write-over", V, 1, DA, "write_file", {"file_path": "{ROOT}/config.json", "content": "{}\n"},
     {"files": [{"path": "config.json", "equals": "{}\n"}]}, "fs_write",
     note="\"Creates the file if it does not exist; replaces it entirely if it does.\"")
case("da-ls", V, 1, DA_FS, "ls", {"path": "{ROOT}/internal"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="\"List files and directories in the specified directory (non-recursive).\"")
case("da-glob-bare", V, 1, DA, "glob", {"pattern": "*.md", "path": "{ROOT}"},
     {"contains": ["README.md", "guide.md", "api.md"], "not_contains": ["config.yaml"]}, "fs_find",
     note="\"A pattern without `/` matches the file name at any depth under the search root\"")
case("da-glob-anchored", V, 1, DA, "glob", {"pattern": "/*.md", "path": "{ROOT}"},
     {"contains": ["README.md"], "not_contains": ["guide.md", "api.md"]}, "fs_find",
     note="\"A leading `/` anchors to the search root (`/*.py` matches only top-level Python files).\"")
case("da-glob-brace", V, 1, DA, "glob", {"pattern": "*.{yml,yaml}", "path": "{ROOT}"},
     {"contains": ["config.yaml"], "not_contains": ["config.json"]}, "fs_find",
     note="\"`{a,b}` (alternatives), e.g. … `*.{yml,yaml}`\"")
case("da-glob-dot", V, 1, DA, "glob", {"pattern": "*.txt", "path": "{ROOT}"},
     {"contains": ["todo.txt", "deep.txt"], "not_contains": ["secret.txt"]}, "fs_find",
     note="\"Leading-dot names are only matched when the pattern segment itself starts with `.`\"")
case("da-grep-literal", V, 1, DA, "grep", {"pattern": "ToUpper(s) + \"!\"", "path": "{ROOT}/internal"},
     {"contains": ["strings.go"]}, "fs_search",
     note="\"The pattern is matched verbatim: regex metacharacters are ordinary characters, not operators.\"")
case("da-grep-literal-bracket", V, 1, DA, "grep", {"pattern": "[]string{", "path": "{ROOT}"},
     {"contains": ["handler.go"], "not_contains": ["strings.go"]}, "fs_search")
case("da-grep-content", V, 1, DA, "grep", {"pattern": "TODO", "path": "{ROOT}/internal", "output_mode": "content"},
     {"contains": ["handler.go", "load users from the database", "handler_test.go"]}, "fs_search",
     note="'content': matching lines grouped by file under a '<path>:' header")
case("da-grep-count", V, 1, DA, "grep", {"pattern": "ERROR", "path": "{ROOT}/logs", "output_mode": "count"},
     {"regex": [r"app\.txt\D{0,5}1\b"]}, "fs_search", note="'count': one '<path>: <match_count>' line per file.")
case("da-grep-glob", V, 1, DA, "grep", {"pattern": "TODO", "path": "{ROOT}", "glob": "*.py"},
     {"contains": ["app.py"], "not_contains": ["handler.go", "app.js", "todo.txt"]}, "fs_search",
     note="glob: \"A pattern without '/' matches the file name at any depth\"")
case("da-delete-dir", V, 1, DA, "delete", {"file_path": "{ROOT}/a"},
     {"files": [{"path": "a", "exists": False}]}, "fs_delete", server_args=ADMIN,
     note="\"Deleting a directory removes it and everything inside it, recursively.\"")
case("da-execute-curl", V, 6, DA, "execute", {"command": "curl -s {BASE}/data.json", "timeout": 10},
     {"contains": [ITEMS]}, "net_curl", note="timeout: \"Optional timeout in seconds for this command.\"")


def main():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(os.path.join(HERE, "cases.jsonl"), "w") as f:
        for c in CASES:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    by_v, by_c = {}, {}
    for c in CASES:
        by_v[c["vocab"]] = by_v.get(c["vocab"], 0) + 1
        k = str(c["class"]) + ("+%s" % c["also"] if c.get("also") else "")
        by_c[k] = by_c.get(k, 0) + 1
    print(len(CASES), "cases,", len(by_v), "vocabularies")
    print(json.dumps(by_v, indent=1))
    print(json.dumps(by_c))


if __name__ == "__main__":
    main()
