#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-7 (run by ../run.py).

Each case: id, vocab, class (1 = an MCP server's own vocabulary or a call
reported in a public issue; 3 = raw tool-call text of open models; 4 = paths),
also (for a class-1 case that also exercises an issue-23 class: 2 = edit
formats, 3 = envelopes), source (the public repo+path+commit or URL the
semantics come from), tool, arguments, expect, f0_tool, and optionally setup,
server_args, note (the sentence of the source the expectation follows from).

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
CLASS_VOCABS = ("raw-", "paths")
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


def same(path):
    return {"path": path, "same_as_fixture": True}


def lines_of(s):
    return s.splitlines(keepends=True)


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
REQS = fixture.REQUIREMENTS
MAIN = fixture.MAIN_GO
MOD = "module example.com/fixture"
MULTI = [r"\b3\b|three|multiple|more than once|not unique|unique|occurrences|matches|ambiguous"]
EXISTS = [r"exist|already|overwrite"]
ITEMS = '"items"'
# what a page converted to markdown or text holds, and what it must not
MD_PAGE = {"contains": ["Fixture Page", "alpha item", "doc link"], "not_contains": ["<p>", "SCRIPT_SECRET", "<li>"]}

# ------------------------------------------------------------------ sources
CY = ("https://github.com/cyanheads/filesystem-mcp-server/blob/513ec49313dd83a7e960ba2f73e431e53410d457/"
      "src/mcp-server/tools/%s/%sLogic.ts")
SF = "https://github.com/safurrier/mcp-filesystem/blob/4e3a2888be9eececa2401e1dd86dcca8e40466dd/mcp_filesystem/"
SF_SERVER = SF + "server.py"
SF_OPS = SF + "operations.py"
CM = "https://github.com/ezyang/codemcp/blob/41dfe735e1541d6db93f326e43db66f1e7038425/codemcp/tools/%s.py"
OB = "https://github.com/MarkusPfundstein/mcp-obsidian/blob/eb33932a66eebda9eb44745e5d31f5c0fe21fee2/src/mcp_obsidian/tools.py"
MID = ("https://github.com/microsoft/markitdown/blob/a51f725d7ff4cdfe3bb6ad2ce2c04d98bf5f1f00/"
       "packages/markitdown-mcp/src/markitdown_mcp/__main__.py (convert_to_markdown(uri): \"Convert a resource described by "
       "an http:, https:, file: or data: URI to markdown\")")
TV = "https://github.com/tavily-ai/tavily-mcp/blob/7bcf90750ef5180968b78abb891eed837d9f7c20/src/index.ts"
AP = ("https://github.com/apify/rag-web-browser/blob/2198b70b89e8560a0bb66ef704c313b1c79b77c4/.actor/input_schema.json "
      "(tool name from src/mcp/server.ts: the schema title lower-cased, rag-web-browser)")
CF = ("https://github.com/cloudflare/mcp-server-cloudflare/blob/70ff690553722f731849ede6ba9ce98958395a23/"
      "apps/browser-rendering/src/tools/browser.tools.ts")
PW = "https://github.com/microsoft/playwright-mcp/blob/7e0457a7cbf88823bf0146d12c46ae12c6818247/README.md"
ET = ("https://github.com/bhaveshsinghal95182/endpoint_tester_server/blob/489fadbbb8b3e6a802780a0ee1ff88b1d9cc50cd/"
      "main.py and sourcecode.py (send_http_request: requests.request(method, url, headers, data, params); raise_for_status)")
UH = ("https://github.com/universal-mcp/http-tools/blob/ed132d76c41472435fe986539f65aa1f17585980/"
      "src/universal_mcp_http_tools/app.py (httpx.get(url, params=query_params), httpx.post/put/patch(url, json=body); raise_for_status)")
VL = "https://github.com/vllm-project/vllm/blob/%s/%s"
NEMO = VL % ("32367d45e3ae37d03e9c73598406bc4e6e62fba2", "vllm/tool_parsers/nemotron_json_tool_parser.py")
XLAM = VL % ("4a550fdbb5cd5f1c254412070cb2d1713268f566", "vllm/tool_parsers/xlam_tool_parser.py")
L4 = VL % ("055e47c28003156421365af985d676fc921cb075", "vllm/frontend/processing/tool_parsers/llama4_pythonic_tool_parser.py")
HY = VL % ("055e47c28003156421365af985d676fc921cb075", "vllm/frontend/processing/tool_parsers/hunyuan_a13b_tool_parser.py")
ER = VL % ("055e47c28003156421365af985d676fc921cb075", "vllm/frontend/processing/tool_parsers/ernie45_tool_parser.py")
ST3 = VL % ("055e47c28003156421365af985d676fc921cb075", "vllm/frontend/processing/tool_parsers/step3_tool_parser.py")
FN3 = ("https://github.com/MeetKai/functionary/blob/e240e8c54684718aa9357ccf9d59ff035a6ff351/"
       "functionary/prompt_template/jinja_templates/v3.llama3.txt (>>>${recipient}\\n${content}; >>>all for text)")
FN2 = ("https://github.com/MeetKai/functionary/blob/e240e8c54684718aa9357ccf9d59ff035a6ff351/"
       "functionary/prompt_template/jinja_templates/v2.llama3.txt (<|reserved_special_token_249|>NAME\\nARGS)")
CMDA = ("https://docs.cohere.com/docs/command-a-hf and the cohere_melody cmd3 template test "
        "tests/templating/cmd3_v3/tool_result_document_text_keys_preserved/output.txt (<|START_THINKING|>…<|END_THINKING|>"
        "<|START_ACTION|>[{tool_call_id, tool_name, parameters}]<|END_ACTION|>); "
        "https://docs.rs/tool-parser/latest/tool_parser/parsers/cohere/index.html (single object form, <|START_RESPONSE|>)")
MORPHIC = ("https://github.com/miurla/morphic/pull/955 (the model put a description in fetch's url: "
           "`URL To Web design Template Features`; nothing may be requested)")
SUPERASSIST = ("https://github.com/srbhptl39/MCP-SuperAssistant/issues/54 (filesystem.edit_file called with `edits` "
               "as a well-formed JSON array string)")
CODEMCP310 = ("https://github.com/ezyang/codemcp/issues/310 (edit_file: \"Expected array, received string\" at edits: "
              "the model sent the filesystem server's edits, as a string, to a tool that takes old_string/new_string)")
PI5138 = ("https://github.com/earendil-works/pi/issues/5138 (write called with Received arguments {\"path\": "
          "\"scripts/seed.ts\"}: the content was left out)")
OC7778 = "https://github.com/openclaw/openclaw/issues/7778 (read(file_path='…') where the schema says path)"
DA644 = ("https://github.com/langchain-ai/deepagentsjs/pull/644 (Error invoking tool 'read_file' with kwargs "
         "{\"path\": \".../SKILL.md\", \"limit\": 1000})")
MID_URI = ("https://github.com/microsoft/markitdown/blob/a51f725d7ff4cdfe3bb6ad2ce2c04d98bf5f1f00/packages/markitdown/src/markitdown/"
           "_markitdown.py convert_uri (file: URIs: \"Netloc must be empty or localhost\") and _uri_utils.py file_uri_to_path "
           "(os.path.abspath(url2pathname(parsed.path)): percent-decoded, a relative path taken from the working directory)")
OBS_LINK = ("Obsidian help, Internal links (https://huggingface.co/spaces/anpigon/obsidian-qa-bot/raw/main/docs/obsidian-help/"
            "Linking%20notes%20and%20files/Internal%20links.md: \"Wikilink: [[Three laws of motion]] / Markdown: "
            "[Three laws of motion](Three%20laws%20of%20motion.md) … links to the same note\") and "
            "https://nolebase-integrations.ayaka.io/integrations/markdown-it-bi-directional-links/index.html "
            "(\"[[Some Folder/Page]] will be parsed as a link to Some Folder/Page.md\")")

# ============================================================ cyanheads filesystem-mcp-server
V = "cyanheads-fs"
case("cy-read-abs", V, 1, CY % ("readFile", "readFile"), "read_file", {"path": "{ROOT}/go.mod"},
     {"contains": [MOD]}, "fs_read")
case("cy-read-relative", V, 1, CY % ("readFile", "readFile"), "read_file", {"path": "docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read",
     note="\"If relative, it resolves against the path set by set_filesystem_default\": the served root plays the default")
case("cy-write-new-dirs", V, 1, CY % ("writeFile", "writeFile"), "write_file",
     {"path": "{ROOT}/out/new/deep.txt", "content": "hello\n"},
     {"files": [{"path": "out/new/deep.txt", "equals": "hello\n"}]}, "fs_write", note="\"Missing directories will be created.\"")
case("cy-write-overwrite", V, 1, CY % ("writeFile", "writeFile"), "write_file",
     {"path": "{ROOT}/notes/todo.txt", "content": "replaced\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "replaced\n"}]}, "fs_write",
     note="\"If the file exists, it will be overwritten.\"")
case("cy-update-first-only", V, 2, CY % ("updateFile", "updateFile"), "update_file",
     {"path": "{ROOT}/notes/todo.txt", "blocks": [{"search": "foo", "replace": "FOO"}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO", 1)}]}, "fs_edit",
     note="replaceAll: \"If false, only replace the first occurrence. Defaults to false.\"")
case("cy-update-replace-all", V, 2, CY % ("updateFile", "updateFile"), "update_file",
     {"path": "{ROOT}/notes/todo.txt", "blocks": [{"search": "foo", "replace": "FOO"}], "replaceAll": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("cy-update-regex-first", V, 2, CY % ("updateFile", "updateFile"), "update_file",
     {"path": "{ROOT}/config.yaml", "blocks": [{"search": "port: \\d+", "replace": "port: 9090"}], "useRegex": True},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 8080", "port: 9090")}]}, "fs_edit",
     note="useRegex: a JavaScript regular expression; without replaceAll only the first match (the server's port)")
case("cy-update-regex-group", V, 2, CY % ("updateFile", "updateFile"), "update_file",
     {"path": "{ROOT}/config.yaml", "blocks": [{"search": "(\\w+): 5432", "replace": "$1: 6543"}], "useRegex": True},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 5432", "port: 6543")}]}, "fs_edit",
     note="String.prototype.replace with a RegExp: $1 in the replacement is the first group")
case("cy-update-literal-parens", V, 2, CY % ("updateFile", "updateFile"), "update_file",
     {"path": "{ROOT}/main.go", "blocks": [{"search": "server.Run(addr)", "replace": "server.Run(addr, nil)"}]},
     {"files": [{"path": "main.go", "equals": MAIN.replace("server.Run(addr)", "server.Run(addr, nil)")}]}, "fs_edit",
     note="useRegex defaults to false: \"exact string matching\"")
case("cy-update-two-blocks", V, 2, CY % ("updateFile", "updateFile"), "update_file",
     {"path": "{ROOT}/config.yaml", "blocks": [{"search": "debug: false", "replace": "debug: true"},
                                               {"search": "host: localhost", "replace": "host: db"}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("debug: false", "debug: true").replace("host: localhost", "host: db")}]},
     "fs_edit", note="blocks are applied sequentially")
case("cy-list-top", V, 1, CY % ("listFiles", "listFiles"), "list_files", {"path": "{ROOT}/internal"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="includeNested: \"Defaults to false (top-level only).\"")
case("cy-list-nested", V, 1, CY % ("listFiles", "listFiles"), "list_files",
     {"path": "{ROOT}/web", "includeNested": True},
     {"contains": ["Button.jsx", "List.tsx", "package.json", "utils.ts"]}, "fs_list")
case("cy-delete-file", V, 1, CY % ("deleteFile", "deleteFile"), "delete_file", {"path": "{ROOT}/debug.log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("cy-delete-dir-nonempty", V, 1, CY % ("deleteDirectory", "deleteDirectory"), "delete_directory",
     {"path": "{ROOT}/a"},
     {"error": True, "because": [r"not empty|non-empty|recursive|contains"], "files": [same("a/b/c/deep.txt")]},
     "fs_delete", server_args=ADMIN,
     note="recursive defaults to false: \"If false, only delete if the directory is empty.\"")
case("cy-delete-dir-recursive", V, 1, CY % ("deleteDirectory", "deleteDirectory"), "delete_directory",
     {"path": "{ROOT}/a", "recursive": True},
     {"files": [{"path": "a", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("cy-mkdir-no-parents", V, 1, CY % ("createDirectory", "createDirectory"), "create_directory",
     {"path": "{ROOT}/x/y/z", "create_parents": False},
     {"error": True, "because": [r"parent|no such|not exist|does not exist|ENOENT|create_parents|missing"],
      "files": [{"path": "x", "exists": False}]}, "fs_mkdir",
     note="create_parents false: \"fail if a parent directory is missing\"")
case("cy-mkdir", V, 1, CY % ("createDirectory", "createDirectory"), "create_directory",
     {"path": "{ROOT}/newdir/sub"}, {"files": [{"path": "newdir/sub", "is_dir": True}]}, "fs_mkdir")
case("cy-move-no-overwrite", V, 1, CY % ("movePath", "movePath"), "move_path",
     {"source_path": "{ROOT}/notes/todo.txt", "destination_path": "{ROOT}/docs/api.md"},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt"), same("docs/api.md")]}, "fs_move",
     note="\"Destination path already exists: … Cannot overwrite.\"")
case("cy-move", V, 1, CY % ("movePath", "movePath"), "move_path",
     {"source_path": "{ROOT}/notes/todo.txt", "destination_path": "{ROOT}/notes/done.txt"},
     {"files": [{"path": "notes/todo.txt", "exists": False},
                {"path": "notes/done.txt", "same_as_fixture": True, "fixture": "notes/todo.txt"}]}, "fs_move")
case("cy-copy-dir", V, 1, CY % ("copyPath", "copyPath"), "copy_path",
     {"source_path": "{ROOT}/docs", "destination_path": "{ROOT}/docs-copy"},
     {"files": [{"path": "docs-copy/guide.md", "same_as_fixture": True, "fixture": "docs/guide.md"},
                {"path": "docs-copy/api.md", "same_as_fixture": True, "fixture": "docs/api.md"}]}, "fs_copy",
     note="recursive defaults to true for a directory")
case("cy-set-default", V, 1, CY % ("setFilesystemDefault", "setFilesystemDefault"), "set_filesystem_default",
     {"path": "{ROOT}/web"},
     {"error_mentions": ["working directory", "default", "root"]}, "fs_list",
     note="a default directory kept between calls: nothing in f0 keeps one, so only a refusal is right")

# ============================================================ safurrier mcp-filesystem (Python)
V = "safurrier-fs"
case("sf-read-lines", V, 1, SF_SERVER, "read_file_lines", {"path": "data/long.txt", "offset": 10, "limit": 3},
     rows(11, 13), "fs_read", note="offset: \"Line offset (0-based, starts at first line)\"")
case("sf-read-lines-rest", V, 1, SF_SERVER, "read_file_lines", {"path": "notes/todo.txt", "offset": 2},
     {"contains": ["baz foo qux", "DONE: setup"], "not_contains": ["TODO: write docs", "foo bar foo"]}, "fs_read",
     note="limit: \"None for all remaining\"")
case("sf-head", V, 1, SF_SERVER, "head_file", {"path": "data/long.txt", "lines": 3}, rows(1, 3), "fs_read")
case("sf-tail-default", V, 1, SF_SERVER, "tail_file", {"path": "data/long.txt"}, rows(1991, 2000), "fs_read",
     note="lines: \"Number of lines to read (default: 10)\"")
case("sf-grep-case-sensitive", V, 1, SF_SERVER, "grep_files", {"path": "logs", "pattern": "error"},
     {"contains": ["disk full"], "not_contains": ["connection refused", "timeout reached"]}, "fs_search",
     note="case_sensitive defaults to True, is_regex to False")
case("sf-grep-ignore-case", V, 1, SF_SERVER, "grep_files", {"path": "logs", "pattern": "error", "case_sensitive": False},
     {"contains": ["disk full", "connection refused", "timeout reached"], "not_contains": ["server started"]}, "fs_search")
case("sf-grep-literal", V, 1, SF_SERVER, "grep_files", {"path": ".", "pattern": "Run(addr)", "include_patterns": ["*.go"]},
     {"contains": ["main.go", "server.Run(addr)"], "not_contains": ["Run(addr string)"]}, "fs_search",
     note="is_regex false: the parentheses are literal, so func Run(addr string) does not match")
case("sf-grep-regex-include", V, 1, SF_SERVER, "grep_files",
     {"path": ".", "pattern": "TODO: (parse|load)", "is_regex": True, "include_patterns": ["*.py", "*.go"]},
     {"contains": ["app.py", "handler.go"], "not_contains": ["todo.txt", "write a real test"]}, "fs_search")
case("sf-grep-context-before", V, 1, SF_SERVER, "grep_files",
     {"path": "notes/todo.txt", "pattern": "DONE", "context_before": 1},
     {"contains": ["baz foo qux", "DONE: setup"], "not_contains": ["foo bar foo"]}, "fs_search",
     note="context_before: \"Number of lines to show BEFORE matches (like grep -B)\"")
case("sf-write-no-create-dirs", V, 1, SF_SERVER, "write_file", {"path": "newdir/x.txt", "content": "x\n"},
     {"error": True, "because": [r"no such|not exist|does not exist|parent|director|create_dirs"],
      "files": [{"path": "newdir", "exists": False}]}, "fs_write",
     note="create_dirs defaults to False: \"Whether to create parent directories if they don't exist\"")
case("sf-write-create-dirs", V, 1, SF_SERVER, "write_file",
     {"path": "newdir/x.txt", "content": "x\n", "create_dirs": True},
     {"files": [{"path": "newdir/x.txt", "equals": "x\n"}]}, "fs_write")
cfg3 = lines_of(CONFIG)
cfg3[2] = "  debug: true\n"
case("sf-edit-line-replace", V, 2, SF_SERVER, "edit_file_at_line",
     {"path": "config.yaml", "line_edits": [{"line_number": 3, "action": "replace", "content": "  debug: true"}]},
     {"files": [{"path": "config.yaml", "equals": "".join(cfg3)}]}, "fs_edit",
     note="line_number: \"0-based if relative_line_numbers=True, otherwise 1-based\"; a newline is added when the old line had one")
cfg4 = lines_of(CONFIG)
cfg4[3] = "db:\n"
case("sf-edit-line-relative", V, 2, SF_SERVER, "edit_file_at_line",
     {"path": "config.yaml", "offset": 3, "relative_line_numbers": True,
      "line_edits": [{"line_number": 0, "action": "replace", "content": "db:"}]},
     {"files": [{"path": "config.yaml", "equals": "".join(cfg4)}]}, "fs_edit",
     note="relative: absolute line = offset + line_number + 1 = line 4 (database:)")
case("sf-edit-line-insert-after", V, 2, SF_OPS, "edit_file_at_line",
     {"path": "py/requirements.txt", "line_edits": [{"line_number": 2, "action": "insert_after", "content": "flask==3.0.0"}]},
     {"files": [{"path": "py/requirements.txt", "equals": REQS + "flask==3.0.0\n"}]}, "fs_edit")
case("sf-edit-line-delete", V, 2, SF_OPS, "edit_file_at_line",
     {"path": "notes/todo.txt", "line_edits": [{"line_number": 2, "action": "delete"}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo bar foo\n", "")}]}, "fs_edit")
case("sf-edit-line-verify-abort", V, 2, SF_OPS, "edit_file_at_line",
     {"path": "notes/todo.txt", "abort_on_verification_failure": True,
      "line_edits": [{"line_number": 2, "action": "replace", "content": "changed", "expected_content": "baz foo qux"}]},
     {"error": True, "because": [r"verif|expected|mismatch|does not match|did not match|differ|actual"],
      "files": [same("notes/todo.txt")]}, "fs_edit",
     note="expected_content differs from line 2 and abort_on_verification_failure is set: nothing is edited")
case("sf-edit-dry-run", V, 2, SF_SERVER, "edit_file",
     {"path": "config.yaml", "edits": [{"oldText": "debug: false", "newText": "debug: true"}], "dry_run": True},
     {"contains": ["debug: true"], "files": [same("config.yaml")]}, "fs_edit",
     note="dry_run: \"If True, return diff but don't modify file\"")
case("sf-move-no-overwrite", V, 1, SF_SERVER, "move_file", {"source": "notes/todo.txt", "destination": "docs/api.md"},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt"), same("docs/api.md")]}, "fs_move",
     note="overwrite defaults to False")
case("sf-search-content-match", V, 1, SF_SERVER, "search_files",
     {"path": ".", "pattern": "*.go", "content_match": "TODO"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["main.go", "strings.go"]}, "fs_search",
     note="file names matching the glob whose contents hold the text")
case("sf-find-large", V, 1, SF_SERVER, "find_large_files", {"path": ".", "min_size_mb": 0.02},
     {"contains": ["long.txt"], "not_contains": ["todo.txt", "main.go"]}, "fs_find",
     note="min_size_mb 0.02 = 20,971 bytes: only data/long.txt (40,893 bytes)")
case("sf-list-hidden", V, 1, SF_SERVER, "list_directory", {"path": ".", "include_hidden": True},
     {"contains": [".env", ".hidden", "README.md"]}, "fs_list")

# ============================================================ codemcp (ezyang)
V = "codemcp"
case("cm-read-offset", V, 1, CM % "read_file", "read_file", {"path": "{ROOT}/data/long.txt", "offset": 5, "limit": 3},
     rows(5, 7), "fs_read", note="offset: \"The line number to start reading from (1-indexed)\"")
case("cm-read-chat-id", V, 1, CM % "read_file", "read_file", {"path": "{ROOT}/go.mod", "chat_id": "42-fix-readme"},
     {"contains": [MOD]}, "fs_read", note="chat_id: the chat session's id, bookkeeping for codemcp's commits")
case("cm-edit-unique", V, 2, CM % "edit_file", "edit_file",
     {"path": "{ROOT}/config.yaml", "old_string": "debug: false", "new_string": "debug: true",
      "description": "turn on debug"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("debug: false", "debug: true")}]}, "fs_edit")
case("cm-edit-multiple", V, 2, CM % "edit_file", "edit_file",
     {"path": "{ROOT}/notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="\"Found 3 matches of the string to replace. For safety, this tool only supports replacing exactly one occurrence\"")
case("cm-edit-create", V, 2, CM % "edit_file", "edit_file",
     {"path": "{ROOT}/notes/new.md", "old_string": "", "new_string": "# New\n"},
     {"files": [{"path": "notes/new.md", "equals": "# New\n"}]}, "fs_write",
     note="old_string: \"use empty string for new file creation\"")
case("cm-write-dict", V, 1, CM % "write_file", "write_file",
     {"path": "{ROOT}/data/out.json", "content": {"name": "fixture", "n": 2}},
     {"files": [{"path": "data/out.json", "regex": [r'^\s*\{\s*"name":\s*"fixture",\s*"n":\s*2\s*\}\s*$']}]}, "fs_write",
     note="content: \"Can be a string, dict, or list (will be converted to JSON)\"")
case("cm-grep-include", V, 1, CM % "grep", "grep", {"pattern": "func \\w+Handler", "path": "{ROOT}", "include": "*.go"},
     {"contains": ["handler.go"], "not_contains": ["main.go", "strings.go"]}, "fs_search",
     note="\"Files with a match are returned\": a regular expression, include filters the files")
case("cm-glob", V, 1, CM % "glob", "glob", {"pattern": "**/*.go", "path": "{ROOT}/internal"},
     {"contains": ["handler.go", "server.go", "strings.go"], "not_contains": ["main.go"]}, "fs_find")
case("cm-ls", V, 1, CM % "ls", "ls", {"path": "{ROOT}/web/src"},
     {"contains": ["app.js", "index.js", "Button.jsx"]}, "fs_list",
     note="ls lists the directory tree recursively (list_directory walks a queue of directories)")
case("cm-mv", V, 1, CM % "mv", "mv",
     {"source_path": "notes/todo.txt", "target_path": "notes/done.txt", "description": "archive"},
     {"files": [{"path": "notes/todo.txt", "exists": False},
                {"path": "notes/done.txt", "same_as_fixture": True, "fixture": "notes/todo.txt"}]}, "fs_move",
     note="source_path/target_path \"can be relative to the project root or absolute\"")
case("cm-mv-no-target-dir", V, 1, CM % "mv", "mv", {"source_path": "notes/todo.txt", "target_path": "notes/archive/todo.txt"},
     {"error": True, "because": [r"not exist|no such|director|parent"], "files": [same("notes/todo.txt"),
      {"path": "notes/archive", "exists": False}]}, "fs_move",
     note="\"Target directory does not exist\" is raised: mv creates no directories")
case("cm-rm", V, 1, CM % "rm", "rm", {"path": "{ROOT}/debug.log", "description": "drop the log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)

# ============================================================ mcp-obsidian (MarkusPfundstein)
V = "obsidian"
case("ob-get-contents", V, 1, OB, "obsidian_get_file_contents", {"filepath": "docs/guide.md"},
     {"contains": ["## Installation", "Edit config.yaml"]}, "fs_read", note="filepath is relative to the vault root")
case("ob-batch-contents", V, 1, OB, "obsidian_batch_get_file_contents", {"filepaths": ["docs/api.md", "docs/guide.md"]},
     {"contains": ["GET /health returns ok.", "## Configuration"]}, "fs_read")
case("ob-list-dir", V, 1, OB, "obsidian_list_files_in_dir", {"dirpath": "docs"},
     {"contains": ["guide.md", "api.md"]}, "fs_list")
case("ob-list-vault", V, 1, OB, "obsidian_list_files_in_vault", {},
     {"contains": ["README.md", "docs"]}, "fs_list", note="\"Lists all files and directories in the root directory of your vault\"")
case("ob-simple-search", V, 1, OB, "obsidian_simple_search", {"query": "config.yaml"},
     {"contains": ["guide.md"]}, "fs_search", note="\"Simple search for documents matching a specified text query\"")
case("ob-append-existing", V, 1, OB, "obsidian_append_content",
     {"filepath": "docs/api.md", "content": "GET /version returns the version.\n"},
     {"files": [{"path": "docs/api.md", "regex": [r"\A# API\n\nGET /health returns ok\.\nGET /users returns a JSON list of users\.\n+GET /version returns the version\.\n\Z"]}]},
     "fs_write",
     note="\"Append content to a new or existing file in the vault.\"")
case("ob-append-new", V, 1, OB, "obsidian_append_content", {"filepath": "notes/journal.md", "content": "# Journal\n"},
     {"files": [{"path": "notes/journal.md", "equals": "# Journal\n"}]}, "fs_write")
case("ob-put-overwrite", V, 1, OB, "obsidian_put_content", {"filepath": "docs/api.md", "content": "# API v2\n"},
     {"files": [{"path": "docs/api.md", "equals": "# API v2\n"}]}, "fs_write",
     note="\"Creates a new file, or COMPLETELY OVERWRITES the content of an existing file.\"")
case("ob-patch-heading-append", V, 2, OB, "obsidian_patch_content",
     {"filepath": "docs/guide.md", "operation": "append", "target_type": "heading",
      "target": "Guide::Installation", "content": "Or download a release.\n"},
     {"files": [{"path": "docs/guide.md", "regex": [r"Install with `go install`\.\n+Or download a release\.\n+## Configuration"]}]},
     "fs_edit", note="append under the heading Guide::Installation: the text lands at the end of that section, before ## Configuration")
case("ob-delete-unconfirmed", V, 1, OB, "obsidian_delete_file", {"filepath": "debug.log"},
     {"error": True, "because": [r"confirm"], "files": [{"path": "debug.log", "exists": True}]}, "fs_delete",
     server_args=ADMIN, note="\"confirm must be set to true to delete a file\"")
case("ob-delete-confirmed", V, 1, OB, "obsidian_delete_file", {"filepath": "debug.log", "confirm": True},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
FM = "---\ntags: [plan, q3]\nstatus: draft\n---\n# Plan\n\nShip it.\n"
case("ob-frontmatter", V, 1, OB, "obsidian_get_frontmatter", {"filepath": "notes/plan.md"},
     {"contains": ["status", "draft"]}, "fs_read", setup={"notes/plan.md": FM},
     note="\"Return just the YAML frontmatter of a note\": the whole note holds it, so reading the note is fair")

# ============================================================ markitdown-mcp
V = "markitdown-mcp"
case("md-http", V, 1, MID, "convert_to_markdown", {"uri": "{BASE}/page.html"}, MD_PAGE, "net_curl")
case("md-file-uri", V, 1, MID, "convert_to_markdown", {"uri": "file://{ROOT}/docs/guide.md"},
     {"contains": ["## Installation", "Edit config.yaml"]}, "fs_read")
case("md-json", V, 1, MID, "convert_to_markdown", {"uri": "{BASE}/data.json"},
     {"contains": [ITEMS, "fixture"]}, "net_curl")
case("md-data-uri", V, 1, MID, "convert_to_markdown",
     {"uri": "data:text/plain;base64," + base64.b64encode(b"hello from a data uri\n").decode()},
     {"contains": ["hello from a data uri"]}, "net_curl",
     note="a data: URI carries its own bytes; a refusal that names the fix is also fair")
case("md-file-csv", V, 1, MID, "convert_to_markdown", {"uri": "file://{ROOT}/data/people.csv"},
     {"contains": ["alice", "bob", "age"]}, "fs_read", setup={"data/people.csv": "name,age\nalice,30\nbob,25\n"},
     note="markitdown renders a CSV as a markdown table; the cells are what is asked for")

# ============================================================ tavily-mcp
V = "tavily-mcp"
case("tv-extract", V, 1, TV, "tavily_extract", {"urls": ["{BASE}/page.html"]}, MD_PAGE, "net_curl",
     note="format: enum markdown|text, default markdown")
case("tv-extract-text", V, 1, TV, "tavily_extract", {"urls": ["{BASE}/page.html"], "format": "text"},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<p>", "<b>", "SCRIPT_SECRET"]}, "net_curl")
case("tv-extract-two", V, 1, TV, "tavily_extract", {"urls": ["{BASE}/page.html", "{BASE}/data.json"]},
     {"contains": ["Fixture Page", ITEMS]}, "net_curl")
case("tv-extract-depth", V, 1, TV, "tavily_extract", {"urls": ["{BASE}/data.json"], "extract_depth": "basic"},
     {"contains": [ITEMS]}, "net_curl", note="extract_depth basic is the default: it changes nothing for a plain page")
case("tv-search", V, 1, TV, "tavily_search", {"query": "fixture project license", "max_results": 3},
     {"error_mentions": ["search"]}, "net_curl", note="a web search engine: nothing in f0 searches the web")
case("tv-crawl", V, 1, TV, "tavily_crawl", {"url": "{BASE}/page.html", "max_depth": 2, "limit": 10},
     {"error_mentions": ["crawl", "link"]}, "net_curl", note="following links over several pages: f0 fetches one URL a call")
case("tv-map", V, 1, TV, "tavily_map", {"url": "{BASE}/page.html", "max_depth": 1},
     {"error_mentions": ["map", "crawl", "link"]}, "net_curl")

# ============================================================ apify rag-web-browser
V = "apify-rag"
case("ap-url-query", V, 1, AP, "rag-web-browser", {"query": "{BASE}/page.html"},
     MD_PAGE, "net_curl",
     note="\"If query is a URL … the Actor only fetches the specific web page\"; outputFormats defaults to markdown")
case("ap-url-maxresults", V, 1, AP, "rag-web-browser", {"query": "{BASE}/data.json", "maxResults": 3},
     {"contains": [ITEMS]}, "net_curl", note="maxResults: \"If query is a URL, then this field is ignored\"")
case("ap-url-text", V, 1, AP, "rag-web-browser", {"query": "{BASE}/page.html", "outputFormats": ["text"]},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<p>", "<b>", "SCRIPT_SECRET"]}, "net_curl")
case("ap-url-html", V, 1, AP, "rag-web-browser", {"query": "{BASE}/page.html", "outputFormats": ["html"]},
     {"contains": ["<h1>", "Fixture Page"], "not_contains": ["SCRIPT_SECRET"]}, "net_curl",
     note="the elements of removeElementsCssSelector (script, style, nav) are removed \"before converting it to text, Markdown, or saving as HTML\"")
case("ap-keywords", V, 1, AP, "rag-web-browser", {"query": "san francisco weather", "maxResults": 2},
     {"error_mentions": ["search", "url", "URL"]}, "net_curl", note="keywords go to Google Search: f0 has no web search")

# ============================================================ Cloudflare Browser Run MCP
V = "cloudflare-br"
case("cf-html", V, 1, CF, "get_url_html_content", {"url": "{BASE}/page.html"},
     {"contains": ["<h1>Fixture Page</h1>", "<b>first</b>"]}, "net_curl", note="\"Get page HTML content\"")
case("cf-markdown", V, 1, CF, "get_url_markdown", {"url": "{BASE}/page.html"}, MD_PAGE, "net_curl",
     note="\"Get page converted into Markdown\"")
case("cf-links", V, 1, CF, "get_url_links", {"url": "{BASE}/page.html"},
     {"contains": ["https://example.org/doc"]}, "net_curl", note="\"Get the list of links on a page\"")
case("cf-scrape-h1", V, 1, CF, "scrape_url_elements", {"url": "{BASE}/page.html", "elements": [{"selector": "h1"}]},
     {"contains": ["Fixture Page"]}, "net_curl",
     note="\"Scrape elements from a page by CSS selector\"; the page holding the element's text also answers it")
case("cf-screenshot", V, 1, CF, "get_url_screenshot", {"url": "{BASE}/page.html", "viewport": {"width": 800, "height": 600}},
     {"error_mentions": ["screenshot", "render", "browser", "image"]}, "net_curl",
     note="a rendered screenshot: f0 renders nothing, so only a refusal is right")
case("cf-pdf", V, 1, CF, "get_url_pdf", {"url": "{BASE}/page.html"},
     {"error_mentions": ["pdf", "PDF", "render"]}, "net_curl", note="\"Render a page to PDF\"")

# ============================================================ Playwright MCP
V = "playwright-mcp"
case("pw-navigate", V, 1, PW, "browser_navigate", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page"]}, "net_curl",
     note="browser_navigate answers with the page's snapshot: its text is what a fetch returns")
case("pw-snapshot", V, 1, PW, "browser_snapshot", {},
     {"error_mentions": ["browser", "page", "url", "URL"]}, "net_curl",
     note="\"Capture accessibility snapshot of the current page\": there is no current page without a browser")
case("pw-click", V, 1, PW, "browser_click", {"element": "doc link", "target": "e12"},
     {"error_mentions": ["browser", "click", "page"]}, "net_curl")
case("pw-evaluate", V, 1, PW, "browser_evaluate", {"function": "() => document.title"},
     {"error_mentions": ["browser", "javascript", "JavaScript", "evaluate"]}, "net_curl")

# ============================================================ HTTP request MCP servers
V = "http-mcp"
case("et-http-request", V, 1, ET, "http_request", {"url": "{BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl")
case("et-with-method", V, 1, ET, "http_request_with_method", {"url": "{BASE}/post", "method": "post"},
     {"request": {"path": "/post", "method": "POST"}}, "net_curl", note="method.upper()")
case("et-detailed-params", V, 1, ET, "detailed_http_request",
     {"url": "{BASE}/echo", "params": {"q": "x", "page": 2}, "headers": {"X-Test": "1"}},
     {"request": {"path": "/echo", "method": "GET", "query_contains": "q=x", "headers": {"X-Test": "1"}}}, "net_curl")
case("et-detailed-data-dict", V, 1, ET, "detailed_http_request",
     {"url": "{BASE}/post", "method": "POST", "data": {"name": "ann"}},
     {"request": {"path": "/post", "method": "POST", "body_equals": "name=ann",
                  "content_type_contains": "application/x-www-form-urlencoded"}}, "net_curl",
     note="requests.request(data=dict) form-encodes the dict")
case("et-detailed-data-string", V, 1, ET, "detailed_http_request",
     {"url": "{BASE}/post", "method": "POST", "headers": {"Content-Type": "application/json"},
      "data": "{\"title\": \"Test Post\", \"userId\": 1}"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"title": "Test Post", "userId": 1},
                  "content_type_contains": "application/json"}}, "net_curl")
case("et-detailed-404", V, 1, ET, "detailed_http_request", {"url": "{BASE}/status/404"},
     {"error": True, "because": [r"404"]}, "net_curl",
     note="response.raise_for_status(): \"HTTP error 404\" is raised")
case("et-detailed-delete", V, 1, ET, "detailed_http_request", {"url": "{BASE}/echo", "method": "DELETE"},
     {"request": {"path": "/echo", "method": "DELETE"}}, "net_curl")
case("uh-get-query", V, 1, UH, "http_get", {"url": "{BASE}/echo", "query_params": {"page": 1, "q": "x"}},
     {"request": {"path": "/echo", "method": "GET", "query_contains": "page=1"}}, "net_curl")
case("uh-post-body-json", V, 1, UH, "http_post", {"url": "{BASE}/post", "body": {"name": "John"}},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"name": "John"},
                  "content_type_contains": "application/json"}}, "net_curl", note="httpx.post(url, json=body)")
case("uh-put-headers", V, 1, UH, "http_put",
     {"url": "{BASE}/echo", "headers": {"Authorization": "Bearer token"}, "body": {"name": "Jane"}},
     {"request": {"path": "/echo", "method": "PUT", "json_equals": {"name": "Jane"},
                  "headers": {"Authorization": "Bearer token"}}}, "net_curl")
case("uh-patch", V, 1, UH, "http_patch", {"url": "{BASE}/echo", "body": {"status": "active"}},
     {"request": {"path": "/echo", "method": "PATCH", "json_equals": {"status": "active"}}}, "net_curl")
case("uh-get-500", V, 1, UH, "http_get", {"url": "{BASE}/status/500"},
     {"error": True, "because": [r"500"]}, "net_curl", note="response.raise_for_status() before the body is returned")

# ============================================================ calls reported in public issues
V = "reported-calls"
case("rc-morphic-description-url", V, 1, MORPHIC, "fetch", {"url": "URL To Web design Template Features"},
     {"error": True, "because": [r"url|URL|scheme|host|parse|invalid"]}, "net_curl",
     note="a description is not an address: the call must fail before anything is requested")
case("rc-superassistant-edits-string", V, 2, SUPERASSIST, "filesystem.edit_file",
     {"path": "config.yaml", "edits": "[{\"oldText\": \"debug: false\", \"newText\": \"debug: true\"}]"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("debug: false", "debug: true")}]}, "fs_edit")
case("rc-codemcp-edits-string", V, 2, CODEMCP310, "edit_file",
     {"path": "{ROOT}/notes/todo.txt",
      "edits": "[{\"oldText\": \"DONE: setup\", \"newText\": \"DONE: setup and docs\"}]"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("DONE: setup", "DONE: setup and docs")}]}, "fs_edit",
     note="the issue shows only the error; the edit text here is this set's")
case("rc-pi-write-no-content", V, 1, PI5138, "write", {"path": "scripts/seed.ts"},
     {"error": True, "because": [r"content"], "files": [{"path": "scripts/seed.ts", "exists": False}]}, "fs_write",
     note="a write without content must not create an empty file")
case("rc-openclaw-read-file-path", V, 1, OC7778, "read", {"file_path": "README.md"},
     {"contains": ["# Fixture Project"]}, "fs_read")
case("rc-deepagents-read-path-limit", V, 1, DA644, "read_file", {"path": "docs/guide.md", "limit": 1000},
     {"contains": ["# Guide", "Edit config.yaml"]}, "fs_read")

# ============================================================ 3. raw tool-call text of open models
V = "raw-functionary"
case("rf-v3-recipient", V, 3, FN3, "fs_read", ">>>fs_read\n{\"path\": \"go.mod\"}",
     {"contains": [MOD]}, "fs_read", note="functionary v3: >>>NAME then the JSON arguments")
case("rf-v3-all-then-call", V, 3, FN3, "fs_find",
     ">>>all\nLet me look for the TSX files.>>>fs_find\n{\"pattern\": \"**/*.tsx\"}",
     {"contains": ["List.tsx"]}, "fs_find", note="text for the user (>>>all) before the call")
case("rf-v2-token", V, 3, FN2, "fs_list", "<|reserved_special_token_249|>fs_list\n{\"path\": \"web/src/components\"}",
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list")
case("rf-v3-name", V, 3, FN3, ">>>fs_read", {"path": "docs/api.md"},
     {"contains": ["GET /health returns ok."]}, "fs_read", note="the recipient marker left in the tool name")

V = "raw-llama4"
case("rl4-python-start", V, 3, L4, "fs_read", "<|python_start|>[fs_read(path=\"go.mod\")]<|python_end|>",
     {"contains": [MOD]}, "fs_read")
case("rl4-list-kwargs", V, 3, L4, "fs_read", "[fs_read(path=\"data/long.txt\", offset=10, limit=2)]",
     {"contains": [row(10), row(11)], "not_contains": [row(9), row(12)]}, "fs_read",
     note="a pythonic call list with keyword arguments; offset and limit are f0's own (offset 1-based)")
case("rl4-single-quotes", V, 3, L4, "fs_search", "[fs_search(pattern='Shout', path='internal')]",
     {"contains": ["strings.go"]}, "fs_search", note="Python string literals in single quotes")

V = "raw-command-a"
case("rca-action-list", V, 3, CMDA, "fs_read",
     "<|START_THINKING|>I will read go.mod.<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"fs_read\", "
     "\"parameters\": {\"path\": \"go.mod\"}}\n]<|END_ACTION|>",
     {"contains": [MOD]}, "fs_read")
case("rca-action-object", V, 3, CMDA, "fs_find",
     "<|START_RESPONSE|>Let me help with that.<|END_RESPONSE|>\n<|START_ACTION|>\n{\"tool_name\": \"fs_find\", "
     "\"parameters\": {\"pattern\": \"**/*.jsx\"}}\n<|END_ACTION|>",
     {"contains": ["Button.jsx"]}, "fs_find")
case("rca-object-args", V, 3, CMDA, "fs_read", {"tool_call_id": "0", "tool_name": "fs_read", "parameters": {"path": "py/models.py"}},
     {"contains": ["class Admin(User):"]}, "fs_read", note="one item of the action list as the arguments object")

V = "raw-nemotron"
case("rn-toolcall", V, 3, NEMO, "fs_read", "<TOOLCALL>[{\"name\": \"fs_read\", \"arguments\": {\"path\": \"go.mod\"}}]</TOOLCALL>",
     {"contains": [MOD]}, "fs_read")
case("rn-toolcall-no-brackets", V, 3, NEMO, "fs_list",
     "<TOOLCALL>{\"name\": \"fs_list\", \"arguments\": {\"path\": \"docs\"}}</TOOLCALL>",
     {"contains": ["guide.md", "api.md"]}, "fs_list", note="_normalize_tool_call_payload adds the missing [ ]")

V = "raw-xlam"
case("rx-bare-list", V, 3, XLAM, "fs_read", "[{\"name\": \"fs_read\", \"arguments\": {\"path\": \"config.json\"}}]",
     {"contains": ["\"retries\": 3"]}, "fs_read", note="\"If the entire output is a valid JSON array … treat it as tool calls\"")
case("rx-after-think", V, 3, XLAM, "fs_find",
     "<think>The user wants the test files.</think>[{\"name\": \"fs_find\", \"arguments\": {\"pattern\": \"**/*_test.go\"}}]",
     {"contains": ["handler_test.go"]}, "fs_find")

V = "raw-vllm-other"
case("rst3-steptml", V, 3, ST3, "fs_read",
     "<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"fs_read\">"
     "<steptml:parameter name=\"path\">go.mod</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>",
     {"contains": [MOD]}, "fs_read", note="Step3")
case("rst3-typed-param", V, 3, ST3, "fs_read",
     "<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"fs_read\">"
     "<steptml:parameter name=\"path\">data/long.txt</steptml:parameter><steptml:parameter name=\"limit\">2</steptml:parameter>"
     "</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>",
     {"contains": [row(1), row(2)], "not_contains": [row(3)]}, "fs_read",
     note="Step3: parameter values are text, cast by the schema's type (_cast_arguments)")
case("rhy-tool-calls-think", V, 3, HY, "fs_find",
     "<think>I need the tsx files.</think>\n助手：<tool_calls>[{\"name\": \"fs_find\", \"arguments\": {\"pattern\": \"**/*.tsx\"}}]</tool_calls>",
     {"contains": ["List.tsx"]}, "fs_find", note="Hunyuan A13B: the template's 助手： prefix and a think block before the list")
case("rhy-tool-calls", V, 3, HY, "fs_read",
     "<tool_calls>[{\"name\": \"fs_read\", \"arguments\": {\"path\": \"py/requirements.txt\"}}]</tool_calls>",
     {"contains": ["pytest==8.0.0"]}, "fs_read", note="Hunyuan A13B")
case("rer-after-think", V, 3, ER, "fs_read",
     "I should read the module file.\n</think>\n\n\n<tool_call>\n{\"name\": \"fs_read\", \"arguments\": {\"path\": \"go.mod\"}}\n</tool_call>\n",
     {"contains": [MOD]}, "fs_read", note="ERNIE 4.5 thinking format: abc\\n</think>\\n\\n\\n<tool_call>\\ndef\\n</tool_call>\\n")
case("rer-response-then-call", V, 3, ER, "fs_list",
     "<response>Listing the docs.</response>\n<tool_call>\n{\"name\": \"fs_list\", \"arguments\": {\"path\": \"docs\"}}\n</tool_call>",
     {"contains": ["guide.md", "api.md"]}, "fs_list", note="ERNIE 4.5")

# ============================================================ 4. paths
V = "paths"
RN = {"docs/release notes.md": "# Release notes\n\nv1.0 shipped.\n"}
case("pa-file-localhost", V, 4, MID_URI, "fs_read", {"path": "file://localhost{ROOT}/go.mod"},
     {"contains": [MOD]}, "fs_read", note="a file URI whose host is localhost names the local file")
case("pa-file-uri-percent", V, 4, MID_URI, "fs_read", {"path": "file://{ROOT}/docs/release%20notes.md"},
     {"contains": ["v1.0 shipped"]}, "fs_read", setup=RN, note="url2pathname decodes %20")
case("pa-md-file-relative", V, 4, MID_URI, "convert_to_markdown", {"uri": "file:docs/api.md"},
     {"contains": ["GET /users returns"]}, "fs_read",
     note="file:docs/api.md has the path docs/api.md, made absolute from the working directory: the served root plays it")
case("pa-md-file-otherhost", V, 4, MID_URI, "convert_to_markdown", {"uri": "file://fileserver{ROOT}/go.mod"},
     {"error": True, "because": [r"netloc|host|localhost|remote|fileserver"]}, "fs_read",
     note="\"Unsupported file URI … Netloc must be empty or localhost.\"")
case("pa-obsidian-wikilink", V, 4, OBS_LINK, "obsidian_get_file_contents", {"filepath": "[[docs/guide]]"},
     {"contains": ["## Installation"]}, "fs_read", note="[[docs/guide]] is the note docs/guide.md")
case("pa-obsidian-mdlink", V, 4, OBS_LINK, "obsidian_get_file_contents",
     {"filepath": "[release notes](docs/release%20notes.md)"},
     {"contains": ["v1.0 shipped"]}, "fs_read", setup=RN, note="the Markdown form of an internal link, URL-encoded")

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
