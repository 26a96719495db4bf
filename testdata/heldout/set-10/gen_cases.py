#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-10 (run by ../run.py).

Each case: id, vocab, class (1 = an agent's, agent framework's or MCP
server's own tool vocabulary; every case here is class 1), also (for a case
that also exercises an issue-23 class: 2 = edit formats, 4 = paths, 6 = curl
in the agent's shell tool), source (the public repo+path+commit the
semantics come from), tool, arguments, expect, f0_tool, and optionally
setup, server_args, note (the sentence of the source the expectation
follows from).

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


def eq(path, text):
    return {"path": path, "equals": text}


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
MODELS = fixture.MODELS_PY
README = F["README.md"]
MOD = "module example.com/fixture"
MULTI = [r"\b3\b|\b2\b|three|twice|multiple|more than once|not unique|unique|occurrences|matches|ambiguous"]
EXISTS = [r"exist|already|overwrite"]
NOTFOUND = [r"not found|no such|does not exist|doesn't exist|not exist|missing|cannot find|could not find|no match|not match"]
SAMESTR = [r"same|identical|differ|no change|unchanged|nothing"]
ITEMS = '"items"'
PAGE_TEXT = {"contains": ["Fixture Page", "alpha item", "doc link"], "not_contains": ["<p>", "<li>", "SCRIPT_SECRET"]}
CONFIG_DEBUG = CONFIG.replace("debug: false", "debug: true")
TODO_FOO = TODO.replace("foo", "FOO")
TODO_FIRST = TODO.replace("foo", "FOO", 1)

# ------------------------------------------------------------------ sources
GS = "https://github.com/gptscript-ai/gptscript/blob/c034f5040d3082190f1cf2e386035ff8d12385d9/pkg/builtin/builtin.go"
WC = "https://github.com/rusiaaman/wcgw/blob/fdcc134331fd5c46939f35d38051537812c6f387/src/wcgw/%s"
DF = ("https://github.com/bytedance/deer-flow/blob/f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be/"
      "backend/packages/harness/deerflow/sandbox/%s")
XA = ("https://github.com/OpenBMB/XAgent/blob/95893d560e6edfd29527cf4a0babbd7ad4cb9f23/"
      "ToolServer/ToolServerNode/core/envs/filesystem.py")
BU = "https://github.com/browser-use/browser-use/blob/85ddbfedf609166b2d2c76c3d80506649fee82a9/browser_use/%s"
SU = ("https://github.com/kortix-ai/suna/blob/0a5a482ef9fa0bf7b97cd99dd212e667ca351987/"
      "backend/core/tools/sb_files_tool.py")
KG = "https://github.com/JetBrains/koog/blob/%s/agents/agents-ext/src/commonMain/kotlin/ai/koog/agents/ext/tool/file/%s"
KG_READ = KG % ("b1deeea93fc6951828c8fba8809e33f3f0fd1fb2", "ReadFileTool.kt")
KG_LIST = KG % ("b6fa1e49dfa5b2a4621a7cbdf34777c5f45a5ae0", "ListDirectoryTool.kt")
KG_WRITE = KG % ("474bc2a387ec7db9dc698353fc66767c3dacf799", "WriteFileTool.kt")
KG_EDIT = KG % ("8ffeec40c1a21e0d80ec084106a50522098a57b2", "EditFileTool.kt")
GA = ("https://github.com/microsoft/genaiscript/blob/1d78611e5d5480586d2b59b6260750b6bfa904dc/"
      "packages/cli/genaisrc/system.%s.genai.mts")
AM = ("https://github.com/microsoft/amplifier-module-tool-filesystem/blob/355fa417ca37ea6475a2d7a4aea6ff037f800eea/"
      "amplifier_module_tool_filesystem/%s.py")
SH = ("https://github.com/tumf/mcp-shell-server/blob/b0404b1c3b02f2625946454f6ab4913b9a86dd51/"
      "src/mcp_shell_server/server.py")
EK = "https://github.com/FellouAI/eko/blob/c3de315af2c178826f8b1682b52638d18131252d/example/nodejs/src/file-agent.ts"

# ============================================================ GPTScript system tools
# The model sees the names types.ToolNormalizer makes: "sys." is cut, the rest
# is camel-cased (sys.read -> read, sys.http.get -> httpGet).
V = "gptscript"
case("gs-read", V, 1, GS, "read", {"filename": "docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read", note="sys.read: \"Reads the contents of a file\" (filename)")
case("gs-read-missing", V, 1, GS, "read", {"filename": "docs/missing.md"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="SysRead: \"The file %s does not exist\"")
case("gs-write-mkdir", V, 1, GS, "write", {"filename": "out/notes/hello.txt", "content": "hello\n"},
     {"files": [eq("out/notes/hello.txt", "hello\n")]}, "fs_write",
     note="SysWrite: creates the directory when it does not exist (os.MkdirAll), then os.WriteFile")
case("gs-write-over", V, 1, GS, "write", {"filename": "config.json", "content": "{}\n"},
     {"files": [eq("config.json", "{}\n")]}, "fs_write", note="os.WriteFile replaces the file")
case("gs-append", V, 1, GS, "append", {"filename": "notes/todo.txt", "content": "added line\n"},
     {"files": [eq("notes/todo.txt", TODO + "added line\n")]}, "fs_write",
     note="sys.append: \"Appends the contents to a file\" (O_APPEND, no newline added)")
case("gs-append-create", V, 1, GS, "append", {"filename": "notes/new-log.txt", "content": "first\n"},
     {"files": [eq("notes/new-log.txt", "first\n")]}, "fs_write",
     note="SysAppend opens with os.O_APPEND|os.O_WRONLY|os.O_CREATE")
case("gs-ls", V, 1, GS, "ls", {"dir": "internal"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="sys.ls: \"Lists the contents of a directory\" (os.ReadDir, one level)")
case("gs-ls-default", V, 1, GS, "ls", {},
     {"contains": ["README.md", "go.mod", "internal"], "not_contains": ["handler.go"]}, "fs_list",
     note="SysLs: dir == \"\" -> \".\"")
case("gs-find", V, 1, GS, "find", {"pattern": "*.md", "directory": "docs"},
     {"contains": ["guide.md", "api.md"], "not_contains": ["README.md"]}, "fs_find",
     note="sys.find: \"traditional unix glob format\"; directory: \"The directory to search in\"")
case("gs-find-default-dir", V, 1, GS, "find", {"pattern": "*_test.go"},
     {"contains": ["handler_test.go"], "not_contains": ["handler.go", "main.go"]}, "fs_find",
     note="\"The current directory \\\".\\\" will be used as the default\"; filepath.Match on the base name at any depth")
case("gs-httpget", V, 1, GS, "httpGet", {"url": "{BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl",
     note="sys.http.get: \"Download the contents of a http or https URL\"")
case("gs-httpget-404", V, 1, GS, "httpGet", {"url": "{BASE}/status/404"},
     {"error": True, "because": [r"404|not found"]}, "net_curl",
     note="SysHTTPGet: StatusCode != 200 -> \"failed to download %s: %s\"")
case("gs-html2text", V, 1, GS, "httpHtml2text", {"url": "{BASE}/page.html"}, PAGE_TEXT, "net_curl",
     note="sys.http.html2text: \"returning the content as rendered text converted from HTML\"")
case("gs-httppost", V, 1, GS, "httpPost",
     {"url": "{BASE}/post", "content": "{\"name\": \"x\"}", "contentType": "application/json"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"name": "x"},
                  "content_type_contains": "application/json"}}, "net_curl",
     note="sys.http.post: \"Write contents to a http or https URL using the POST method\"; contentType sets Content-Type")
case("gs-httppost-500", V, 1, GS, "httpPost", {"url": "{BASE}/status/500", "content": "x", "contentType": "text/plain"},
     {"error": True, "because": [r"500|server error"]}, "net_curl",
     note="SysHTTPPost: StatusCode > 399 -> \"Failed to post URL %s: %s\"")
case("gs-download", V, 1, GS, "download", {"url": "{BASE}/data.json", "location": "data/fetched.json"},
     {"files": [{"path": "data/fetched.json", "contains": [ITEMS]}]}, "net_curl",
     note="sys.download: \"Downloads a URL, saving the contents to disk at a given location\"")
case("gs-download-exists", V, 1, GS, "download", {"url": "{BASE}/data.json", "location": "config.json"},
     {"error": True, "because": EXISTS, "files": [same("config.json")]}, "net_curl",
     note="location: \"If the target file already exists it will fail unless override is set to true.\"")
case("gs-download-override", V, 1, GS, "download",
     {"url": "{BASE}/data.json", "location": "config.json", "override": "true"},
     {"files": [{"path": "config.json", "contains": [ITEMS]}]}, "net_curl",
     note="override: \"If true and a file at the location exists, the file will be overwritten\" (a string, compared with \"true\")")
case("gs-stat", V, 1, GS, "stat", {"filepath": "go.mod"},
     {"regex": [r"\b%d\b" % len(F["go.mod"])]}, "fs_stat",
     note="sys.stat: \"Gets size, modfied time, and mode of the specified file\"")
case("gs-remove", V, 1, GS, "remove", {"location": "debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN,
     note="sys.remove: \"Removes the specified files\" (os.Remove)")
case("gs-remove-dir", V, 1, GS, "remove", {"location": "a"},
     {"error": True, "because": [r"not empty|directory|recursive|is a dir"],
      "files": [{"path": "a/b/c/deep.txt", "exists": True}]}, "fs_delete", server_args=ADMIN,
     note="os.Remove fails on a non-empty directory (\"Failed to removed %s: %v\")")

# ============================================================ wcgw (MCP server)
V = "wcgw"
WC_TYPES = WC % "types_.py"
WC_TOOLS = WC % "client/tools.py"
WC_PROMPTS = WC % "client/tool_prompts.py"
WC_SR = WC % "client/file_ops/search_replace.py"
TID = "a1b2c3"


def sr(*pairs):
    out = []
    for old, new in pairs:
        out.append("<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE" % (old, new))
    return "\n".join(out)


case("wc-read", V, 1, WC_PROMPTS, "ReadFiles", {"file_paths": ["{ROOT}/docs/api.md"]},
     {"contains": ["GET /users returns"]}, "fs_read", note="\"Read full file content of one or more files.\"")
case("wc-read-range", V, 1, WC_PROMPTS, "ReadFiles", {"file_paths": ["{ROOT}/data/long.txt:10-20"]},
     rows(10, 20), "fs_read", note="\"E.g., `/path/to/file:1-10` for lines 1-10\" (1-indexed, end inclusive)")
case("wc-read-from", V, 1, WC_PROMPTS, "ReadFiles", {"file_paths": ["{ROOT}/data/long.txt:1995-"]},
     rows(1995, 2000), "fs_read", note="\"You can drop start or end like `/path/to/file:1-`\"")
case("wc-read-to", V, 1, WC_PROMPTS, "ReadFiles", {"file_paths": ["{ROOT}/data/long.txt:-3"]},
     rows(1, 3), "fs_read", note="\"or `/path/to/file:-10`\"")
case("wc-read-one-line", V, 1, WC_TYPES, "ReadFiles", {"file_paths": ["{ROOT}/data/long.txt:500"]},
     {"contains": [row(500)], "not_contains": [row(499)]}, "fs_read",
     note="types_.py: \"file.py:10 (specific line)\"; the code sets only start_line_num, so lines 500.. are read. "
          "Ambiguous (one line or from there on): only line 500 present and 499 absent is checked")
case("wc-read-two", V, 1, WC_PROMPTS, "ReadFiles", {"file_paths": ["{ROOT}/go.mod", "{ROOT}/config.json"]},
     {"contains": [MOD, '"retries": 3']}, "fs_read", note="\"Read full file content of one or more files.\"")
case("wc-read-one-missing", V, 1, WC_TOOLS, "ReadFiles", {"file_paths": ["{ROOT}/go.mod", "{ROOT}/nope.txt"]},
     {"contains": [MOD], "regex": [r"nope\.txt"]}, "fs_read",
     note="read_files catches the error per file (\"Error: file %s does not exist\") and still returns the others")
case("wc-write-new", V, 1, WC_TOOLS, "FileWriteOrEdit",
     {"file_path": "{ROOT}/src/new_module.py", "percentage_to_change": 100,
      "text_or_search_replace_blocks": "def hello():\n    return 'hi'\n", "thread_id": TID},
     {"files": [eq("src/new_module.py", "def hello():\n    return 'hi'\n")]}, "fs_write",
     note="\"If percentage_to_change > 50, provide full file content\"; write_file mkdirs the parent")
case("wc-edit-block", V, 2, WC_PROMPTS, "FileWriteOrEdit",
     {"file_path": "{ROOT}/config.yaml", "percentage_to_change": 10,
      "text_or_search_replace_blocks": sr(("  debug: false", "  debug: true")), "thread_id": TID},
     {"files": [eq("config.yaml", CONFIG_DEBUG)]}, "fs_edit",
     note="\"If percentage_to_change <= 50, text_or_search_replace_blocks should be search/replace blocks.\"")
case("wc-edit-two-blocks", V, 2, WC_PROMPTS, "FileWriteOrEdit",
     {"file_path": "{ROOT}/config.yaml", "percentage_to_change": 30,
      "text_or_search_replace_blocks": sr(("  port: 8080", "  port: 9090"), ("  host: localhost", "  host: db")),
      "thread_id": TID},
     {"files": [eq("config.yaml", CONFIG.replace("port: 8080", "port: 9090").replace("host: localhost", "host: db"))]},
     "fs_edit", note="\"Including multiple unique *SEARCH/REPLACE* blocks if needed.\"")
case("wc-edit-multi-match", V, 2, WC_SR, "FileWriteOrEdit",
     {"file_path": "{ROOT}/py/models.py", "percentage_to_change": 10,
      "text_or_search_replace_blocks": sr(("    def greet(self):", "    def greet(self, loud=False):")),
      "thread_id": TID},
     {"error": True, "because": MULTI, "files": [same("py/models.py")]}, "fs_edit",
     note="\"The following block matched more than once ... Consider adding more context\"")
case("wc-edit-nomatch", V, 2, WC_SR, "FileWriteOrEdit",
     {"file_path": "{ROOT}/config.yaml", "percentage_to_change": 10,
      "text_or_search_replace_blocks": sr(("  debug: maybe", "  debug: true")), "thread_id": TID},
     {"error": True, "because": NOTFOUND + [r"couldn't|could not|match"], "files": [same("config.yaml")]}, "fs_edit",
     note="\"Every SEARCH section must EXACTLY MATCH the existing file content\"; SearchReplaceMatchError")
case("wc-edit-missing-file", V, 2, WC_TOOLS, "FileWriteOrEdit",
     {"file_path": "{ROOT}/py/nothere.py", "percentage_to_change": 10,
      "text_or_search_replace_blocks": sr(("x = 1", "x = 2")), "thread_id": TID},
     {"error": True, "because": NOTFOUND, "files": [{"path": "py/nothere.py", "exists": False}]}, "fs_edit",
     note="do_diff_edit: \"Error: file %s does not exist\"")
case("wc-bash-curl", V, 6, WC_TYPES, "BashCommand",
     {"type": "command", "command": "curl -s {BASE}/data.json", "thread_id": TID},
     {"contains": [ITEMS]}, "net_curl",
     note="BashCommand's schema is ActionJsonSchema (type, command, thread_id); the validator wraps it in action_json")

# ============================================================ DeerFlow sandbox tools
V = "deer-flow"
DFT = DF % "tools.py"
D = "why"
case("df-read", V, 1, DFT, "read_file", {"description": D, "path": "{ROOT}/docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read")
case("df-read-range", V, 1, DFT, "read_file",
     {"description": D, "path": "{ROOT}/data/long.txt", "start_line": 10, "end_line": 20},
     rows(10, 20), "fs_read",
     note="start_line: \"(1-indexed, inclusive)\"; end_line: \"(1-indexed, inclusive)\"")
case("df-read-end-only", V, 1, DFT, "read_file",
     {"description": D, "path": "{ROOT}/data/long.txt", "end_line": 3}, rows(1, 3), "fs_read",
     note="start_line: \"Omit to start at the first line.\"")
case("df-read-start-only", V, 1, DFT, "read_file",
     {"description": D, "path": "{ROOT}/data/long.txt", "start_line": 1998}, rows(1998, 2000), "fs_read",
     note="end_line: \"Omit to read through the last line.\"")
case("df-read-inverted", V, 1, DFT, "read_file",
     {"description": D, "path": "{ROOT}/data/long.txt", "start_line": 20, "end_line": 10},
     {"error": True, "because": [r"start_line|end_line|range|greater|before|after|invalid|inverted|less than|no lines"]}, "fs_read",
     note="\"(start_line > end_line — no lines in range)\"")
case("df-read-missing", V, 1, DFT, "read_file", {"description": D, "path": "{ROOT}/docs/nothere.md"},
     {"error": True, "because": NOTFOUND}, "fs_read")
case("df-write-new", V, 1, DFT, "write_file",
     {"description": D, "path": "{ROOT}/reports/summary.md", "content": "# Summary\n"},
     {"files": [eq("reports/summary.md", "# Summary\n")]}, "fs_write")
case("df-write-append", V, 1, DFT, "write_file",
     {"description": D, "path": "{ROOT}/notes/todo.txt", "content": "- more\n", "append": True},
     {"files": [eq("notes/todo.txt", TODO + "- more\n")]}, "fs_write",
     note="\"set append=True to add content to the end without replacing existing content\" (read-before-write "
          "is presumed done earlier in the model's session; the case measures the append)")
case("df-str-replace", V, 2, DFT, "str_replace",
     {"description": D, "path": "{ROOT}/config.yaml", "old_str": "debug: false", "new_str": "debug: true"},
     {"files": [eq("config.yaml", CONFIG_DEBUG)]}, "fs_edit")
case("df-str-replace-all", V, 2, DFT, "str_replace",
     {"description": D, "path": "{ROOT}/notes/todo.txt", "old_str": "foo", "new_str": "FOO", "replace_all": True},
     {"files": [eq("notes/todo.txt", TODO_FOO)]}, "fs_edit",
     note="replace_all: \"Whether to replace all occurrences of the substring.\"")
case("df-str-replace-first", V, 2, DFT, "str_replace",
     {"description": D, "path": "{ROOT}/notes/todo.txt", "old_str": "foo", "new_str": "FOO"},
     {"any_of": [{"files": [eq("notes/todo.txt", TODO_FIRST)]}]}, "fs_edit",
     note="Ambiguous: the docstring says the substring \"must appear **exactly once**\", replace_all says \"If False, "
          "only the first occurrence will be replaced\" and the code does content.replace(old, new, 1). First-only "
          "is DONE; a refusal naming the count is judged as any refusal")
case("df-str-replace-notfound", V, 2, DFT, "str_replace",
     {"description": D, "path": "{ROOT}/config.yaml", "old_str": "debug: maybe", "new_str": "debug: true"},
     {"error": True, "because": NOTFOUND, "files": [same("config.yaml")]}, "fs_edit",
     note="\"Error: String to replace not found in file\"")
case("df-ls", V, 1, DFT, "ls", {"description": D, "path": "{ROOT}/web"},
     {"contains": ["package.json", "index.js", "app.js", "components"], "not_contains": ["Button.jsx", "List.tsx"]},
     "fs_list", note="\"List the contents of a directory up to 2 levels deep in tree format.\" (list_dir max_depth=2)")
case("df-glob", V, 1, DFT, "glob", {"description": D, "pattern": "**/*.py", "path": "{ROOT}"},
     {"contains": ["app.py", "models.py", "test_models.py"], "not_contains": ["app.js"]}, "fs_find",
     note="pattern: \"The glob pattern to match relative to the root path, for example `**/*.py`\"")
case("df-grep-ci", V, 1, DFT, "grep", {"description": D, "pattern": "error", "path": "{ROOT}/logs"},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search",
     note="case_sensitive: \"Whether matching is case-sensitive. Default is False.\"")
case("df-grep-cs", V, 1, DFT, "grep",
     {"description": D, "pattern": "error", "path": "{ROOT}/logs", "case_sensitive": True},
     {"contains": ["disk full"], "not_contains": ["connection refused", "timeout reached"]}, "fs_search")
case("df-grep-literal", V, 1, DFT, "grep",
     {"description": D, "pattern": "[]string{", "path": "{ROOT}/internal", "literal": True},
     {"contains": ["handler.go"], "not_contains": ["strings.go"]}, "fs_search",
     note="literal: \"Whether to treat `pattern` as a plain string.\" (re.escape)")
case("df-grep-glob", V, 1, DFT, "grep",
     {"description": D, "pattern": "TODO", "path": "{ROOT}", "glob": "**/*.go"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["app.js", "todo.txt", "app.py"]}, "fs_search",
     note="glob: \"Optional glob filter for candidate files, for example `**/*.py`.\"")
case("df-bash-curl", V, 6, DFT, "bash", {"description": D, "command": "curl -s {BASE}/data.json"},
     {"contains": [ITEMS]}, "net_curl")

# ============================================================ XAgent FileSystemEnv
V = "xagent"
case("xa-read", V, 1, XA, "FileSystemEnv_read_from_file", {"filepath": "docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read",
     note="filepath: \"always use relative path to the workspace root\"")
case("xa-read-line", V, 1, XA, "FileSystemEnv_read_from_file", {"filepath": "data/long.txt", "line_number": 1995},
     rows(1995, 2000), "fs_read", note="line_number: \"The starting line number of the content to be opened. Defaults to 1.\"")
case("xa-read-negative", V, 1, XA, "FileSystemEnv_read_from_file", {"filepath": "data/long.txt", "line_number": -3},
     rows(1998, 2000), "fs_read", note="line_number < 0 -> indexed_lines = lines[line_number:] (the last 3 lines)")
case("xa-read-out-of-range", V, 1, XA, "FileSystemEnv_read_from_file",
     {"filepath": "data/long.txt", "line_number": 5000},
     {"error": True, "because": [r"out of range|range|5000|beyond|exceed|past|only 2000|2000 lines"]}, "fs_read",
     note="\"Line number {line_number} is out of range.\"")
case("xa-read-missing", V, 1, XA, "FileSystemEnv_read_from_file", {"filepath": "docs/nothere.md"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="\"File {filepath} not found in workspace.\"")
case("xa-read-leading-slash", V, 4, XA, "FileSystemEnv_read_from_file", {"filepath": "/docs/guide.md"},
     {"contains": ["## Installation"]}, "fs_read",
     note="read_from_file: filepath.strip('/') then os.path.join(work_directory, filepath)")
case("xa-write-new", V, 1, XA, "FileSystemEnv_write_to_file",
     {"filepath": "notes/hello.txt", "content": "Hello World!\nA new line!"},
     {"files": [eq("notes/hello.txt", "Hello World!\nA new line!\n")]}, "fs_write",
     note="\"Create file if not exists.\"; every line gets a trailing '\\n'")
case("xa-write-append", V, 1, XA, "FileSystemEnv_write_to_file", {"filepath": "notes/todo.txt", "content": "appended"},
     {"files": [eq("notes/todo.txt", TODO + "appended\n")]}, "fs_write",
     note="line_number: \"Defaults to `None`, which means insert the new content at the end of the file.\"")
case("xa-write-insert", V, 2, XA, "FileSystemEnv_write_to_file",
     {"filepath": "notes/todo.txt", "content": "inserted", "line_number": 2},
     {"files": [eq("notes/todo.txt", "TODO: write docs\ninserted\nfoo bar foo\nbaz foo qux\nDONE: setup\n")]}, "fs_edit",
     note="\"write_to_file('test.txt', 'Hello World 1!', 2)\" -> the new line becomes line 2; overwrite "
          "\"Defaults to `False`, which insert the new content at the `line_number` line\"")
case("xa-write-overwrite-line", V, 2, XA, "FileSystemEnv_write_to_file",
     {"filepath": "notes/todo.txt", "content": "FOO BAR FOO", "line_number": 2, "overwrite": True},
     {"files": [eq("notes/todo.txt", "TODO: write docs\nFOO BAR FOO\nbaz foo qux\nDONE: setup\n")]}, "fs_edit",
     note="overwrite: \"If `True`, the new content will overwrite content started from `line_number` line.\"")
case("xa-write-truncate", V, 1, XA, "FileSystemEnv_write_to_file",
     {"filepath": "notes/todo.txt", "content": "fresh", "truncating": True},
     {"files": [eq("notes/todo.txt", "fresh\n")]}, "fs_write",
     note="truncating: \"If `True`, the file will be truncated before writing\"")
case("xa-write-missing-line", V, 1, XA, "FileSystemEnv_write_to_file",
     {"filepath": "notes/nothere.txt", "content": "x", "line_number": 5},
     {"error": True, "because": NOTFOUND, "files": [{"path": "notes/nothere.txt", "exists": False}]}, "fs_write",
     note="a missing file with line_number not None/0/1 -> FileNotFoundError")
case("xa-tree", V, 1, XA, "FileSystemEnv_print_filesys_struture", {},
     {"contains": ["handler.go", "deep.txt", "guide.md"]}, "fs_list",
     note="\"Return a tree-like structure for all files and folders in the workspace.\"")

# ============================================================ browser-use file system actions
V = "browser-use"
BU_T = BU % "tools/service.py"
BU_FS = BU % "filesystem/file_system.py"
CHECKS = "- [ ] task a\n- [ ] task b\n- [x] task c\n"
case("bu-write", V, 1, BU_T, "write_file", {"file_name": "results.md", "content": "# Results\n\n- item one"},
     {"files": [eq("results.md", "# Results\n\n- item one\n")]}, "fs_write",
     note="write_file(trailing_newline: bool = True): \"if trailing_newline: content += '\\n'\"")
case("bu-write-no-newline", V, 1, BU_T, "write_file",
     {"file_name": "data.json", "content": "{\"a\": 1}", "trailing_newline": False},
     {"files": [eq("data.json", "{\"a\": 1}")]}, "fs_write")
case("bu-write-overwrite", V, 1, BU_T, "write_file", {"file_name": "todo.md", "content": "- [ ] new"},
     {"files": [eq("todo.md", "- [ ] new\n")]}, "fs_write", setup={"todo.md": "- [ ] old\n"},
     note="\"By default this OVERWRITES the entire file\"")
case("bu-append", V, 1, BU_T, "write_file", {"file_name": "README.md", "content": "Appended line.", "append": True},
     {"files": [eq("README.md", README + "Appended line.\n")]}, "fs_write",
     note="\"use append=true to add to an existing file\"")
case("bu-append-leading", V, 1, BU_T, "write_file",
     {"file_name": "log.txt", "content": "second", "append": True, "leading_newline": True},
     {"files": [eq("log.txt", "first\nsecond\n")]}, "fs_write", setup={"log.txt": "first"},
     note="\"if leading_newline: content = '\\n' + content\" (and the trailing newline)")
case("bu-replace-all", V, 2, BU_T, "replace_file", {"file_name": "todo.md", "old_str": "- [ ]", "new_str": "- [x]"},
     {"files": [eq("todo.md", CHECKS.replace("- [ ]", "- [x]"))]}, "fs_edit", setup={"todo.md": CHECKS},
     note="replace_file_str: content.replace(old_str, new_str) -> \"Successfully replaced all occurrences\"")
case("bu-replace-notfound", V, 2, BU_FS, "replace_file",
     {"file_name": "todo.md", "old_str": "- [ ] task z", "new_str": "- [x] task z"},
     {"error": True, "because": NOTFOUND + [r"could not find"], "files": [eq("todo.md", CHECKS)]}, "fs_edit",
     setup={"todo.md": CHECKS}, note="\"Error: Could not find the specified text in file\"")
case("bu-replace-empty", V, 2, BU_FS, "replace_file", {"file_name": "todo.md", "old_str": "", "new_str": "x"},
     {"error": True, "because": [r"empty|old_str|non-empty"], "files": [eq("todo.md", CHECKS)]}, "fs_edit",
     setup={"todo.md": CHECKS}, note="\"Error: Cannot replace empty string.\"")
case("bu-read", V, 1, BU_T, "read_file", {"file_name": "README.md", "available_file_paths": []},
     {"contains": ["Fixture Project", "MIT"]}, "fs_read", note="\"Read the complete content of a file.\"")
case("bu-read-missing", V, 1, BU_FS, "read_file", {"file_name": "report.md", "available_file_paths": []},
     {"error": True, "because": NOTFOUND}, "fs_read", note="\"File '{full_filename}' not found.\"")
case("bu-write-png", V, 1, BU_T, "write_file", {"file_name": "screenshot.png", "content": "iVBORw0KGgo"},
     {"error": True, "because": [r"png|extension|binary|image|not allowed|not supported|unsupported|invalid"],
      "files": [{"path": "screenshot.png", "exists": False}]}, "fs_write",
     note="\"CANNOT write binary/image files (.png, .jpg, .mp4, etc.)\"; SUPPORTED EXTENSIONS: .txt, .md, .json, ...")

# ============================================================ Kortix Suna sandbox files tool
V = "kortix-suna"
case("su-create", V, 1, SU, "create_file", {"file_path": "src/main.py", "file_contents": "print('hello')\n"},
     {"files": [eq("src/main.py", "print('hello')\n")]}, "fs_write",
     note="\"The path must be relative to /workspace\"; parent directories are created")
case("su-create-workspace-prefix", V, 4, SU, "create_file",
     {"file_path": "/workspace/docs/changelog.md", "file_contents": "# Changelog\n"},
     {"files": [eq("docs/changelog.md", "# Changelog\n")]}, "fs_write",
     note="clean_path: \"\\\"/workspace/uploads/image.png\\\" -> \\\"uploads/image.png\\\"\" (files_utils.py); the served "
          "root plays /workspace")
case("su-create-exists", V, 1, SU, "create_file", {"file_path": "config.json", "file_contents": "{}\n"},
     {"error": True, "because": EXISTS, "files": [same("config.json")]}, "fs_write",
     note="\"File '{file_path}' already exists. Use update_file to modify existing files.\"")
case("su-str-replace", V, 2, SU, "str_replace",
     {"file_path": "config.yaml", "old_str": "debug: false", "new_str": "debug: true"},
     {"files": [eq("config.yaml", CONFIG_DEBUG)]}, "fs_edit")
case("su-str-replace-multi", V, 2, SU, "str_replace", {"file_path": "notes/todo.txt", "old_str": "foo", "new_str": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"Multiple occurrences found in lines {lines}. Please ensure string is unique\"")
case("su-str-replace-notfound", V, 2, SU, "str_replace",
     {"file_path": "config.yaml", "old_str": "debug: maybe", "new_str": "debug: true"},
     {"error": True, "because": NOTFOUND, "files": [same("config.yaml")]}, "fs_edit",
     note="\"String '{old_str}' not found in file\"")
case("su-str-replace-missing", V, 2, SU, "str_replace", {"file_path": "src/nothere.py", "old_str": "a", "new_str": "b"},
     {"error": True, "because": NOTFOUND, "files": [{"path": "src/nothere.py", "exists": False}]}, "fs_edit",
     note="\"File '{file_path}' does not exist\"")
case("su-rewrite", V, 1, SU, "full_file_rewrite", {"file_path": "notes/todo.txt", "file_contents": "all done\n"},
     {"files": [eq("notes/todo.txt", "all done\n")]}, "fs_write",
     note="\"Completely rewrite an existing file with new content.\"")
case("su-rewrite-missing", V, 1, SU, "full_file_rewrite", {"file_path": "notes/plan.md", "file_contents": "x\n"},
     {"error": True, "because": NOTFOUND, "files": [{"path": "notes/plan.md", "exists": False}]}, "fs_write",
     note="\"File '{file_path}' does not exist. Use create_file to create a new file.\"")
case("su-delete", V, 1, SU, "delete_file", {"file_path": "debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("su-delete-missing", V, 1, SU, "delete_file", {"file_path": "nothere.txt"},
     {"error": True, "because": NOTFOUND}, "fs_delete", server_args=ADMIN,
     note="\"File '{file_path}' does not exist\"")
case("su-edit-file", V, 2, SU, "edit_file",
     {"target_file": "config.yaml", "instructions": "I am turning debug mode on",
      "code_edit": "server:\n  port: 8080\n  debug: true\n// ... existing code ..."},
     {"files": [eq("config.yaml", CONFIG_DEBUG)]}, "fs_edit",
     note="edit_file sends instructions + code_edit to an apply model (Morph): \"use `// ... existing code ...` to "
          "represent unchanged parts of the file\". The merged file is DONE; a server that cannot merge should refuse; "
          "writing the snippet is FALSE-OK")

# ============================================================ Koog (JetBrains) file tools
V = "koog"
case("kg-read", V, 1, KG_READ, "__read_file__", {"path": "{ROOT}/docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read")
case("kg-read-range", V, 1, KG_READ, "__read_file__", {"path": "{ROOT}/data/long.txt", "startLine": 9, "endLine": 20},
     rows(10, 20), "fs_read",
     note="startLine: \"First line to include (0-based, inclusive)\"; endLine: \"First line to exclude (0-based, exclusive)\"")
case("kg-read-first", V, 1, KG_READ, "__read_file__", {"path": "{ROOT}/data/long.txt", "startLine": 0, "endLine": 1},
     rows(1, 1), "fs_read")
case("kg-read-from", V, 1, KG_READ, "__read_file__", {"path": "{ROOT}/data/long.txt", "startLine": 1995},
     rows(1996, 2000), "fs_read", note="endLine: \"Use -1 to read until end. Default is -1\"")
case("kg-read-missing", V, 1, KG_READ, "__read_file__", {"path": "{ROOT}/docs/nothere.md"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="\"File not found: ${args.path}\"")
case("kg-list", V, 1, KG_LIST, "__list_directory__", {"path": "{ROOT}/internal"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="depth: \"1 = only direct contents ... Default is 1\"")
case("kg-list-depth2", V, 1, KG_LIST, "__list_directory__", {"path": "{ROOT}/internal", "depth": 2},
     {"contains": ["handler.go", "strings.go"]}, "fs_list", note="\"2 = include subdirectories\"")
case("kg-list-filter-ci", V, 1, KG_LIST, "__list_directory__", {"path": "{ROOT}/docs", "filter": "*.MD"},
     {"contains": ["guide.md", "api.md"]}, "fs_list",
     note="filter: GlobPattern(pattern = it, caseSensitive = false)")
case("kg-list-filter-nomatch", V, 1, KG_LIST, "__list_directory__", {"path": "{ROOT}/docs", "filter": "*.rs"},
     {"error": True, "because": [r"no files|no match|match|nothing|no entries|\*\.rs"]}, "fs_list",
     note="\"No files or directories match the pattern '${args.filter}' in ${args.path}\" (ValidationFailure)")
case("kg-write", V, 1, KG_WRITE, "__write_file__", {"path": "{ROOT}/gen/out/report.txt", "content": "report\n"},
     {"files": [eq("gen/out/report.txt", "report\n")]}, "fs_write", note="\"Creates parent directories if needed\"")
case("kg-write-empty", V, 1, KG_WRITE, "__write_file__", {"path": "{ROOT}/gen/empty.txt", "content": ""},
     {"error": True, "because": [r"empty|content"], "files": [{"path": "gen/empty.txt", "exists": False}]}, "fs_write",
     note="content: \"Text content to write (must not be empty)\"; validate(args.content.isNotEmpty())")
case("kg-edit", V, 2, KG_EDIT, "edit_file",
     {"path": "{ROOT}/config.yaml", "original": "debug: false", "replacement": "debug: true"},
     {"files": [eq("config.yaml", CONFIG_DEBUG)]}, "fs_edit",
     note="\"searches for the original string in the file and replaces it with the replacement\"")
case("kg-edit-create", V, 2, KG_EDIT, "edit_file", {"path": "{ROOT}/notes/new.md", "original": "", "replacement": "# New\n"},
     {"files": [eq("notes/new.md", "# New\n")]}, "fs_write",
     note="\"Use empty string (\\\"\\\") for 'original' when creating new files\"")
case("kg-edit-rewrite", V, 2, KG_EDIT, "edit_file",
     {"path": "{ROOT}/config.json", "original": "", "replacement": "{\"name\": \"new\"}\n"},
     {"files": [eq("config.json", "{\"name\": \"new\"}\n")]}, "fs_write",
     note="\"... or performing complete rewrites\"")
case("kg-edit-nomatch", V, 2, KG_EDIT, "edit_file",
     {"path": "{ROOT}/config.yaml", "original": "debug: maybe", "replacement": "debug: true"},
     {"error": True, "because": NOTFOUND + [r"not modified|failed|could not"], "files": [same("config.yaml")]}, "fs_edit",
     note="\"File was not modified (patch application failed: ...)\"")

# ============================================================ GenAIScript system tools
V = "genaiscript"
GA_R = GA % "fs_read_file"
GA_F = GA % "fs_find_files"
GA_FETCH = GA % "fetch"
case("ga-read", V, 1, GA_R, "fs_read_file", {"filename": "docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read", note="filename: \"Path of the file to load, relative to the workspace.\"")
case("ga-read-range", V, 1, GA_R, "fs_read_file", {"filename": "data/long.txt", "line_start": 10, "line_end": 20},
     {"contains": [row(11), row(20)], "not_contains": [row(9), row(21)]}, "fs_read",
     note="line_start/line_end: \"Line number (starting at 1)\". The code slices lines.slice(line_start, line_end) "
          "(11..20); the schema means 10..20. Only what both readings share is checked")
case("ga-read-line", V, 1, GA_R, "fs_read_file", {"filename": "data/long.txt", "line": 50},
     {"contains": [row(50)], "not_contains": [row(30), row(70)]}, "fs_read",
     note="line: \"Line number (starting at 1) to read with a few lines before and after.\" (code: line-5..line+5)")
case("ga-read-numbers", V, 1, GA_R, "fs_read_file", {"filename": "notes/todo.txt", "line_numbers": True},
     {"regex": [r"\b1\b\D{0,6}TODO: write docs", r"\b4\b\D{0,6}DONE: setup"]}, "fs_read",
     note="line_numbers: \"Whether to include line numbers in the output.\"")
case("ga-read-missing", V, 1, GA_R, "fs_read_file", {"filename": "docs/nothere.md"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="\"Returns undefined if the file does not exist.\" (\"<FILE_NOT_FOUND>\")")
case("ga-find", V, 1, GA_F, "fs_find_files", {"glob": "**/*.md"},
     {"contains": ["README.md", "guide.md", "api.md"], "not_contains": ["config.yaml"]}, "fs_find",
     note="glob: \"Search path in glob format, including the relative path from the project root folder.\"")
case("ga-find-grep", V, 1, GA_F, "fs_find_files", {"glob": "**/*.go", "pattern": "TODO"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["main.go", "server.go", "strings.go"]}, "fs_search",
     note="pattern: \"Optional regular expression pattern to search for in the file content.\" (workspace.grep)")
case("ga-find-grep-regex", V, 1, GA_F, "fs_find_files", {"glob": "**/*.py", "pattern": "def \\w+\\(self\\)"},
     {"contains": ["models.py"], "not_contains": ["app.py", "test_models.py"]}, "fs_search")
case("ga-fetch-md", V, 1, GA_FETCH, "fetch", {"url": "{BASE}/page.html", "convert": "markdown"}, PAGE_TEXT, "net_curl",
     note="convert: \"Converts HTML to Markdown or plain text.\"")
case("ga-fetch-json", V, 1, GA_FETCH, "fetch", {"url": "{BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl")
case("ga-fetch-404", V, 1, GA_FETCH, "fetch", {"url": "{BASE}/status/404"},
     {"error": True, "because": [r"404|not found"]}, "net_curl", note="\"if (!res.ok) return `error: ${res.status}`\"")
case("ga-fetch-skip", V, 1, GA_FETCH, "fetch",
     {"url": "{BASE}/page.html", "convert": "text", "skipToContent": "Fixture Page"},
     {"contains": ["first"], "not_contains": ["NAVLINK"]}, "net_curl",
     note="skipToContent: \"Skip to a specific string in the content.\" (result.slice(index + skipToContent.length))")

# ============================================================ Amplifier tool-filesystem
V = "amplifier"
AM_R, AM_E, AM_W = AM % "read", AM % "edit", AM % "write"
case("am-read-offset", V, 1, AM_R, "read_file", {"file_path": "{ROOT}/data/long.txt", "offset": 10, "limit": 5},
     rows(10, 14), "fs_read",
     note="offset: \"The line number to start reading from (1-indexed)\"; limit: \"The number of lines to read.\"")
case("am-read-offset-only", V, 1, AM_R, "read_file", {"file_path": "{ROOT}/data/long.txt", "offset": 1990},
     rows(1990, 2000), "fs_read", note="\"By default, reads up to 2000 lines\"")
case("am-read-relative", V, 4, AM_R, "read_file", {"file_path": "./docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read",
     note="\"Relative paths: ./docs/README.md\" resolved against working_dir (the served root here)")
case("am-read-dir", V, 1, AM_R, "read_file", {"file_path": "{ROOT}/internal"},
     {"contains": ["server", "util"]}, "fs_list",
     note="\"Reads a file or lists a directory\"; \"For directories, returns a formatted listing showing DIR/FILE entries\"")
case("am-read-missing", V, 1, AM_R, "read_file", {"file_path": "{ROOT}/docs/nothere.md"},
     {"error": True, "because": NOTFOUND}, "fs_read", note="\"Path not found: {file_path}\"")
case("am-edit", V, 2, AM_E, "edit_file",
     {"file_path": "{ROOT}/config.yaml", "old_string": "debug: false", "new_string": "debug: true"},
     {"files": [eq("config.yaml", CONFIG_DEBUG)]}, "fs_edit")
case("am-edit-multi", V, 2, AM_E, "edit_file",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"The edit_file will FAIL if `old_string` is not unique in the file.\"")
case("am-edit-all", V, 2, AM_E, "edit_file",
     {"file_path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO", "replace_all": True},
     {"files": [eq("notes/todo.txt", TODO_FOO)]}, "fs_edit", note="\"use `replace_all` to change every instance\"")
case("am-edit-same", V, 2, AM_E, "edit_file",
     {"file_path": "{ROOT}/config.yaml", "old_string": "debug: false", "new_string": "debug: false"},
     {"error": True, "because": SAMESTR, "files": [same("config.yaml")]}, "fs_edit",
     note="new_string: \"(must be different from old_string)\"")
case("am-edit-notfound", V, 2, AM_E, "edit_file",
     {"file_path": "{ROOT}/config.yaml", "old_string": "debug: maybe", "new_string": "debug: true"},
     {"error": True, "because": NOTFOUND, "files": [same("config.yaml")]}, "fs_edit",
     note="\"old_string not found in file: {file_path}\"")
case("am-edit-missing-file", V, 2, AM_E, "edit_file",
     {"file_path": "{ROOT}/py/nothere.py", "old_string": "a", "new_string": "b"},
     {"error": True, "because": NOTFOUND, "files": [{"path": "py/nothere.py", "exists": False}]}, "fs_edit",
     note="\"File not found: {file_path}\"")
case("am-write-new", V, 1, AM_W, "write_file", {"file_path": "{ROOT}/docs/adr/0001-record.md", "content": "# Record\n"},
     {"files": [eq("docs/adr/0001-record.md", "# Record\n")]}, "fs_write",
     note="path.parent.mkdir(parents=True, exist_ok=True)")

# ============================================================ mcp-shell-server (tumf)
V = "mcp-shell-server"
X = "shell_execute"
case("sh-curl-get", V, 6, SH, X, {"command": ["curl", "-s", "{BASE}/data.json"]}, {"contains": [ITEMS]}, "net_curl",
     note="command: \"Command and its arguments as array\"")
case("sh-curl-post-json", V, 6, SH, X,
     {"command": ["curl", "-s", "-X", "POST", "-H", "Content-Type: application/json", "-d", "{\"a\":1}", "{BASE}/post"]},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"a": 1},
                  "content_type_contains": "application/json"}}, "net_curl")
case("sh-curl-header", V, 6, SH, X, {"command": ["curl", "-s", "-H", "X-Token: abc123", "{BASE}/echo"]},
     {"request": {"path": "/echo", "method": "GET", "headers": {"X-Token": "abc123"}}}, "net_curl")
case("sh-curl-output", V, 6, SH, X,
     {"command": ["curl", "-s", "-o", "data/page.html", "{BASE}/page.html"], "directory": "{ROOT}"},
     {"files": [{"path": "data/page.html", "contains": ["Fixture Page"]}]}, "net_curl",
     note="directory: \"Optional working directory\"; curl -o writes there")
case("sh-curl-head", V, 6, SH, X, {"command": ["curl", "-sI", "{BASE}/page.html"]},
     {"request": {"path": "/page.html", "method": "HEAD"}}, "net_curl", note="curl -I sends HEAD")
case("sh-curl-delete", V, 6, SH, X, {"command": ["curl", "-s", "-X", "DELETE", "{BASE}/echo"]},
     {"request": {"path": "/echo", "method": "DELETE"}}, "net_curl")
case("sh-cat", V, 1, SH, X, {"command": ["cat", "notes/todo.txt"], "directory": "{ROOT}"},
     {"contains": ["baz foo qux", "DONE: setup"]}, "fs_read")
case("sh-head", V, 1, SH, X, {"command": ["head", "-n", "3", "data/long.txt"], "directory": "{ROOT}"},
     rows(1, 3), "fs_read")
case("sh-ls", V, 1, SH, X, {"command": ["ls", "internal"], "directory": "{ROOT}"},
     {"contains": ["server", "util"], "not_contains": ["handler.go"]}, "fs_list")
case("sh-grep", V, 1, SH, X, {"command": ["grep", "-rn", "TODO", "internal"], "directory": "{ROOT}"},
     {"contains": ["handler.go", "handler_test.go", "load users from the database"], "not_contains": ["strings.go"]},
     "fs_search")
case("sh-find", V, 1, SH, X, {"command": ["find", ".", "-name", "*.md"], "directory": "{ROOT}"},
     {"contains": ["README.md", "guide.md", "api.md"], "not_contains": ["config.yaml"]}, "fs_find")
case("sh-go-test", V, 1, SH, X, {"command": ["go", "test", "./..."], "directory": "{ROOT}"},
     {"error_mentions": ["shell", "command", "cannot run", "not supported", "go test", "execute"]}, "net_curl",
     note="a test run needs a shell; f0 has file and HTTP tools only, so only a refusal that says so is right")

# ============================================================ Eko (FellouAI) file agent
V = "eko"
case("ek-list", V, 1, EK, "file_list", {"path": "{ROOT}/internal"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="\"Getting a list of files in a specified directory.\" (fs.readdir)")
case("ek-read", V, 1, EK, "file_read", {"path": "{ROOT}/docs/guide.md"},
     {"contains": ["## Configuration", "Edit config.yaml"]}, "fs_read")
case("ek-read-variable", V, 1, EK, "file_read", {"path": "{ROOT}/docs/guide.md", "write_variable": "guide"},
     {"contains": ["## Configuration"]}, "fs_read",
     note="write_variable: \"the content after reading is simultaneously written to the variable\" (the read is the answer)")
case("ek-write", V, 1, EK, "file_write", {"path": "{ROOT}/out/summary.txt", "content": "summary\n"},
     {"files": [eq("out/summary.txt", "summary\n")]}, "fs_write", note="fs.mkdir(directory, { recursive: true })")
case("ek-write-append", V, 1, EK, "file_write",
     {"path": "{ROOT}/notes/todo.txt", "content": "- new item\n", "append": True},
     {"files": [eq("notes/todo.txt", TODO + "- new item\n")]}, "fs_write",
     note="append: \"(Optional) Whether to use append mode\" (fs.appendFile)")
case("ek-write-overwrite", V, 1, EK, "file_write", {"path": "{ROOT}/notes/todo.txt", "content": "replaced\n"},
     {"files": [eq("notes/todo.txt", "replaced\n")]}, "fs_write", note="\"Overwrite or append content to a file.\"")
case("ek-write-empty", V, 1, EK, "file_write", {"path": "{ROOT}/out/empty.txt", "content": ""},
     {"error": True, "because": [r"empty|content"], "files": [{"path": "out/empty.txt", "exists": False}]}, "fs_write",
     note="\"content is empty, cannot write to file ${path}\"")
case("ek-write-from-variable", V, 1, EK, "file_write", {"path": "{ROOT}/out/report.md", "from_variable": "report"},
     {"error": True, "because": [r"variable|from_variable|content|empty"],
      "files": [{"path": "out/report.md", "exists": False}]}, "fs_write",
     note="\"Variable ${from_variable} is empty, cannot write to file ${path}\" (no variable was set in this session)")
case("ek-replace", V, 2, EK, "file_str_replace", {"path": "{ROOT}/notes/todo.txt", "old_str": "foo", "new_str": "FOO"},
     {"files": [eq("notes/todo.txt", TODO_FOO)]}, "fs_edit",
     note="file_str_replace: content.replace(new RegExp(oldStr, \"g\"), newStr) (every occurrence)")
case("ek-find", V, 1, EK, "file_find_by_name", {"path": "{ROOT}", "glob": "**/*.go"},
     {"contains": ["main.go", "handler.go", "strings.go"], "not_contains": ["app.js"]}, "fs_find",
     note="glob: \"Filename pattern using glob syntax wildcards, Example: **/*.txt\" (path.join(directoryPath, glob))")
case("ek-find-top", V, 1, EK, "file_find_by_name", {"path": "{ROOT}/web/src", "glob": "*.js"},
     {"contains": ["app.js", "index.js"], "not_contains": ["utils.ts", "Button.jsx"]}, "fs_find")


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
