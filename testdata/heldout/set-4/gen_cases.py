#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-4 (run by ../run.py).

Each case: id, vocab, class (1 = another agent's or server's own vocabulary;
3 = envelopes and tool-call text of open models, 4 = paths, 6 = shell around
curl), also (for an agent case that also exercises an issue-23 class: 2 = edit
formats, 3 = envelopes, 6 = shell around curl), source (URL the semantics come
from), tool, arguments, expect, f0_tool, and optionally setup, server_args,
client, note.

Written without reading f0's code, tests, testdata/mistakes or vocabulary
tables; f0 was run only through ../run.py, after the cases were committed.
"""
import hashlib
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


def sha(s):
    return hashlib.sha256(s.encode()).hexdigest()


TODO = fixture.TODO_TXT
MODELS = fixture.MODELS_PY
CONFIG = fixture.CONFIG_YAML
MOD = "module example.com/fixture"
MULTI = [r"\b3\b|three|multiple|more than once|not unique|unique|occurrences|matches|ambiguous"]
EXISTS = [r"exist|already"]

# ------------------------------------------------------------------ sources
KIRO_SPEC = ("Kiro's agent tool specifications (readFile, readMultipleFiles, fileSearch, grepSearch, deleteFile, "
             "fsWrite, fsAppend, strReplace) as captured in a public request dump; names and fields as in "
             "https://github.com/kirodotdev/Kiro/issues/6088 and https://github.com/kirodotdev/Kiro/issues/7947")
KIRO_NEWSTR = "https://github.com/kirodotdev/Kiro/issues/2029 (strReplace sent without newStr)"
KIRO_NULL = "https://github.com/kirodotdev/Kiro/issues/7887 (fsWrite text sent as null)"
KIRO_APPEND = "https://github.com/kirodotdev/Kiro/issues/6088 (fsAppend: the target file must already exist)"
JB = "https://github.com/JetBrains/mcp-server-plugin/blob/c25f1f07f96e7fd189559d70894483ea0182b53b/src/main/kotlin/org/jetbrains/mcpserverplugin/general/"
JB_TEXT = JB + "textTools.kt"
JB_FILE = JB + "fileTools.kt"
JB_252 = ("JetBrains IDE built-in MCP server (2025.2+): https://skills.sh/dtprj/dongting/idea-mcp and "
          "https://raw.githubusercontent.com/majiayu000/claude-skill-registry/main/skills/data/jetbrains-coding/SKILL.md "
          "(search_in_files_by_text/_by_regex with fileMask and maxUsageCount, find_files_by_glob with fileCountLimit, "
          "projectPath absolute, pathInProject relative, mcp__jetbrains__ prefix)")
MG = "https://github.com/geekan/MetaGPT/blob/05221a5dc0304f8a60e6b4565a45552e62c85356/metagpt/tools/libs/editor.py"
MG_RZ = ("MetaGPT RoleZero command format [{\"command_name\": \"Editor.read\", \"args\": {...}}]: "
         "https://github.com/geekan/MetaGPT (metagpt/roles/di/role_zero.py, metagpt/prompts/di/role_zero.py)")
TUMF = "https://github.com/tumf/mcp-text-editor/blob/52ea9ce6300631ecd52b3dd01c1d2b83cbae1456/src/mcp_text_editor/handlers/"
TUMF_CORE = "https://github.com/tumf/mcp-text-editor/blob/0076da6d7acfc6a01be946a63953588ef75e2847/src/mcp_text_editor/text_editor.py"
SYL = "https://github.com/SylphxAI/filesystem-mcp/blob/"
SYL_READ = SYL + "3592bd726964563b1831f64b8c98a88836e70dc3/src/handlers/read-content.ts"
SYL_WRITE = SYL + "5fa666a6bf35d76e731a8341a8bb9977082a1402/src/handlers/write-content.ts"
SYL_SEARCH = SYL + "09de01fe6ac288a1a3efb94c2324e76cc78d20e9/src/handlers/search-files.ts"
SYL_REPLACE = "https://glama.ai/mcp/servers/@SylphxAI/filesystem-mcp/tools/replace_content"
FETCHER = "https://github.com/jae-jae/fetcher-mcp/blob/259d3eccb1c7c873fb055c092328e9e1ed462ea2/src/tools/fetchUrl.ts"
FETCHER_URLS = "https://github.com/jae-jae/fetcher-mcp/blob/69ee91383b7664eb14f53c182d743b3dc1dcf80b/src/tools/fetchUrls.ts"
XR = "https://github.com/x1xhlol/system-prompts-and-models-of-ai-tools/blob/b8e95891fe6c8f1db651a8ca4d8217f22c73849b/"
CHROME = XR + "Anthropic/Claude%20for%20Chrome/Tools.json"
COMET = XR + "Comet%20Assistant/tools.json"
BOLT = XR + "Open%20Source%20prompts/Bolt/Prompt.txt"
LEAP = XR + "Leap.new/tools.json"
QODER = XR + "Qoder/prompt.txt"
PLAYWRIGHT = "https://github.com/microsoft/playwright-mcp (README: browser_navigate {url})"
PUPPETEER = ("https://github.com/modelcontextprotocol/servers-archived/tree/main/src/puppeteer (puppeteer_navigate {url}); "
             "tool list as logged in https://github.com/danny-avila/LibreChat/issues/7439")
TAVILY = "https://github.com/tavily-ai/tavily-mcp (tavily-extract {urls, extract_depth: basic|advanced, format: markdown|text})"
OI = ("https://github.com/KillianLucas/open-interpreter/blob/v0.1.14/interpreter/llm/setup_openai_coding_llm.py "
      "(execute {language: python|shell|powershell|…, code}), as copied in "
      "https://github.com/geekan/MetaGPT/blob/main/metagpt/provider/constant.py")
GPTE_DIFF = "https://github.com/gpt-engineer-org/gpt-engineer/blob/5ae16b15dfb5b2cc876f676ff7892ff171ba082b/gpt_engineer/preprompts/file_format_diff"
GPTE_FF = "https://github.com/gpt-engineer-org/gpt-engineer/blob/6d5215051f6054b195ccee06e07af176703f24df/gpt_engineer/preprompts/file_format"
AFT = "https://github.com/cortexkit/aft/issues/148 (GLM calls pi's read with filePath instead of path)"
IDX = "https://github.com/indexable-inc/index/issues/951 (read(target=…, start, end): 1-based inclusive range)"
V = "https://github.com/vllm-project/vllm/blob/"
DS = V + "80445b45067e96b21483ac0f12efe67fa6899270/vllm/tool_parsers/deepseekv3_tool_parser.py"
KIMI = V + "c853e15405fb9f281256a5ce916aa24e8962cab6/vllm/tool_parsers/kimi_k2_tool_parser.py"
MINIMAX = V + "9412856add437f03009a0804f61f3bed6731ddeb/vllm/tool_parsers/minimax_m2_tool_parser.py"
GRANITE = V + "400ffd7655ff746cbcd3b9b3f44d97c02f5f3503/vllm/tool_parsers/granite_tool_parser.py"
INTERN = V + "a448ca8630ff328c4014b2cde7579270aa705ff0/vllm/tool_parsers/internlm2_tool_parser.py"
JAMBA = V + "400ffd7655ff746cbcd3b9b3f44d97c02f5f3503/vllm/tool_parsers/jamba_tool_parser.py"
PHI4 = V + "9dc4946457fb6963f05e08b04382013a745cad8a/vllm/tool_parsers/phi4mini_tool_parser.py"
SEED = V + "3e47bf473f0a9e6bfa17bd3b4b167d753f3bf61e/vllm/tool_parsers/seed_oss_tool_parser.py"
SEED_LEAK = "https://github.com/sipeed/picoclaw/issues/3153 (Doubao Seed tool calls leak as <seed:tool_call> text)"
COHERE = "https://huggingface.co/CohereForAI/c4ai-command-r-v01 (tool-use template: Action: ```json [{tool_name, parameters}]```)"
GEMMA = "https://ai.google.dev/gemma/docs/capabilities/function-calling (```tool_code blocks with a Python call)"
JB_AI = "https://www.jetbrains.com/help/ai-assistant/ai-chat.html (#file: context references in AI Assistant chat)"
POSIX = "https://pubs.opengroup.org/onlinepubs/9699919799/basedefs/V1_chap04.html#tag_04_13 (pathname resolution: . and .. and repeated slashes)"
IWR = "https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.utility/invoke-webrequest"
IRM = "https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.utility/invoke-restmethod"
PS_ALIAS = "https://learn.microsoft.com/en-us/powershell/scripting/whats-new/differences-from-windows-powershell (curl and wget were aliases of Invoke-WebRequest in Windows PowerShell 5.1)"
CURLEXE = "https://curl.se/windows/microsoft.html (curl.exe shipped with Windows 10+, called as curl.exe to bypass the PowerShell alias)"
XH = "https://github.com/ducaale/xh (HTTPie-compatible: xh get URL, xh post URL a=b n:=2)"
PYJSON = "https://docs.python.org/3/library/json.html#module-json.tool (python3 -m json.tool pretty-prints stdin)"
BASH_LISTS = "https://www.gnu.org/software/bash/manual/bash.html#Lists (a && b runs b after a succeeds)"
CMDC = "https://learn.microsoft.com/en-us/windows-server/administration/windows-commands/cmd (cmd /c runs one command)"

# ================================================================== Kiro
V_ = "kiro"
EXPL = "Read the file to understand the current implementation"
case("ki-read-whole", V_, 1, KIRO_SPEC, "readFile", {"path": "py/models.py", "explanation": EXPL},
     {"contains": ["class Admin(User):", "self.age = age"]}, "fs_read")
case("ki-read-range", V_, 1, KIRO_SPEC, "readFile",
     {"path": "data/long.txt", "start_line": 100, "end_line": 104, "explanation": EXPL}, rows(100, 104), "fs_read",
     note="1-based, end inclusive (start default 1)")
case("ki-read-end-minus1", V_, 1, KIRO_SPEC, "readFile",
     {"path": "data/long.txt", "start_line": 1996, "end_line": -1, "explanation": EXPL}, rows(1996, 2000), "fs_read",
     note="end_line default -1 = to the end of the file")
case("ki-readmulti", V_, 1, KIRO_SPEC, "readMultipleFiles",
     {"paths": ["go.mod", "py/requirements.txt"], "explanation": EXPL},
     {"contains": [MOD, "pytest==8.0.0"]}, "fs_read")
case("ki-readmulti-negative", V_, 1, KIRO_SPEC, "readMultipleFiles",
     {"paths": ["data/long.txt"], "start_line": -3, "explanation": EXPL}, rows(1998, 2000), "fs_read",
     note="a negative index counts from the end: the last 3 lines")
case("ki-readmulti-range", V_, 1, KIRO_SPEC, "readMultipleFiles",
     {"paths": ["data/long.txt", "logs/app.txt"], "start_line": 2, "end_line": 3, "explanation": EXPL},
     {"contains": [row(2), row(3), "ERROR connection refused", "error disk full"],
      "not_contains": [row(4), "WARN slow request", "server started"]}, "fs_read",
     note="the same line range applies to every file")
case("ki-fswrite-new", V_, 1, KIRO_SPEC, "fsWrite", {"path": "notes/kiro.md", "text": "hello kiro\n"},
     {"files": [{"path": "notes/kiro.md", "equals": "hello kiro\n"}]}, "fs_write")
case("ki-fswrite-overwrite", V_, 1, KIRO_SPEC, "fsWrite", {"path": "notes/todo.txt", "text": "replaced\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "replaced\n"}]}, "fs_write",
     note="fsWrite 'will override the file at path if it already exists'")
case("ki-fsappend", V_, 1, KIRO_SPEC, "fsAppend", {"path": "notes/todo.txt", "text": "APPENDED"},
     {"files": [{"path": "notes/todo.txt", "regex": [r"\ATODO: write docs\nfoo bar foo\nbaz foo qux\nDONE: setup\nAPPENDED\n?\Z"]}]},
     "fs_write", note="appends; a newline is added before the text only if the file does not end with one")
case("ki-fsappend-missing", V_, 1, KIRO_APPEND, "fsAppend", {"path": "notes/none.txt", "text": "x\n"},
     {"error": True, "because": [r"exist|not found|no such|missing"],
      "files": [{"path": "notes/none.txt", "exists": False}]}, "fs_write",
     note="'The target file MUST already exist … the operation will fail'")
case("ki-strreplace", V_, 1, KIRO_SPEC, "strReplace",
     {"path": "config.yaml", "oldStr": "debug: false", "newStr": "debug: true"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("debug: false", "debug: true")}]}, "fs_edit")
case("ki-strreplace-multi", V_, 1, KIRO_SPEC, "strReplace",
     {"path": "notes/todo.txt", "oldStr": "foo", "newStr": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="'If not unique, the replacement will not be performed'")
case("ki-strreplace-no-newstr", V_, 1, KIRO_NEWSTR, "strReplace", {"path": "config.yaml", "oldStr": "debug: false"},
     {"error": True, "because": [r"newStr|newText|new_str|replacement|missing|required"], "files": [same("config.yaml")]},
     "fs_edit", note="newStr is required; a missing one is not a deletion")
case("ki-fswrite-null", V_, 1, KIRO_NULL, "fsWrite", {"path": "notes/null.md", "text": None},
     {"error": True, "because": [r"null|text|content|required|missing"],
      "files": [{"path": "notes/null.md", "exists": False}]}, "fs_write",
     note="text null is not an empty file")
case("ki-grep-default-ci", V_, 1, KIRO_SPEC, "grepSearch", {"query": "error", "includePattern": "logs/**"},
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"]}, "fs_search",
     note="caseSensitive: 'no' or omitted is case-insensitive")
case("ki-grep-case-sensitive", V_, 1, KIRO_SPEC, "grepSearch",
     {"query": "error", "caseSensitive": True, "includePattern": "logs/**"},
     {"contains": ["error disk full"], "not_contains": ["ERROR connection refused", "Error timeout reached"]}, "fs_search")
case("ki-grep-exclude", V_, 1, KIRO_SPEC, "grepSearch",
     {"query": "TODO", "includePattern": "internal/**", "excludePattern": "**/*_test.go"},
     {"contains": ["load users"], "not_contains": ["write a real test", "add routing"]}, "fs_search")
case("ki-filesearch", V_, 1, KIRO_SPEC, "fileSearch", {"query": "handler", "explanation": "find the handler files"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["strings.go"]}, "fs_find",
     note="fuzzy match against the file path")
case("ki-delete", V_, 1, KIRO_SPEC, "deleteFile", {"targetFile": "debug.log", "explanation": "remove the stale log"},
     {"files": [{"path": "debug.log", "exists": False}]}, "fs_delete", server_args=ADMIN)
case("ki-read-f0", V_, 1, KIRO_SPEC, "fs_read",
     {"path": "data/long.txt", "start_line": 10, "end_line": 12, "explanation": EXPL}, rows(10, 12), "fs_read",
     note="readFile's fields under f0's name")
case("ki-strreplace-f0", V_, 1, KIRO_SPEC, "fs_edit", {"path": "config.yaml", "oldStr": "port: 5432", "newStr": "port: 6543"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("port: 5432", "port: 6543")}]}, "fs_edit",
     note="strReplace's fields under f0's name")

# ================================================================== JetBrains MCP (plugin and IDE built-in)
V_ = "jetbrains"
case("jb-get-text", V_, 1, JB_TEXT, "get_file_text_by_path", {"pathInProject": "docs/api.md", "projectName": "fixture"},
     {"contains": ["GET /health returns ok."]}, "fs_read")
case("jb-get-text-leading-slash", V_, 1, JB_FILE, "get_file_text_by_path",
     {"pathInProject": "/docs/guide.md", "projectName": "fixture"},
     {"contains": ["## Installation", "Edit config.yaml"]}, "fs_read",
     note="pathInProject is relative to the project root; the tools document '/' as the project root")
case("jb-replace-specific-all", V_, 1, JB_TEXT, "replace_specific_text",
     {"pathInProject": "notes/todo.txt", "oldText": "foo", "newText": "FOO", "projectName": "fixture"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit",
     note="the plugin replaces every occurrence (text.replace(oldText, newText))")
case("jb-replace-specific-none", V_, 1, JB_TEXT, "replace_specific_text",
     {"pathInProject": "notes/todo.txt", "oldText": "nothing like this", "newText": "x", "projectName": "fixture"},
     {"error": True, "because": [r"no occurrences|not found|no match|does not (occur|appear)|could not find"],
      "files": [same("notes/todo.txt")]}, "fs_edit")
case("jb-replace-whole", V_, 1, JB_TEXT, "replace_file_text_by_path",
     {"pathInProject": "notes/todo.txt", "text": "new body\n", "projectName": "fixture"},
     {"files": [{"path": "notes/todo.txt", "equals": "new body\n"}]}, "fs_write")
case("jb-replace-whole-missing", V_, 1, JB_TEXT, "replace_file_text_by_path",
     {"pathInProject": "notes/missing.txt", "text": "x\n", "projectName": "fixture"},
     {"error": True, "because": [r"not found|does not exist|no such|missing|exist"],
      "files": [{"path": "notes/missing.txt", "exists": False}]}, "fs_write",
     note="error 'file not found' if the file doesn't exist: it replaces, never creates")
case("jb-create-new", V_, 1, JB_FILE, "create_new_file_with_text",
     {"pathInProject": "docs/new/page.md", "text": "# New\n", "projectName": "fixture"},
     {"files": [{"path": "docs/new/page.md", "equals": "# New\n"}]}, "fs_write")
case("jb-create-existing-overwrites", V_, 1, JB_FILE, "create_new_file_with_text",
     {"pathInProject": "config.json", "text": "{}\n", "projectName": "fixture"},
     {"files": [{"path": "config.json", "equals": "{}\n"}]}, "fs_write",
     note="the plugin writes the text whether or not the file exists")
case("jb-list-root", V_, 1, JB_FILE, "list_files_in_folder", {"pathInProject": "/", "projectName": "fixture"},
     {"contains": ["README.md", "internal", "web", "go.mod"]}, "fs_list")
case("jb-tree-depth", V_, 1, JB_FILE, "list_directory_tree_in_folder",
     {"pathInProject": "internal", "maxDepth": 1, "projectName": "fixture"},
     {"contains": ["server", "util"], "not_contains": ["handler.go", "strings.go"]}, "fs_list",
     note="maxDepth 1: the folder's children, not their children")
case("jb-find-substring-ci", V_, 1, JB_FILE, "find_files_by_name_substring",
     {"nameSubstring": "HANDLER", "projectName": "fixture"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["strings.go"]}, "fs_find",
     note="case-insensitive substring of the file name")
case("jb-search-text", V_, 1, JB_252, "search_in_files_by_text",
     {"searchText": "TODO", "directoryToSearch": "internal", "fileMask": "*.go", "maxUsageCount": 10},
     {"contains": ["load users", "write a real test"], "not_contains": ["add routing", "parse command line"]}, "fs_search")
case("jb-search-regex", V_, 1, JB_252, "search_in_files_by_regex",
     {"regexPattern": r"func \w+Handler", "directoryToSearch": "internal", "fileMask": "*.go", "maxUsageCount": 10},
     {"contains": ["HealthHandler", "UsersHandler"], "not_contains": ["func Reverse"]}, "fs_search")
case("jb-find-glob", V_, 1, JB_252, "find_files_by_glob", {"globPattern": "**/*.tsx", "fileCountLimit": 5},
     {"contains": ["List.tsx"], "not_contains": ["Button.jsx"]}, "fs_find")
case("jb-project-path", V_, 1, JB_252, "get_file_text_by_path", {"pathInProject": "go.mod", "projectPath": "{ROOT}"},
     {"contains": [MOD]}, "fs_read", note="projectPath is the absolute project root, pathInProject relative to it")
case("jb-mcp-prefix", V_, 1, JB_252, "mcp__jetbrains__get_file_text_by_path", {"pathInProject": "py/requirements.txt"},
     {"contains": ["requests==2.31.0"]}, "fs_read", note="the JetBrains tool name as Claude Code lists it")
case("jb-read-f0", V_, 1, JB_TEXT, "fs_read", {"pathInProject": "go.mod", "projectName": "fixture"},
     {"contains": [MOD]}, "fs_read", note="get_file_text_by_path's fields under f0's name")
case("jb-edit-f0", V_, 1, JB_TEXT, "fs_edit",
     {"pathInProject": "config.yaml", "oldText": "debug: false", "newText": "debug: true", "projectName": "fixture"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("debug: false", "debug: true")}]}, "fs_edit",
     note="replace_specific_text's fields under f0's name")

# ================================================================== MetaGPT Editor
V_ = "metagpt"
case("mg-read", V_, 1, MG, "Editor.read", {"path": "py/models.py"},
     {"contains": ["class Admin(User):"]}, "fs_read")
case("mg-open-window", V_, 1, MG, "Editor.open_file", {"path": "data/long.txt", "line_number": 1000, "context_lines": 5},
     {"contains": [row(998), row(1000), row(1002)], "not_contains": [row(995), row(1005)]}, "fs_read",
     note="a window of context_lines centred on line_number (1-based)")
case("mg-write", V_, 1, MG, "Editor.write", {"path": "notes/mg.md", "content": "hello metagpt\n"},
     {"files": [{"path": "notes/mg.md", "equals": "hello metagpt\n"}]}, "fs_write")
case("mg-write-escaped-newlines", V_, 1, MG, "Editor.write", {"path": "notes/esc.md", "content": "line1\\nline2\\n"},
     {"files": [{"path": "notes/esc.md", "equals": "line1\nline2\n"}]}, "fs_write",
     note="Editor.write turns literal \\n into newlines when the content has no real newline (models double-escape)")
case("mg-create-exists", V_, 1, MG, "Editor.create_file", {"filename": "go.mod"},
     {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write",
     note="FileExistsError when the file exists")
case("mg-create-new", V_, 1, MG, "Editor.create_file", {"filename": "notes/new.txt"},
     {"files": [{"path": "notes/new.txt", "exists": True}]}, "fs_write",
     note="creates the file (with one newline) for later edits")
case("mg-insert", V_, 1, MG, "Editor.insert_content_at_line",
     {"file_name": "notes/todo.txt", "line_number": 2, "content": "INSERTED"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nINSERTED\nfoo bar foo\nbaz foo qux\nDONE: setup\n"}]},
     "fs_edit", note="1-based; the implementation and the docstring's example put the content before line 2")
case("mg-append", V_, 1, MG, "Editor.append_file", {"file_name": "notes/todo.txt", "content": "tail line\n"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO + "tail line\n"}]}, "fs_write")
case("mg-replace", V_, 1, MG, "Editor.edit_file_by_replace",
     {"file_name": "py/models.py", "to_replace": '        return "Hello, " + self.name',
      "new_content": '        return "Hi, " + self.name'},
     {"files": [{"path": "py/models.py", "equals": MODELS.replace('"Hello, "', '"Hi, "')}]}, "fs_edit")
case("mg-replace-dup", V_, 1, MG, "Editor.edit_file_by_replace",
     {"file_name": "notes/todo.txt", "to_replace": "foo", "new_content": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit",
     note="'`to_replace` appears more than once' is an error")
case("mg-search-dir", V_, 1, MG, "Editor.search_dir", {"search_term": "TODO", "dir_path": "py"},
     {"contains": ["parse command line arguments"], "not_contains": ["load users", "add routing"]}, "fs_search")
case("mg-search-file", V_, 1, MG, "Editor.search_file", {"search_term": "foo", "file_path": "notes/todo.txt"},
     {"contains": ["foo bar foo", "baz foo qux"], "not_contains": ["DONE: setup"]}, "fs_search")
case("mg-find-file", V_, 1, MG, "Editor.find_file", {"file_name": "handler", "dir_path": "internal"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["strings.go"]}, "fs_find",
     note="a substring of the file name")
case("mg-rolezero-text", V_, 3, MG_RZ, "fs_read",
     "```json\n[\n    {\n        \"command_name\": \"Editor.read\",\n        \"args\": {\n            \"path\": \"go.mod\"\n        }\n    }\n]\n```",
     {"contains": [MOD]}, "fs_read", note="RoleZero's command list sent as the arguments text")
case("mg-rolezero-object", V_, 3, MG_RZ, "Editor.write",
     {"command_name": "Editor.write", "args": {"path": "notes/rz.md", "content": "rz\n"}},
     {"files": [{"path": "notes/rz.md", "equals": "rz\n"}]}, "fs_write", note="one RoleZero command as the arguments")

# ================================================================== tumf mcp-text-editor
V_ = "mcp-text-editor"
case("te-get-range", V_, 1, TUMF + "get_text_file_contents.py", "get_text_file_contents",
     {"files": [{"file_path": "{ROOT}/data/long.txt", "ranges": [{"start": 10, "end": 12}]}]}, rows(10, 12), "fs_read",
     note="1-based, end inclusive")
case("te-get-two-ranges", V_, 1, TUMF + "get_text_file_contents.py", "get_text_file_contents",
     {"files": [{"file_path": "{ROOT}/data/long.txt", "ranges": [{"start": 1, "end": 2}, {"start": 1999, "end": None}]}]},
     {"contains": [row(1), row(2), row(1999), row(2000)], "not_contains": [row(3), row(1998)]}, "fs_read",
     note="end null = to the end of the file")
case("te-get-two-files", V_, 1, TUMF + "get_text_file_contents.py", "get_text_file_contents",
     {"files": [{"file_path": "{ROOT}/go.mod", "ranges": [{"start": 1, "end": 1}]},
                {"file_path": "{ROOT}/py/requirements.txt", "ranges": [{"start": 2, "end": 2}]}]},
     {"contains": [MOD, "pytest==8.0.0"], "not_contains": ["requests==2.31.0", "go 1.22"]}, "fs_read")
case("te-create", V_, 1, TUMF + "create_text_file.py", "create_text_file",
     {"file_path": "{ROOT}/notes/te.md", "contents": "tumf\n"},
     {"files": [{"path": "notes/te.md", "equals": "tumf\n"}]}, "fs_write")
case("te-create-exists", V_, 1, TUMF + "create_text_file.py", "create_text_file",
     {"file_path": "{ROOT}/go.mod", "contents": "x\n"},
     {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write", note="'The file must not exist already'")
case("te-insert-before", V_, 1, "https://github.com/tumf/mcp-text-editor/blob/23eef44fae9d58e92fe0faaa3867f61ba7a79007/src/mcp_text_editor/handlers/insert_text_file_contents.py",
     "insert_text_file_contents",
     {"file_path": "{ROOT}/notes/todo.txt", "file_hash": sha(TODO), "contents": "NEW\n", "before": 2},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nNEW\nfoo bar foo\nbaz foo qux\nDONE: setup\n"}]},
     "fs_edit", note="file_hash is the SHA-256 of the current content (it matches here)")
case("te-insert-after", V_, 1, "https://github.com/tumf/mcp-text-editor/blob/23eef44fae9d58e92fe0faaa3867f61ba7a79007/src/mcp_text_editor/handlers/insert_text_file_contents.py",
     "insert_text_file_contents",
     {"file_path": "{ROOT}/notes/todo.txt", "file_hash": sha(TODO), "contents": "NEW\n", "after": 4},
     {"files": [{"path": "notes/todo.txt", "equals": TODO + "NEW\n"}]}, "fs_edit")
case("te-patch", V_, 1, TUMF + "patch_text_file_contents.py", "patch_text_file_contents",
     {"file_path": "{ROOT}/config.yaml", "file_hash": sha(CONFIG),
      "patches": [{"start": 2, "end": 3, "contents": "  port: 9090\n  debug: true\n",
                   "range_hash": sha("  port: 8080\n  debug: false\n")}]},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("8080", "9090").replace("debug: false", "debug: true")}]},
     "fs_edit", note="lines 2-3 (1-based, inclusive) replaced; both hashes match the file (" + TUMF_CORE + ")")
case("te-patch-stale-hash", V_, 1, TUMF_CORE, "patch_text_file_contents",
     {"file_path": "{ROOT}/config.yaml", "file_hash": "0" * 64,
      "patches": [{"start": 2, "end": 2, "contents": "  port: 9090\n", "range_hash": sha("  port: 8080\n")}]},
     {"error": True, "because": [r"hash|changed|modified|conflict|stale|mismatch"], "files": [same("config.yaml")]},
     "fs_edit", note="'Hash mismatch - file has been modified': a server that cannot verify the hash must not apply it")
case("te-get-f0", V_, 1, TUMF + "get_text_file_contents.py", "fs_read",
     {"files": [{"file_path": "{ROOT}/README.md", "ranges": [{"start": 1, "end": 1}]}]},
     {"contains": ["# Fixture Project"], "not_contains": ["A small multi-language"]}, "fs_read",
     note="get_text_file_contents' arguments under f0's name")

# ================================================================== SylphxAI filesystem-mcp
V_ = "sylphx-fs"
case("sy-read-content", V_, 1, SYL_READ, "read_content", {"paths": ["go.mod", "docs/api.md"]},
     {"contains": [MOD, "GET /health returns ok."]}, "fs_read")
case("sy-read-range", V_, 1, SYL_READ, "read_content", {"paths": ["data/long.txt"], "start_line": 50, "end_line": 52},
     rows(50, 52), "fs_read", note="1-based start_line and end_line, end inclusive")
case("sy-write-items", V_, 1, SYL_WRITE, "write_content",
     {"items": [{"path": "notes/s1.txt", "content": "one\n"}, {"path": "notes/s2.txt", "content": "two\n"}]},
     {"files": [{"path": "notes/s1.txt", "equals": "one\n"}, {"path": "notes/s2.txt", "equals": "two\n"}]}, "fs_write")
case("sy-write-append", V_, 1, SYL_WRITE, "write_content",
     {"items": [{"path": "notes/todo.txt", "content": "more\n", "append": True}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO + "more\n"}]}, "fs_write")
case("sy-write-hash-conflict", V_, 1, SYL_WRITE, "write_content",
     {"items": [{"path": "notes/todo.txt", "content": "clobber\n", "expectedContentHash": "f" * 64}]},
     {"error": True, "because": [r"hash|conflict|changed|mismatch|stale"], "files": [same("notes/todo.txt")]},
     "fs_write", note="a mismatching expectedContentHash returns CONFLICT instead of overwriting")
case("sy-search-regex-flags", V_, 1, SYL_SEARCH, "search_files", {"path": "logs", "regex": "/^.*error.*$/i"},
     {"contains": ["ERROR connection refused", "error disk full", "Error timeout reached"],
      "not_contains": ["WARN slow request"]}, "fs_search", note="a /pattern/flags regex: i = ignore case")
case("sy-search-file-pattern", V_, 1, SYL_SEARCH, "search_files",
     {"path": "internal", "regex": "TODO", "file_pattern": "**/*_test.go"},
     {"contains": ["write a real test"], "not_contains": ["load users"]}, "fs_search")
case("sy-replace-content", V_, 1, SYL_REPLACE, "replace_content",
     {"paths": ["notes/todo.txt"], "operations": [{"search": "foo", "replace": "FOO"}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit",
     note="replace_content replaces every match in each file")
case("sy-replace-regex-ci", V_, 1, SYL_REPLACE, "replace_content",
     {"paths": ["logs/app.txt"], "operations": [{"search": "error", "replace": "FAILURE", "use_regex": True, "ignore_case": True}]},
     {"files": [{"path": "logs/app.txt", "contains": ["FAILURE connection refused", "FAILURE disk full", "FAILURE timeout"],
                 "not_contains": ["ERROR", "Error", " error "]}]}, "fs_edit")

# ================================================================== fetcher-mcp
V_ = "fetcher-mcp"
case("fm-fetch", V_, 1, FETCHER, "fetch_url", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "first"], "not_contains": ["SCRIPT_SECRET", "color: red"]}, "net_curl",
     note="default: main content as Markdown (no scripts or styles)")
case("fm-return-html", V_, 1, FETCHER, "fetch_url", {"url": "{BASE}/page.html", "returnHtml": True},
     {"contains": ["Fixture Page"], "regex": [r"<(h1|p|ul|li|b)\b"]}, "net_curl")
case("fm-return-text", V_, 1, FETCHER, "fetch_url", {"url": "{BASE}/page.html", "returnText": True},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1>", "<li>", "SCRIPT_SECRET"]}, "net_curl")
case("fm-maxlength", V_, 1, FETCHER, "fetch_url", {"url": "{BASE}/long.txt", "maxLength": 100},
     {"contains": ["L00001"], "not_contains": ["L00005", "L03200"]}, "net_curl",
     note="at most 100 characters of content (each line is 32)")
case("fm-timeout-ms", V_, 1, FETCHER, "fetch_url", {"url": "{BASE}/slow?s=4", "timeout": 1000},
     {"error": True, "because": [r"time|timeout|timed out|deadline"]}, "net_curl",
     note="timeout is in milliseconds: 1 s, so a page that takes 4 s fails")
case("fm-fetch-urls", V_, 1, FETCHER_URLS, "fetch_urls", {"urls": ["{BASE}/data.json", "{BASE}/page.html"]},
     {"contains": ['"items"', "Fixture Page"]}, "net_curl")
case("fm-text-f0", V_, 1, FETCHER, "net_curl", {"url": "{BASE}/page.html", "returnText": True},
     {"contains": ["Fixture Page", "alpha item"], "not_contains": ["<h1>", "SCRIPT_SECRET"]}, "net_curl",
     note="fetch_url's fields under f0's name")

# ================================================================== browser agents and browser MCP servers
V_ = "browser-tools"
case("bt-chrome-navigate", V_, 1, CHROME, "navigate", {"url": "{BASE}/page.html", "tabId": 1},
     {"contains": ["Fixture Page"]}, "net_curl")
case("bt-chrome-back", V_, 1, CHROME, "navigate", {"url": "back", "tabId": 1},
     {"error_mentions": ["back", "history", "browser", "url"]}, "net_curl",
     note="browser history: nothing an HTTP tool can do")
case("bt-chrome-page-text", V_, 1, CHROME, "get_page_text", {"tabId": 12},
     {"error_mentions": ["url", "net_curl", "tab"]}, "net_curl", note="names a tab, not a URL: only a refusal is right")
case("bt-comet-navigate", V_, 1, COMET, "navigate", {"url": "{BASE}/data.json", "tab_id": 123},
     {"contains": ['"items"']}, "net_curl")
case("bt-playwright", V_, 1, PLAYWRIGHT, "browser_navigate", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page"]}, "net_curl")
case("bt-puppeteer", V_, 1, PUPPETEER, "puppeteer_navigate", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page"]}, "net_curl")
case("bt-tavily-extract", V_, 1, TAVILY, "tavily-extract",
     {"urls": ["{BASE}/page.html"], "extract_depth": "basic", "format": "markdown"},
     {"contains": ["Fixture Page"], "not_contains": ["<h1>", "SCRIPT_SECRET"]}, "net_curl")

# ================================================================== Open Interpreter
V_ = "open-interpreter"
case("oi-shell-cat", V_, 1, OI, "execute", {"language": "shell", "code": "cat go.mod"},
     {"contains": [MOD]}, "fs_read")
case("oi-shell-curl", V_, 6, OI, "execute", {"language": "shell", "code": "curl -s {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")
case("oi-shell-grep", V_, 1, OI, "execute", {"language": "shell", "code": "grep -rn TODO internal"},
     {"contains": ["handler.go", "load users"], "not_contains": ["add routing"]}, "fs_search")
case("oi-shell-ls", V_, 1, OI, "execute", {"language": "shell", "code": "ls web/src/components"},
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list")
case("oi-python-read", V_, 1, OI, "execute", {"language": "python", "code": "print(open('notes/todo.txt').read())"},
     {"contains": ["DONE: setup"]}, "fs_read")
case("oi-python-write", V_, 1, OI, "execute",
     {"language": "python", "code": "with open('notes/oi.txt', 'w') as f:\n    f.write('hi\\n')"},
     {"files": [{"path": "notes/oi.txt", "equals": "hi\n"}]}, "fs_write")
case("oi-powershell", V_, 1, OI, "execute", {"language": "powershell", "code": "Get-Content README.md -TotalCount 3"},
     {"contains": ["# Fixture Project", "A small multi-language"], "not_contains": ["## Usage"]}, "fs_read")

# ================================================================== GPT-Engineer edit and file formats
V_ = "gpt-engineer"
case("ge-diff-fenced", V_, 2, GPTE_DIFF, "fs_edit",
     {"path": "config.yaml",
      "diff": "```diff\n--- config.yaml\n+++ config.yaml\n@@ -1,3 +1,3 @@\n server:\n-  port: 8080\n+  port: 9090\n   debug: false\n```"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("8080", "9090")}]}, "fs_edit",
     note="a fenced git-diff hunk without a/ b/ prefixes")
case("ge-diff-patch", V_, 2, GPTE_DIFF, "fs_edit",
     {"path": "py/models.py",
      "patch": "--- py/models.py\n+++ py/models.py\n@@ -6,2 +6,2 @@\n     def greet(self):\n-        return \"Hello, \" + self.name\n+        return \"Hi, \" + self.name\n"},
     {"files": [{"path": "py/models.py", "equals": MODELS.replace('"Hello, "', '"Hi, "')}]}, "fs_edit")
case("ge-diff-wrong-numbers", V_, 2, GPTE_DIFF, "fs_edit",
     {"path": "web/src/app.js",
      "patch": "```diff\n--- web/src/app.js\n+++ web/src/app.js\n@@ -20,3 +20,3 @@\n   const config = { debug: options.debug, name: 'fixture' };\n-  // TODO: add routing\n+  // routing is added by the server\n   return {\n```"},
     {"files": [{"path": "web/src/app.js", "contains": ["// routing is added by the server"], "not_contains": ["TODO: add routing"]}]},
     "fs_edit", note="the hunk's line numbers are wrong but its context is unique; gpt-engineer relocates hunks by content")
case("ge-diff-new-file", V_, 2, GPTE_DIFF, "fs_edit",
     {"path": "src/hello.py",
      "patch": "```diff\n--- /dev/null\n+++ src/hello.py\n@@ -0,0 +1,2 @@\n+print(\"hello\")\n+print(\"world\")\n```"},
     {"files": [{"path": "src/hello.py", "equals": "print(\"hello\")\nprint(\"world\")\n"}]}, "fs_edit",
     note="a diff from /dev/null creates the file")
case("ge-file-block-write", V_, 2, GPTE_FF, "fs_write",
     {"path": "src/hello_world.py", "content": "src/hello_world.py\n```\nprint(\"Hello World\")\n```\n"},
     {"files": [{"path": "src/hello_world.py", "equals": "print(\"Hello World\")\n"}]}, "fs_write",
     note="gpt-engineer's FILENAME + fenced CODE block sent as the content of that same file")

# ================================================================== bolt.new
V_ = "bolt"
case("bo-artifact-content", V_, 2, BOLT, "fs_write",
     {"path": "index.js",
      "content": "<boltArtifact id=\"factorial\" title=\"Factorial\">\n<boltAction type=\"file\" filePath=\"index.js\">console.log(1);\n</boltAction>\n</boltArtifact>"},
     {"files": [{"path": "index.js", "equals": "console.log(1);\n"}]}, "fs_write",
     note="a boltArtifact whose one file action names the same path: the file's content is the action's body")
case("bo-filepath-field", V_, 1, BOLT, "fs_write", {"filePath": "web/src/new.js", "content": "export const x = 1;\n"},
     {"files": [{"path": "web/src/new.js", "equals": "export const x = 1;\n"}]}, "fs_write")
case("bo-action-file", V_, 1, BOLT, "boltAction", {"type": "file", "filePath": "notes/bolt.md", "content": "bolt\n"},
     {"files": [{"path": "notes/bolt.md", "equals": "bolt\n"}]}, "fs_write")
case("bo-action-shell-curl", V_, 6, BOLT, "boltAction", {"type": "shell", "content": "curl -s {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")
case("bo-action-start", V_, 1, BOLT, "boltAction", {"type": "start", "content": "npm run dev"},
     {"error_mentions": ["npm", "shell", "command", "run", "start"]}, "net_curl",
     note="starting a dev server: nothing f0 can do")

# ================================================================== Leap.new
V_ = "leap"
case("le-create", V_, 1, LEAP, "create_artifact",
     {"id": "notes", "title": "Notes", "commit": "add leap note",
      "files": [{"path": "notes/leap.md", "content": "leap\n", "action": "create"}]},
     {"files": [{"path": "notes/leap.md", "equals": "leap\n"}]}, "fs_write")
case("le-modify", V_, 1, LEAP, "create_artifact",
     {"id": "cfg", "title": "Config", "commit": "enable debug",
      "files": [{"path": "config.json", "content": "{\"name\": \"fixture\", \"debug\": true, \"retries\": 3}\n", "action": "modify"}]},
     {"files": [{"path": "config.json", "equals": "{\"name\": \"fixture\", \"debug\": true, \"retries\": 3}\n"}]}, "fs_write",
     note="modify carries the complete new content")
case("le-two-files", V_, 1, LEAP, "create_artifact",
     {"id": "two", "title": "Two", "commit": "add two",
      "files": [{"path": "notes/l1.txt", "content": "1\n", "action": "create"},
                {"path": "notes/l2.txt", "content": "2\n", "action": "create"}]},
     {"files": [{"path": "notes/l1.txt", "equals": "1\n"}, {"path": "notes/l2.txt", "equals": "2\n"}]}, "batch")
case("le-move", V_, 1, LEAP, "create_artifact",
     {"id": "mv", "title": "Move", "commit": "rename todo",
      "files": [{"path": "notes/todo.txt", "action": "move", "from": "notes/todo.txt", "to": "notes/done.txt"}]},
     {"files": [{"path": "notes/todo.txt", "exists": False},
                {"path": "notes/done.txt", "same_as_fixture": True, "fixture": "notes/todo.txt"}]}, "fs_move")

# ================================================================== reported calls (issues)
V_ = "reported-calls"
case("rc-aft-filepath-pi", V_, 1, AFT, "fs_read", {"filePath": "go.mod"},
     {"contains": [MOD]}, "fs_read", client="pi", note="filePath where the schema says path, under pi")
case("rc-aft-read-name", V_, 1, AFT, "read", {"filePath": "README.md"},
     {"contains": ["# Fixture Project"]}, "fs_read")
case("rc-index-target-range", V_, 1, IDX, "read", {"target": "data/long.txt", "start": 5, "end": 7},
     rows(5, 7), "fs_read")
case("rc-index-target-f0", V_, 1, IDX, "fs_read", {"target": "py/models.py"},
     {"contains": ["class Admin(User):"]}, "fs_read")

# ================================================================== 3. tool-call text of open models
V_ = "raw-deepseek"
case("rd-v3-text", V_, 3, DS, "fs_read",
     "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>fs_read\n```json\n{\"path\": \"go.mod\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
     {"contains": [MOD]}, "fs_read")
case("rd-name-sep", V_, 3, DS, "function<｜tool▁sep｜>fs_find", {"pattern": "*.tsx"},
     {"contains": ["List.tsx"]}, "fs_find", note="type and separator left in the name")
case("rd-json-fence", V_, 3, DS, "fs_search", "```json\n{\"pattern\": \"Shout\", \"path\": \"internal\"}\n```",
     {"contains": ["strings.go"]}, "fs_search", note="the fenced JSON of the call body as the arguments")
V_ = "raw-kimi"
case("rk-name-index", V_, 3, KIMI, "functions.fs_read:0", {"path": "go.mod"},
     {"contains": [MOD]}, "fs_read", note="Kimi's call id functions.NAME:INDEX as the name")
case("rk-section-text", V_, 3, KIMI, "fs_find",
     "<|tool_calls_section_begin|><|tool_call_begin|>functions.fs_find:0<|tool_call_argument_begin|>{\"pattern\": \"*.jsx\"}<|tool_call_end|><|tool_calls_section_end|>",
     {"contains": ["Button.jsx"]}, "fs_find")
case("rk-name-colon-index", V_, 3, KIMI, "fs_list:1", {"path": "web/src/components"},
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list")
V_ = "raw-minimax"
case("rmm-invoke", V_, 3, MINIMAX, "fs_read",
     "<minimax:tool_call>\n<invoke name=\"fs_read\">\n<parameter name=\"path\">README.md</parameter>\n<parameter name=\"limit\">3</parameter>\n</invoke>\n</minimax:tool_call>",
     {"contains": ["# Fixture Project", "A small multi-language"], "not_contains": ["## Usage"]}, "fs_read")
case("rmm-invoke-bare", V_, 3, MINIMAX, "fs_search",
     "<invoke name=\"fs_search\">\n<parameter name=\"pattern\">Shout</parameter>\n<parameter name=\"path\">internal</parameter>\n</invoke>",
     {"contains": ["strings.go"]}, "fs_search")
V_ = "raw-granite"
case("rgr-token-list", V_, 3, GRANITE, "fs_read",
     "<|tool_call|>[{\"name\": \"fs_read\", \"arguments\": {\"path\": \"go.mod\"}}]",
     {"contains": [MOD]}, "fs_read")
case("rgr-string-list", V_, 3, GRANITE, "fs_find",
     "<tool_call>[{\"name\": \"fs_find\", \"arguments\": {\"pattern\": \"*.tsx\"}}]",
     {"contains": ["List.tsx"]}, "fs_find", note="Granite 3.1: the string <tool_call> and a list, no closing tag")
V_ = "raw-internlm"
case("ril-plugin", V_, 3, INTERN, "fs_read",
     "<|action_start|><|plugin|>\n{\"name\": \"fs_read\", \"parameters\": {\"path\": \"py/requirements.txt\"}}<|action_end|>",
     {"contains": ["pytest==8.0.0"]}, "fs_read")
case("ril-parameters-object", V_, 3, INTERN, "fs_find", {"name": "fs_find", "parameters": {"pattern": "*.tsx"}},
     {"contains": ["List.tsx"]}, "fs_find", note="InternLM's {name, parameters} object as the arguments")
V_ = "raw-jamba"
case("rj-tool-calls", V_, 3, JAMBA, "fs_list",
     "<tool_calls>[{\"name\": \"fs_list\", \"arguments\": {\"path\": \"web/src/components\"}}]</tool_calls>",
     {"contains": ["Button.jsx", "List.tsx"]}, "fs_list")
V_ = "raw-phi4"
case("rp-functools", V_, 3, PHI4, "fs_read", "functools[{\"name\": \"fs_read\", \"arguments\": {\"path\": \"go.mod\"}}]",
     {"contains": [MOD]}, "fs_read")
case("rp-functools-parameters", V_, 3, PHI4, "fs_find",
     "functools[{\"name\": \"fs_find\", \"parameters\": {\"pattern\": \"*.jsx\"}}]",
     {"contains": ["Button.jsx"]}, "fs_find")
V_ = "raw-seed"
case("rs-seed", V_, 3, SEED, "fs_read",
     "<seed:tool_call>\n<function=fs_read>\n<parameter=path>go.mod</parameter>\n</function>\n</seed:tool_call>",
     {"contains": [MOD]}, "fs_read")
case("rs-seed-think", V_, 3, SEED_LEAK, "fs_find",
     "<seed:think>I should look for the tsx files.</seed:think><seed:tool_call><function=fs_find><parameter=pattern>*.tsx</parameter></function></seed:tool_call>",
     {"contains": ["List.tsx"]}, "fs_find")
V_ = "raw-cohere"
case("rco-action-json", V_, 3, COHERE, "fs_read",
     "Action: ```json\n[\n    {\n        \"tool_name\": \"fs_read\",\n        \"parameters\": {\"path\": \"go.mod\"}\n    }\n]\n```",
     {"contains": [MOD]}, "fs_read")
V_ = "raw-gemma"
case("rge-tool-code", V_, 3, GEMMA, "fs_read", "```tool_code\nfs_read(path=\"go.mod\")\n```",
     {"contains": [MOD]}, "fs_read")

# ================================================================== 4. paths
V_ = "paths"
case("pa-jb-file-ref", V_, 4, JB_AI, "fs_read", {"path": "#file:README.md"},
     {"contains": ["# Fixture Project"]}, "fs_read")
case("pa-md-link", V_, 4, QODER, "fs_read", {"path": "[handler.go](internal/server/handler.go)"},
     {"contains": ["func HealthHandler"]}, "fs_read", note="Qoder writes file references as markdown links")
case("pa-md-link-uri", V_, 4, QODER, "fs_read", {"path": "[main.go](file://{ROOT}/main.go)"},
     {"contains": ["func main()"]}, "fs_read")
case("pa-backticks", V_, 4, QODER, "fs_read", {"path": "`docs/api.md`"},
     {"contains": ["GET /users"]}, "fs_read")
case("pa-path-colon-line", V_, 4, KIRO_SPEC, "fs_read", {"path": "internal/server/handler.go:15"},
     {"contains": ["func UsersHandler"]}, "fs_read", note="path:line as search results print it")
case("pa-windows-relative", V_, 4, "https://github.com/kirodotdev/Kiro/issues/7947 (Windows agents write backslash paths)",
     "fs_read", {"path": "internal\\util\\strings.go"},
     {"contains": ["func Reverse"]}, "fs_read")
case("pa-dot-segments", V_, 4, POSIX, "fs_read", {"path": "./internal//server/../server/server.go"},
     {"contains": ["func Run"]}, "fs_read")
case("pa-trailing-newline", V_, 4, MINIMAX, "fs_read", {"path": "\ngo.mod\n"},
     {"contains": [MOD]}, "fs_read", note="XML-style parameter values keep the layout newlines")

# ================================================================== 6. shell around curl
V_ = "shell-curl"
case("sc-iwr-outfile", V_, 6, IWR, "net_curl", {"args": "Invoke-WebRequest -Uri {BASE}/data.json -OutFile out.json"},
     {"files": [{"path": "out.json", "contains": ['"items"']}]}, "net_curl")
case("sc-irm", V_, 6, IRM, "net_curl", {"args": "Invoke-RestMethod -Uri {BASE}/data.json"},
     {"contains": ["fixture"]}, "net_curl")
case("sc-iwr-post-json", V_, 6, IWR, "net_curl",
     {"args": "Invoke-WebRequest -Uri {BASE}/post -Method POST -ContentType 'application/json' -Body '{\"a\":1}'"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"a": 1}, "content_type_contains": "application/json"}},
     "net_curl")
case("sc-iwr-headers", V_, 6, IWR, "net_curl", {"args": "iwr {BASE}/echo -Headers @{'X-Test'='1'} -UseBasicParsing"},
     {"request": {"path": "/echo", "headers": {"X-Test": "1"}}}, "net_curl")
case("sc-ps-curl-alias", V_, 6, PS_ALIAS, "net_curl", {"args": "curl -Uri {BASE}/page.html -UseBasicParsing"},
     {"contains": ["Fixture Page"]}, "net_curl", note="Windows PowerShell's curl is Invoke-WebRequest")
case("sc-curl-exe", V_, 6, CURLEXE, "net_curl", {"args": "curl.exe -s {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")
case("sc-xh-get", V_, 6, XH, "net_curl", {"args": "xh get {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")
case("sc-xh-post", V_, 6, XH, "net_curl", {"args": "xh post {BASE}/post name=ann n:=2"},
     {"request": {"path": "/post", "method": "POST", "json_equals": {"name": "ann", "n": 2}}}, "net_curl")
case("sc-json-tool", V_, 6, PYJSON, "net_curl", {"args": "curl -s {BASE}/data.json | python3 -m json.tool"},
     {"contains": ['"items"']}, "net_curl", note="the body, pretty-printed or not, with a note for the filter")
case("sc-and-echo", V_, 6, BASH_LISTS, "net_curl", {"args": "curl -s {BASE}/data.json && echo"},
     {"contains": ['"items"']}, "net_curl", note="&& echo only adds a newline")
case("sc-cmd-c", V_, 6, CMDC, "net_curl", {"args": "cmd /c curl -s {BASE}/data.json"},
     {"contains": ['"items"']}, "net_curl")


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
