#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-5 (run by ../run.py).

Each case: id, vocab, class (1 = another agent's, server's or SDK's own
vocabulary; 3 = envelopes and tool-call text of open models, 4 = paths,
6 = shell around curl and curl-ish usage), also (for an agent case that also
exercises an issue-23 class: 2 = edit formats, 3 = envelopes, 6 = curl in an
agent's shell tool), source (URL the semantics come from), tool, arguments,
expect, f0_tool, and optionally setup, server_args, note.

Written without reading f0's code, tests, testdata/mistakes or vocabulary
tables; f0 was run only through ../run.py, after the cases were committed.
"""
import base64
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import fixture  # noqa: E402

F = fixture.FILES
CASES = []
CLASS_VOCABS = ("raw-", "paths", "shell-curl")
ADMIN = ["--access", "admin"]


def case(id, vocab, cls, source, tool, arguments, expect, f0_tool, **kw):
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


def rows(a, b):
    """contains rows a..b (ends), not the rows just outside."""
    e = {"contains": [row(a), row(b)], "not_contains": []}
    if a > 1:
        e["not_contains"].append(row(a - 1))
    if b < 2000:
        e["not_contains"].append(row(b + 1))
    return e


def L(n):
    return "L%05d " % n


def same(path):
    return {"path": path, "same_as_fixture": True}


def lines_of(s):
    return s.splitlines(keepends=True)


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
REQS = fixture.REQUIREMENTS
MOD = "module example.com/fixture"
MULTI = [r"\b3\b|three|multiple|more than once|not unique|unique|occurrences|matches|ambiguous"]
EXISTS = [r"exist|already|overwrite"]
TIMEOUT = [r"time ?out|timed out|deadline|exceeded"]
ITEMS = '"items"'

# ------------------------------------------------------------------ sources
RMF = "https://github.com/rust-mcp-stack/rust-mcp-filesystem/blob/135656723036e4ee59707f547b4521168677e625/src/tools/"
FMR = "https://github.com/ssoj13/filesystem-mcp-rs/blob/7d6acb8b4b6adf2ac9da6e7312f0d4a07ae3fda1/src/main.rs"
CPX = "https://github.com/ComposioHQ/composio/blob/%s/python/composio/tools/local/filetool/actions/%s.py"
CP_OPEN = CPX % ("24e23f3ca6302db6d84476e7235b0ebb35cd2711", "open")
CP_WRITE = CPX % ("269dab12b4dc9594cc5230cffb82229bdc98a915", "write")
CP_CREATE = CPX % ("1870121ecc606389421764dd34e44cd45ed0a92d", "create")
CP_FIND = CPX % ("000d3e642dea04131b176be27b0761a329696597", "find")
CP_GREP = CPX % ("1ecd1a30ac24dd18cb46757e08a26a74460e3fea", "grep")
CP_RENAME = CPX % ("1af46716315b9e5d47d7a29584b86a7a3dc12ba2", "rename")
CP_CHDIR = CPX % ("ded60c30a46ada3de486530c3973abcc01861732", "chwdir")
DT = "https://github.com/daytonaio/daytona/blob/08ca0d900ff077057f0e261356640da92364fcc9/apps/cli/mcp/README.md"
E2B_RW = "https://e2b.dev/docs/filesystem/read-write"
E2B_SDK = "https://e2b.dev/docs/sdk-reference/python-sdk (Sandbox.files: read(path, format), write(path, data) / write([{path, data}]), list(path, depth), make_dir, rename(old_path, new_path), remove, exists)"
AG = ("https://github.com/microsoft/autogen/blob/83d20086f8191c9ade474615336046bdec8213bb/python/packages/autogen-ext/src/autogen_ext/agents/file_surfer/"
      "_tool_definitions.py (open_path, page_up, page_down, find_on_page_ctrl_f search_string, find_next)")
AG_OLD = "autogen_core.components.tools FileSurfer definitions of autogen 0.4 dev (open_local_file path), as in the public code index"
EXA_CRAWL = "https://github.com/exa-labs/exa-mcp-server/blob/0872a22607eacc487815baa11d568485f18324f5/src/tools/crawling.ts (crawling_exa {url, maxCharacters})"
EXA_FETCH = ("https://github.com/exa-labs/exa-mcp-server/blob/09ff08fde97d7d7b6c1e23fe5958178b8fa51b9b/src/tools/webFetch.ts "
             "(web_fetch_exa {urls, maxCharacters}; urls may be one string, maxCharacters is per page)")
EXA = "https://github.com/exa-labs/exa-mcp-server/blob/13c0c17ade0f13673cdd29d7775a42bf9e14bb8f/src/tools/webSearch.ts (web_search_exa {query, numResults})"
N8N = ("https://github.com/n8n-io/n8n/blob/d81bdf18bbb03d9754885fba7f42ee26ad7ea2b6/packages/nodes-base/nodes/HttpRequest/V3/Description.ts, "
       "https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.httprequest/ (sendQuery/queryParameters."
       "parameters[{name,value}], sendHeaders/headerParameters, sendBody/specifyBody json/jsonBody, bodyParameters, "
       "options.timeout in milliseconds)")
EM = "https://github.com/spachava753/editor-mcp/blob/1a32655fe0b93fd41652f641a8e2436d6b225f72/internal/text_edit.go"
OL_STR = "https://github.com/ollama/ollama/issues/6155 (tool_calls function.arguments sent as a JSON string)"
OL_ARR = "https://github.com/ollama/ollama/issues/17638 (gpt-oss apply_patch generation array-wrapped: `[{\"input\": …}]` with the `]` left over)"
OL_ENC = "https://github.com/ollama/ollama/issues/12064 (write_file raw call {path, content, encoding: utf-8})"
LC_TRUNC = "https://github.com/langchain-ai/langchain/issues/34746 (ollama: unterminated JSON arguments, `unexpected end of JSON input`)"
LCPP_STR = "https://github.com/ggml-org/llama.cpp/issues/21680 (Gemma 4: nested objects sent as JSON text; maintainers advise a string argument)"
OC_STR = "https://github.com/openclaw/openclaw/pull/57455 (qwen2.5-coder via ollama: arguments as a JSON string)"
VSVARS = "https://code.visualstudio.com/docs/reference/variables-reference (${workspaceFolder})"
ATMENTION = ("@-mentions of files in chat agents: https://sourcegraph.com/docs/cody/capabilities/chat (Cody @-file), "
             "https://docs.continue.dev/customize/context/codebase (Continue @ context)")
RFC3986 = "https://www.rfc-editor.org/rfc/rfc3986#section-2.1 (percent-encoding)"
POSIX_SLASH = "https://pubs.opengroup.org/onlinepubs/9699919799/basedefs/V1_chap04.html#tag_04_13 (trailing slash resolves only a directory)"
SHQUOTE = "https://www.gnu.org/software/bash/manual/bash.html#Single-Quotes (quotes kept literally by a JSON caller)"
AUTOLINK = "https://spec.commonmark.org/0.31.2/#autolinks (<…> around a target)"
GCCLOC = "https://www.gnu.org/prep/standards/html_node/Errors.html (file:line:column locations)"
TIMEOUT1 = "https://www.gnu.org/software/coreutils/manual/html_node/timeout-invocation.html"
SUDO = "https://www.sudo.ws/docs/man/sudo.man/"
TEE = "https://www.gnu.org/software/coreutils/manual/html_node/tee-invocation.html"
REDIR = "https://www.gnu.org/software/bash/manual/bash.html#Redirections (2>&1)"
LISTS = "https://www.gnu.org/software/bash/manual/bash.html#Lists (`;`, `||`)"
SHC = "https://pubs.opengroup.org/onlinepubs/9699919799/utilities/sh.html (sh -c)"
ENV1 = "https://www.gnu.org/software/coreutils/manual/html_node/env-invocation.html"
TIME1 = "https://www.gnu.org/software/bash/manual/bash.html#Pipelines (time)"
SED = "https://www.gnu.org/software/sed/manual/sed.html"
PYC = "https://docs.python.org/3/using/cmdline.html#cmdoption-c"
CMDSUB = "https://www.gnu.org/software/bash/manual/bash.html#Command-Substitution"
CURL_JSON = "https://curl.se/docs/manpage.html#--json (curl 7.82)"
CURL_URLQ = "https://curl.se/docs/manpage.html#--url-query (curl 7.87)"
CURL_RETRY = "https://curl.se/docs/manpage.html#--retry"
CURL_FAIL = "https://curl.se/docs/manpage.html#-f (exit 22 on HTTP >= 400)"

# ------------------------------------------------------------ rust-mcp-filesystem
V = "rust-mcp-fs"
case("rmf-head-file", V, 1, RMF + "head_file.rs", "head_file", {"path": "data/long.txt", "lines": 3},
     rows(1, 3), "fs_read")
case("rmf-tail-file", V, 1, RMF + "tail_file.rs", "tail_file", {"path": "data/long.txt", "lines": 2},
     rows(1999, 2000), "fs_read")
case("rmf-read-file-lines", V, 1, RMF + "read_file_lines.rs", "read_file_lines",
     {"path": "data/long.txt", "offset": 10, "limit": 3}, rows(11, 13), "fs_read",
     note="offset is the number of lines skipped (0-based): lines 11-13")
case("rmf-read-file-lines-nolimit", V, 1, RMF + "read_file_lines.rs", "read_file_lines",
     {"path": "notes/todo.txt", "offset": 2},
     {"contains": ["baz foo qux", "DONE: setup"], "not_contains": ["TODO: write docs", "foo bar foo"]}, "fs_read",
     note="no limit: to the end of the file")
case("rmf-read-text-numbers", V, 1, RMF + "read_text_file.rs", "read_text_file",
     {"path": "notes/todo.txt", "with_line_numbers": True},
     {"contains": ["TODO: write docs", "DONE: setup"], "regex": [r"\b4\b\D{0,8}DONE: setup"]}, "fs_read")
case("rmf-read-multiple", V, 1, RMF + "read_multiple_text_files.rs", "read_multiple_text_files",
     {"paths": ["go.mod", "docs/api.md"]}, {"contains": [MOD, "GET /health returns ok."]}, "fs_read")
case("rmf-search-content-literal", V, 1, RMF + "search_files_content.rs", "search_files_content",
     {"path": ".", "pattern": "*.go", "query": "Run(addr)"},
     {"contains": ["main.go", "server.Run(addr)"]}, "fs_search",
     note="is_regex defaults to false: the parentheses are literal")
case("rmf-search-content-regex", V, 1, RMF + "search_files_content.rs", "search_files_content",
     {"path": "logs", "pattern": "*.txt", "query": "^2024-01-0[12] (ERROR|error)", "is_regex": True},
     {"contains": ["connection refused", "disk full"], "not_contains": ["timeout reached", "server started"]},
     "fs_search")
case("rmf-search-files-exclude", V, 1, RMF + "search_file.rs", "search_files",
     {"path": "internal", "pattern": "*.go", "excludePatterns": ["*_test.go"]},
     {"contains": ["handler.go", "server.go", "strings.go"], "not_contains": ["handler_test.go"]}, "fs_find")
case("rmf-search-files-min-bytes", V, 1, RMF + "search_file.rs", "search_files",
     {"path": ".", "pattern": "*.txt", "min_bytes": 20000},
     {"contains": ["long.txt"], "not_contains": ["todo.txt", "deep.txt", "app.txt"]}, "fs_find",
     note="only files of at least 20,000 bytes")
case("rmf-edit-replace-all", V, 2, RMF + "edit_file.rs", "edit_file",
     {"path": "notes/todo.txt", "edits": [{"oldText": "foo", "newText": "FOO"}], "replaceAll": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("rmf-edit-ambiguous", V, 2, RMF + "edit_file.rs", "edit_file",
     {"path": "notes/todo.txt", "edits": [{"oldText": "foo", "newText": "FOO"}]},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="replaceAll false or absent: several matches is an error")
case("rmf-calc-dir-size", V, 1, RMF + "calculate_directory_size.rs", "calculate_directory_size",
     {"root_path": "a", "output_format": "bytes"}, {"regex": [r"\b10\s*(bytes|B)\b"]}, "fs_stat",
     note="a/ holds one 10-byte file")
case("rmf-find-duplicates", V, 1, RMF + "find_duplicate_files.rs", "find_duplicate_files",
     {"root_path": ".", "pattern": "*.txt"}, {"contains": ["copy.txt", "todo.txt"]}, "fs_find",
     setup={"notes/copy.txt": TODO}, note="content duplicates; a refusal that names the fix is also fair")
case("rmf-zip-files", V, 1, RMF + "zip_unzip.rs", "zip_files",
     {"input_files": ["go.mod", "README.md"], "target_zip_file": "out.zip"},
     {"error_mentions": ["zip"], "files": [{"path": "out.zip", "exists": False}]}, "fs_write",
     note="f0 has no archive tool: only a refusal is right")

# ------------------------------------------------------------ filesystem-mcp-rs (ssoj13)
V = "fs-mcp-rs"
cfg3 = lines_of(CONFIG)
cfg3[2] = "  debug: true\n"
case("fr-edit-lines-replace", V, 2, FMR, "edit_lines",
     {"path": "config.yaml", "edits": [{"line": 3, "operation": "replace", "text": "  debug: true"}]},
     {"files": [{"path": "config.yaml", "equals": "".join(cfg3)}]}, "fs_edit", note="lines are 1-indexed")
case("fr-edit-lines-insert-before", V, 2, FMR, "edit_lines",
     {"path": "notes/todo.txt", "edits": [{"line": 1, "operation": "insert_before", "text": "# header"}]},
     {"files": [{"path": "notes/todo.txt", "equals": "# header\n" + TODO}]}, "fs_edit")
case("fr-edit-lines-insert-after", V, 2, FMR, "edit_lines",
     {"path": "py/requirements.txt", "edits": [{"line": 2, "operation": "insert_after", "text": "flask==3.0.0"}]},
     {"files": [{"path": "py/requirements.txt", "equals": REQS + "flask==3.0.0\n"}]}, "fs_edit")
case("fr-edit-lines-delete-range", V, 2, FMR, "edit_lines",
     {"path": "notes/todo.txt", "edits": [{"line": 2, "endLine": 3, "operation": "delete"}]},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nDONE: setup\n"}]}, "fs_edit",
     note="endLine is inclusive")
case("fr-bulk-edits", V, 2, FMR, "bulk_edits",
     {"path": "web/src", "filePattern": "**/*.js",
      "edits": [{"oldText": "console.log", "newText": "logger.info", "replaceAll": True}]},
     {"files": [{"path": "web/src/index.js", "contains": ["logger.info('listening on 3000')"], "not_contains": ["console.log"]},
                {"path": "web/src/app.js", "contains": ["logger.info('app '"], "not_contains": ["console.log"]},
                same("web/src/components/Button.jsx")]}, "fs_edit")
case("fr-grep-ci", V, 1, FMR, "grep_files", {"path": "logs", "pattern": "error", "caseInsensitive": True},
     {"contains": ["connection refused", "disk full", "timeout reached"], "not_contains": ["server started"]},
     "fs_search")
case("fr-grep-count", V, 1, FMR, "grep_files",
     {"path": ".", "pattern": "TODO", "filePattern": "*.go", "outputMode": "count"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["load users from the database"]}, "fs_search",
     note="count mode: counts per file, not the lines")
case("fr-grep-invert", V, 1, FMR, "grep_files", {"path": "notes", "pattern": "foo", "invertMatch": True},
     {"contains": ["TODO: write docs", "DONE: setup"], "not_contains": ["foo bar foo", "baz foo qux"]}, "fs_search")
case("fr-grep-context", V, 1, FMR, "grep_files",
     {"path": "data", "pattern": "^row 0500:", "contextBefore": 1, "contextAfter": 1},
     {"contains": [row(499), row(500), row(501)], "not_contains": [row(498), row(502)]}, "fs_search")
case("fr-read-offset", V, 1, FMR, "read_text_file", {"path": "data/long.txt", "offset": 100, "limit": 2},
     rows(100, 101), "fs_read", note="offset is the 1-indexed first line")
case("fr-read-max-chars", V, 1, FMR, "read_text_file", {"path": "data/long.txt", "max_chars": 40},
     {"contains": [row(1), row(2)], "not_contains": [row(3), row(10)]}, "fs_read",
     note="at most 40 characters: two 18-character rows and a part of the third")
case("fr-extract-lines", V, 2, FMR, "extract_lines",
     {"path": "notes/todo.txt", "line": 2, "endLine": 3, "returnExtracted": True},
     {"contains": ["foo bar foo"], "files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nDONE: setup\n"}]},
     "fs_edit", note="cuts lines 2-3 out of the file and returns them")

# ------------------------------------------------------------ Composio filetool
V = "composio"
case("cp-open-line", V, 1, CP_OPEN, "FILETOOL_OPEN_FILE", {"file_path": "data/long.txt", "line_number": 500},
     {"contains": [row(500)], "not_contains": [row(1)]}, "fs_read",
     note="the window moves to include line 500")
case("cp-open-plain", V, 1, CP_OPEN, "FILETOOL_OPEN_FILE", {"file_path": "py/models.py"},
     {"contains": ["class Admin(User):"]}, "fs_read")
case("cp-write-overwrite", V, 1, CP_WRITE, "FILETOOL_WRITE", {"file_path": "notes/todo.txt", "text": "new list\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "new list\n"}]}, "fs_write",
     note="replaces the whole file")
case("cp-create-empty", V, 1, CP_CREATE, "FILETOOL_CREATE_FILE", {"file_path": "notes/empty.txt"},
     {"files": [{"path": "notes/empty.txt", "exists": True, "size": 0}]}, "fs_write")
case("cp-find-ci", V, 1, CP_FIND, "FILETOOL_FIND_FILE", {"pattern": "*.MD"},
     {"contains": ["guide.md", "api.md"]}, "fs_find", note="case_sensitive defaults to false")
case("cp-find-include", V, 1, CP_FIND, "FILETOOL_FIND_FILE", {"pattern": "*.go", "include": ["internal/util"]},
     {"contains": ["strings.go"], "not_contains": ["handler.go", "main.go"]}, "fs_find")
case("cp-find-depth", V, 1, CP_FIND, "FILETOOL_FIND_FILE", {"pattern": "*.txt", "depth": 1},
     {"not_contains": ["deep.txt"]}, "fs_find",
     note="depth 1: a/b/c/deep.txt is three levels down; a refusal naming the field is also fair")
case("cp-search-word-ci", V, 1, CP_GREP, "FILETOOL_SEARCH_WORD", {"word": "error", "pattern": "logs/*.txt"},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search",
     note="case_insensitive defaults to true")
case("cp-search-word-cs", V, 1, CP_GREP, "FILETOOL_SEARCH_WORD",
     {"word": "error", "pattern": "logs/*.txt", "case_insensitive": False},
     {"contains": ["disk full"], "not_contains": ["connection refused", "timeout reached"]}, "fs_search")
case("cp-search-word-f0", V, 1, CP_GREP, "fs_search", {"word": "Shout", "pattern": "**/*.go"},
     {"contains": ["strings.go", "func Shout"]}, "fs_search", note="Composio's SEARCH_WORD fields under f0's name")
case("cp-rename", V, 1, CP_RENAME, "FILETOOL_RENAME_FILE",
     {"old_file_path": "docs/api.md", "new_file_path": "docs/reference.md"},
     {"files": [{"path": "docs/api.md", "exists": False}, {"path": "docs/reference.md", "contains": ["GET /health"]}]},
     "fs_move")
case("cp-chdir", V, 1, CP_CHDIR, "FILETOOL_CHANGE_WORKING_DIRECTORY", {"path": "docs"},
     {"error_mentions": ["directory", "root", "path"]}, "fs_list",
     note="f0 keeps no working directory between calls: only a refusal that says so is right")

# ------------------------------------------------------------ Daytona MCP
V = "daytona"
case("dt-download", V, 1, DT, "download_file", {"file_path": "docs/guide.md"},
     {"contains": ["Edit config.yaml to change the port."]}, "fs_read")
case("dt-download-id", V, 1, DT, "download_file", {"id": "sandbox-1", "file_path": "go.mod"},
     {"contains": [MOD]}, "fs_read", note="id selects the sandbox, which is the served root here")
case("dt-upload-new", V, 1, DT, "upload_file", {"file_path": "out/hello.txt", "content": "hi\n"},
     {"files": [{"path": "out/hello.txt", "equals": "hi\n"}]}, "fs_write", note="creates parent directories")
case("dt-upload-no-overwrite", V, 1, DT, "upload_file",
     {"file_path": "notes/todo.txt", "content": "x\n", "overwrite": False},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt")]}, "fs_write")
case("dt-upload-base64", V, 1, DT, "upload_file",
     {"file_path": "bin/hello.txt", "content": base64.b64encode(b"hello\n").decode(), "encoding": "base64"},
     {"files": [{"path": "bin/hello.txt", "equals": "hello\n"}]}, "fs_write")
case("dt-create-folder", V, 1, DT, "create_folder", {"folder_path": "tmp/new", "mode": "0755"},
     {"files": [{"path": "tmp/new", "is_dir": True}]}, "fs_mkdir")
case("dt-get-info", V, 1, DT, "get_file_info", {"file_path": "notes/todo.txt"},
     {"regex": [r"\b53\b"]}, "fs_stat")
case("dt-list", V, 1, DT, "list_files", {"path": "docs"}, {"contains": ["guide.md", "api.md"]}, "fs_list")
case("dt-move", V, 1, DT, "move_file", {"source_path": "docs/api.md", "dest_path": "docs/api-v1.md"},
     {"files": [{"path": "docs/api.md", "exists": False}, {"path": "docs/api-v1.md", "contains": ["GET /users"]}]},
     "fs_move")
case("dt-delete", V, 1, DT, "delete_file", {"file_path": "debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("dt-exec-cat", V, 1, DT, "execute_command", {"command": "cat go.mod"}, {"contains": [MOD]}, "fs_read")
case("dt-exec-curl", V, 6, DT, "execute_command", {"command": "curl -s {BASE}/data.json"},
     {"contains": [ITEMS]}, "net_curl")
case("dt-preview-link", V, 1, DT, "preview_link", {"port": 3000, "description": "web ui"},
     {"error_mentions": ["preview", "port"]}, "net_curl", note="nothing in f0 exposes a port: only a refusal is right")
case("dt-upload-f0", V, 1, DT, "fs_write", {"file_path": "notes/dt.txt", "content": "daytona\n", "overwrite": True},
     {"files": [{"path": "notes/dt.txt", "equals": "daytona\n"}]}, "fs_write",
     note="Daytona's upload_file fields under f0's name")

# ------------------------------------------------------------ E2B sandbox files API
V = "e2b"
case("e2b-write", V, 1, E2B_RW, "files.write", {"path": "notes/e2b.txt", "data": "hello\n"},
     {"files": [{"path": "notes/e2b.txt", "equals": "hello\n"}]}, "fs_write")
case("e2b-write-many", V, 1, E2B_RW, "files.write",
     {"files": [{"path": "multi/a.txt", "data": "1\n"}, {"path": "multi/b.txt", "data": "2\n"}]},
     {"files": [{"path": "multi/a.txt", "equals": "1\n"}, {"path": "multi/b.txt", "equals": "2\n"}]}, "fs_write")
case("e2b-write-f0", V, 1, E2B_RW, "fs_write", {"path": "notes/e2b.txt", "data": "under f0\n"},
     {"files": [{"path": "notes/e2b.txt", "equals": "under f0\n"}]}, "fs_write",
     note="E2B's data field under f0's name")
case("e2b-read", V, 1, E2B_RW, "files.read", {"path": "go.mod"}, {"contains": [MOD]}, "fs_read")
case("e2b-read-bytes", V, 1, E2B_SDK, "files.read", {"path": "assets/logo.png", "format": "bytes"},
     {"contains": ["iVBORw0KGgo"]}, "fs_read", note="the bytes, as base64 over JSON")
case("e2b-list-depth", V, 1, E2B_SDK, "files.list", {"path": "a", "depth": 3},
     {"contains": ["deep.txt"]}, "fs_list")
case("e2b-make-dir", V, 1, E2B_SDK, "files.make_dir", {"path": "x/y"},
     {"files": [{"path": "x/y", "is_dir": True}]}, "fs_mkdir")
case("e2b-rename", V, 1, E2B_SDK, "files.rename", {"old_path": "notes/todo.txt", "new_path": "notes/done.txt"},
     {"files": [{"path": "notes/todo.txt", "exists": False}, {"path": "notes/done.txt", "equals": TODO}]}, "fs_move")
case("e2b-remove", V, 1, E2B_SDK, "files.remove", {"path": "debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("e2b-exists", V, 1, E2B_SDK, "files.exists", {"path": "go.mod"},
     {"regex": [r"(?i)\b(true|exists|file)\b"]}, "fs_stat")

# ------------------------------------------------------------ AutoGen FileSurfer
V = "autogen-filesurfer"
case("ag-open-path-file", V, 1, AG, "open_path", {"path": "docs/guide.md"},
     {"contains": ["## Installation", "Install with `go install`."]}, "fs_read")
case("ag-open-path-dir", V, 1, AG, "open_path", {"path": "docs"},
     {"contains": ["guide.md", "api.md"]}, "fs_list", note="open_path opens a file or a directory")
case("ag-open-path-abs", V, 1, AG, "open_path", {"path": "{ROOT}/config.json"},
     {"contains": ['"retries": 3']}, "fs_read")
case("ag-open-local-file", V, 1, AG_OLD, "open_local_file", {"path": "py/app.py"},
     {"contains": ["def main():"]}, "fs_read")
case("ag-find-ctrl-f", V, 1, AG, "find_on_page_ctrl_f", {"search_string": "row 15*"},
     {"error_mentions": ["fs_search", "fs.search", "path"]}, "fs_search",
     note="searches the page opened earlier; f0 has no open page, so only a refusal naming the fix is right")
case("ag-page-down", V, 1, AG, "page_down", {},
     {"error_mentions": ["fs_read", "fs.read", "offset", "path"]}, "fs_read",
     note="scrolls the file opened earlier: only a refusal naming the fix is right")

# ------------------------------------------------------------ Exa MCP
V = "exa-mcp"
case("exa-crawl", V, 1, EXA_CRAWL, "crawling_exa", {"url": "{BASE}/page.html", "maxCharacters": 3000},
     {"contains": ["Fixture Page", "alpha item"]}, "net_curl")
case("exa-crawl-max", V, 1, EXA_CRAWL, "crawling_exa", {"url": "{BASE}/long.txt", "maxCharacters": 64},
     {"contains": ["L00001"], "not_contains": [L(10)]}, "net_curl", note="at most 64 characters of the page")
case("exa-web-fetch-url-string", V, 1, EXA_FETCH, "web_fetch_exa", {"urls": "{BASE}/data.json"},
     {"contains": [ITEMS]}, "net_curl", note="one URL as a string is accepted by the source")
case("exa-web-fetch-urls", V, 1, EXA_FETCH, "web_fetch_exa",
     {"urls": ["{BASE}/page.html", "{BASE}/data.json"], "maxCharacters": 2000},
     {"contains": ["Fixture Page", ITEMS]}, "net_curl")
case("exa-web-fetch-f0", V, 1, EXA_FETCH, "net_curl", {"urls": ["{BASE}/data.json"], "maxCharacters": 2000},
     {"contains": [ITEMS]}, "net_curl", note="Exa's web_fetch_exa fields under f0's name")
case("exa-search", V, 1, EXA, "web_search_exa", {"query": "fixture page", "numResults": 3},
     {"error_mentions": ["search", "net_curl", "url"]}, "net_curl",
     note="a web search engine: only a refusal is right")

# ------------------------------------------------------------ n8n HTTP Request
V = "n8n-http"
case("n8n-query-params", V, 1, N8N, "net_curl",
     {"method": "GET", "url": "{BASE}/echo", "sendQuery": True,
      "queryParameters": {"parameters": [{"name": "q", "value": "x"}]}},
     {"request": {"path": "/echo", "method": "GET", "query_contains": "q=x"}}, "net_curl")
case("n8n-header-params", V, 1, N8N, "net_curl",
     {"url": "{BASE}/echo", "sendHeaders": True, "headerParameters": {"parameters": [{"name": "X-Test", "value": "1"}]}},
     {"request": {"path": "/echo", "headers": {"X-Test": "1"}}}, "net_curl")
case("n8n-json-body", V, 1, N8N, "net_curl",
     {"method": "POST", "url": "{BASE}/post", "sendBody": True, "specifyBody": "json", "jsonBody": "{\"a\": 1}"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"a": 1}, "content_type_contains": "application/json"}},
     "net_curl")
case("n8n-body-params-form", V, 1, N8N, "net_curl",
     {"method": "POST", "url": "{BASE}/post", "sendBody": True, "contentType": "form-urlencoded",
      "bodyParameters": {"parameters": [{"name": "a", "value": "1"}, {"name": "b", "value": "2"}]}},
     {"request": {"path": "/post", "method": "POST", "body_equals": "a=1&b=2",
                  "content_type_contains": "application/x-www-form-urlencoded"}}, "net_curl")
case("n8n-timeout-ms", V, 1, N8N, "net_curl", {"url": "{BASE}/slow?s=4", "options": {"timeout": 1000}},
     {"error": True, "because": TIMEOUT}, "net_curl", note="n8n's timeout is in milliseconds: 1 s, the page takes 4 s")

# ------------------------------------------------------------ editor-mcp (text_edit)
V = "editor-mcp"
case("em-replace-batch", V, 2, EM, "text_edit",
     {"command": "str_replace", "paths": ["web/src/index.js", "web/src/app.js"], "old_text": "console.log",
      "text": "logger.info"},
     {"files": [{"path": "web/src/index.js", "contains": ["logger.info("], "not_contains": ["console.log"]},
                {"path": "web/src/app.js", "contains": ["logger.info("], "not_contains": ["console.log"]}]}, "fs_edit",
     note="one match in each file; the edit applies to every path")
case("em-replace-multi", V, 2, EM, "text_edit",
     {"command": "str_replace", "paths": ["notes/todo.txt"], "old_text": "foo", "text": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="several matches with replace_all false is an error")
case("em-replace-all", V, 2, EM, "text_edit",
     {"command": "str_replace", "paths": ["notes/todo.txt"], "old_text": "foo", "text": "FOO", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("em-create", V, 1, EM, "text_edit", {"command": "create", "paths": ["docs/new.md"], "text": "# New\n"},
     {"files": [{"path": "docs/new.md", "equals": "# New\n"}]}, "fs_write")
case("em-create-overwrite", V, 1, EM, "text_edit", {"command": "create", "paths": ["notes/todo.txt"], "text": "x\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "x\n"}]}, "fs_write", note="create overwrites without warning")
case("em-create-f0", V, 1, EM, "fs_write", {"paths": ["docs/new.md"], "text": "# New\n"},
     {"files": [{"path": "docs/new.md", "equals": "# New\n"}]}, "fs_write", note="text_edit's fields under f0's name")

# ------------------------------------------------------------ raw calls through ollama / llama.cpp
V = "raw-ollama"
case("ro-args-string", V, 3, OL_STR, "fs_read", "{\"path\": \"go.mod\"}", {"contains": [MOD]}, "fs_read")
case("ro-args-string-edit", V, 3, OC_STR, "fs_edit",
     "{\"path\": \"config.yaml\", \"oldText\": \"debug: false\", \"newText\": \"debug: true\"}",
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("debug: false", "debug: true")}]}, "fs_edit")
case("ro-array-wrapped", V, 3, OL_ARR, "fs_read", [{"path": "go.mod"}], {"contains": [MOD]}, "fs_read")
case("ro-trailing-bracket-patch", V, 3, OL_ARR, "fs_edit",
     "{\"input\": \"*** Begin Patch\\n*** Update File: notes/todo.txt\\n@@\\n-DONE: setup\\n+DONE: setup and deploy\\n*** End Patch\"}]",
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("DONE: setup", "DONE: setup and deploy")}]}, "fs_edit",
     note="the generation of the report: an apply_patch envelope, with a stray closing bracket")
case("ro-unterminated", V, 3, LC_TRUNC, "fs_read", "{\"path\": \"go.mod\"", {"contains": [MOD]}, "fs_read",
     note="a closing brace missing; reading it or refusing with the fix are both fair")
case("ro-nested-as-text", V, 3, LCPP_STR, "fs_edit",
     {"path": "notes/todo.txt", "edits": "[{\"oldText\": \"DONE: setup\", \"newText\": \"DONE: all\"}]"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("DONE: setup", "DONE: all")}]}, "fs_edit")
case("ro-write-encoding", V, 3, OL_ENC, "fs_write",
     {"path": "src/pipe.py", "content": "print('pipe')\n", "encoding": "utf-8"},
     {"files": [{"path": "src/pipe.py", "equals": "print('pipe')\n"}]}, "fs_write",
     note="utf-8 is the only text encoding: writing it as given is right")

# ------------------------------------------------------------ paths
V = "paths"
GUIDE_LINE = "Edit config.yaml to change the port."
case("p-vscode-var", V, 4, VSVARS, "fs_read", {"path": "${workspaceFolder}/docs/guide.md"},
     {"contains": [GUIDE_LINE]}, "fs_read")
case("p-at-mention", V, 4, ATMENTION, "fs_read", {"path": "@docs/guide.md"}, {"contains": [GUIDE_LINE]}, "fs_read")
case("p-percent-encoded", V, 4, RFC3986, "fs_read", {"path": "docs/my%20notes.md"},
     {"contains": ["spaced notes"]}, "fs_read", setup={"docs/my notes.md": "spaced notes\n"})
case("p-trailing-slash-file", V, 4, POSIX_SLASH, "fs_read", {"path": "go.mod/"}, {"contains": [MOD]}, "fs_read")
case("p-single-quoted", V, 4, SHQUOTE, "fs_read", {"path": "'docs/guide.md'"}, {"contains": [GUIDE_LINE]}, "fs_read")
case("p-trailing-newline", V, 4, "layout newlines kept around a value (issue 23 item 3; XML-style parameters)",
     "fs_read", {"path": "docs/guide.md\n"}, {"contains": [GUIDE_LINE]}, "fs_read")
case("p-case-mismatch", V, 4, "case-insensitive file systems (macOS APFS default, Windows NTFS) teach models loose case",
     "fs_read", {"path": "Docs/Guide.md"}, {"contains": [GUIDE_LINE]}, "fs_read")
case("p-angle-brackets", V, 4, AUTOLINK, "fs_read", {"path": "<docs/guide.md>"}, {"contains": [GUIDE_LINE]}, "fs_read")
case("p-line-col-suffix", V, 4, GCCLOC, "fs_read", {"path": "web/src/app.js:3:3"},
     {"contains": ["// TODO: add routing"]}, "fs_read")
case("p-mkdir-trailing-slash", V, 4, POSIX_SLASH, "fs_mkdir", {"path": "tmp/out/"},
     {"files": [{"path": "tmp/out", "is_dir": True}]}, "fs_mkdir")

# ------------------------------------------------------------ shell around curl
V = "shell-curl"
case("sc-timeout-prefix", V, 6, TIMEOUT1, "net_curl", {"args": "timeout 10 curl -s {BASE}/data.json"},
     {"contains": [ITEMS]}, "net_curl")
case("sc-sudo", V, 6, SUDO, "net_curl", {"args": "sudo curl -s {BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl")
case("sc-tee", V, 6, TEE, "net_curl", {"args": "curl -s {BASE}/data.json | tee out.json"},
     {"files": [{"path": "out.json", "contains": [ITEMS]}]}, "net_curl", note="tee writes the body to out.json")
case("sc-stderr-merge", V, 6, REDIR, "net_curl", {"args": "curl -sS {BASE}/data.json 2>&1"},
     {"contains": [ITEMS]}, "net_curl")
case("sc-or-true", V, 6, LISTS, "net_curl", {"args": "curl -s {BASE}/data.json || true"},
     {"contains": [ITEMS]}, "net_curl")
case("sc-semicolon-echo", V, 6, LISTS, "net_curl", {"args": "curl -s {BASE}/data.json; echo"},
     {"contains": [ITEMS]}, "net_curl")
case("sc-sh-c", V, 6, SHC, "net_curl", {"args": "sh -c 'curl -s {BASE}/data.json'"}, {"contains": [ITEMS]}, "net_curl")
case("sc-env-prefix", V, 6, ENV1, "net_curl", {"args": "env LANG=C curl -s {BASE}/data.json"},
     {"contains": [ITEMS]}, "net_curl")
case("sc-time", V, 6, TIME1, "net_curl", {"args": "time curl -s {BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl")
case("sc-sed", V, 6, SED, "net_curl", {"args": "curl -s {BASE}/page.html | sed -n '1,3p'"},
     {"contains": ["<!DOCTYPE html>"]}, "net_curl", note="the filter applied, or the body with a note naming it")
case("sc-python-c", V, 6, PYC, "net_curl",
     {"args": "curl -s {BASE}/data.json | python3 -c 'import sys,json; print(json.load(sys.stdin)[\"name\"])'"},
     {"contains": ["fixture"]}, "net_curl", note="the filter applied, or the body with a note naming it")
case("sc-cmd-subst", V, 6, CMDSUB, "net_curl", {"args": "echo \"$(curl -s {BASE}/data.json)\""},
     {"contains": [ITEMS]}, "net_curl")
case("sc-curl-json-flag", V, 6, CURL_JSON, "net_curl", {"args": "curl --json '{\"a\":1}' {BASE}/post"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"a": 1}, "content_type_contains": "application/json"}},
     "net_curl")
case("sc-url-query", V, 6, CURL_URLQ, "net_curl", {"args": "curl -G {BASE}/echo --url-query 'q=a b'"},
     {"any_of": [{"request": {"path": "/echo", "query_contains": "q=a%20b"}},
                 {"request": {"path": "/echo", "query_contains": "q=a+b"}}]}, "net_curl")
case("sc-retry-flags", V, 6, CURL_RETRY, "net_curl", {"args": "curl --retry 3 --retry-delay 1 -fsSL {BASE}/data.json"},
     {"contains": [ITEMS]}, "net_curl")
case("sc-fail-404", V, 6, CURL_FAIL, "net_curl", {"args": "curl -f {BASE}/status/404"},
     {"error": True, "because": [r"404"]}, "net_curl", note="-f makes an HTTP error a failure")


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
    print(len(CASES), "cases")
    print(json.dumps(by_v, indent=1))
    print(json.dumps(by_c))


if __name__ == "__main__":
    main()
