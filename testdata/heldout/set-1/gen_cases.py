#!/usr/bin/env python3
"""Writes cases.jsonl. Each case is a call a model trained on another agent would
plausibly send to f0, with the correct outcome judged from that agent's own
published tool definition (cited in "source")."""

import json
import os

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the shared fixture.py
import fixture as F

HERE = os.path.dirname(os.path.abspath(__file__))
X1 = "x1xhlol/system-prompts-and-models-of-ai-tools@b8e95891 "
SRC = {
    "opencode": "anomalyco/opencode (ex sst/opencode) packages/opencode/src/tool/",
    "crush": "charmbracelet/crush@37f36e93 internal/agent/tools/",
    "codex": "openai/codex codex-rs/core/src/tools/handlers/",
    "qwen-code": "QwenLM/qwen-code packages/core/src/tools/",
    "kimi-cli": "MoonshotAI/kimi-cli@4a550eff src/kimi_cli/tools/",
    "mistral-vibe": "mistralai/mistral-vibe@ac8f1a09 vibe/core/tools/builtins/",
    "desktop-commander": "wonderwhy-er/DesktopCommanderMCP@1eccc8b0 src/tools/schemas.ts + src/server.ts",
    "continue": "continuedev/continue@d0a3c0b6 core/tools/definitions/",
    "openhands": "All-Hands-AI/OpenHands@156d0686 openhands/agenthub/",
    "goose": "block/goose crates/goose-mcp/src/developer/",
    "augment": X1 + "Augment Code/gpt-5-tools.json",
    "trae": X1 + "Trae/Builder Tools.json",
    "same.dev": X1 + "Same.dev/Tools.json",
    "lovable": X1 + "Lovable/Agent Tools.json",
    "manus": X1 + "Manus Agent Tools & Prompt/tools.json",
    "emergent": X1 + "Emergent/Tools.json",
    "aider": "Aider-AI/aider aider/coders/",
    "smolagents": "huggingface/smolagents@e3a5b899 src/smolagents/default_tools.py (VisitWebpageTool)",
    "autogpt": "Significant-Gravitas/AutoGPT autogpt_platform/backend/backend/blocks/http.py (SendWebRequestBlock)",
}

CASES = []


def case(id, vocab, src, tool, args, expect, f0_tool, note="", **kw):
    c = {"id": id, "vocab": vocab, "source": SRC[vocab] + src, "tool": tool, "arguments": args,
         "expect": expect, "f0_tool": f0_tool}
    if note:
        c["note"] = note
    c.update(kw)
    CASES.append(c)


def R(n):
    return "row %04d:" % n


def rows(a, b):
    """lines a..b shown, a-1 and b+1 not"""
    ex = {"contains": [R(a), R(b)], "not_contains": []}
    if a > 1:
        ex["not_contains"].append(R(a - 1))
    if b < 2000:
        ex["not_contains"].append(R(b + 1))
    return ex


def same(path):
    return {"path": path, "same_as_fixture": True}


ADMIN = ["--access", "admin"]
MD_PAGE = {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1", "SCRIPT_SECRET"]}
TODO = F.TODO_TXT

# ------------------------------------------------------------------ opencode
V = "opencode"
case("oc-read-window", V, "read.ts (filePath; offset 1-indexed; limit)", "read",
     {"filePath": "{ROOT}/data/long.txt", "offset": 100, "limit": 5}, rows(100, 104), "fs_read")
case("oc-read-whole", V, "read.ts", "read", {"filePath": "{ROOT}/go.mod"},
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("oc-read-f0name-tail", V, "read.ts (offset without limit reads to the end)", "fs_read",
     {"filePath": "{ROOT}/data/long.txt", "offset": 1990}, rows(1990, 2000), "fs_read")
case("oc-read-directory", V, "read.ts (a directory path lists its entries)", "read",
     {"filePath": "{ROOT}/internal/server"},
     {"contains": ["handler.go", "server.go", "handler_test.go"]}, "fs_list")
case("oc-glob-path", V, "glob.ts (pattern, path)", "glob",
     {"pattern": "**/*.go", "path": "{ROOT}/internal"},
     {"contains": ["handler.go", "strings.go"], "not_contains": ["main.go"]}, "fs_find")
case("oc-glob-brace", V, "glob.ts (ripgrep --glob; bare pattern matches at any depth)", "glob",
     {"pattern": "*.{ts,tsx}"}, {"contains": ["utils.ts", "List.tsx"], "not_contains": ["app.js"]}, "fs_find")
case("oc-grep-include", V, "grep.ts (pattern, path, include)", "grep",
     {"pattern": "TODO", "include": "*.go"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["app.py", "write docs", "add routing"]}, "fs_search")
case("oc-grep-path", V, "grep.ts", "grep",
     {"pattern": "func \\w+Handler", "path": "{ROOT}/internal/server"},
     {"contains": ["HealthHandler", "UsersHandler"]}, "fs_search")
case("oc-list-ignore", V, "ls.ts (tool 'list': recursive tree, ignore = globs to leave out)", "list",
     {"path": "{ROOT}/web", "ignore": ["*.jsx", "*.tsx"]},
     {"contains": ["index.js", "app.js", "utils.ts", "package.json"], "not_contains": ["Button.jsx", "List.tsx"]}, "fs_list")
case("oc-edit", V, "edit.ts (filePath, oldString, newString)", "edit",
     {"filePath": "{ROOT}/web/src/app.js", "oldString": "debug: options.debug", "newString": "debug: Boolean(options.debug)"},
     {"files": [{"path": "web/src/app.js", "contains": ["debug: Boolean(options.debug)"]}]}, "fs_edit")
case("oc-edit-replaceall", V, "edit.ts (replaceAll)", "edit",
     {"filePath": "{ROOT}/notes/todo.txt", "oldString": "foo", "newString": "FOO", "replaceAll": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("oc-edit-nonunique", V, "edit.ts (several matches without replaceAll is an error)", "edit",
     {"filePath": "{ROOT}/notes/todo.txt", "oldString": "foo", "newString": "FOO"},
     {"error": True, "because": [r"\b3\b.{0,20}(times|occurrence|match)|(more than once|not unique|multiple)"], "files": [same("notes/todo.txt")]}, "fs_edit")
case("oc-write", V, "write.ts (filePath, content)", "write",
     {"filePath": "{ROOT}/src/new/hello.txt", "content": "hello\n"},
     {"files": [{"path": "src/new/hello.txt", "equals": "hello\n"}]}, "fs_write")
case("oc-multiedit", V, "multiedit.ts (filePath, edits[{filePath, oldString, newString}])", "multiedit",
     {"filePath": "{ROOT}/py/models.py", "edits": [
         {"filePath": "{ROOT}/py/models.py", "oldString": "\"Hello, \"", "newString": "\"Hi, \""},
         {"filePath": "{ROOT}/py/models.py", "oldString": "\"Welcome back, \"", "newString": "\"Good to see you, \""}]},
     {"files": [{"path": "py/models.py", "contains": ["\"Hi, \"", "\"Good to see you, \""],
                 "not_contains": ["Hello, ", "Welcome back"]}]}, "fs_edit")
case("oc-webfetch-markdown", V, "webfetch.ts (url, format text|markdown|html, timeout seconds)", "webfetch",
     {"url": "{BASE}/page.html", "format": "markdown"}, MD_PAGE, "net_curl")
case("oc-webfetch-html", V, "webfetch.ts (format html = the page as sent)", "webfetch",
     {"url": "{BASE}/page.html", "format": "html"}, {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl")
case("oc-webfetch-text-f0", V, "webfetch.ts (format text; timeout in seconds)", "net_curl",
     {"url": "{BASE}/page.html", "format": "text", "timeout": 10},
     {"contains": ["Fixture Page"], "not_contains": ["<h1", "<p>", "SCRIPT_SECRET"]}, "net_curl")
case("oc-webfetch-html-f0", V, "webfetch.ts (format html)", "net_curl",
     {"url": "{BASE}/page.html", "format": "html"}, {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl")
case("oc-webfetch-slow-timeout", V, "webfetch.ts (timeout: seconds, max 120)", "webfetch",
     {"url": "{BASE}/slow?s=2", "format": "text", "timeout": 10}, {"contains": ["slow done"]}, "net_curl")
case("oc-webfetch-long", V, "webfetch.ts (returns the whole body, up to 5 MB)", "webfetch",
     {"url": "{BASE}/long.txt", "format": "text"},
     {"any_of": [{"contains": ["L00001 ", "L03200 "]},
                 {"contains": ["L00001 "], "regex": [r"offset\W{0,4}\d{4,}"]}]}, "net_curl",
     note="a cut body is fine when the answer says where the rest starts")
case("oc-apply-patch", V, "apply_patch.ts / apply_patch.txt (patchText)", "apply_patch",
     {"patchText": "*** Begin Patch\n*** Update File: web/src/utils.ts\n@@\n-export const VERSION = '1.0.0';\n+export const VERSION = '1.1.0';\n*** End Patch"},
     {"files": [{"path": "web/src/utils.ts", "contains": ["VERSION = '1.1.0'"], "not_contains": ["'1.0.0'"]}]}, "fs_edit")

# ------------------------------------------------------------------ crush
V = "crush"
case("cr-view-0based", V, "view.go (file_path; offset 0-based; limit)", "view",
     {"file_path": "{ROOT}/data/long.txt", "offset": 10, "limit": 3}, rows(11, 13), "fs_read")
case("cr-view-0based-f0", V, "view.go (offset 0 = first line)", "fs_read",
     {"file_path": "{ROOT}/data/long.txt", "offset": 0, "limit": 2}, rows(1, 2), "fs_read")
case("cr-view-offset-only", V, "view.go (offset 0-based)", "view",
     {"file_path": "{ROOT}/data/long.txt", "offset": 1500, "limit": 5}, rows(1501, 1505), "fs_read")
case("cr-ls-tree", V, "ls.go / ls.md.tpl (a tree of the directory, recursive)", "ls",
     {"path": "{ROOT}/internal"}, {"contains": ["server", "handler.go", "strings.go"]}, "fs_list")
case("cr-ls-ignore", V, "ls.go (ignore: glob patterns to leave out)", "ls",
     {"path": "{ROOT}/py", "ignore": ["tests"]},
     {"contains": ["app.py", "models.py"], "not_contains": ["tests/", "test_models.py"]}, "fs_list")
case("cr-ls-depth", V, "ls.go (depth = the maximum depth to traverse)", "ls",
     {"path": "{ROOT}/a", "depth": 3}, {"contains": ["deep.txt"]}, "fs_list")
case("cr-glob", V, "glob.go (pattern, path)", "glob",
     {"pattern": "**/*_test.go"}, {"contains": ["handler_test.go"], "not_contains": ["handler.go"]}, "fs_find")
case("cr-grep-literal", V, "grep.go (literal_text)", "grep",
     {"pattern": "t.Skip(", "literal_text": True}, {"contains": ["handler_test.go"]}, "fs_search")
case("cr-grep-include-brace", V, "grep.go (include: \"*.{ts,tsx}\")", "grep",
     {"pattern": "export", "include": "*.{ts,tsx}"},
     {"contains": ["utils.ts", "List.tsx"], "not_contains": ["Button.jsx"]}, "fs_search")
case("cr-edit", V, "edit.go (file_path, old_string, new_string)", "edit",
     {"file_path": "{ROOT}/internal/util/strings.go", "old_string": "strings.ToUpper(s) + \"!\"",
      "new_string": "strings.ToUpper(s) + \"!!\""},
     {"files": [{"path": "internal/util/strings.go", "contains": ["strings.ToUpper(s) + \"!!\""]}]}, "fs_edit")
case("cr-edit-create", V, "edit.go (old_string \"\" creates a new file)", "edit",
     {"file_path": "{ROOT}/new/created.txt", "old_string": "", "new_string": "created by edit\n"},
     {"files": [{"path": "new/created.txt", "equals": "created by edit\n"}]}, "fs_write")
case("cr-edit-delete", V, "edit.go (new_string \"\" deletes the content)", "edit",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "DONE: setup\n", "new_string": ""},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("DONE: setup\n", "")}]}, "fs_edit")
case("cr-multiedit", V, "multiedit.go (file_path, edits[{old_string,new_string}])", "multiedit",
     {"file_path": "{ROOT}/config.yaml", "edits": [{"old_string": "port: 8080", "new_string": "port: 9090"},
                                                  {"old_string": "debug: false", "new_string": "debug: true"}]},
     {"files": [{"path": "config.yaml", "contains": ["port: 9090", "debug: true"]}]}, "fs_edit")
case("cr-write", V, "write.go (file_path, content)", "write",
     {"file_path": "{ROOT}/README.md", "content": "# New\n"},
     {"files": [{"path": "README.md", "equals": "# New\n"}]}, "fs_write")
case("cr-fetch-text", V, "fetch.go / fetch_types.go (url, format text|markdown|html, timeout seconds)", "fetch",
     {"url": "{BASE}/page.html", "format": "text"},
     {"contains": ["Fixture Page"], "not_contains": ["<h1"]}, "net_curl")
case("cr-fetch-timeout-f0", V, "fetch_types.go (timeout: seconds, max 120)", "net_curl",
     {"url": "{BASE}/slow?s=2", "format": "text", "timeout": 10}, {"contains": ["slow done"]}, "net_curl")
case("cr-download", V, "download.go (url, file_path, timeout seconds)", "download",
     {"url": "{BASE}/data.json", "file_path": "{ROOT}/downloads/data.json", "timeout": 30},
     {"files": [{"path": "downloads/data.json", "equals": F.DATA_JSON}]}, "net_curl")

# ------------------------------------------------------------------ codex
V = "codex"
case("cx-read-slice", V, "read_file.rs (file_path, offset 1-indexed, limit)", "read_file",
     {"file_path": "{ROOT}/data/long.txt", "offset": 50, "limit": 3}, rows(50, 52), "fs_read")
case("cx-read-slice-f0", V, "read_file.rs", "fs_read",
     {"file_path": "{ROOT}/data/long.txt", "offset": 1999, "limit": 5}, rows(1999, 2000), "fs_read")
case("cx-read-indentation", V, "read_file.rs (mode indentation: the block around the anchor line)", "read_file",
     {"file_path": "{ROOT}/py/models.py", "offset": 7, "limit": 20, "mode": "indentation",
      "indentation": {"max_levels": 1}},
     {"contains": ["def greet(self):", "return \"Hello, \" + self.name"],
      "not_contains": ["class Admin", "Welcome back"]}, "fs_read",
     note="codex returns L3-L7 here; reading on past the block (class Admin) is wrong")
case("cx-list-dir", V, "list_dir.rs (dir_path, offset, limit, depth)", "list_dir",
     {"dir_path": "{ROOT}/internal", "depth": 2},
     {"contains": ["server", "handler.go", "util", "strings.go"]}, "fs_list")
case("cx-list-dir-page", V, "list_dir.rs (offset is a 1-indexed entry number)", "list_dir",
     {"dir_path": "{ROOT}/web/src", "offset": 2, "limit": 2, "depth": 1},
     {"contains": ["components", "index.js"], "not_contains": ["app.js", "utils.ts"]}, "fs_list")
case("cx-grep-files", V, "grep_files.rs (pattern, include, path, limit; lists files with matches)", "grep_files",
     {"pattern": "TODO", "include": "*.py", "path": "{ROOT}", "limit": 10},
     {"contains": ["app.py"], "not_contains": ["handler.go"]}, "fs_search")
case("cx-grep-files-path", V, "grep_files.rs", "grep_files",
     {"pattern": "def \\w+", "path": "{ROOT}/py/tests"},
     {"contains": ["test_models.py"], "not_contains": ["app.py"]}, "fs_search")
case("cx-apply-patch-update", V, "apply_patch.rs (JSON tool: input = the whole patch)", "apply_patch",
     {"input": "*** Begin Patch\n*** Update File: internal/util/strings.go\n@@ func Shout(s string) string {\n"
               "-\treturn strings.ToUpper(s) + \"!\"\n+\treturn strings.ToUpper(s) + \"?\"\n*** End Patch\n"},
     {"files": [{"path": "internal/util/strings.go", "contains": ["strings.ToUpper(s) + \"?\""]}]}, "fs_edit")
case("cx-apply-patch-add", V, "apply_patch.rs (*** Add File)", "apply_patch",
     {"input": "*** Begin Patch\n*** Add File: docs/changelog.md\n+# Changelog\n+\n+- first\n*** End Patch\n"},
     {"files": [{"path": "docs/changelog.md", "equals": "# Changelog\n\n- first\n"}]}, "fs_write")
case("cx-apply-patch-delete", V, "apply_patch.rs (*** Delete File)", "apply_patch",
     {"input": "*** Begin Patch\n*** Delete File: docs/api.md\n*** End Patch\n"},
     {"files": [{"path": "docs/api.md", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("cx-apply-patch-move", V, "apply_patch.rs (*** Move to)", "apply_patch",
     {"input": "*** Begin Patch\n*** Update File: docs/guide.md\n*** Move to: docs/manual.md\n@@\n-# Guide\n+# Manual\n*** End Patch\n"},
     {"files": [{"path": "docs/manual.md", "contains": ["# Manual", "## Installation"]},
                {"path": "docs/guide.md", "exists": False}]}, "fs_move")
case("cx-fs_edit-patch-input", V, "apply_patch.rs (a codex model hands f0's edit tool its patch)", "fs_edit",
     {"input": "*** Begin Patch\n*** Update File: web/src/index.js\n@@\n-app.listen(3000);\n+app.listen(4000);\n*** End Patch\n"},
     {"files": [{"path": "web/src/index.js", "contains": ["app.listen(4000);"], "not_contains": ["app.listen(3000);"]}]}, "fs_edit")

# ------------------------------------------------------------------ qwen-code
V = "qwen-code"
case("qw-read-0based", V, "read-file.ts (file_path; offset 0-based: shows lines offset+1..offset+limit)", "read_file",
     {"file_path": "{ROOT}/data/long.txt", "offset": 20, "limit": 3}, rows(21, 23), "fs_read")
case("qw-read-0based-f0", V, "read-file.ts (offset 0)", "fs_read",
     {"file_path": "{ROOT}/data/long.txt", "offset": 0, "limit": 1}, rows(1, 1), "fs_read")
case("qw-grep-search", V, "ripGrep.ts (tool grep_search: pattern, path, glob, limit)", "grep_search",
     {"pattern": "ERROR|error", "path": "logs", "glob": "*.txt"},
     {"contains": ["connection refused", "disk full"], "not_contains": ["timeout reached", "WARN"]}, "fs_search")
case("qw-grep-limit", V, "ripGrep.ts (limit: most matching lines)", "grep_search",
     {"pattern": "row 1\\d\\d\\d:", "path": "data", "limit": 5},
     {"contains": [R(1000), R(1004)], "not_contains": [R(1005)]}, "fs_search")
case("qw-glob", V, "glob.ts (pattern, path)", "glob",
     {"pattern": "**/*.md", "path": "{ROOT}/docs"},
     {"contains": ["guide.md", "api.md"], "not_contains": ["README.md"]}, "fs_find")
case("qw-list-directory", V, "ls.ts (tool list_directory: direct entries only)", "list_directory",
     {"path": "{ROOT}/py"}, {"contains": ["app.py", "tests"], "not_contains": ["test_models.py"]}, "fs_list")
case("qw-list-ignore", V, "ls.ts (ignore: globs)", "list_directory",
     {"path": "{ROOT}/web/src", "ignore": ["*.ts"]},
     {"contains": ["app.js", "index.js"], "not_contains": ["utils.ts"]}, "fs_list")
case("qw-edit", V, "edit.ts (file_path, old_string, new_string)", "edit",
     {"file_path": "{ROOT}/config.json", "old_string": "\"retries\": 3", "new_string": "\"retries\": 5"},
     {"files": [{"path": "config.json", "contains": ["\"retries\": 5"]}]}, "fs_edit")
case("qw-edit-replaceall", V, "edit.ts (replace_all)", "edit",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "bar", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "bar")}]}, "fs_edit")
case("qw-edit-create", V, "edit.ts (empty old_string creates a new file)", "edit",
     {"file_path": "{ROOT}/new.md", "old_string": "", "new_string": "# New file\n"},
     {"files": [{"path": "new.md", "equals": "# New file\n"}]}, "fs_write")
case("qw-write-empty", V, "write-file.ts (file_path, content)", "write_file",
     {"file_path": "{ROOT}/py/tests/__init__.py", "content": ""},
     {"files": [{"path": "py/tests/__init__.py", "equals": ""}]}, "fs_write")
case("qw-web-fetch", V, "web-fetch.ts (url, prompt)", "web_fetch",
     {"url": "{BASE}/page.html", "prompt": "Summarize the page"}, {"contains": ["Fixture Page"]}, "net_curl")

# ------------------------------------------------------------------ kimi-cli
V = "kimi-cli"
case("km-read", V, "file/read.py (ReadFile: path, line_offset 1-based, n_lines)", "ReadFile",
     {"path": "{ROOT}/data/long.txt", "line_offset": 300, "n_lines": 2}, rows(300, 301), "fs_read")
case("km-read-negative", V, "file/read.py (negative line_offset reads from the end)", "ReadFile",
     {"path": "{ROOT}/data/long.txt", "line_offset": -3}, rows(1998, 2000), "fs_read")
case("km-read-f0", V, "file/read.py", "fs_read",
     {"path": "data/long.txt", "line_offset": 5, "n_lines": 1}, rows(5, 5), "fs_read")
case("km-glob", V, "file/glob.py (Glob: pattern, directory, include_dirs; pathlib glob)", "Glob",
     {"pattern": "tests/*.py", "directory": "{ROOT}/py"},
     {"contains": ["test_models.py"], "not_contains": ["app.py"]}, "fs_find")
case("km-glob-star-files", V, "file/glob.py ('*' = direct children; include_dirs false drops directories)", "Glob",
     {"pattern": "*", "directory": "{ROOT}/web/src", "include_dirs": False},
     {"contains": ["app.js", "index.js", "utils.ts"], "not_contains": ["components", "Button.jsx"]}, "fs_find")
case("km-grep-before", V, "file/grep_local.py (Grep: output_mode content, -B, -n)", "Grep",
     {"pattern": "def greet", "path": "{ROOT}/py/models.py", "output_mode": "content", "-B": 2, "-n": True},
     {"contains": ["self.age = age", "def greet"]}, "fs_search")
case("km-grep-files-default", V, "file/grep_local.py (output_mode defaults to files_with_matches)", "Grep",
     {"pattern": "TODO"},
     {"contains": ["handler.go", "app.py", "app.js"]}, "fs_search",
     note="kimi would list only paths; extra matching lines are tolerated")
case("km-grep-count", V, "file/grep_local.py (output_mode count_matches = rg --count-matches)", "Grep",
     {"pattern": "foo", "path": "{ROOT}/notes", "output_mode": "count_matches"},
     {"regex": [r"todo\.txt:\s?3( match(es)?| occurrences?)?\s*$"]}, "fs_search")
case("km-grep-type", V, "file/grep_local.py (type: rg --type; -i)", "Grep",
     {"pattern": "func", "type": "go", "-i": True, "output_mode": "files_with_matches"},
     {"contains": ["main.go", "strings.go"], "not_contains": ["app.js", "utils.ts", "Button.jsx"]}, "fs_search")
case("km-grep-head-limit", V, "file/grep_local.py (head_limit)", "Grep",
     {"pattern": "row", "path": "{ROOT}/data/long.txt", "output_mode": "content", "head_limit": 3},
     {"contains": [R(1), R(3)], "not_contains": [R(4)]}, "fs_search")
case("km-grep-f0-flags", V, "file/grep_local.py (-i, -C on f0's search tool)", "fs_search",
     {"pattern": "error", "path": "logs", "-i": True, "output_mode": "content", "-C": 0},
     {"contains": ["connection refused", "disk full", "timeout reached"], "not_contains": ["slow request"]}, "fs_search")
case("km-strreplace", V, "file/replace.py (StrReplaceFile: path, edit {old,new})", "StrReplaceFile",
     {"path": "{ROOT}/py/app.py", "edit": {"old": "User(\"alice\", 30)", "new": "User(\"carol\", 41)"}},
     {"files": [{"path": "py/app.py", "contains": ["User(\"carol\", 41)"]}]}, "fs_edit")
case("km-strreplace-list", V, "file/replace.py (edit: a list; replace_all)", "StrReplaceFile",
     {"path": "{ROOT}/notes/todo.txt", "edit": [{"old": "TODO", "new": "DONE"},
                                                 {"old": "baz", "new": "BAZ", "replace_all": True}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("TODO", "DONE").replace("baz", "BAZ")}]}, "fs_edit")
case("km-write-append", V, "file/write.py (WriteFile: path, content, mode overwrite|append)", "WriteFile",
     {"path": "{ROOT}/notes/todo.txt", "content": "NEW: item\n", "mode": "append"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO + "NEW: item\n"}]}, "fs_write")
case("km-fetch", V, "web/fetch.py (FetchURL: url; main text extracted)", "FetchURL",
     {"url": "{BASE}/page.html"}, {"contains": ["Fixture Page"], "not_contains": ["<h1", "SCRIPT_SECRET"]}, "net_curl")

# ------------------------------------------------------------------ mistral-vibe
V = "mistral-vibe"
case("vb-read", V, "read.py (file_path, offset 1-indexed, limit)", "read",
     {"file_path": "{ROOT}/data/long.txt", "offset": 1000, "limit": 2}, rows(1000, 1001), "fs_read")
case("vb-grep", V, "grep.py (pattern, path, max_matches, use_default_ignore)", "grep",
     {"pattern": "TODO", "path": "{ROOT}/web"}, {"contains": ["app.js", "add routing"]}, "fs_search")
case("vb-grep-noignore", V, "grep.py (use_default_ignore false: search .gitignored files too)", "grep",
     {"pattern": "generated build output", "use_default_ignore": False}, {"contains": ["output.js"]}, "fs_search")
case("vb-grep-max", V, "grep.py (max_matches)", "grep",
     {"pattern": "row 00", "path": "{ROOT}/data", "max_matches": 3},
     {"contains": [R(1), R(3)], "not_contains": [R(4)]}, "fs_search")
case("vb-edit", V, "edit.py (file_path, old_string, new_string)", "edit",
     {"file_path": "{ROOT}/docs/guide.md", "old_string": "Install with `go install`.",
      "new_string": "Install with `go install ./...`."},
     {"files": [{"path": "docs/guide.md", "contains": ["Install with `go install ./...`."]}]}, "fs_edit")
case("vb-edit-replaceall", V, "edit.py (replace_all)", "edit",
     {"file_path": "{ROOT}/py/models.py", "old_string": "self.name", "new_string": "self.username", "replace_all": True},
     {"files": [{"path": "py/models.py", "contains": ["self.username = name"], "not_contains": ["self.name"]}]}, "fs_edit")
case("vb-write-create", V, "write_file.py (path, content; creates a file)", "write_file",
     {"path": "{ROOT}/notes/new.txt", "content": "fresh\n"},
     {"files": [{"path": "notes/new.txt", "equals": "fresh\n"}]}, "fs_write")
case("vb-write-exists", V, "write_file.py ('Fails if the file already exists')", "write_file",
     {"path": "{ROOT}/go.mod", "content": "module x\n"}, {"error": True, "because": ["exist"], "files": [same("go.mod")]}, "fs_write")
case("vb-web-fetch", V, "webfetch.py (url, timeout seconds; HTML converted to markdown)", "web_fetch",
     {"url": "{BASE}/page.html", "timeout": 20}, MD_PAGE, "net_curl")

# ------------------------------------------------------------------ desktop-commander
V = "desktop-commander"
case("dc-read-length", V, "ReadFileArgsSchema (path, offset 0-based, length)", "read_file",
     {"path": "{ROOT}/data/long.txt", "offset": 0, "length": 3}, rows(1, 3), "fs_read")
case("dc-read-tail", V, "read_file (negative offset: last N lines)", "read_file",
     {"path": "{ROOT}/data/long.txt", "offset": -5}, rows(1996, 2000), "fs_read")
case("dc-read-length-f0", V, "ReadFileArgsSchema (length = most lines)", "fs_read",
     {"path": "{ROOT}/data/long.txt", "length": 2}, rows(1, 2), "fs_read")
case("dc-read-url", V, "read_file (isUrl: true reads a URL)", "read_file",
     {"path": "{BASE}/data.json", "isUrl": True}, {"contains": ["\"fixture\""]}, "net_curl")
case("dc-read-multiple", V, "ReadMultipleFilesArgsSchema (paths)", "read_multiple_files",
     {"paths": ["{ROOT}/go.mod", "{ROOT}/py/requirements.txt"]},
     {"contains": ["module example.com/fixture", "pytest==8.0.0"]}, "fs_read")
case("dc-write-append", V, "WriteFileArgsSchema (mode rewrite|append)", "write_file",
     {"path": "{ROOT}/logs/app.txt", "content": "2024-01-04 INFO done\n", "mode": "append"},
     {"files": [{"path": "logs/app.txt", "equals": F.LOGS_APP + "2024-01-04 INFO done\n"}]}, "fs_write")
case("dc-write-rewrite-f0", V, "WriteFileArgsSchema (mode rewrite)", "fs_write",
     {"path": "{ROOT}/config.json", "content": "{}\n", "mode": "rewrite"},
     {"files": [{"path": "config.json", "equals": "{}\n"}]}, "fs_write")
case("dc-create-directory", V, "CreateDirectoryArgsSchema (path; nested)", "create_directory",
     {"path": "{ROOT}/out/reports/2024"}, {"files": [{"path": "out/reports/2024", "is_dir": True}]}, "fs_mkdir")
case("dc-list-default-depth", V, "list_directory (depth default 2)", "list_directory",
     {"path": "{ROOT}/internal"}, {"contains": ["server", "handler.go", "strings.go"]}, "fs_list")
case("dc-list-depth3", V, "list_directory (depth 3)", "list_directory",
     {"path": "{ROOT}/a", "depth": 3}, {"contains": ["deep.txt"]}, "fs_list")
case("dc-move", V, "MoveFileArgsSchema (source, destination)", "move_file",
     {"source": "{ROOT}/notes/todo.txt", "destination": "{ROOT}/docs/todo.txt"},
     {"files": [{"path": "docs/todo.txt", "equals": TODO}, {"path": "notes/todo.txt", "exists": False}]}, "fs_move")
case("dc-file-info", V, "get_file_info (size, times, lineCount)", "get_file_info",
     {"path": "{ROOT}/data/long.txt"}, {"regex": [r"\b2,?000\b"]}, "fs_stat")
case("dc-edit-block", V, "EditBlockArgsSchema (file_path, old_string, new_string)", "edit_block",
     {"file_path": "{ROOT}/main.go", "old_string": "addr = \":8080\"", "new_string": "addr = \":9000\""},
     {"files": [{"path": "main.go", "contains": ["addr = \":9000\""]}]}, "fs_edit")
case("dc-edit-block-expected", V, "edit.ts (expected_replacements = how many to replace)", "edit_block",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "qux", "expected_replacements": 3},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "qux")}]}, "fs_edit")
case("dc-edit-block-count-mismatch", V, "edit.ts (count != expected_replacements: nothing changes, error)", "edit_block",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "qux", "expected_replacements": 2},
     {"error": True, "because": [r"\b3\b.{0,20}(times|occurrence|match)|(found|occurs?)\s+3\b"], "files": [same("notes/todo.txt")]}, "fs_edit")
case("dc-search-files", V, "start_search (searchType files: pattern matches file names)", "start_search",
     {"path": "{ROOT}", "pattern": "handler", "searchType": "files"},
     {"contains": ["handler.go", "handler_test.go"]}, "fs_find")
case("dc-search-content", V, "start_search (searchType content; ignoreCase default true)", "start_search",
     {"path": "{ROOT}/logs", "pattern": "error", "searchType": "content", "contextLines": 0},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search")
case("dc-search-literal", V, "start_search (literalSearch, filePattern)", "start_search",
     {"path": "{ROOT}", "pattern": "t.Skip(", "searchType": "content", "literalSearch": True, "filePattern": "*.go"},
     {"contains": ["handler_test.go"]}, "fs_search")

# ------------------------------------------------------------------ continue
V = "continue"
case("ct-read-file", V, "readFile.ts (read_file: filepath)", "read_file",
     {"filepath": "web/src/index.js"}, {"contains": ["createApp({ debug: false })"]}, "fs_read")
case("ct-read-range", V, "readFileRange.ts (startLine, endLine: 1-based, inclusive)", "read_file_range",
     {"filepath": "data/long.txt", "startLine": 10, "endLine": 12}, rows(10, 12), "fs_read")
case("ct-read-range-f0", V, "readFileRange.ts", "fs_read",
     {"filepath": "data/long.txt", "startLine": 1995, "endLine": 1996}, rows(1995, 1996), "fs_read")
case("ct-create", V, "createNewFile.ts (filepath, contents)", "create_new_file",
     {"filepath": "web/src/new.js", "contents": "module.exports = 1;\n"},
     {"files": [{"path": "web/src/new.js", "equals": "module.exports = 1;\n"}]}, "fs_write")
case("ct-create-exists", V, "implementations/createNewFile.ts (an existing file is an error)", "create_new_file",
     {"filepath": "go.mod", "contents": "x"}, {"error": True, "because": ["exist"], "files": [same("go.mod")]}, "fs_write")
case("ct-ls", V, "ls.ts (dirPath, recursive)", "ls",
     {"dirPath": "py", "recursive": False},
     {"contains": ["app.py", "tests"], "not_contains": ["test_models.py"]}, "fs_list")
case("ct-ls-recursive", V, "ls.ts (recursive true)", "ls",
     {"dirPath": "py", "recursive": True}, {"contains": ["app.py", "test_models.py"]}, "fs_list")
case("ct-glob", V, "globSearch.ts (file_glob_search: pattern)", "file_glob_search",
     {"pattern": "**/*.jsx"}, {"contains": ["Button.jsx"], "not_contains": ["List.tsx"]}, "fs_find")
case("ct-grep", V, "grepSearch.ts (grep_search: query)", "grep_search",
     {"query": "Hello|Welcome"}, {"contains": ["models.py", "Welcome back"]}, "fs_search")
case("ct-find-replace", V, "singleFindAndReplace.ts (filepath, old_string, new_string)", "single_find_and_replace",
     {"filepath": "web/src/app.js", "old_string": "name: 'fixture'", "new_string": "name: 'demo'"},
     {"files": [{"path": "web/src/app.js", "contains": ["name: 'demo'"]}]}, "fs_edit")
case("ct-find-replace-all-f0", V, "singleFindAndReplace.ts (replace_all)", "fs_edit",
     {"filepath": "notes/todo.txt", "old_string": "foo", "new_string": "zed", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "zed")}]}, "fs_edit")
case("ct-multi-edit", V, "multiEdit.ts (filepath, edits[{old_string,new_string}])", "multi_edit",
     {"filepath": "py/models.py", "edits": [{"old_string": "class Admin(User):", "new_string": "class SuperUser(User):"},
                                            {"old_string": "self.age = age", "new_string": "self.age = int(age)"}]},
     {"files": [{"path": "py/models.py", "contains": ["class SuperUser(User):", "self.age = int(age)"]}]}, "fs_edit")
case("ct-edit-existing-lazy", V, "editFile.ts (edit_existing_file: changes with '// ... existing code ...' placeholders)",
     "edit_existing_file",
     {"filepath": "web/src/index.js", "changes": "// ... existing code ...\napp.listen(8080);\n// ... rest of code ..."},
     {"files": [{"path": "web/src/index.js", "contains": ["app.listen(8080);", "createApp({ debug: false })"],
                 "not_contains": ["existing code", "app.listen(3000)"]}]}, "fs_edit")
case("ct-fetch", V, "fetchUrlContent.ts (fetch_url_content: url)", "fetch_url_content",
     {"url": "{BASE}/page.html"}, {"contains": ["Fixture Page"]}, "net_curl")

# ------------------------------------------------------------------ openhands
V = "openhands"
SRE = "codeact_agent/tools/str_replace_editor.py"
case("oh-view-range", V, SRE + " (view_range [start, end], 1-indexed)", "str_replace_editor",
     {"command": "view", "path": "{ROOT}/data/long.txt", "view_range": [11, 12]}, rows(11, 12), "fs_read")
case("oh-view-range-to-end", V, SRE + " (view_range [start, -1] = to the end)", "str_replace_editor",
     {"command": "view", "path": "{ROOT}/data/long.txt", "view_range": [1998, -1]}, rows(1998, 2000), "fs_read")
case("oh-view-dir", V, SRE + " (view of a directory: 2 levels deep)", "str_replace_editor",
     {"command": "view", "path": "{ROOT}/web"}, {"contains": ["package.json", "app.js"]}, "fs_list")
case("oh-create", V, SRE + " (create: path, file_text)", "str_replace_editor",
     {"command": "create", "path": "{ROOT}/py/util.py", "file_text": "def add(a, b):\n    return a + b\n"},
     {"files": [{"path": "py/util.py", "equals": "def add(a, b):\n    return a + b\n"}]}, "fs_write")
case("oh-create-exists", V, SRE + " (create cannot be used if the path exists)", "str_replace_editor",
     {"command": "create", "path": "{ROOT}/go.mod", "file_text": "x"}, {"error": True, "because": ["exist"], "files": [same("go.mod")]}, "fs_write")
case("oh-str-replace", V, SRE + " (str_replace: old_str, new_str)", "str_replace_editor",
     {"command": "str_replace", "path": "{ROOT}/internal/server/handler.go",
      "old_str": "users := []string{\"alice\", \"bob\"}", "new_str": "users := []string{\"alice\", \"bob\", \"carol\"}"},
     {"files": [{"path": "internal/server/handler.go", "contains": ["\"bob\", \"carol\"}"]}]}, "fs_edit")
case("oh-insert", V, SRE + " (insert: new_str goes AFTER line insert_line)", "str_replace_editor",
     {"command": "insert", "path": "{ROOT}/notes/todo.txt", "insert_line": 1, "new_str": "TODO: add tests"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nTODO: add tests\nfoo bar foo\nbaz foo qux\nDONE: setup\n"}]},
     "fs_edit")
case("oh-insert-top", V, SRE + " (insert_line 0 = at the top)", "str_replace_editor",
     {"command": "insert", "path": "{ROOT}/notes/todo.txt", "insert_line": 0, "new_str": "# todo list"},
     {"files": [{"path": "notes/todo.txt", "equals": "# todo list\n" + TODO}]}, "fs_edit")
case("oh-undo", V, SRE + " (undo_edit: revert the last edit to the file)", "str_replace_editor",
     {"command": "undo_edit", "path": "{ROOT}/notes/todo.txt"}, {"error_mentions": ["undo"]}, "fs_edit",
     note="no edit to undo in this session and f0 keeps no history: the right answer is a refusal")
case("oh-view-readonly", V, "readonly_agent/tools/view.py (view: path, view_range)", "view",
     {"path": "{ROOT}/data/long.txt", "view_range": [500, 501]}, rows(500, 501), "fs_read")
case("oh-glob", V, "readonly_agent/tools/glob.py (pattern, path)", "glob",
     {"pattern": "src/**/*.ts", "path": "{ROOT}/web"},
     {"contains": ["utils.ts"], "not_contains": ["List.tsx", "app.js"]}, "fs_find")
case("oh-grep", V, "readonly_agent/tools/grep.py (pattern, path, include)", "grep",
     {"pattern": "console\\.log", "include": "*.js", "path": "{ROOT}/web"},
     {"contains": ["index.js", "app.js"]}, "fs_search")
case("oh-fs_read-view-range", V, SRE + " (view_range on f0's read tool)", "fs_read",
     {"path": "data/long.txt", "view_range": [7, 9]}, rows(7, 9), "fs_read")
case("oh-edit-file-append", V, "codeact_agent/tools/llm_based_edit.py (edit_file: start=end=-1 appends)", "edit_file",
     {"path": "{ROOT}/notes/todo.txt", "start": -1, "end": -1, "content": "APPENDED line\n"},
     {"files": [{"path": "notes/todo.txt", "regex": [r"DONE: setup\n+APPENDED line\n?$"]}]}, "fs_write")

# ------------------------------------------------------------------ goose
V = "goose"
GR = "rmcp_developer.rs / text_editor.rs (text_editor: command view|write|str_replace|insert|undo_edit)"
case("gs-view-range", V, GR + " view_range 1-indexed", "text_editor",
     {"command": "view", "path": "{ROOT}/data/long.txt", "view_range": [250, 252]}, rows(250, 252), "fs_read")
case("gs-write", V, GR + " write creates parent directories", "text_editor",
     {"command": "write", "path": "{ROOT}/docs/new/intro.md", "file_text": "# Intro\n"},
     {"files": [{"path": "docs/new/intro.md", "equals": "# Intro\n"}]}, "fs_write")
case("gs-str-replace", V, GR, "text_editor",
     {"command": "str_replace", "path": "{ROOT}/config.yaml", "old_str": "host: localhost", "new_str": "host: db.internal"},
     {"files": [{"path": "config.yaml", "contains": ["host: db.internal"]}]}, "fs_edit")
case("gs-insert", V, GR + " insert_line = the line after which to insert", "text_editor",
     {"command": "insert", "path": "{ROOT}/py/requirements.txt", "insert_line": 2, "new_str": "flask==3.0.0"},
     {"files": [{"path": "py/requirements.txt", "equals": F.REQUIREMENTS + "flask==3.0.0\n"}]}, "fs_edit")
case("gs-undo", V, GR + " undo_edit", "text_editor",
     {"command": "undo_edit", "path": "{ROOT}/config.yaml"}, {"error_mentions": ["undo"]}, "fs_edit")
case("gs-edit-before-after-f0", V, "edit.rs (FileEditParams: path, before, after)", "fs_edit",
     {"path": "{ROOT}/web/src/utils.ts", "before": "`${first} ${last}`", "after": "`${last}, ${first}`"},
     {"files": [{"path": "web/src/utils.ts", "contains": ["`${last}, ${first}`"]}]}, "fs_edit")
case("gs-fs_write-text-editor-fields", V, GR + " (text_editor's fields on f0's write tool)", "fs_write",
     {"command": "write", "path": "{ROOT}/x.txt", "file_text": "abc\n"},
     {"files": [{"path": "x.txt", "equals": "abc\n"}]}, "fs_write")

# ------------------------------------------------------------------ augment
V = "augment"
REM = "ALWAYS BREAK DOWN EDITS INTO SMALLER CHUNKS OF AT MOST 150 LINES EACH."
case("au-view-range", V, " (view: type file, view_range 1-based inclusive)", "view",
     {"type": "file", "path": "data/long.txt", "view_range": [40, 42]}, rows(40, 42), "fs_read")
case("au-view-search", V, " (view: search_query_regex within the file, context lines)", "view",
     {"type": "file", "path": "logs/app.txt", "search_query_regex": "disk",
      "context_lines_before": 0, "context_lines_after": 0},
     {"contains": ["disk full"], "not_contains": ["connection refused", "slow request"]}, "fs_search")
case("au-view-directory", V, " (view: type directory, up to 2 levels)", "view",
     {"type": "directory", "path": "internal"}, {"contains": ["server", "handler.go"]}, "fs_list")
case("au-grep-search", V, " (grep-search: query, paths, include_globs, exclude_globs, case_sensitive)", "grep-search",
     {"query": "greet", "paths": ["py"], "include_globs": ["**/*.py"], "exclude_globs": ["**/tests/**"],
      "case_sensitive": True, "context_lines_before": 0, "context_lines_after": 0},
     {"contains": ["models.py", "app.py"], "not_contains": ["test_models.py"]}, "fs_search")
case("au-grep-default-case", V, " (grep-search: case_sensitive defaults to false)", "grep-search",
     {"query": "error", "paths": ["logs"]},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search")
case("au-str-replace", V, " (str-replace-editor: old_str_1/new_str_1 with line numbers)", "str-replace-editor",
     {"command": "str_replace", "path": "main.go", "instruction_reminder": REM,
      "old_str_1": "fmt.Println(\"starting server on\", addr)", "new_str_1": "fmt.Println(\"listening on\", addr)",
      "old_str_start_line_number_1": 15, "old_str_end_line_number_1": 15},
     {"files": [{"path": "main.go", "contains": ["fmt.Println(\"listening on\", addr)"],
                 "not_contains": ["starting server on"]}]}, "fs_edit")
case("au-insert", V, " (str-replace-editor insert: insert_line_1 0 = the very beginning)", "str-replace-editor",
     {"command": "insert", "path": "py/requirements.txt", "instruction_reminder": REM,
      "insert_line_1": 0, "new_str_1": "# deps"},
     {"files": [{"path": "py/requirements.txt", "equals": "# deps\n" + F.REQUIREMENTS}]}, "fs_edit")
case("au-save-file", V, " (save-file: path, file_content, add_last_line_newline)", "save-file",
     {"instructions_reminder": "LIMIT THE FILE CONTENT TO AT MOST 300 LINES. IF MORE CONTENT NEEDS TO BE ADDED USE THE str-replace-editor TOOL TO EDIT THE FILE AFTER IT HAS BEEN CREATED.",
      "path": "docs/faq.md", "file_content": "# FAQ", "add_last_line_newline": True},
     {"files": [{"path": "docs/faq.md", "equals": "# FAQ\n"}]}, "fs_write")
case("au-save-file-exists", V, " (save-file: 'Does not modify existing files')", "save-file",
     {"instructions_reminder": "LIMIT THE FILE CONTENT TO AT MOST 300 LINES. IF MORE CONTENT NEEDS TO BE ADDED USE THE str-replace-editor TOOL TO EDIT THE FILE AFTER IT HAS BEEN CREATED.",
      "path": "README.md", "file_content": "# overwritten"},
     {"error": True, "because": ["exist"], "files": [same("README.md")]}, "fs_write")
case("au-remove-files", V, " (remove-files: file_paths)", "remove-files",
     {"file_paths": ["debug.log", "notes/todo.txt"]},
     {"files": [{"path": "debug.log", "exists": False}, {"path": "notes/todo.txt", "exists": False}]}, "fs_delete",
     server_args=ADMIN)
case("au-web-fetch", V, " (web-fetch: url; returns Markdown)", "web-fetch", {"url": "{BASE}/page.html"}, MD_PAGE, "net_curl")

# ------------------------------------------------------------------ trae
V = "trae"
case("tr-view-files", V, " (view_files: files[{file_path, start_line_one_indexed, end_line_one_indexed_inclusive}])",
     "view_files",
     {"files": [{"file_path": "{ROOT}/data/long.txt", "start_line_one_indexed": 5, "end_line_one_indexed_inclusive": 6},
                {"file_path": "{ROOT}/go.mod", "start_line_one_indexed": 1, "end_line_one_indexed_inclusive": 3,
                 "read_entire_file": True}]},
     {"contains": [R(5), R(6), "module example.com/fixture"], "not_contains": [R(4), R(7)]}, "fs_read")
case("tr-list-dir", V, " (list_dir: dir_path, max_depth)", "list_dir",
     {"dir_path": "{ROOT}/a", "max_depth": 3}, {"contains": ["deep.txt"]}, "fs_list")
case("tr-search-by-regex", V, " (search_by_regex: query, search_directory)", "search_by_regex",
     {"query": "ListenAndServe", "search_directory": "{ROOT}/internal"}, {"contains": ["server.go"]}, "fs_search")
case("tr-write-no-rewrite", V, " (write_to_file: rewrite false = do not replace an existing file)", "write_to_file",
     {"rewrite": False, "file_path": "{ROOT}/go.mod", "content": "x"}, {"error": True, "because": ["exist"], "files": [same("go.mod")]}, "fs_write")
case("tr-write-rewrite", V, " (write_to_file: rewrite true)", "write_to_file",
     {"rewrite": True, "file_path": "{ROOT}/config.json", "content": "{\"a\": 1}\n"},
     {"files": [{"path": "config.json", "equals": "{\"a\": 1}\n"}]}, "fs_write")
case("tr-update-file", V, " (update_file: file_path, replace_blocks[{old_str,new_str}])", "update_file",
     {"file_path": "{ROOT}/config.yaml", "replace_blocks": [{"old_str": "port: 5432", "new_str": "port: 6543"},
                                                            {"old_str": "debug: false", "new_str": "debug: true"}]},
     {"files": [{"path": "config.yaml", "contains": ["port: 6543", "debug: true"]}]}, "fs_edit")
case("tr-rename-file", V, " (rename_file: file_path, rename_file_path)", "rename_file",
     {"file_path": "{ROOT}/docs/api.md", "rename_file_path": "{ROOT}/docs/reference.md"},
     {"files": [{"path": "docs/reference.md", "equals": F.API_MD}, {"path": "docs/api.md", "exists": False}]}, "fs_move")
case("tr-delete-file", V, " (delete_file: file_paths)", "delete_file",
     {"file_paths": ["{ROOT}/debug.log", "{ROOT}/a/b/c/deep.txt"]},
     {"files": [{"path": "debug.log", "exists": False}, {"path": "a/b/c/deep.txt", "exists": False}]}, "fs_delete",
     server_args=ADMIN)

# ------------------------------------------------------------------ same.dev
V = "same.dev"
case("sd-read-file", V, " (read_file: relative_file_path, start_line_one_indexed, end_line_one_indexed inclusive)",
     "read_file",
     {"relative_file_path": "data/long.txt", "start_line_one_indexed": 700, "end_line_one_indexed": 702,
      "should_read_entire_file": False}, rows(700, 702), "fs_read")
case("sd-ls", V, " (ls: relative_dir_path)", "ls", {"relative_dir_path": "docs"},
     {"contains": ["guide.md", "api.md"]}, "fs_list")
case("sd-glob-exclude", V, " (glob: pattern, exclude_pattern)", "glob",
     {"pattern": "**/*.go", "exclude_pattern": "**/*_test.go"},
     {"contains": ["handler.go", "main.go"], "not_contains": ["handler_test.go"]}, "fs_find")
case("sd-grep", V, " (grep: query, case_sensitive, include_pattern, exclude_pattern)", "grep",
     {"query": "error", "case_sensitive": False, "include_pattern": "*.txt", "exclude_pattern": ""},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search")
case("sd-grep-exclude", V, " (grep: exclude_pattern)", "grep",
     {"query": "greet", "case_sensitive": True, "include_pattern": "*.py", "exclude_pattern": "test_*.py"},
     {"contains": ["models.py"], "not_contains": ["test_models.py"]}, "fs_search")
case("sd-string-replace", V, " (string_replace: relative_file_path, old_string, new_string, replace_all)",
     "string_replace",
     {"relative_file_path": "web/src/utils.ts", "old_string": "'1.0.0'", "new_string": "'2.0.0'", "replace_all": False},
     {"files": [{"path": "web/src/utils.ts", "contains": ["VERSION = '2.0.0'"]}]}, "fs_edit")
case("sd-delete-file", V, " (delete_file: relative_file_path)", "delete_file",
     {"relative_file_path": "debug.log"}, {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete",
     server_args=ADMIN)
case("sd-web-scrape", V, " (web_scrape: url, theme, viewport, include_screenshot)", "web_scrape",
     {"url": "{BASE}/page.html", "theme": "light", "viewport": "desktop", "include_screenshot": False},
     {"contains": ["Fixture Page"]}, "net_curl")

# ------------------------------------------------------------------ lovable
V = "lovable"
case("lv-view-lines", V, " (lov-view: file_path, lines '1-3, 1999-2000')", "lov-view",
     {"file_path": "data/long.txt", "lines": "1-3, 1999-2000"},
     {"contains": [R(1), R(3), R(1999), R(2000)], "not_contains": [R(4), R(1998)]}, "fs_read")
case("lv-search-files", V, " (lov-search-files: query, include_pattern, exclude_pattern, case_sensitive)",
     "lov-search-files",
     {"query": "useEffect\\(|onClick", "include_pattern": "web/src/**", "exclude_pattern": "web/src/utils.ts",
      "case_sensitive": False}, {"contains": ["Button.jsx"]}, "fs_search")
case("lv-write", V, " (lov-write: file_path, content)", "lov-write",
     {"file_path": "web/src/hello.ts", "content": "export const hi = 1;\n"},
     {"files": [{"path": "web/src/hello.ts", "equals": "export const hi = 1;\n"}]}, "fs_write")
case("lv-line-replace", V, " (lov-line-replace: search, first_replaced_line, last_replaced_line, replace)",
     "lov-line-replace",
     {"file_path": "py/models.py", "search": "    def greet(self):\n        return \"Hello, \" + self.name",
      "first_replaced_line": 6, "last_replaced_line": 7,
      "replace": "    def greet(self):\n        return f\"Hello, {self.name}\""},
     {"files": [{"path": "py/models.py", "contains": ["return f\"Hello, {self.name}\"", "\"Welcome back, \" + self.name"],
                 "not_contains": ["\"Hello, \" + self.name"]}]}, "fs_edit")
case("lv-rename", V, " (lov-rename: original_file_path, new_file_path)", "lov-rename",
     {"original_file_path": "docs/guide.md", "new_file_path": "docs/handbook.md"},
     {"files": [{"path": "docs/handbook.md", "equals": F.GUIDE_MD}, {"path": "docs/guide.md", "exists": False}]}, "fs_move")
case("lv-copy", V, " (lov-copy: source_file_path, destination_file_path)", "lov-copy",
     {"source_file_path": "config.yaml", "destination_file_path": "config.copy.yaml"},
     {"files": [{"path": "config.copy.yaml", "equals": F.CONFIG_YAML}, same("config.yaml")]}, "fs_copy")
case("lv-delete", V, " (lov-delete: file_path)", "lov-delete",
     {"file_path": "notes/todo.txt"}, {"files": [{"path": "notes/todo.txt", "exists": False}]}, "fs_delete",
     server_args=ADMIN)
case("lv-fetch-website", V, " (lov-fetch-website: url, formats 'markdown')", "lov-fetch-website",
     {"url": "{BASE}/page.html", "formats": "markdown"}, MD_PAGE, "net_curl")
case("lv-download-to-repo", V, " (lov-download-to-repo: source_url, target_path)", "lov-download-to-repo",
     {"source_url": "{BASE}/logo.png", "target_path": "public/images/logo.png"},
     {"files": [{"path": "public/images/logo.png", "size": len(F.PNG)}]}, "net_curl")

# ------------------------------------------------------------------ manus
V = "manus"
case("mn-file-read", V, " (file_read: file, start_line 0-based, end_line exclusive)", "file_read",
     {"file": "{ROOT}/data/long.txt", "start_line": 10, "end_line": 13}, rows(11, 13), "fs_read")
case("mn-file-write-append", V, " (file_write: append, trailing_newline)", "file_write",
     {"file": "{ROOT}/notes/todo.txt", "content": "extra", "append": True, "leading_newline": False,
      "trailing_newline": True}, {"files": [{"path": "notes/todo.txt", "equals": TODO + "extra\n"}]}, "fs_write")
case("mn-file-write", V, " (file_write: file, content)", "file_write",
     {"file": "{ROOT}/out/manus.txt", "content": "hello"},
     {"files": [{"path": "out/manus.txt", "equals": "hello"}]}, "fs_write")
case("mn-file-str-replace", V, " (file_str_replace: file, old_str, new_str)", "file_str_replace",
     {"file": "{ROOT}/docs/api.md", "old_str": "GET /health returns ok.", "new_str": "GET /health returns \"ok\"."},
     {"files": [{"path": "docs/api.md", "contains": ["GET /health returns \"ok\"."]}]}, "fs_edit")
case("mn-find-in-content", V, " (file_find_in_content: file, regex)", "file_find_in_content",
     {"file": "{ROOT}/logs/app.txt", "regex": "WARN|INFO"},
     {"contains": ["server started", "slow request"], "not_contains": ["disk full"]}, "fs_search")
case("mn-find-by-name", V, " (file_find_by_name: path, glob)", "file_find_by_name",
     {"path": "{ROOT}/web", "glob": "*.js"},
     {"contains": ["index.js", "app.js"], "not_contains": ["Button.jsx"]}, "fs_find")

# ------------------------------------------------------------------ emergent
V = "emergent"
case("em-view-file", V, " (mcp_view_file: path, view_range)", "mcp_view_file",
     {"path": "{ROOT}/data/long.txt", "view_range": [30, 31]}, rows(30, 31), "fs_read")
case("em-view-bulk", V, " (mcp_view_bulk: paths, files or directories)", "mcp_view_bulk",
     {"paths": ["{ROOT}/go.mod", "{ROOT}/py/requirements.txt"]},
     {"contains": ["module example.com/fixture", "pytest==8.0.0"]}, "fs_read")
case("em-bulk-writer", V, " (mcp_bulk_file_writer: files[{path, content}])", "mcp_bulk_file_writer",
     {"files": [{"path": "{ROOT}/gen/a.txt", "content": "A\n"}, {"path": "{ROOT}/gen/b.txt", "content": "B\n"}]},
     {"files": [{"path": "gen/a.txt", "equals": "A\n"}, {"path": "gen/b.txt", "equals": "B\n"}]}, "batch")
case("em-search-replace", V, " (mcp_search_replace: path, old_str, new_str, replace_all)", "mcp_search_replace",
     {"path": "{ROOT}/notes/todo.txt", "old_str": "foo", "new_str": "zap", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "zap")}]}, "fs_edit")
case("em-insert-text", V, " (mcp_insert_text: path, new_str, insert_line)", "mcp_insert_text",
     {"path": "{ROOT}/docs/api.md", "new_str": "POST /users creates a user.", "insert_line": 4},
     {"files": [{"path": "docs/api.md", "equals": F.API_MD + "POST /users creates a user.\n"}]}, "fs_edit")
case("em-grep-tool", V, " (grep_tool: pattern, path, case_sensitive, context_lines, include)", "grep_tool",
     {"pattern": "return", "path": "{ROOT}/py", "case_sensitive": True, "context_lines": 0, "include": "*.py"},
     {"contains": ["Hello, ", "Welcome back"]}, "fs_search")
case("em-glob-files", V, " (mcp_glob_files: pattern, path)", "mcp_glob_files",
     {"pattern": "**/*.tsx", "path": "{ROOT}/web"}, {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find")
case("em-create-file", V, " (mcp_create_file: path, file_text)", "mcp_create_file",
     {"path": "{ROOT}/web/src/config.js", "file_text": "module.exports = {};\n"},
     {"files": [{"path": "web/src/config.js", "equals": "module.exports = {};\n"}]}, "fs_write")
case("em-crawl", V, " (crawl_tool: url, extraction_method, formats markdown)", "crawl_tool",
     {"url": "{BASE}/page.html", "extraction_method": "scrape", "formats": "markdown"}, MD_PAGE, "net_curl")

# ------------------------------------------------------------------ aider
V = "aider"
case("ad-search-replace-block", V, "editblock_prompts.py (SEARCH/REPLACE block) handed to f0's edit tool", "fs_edit",
     {"path": "py/app.py", "diff": "<<<<<<< SEARCH\n    user = User(\"alice\", 30)\n=======\n    user = User(\"dave\", 22)\n>>>>>>> REPLACE\n"},
     {"files": [{"path": "py/app.py", "contains": ["User(\"dave\", 22)"], "not_contains": ["<<<<<<<", "alice"]}]}, "fs_edit")
case("ad-search-replace-two-blocks", V, "editblock_prompts.py (two SEARCH/REPLACE blocks, file path line first)", "fs_edit",
     {"path": "config.yaml", "diff": "config.yaml\n<<<<<<< SEARCH\n  port: 8080\n=======\n  port: 8081\n>>>>>>> REPLACE\n\n"
                                     "config.yaml\n<<<<<<< SEARCH\n  host: localhost\n=======\n  host: 127.0.0.1\n>>>>>>> REPLACE\n"},
     {"files": [{"path": "config.yaml", "contains": ["port: 8081", "host: 127.0.0.1"], "not_contains": ["SEARCH"]}]}, "fs_edit")
case("ad-replace-lines", V, "editblock_func_coder.py (replace_lines: edits[{path, original_lines[], updated_lines[]}])",
     "replace_lines",
     {"explanation": "Rename the demo user.", "edits": [{"path": "py/app.py", "original_lines": ["    user = User(\"alice\", 30)"],
                                                        "updated_lines": ["    user = User(\"erin\", 35)"]}]},
     {"files": [{"path": "py/app.py", "contains": ["User(\"erin\", 35)"], "not_contains": ["alice"]}]}, "fs_edit")
case("ad-replace-lines-f0", V, "editblock_func_coder.py (code_format string: original_lines/updated_lines as text)", "fs_edit",
     {"explanation": "Move the port.", "edits": [{"path": "web/src/index.js", "original_lines": "app.listen(3000);\n",
                                                 "updated_lines": "app.listen(3001);\n"}]},
     {"files": [{"path": "web/src/index.js", "contains": ["app.listen(3001);"], "not_contains": ["app.listen(3000);"]}]}, "fs_edit")
case("ad-write-file-func", V, "wholefile_func_coder.py (write_file: explanation, files[{path, content}])", "write_file",
     {"explanation": "Add an extra doc.", "files": [{"path": "docs/extra.md", "content": "# Extra\n"}]},
     {"files": [{"path": "docs/extra.md", "equals": "# Extra\n"}]}, "fs_write")
case("ad-udiff", V, "udiff_prompts.py (unified diff handed to f0's edit tool)", "fs_edit",
     {"path": "web/src/utils.ts", "diff": "--- web/src/utils.ts\n+++ web/src/utils.ts\n@@ -1,3 +1,3 @@\n"
                                          " export function formatName(first: string, last: string): string {\n"
                                          "-  return `${first} ${last}`;\n+  return `${first} ${last}`.trim();\n }\n"},
     {"files": [{"path": "web/src/utils.ts", "contains": ["`${first} ${last}`.trim();"], "not_contains": ["+++"]}]}, "fs_edit")

# ------------------------------------------------------------------ smolagents
V = "smolagents"
case("sm-visit-webpage", V, "", "visit_webpage", {"url": "{BASE}/page.html"}, MD_PAGE, "net_curl")
case("sm-visit-webpage-json", V, "", "visit_webpage", {"url": "{BASE}/data.json"}, {"contains": ["\"fixture\""]}, "net_curl")

# ------------------------------------------------------------------ autogpt
V = "autogpt"
case("ag-post-json", V, " url, method, headers{}, json_format, body", "net_curl",
     {"url": "{BASE}/post", "method": "POST", "headers": {"X-Trace": "t1"}, "json_format": True,
      "body": {"name": "widget", "count": 2}},
     {"contains": ["widget"], "posts": 1,
      "request": {"path": "/post", "method": "POST", "headers": {"X-Trace": "t1"},
                  "json_equals": {"name": "widget", "count": 2}, "content_type_contains": "application/json"}}, "net_curl")
case("ag-post-form", V, " (json_format false: a dict body is sent form-encoded, requests data=)", "send_web_request",
     {"url": "{BASE}/post", "method": "POST", "json_format": False, "body": {"a": "1", "b": "2"}},
     {"posts": 1, "request": {"path": "/post", "method": "POST", "body_equals": "a=1&b=2",
                              "content_type_contains": "application/x-www-form-urlencoded"}}, "net_curl")
case("ag-get-headers", V, " (headers dict)", "net_curl",
     {"url": "{BASE}/echo", "method": "GET", "headers": {"Authorization": "Bearer tok123", "Accept": "application/json"}},
     {"contains": ["Bearer tok123"], "posts": 0,
      "request": {"path": "/echo", "method": "GET", "headers": {"Authorization": "Bearer tok123", "Accept": "application/json"}}},
     "net_curl")
case("ag-put-json-string", V, " (a string body is json.loads'd, then sent as JSON)", "net_curl",
     {"url": "{BASE}/echo", "method": "PUT", "json_format": True, "body": "{\"x\": 1}"},
     {"request": {"path": "/echo", "method": "PUT", "json_equals": {"x": 1}}}, "net_curl")
case("ag-delete", V, " (method DELETE)", "send_web_request",
     {"url": "{BASE}/echo?id=7", "method": "DELETE"},
     {"request": {"path": "/echo", "method": "DELETE", "query_contains": "id=7"}}, "net_curl")
case("ag-head", V, " (method HEAD)", "net_curl", {"url": "{BASE}/page.html", "method": "HEAD"},
     {"posts": 0, "request": {"path": "/page.html", "method": "HEAD"}}, "net_curl")


def main():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    with open(os.path.join(HERE, "cases.jsonl"), "w") as f:
        for c in CASES:
            f.write(json.dumps(c) + "\n")
    from collections import Counter
    print(len(CASES), "cases")
    for v, n in sorted(Counter(c["vocab"] for c in CASES).items()):
        print("  %-18s %d" % (v, n))


if __name__ == "__main__":
    main()
