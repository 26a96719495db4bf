#!/usr/bin/env python3
"""Writes cases.jsonl for held-out set-6 (run by ../run.py).

Each case: id, vocab, class (1 = another agent framework's or agent CLI's own
vocabulary), also (for an agent case that also exercises an issue-23 class:
2 = edit formats, 4 = paths, 6 = curl in an agent's shell tool), source (the
public repo, path and commit the semantics come from), rule (the sentence or
line of the source the expectation follows from), tool, arguments, expect,
f0_tool, and optionally setup, server_args, note.

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
ADMIN = ["--access", "admin"]


def case(id, vocab, cls, source, rule, tool, arguments, expect, f0_tool, **kw):
    also = None
    if cls != 1:
        cls, also = 1, cls
    c = {"id": id, "vocab": vocab, "class": cls, "source": source, "rule": rule, "tool": tool,
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


def gone(path):
    return {"path": path, "exists": False}


TODO = fixture.TODO_TXT
CONFIG = fixture.CONFIG_YAML
REQS = fixture.REQUIREMENTS
MOD = "module example.com/fixture"
API = "GET /health returns ok."
GUIDE = "Edit config.yaml to change the port."
ITEMS = '"items"'
MULTI = [r"\b3\b|three|multiple|more than once|not unique|unique|occurrences|matches|ambiguous"]
EXISTS = [r"exist|already|overwrite"]
TIMEOUT = [r"time ?out|timed out|deadline|exceeded"]
NOTEMPTY = [r"not empty|non-?empty|recursive|directory"]
CHUNK = "0123456789ABCDEFGHIJ\n"

cfg_debug = lines_of(CONFIG)
cfg_debug[2] = "  debug: true\n"
CFG_DEBUG = "".join(cfg_debug)

# ------------------------------------------------------------------ sources
ST = "https://github.com/strands-agents/tools/blob/bddfd3aac2bf1f43022d54019ca38a19306aa279/src/strands_tools/"
AS1 = ("https://github.com/agentscope-ai/agentscope/blob/035de116bb7e4e51d02c2c15c4d4a18f7b728e97/"
       "src/agentscope/tool/_text_file/")
AS0 = "https://github.com/agentscope-ai/agentscope/blob/ca60398575390ca5aeb8f24b7c46598d2a4ef139/src/agentscope/service/"
AGNO = "https://github.com/agno-agi/agno/blob/9644f22982ae017eaa4ad85c561d927d9ac03119/libs/agno/agno/tools/"
RA = "https://github.com/ai-christianson/RA.Aid/blob/4b32edc21de6c4548496f842a7796ff534d85a1b/ra_aid/tools/"
CB = "https://github.com/CodebuffAI/codebuff/blob/da0d57111a3501e2056b7aab2ce8a1fe233649e9/"
CBP = CB + "common/src/tools/params/tool/"
GM = "https://github.com/gptme/gptme/blob/d27f98d3a55451491d00bbd20035d328e34219b1/gptme/tools/"
CM = "https://github.com/camel-ai/camel/blob/13dc7a7dda66d943949e5448d55e70d5a9481cfe/camel/toolkits/file_toolkit.py"
GT = "https://github.com/griptape-ai/griptape/blob/2e970421f2b07cae7fd60d307bcfb72192dc106f/griptape/tools/"
GT_FM = GT + "file_manager/tool.py (tool name = f\"{tool_name}_{activity_name}\" in base_tool.py to_native_tool_name)"
SA = "https://github.com/TransformerOptimus/SuperAGI/blob/c3c1982e7bd6a11cfed53c5a193ea502f924b1b6/superagi/tools/"
CE = "https://github.com/Doriandarko/claude-engineer/blob/0a9e4b309bf6b2eda05dcf073cf5094beb08e0c8/tools/"
PR = ("https://github.com/MervinPraison/PraisonAI/blob/52e3e37b1c0ede378426e764fff38834f8e209c2/"
      "src/praisonai-agents/praisonaiagents/tools/")
ADK = "https://github.com/google/adk-python/blob/7c670f638bc17374ceb08740bdd057e55c9c2e12/src/google/adk/tools/load_web_page.py"
MS = "https://github.com/mastra-ai/mastra/blob/%s/packages/core/src/workspace/%s"
MS_READ = MS % ("7f2ae49b55de5bc2bdbd44ae3d7236687c45942d", "tools/read-file.ts")
MS_WRITE = MS % ("e55823b996670c372ef455046fe6350064f08ff4", "tools/write-file.ts")
MS_EDIT = MS % ("9a04434cd4ac62e54dc12a249500769d66c1f317", "tools/edit-file.ts")
MS_LIST = MS % ("7f2ae49b55de5bc2bdbd44ae3d7236687c45942d", "tools/list-files.ts")
MS_GREP = MS % ("38eb091454c27af18921604ed2fcfd39bc3f7279", "tools/grep.ts") + " (name mastra_workspace_grep: .changeset/witty-worms-ring.md)"
MS_STAT = MS % ("c1db2c9fd3fd6654e3c21359843c801ea3733fc1", "tools/file-stat.ts")
MS_NAMES = MS % ("7f6bb79a9cea128937a02dc5c173dd0dee49f289", "tools/constants.ts")
PI = "https://github.com/badlogic/pi-mono/blob/83378aad7e74a0e2bb8f37c007a9685fb4609d8a/packages/coding-agent/src/core/tools/"

# ------------------------------------------------------------ Strands Agents tools
V = "strands"
FR, ED, FW, HR = ST + "file_read.py", ST + "editor.py", ST + "file_write.py", ST + "http_request.py"

case("st-read-lines", V, 1, FR, "read_file_lines: start_line: First line to read (0-based); lines = all_lines[start_line:end_line]",
     "file_read", {"path": "data/long.txt", "mode": "lines", "start_line": 10, "end_line": 13},
     rows(11, 13), "fs_read", note="0-based start, end as a slice bound: lines 11-13")

case("st-read-chunk", V, 1, FR, "chunk_offset: Offset in bytes; chunk_size: Size of chunk in bytes (f.seek(chunk_offset))",
     "file_read", {"path": "notes/chunk.txt", "mode": "chunk", "chunk_offset": 10, "chunk_size": 5},
     {"contains": ["ABCDE"], "not_contains": ["789", "FGH"]}, "fs_read", setup={"notes/chunk.txt": CHUNK})
case("st-read-search", V, 1, FR, "search_file: if pattern.lower() in line.lower() (case-insensitive substring)",
     "file_read", {"path": "logs/app.txt", "mode": "search", "search_pattern": "error"},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search")

case("st-read-find", V, 1, FR, "mode find: List matching files; glob.glob(pattern, recursive=recursive), recursive default true",
     "file_read", {"path": "internal/**/*.go", "mode": "find"},
     {"contains": ["handler.go", "server.go", "strings.go"]}, "fs_find")
case("st-read-multi", V, 1, FR, "For multiple files, use comma-separated list: 'file1.txt,file2.md,data/*.json'",
     "file_read", {"path": "go.mod,docs/api.md", "mode": "view"}, {"contains": [MOD, API]}, "fs_read")

case("st-read-preview", V, 1, FR, "preview: content = ''.join(f.readlines()[:50])",
     "file_read", {"path": "data/long.txt", "mode": "preview"},
     {"contains": [row(1), row(50)], "not_contains": [row(51), row(2000)]}, "fs_read")
case("st-read-diff", V, 1, FR, "mode diff: Compare files/directories; comparison_path: Second file/directory path",
     "file_read", {"path": "notes/todo.txt", "mode": "diff", "comparison_path": "notes/todo2.txt"},
     {"error_mentions": ["diff", "compar"]}, "fs_read", setup={"notes/todo2.txt": TODO.replace("qux", "quux")},
     note="f0 has no two-file diff: only a refusal is right")
case("st-read-time-machine", V, 1, FR, "mode time_machine: Version history (git_history, num_revisions)",
     "file_read", {"path": "go.mod", "mode": "time_machine", "num_revisions": 3},
     {"error_mentions": ["history", "git", "time_machine", "revision"]}, "fs_read",
     note="f0 has no version history: only a refusal is right")
case("st-write-new", V, 1, FW, "required: path, content; os.makedirs(directory); open(path, 'w')", "file_write",
     {"path": "out/st/new.txt", "content": "strands\n"}, {"files": [{"path": "out/st/new.txt", "equals": "strands\n"}]},
     "fs_write")

case("st-editor-view-range", V, 1, ED, "view_range: Line range to show [start, end]; start = max(0, view_range[0] - 1); end = view_range[1]",
     "editor", {"command": "view", "path": "data/long.txt", "view_range": [100, 102]}, rows(100, 102), "fs_read")
case("st-editor-str-replace-all", V, 2, ED, "count = content.count(old_str); new_content = content.replace(old_str, new_str)",
     "editor", {"command": "str_replace", "path": "notes/todo.txt", "old_str": "foo", "new_str": "FOO"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit",
     note="Strands replaces every occurrence ('Replaced 3 occurrences')")
case("st-editor-pattern-replace", V, 2, ED, "pattern_replace: regex = re.compile(pattern); new_content = regex.sub(new_str, content)",
     "editor", {"command": "pattern_replace", "path": "config.yaml", "pattern": r"port: \d+", "new_str": "port: 9000"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("8080", "9000").replace("5432", "9000")}]}, "fs_edit")
case("st-editor-insert", V, 2, ED, "The `new_str` will be inserted AFTER the line `insert_line`; lines.insert(insert_line, new_str)",
     "editor", {"command": "insert", "path": "py/requirements.txt", "insert_line": 1, "new_str": "flask==3.0.0"},
     {"files": [{"path": "py/requirements.txt", "equals": "requests==2.31.0\nflask==3.0.0\npytest==8.0.0\n"}]}, "fs_edit")

case("st-editor-undo", V, 1, ED, "commands: view, create, str_replace, pattern_replace, insert, find_line, undo_edit",
     "editor", {"command": "undo_edit", "path": "notes/todo.txt"},
     {"error_mentions": ["undo"], "files": [same("notes/todo.txt")]}, "fs_edit",
     note="f0 keeps no edit history: only a refusal is right")
case("st-http-get", V, 1, HR, "method: HTTP method (GET, POST, ...); url: The URL to send the request to", "http_request",
     {"method": "GET", "url": "{BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl")
case("st-http-markdown", V, 1, HR, "convert_to_markdown: Convert HTML responses to markdown format (markdownify, heading_style ATX)",
     "http_request", {"method": "GET", "url": "{BASE}/page.html", "convert_to_markdown": True},
     {"regex": [r"^#+ ?Fixture Page"], "not_contains": ["<h1>", "<p>"]}, "net_curl")
case("st-http-bearer", V, 1, HR, "if auth_type == 'Bearer': headers['Authorization'] = f'Bearer {auth_token}'",
     "http_request", {"method": "GET", "url": "{BASE}/echo", "auth_type": "Bearer", "auth_token": "tok123"},
     {"request": {"path": "/echo", "headers": {"Authorization": "Bearer tok123"}}}, "net_curl")

case("st-http-api-key", V, 1, HR, "elif auth_type == 'api_key': headers['X-API-Key'] = auth_token",
     "http_request", {"method": "GET", "url": "{BASE}/echo", "auth_type": "api_key", "auth_token": "k-42"},
     {"request": {"path": "/echo", "headers": {"X-API-Key": "k-42"}}}, "net_curl")
case("st-http-basic", V, 1, HR, "basic_auth: Basic auth credentials {username, password}",
     "http_request", {"method": "GET", "url": "{BASE}/echo", "basic_auth": {"username": "u", "password": "p"}},
     {"request": {"path": "/echo", "headers": {"Authorization": "Basic " + base64.b64encode(b"u:p").decode()}}},
     "net_curl")

case("st-http-no-redirect", V, 1, HR, "allow_redirects: Whether to follow redirects (default: True)",
     "http_request", {"method": "GET", "url": "{BASE}/redirect", "allow_redirects": False},
     {"regex": [r"\b302\b"], "not_contains": ["Fixture Page"]}, "net_curl")
case("st-http-timeout", V, 1, HR, "timeout: Request timeout in seconds (default: 30)",
     "http_request", {"method": "GET", "url": "{BASE}/slow?s=6", "timeout": 1},
     {"error": True, "because": TIMEOUT}, "net_curl", note="1 second against a 6-second answer")

# ------------------------------------------------------------ AgentScope (1.0 text-file tools, 0.x services)
V = "agentscope"
case("as-view", V, 1, AS1 + "_view_text_file.py", "If `ranges` is not provided, the entire file will be returned.",
     "view_text_file", {"file_path": "docs/api.md"}, {"contains": [API, "GET /users"]}, "fs_read")
case("as-view-ranges", V, 1, AS1 + "_view_text_file.py", "The range of lines to be viewed (e.g. lines 1 to 100: [1, 100]), inclusive.",
     "view_text_file", {"file_path": "data/long.txt", "ranges": [20, 22]}, rows(20, 22), "fs_read")
case("as-write-ranges", V, 2, AS1 + "_write_text_file.py",
     "When `ranges` is provided, the content will be replaced in the specified range: original_lines[: start - 1] + [content] + original_lines[end:]",
     "write_text_file", {"file_path": "config.yaml", "content": "  debug: true\n", "ranges": [3, 3]},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit")
case("as-write-ranges-multi", V, 2, AS1 + "_write_text_file.py", "original_lines[: start - 1] + [content] + original_lines[end:]",
     "write_text_file", {"file_path": "notes/todo.txt", "content": "middle\n", "ranges": [2, 3]},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nmiddle\nDONE: setup\n"}]}, "fs_edit")
case("as-write-whole", V, 1, AS1 + "_write_text_file.py", "Otherwise, the entire file (if exists) will be overwritten.",
     "write_text_file", {"file_path": "notes/todo.txt", "content": "all new\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "all new\n"}]}, "fs_write")
case("as-insert", V, 2, AS1 + "_write_text_file.py",
     "The line number at which the content should be inserted, starting from 1; original_lines[: line_number - 1] + [content + '\\n'] + original_lines[line_number - 1 :]",
     "insert_text_file", {"file_path": "py/requirements.txt", "content": "flask==3.0.0", "line_number": 2},
     {"files": [{"path": "py/requirements.txt", "equals": "requests==2.31.0\nflask==3.0.0\npytest==8.0.0\n"}]}, "fs_edit",
     note="inserted before line 2, so it becomes line 2")


case("as0-write-no-overwrite", V, 1, AS0 + "file/text.py",
     "overwrite (`bool`, defaults to `False`): Whether to overwrite the file if it already exists.",
     "write_text_file", {"file_path": "notes/todo.txt", "content": "clobber\n", "overwrite": False},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt")]}, "fs_write")
case("as0-create-file-exists", V, 1, AS0 + "file/common.py",
     "if os.path.exists(file_path): FileExistsError: The file already exists.",
     "create_file", {"file_path": "go.mod", "content": "module x\n"},
     {"error": True, "because": EXISTS, "files": [same("go.mod")]}, "fs_write")
case("as0-create-file-new", V, 1, AS0 + "file/common.py", "Create a file and write content to it.",
     "create_file", {"file_path": "notes/as.txt", "content": "agentscope\n"},
     {"files": [{"path": "notes/as.txt", "equals": "agentscope\n"}]}, "fs_write")
case("as0-move", V, 1, AS0 + "file/common.py", "move_file(source_path, destination_path)",
     "move_file", {"source_path": "docs/api.md", "destination_path": "docs/api-old.md"},
     {"files": [gone("docs/api.md"), {"path": "docs/api-old.md", "contains": ["GET /users"]}]}, "fs_move")
case("as0-mkdir", V, 1, AS0 + "file/common.py", "create_directory(directory_path)",
     "create_directory", {"directory_path": "out/as0"}, {"files": [{"path": "out/as0", "is_dir": True}]}, "fs_mkdir")
case("as0-list", V, 1, AS0 + "file/common.py", "list_directory_content(directory_path)",
     "list_directory_content", {"directory_path": "docs"}, {"contains": ["guide.md", "api.md"]}, "fs_list")
case("as0-cwd", V, 1, AS0 + "file/common.py", "get_current_directory()", "get_current_directory", {},
     {"regex": [r"heldout-[^/\s]*/project"]}, "fs_list",
     note="the served root is the working directory; a refusal naming the root is also fair")
case("as0-download", V, 1, AS0 + "web/download.py", "Download file from the given url to the specified location.",
     "download_from_url", {"url": "{BASE}/data.json", "filepath": "out/data.json"},
     {"files": [{"path": "out/data.json", "contains": [ITEMS]}]}, "net_curl")
case("as0-download-exists", V, 1, AS0 + "web/download.py", "if os.path.exists(filepath): The file {filepath} already exists.",
     "download_from_url", {"url": "{BASE}/data.json", "filepath": "config.json"},
     {"error": True, "because": EXISTS, "files": [same("config.json")]}, "net_curl")
case("as0-load-web-raw", V, 1, AS0 + "web/web_digest.py", "keep_raw (bool): \"raw\": exists if `keep_raw` is True, store raw HTML content",
     "load_web", {"url": "{BASE}/page.html", "keep_raw": True}, {"contains": ["<h1>Fixture Page</h1>"]}, "net_curl")
case("as0-delete-dir", V, 1, AS0 + "file/common.py", "delete_directory(directory_path): Delete a directory and all of its contents. (shutil.rmtree)",
     "delete_directory", {"directory_path": "a"}, {"files": [gone("a")]}, "fs_delete", server_args=ADMIN,
     note="the source removes the directory with what is in it")

# ------------------------------------------------------------ Agno toolkits
V = "agno"

case("agno-read-chunk", V, 1, AGNO + "file.py", "lines = contents.split(sep); return sep.join(lines[start_line : end_line + 1])",
     "read_file_chunk", {"file_name": "data/long.txt", "start_line": 10, "end_line": 12}, rows(11, 13), "fs_read",
     note="0-based, end inclusive")

case("agno-replace-chunk", V, 2, AGNO + "file.py", "start = lines[0:start_line]; end = lines[end_line + 1 :]; sep.join(start + [chunk] + end)",
     "replace_file_chunk", {"file_name": "config.yaml", "start_line": 2, "end_line": 2, "chunk": "  debug: true"},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit", note="0-based line 2 is the third line")
case("agno-replace-chunk-multi", V, 2, AGNO + "file.py", "String to be inserted instead of lines from start_line to end_line.",
     "replace_file_chunk", {"file_name": "notes/todo.txt", "start_line": 1, "end_line": 2, "chunk": "middle"},
     {"files": [{"path": "notes/todo.txt", "equals": "TODO: write docs\nmiddle\nDONE: setup\n"}]}, "fs_edit")
case("agno-save-new", V, 1, AGNO + "file.py", "if not file_path.parent.exists(): file_path.parent.mkdir(parents=True)",
     "save_file", {"contents": "# Report\n", "file_name": "out/agno/report.md"},
     {"files": [{"path": "out/agno/report.md", "equals": "# Report\n"}]}, "fs_write")
case("agno-save-no-overwrite", V, 1, AGNO + "file.py", "if file_path.exists() and not overwrite: return f\"File {file_name} already exists\"",
     "save_file", {"contents": "x\n", "file_name": "notes/todo.txt", "overwrite": False},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt")]}, "fs_write")
case("agno-save-default-overwrite", V, 1, AGNO + "file.py", "overwrite: bool = True — Overwrite the file if it already exists.",
     "save_file", {"contents": "fresh\n", "file_name": "notes/todo.txt"},
     {"files": [{"path": "notes/todo.txt", "equals": "fresh\n"}]}, "fs_write")
case("agno-list-files", V, 1, AGNO + "file.py", "list_files(directory='.'): for file_path in d.iterdir()",
     "list_files", {"directory": "docs"}, {"contains": ["guide.md", "api.md"]}, "fs_list")
case("agno-search-files", V, 1, AGNO + "file.py", "The pattern to search for, e.g. \"*.txt\", \"file*.csv\", \"**/*.py\"; self.base_dir.glob(pattern)",
     "search_files", {"pattern": "**/*.py"}, {"contains": ["app.py", "models.py", "test_models.py"]}, "fs_find")
case("agno-search-files-top", V, 1, AGNO + "file.py", "self.base_dir.glob(pattern) (Path.glob: '*' does not cross '/')",
     "search_files", {"pattern": "*.md"}, {"contains": ["README.md"], "not_contains": ["guide.md", "api.md"]}, "fs_find")
case("agno-search-content", V, 1, AGNO + "file.py", "search_content(query, directory, limit): lower_query = query.lower()",
     "search_content", {"query": "hello", "directory": "py"}, {"contains": ["models.py"]}, "fs_search",
     note="case-insensitive: 'Hello, ' in models.py")
case("agno-delete-file", V, 1, AGNO + "file.py", "delete_file(file_name): path.unlink()", "delete_file",
     {"file_name": "debug.log"}, {"files": [gone("debug.log")]}, "fs_delete", server_args=ADMIN)
case("agno-delete-dir-nonempty", V, 1, AGNO + "file.py", "if path.is_dir(): path.rmdir() (an empty directory only)",
     "delete_file", {"file_name": "a"},
     {"error": True, "because": NOTEMPTY, "files": [{"path": "a/b/c/deep.txt", "exists": True}]}, "fs_delete",
     server_args=ADMIN, note="rmdir of a non-empty directory fails; nothing may be removed")
case("agno-local-write", V, 1, AGNO + "local_file_system.py",
     "write_file(content, filename, directory, extension): full_name = f\"{name_path.stem}.{extension}\" under directory",
     "write_file", {"content": "# Notes\n", "filename": "report", "directory": "notes", "extension": "md"},
     {"files": [{"path": "notes/report.md", "equals": "# Notes\n"}]}, "fs_write")
case("agno-read-url", V, 1, AGNO + "website.py", "read_url(url): The url of the website to read.", "read_url",
     {"url": "{BASE}/page.html"}, {"contains": ["Fixture Page", "alpha item"]}, "net_curl")
case("agno-read-article", V, 1, AGNO + "newspaper4k.py", "read_article(url): Read and extract content from a URL",
     "read_article", {"url": "{BASE}/page.html"}, {"regex": [r"first\W+paragraph"], "not_contains": ["<p>"]}, "net_curl")
case("agno-crawl-list", V, 1, AGNO + "crawl4ai.py", "crawl(url: Union[str, List[str]], search_query=None)", "crawl",
     {"url": ["{BASE}/page.html", "{BASE}/data.json"]}, {"contains": ["Fixture Page", ITEMS]}, "net_curl")

# ------------------------------------------------------------ RA.Aid
V = "ra-aid"

case("ra-write", V, 1, RA + "write_file.py", "Write the complete contents of a file, creating it if it doesn't exist.",
     "put_complete_file_contents", {"filepath": "out/ra/new.py", "complete_file_contents": "print('ra')\n"},
     {"files": [{"path": "out/ra/new.py", "equals": "print('ra')\n"}]}, "fs_write")
case("ra-write-empty", V, 1, RA + "write_file.py", "Defaults to an empty string, which will create an empty file.",
     "put_complete_file_contents", {"filepath": "notes/empty.txt"},
     {"files": [{"path": "notes/empty.txt", "exists": True, "size": 0}]}, "fs_write")
case("ra-str-replace", V, 2, RA + "file_str_replace.py", "Only performs replacement if the old string appears exactly once",
     "file_str_replace", {"filepath": "config.yaml", "old_str": "debug: false", "new_str": "debug: true"},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit")
case("ra-str-replace-ambiguous", V, 2, RA + "file_str_replace.py",
     "String appears {count} times - must be unique (use replace_all=True to replace all occurrences)",
     "file_str_replace", {"filepath": "notes/todo.txt", "old_str": "foo", "new_str": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit")
case("ra-str-replace-all", V, 2, RA + "file_str_replace.py", "replace_all: If True, replace all occurrences of the string",
     "file_str_replace", {"filepath": "notes/todo.txt", "old_str": "foo", "new_str": "FOO", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("ra-tree-default", V, 1, RA + "list_directory.py", "max_depth: Maximum depth to traverse (default: 1 for no recursion)",
     "list_directory_tree", {"path": "internal"}, {"contains": ["server", "util"], "not_contains": ["handler.go"]},
     "fs_list")
case("ra-tree-depth", V, 1, RA + "list_directory.py", "max_depth: Maximum depth to traverse",
     "list_directory_tree", {"path": "internal", "max_depth": 2}, {"contains": ["handler.go", "strings.go"]}, "fs_list")
case("ra-tree-size", V, 1, RA + "list_directory.py", "show_size: Show file sizes; If a file path is provided, returns information about just that file.",
     "list_directory_tree", {"path": "notes/todo.txt", "show_size": True}, {"regex": [r"\b53\b|53\s*B"]}, "fs_stat")
case("ra-rg-ci", V, 1, RA + "ripgrep.py", "case_sensitive: Whether to do case-sensitive search (default: True)",
     "ripgrep_search", {"pattern": "error", "case_sensitive": False, "include_paths": ["logs"]},
     {"contains": ["connection refused", "disk full", "timeout reached"], "not_contains": ["server started"]}, "fs_search")
case("ra-rg-default-cs", V, 1, RA + "ripgrep.py", "case_sensitive: bool = True",
     "ripgrep_search", {"pattern": "error", "include_paths": ["logs"]},
     {"contains": ["disk full"], "not_contains": ["connection refused", "timeout reached"]}, "fs_search")
case("ra-rg-fixed", V, 1, RA + "ripgrep.py", "fixed_string: Whether to treat pattern as a literal string instead of regex",
     "ripgrep_search", {"pattern": "Run(addr)", "fixed_string": True, "file_type": "go"},
     {"contains": ["main.go", "server.Run(addr)"]}, "fs_search")
case("ra-rg-after", V, 1, RA + "ripgrep.py", "after_context_lines: Number of lines to show after each match",
     "ripgrep_search", {"pattern": "^row 0700:", "after_context_lines": 2, "include_paths": ["data"]},
     {"contains": [row(700), row(702)], "not_contains": [row(699), row(703)]}, "fs_search")
case("ra-fuzzy-find", V, 1, RA + "fuzzy_find.py", "Fuzzy find files in a project matching the search term ... approximate matches",
     "fuzzy_find_project_files", {"search_term": "handlr"}, {"contains": ["handler.go"]}, "fs_find")
case("ra-shell-curl", V, 6, RA + "shell.py", "run_shell_command(command, timeout=30): Execute a shell command and return its output.",
     "run_shell_command", {"command": "curl -s {BASE}/data.json"}, {"contains": [ITEMS]}, "net_curl")
case("ra-shell-cat", V, 1, RA + "shell.py", "Execute a shell command and return its output.",
     "run_shell_command", {"command": "cat docs/api.md"}, {"contains": [API]}, "fs_read")

# ------------------------------------------------------------ Codebuff
V = "codebuff"
case("cb-read-files", V, 1, CBP + "read-files.ts", "paths: List of file paths to read (relative to the project root)",
     "read_files", {"paths": ["go.mod", "docs/api.md"]}, {"contains": [MOD, API]}, "fs_read")

case("cb-str-replace", V, 2, CBP + "str-replace.ts", "replacements: [{old, new, allowMultiple (default false)}]",
     "str_replace", {"path": "config.yaml", "replacements": [{"old": "debug: false", "new": "debug: true"}]},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit")
case("cb-str-replace-two", V, 2, CBP + "str-replace.ts", "Array of replacements to make.",
     "str_replace", {"path": "py/requirements.txt", "replacements": [
         {"old": "requests==2.31.0", "new": "requests==2.32.0"}, {"old": "pytest==8.0.0", "new": "pytest==8.1.0"}]},
     {"files": [{"path": "py/requirements.txt", "equals": "requests==2.32.0\npytest==8.1.0\n"}]}, "fs_edit")
case("cb-str-replace-multiple", V, 2, CBP + "str-replace.ts", "allowMultiple: Whether to allow multiple replacements of old string.",
     "str_replace", {"path": "notes/todo.txt", "replacements": [{"old": "foo", "new": "FOO", "allowMultiple": True}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("cb-str-replace-delete", V, 2, CBP + "str-replace.ts", "new: ... Can be empty to delete.",
     "str_replace", {"path": "notes/todo.txt", "replacements": [{"old": "DONE: setup\n", "new": ""}]},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("DONE: setup\n", "")}]}, "fs_edit")
case("cb-write-new", V, 1, CB + "backend/src/tools/definitions/tool/write-file.ts", "You can also use this tool to create new files.",
     "write_file", {"path": "web/src/hello.ts", "instructions": "Prints Hello, world",
                    "content": "console.log(\"Hello, world!\");\n"},
     {"files": [{"path": "web/src/hello.ts", "equals": "console.log(\"Hello, world!\");\n"}]}, "fs_write")
case("cb-write-full", V, 1, CB + "backend/src/tools/definitions/tool/write-file.ts",
     "If you don't use any placeholder comments, the entire file will be replaced.",
     "write_file", {"path": "docs/api.md", "instructions": "Rewrite the API doc", "content": "# API v2\n"},
     {"files": [{"path": "docs/api.md", "equals": "# API v2\n"}]}, "fs_write")
case("cb-write-placeholder", V, 2, CB + "backend/src/tools/definitions/tool/write-file.ts",
     "Abbreviate any sections of the code ... with placeholder comments: \"// ... existing code ...\"; parsed by a fast-apply model",
     "write_file", {"path": "web/src/app.js", "instructions": "Enable debug",
                    "content": "// ... existing code ...\n  const config = { debug: true, name: 'fixture' };\n// ... existing code ...\n"},
     {"error": True, "because": [r"existing code|placeholder|left out|fs_edit|oldText"],
      "files": [same("web/src/app.js")]}, "fs_edit",
     note="the snippet needs a merge model f0 does not have; writing it as the whole file would lose the file")
case("cb-code-search", V, 1, CBP + "code-search.ts", "flags: Optional ripgrep flags (e.g., \"-i\" for case-insensitive ...)",
     "code_search", {"pattern": "error", "flags": "-i", "cwd": "logs"},
     {"contains": ["connection refused", "disk full", "timeout reached"], "not_contains": ["server started"]}, "fs_search")
case("cb-code-search-type", V, 1, CBP + "code-search.ts", "\"-t ts\" for TypeScript files only",
     "code_search", {"pattern": "export function", "flags": "-t ts"},
     {"contains": ["utils.ts", "List.tsx"], "not_contains": ["Button.jsx"]}, "fs_search",
     note="rg's ts type covers *.ts and *.tsx")
case("cb-code-search-after", V, 1, CBP + "code-search.ts", "\"-A 3\" for 3 lines after match",
     "code_search", {"pattern": "^row 1200:", "flags": "-A 1", "cwd": "data"},
     {"contains": [row(1200), row(1201)], "not_contains": [row(1199), row(1202)]}, "fs_search")
case("cb-find-files", V, 1, CBP + "find-files.ts", "prompt: A brief natural language description of the files ... you are looking for",
     "find_files", {"prompt": "the files that define the HTTP handlers of the Go server"},
     {"error_mentions": ["prompt", "fs_find", "fs_search"]}, "fs_find",
     note="a natural-language file finder (an LLM sub-agent): f0 has none, only a refusal that names the fix is right")

# ------------------------------------------------------------ gptme
V = "gptme"
case("gm-save", V, 1, GM + "save.py", "Create or overwrite a file with the given content.", "save",
     {"path": "out/gm/hello.py", "content": "print('gptme')\n"},
     {"files": [{"path": "out/gm/hello.py", "equals": "print('gptme')\n"}]}, "fs_write")
case("gm-save-overwrite", V, 1, GM + "save.py", "Create or overwrite a file with the given content.", "save",
     {"path": "notes/todo.txt", "content": "overwritten\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "overwritten\n"}]}, "fs_write")
case("gm-append", V, 1, GM + "save.py", "Append the given content to a file.", "append",
     {"path": "py/requirements.txt", "content": "flask==3.0.0\n"},
     {"files": [{"path": "py/requirements.txt", "equals": REQS + "flask==3.0.0\n"}]}, "fs_write")
case("gm-patch", V, 2, GM + "patch.py", "we use an adapted version of git conflict markers: <<<<<<< ORIGINAL / ======= / >>>>>>> UPDATED",
     "patch", {"path": "config.yaml",
               "patch": "<<<<<<< ORIGINAL\n  debug: false\n=======\n  debug: true\n>>>>>>> UPDATED\n"},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit")
case("gm-patch-two", V, 2, GM + "patch.py", "Multiple ORIGINAL/UPDATED blocks can make several changes in one patch.",
     "patch", {"path": "py/requirements.txt",
               "patch": "<<<<<<< ORIGINAL\nrequests==2.31.0\n=======\nrequests==2.32.0\n>>>>>>> UPDATED\n"
                        "<<<<<<< ORIGINAL\npytest==8.0.0\n=======\npytest==8.1.0\n>>>>>>> UPDATED\n"},
     {"files": [{"path": "py/requirements.txt", "equals": "requests==2.32.0\npytest==8.1.0\n"}]}, "fs_edit")
case("gm-patch-mismatch", V, 2, GM + "patch.py", "they must match the file exactly or the patch will fail.",
     "patch", {"path": "config.yaml",
               "patch": "<<<<<<< ORIGINAL\n  debug: maybe\n=======\n  debug: true\n>>>>>>> UPDATED\n"},
     {"error": True, "because": [r"not found|no match|does not match|did not match|not in|could not find|missing"],
      "files": [same("config.yaml")]}, "fs_edit")
case("gm-read-range", V, 1, GM + "read.py", "start_line: Line number to start reading from (1-indexed); end_line: Line number to stop reading at (inclusive)",
     "read", {"path": "data/long.txt", "start_line": 300, "end_line": 302}, rows(300, 302), "fs_read")
case("gm-read-numbers", V, 1, GM + "read.py", "For files, output includes line numbers for easy reference.",
     "read", {"path": "notes/todo.txt"}, {"contains": ["DONE: setup"], "regex": [r"\b4\D{0,8}DONE: setup"]}, "fs_read")
case("gm-read-dir", V, 1, GM + "read.py", "For directories, output shows a flat listing of immediate files and subdirectories.",
     "read", {"path": "docs"}, {"contains": ["guide.md", "api.md"]}, "fs_list")

# ------------------------------------------------------------ CAMEL FileToolkit
V = "camel"
case("cm-write-txt", V, 1, CM, "write_to_file(title, content, filename): If the file exists, it will be overwritten.",
     "write_to_file", {"title": "Todo", "content": "camel list\n", "filename": "notes/todo.txt"},
     {"files": [{"path": "notes/todo.txt", "equals": "camel list\n"}]}, "fs_write",
     note="plaintext: the title is not written")
case("cm-write-noext", V, 1, CM, "If no extension is provided, use markdown as default: file_path.with_suffix('.md')",
     "write_to_file", {"title": "Summary", "content": "# Summary\n", "filename": "notes/summary"},
     {"files": [{"path": "notes/summary.md", "equals": "# Summary\n"}]}, "fs_write")
case("cm-write-csv", V, 1, CM, "CSV: string or list of lists", "write_to_file",
     {"title": "Table", "content": [["a", "b"], ["1", "2"]], "filename": "out/table.csv"},
     {"files": [{"path": "out/table.csv", "regex": [r"^a,b\r?\n1,2\r?\n?$"]}]}, "fs_write")
case("cm-read-many", V, 1, CM, "file_paths: A single file path or a list of file paths to read.", "read_file",
     {"file_paths": ["go.mod", "docs/api.md"]}, {"contains": [MOD, API]}, "fs_read")
case("cm-read-one", V, 1, CM, "file_paths (Union[str, List[str]])", "read_file",
     {"file_paths": "config.json"}, {"contains": ['"retries": 3']}, "fs_read")
case("cm-edit-all", V, 2, CM, "replaces all occurrences of old_content with new_content", "edit_file",
     {"file_path": "notes/todo.txt", "old_content": "foo", "new_content": "FOO"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("cm-glob", V, 1, CM, "glob_files(pattern, path): Glob pattern to match, for example **/*.js", "glob_files",
     {"pattern": "**/*.js", "path": "web"}, {"contains": ["index.js", "app.js"], "not_contains": ["Button.jsx"]}, "fs_find")
case("cm-grep-ci", V, 1, CM, "ignore_case (bool): Whether to search case-insensitively. (default: False)", "grep_files",
     {"pattern": "error", "path": "logs", "ignore_case": True},
     {"contains": ["connection refused", "disk full", "timeout reached"]}, "fs_search")
case("cm-grep-files", V, 1, CM, "output_mode: One of content, files_with_matches, or count", "grep_files",
     {"pattern": "TODO", "path": "internal", "output_mode": "files_with_matches"},
     {"contains": ["handler.go", "handler_test.go"], "not_contains": ["load users from the database", "strings.go"]},
     "fs_search")
case("cm-grep-glob", V, 1, CM, "glob_pattern (str): Glob filter for candidate files before searching content.", "grep_files",
     {"pattern": "TODO", "path": ".", "glob_pattern": "*.py"},
     {"contains": ["app.py", "parse command line arguments"], "not_contains": ["handler.go", "app.js"]}, "fs_search")
case("cm-search-default-md", V, 1, CM,
     "If not provided and file_pattern is also not provided, defaults to [\"md\"]; case-insensitive string match",
     "search_files", {"pattern": "port"}, {"contains": ["guide.md"], "not_contains": ["config.yaml", "main.go"]}, "fs_search",
     note="only *.md by default: docs/guide.md, not config.yaml or main.go (import)")
case("cm-search-types", V, 1, CM, "file_types: List of file extensions to search (e.g., [\"md\", \"txt\", \"py\"]). Do not include the dot.",
     "search_files", {"pattern": "GREET", "file_types": ["py"]}, {"contains": ["models.py", "test_models.py"]}, "fs_search")
case("cm-read-abs", V, 4, CM, "Paths can be relative or absolute.", "read_file",
     {"file_paths": "{ROOT}/docs/guide.md"}, {"contains": [GUIDE]}, "fs_read")

# ------------------------------------------------------------ Griptape
V = "griptape"
case("gt-list", V, 1, GT_FM, "list_files_from_disk: path: Relative path in the POSIX format. For example, 'foo/bar'",
     "FileManagerTool_list_files_from_disk", {"path": "docs"}, {"contains": ["guide.md", "api.md"]}, "fs_list")
case("gt-load", V, 1, GT_FM, "load_files_from_disk: paths: Relative paths to files ... For example, ['foo/bar/file.txt']",
     "FileManagerTool_load_files_from_disk", {"paths": ["go.mod", "docs/api.md"]}, {"contains": [MOD, API]}, "fs_read")
case("gt-save", V, 1, GT_FM, "save_content_to_file: path: Destination file path ... 'foo/bar/baz.txt'; content",
     "FileManagerTool_save_content_to_file", {"path": "out/gt/baz.txt", "content": "griptape\n"},
     {"files": [{"path": "out/gt/baz.txt", "equals": "griptape\n"}]}, "fs_write")
case("gt-scrape", V, 1, GT + "web_scraper/tool.py", "get_content: Can be used to browse a web page and load its content; url: Valid HTTP URL",
     "WebScraperTool_get_content", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Page", "beta item"], "not_contains": ["SCRIPT_SECRET"]}, "net_curl")
case("gt-list-dot", V, 4, GT_FM, "Relative path in the POSIX format", "FileManagerTool_list_files_from_disk",
     {"path": "./web/src/"}, {"contains": ["app.js", "index.js"]}, "fs_list")
case("gt-save-f0", V, 1, GT_FM, "save_content_to_file {path, content}", "fs_write",
     {"path": "out/gt/f0.txt", "content": "same fields\n"},
     {"files": [{"path": "out/gt/f0.txt", "equals": "same fields\n"}]}, "fs_write",
     note="Griptape's fields under f0's name: they are f0's too")

# ------------------------------------------------------------ SuperAGI
V = "superagi"
case("sa-read", V, 1, SA + "file/read_file.py", "name: 'Read File'; file_name: Path of the file to read", "Read File",
     {"file_name": "docs/guide.md"}, {"contains": [GUIDE]}, "fs_read")
case("sa-write", V, 1, SA + "file/write_file.py", "name: 'Write File'; file_name: Name of the file to write. Only include the file name.",
     "Write File", {"file_name": "superagi.txt", "content": "agent output\n"},
     {"files": [{"path": "superagi.txt", "equals": "agent output\n"}]}, "fs_write")
case("sa-append", V, 1, SA + "file/append_file.py", "name: 'Append File'; content: The text to append to the file",
     "Append File", {"file_name": "notes/todo.txt", "content": "LATER: deploy\n"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO + "LATER: deploy\n"}]}, "fs_write")
case("sa-delete", V, 1, SA + "file/delete_file.py", "name: 'Delete File'; file_name: Name of the file to delete",
     "Delete File", {"file_name": "debug.log"}, {"files": [gone("debug.log")]}, "fs_delete", server_args=ADMIN)
case("sa-list", V, 1, SA + "file/list_files.py", "name: 'List File'; description: lists files in a directory recursively",
     "List File", {}, {"contains": ["deep.txt", "handler.go", "guide.md"]}, "fs_list")
case("sa-scrape", V, 1, SA + "webscaper/tools.py", "name = 'WebScraperTool'; website_url: Valid website url without any quotes.",
     "WebScraperTool", {"website_url": "{BASE}/page.html"}, {"contains": ["Fixture Page", "alpha item"]}, "net_curl")

# ------------------------------------------------------------ Claude Engineer
V = "claude-engineer"
case("ce-mkdirs", V, 1, CE + "createfolderstool.py", "Accepts a list of folder paths and creates each folder along with any necessary parent directories.",
     "createfolderstool", {"folder_paths": ["out/ce/a", "out/ce/b/c"]},
     {"files": [{"path": "out/ce/a", "is_dir": True}, {"path": "out/ce/b/c", "is_dir": True}]}, "fs_mkdir")
case("ce-diff-first", V, 2, CE + "diffeditortool.py", "If found, replace the first occurrence of `old_text` with `new_text`.",
     "diffeditortool", {"path": "notes/todo.txt", "old_text": "foo", "new_text": "FOO"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO", 1)}]}, "fs_edit")
case("ce-diff-unique", V, 2, CE + "diffeditortool.py", "Performs a precise replacement of a given text snippet in a specified file.",
     "diffeditortool", {"path": "config.yaml", "old_text": "debug: false", "new_text": "debug: true"},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit")
case("ce-read-many", V, 1, CE + "filecontentreadertool.py", "Reads content from multiple files ... file_paths: List of file paths to read",
     "filecontentreadertool", {"file_paths": ["go.mod", "docs/guide.md"]}, {"contains": [MOD, GUIDE]}, "fs_read")
case("ce-read-dir", V, 4, CE + "filecontentreadertool.py", "When given a directory, recursively reads all text files",
     "filecontentreadertool", {"file_paths": ["docs"]}, {"contains": [API, GUIDE]}, "fs_read")
case("ce-create-one", V, 1, CE + "filecreatortool.py", "For a single file: {\"files\": {\"path\": ..., \"content\": ...}}",
     "filecreatortool", {"files": {"path": "out/ce/test.py", "content": "def hello():\n    print('Hello, World!')\n"}},
     {"files": [{"path": "out/ce/test.py", "equals": "def hello():\n    print('Hello, World!')\n"}]}, "fs_write")
case("ce-create-many", V, 1, CE + "filecreatortool.py", "For multiple files: {\"files\": [{path, content}, ...]}",
     "filecreatortool", {"files": [{"path": "out/ce/src/main.py", "content": "# Main\n"},
                                   {"path": "out/ce/src/utils.py", "content": "# Utils\n"}]},
     {"files": [{"path": "out/ce/src/main.py", "equals": "# Main\n"}, {"path": "out/ce/src/utils.py", "equals": "# Utils\n"}]},
     "fs_write")
case("ce-edit-full", V, 1, CE + "fileedittool.py", "if edit_type == \"full\": updated_content = new_content",
     "fileedittool", {"file_path": "notes/todo.txt", "edit_type": "full", "new_content": "full rewrite\n"},
     {"files": [{"path": "notes/todo.txt", "equals": "full rewrite\n"}]}, "fs_write")
case("ce-edit-lines", V, 2, CE + "fileedittool.py", "lines[start_line-1:end_line] = new_content.splitlines() (1-based, inclusive)",
     "fileedittool", {"file_path": "config.yaml", "edit_type": "partial", "start_line": 3, "end_line": 3,
                      "new_content": "  debug: true"},
     {"files": [{"path": "config.yaml", "regex": [r"^server:\n  port: 8080\n  debug: true\ndatabase:\n  host: localhost\n  port: 5432\n?$"]}]},
     "fs_edit", note="the source joins lines with \\n and may drop the last newline: either ending passes")
case("ce-edit-pattern", V, 2, CE + "fileedittool.py", "elif search_pattern and replacement_text: re.sub(pattern, replacement, content)",
     "fileedittool", {"file_path": "config.yaml", "edit_type": "partial", "new_content": "",
                      "search_pattern": r"port: \d+", "replacement_text": "port: 1"},
     {"files": [{"path": "config.yaml", "equals": CONFIG.replace("8080", "1").replace("5432", "1")}]}, "fs_edit")
case("ce-scrape", V, 1, CE + "webscrapertool.py", "extracts and returns its main textual content, along with the page title",
     "webscrapertool", {"url": "{BASE}/page.html"},
     {"contains": ["Fixture Title", "Fixture Page"], "not_contains": ["SCRIPT_SECRET", "<p>"]}, "net_curl")

# ------------------------------------------------------------ PraisonAI
V = "praisonai"
FT, ET = PR + "file_tools.py", PR + "edit_tools.py"
case("pr-read", V, 1, FT, "read_file(filepath): By default the content is returned with a right-aligned line-number gutter",
     "read_file", {"filepath": "notes/todo.txt"}, {"contains": ["DONE: setup"], "regex": [r"\b4\D{0,8}DONE: setup"]}, "fs_read")
case("pr-read-window", V, 1, FT, "offset: 1-based first line to read; limit: Maximum number of lines to read",
     "read_file", {"filepath": "data/long.txt", "offset": 500, "limit": 3}, rows(500, 502), "fs_read")
case("pr-read-plain", V, 1, FT, "Pass line_numbers=False (with no offset/limit) to get the exact plain-string content",
     "read_file", {"filepath": "config.json", "line_numbers": False}, {"contains": ['{"name": "fixture"']}, "fs_read")

case("pr-list-pattern", V, 1, FT, "list_files(directory, pattern): Optional glob pattern (e.g., \"*.txt\"); path.glob(pattern); file.is_file()",
     "list_files", {"directory": "web/src", "pattern": "*.js"},
     {"contains": ["index.js", "app.js"], "not_contains": ["utils.ts", "Button.jsx"]}, "fs_find")
case("pr-info", V, 1, FT, "get_file_info(filepath)", "get_file_info", {"filepath": "notes/todo.txt"},
     {"regex": [r"\b53\b"]}, "fs_stat")
case("pr-copy", V, 1, FT, "copy_file(src, dst)", "copy_file", {"src": "docs/api.md", "dst": "docs/api-copy.md"},
     {"files": [same("docs/api.md"), {"path": "docs/api-copy.md", "equals": fixture.API_MD}]}, "fs_copy")
case("pr-move", V, 1, FT, "move_file(src, dst)", "move_file", {"src": "docs/api.md", "dst": "archive/api.md"},
     {"files": [gone("docs/api.md"), {"path": "archive/api.md", "equals": fixture.API_MD}]}, "fs_move")
case("pr-download", V, 1, FT, "download_file(url, destination, timeout=30): Download a file from a URL.",
     "download_file", {"url": "{BASE}/data.json", "destination": "out/pr/data.json"},
     {"files": [{"path": "out/pr/data.json", "equals": fixture.DATA_JSON}]}, "net_curl")
case("pr-edit-first", V, 2, ET, "replace_all: Whether to replace all occurrences (default: first only)",
     "edit_file", {"filepath": "notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO", 1)}]}, "fs_edit")
case("pr-edit-all", V, 2, ET, "replace_all: Whether to replace all occurrences", "edit_file",
     {"filepath": "notes/todo.txt", "old_string": "foo", "new_string": "FOO", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("pr-search", V, 1, ET, "search_files(directory, pattern, file_pattern='*'): glob(os.path.join(dir, '**', file_pattern))",
     "search_files", {"directory": "internal", "pattern": "TODO", "file_pattern": "*.go"},
     {"contains": ["handler.go", "load users from the database", "handler_test.go"]}, "fs_search")

# ------------------------------------------------------------ Google ADK
V = "google-adk"
case("adk-load-web-page", V, 1, ADK, "Fetches the content in the url and returns the text in it (soup.get_text)",
     "load_web_page", {"url": "{BASE}/page.html"},
     {"contains": ["paragraph", "doc link"], "not_contains": ["<p>", "<body>"]}, "net_curl")
case("adk-load-json", V, 1, ADK, "requests.get(url); the text of the response", "load_web_page",
     {"url": "{BASE}/data.json"}, {"contains": ["fixture"]}, "net_curl")

# ------------------------------------------------------------ Mastra workspace tools
V = "mastra"
case("ms-read-window", V, 1, MS_READ, "offset: Line number to start reading from (1-indexed); limit: Maximum number of lines to read",
     "mastra_workspace_read_file", {"path": "data/long.txt", "offset": 40, "limit": 2}, rows(40, 41), "fs_read")
case("ms-read-plain", V, 1, MS_READ, "showLineNumbers: Whether to prefix each line with its line number (default: true)",
     "mastra_workspace_read_file", {"path": "config.json", "showLineNumbers": False},
     {"contains": ['{"name": "fixture"'], "not_regex": [r"^\s*1\s*(→|\t|\||:)\s*\{"]}, "fs_read")
case("ms-read-base64", V, 1, MS_READ, "encoding: enum utf-8, base64, hex, binary; return `${path} (${size} bytes, base64)\\n${content}`",
     "mastra_workspace_read_file", {"path": "assets/logo.png", "encoding": "base64"}, {"contains": ["iVBORw0KGgo"]}, "fs_read")
case("ms-write-new", V, 1, MS_WRITE, "Write content to a file in the workspace filesystem. Creates parent directories if needed.",
     "mastra_workspace_write_file", {"path": "out/ms/a/b.txt", "content": "mastra\n"},
     {"files": [{"path": "out/ms/a/b.txt", "equals": "mastra\n"}]}, "fs_write")
case("ms-write-no-overwrite", V, 1, MS_WRITE, "overwrite: Whether to overwrite the file if it already exists (default true)",
     "mastra_workspace_write_file", {"path": "notes/todo.txt", "content": "x\n", "overwrite": False},
     {"error": True, "because": EXISTS, "files": [same("notes/todo.txt")]}, "fs_write")
case("ms-edit-ambiguous", V, 2, MS_EDIT, "If false (default), old_string must be unique.",
     "mastra_workspace_edit_file", {"path": "notes/todo.txt", "old_string": "foo", "new_string": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit")
case("ms-edit-all", V, 2, MS_EDIT, "replace_all: If true, replace all occurrences.",
     "mastra_workspace_edit_file", {"path": "notes/todo.txt", "old_string": "foo", "new_string": "FOO", "replace_all": True},
     {"files": [{"path": "notes/todo.txt", "equals": TODO.replace("foo", "FOO")}]}, "fs_edit")
case("ms-list-depth", V, 1, MS_LIST, "maxDepth: Maximum depth to descend (default: 3). Similar to tree -L flag.",
     "mastra_workspace_list_files", {"path": "./", "maxDepth": 1},
     {"contains": ["docs", "internal", "go.mod"], "not_contains": ["guide.md", "deep.txt", "handler.go"]}, "fs_list")
case("ms-list-pattern", V, 1, MS_LIST, "pattern: Glob pattern(s) to filter files ... Directories always pass through.",
     "mastra_workspace_list_files", {"path": "./web", "pattern": "**/*.tsx"},
     {"contains": ["List.tsx"], "not_contains": ["app.js", "Button.jsx", "utils.ts"]}, "fs_list")
case("ms-grep-ci", V, 1, MS_GREP, "Case-insensitive: { pattern: \"error\", caseSensitive: false }",
     "mastra_workspace_grep", {"pattern": "error", "caseSensitive": False, "path": "logs"},
     {"contains": ["connection refused", "disk full", "timeout reached"], "not_contains": ["server started"]}, "fs_search")
case("ms-grep-glob-path", V, 1, MS_GREP, "A glob pattern (e.g., \"**/*.ts\") filters which files to search. Filter by glob: { pattern, path: \"**/*.ts\" }",
     "mastra_workspace_grep", {"pattern": "TODO", "path": "**/*.py"},
     {"contains": ["app.py", "parse command line arguments"], "not_contains": ["handler.go", "app.js"]}, "fs_search")
case("ms-stat", V, 1, MS_STAT, "Returns existence, type, size, and modification time (Size: N bytes)",
     "mastra_workspace_file_stat", {"path": "notes/todo.txt"}, {"regex": [r"\b53\b"]}, "fs_stat")

# ------------------------------------------------------------ pi coding agent
V = "pi"
case("pi-read-offset", V, 1, PI + "read.ts", "offset: Line number to start reading from (1-indexed); limit: Maximum number of lines to read",
     "read", {"path": "data/long.txt", "offset": 1500, "limit": 2}, rows(1500, 1501), "fs_read")
case("pi-edit", V, 2, PI + "edit.ts", "Edit a file by replacing exact text. The oldText must match exactly", "edit",
     {"path": "config.yaml", "oldText": "debug: false", "newText": "debug: true"},
     {"files": [{"path": "config.yaml", "equals": CFG_DEBUG}]}, "fs_edit")
case("pi-edit-ambiguous", V, 2, PI + "edit.ts", "Found ${occurrences} occurrences of the text in ${path}. The text must be unique.",
     "edit", {"path": "notes/todo.txt", "oldText": "foo", "newText": "FOO"},
     {"error": True, "because": MULTI, "files": [same("notes/todo.txt")]}, "fs_edit")
case("pi-write", V, 1, PI + "write.ts", "Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
     "write", {"path": "out/pi/deep/new.txt", "content": "pi\n"},
     {"files": [{"path": "out/pi/deep/new.txt", "equals": "pi\n"}]}, "fs_write")
case("pi-ls-dotfiles", V, 1, PI + "ls.ts", "Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles.",
     "ls", {"path": "."}, {"contains": [".env", ".gitignore", "docs"]}, "fs_list")
case("pi-find", V, 1, PI + "find.ts", "pattern: Glob pattern to match files, e.g. '*.ts', '**/*.json'; Respects .gitignore.",
     "find", {"pattern": "**/*.js", "path": "."},
     {"contains": ["web/src/app.js", "web/src/index.js"], "not_contains": ["build/output.js"]}, "fs_find")
case("pi-grep", V, 1, PI + "grep.ts", "ignoreCase: Case-insensitive search (default: false); glob: Filter files by glob pattern",
     "grep", {"pattern": "todo", "ignoreCase": True, "glob": "*.py"},
     {"contains": ["app.py", "parse command line arguments"], "not_contains": ["handler.go"]}, "fs_search")
case("pi-grep-literal", V, 1, PI + "grep.ts", "literal: Treat pattern as literal string instead of regex (default: false)",
     "grep", {"pattern": "server.Run(addr)", "literal": True}, {"contains": ["main.go"]}, "fs_search")
case("pi-grep-context", V, 1, PI + "grep.ts", "context: Number of lines to show before and after each match (default: 0)",
     "grep", {"pattern": "^row 0900:", "path": "data", "context": 1},
     {"contains": [row(899), row(900), row(901)], "not_contains": [row(898), row(902)]}, "fs_search")


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
