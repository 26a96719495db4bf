#!/usr/bin/env python3
"""Validate the foreign-vocabulary tables in tables/*.json against the
f0-vocabulary/1 format (README.md) and against f0's own tools and fields.

    python3 check.py                 validate, print the summary; exit 1 on any error
    python3 check.py --quiet         errors only
    python3 check.py --json          the summary as JSON (for the lead's coverage test)
    python3 check.py --refresh F0    regenerate f0-tools.json (`F0 tools --json --access admin`)
                                     and f0-fields.json (`F0 describe TOOL --access admin`), then validate

Standard library only.
"""
import glob
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
FORMAT = "f0-vocabulary/1"
SOURCE_KINDS = {"schema", "implementation", "prompt", "docs", "report"}
EVIDENCE = {"schema", "prompt-mention", "inferred"}
TODAY = {"refuse", "approx", "drop"}
PSEUDO_TARGETS = {"batch", "shell", "call"}
PATH_IS = {"dir", "file", "missing"}

# The capabilities f0 lacks that rows may name in `needs` (README §7). A closed
# set, so that the summary groups rows exactly and the lead can file one issue
# per id.
CAPABILITIES = {
    "fs.read.globs": "fs.read paths that are globs or directories (expanded, with excludes and gitignore)",
    "fs.read.end_from_end": "a read window whose end is counted from the end of the file (end_line -3)",
    "fs.read.multi_window": "several line windows of one file in one fs.read",
    "fs.read.outline_summary": "a condensed summary of the lines outside the window",
    "fs.read.block": "the code block (function, class) around a line, by indentation or syntax",
    "fs.read.pdf": "text of PDF files",
    "fs.read.notebook": "Jupyter notebooks rendered as cells with outputs, one cell by id",
    "fs.read.audio": "audio files as content",
    "fs.list.exclude": "exclude globs on fs.list",
    "fs.list.gitignore": "a .gitignore switch on fs.list",
    "fs.find.exclude": "exclude globs on fs.find",
    "fs.find.sort_mtime": "fs.find results sorted by modification time",
    "fs.find.max_depth": "a depth limit on fs.find",
    "fs.find.fuzzy": "fuzzy path matching in fs.find",
    "ignore.geminiignore": ".geminiignore (and other agents' ignore files)",
    "fs.search.multiline": "multiline regex matching in fs.search; exists since session 5 (multiline), kept for tables that cite it",
    "fs.search.exclude_lines": "dropping matches that also match a second regex; exists since session 5 (excludePattern), kept for tables that cite it",
    "fs.search.per_file_cap": "a per-file match cap in fs.search; exists since session 5 (maxPerFile), kept for tables that cite it",
    "fs.edit.insert_at_line": "line-anchored insert in fs.edit (after or before line N)",
    "fs.edit.line_hint": "a line hint on an fs.edit edit, to choose among several occurrences",
    "fs.edit.line_range": "an fs.edit replacement restricted to a line range",
    "fs.edit.regex": "regex replacement in fs.edit",
    "fs.edit.ignore_case": "case-insensitive replacement in fs.edit",
    "fs.edit.undo": "undo of the last edit (edit history)",
    "fs.edit.sketch": "merging a lazy edit sketch or writing an edit from a description (needs a model; f0 will not)",
    "notebook.edit": "editing Jupyter notebook cells",
    "lint.after_edit": "running a linter on a file after writing or editing it",
    "net.prompt": "running a prompt or query over fetched pages (needs a model; f0 will not)",
    "net.char_paging": "net.curl paging by characters rather than bytes",
    "net.chunk_paging": "paging a fetched document by chunk number",
    "web.search": "web search",
    "code.semantic": "semantic code search, symbol index, definitions, outlines",
    "mcp.resources": "MCP resources",
    "roots.list": "a call that lists the roots by themselves",
    "shell.cwd": "a working directory for a routed shell command",
    "shell.background": "background jobs for a routed shell command",
    "shell.timeout": "a time limit for any routed shell command",
    "shell.env": "environment variables for a routed shell command",
}

# The closed set of transforms (README §6): required args, optional args, and
# the f0 fields a transform writes by itself (None: it writes `to`, which the
# rule must give; "-": it writes nothing on the route's tool itself).
TRANSFORMS = {
    "copy":                  {"req": [], "opt": [], "writes": None},
    "map":                   {"req": [], "opt": [], "writes": None},
    "plus_one":              {"req": [], "opt": [], "writes": None},
    "minus_one":             {"req": [], "opt": [], "writes": None},
    "not":                   {"req": [], "opt": [], "writes": None},
    "to_list":               {"req": [], "opt": [], "writes": None},
    "ext_globs":             {"req": [], "opt": [], "writes": None},
    "glob_alternatives":     {"req": [], "opt": [], "writes": None},
    "substring_glob":        {"req": [], "opt": [], "writes": None, "also": ["ignoreCase"]},
    "anywhere_glob":         {"req": [], "opt": [], "writes": None},
    "smart_case":            {"req": [], "opt": [], "writes": None, "also": ["ignoreCase"]},
    "rg_type_globs":         {"req": [], "opt": [], "writes": None},
    "line_window":           {"req": ["start", "end", "count", "base", "end_inclusive", "eof", "negative"], "opt": [], "writes": ["offset", "limit"]},
    "range_pair":            {"req": ["base", "end_inclusive", "eof"], "opt": [], "writes": ["offset", "limit"]},
    "range_text":            {"req": ["base", "end_inclusive"], "opt": [], "writes": ["offset", "limit"]},
    "path_range":            {"req": ["base", "end_inclusive"], "opt": [], "writes": ["path", "offset", "limit"]},
    "url_in_text":           {"req": [], "opt": [], "writes": ["url", "urls"]},
    "search_replace_blocks": {"req": ["line_hints"], "opt": ["empty_search"], "writes": None},
    "unified_diff":          {"req": [], "opt": [], "writes": None},
    "apply_patch":           {"req": [], "opt": [], "writes": "-"},
    "insert_at_line":        {"req": ["line", "text", "anchor", "base", "zero"], "opt": [], "writes": "-"},
    "line_span":             {"req": ["text"], "opt": [], "writes": ["startLine", "endLine", "newText"]},
    "fan_out":               {"req": ["items", "each"], "opt": ["group_by", "set", "share"], "writes": "-"},
    "unwrap_call":           {"req": ["server", "tool", "arguments"], "opt": [], "writes": "-"},
    "chars_as_bytes":        {"req": [], "opt": [], "writes": None},
    "unescape_newlines":     {"req": [], "opt": [], "writes": None},
    "newline":               {"req": ["anchor"], "opt": [], "writes": None},
    "strip_root_name":       {"req": [], "opt": [], "writes": None},
    "project_relative":      {"req": [], "opt": ["under"], "writes": None},
    "name_filter":           {"req": [], "opt": [], "writes": None},
    "shell_command":         {"req": [], "opt": [], "writes": "-"},
    "argv_command":          {"req": [], "opt": ["stdin"], "writes": "-"},
    "js_regex_text":         {"req": [], "opt": ["replacement"], "writes": ["oldText", "newText"]},
    "shell_cwd":             {"req": [], "opt": [], "writes": "-"},
    "shell_env":             {"req": [], "opt": [], "writes": "-"},
    "shell_timeout":         {"req": ["unit"], "opt": [], "writes": "-"},
    "conflict_blocks":       {"req": [], "opt": [], "writes": None},
    "patch_operation":       {"req": [], "opt": [], "writes": "-"},
    "join_name":             {"req": ["dir", "ext"], "opt": ["default_ext"], "writes": None},
    "end_with_newline":      {"req": [], "opt": [], "writes": None},
    "expand_tabs":           {"req": [], "opt": [], "writes": None},
}
# Transforms whose route target is fixed or special.
TRANSFORM_TARGETS = {"apply_patch": {"batch"}, "patch_operation": {"batch"}, "fan_out": {"batch"}, "unwrap_call": {"call"}, "shell_command": {"shell"}, "argv_command": {"shell"},
                     "shell_cwd": {"shell", "batch"}, "shell_env": {"shell", "batch"}, "shell_timeout": {"shell", "batch"}}
# Values an arg must take, by transform.
ARG_VALUES = {("shell_timeout", "unit"): {"ms", "s"}}
# Arguments of line_window / insert_at_line / unwrap_call that name fields of the call.
FIELD_ARGS = {"line_window": ["start", "end", "count"], "insert_at_line": ["line", "text"], "line_span": ["text"], "unwrap_call": ["server", "tool", "arguments"],
              "join_name": ["dir", "ext"], "argv_command": ["stdin"], "js_regex_text": ["replacement"]}

RULE_KEYS = {"to", "transform", "args", "values", "absent", "default", "consumed_by", "inert", "refuse", "needs", "needs_detail", "today",
             "approx", "items", "note", "source"}
ROUTE_KEYS = {"when", "to", "refuse", "needs", "needs_detail", "today", "set", "fields", "note", "source", "approx"}
TOOL_KEYS = {"names", "source", "evidence", "versions", "fields_published", "fields", "routes", "note", "f0_fields"}
TABLE_KEYS = {"$format", "agent", "title", "sources", "name_patterns", "tools", "not_mapped"}
F0_NAME = re.compile(r"\b(fs[._](read|list|find|search|stat|write|edit|mkdir|move|copy|delete)|net[._]curl|batch|tools[._](search|describe))\b")


# ---------------------------------------------------------------- f0's fields

def canonical(listed_name):
    """fs_read → fs.read, tools_describe → tools.describe, batch → batch."""
    return listed_name.replace("_", ".", 1) if "_" in listed_name else listed_name


def parse_describe(text):
    """Fields of one tool from `f0 describe TOOL`: name, type, synonyms, nested fields."""
    fields, nested = {}, {}
    in_args = False
    for line in text.splitlines():
        if line.startswith("Arguments:"):
            in_args = True
            continue
        if in_args:
            if not line.startswith("  "):
                if line.strip() == "":
                    continue
                break
            m = re.match(r"^  (\w+) \((.*?)\)(?::|$| \()", line)
            if not m:
                m = re.match(r"^  (\w+) \(([^)]*)\)", line)
            if not m:
                continue
            name, typ = m.group(1), re.sub(r", required$", "", m.group(2))
            syn = []
            sm = re.search(r"\(also accepted as ([^)]*)\)", line)
            if sm:
                syn = [s.strip() for s in sm.group(1).split(",")]
            fields[name] = {"type": typ, "synonyms": syn}
            inner = re.match(r"^\{(.*)\}\[\]$", typ)
            if inner:
                nested[name] = re.findall(r"(\w+)\??:", inner.group(1))
    return fields, nested


def refresh(f0):
    out = subprocess.run([f0, "tools", "--json", "--access", "admin"], capture_output=True, text=True, check=True).stdout
    listing = json.loads(out)
    with open(os.path.join(HERE, "f0-tools.json"), "w") as f:
        f.write(out)
    tools = {}
    for t in listing["tools"]:
        name = canonical(t["name"])
        d = subprocess.run([f0, "describe", name, "--access", "admin"], capture_output=True, text=True).stdout
        fields, nested = parse_describe(d)
        listed = sorted((t.get("inputSchema") or {}).get("properties", {}).keys())
        read_only = bool((t.get("annotations") or {}).get("readOnlyHint"))
        tools[name] = {"listed": listed, "fields": fields, "nested": nested, "read_only": read_only}
    doc = {"generated_by": "check.py --refresh (f0 tools --json --access admin; f0 describe TOOL --access admin)", "tools": tools}
    with open(os.path.join(HERE, "f0-fields.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")


def load_f0():
    with open(os.path.join(HERE, "f0-tools.json")) as f:
        listing = json.load(f)
    listed = {canonical(t["name"]): set((t.get("inputSchema") or {}).get("properties", {}).keys()) for t in listing["tools"]}
    path = os.path.join(HERE, "f0-fields.json")
    if os.path.exists(path):
        with open(path) as f:
            full = json.load(f)["tools"]
    else:
        full = {n: {"listed": sorted(v), "fields": {k: {} for k in v}, "nested": {}} for n, v in listed.items()}
    tools = {}
    for name in listed:
        fields = set(listed[name]) | set(full.get(name, {}).get("fields", {}).keys())
        nested = {k: set(v) for k, v in full.get(name, {}).get("nested", {}).items()}
        tools[name] = {"fields": fields, "listed": listed[name], "nested": nested}
    return tools


# ---------------------------------------------------------------- validation

class Checker:
    def __init__(self, f0):
        self.f0 = f0
        self.errors = []
        self.warnings = []
        self.stats = defaultdict(int)
        self.status = defaultdict(int)
        self.needs = defaultdict(list)
        self.per_agent = {}
        self.unlisted = set()

    def err(self, where, msg):
        self.errors.append(f"{where}: {msg}")

    def warn(self, where, msg):
        self.warnings.append(f"{where}: {msg}")

    # -- sources
    def check_sources(self, where, table):
        sources = table.get("sources")
        if not isinstance(sources, dict) or not sources:
            self.err(where, "sources must be a non-empty object")
            return {}
        for sid, s in sources.items():
            w = f"{where} source {sid}"
            if not isinstance(s, dict):
                self.err(w, "must be an object")
                continue
            has_repo = "repo" in s and "path" in s
            if not (has_repo or s.get("url") or s.get("index_id")):
                self.err(w, "needs repo+path, url, or index_id")
            # "f0" is this repository: rows carried over from f0's own history.
            if has_repo and s["repo"] != "f0" and not re.match(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", s["repo"] or ""):
                self.err(w, f"repo {s.get('repo')!r} is not owner/name")
            c = s.get("commit")
            if c is not None and not re.match(r"^[0-9a-f]{40}$", c):
                self.err(w, f"commit {c!r} is not 40 hex digits")
            if s.get("kind") not in SOURCE_KINDS:
                self.err(w, f"kind {s.get('kind')!r} not in {sorted(SOURCE_KINDS)}")
            for k in s:
                if k not in {"repo", "path", "commit", "url", "index_id", "kind", "note"}:
                    self.err(w, f"unknown key {k!r}")
        return sources

    def ref(self, where, sources, value, used):
        ids = value if isinstance(value, list) else [value]
        ok = True
        for sid in ids:
            if sid not in sources:
                self.err(where, f"source {sid!r} is not in the table's sources")
                ok = False
            else:
                used.add(sid)
        return ok

    # -- rules
    def rule_kind(self, where, rule):
        kinds = []
        if "refuse" in rule:
            kinds.append("refuse")
        if "inert" in rule:
            kinds.append("inert")
        if "consumed_by" in rule:
            kinds.append("consumed")
        if "to" in rule or "transform" in rule or "values" in rule or "items" in rule:
            kinds.append("mapping")
        if not kinds and "needs" in rule:
            kinds.append("needs")
        if len(kinds) != 1:
            self.err(where, f"a field rule must be exactly one of mapping / values / consumed_by / inert / refuse / needs (got {kinds or 'none'})")
            return None
        return kinds[0]

    def f0_field(self, where, tool, field, nested_of=None):
        if tool is None:
            return
        t = self.f0.get(tool)
        if t is None:
            return
        if nested_of:
            if field not in t["nested"].get(nested_of, set()):
                self.err(where, f"{field!r} is not a field of {tool}'s {nested_of} items ({sorted(t['nested'].get(nested_of, set()))})")
            return
        if field not in t["fields"]:
            self.err(where, f"{field!r} is not a field of {tool} ({sorted(t['fields'])})")
        elif field not in t["listed"]:
            self.unlisted.add(f"{tool}.{field}")

    def check_fieldset(self, where, tool, fields, nested_of=None):
        if not isinstance(fields, dict):
            self.err(where, "must be an object of f0 fields")
            return
        for k in fields:
            if k.startswith("$"):
                continue
            self.f0_field(where, tool, k, nested_of)

    def check_rule(self, where, rule, tool, route_fields, sources, used, agent, inherited_source, item_tool=None, nested_of=None, route_refuses=False):
        """Validate one field rule; returns its status."""
        if not isinstance(rule, dict):
            self.err(where, "a field rule must be an object")
            return None
        for k in rule:
            if k not in RULE_KEYS:
                self.err(where, f"unknown rule key {k!r}")
        kind = self.rule_kind(where, rule)
        if kind is None:
            return None
        if "source" in rule:
            self.ref(where, sources, rule["source"], used)
        elif not inherited_source:
            self.err(where, "no source (own, route's or tool's)")
        target_tool = item_tool if item_tool is not None else tool
        status = None
        if kind == "mapping":
            tr = rule.get("transform")
            if tr is not None:
                spec = TRANSFORMS.get(tr)
                if spec is None:
                    self.err(where, f"transform {tr!r} is not one of {sorted(TRANSFORMS)}")
                else:
                    args = rule.get("args", {})
                    for a in spec["req"]:
                        if a not in args:
                            self.err(where, f"transform {tr} needs arg {a!r}")
                    for a in args:
                        if a not in spec["req"] + spec["opt"]:
                            self.err(where, f"transform {tr} has no arg {a!r}")
                        elif (tr, a) in ARG_VALUES and args[a] not in ARG_VALUES[(tr, a)]:
                            self.err(where, f"transform {tr} arg {a} is {args[a]!r}, not one of {sorted(ARG_VALUES[(tr, a)])}")
                    for a in FIELD_ARGS.get(tr, []):
                        v = args.get(a)
                        if v is not None and route_fields is not None and v not in route_fields:
                            self.err(where, f"arg {a} names {v!r}, which has no rule in this route")
                    if spec["writes"] is None:
                        if "to" not in rule and not route_refuses:
                            self.err(where, f"transform {tr} writes the rule's `to`, which is missing")
                    elif isinstance(spec["writes"], list):
                        if "to" in rule:
                            self.err(where, f"transform {tr} writes {spec['writes']}; drop `to`")
                        if not route_refuses:
                            for f in spec["writes"]:
                                if target_tool in self.f0 and f not in self.f0[target_tool]["fields"]:
                                    self.err(where, f"transform {tr} writes {f!r}, which {target_tool} lacks")
                    for f in spec.get("also", []):
                        self.f0_field(where, target_tool, f)
                    need = TRANSFORM_TARGETS.get(tr)
                    if need and tool not in need and not route_refuses and item_tool is None:
                        self.err(where, f"transform {tr} belongs on a route to {sorted(need)}, not {tool}")
                    if tr == "fan_out":
                        each = args.get("each")
                        if each not in self.f0 and each not in PSEUDO_TARGETS and each != "$self":
                            self.err(where, f"fan_out each {each!r} is not an f0 tool, pseudo target or $self")
                        if "set" in args:
                            self.check_fieldset(where + " fan_out.set", each if each in self.f0 else None, args["set"])
                        for src, dst in (args.get("share") or {}).items():
                            if route_fields is not None and (route_fields.get(src) or {}).get("consumed_by") is None:
                                self.err(where, f"fan_out share {src!r}: the route must give that field a consumed_by rule")
                            if each in self.f0:
                                self.f0_field(where + " fan_out.share", each, dst)
                        if "items" in rule:
                            it = each if each in self.f0 else None
                            for sub, subrule in rule["items"].items():
                                self.count_rule(self.check_rule(f"{where}.items.{sub}", subrule, it, rule["items"], sources, used, agent,
                                                                True, item_tool=it or "$none", nested_of=None), agent, f"{where}.items.{sub}", subrule)
            if "to" in rule and not route_refuses:
                if target_tool == "$none":
                    pass
                elif tool in PSEUDO_TARGETS and item_tool is None:
                    if not (tool == "batch" and rule["to"] == "calls"):
                        self.err(where, f"`to` {rule['to']!r} on a {tool} route (use a transform that produces the calls)")
                else:
                    self.f0_field(where, target_tool, rule["to"], nested_of)
            if "values" in rule:
                vals = rule["values"]
                if not isinstance(vals, dict) or not vals:
                    self.err(where, "values must be a non-empty object")
                else:
                    for v, fs in vals.items():
                        if not isinstance(fs, dict):
                            self.err(where, f"values[{v!r}] must be an object")
                            continue
                        if "$refuse" in fs:
                            if not F0_NAME.search(fs["$refuse"]):
                                self.err(where, f"values[{v!r}].$refuse must name the closest f0 call")
                            self.status["refused"] += 1
                            continue
                        if not route_refuses:
                            self.check_fieldset(f"{where} values[{v!r}]", target_tool if target_tool != "$none" else None, fs, nested_of)
            if "items" in rule and rule.get("transform") != "fan_out":
                # Without a `to`, the field is one object whose fields are
                # mapped into the call itself (README §4 `items`).
                nested = rule.get("to")
                t = self.f0.get(target_tool)
                if tool == "batch" and nested == "calls":
                    t = self.f0.get("batch")
                    target_tool = "batch"
                if t is not None and nested is not None and nested not in t["nested"]:
                    self.err(where, f"items on {nested!r}, which is not a list of objects in {target_tool}")
                for sub, subrule in rule["items"].items():
                    st = self.check_rule(f"{where}.items.{sub}", subrule, target_tool, rule["items"], sources, used, agent, True,
                                         item_tool=target_tool, nested_of=nested)
                    self.count_rule(st, agent, f"{where}.items.{sub}", subrule)
            if "needs" in rule:
                if rule.get("today") not in TODAY:
                    self.err(where, f"needs without today in {sorted(TODAY)}")
                elif rule["today"] == "refuse" and not ("values" in rule and any("$refuse" in x for x in rule["values"].values() if isinstance(x, dict))):
                    self.err(where, "a mapping with needs/today:refuse must refuse through a $refuse value")
                status = "approx" if rule.get("today") == "approx" else "mapped"
            elif "approx" in rule:
                status = "approx"
            else:
                status = "mapped"
        elif kind == "consumed":
            other = rule["consumed_by"]
            if route_fields is None or other not in route_fields:
                self.err(where, f"consumed_by {other!r}: no such rule in this route")
            else:
                o = route_fields[other]
                args = (o.get("args") or {}) if isinstance(o, dict) else {}
                me = where.rsplit(".", 1)[-1].split(" ")[-1]
                named = [str(v) for v in args.values()] + [str(k) for v in args.values() if isinstance(v, dict) for k in v]
                if me not in named:
                    self.err(where, f"consumed_by {other!r}, but that rule's transform args do not name this field")
            status = "mapped"
        elif kind == "inert":
            if not isinstance(rule["inert"], str) or not rule["inert"].strip():
                self.err(where, "inert needs a one-sentence explanation")
            status = "inert"
        elif kind == "refuse":
            if not F0_NAME.search(rule["refuse"]):
                self.err(where, "a refuse text must name the closest f0 call (fs_read, net_curl, …)")
            status = "refused"
        elif kind == "needs":
            if rule.get("today") not in ("drop", "refuse"):
                self.err(where, "a needs rule without a mapping takes today: drop or refuse")
            if rule.get("today") == "refuse" and "refuse" not in rule:
                self.err(where, "today: refuse needs a refuse text")
            if rule.get("today") == "drop" and not rule.get("note"):
                self.warn(where, "a dropped field should say in `note` what the answer lacks")
            status = "dropped" if rule.get("today") == "drop" else "refused"
        if "absent" in rule and not route_refuses:
            self.check_fieldset(where + " absent", target_tool if target_tool != "$none" else None, rule["absent"])
        if rule.get("needs"):
            if rule["needs"] not in CAPABILITIES:
                self.err(where, f"needs {rule['needs']!r} is not a capability id of check.py's CAPABILITIES")
            self.needs[rule["needs"]].append(where)
        return status

    def count_rule(self, status, agent, where, rule):
        if status:
            self.status[status] += 1
            self.per_agent[agent]["fields"] += 1

    # -- condition
    def check_when(self, where, when):
        if not isinstance(when, dict):
            self.err(where, "when must be an object")
            return set()
        keys = set()
        for k, v in when.items():
            if k == "$path_is":
                if v not in PATH_IS:
                    self.err(where, f"$path_is {v!r} not in {sorted(PATH_IS)}")
            elif k == "$path_ext":
                if not isinstance(v, list):
                    self.err(where, "$path_ext must be a list of extensions")
            elif k == "$path_field":
                if not isinstance(v, str):
                    self.err(where, "$path_field must name a field")
            elif k.startswith("$"):
                self.err(where, f"unknown condition {k!r}")
            else:
                keys.add(k)
                if isinstance(v, dict):
                    bad = set(v) - {"present", "absent", "empty", "prefix", "suffix"}
                    if bad or len(v) != 1:
                        self.err(where, f"condition on {k!r} must be one of present/absent/empty/prefix/suffix")
                elif not isinstance(v, (str, list)):
                    self.err(where, f"condition on {k!r} must be text, a list, or an object")
        return keys

    # -- table
    def check_table(self, path):
        name = os.path.splitext(os.path.basename(path))[0]
        where = name
        try:
            with open(path) as f:
                table = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            self.err(where, f"cannot read: {e}")
            return
        for k in table:
            if k not in TABLE_KEYS:
                self.err(where, f"unknown table key {k!r}")
        if table.get("$format") != FORMAT:
            self.err(where, f"$format must be {FORMAT!r}")
        agent = table.get("agent")
        if agent != name:
            self.err(where, f"agent {agent!r} must equal the file name {name!r}")
        self.per_agent[name] = defaultdict(int)
        sources = self.check_sources(where, table)
        used = set()
        for i, p in enumerate(table.get("name_patterns", [])):
            w = f"{where} name_patterns[{i}]"
            try:
                rx = re.compile(p["regex"])
                if "tool" not in rx.groupindex:
                    self.err(w, "regex needs a (?P<tool>…) group")
                if p.get("example") and not rx.match(p["example"]):
                    self.err(w, f"example {p['example']!r} does not match")
            except (re.error, KeyError, TypeError) as e:
                self.err(w, f"bad regex: {e}")
            if "source" in p:
                self.ref(w, sources, p["source"], used)
            else:
                self.err(w, "no source")
        tools = table.get("tools")
        if not isinstance(tools, list) or not tools:
            self.err(where, "tools must be a non-empty list")
            tools = []
        for ti, tool in enumerate(tools):
            self.check_tool(f"{where} {'/'.join(tool.get('names', ['?']))}", tool, sources, used, name)
        for i, nm in enumerate(table.get("not_mapped", [])):
            w = f"{where} not_mapped[{i}]"
            if not nm.get("names") or not nm.get("why"):
                self.err(w, "needs names and why")
            if "source" in nm:
                self.ref(w, sources, nm["source"], used)
            else:
                self.err(w, "no source")
            self.stats["not_mapped_names"] += len(nm.get("names", []))
        for sid in sources:
            if sid not in used:
                self.warn(where, f"source {sid!r} is never used")

    def check_tool(self, where, tool, sources, used, agent):
        for k in tool:
            if k not in TOOL_KEYS:
                self.err(where, f"unknown tool key {k!r}")
        names = tool.get("names")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
            self.err(where, "names must be a non-empty list of strings")
            names = []
        has_source = "source" in tool and self.ref(where, sources, tool["source"], used)
        if "source" not in tool:
            self.err(where, "no source")
        if tool.get("evidence") not in EVIDENCE:
            self.err(where, f"evidence {tool.get('evidence')!r} not in {sorted(EVIDENCE)}")
        published = tool.get("fields_published")
        if not isinstance(published, list):
            self.err(where, "fields_published must be a list (empty when the tool takes nothing)")
            published = []
        shared = tool.get("fields", {})
        routes = tool.get("routes")
        if not isinstance(routes, list) or not routes:
            self.err(where, "routes must be a non-empty list")
            routes = []
        self.stats["tools"] += 1
        self.stats["names"] += len(names)
        self.per_agent[agent]["tools"] += 1
        self.per_agent[agent]["names"] += len(names)
        self.per_agent[agent]["published_fields"] += len(published)
        self.stats["published_fields"] += len(published)
        for ri, route in enumerate(routes):
            self.check_route(f"{where} route[{ri}]", route, published, shared, sources, used, agent, has_source)

    def check_route(self, where, route, published, shared, sources, used, agent, tool_has_source):
        for k in route:
            if k not in ROUTE_KEYS:
                self.err(where, f"unknown route key {k!r}")
        self.stats["routes"] += 1
        refuses = "refuse" in route
        if refuses == ("to" in route):
            self.err(where, "a route has exactly one of to / refuse")
        to = route.get("to")
        if to is not None and to not in self.f0 and to not in PSEUDO_TARGETS:
            self.err(where, f"to {to!r} is not an f0 tool ({sorted(self.f0)}) or a pseudo target {sorted(PSEUDO_TARGETS)}")
        if refuses:
            if not F0_NAME.search(route["refuse"]):
                self.err(where, "a refuse text must name the closest f0 call")
            self.status["refused_routes"] += 1
        if "needs" in route:
            if route.get("today") not in TODAY:
                self.err(where, f"needs without today in {sorted(TODAY)}")
            if refuses and route.get("today") != "refuse":
                self.err(where, "a refusing route's today is refuse")
            if route["needs"] not in CAPABILITIES:
                self.err(where, f"needs {route['needs']!r} is not a capability id of check.py's CAPABILITIES")
            self.needs[route["needs"]].append(where)
        elif "today" in route:
            self.err(where, "today without needs")
        src_ok = tool_has_source
        if "source" in route:
            src_ok = self.ref(where, sources, route["source"], used) or src_ok
        when_keys = self.check_when(where, route["when"]) if "when" in route else set()
        fields = dict(shared)
        fields.update(route.get("fields", {}))
        target = to if to in self.f0 else (to if to in PSEUDO_TARGETS else None)
        if "set" in route and target in self.f0:
            self.check_fieldset(where + " set", target, route["set"])
        for fname, rule in fields.items():
            w = f"{where} {fname}"
            st = self.check_rule(w, rule, target, fields, sources, used, agent, src_ok, route_refuses=refuses)
            if not refuses:
                self.count_rule(st, agent, w, rule)
            if fname not in published and not fname.startswith("$"):
                self.warn(w, "has a rule but is not in fields_published")
        if not refuses:
            for fname in published:
                if fname not in fields and fname not in when_keys:
                    self.err(where, f"published field {fname!r} has no rule on this route")
            if route.get("needs") and route.get("today") == "approx":
                self.status["approx_routes"] += 1
        else:
            # A refusing route answers every field it is given.
            self.per_agent[agent]["refused_routes"] += 1

    def collisions(self, files):
        """Foreign names claimed by several tables (or equal to an f0 name), with the
        published fields that tell the readings apart."""
        def norm(n):
            n = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", n)
            return re.sub(r"[-_. ]+", "_", n).strip("_").lower()
        own = {norm(n.replace(".", "_")): n for n in self.f0}
        claims = defaultdict(list)
        for p in files:
            try:
                with open(p) as f:
                    t = json.load(f)
            except (OSError, json.JSONDecodeError):
                continue
            for tool in t.get("tools", []):
                for n in tool.get("names", []):
                    claims[norm(n)].append((t.get("agent"), n, tuple(tool.get("fields_published", []))))
        out = {}
        for k, v in sorted(claims.items()):
            agents = {a for a, _, _ in v}
            if len(agents) > 1 or k in own:
                out[k] = {"f0_own_name": own.get(k), "claims": [{"agent": a, "name": n, "fields": list(fs)} for a, n, fs in v]}
        return out

    def run(self):
        files = sorted(p for p in glob.glob(os.path.join(HERE, "tables", "*.json")) if not os.path.basename(p).startswith("_"))
        if not files:
            self.err("tables", "no tables found")
        for p in files:
            self.check_table(p)
        rg = os.path.join(HERE, "tables", "_rg-types.json")
        try:
            with open(rg) as f:
                types = json.load(f)["types"]
            if not all(isinstance(v, list) and v for v in types.values()):
                self.err("_rg-types", "every type needs a non-empty glob list")
        except (OSError, KeyError, json.JSONDecodeError) as e:
            self.err("_rg-types", f"cannot read: {e}")
        return files


def main(argv):
    quiet = "--quiet" in argv
    as_json = "--json" in argv
    if "--refresh" in argv:
        i = argv.index("--refresh")
        if i + 1 >= len(argv):
            print("usage: check.py --refresh PATH_TO_F0", file=sys.stderr)
            return 2
        refresh(argv[i + 1])
    f0 = load_f0()
    c = Checker(f0)
    files = c.run()
    fields_total = sum(c.status[k] for k in ("mapped", "approx", "dropped", "refused", "inert"))
    summary = {
        "tables": len(files),
        "tools": c.stats["tools"],
        "tool_names": c.stats["names"],
        "routes": c.stats["routes"],
        "refusing_routes": c.status["refused_routes"],
        "published_fields": c.stats["published_fields"],
        "field_rules": fields_total,
        "by_status": {k: c.status[k] for k in ("mapped", "approx", "dropped", "refused", "inert")},
        "not_mapped_names": c.stats["not_mapped_names"],
        "per_agent": {a: dict(v) for a, v in sorted(c.per_agent.items())},
        "needs": {k: len(v) for k, v in sorted(c.needs.items(), key=lambda kv: (-len(kv[1]), kv[0]))},
        "unlisted_f0_fields_used": sorted(c.unlisted),
        "name_collisions": c.collisions(files),
        "errors": len(c.errors),
        "warnings": len(c.warnings),
    }
    if as_json:
        json.dump(summary, sys.stdout, indent=1)
        print()
    for e in c.errors:
        print("ERROR", e, file=sys.stderr)
    if not quiet and not as_json:
        for w in c.warnings:
            print("warn ", w)
        print()
        print(f"{summary['tables']} tables, {summary['tools']} tools ({summary['tool_names']} names), "
              f"{summary['routes']} routes ({summary['refusing_routes']} refusing), "
              f"{summary['published_fields']} published fields, {summary['field_rules']} field rules "
              f"(on the routes that run a call; a field counts once per route)")
        print("by status:", ", ".join(f"{k} {v}" for k, v in summary["by_status"].items()))
        print(f"not mapped (agent-internal tools listed): {summary['not_mapped_names']} names")
        print()
        print(f"{'agent':24} tools names fields-published field-rules refusing-routes")
        for a, v in summary["per_agent"].items():
            print(f"{a:24} {v.get('tools',0):5} {v.get('names',0):5} {v.get('published_fields',0):16} {v.get('fields',0):11} {v.get('refused_routes',0):15}")
        print()
        print("capabilities f0 lacks (needs), by rows:")
        for k, n in summary["needs"].items():
            print(f"  {n:3}  {k:24} {CAPABILITIES.get(k, '?')}")
            if "--rows" in argv:
                for w in c.needs[k]:
                    print(f"         {w}")
        print()
        print("names claimed by several tables (the engine tells them apart by their fields):")
        for k, v in summary["name_collisions"].items():
            own = f"  [f0's own {v['f0_own_name']}]" if v["f0_own_name"] else ""
            print(f"  {k}{own}: " + "; ".join(f"{x['agent']}({', '.join(x['fields'][:6])}{'…' if len(x['fields']) > 6 else ''})" for x in v["claims"]))
        if summary["unlisted_f0_fields_used"]:
            print()
            print("f0 fields used that are accepted but not listed:", ", ".join(summary["unlisted_f0_fields_used"]))
        print()
        print(f"{len(c.errors)} errors, {len(c.warnings)} warnings")
    return 1 if c.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
