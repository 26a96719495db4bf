#!/usr/bin/env python3
"""Blind cross-vocabulary test harness for f0 (stdlib only), shared by the held-out sets.

usage: python3 testdata/heldout/run.py SET /path/to/f0 [--only ID,ID|PREFIX*]
                                  [--jobs N] [--out DIR] [--verbose]

SET is a set's folder (set-1, set-2): its cases.jsonl is run, and the results are
written beside it.

For every case in cases.jsonl: build a fresh fixture directory (fixture.py plus
the case's setup files), start `<f0> serve --root <fixture>` over stdio, speak
MCP (initialize as clientInfo "claude-code" unless the case says otherwise,
notifications/initialized, one tools/call) and classify the answer:

  DONE               no isError and the expectation met (or, for a case whose
                     correct outcome is an error, isError for that reason ("because")
                     and the state checks met)
  REFUSED-HELPFULLY  isError, and the text names the offending field or the right
                     f0 tool AND shows an example call
  FALSE-OK           no isError but the expectation not met (the worst)
  UNHELPFUL          isError without naming the fix / without an example

URL cases talk to a local http.server on 127.0.0.1 only; {BASE} in arguments
is replaced by its per-case address, {ROOT} by the fixture directory, {PORT}
by the port. f0 is also started with --net-allow loopback as a safety net.
"""

import argparse
import concurrent.futures
import http.server
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fixture  # noqa: E402

CALL_TIMEOUT = 45.0

# ---------------------------------------------------------------- HTTP server

REQUESTS = {}          # case id -> list of recorded requests
REQ_LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def _route(self):
        parts = urllib.parse.urlsplit(self.path)
        m = re.match(r"^/c/([^/]+)(/.*)?$", parts.path)
        if not m:
            return None, parts.path, parts.query
        return m.group(1), m.group(2) or "/", parts.query

    def _body(self):
        n = int(self.headers.get("Content-Length") or 0)
        if n:
            return self.rfile.read(n)
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                data += self.rfile.read(size)
                self.rfile.readline()
            return data
        return b""

    def _send(self, code, body, ctype="text/plain; charset=utf-8", extra=None, head=False):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _handle(self):
        cid, path, query = self._route()
        body = self._body()
        rec = {"method": self.command, "path": path, "query": query,
               "headers": {k: v for k, v in self.headers.items()},
               "body": body.decode("utf-8", "replace")}
        with REQ_LOCK:
            REQUESTS.setdefault(cid or "-", []).append(rec)
        head = self.command == "HEAD"
        qs = urllib.parse.parse_qs(query)
        if path == "/page.html":
            return self._send(200, fixture.PAGE_HTML, "text/html; charset=utf-8", head=head)
        if path == "/data.json":
            return self._send(200, fixture.DATA_JSON, "application/json", head=head)
        if path == "/long.txt":
            return self._send(200, fixture.LONG_BODY, "text/plain; charset=utf-8", head=head)
        if path == "/logo.png":
            return self._send(200, fixture.PNG, "image/png", head=head)
        if path == "/post":
            with REQ_LOCK:
                n = sum(1 for r in REQUESTS.get(cid or "-", []) if r["method"] == "POST" and r["path"] == "/post")
            return self._send(200, json.dumps({"received": rec["body"], "method": self.command, "posts": n}),
                              "application/json", head=head)
        if path == "/echo":
            return self._send(200, json.dumps(rec, indent=1), "application/json", head=head)
        if path == "/slow":
            time.sleep(float(qs.get("s", ["2"])[0]))
            return self._send(200, "slow done\n", head=head)
        if path == "/redirect":
            return self._send(302, "", extra={"Location": "/c/%s/page.html" % cid}, head=head)
        if path.startswith("/status/"):
            code = int(path.rsplit("/", 1)[1])
            return self._send(code, "status %d body\n" % code, head=head)
        return self._send(404, "not found\n", head=head)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _handle


def start_http():
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


# ---------------------------------------------------------------- fixture

def build_fixture(case):
    d = tempfile.mkdtemp(prefix="heldout-")
    root = os.path.join(d, "project")
    os.makedirs(root)
    for rel, content in fixture.FILES.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(content if isinstance(content, bytes) else content.encode())
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", root], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for rel, content in (case.get("setup") or {}).items():
        p = os.path.join(root, rel)
        if content is None:
            if os.path.exists(p):
                os.remove(p)
            continue
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(content)
    return d, root


def subst(v, root, base, port):
    if isinstance(v, str):
        return v.replace("{ROOT}", root).replace("{BASE}", base).replace("{PORT}", str(port))
    if isinstance(v, list):
        return [subst(x, root, base, port) for x in v]
    if isinstance(v, dict):
        return {k: subst(x, root, base, port) for k, x in v.items()}
    return v


# ---------------------------------------------------------------- MCP client

class Server:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.q = queue.Queue()
        self.err = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line)
        self.q.put(None)

    def _read_err(self):
        for line in self.p.stderr:
            if len(self.err) < 200:
                self.err.append(line.decode("utf-8", "replace"))

    def send(self, msg):
        self.p.stdin.write((json.dumps(msg) + "\n").encode())
        self.p.stdin.flush()

    def wait_for(self, rid, timeout):
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError("no answer to id %s in %.0fs" % (rid, timeout))
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EOFError("server closed stdout; stderr: " + "".join(self.err[-5:]))
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "method" in msg and "id" in msg:  # a request from the server
                if msg["method"] == "roots/list":
                    self.send({"jsonrpc": "2.0", "id": msg["id"], "result": {"roots": []}})
                elif msg["method"] == "ping":
                    self.send({"jsonrpc": "2.0", "id": msg["id"], "result": {}})
                else:
                    self.send({"jsonrpc": "2.0", "id": msg["id"],
                               "error": {"code": -32601, "message": "not supported"}})
                continue
            if msg.get("id") == rid:
                return msg

    def close(self):
        try:
            self.p.stdin.close()
        except Exception:
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


def call(binary, root, case, tool, args):
    argv = [binary, "serve", "--root", root, "--net-allow", "loopback"] + case.get("server_args", [])
    s = Server(argv)
    try:
        s.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": case.get("client", "claude-code"), "version": "2.1.0"}}})
        init = s.wait_for(1, 20)
        if "error" in init:
            return {"rpc_error": init["error"]}
        s.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        s.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": tool, "arguments": args}})
        return s.wait_for(2, CALL_TIMEOUT)
    finally:
        s.close()


def result_text(msg):
    """(is_error, text) from a tools/call response."""
    if "rpc_error" in msg:
        e = msg["rpc_error"]
        return True, "JSON-RPC error %s: %s %s" % (e.get("code"), e.get("message"), json.dumps(e.get("data", "")))
    if "error" in msg:
        e = msg["error"]
        return True, "JSON-RPC error %s: %s %s" % (e.get("code"), e.get("message"), json.dumps(e.get("data", "")))
    res = msg.get("result") or {}
    parts = []
    for c in res.get("content") or []:
        if c.get("type") == "text":
            parts.append(c.get("text", ""))
        elif c.get("type") == "resource":
            r = c.get("resource") or {}
            parts.append(r.get("text") or "[resource %s]" % r.get("uri"))
        else:
            parts.append("[%s %s]" % (c.get("type"), c.get("mimeType", "")))
    if res.get("structuredContent") and not parts:
        parts.append(json.dumps(res["structuredContent"]))
    return bool(res.get("isError")), "\n".join(parts)


# ---------------------------------------------------------------- checks

def check_text(exp, text, why):
    ok = True
    for s in exp.get("contains", []):
        if s not in text:
            why.append("missing %r" % s)
            ok = False
    for s in exp.get("not_contains", []):
        if s in text:
            why.append("unwanted %r" % s)
            ok = False
    for r in exp.get("regex", []):
        if not re.search(r, text, re.S | re.M):
            why.append("no match /%s/" % r)
            ok = False
    for r in exp.get("not_regex", []):
        if re.search(r, text, re.S | re.M):
            why.append("unwanted match /%s/" % r)
            ok = False
    return ok


def check_state(exp, root, cid, why):
    ok = True
    for f in exp.get("files", []):
        p = os.path.join(root, f["path"])
        exists = os.path.exists(p)
        if "exists" in f and exists != f["exists"]:
            why.append("%s exists=%s, want %s" % (f["path"], exists, f["exists"]))
            ok = False
            continue
        if f.get("is_dir") and not os.path.isdir(p):
            why.append("%s is not a directory" % f["path"])
            ok = False
            continue
        need_content = any(k in f for k in ("equals", "contains", "not_contains", "same_as_fixture", "size", "regex"))
        if not need_content:
            continue
        if not os.path.isfile(p):
            why.append("%s missing" % f["path"])
            ok = False
            continue
        data = open(p, "rb").read()
        if "size" in f and len(data) != f["size"]:
            why.append("%s is %d bytes, want %d" % (f["path"], len(data), f["size"]))
            ok = False
        txt = data.decode("utf-8", "replace")
        if "equals" in f and txt != f["equals"]:
            why.append("%s = %r, want %r" % (f["path"], txt[:160], f["equals"][:160]))
            ok = False
        if f.get("same_as_fixture"):
            orig = fixture.FILES[f.get("fixture", f["path"])]
            orig = orig.decode() if isinstance(orig, bytes) else orig
            if txt != orig:
                why.append("%s changed: %r" % (f["path"], txt[:160]))
                ok = False
        for s in f.get("contains", []):
            if s not in txt:
                why.append("%s lacks %r" % (f["path"], s))
                ok = False
        for s in f.get("not_contains", []):
            if s in txt:
                why.append("%s still has %r" % (f["path"], s))
                ok = False
        for r in f.get("regex", []):
            if not re.search(r, txt, re.S | re.M):
                why.append("%s does not match /%s/" % (f["path"], r))
                ok = False
    with REQ_LOCK:
        reqs = list(REQUESTS.get(cid, []))
    if "posts" in exp:
        n = sum(1 for r in reqs if r["method"] == "POST" and r["path"] == "/post")
        if n != exp["posts"]:
            why.append("server saw %d POSTs to /post, want %d" % (n, exp["posts"]))
            ok = False
    if "request" in exp:
        want = exp["request"]
        cands = [r for r in reqs if r["path"] == want.get("path", r["path"])]

        def matches(r):
            if "method" in want and r["method"] != want["method"]:
                return False
            hdr = {k.lower(): v for k, v in r["headers"].items()}
            for k, v in (want.get("headers") or {}).items():
                if hdr.get(k.lower()) != v:
                    return False
            if "content_type_contains" in want and want["content_type_contains"] not in hdr.get("content-type", ""):
                return False
            if "body_equals" in want and r["body"] != want["body_equals"]:
                return False
            if "json_equals" in want:
                try:
                    if json.loads(r["body"]) != want["json_equals"]:
                        return False
                except ValueError:
                    return False
            if "query_contains" in want and want["query_contains"] not in r["query"]:
                return False
            return True
        if not any(matches(r) for r in cands):
            why.append("no request matched %s; saw %s" % (
                json.dumps(want), json.dumps([{k: r[k] for k in ("method", "path", "query", "body")} for r in reqs])[:400]))
            ok = False
    return ok


def check_all(exp, text, root, cid, why):
    if "any_of" in exp:
        sub = []
        for alt in exp["any_of"]:
            w = []
            if check_text(alt, text, w) & check_state(alt, root, cid, w):
                return True
            sub.append("; ".join(w))
        why.append("none of the alternatives: " + " | ".join(sub))
        return False
    t = check_text(exp, text, why)
    s = check_state(exp, root, cid, why)
    return t and s


EXAMPLE_RE = re.compile(r'\{\s*"[\w.\-]+"\s*[:,]|\b(?:fs|net|tools)[._]\w+\s*\(?\s*\{|\bbatch\s*\{')


ECHO_RE = re.compile(r"^\s*You passed:.*$", re.M)
MAPPING_RE = re.compile(r"\([^()]*\u2192[^()]*\)")


def helpful(text, tools=(), fields=(), plain=()):
    """The error names the right f0 tool (as a word), an offending field (in
    quotes or backticks), or one of plain (substring), outside the echo of the
    call and outside f0's "(a -> b)" notes of fields it accepted; and it shows
    an example call."""
    body = ECHO_RE.sub("", text)
    naming = MAPPING_RE.sub("", body)
    named = []
    for t in tools:
        if re.search(r"(?<![A-Za-z0-9.])" + re.escape(t) + r"(?![A-Za-z0-9_])", naming, re.I):
            named.append(t)
    for f in fields:
        if re.search(r"[\"'`]" + re.escape(f) + r"[\"'`]", naming):
            named.append(f)
    for w in plain:
        if w.lower() in naming.lower():
            named.append(w)
    return bool(named) and bool(EXAMPLE_RE.search(body)), named


def published_props(binary):
    try:
        out = subprocess.run([binary, "tools", "--json"], capture_output=True, timeout=30).stdout
        d = json.loads(out)
        return {t["name"]: set((t.get("inputSchema") or {}).get("properties", {}).keys()) for t in d["tools"]}
    except Exception:
        return {}


UNKNOWN_TOOL_RE = re.compile(r"\s*unknown tool\b", re.I)


def fix_words(case, props, text=""):
    """(tools, fields): the right f0 tool, and the call's fields f0 does not publish.
    After an unknown-tool answer only naming the right tool counts (a field
    name quoted in some other tool's example is no fix)."""
    f0t = case.get("f0_tool")
    tools = [f0t, f0t.replace("_", ".", 1)] if f0t else []
    known = props.get(f0t or case["tool"], set())
    args = case.get("arguments") or {}
    fields = [k for k in args if k not in known] if isinstance(args, dict) else []
    if UNKNOWN_TOOL_RE.match(text):
        fields = []
    return tools, fields


def classify(case, is_err, text, root, props):
    exp = case["expect"]
    why = []
    if exp.get("error_mentions"):
        if not is_err:
            why.append("answered without error; the call cannot be done as the source means it")
            return "FALSE-OK", why
        h, named = helpful(text, plain=exp["error_mentions"])
        return ("REFUSED-HELPFULLY" if h else "UNHELPFUL"), ["named %s" % named]
    if exp.get("error"):
        if not is_err:
            check_all(exp, text, root, case["id"], why)
            why.insert(0, "answered without error; the source semantics is a refusal")
            return "FALSE-OK", why
        because = exp.get("because", [])
        # the reason is looked for outside the echo of the call, and an
        # unknown-tool answer never counts as refusing for the source's reason
        reason_text = "" if UNKNOWN_TOOL_RE.match(text) else ECHO_RE.sub("", text)
        if not because or any(re.search(b, reason_text, re.I | re.S) for b in because):
            if check_all(exp, text, root, case["id"], why):
                return "DONE", why
            why.insert(0, "refused, but the state changed")
            return "FALSE-OK", why
        # refused, but not for the reason the source refuses: judge it as any error
        tools, fields = fix_words(case, props, text)
        h, named = helpful(text, tools, fields)
        return ("REFUSED-HELPFULLY" if h else "UNHELPFUL"), ["refused for another reason; named %s" % named]
    if not is_err:
        if check_all(exp, text, root, case["id"], why):
            return "DONE", why
        return "FALSE-OK", why
    tools, fields = fix_words(case, props, text)
    h, named = helpful(text, tools, fields)
    return ("REFUSED-HELPFULLY" if h else "UNHELPFUL"), ["named %s" % named]


# ---------------------------------------------------------------- main

def run_case(binary, case, port, props, keep):
    d, root = build_fixture(case)
    base = "http://127.0.0.1:%d/c/%s" % (port, case["id"])
    args = subst(case.get("arguments", {}), root, base, port)
    t0 = time.time()
    try:
        msg = call(binary, root, case, case["tool"], args)
        is_err, text = result_text(msg)
        cls, why = classify(case, is_err, text, root, props)
    except Exception as e:  # harness-level failure: counts as unhelpful
        is_err, text, cls, why = True, "HARNESS: %s: %s" % (type(e).__name__, e), "UNHELPFUL", []
    dt = time.time() - t0
    if not keep:
        shutil.rmtree(d, ignore_errors=True)
    return {"id": case["id"], "vocab": case["vocab"], "class": cls, "isError": is_err,
            "seconds": round(dt, 2), "why": why, "text": text[:300], "full": text,
            "call": {"tool": case["tool"], "arguments": case.get("arguments", {})}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set", help="the set's folder, e.g. set-1 (relative to this file's folder or not)")
    ap.add_argument("binary")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--out", default="", help="where results go (default: the set's folder)")
    ap.add_argument("--keep", action="store_true", help="keep fixture directories")
    ap.add_argument("--verbose", "-v", action="store_true")
    a = ap.parse_args()
    set_dir = a.set if os.path.isdir(a.set) else os.path.join(HERE, a.set)
    a.cases = os.path.join(set_dir, "cases.jsonl")
    a.out = a.out or set_dir

    binary = os.path.abspath(a.binary)
    cases = [json.loads(l) for l in open(a.cases) if l.strip() and not l.startswith("//")]
    if a.only:
        sel = a.only.split(",")
        cases = [c for c in cases if any(c["id"] == s or (s.endswith("*") and c["id"].startswith(s[:-1])) for s in sel)]
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate case ids"

    props = published_props(binary)
    srv = start_http()
    port = srv.server_address[1]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda c: run_case(binary, c, port, props, a.keep), cases))
    srv.shutdown()

    tag = os.path.basename(binary) + ("-only" if a.only else "")
    out_path = os.path.join(a.out, "results-%s.jsonl" % tag)
    with open(os.path.join(a.out, "full-%s.jsonl" % tag), "w") as f:
        for r in results:
            f.write(json.dumps({"id": r["id"], "class": r["class"], "text": r["full"]}) + "\n")
    with open(out_path, "w") as f:
        for r in results:
            f.write(json.dumps({"id": r["id"], "vocab": r["vocab"], "class": r["class"], "text": r["text"],
                                "why": r["why"], "seconds": r["seconds"]}) + "\n")

    classes = ["DONE", "REFUSED-HELPFULLY", "FALSE-OK", "UNHELPFUL"]
    vocabs = sorted(set(r["vocab"] for r in results))
    rows = []
    for v in vocabs + ["TOTAL"]:
        rs = [r for r in results if v == "TOTAL" or r["vocab"] == v]
        cnt = {k: sum(1 for r in rs if r["class"] == k) for k in classes}
        handled = cnt["DONE"] + cnt["REFUSED-HELPFULLY"]
        rows.append((v, len(rs), cnt, handled))
    print("binary: %s   cases: %d" % (binary, len(results)))
    print("%-18s %5s %5s %8s %8s %9s %8s" % ("vocabulary", "cases", "DONE", "REFUSED+", "FALSE-OK", "UNHELPFUL", "handled"))
    for v, n, cnt, h in rows:
        if v == "TOTAL":
            print("-" * 68)
        print("%-18s %5d %5d %8d %8d %9d %7.0f%%" % (v, n, cnt["DONE"], cnt["REFUSED-HELPFULLY"],
                                                    cnt["FALSE-OK"], cnt["UNHELPFUL"], 100.0 * h / max(n, 1)))
    for k in ("FALSE-OK", "UNHELPFUL") if a.verbose else ("FALSE-OK",):
        bad = [r for r in results if r["class"] == k]
        if bad:
            print("\n%s (%d):" % (k, len(bad)))
            for r in bad:
                one = " ".join(r["text"].split())[:160]
                print("  %-28s %s %s" % (r["id"], r["call"]["tool"], json.dumps(r["call"]["arguments"])[:150]))
                print("  %-28s -> %s" % ("", one))
                if r["why"]:
                    print("  %-28s    (%s)" % ("", "; ".join(r["why"])[:220]))
    with open(os.path.join(a.out, "summary-%s.json" % tag), "w") as f:
        json.dump({v: {"cases": n, **cnt, "handled": h} for v, n, cnt, h in rows}, f, indent=1)
    print("\nper-case results: %s" % out_path)


if __name__ == "__main__":
    main()
