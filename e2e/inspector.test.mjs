// MCP Inspector CLI (@modelcontextprotocol/inspector, pinned; `--cli` mode) against f0.
// The Inspector 2.x needs Node >= 22.19: it runs under node22() (e2e/run.sh provides one).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

import { E2E_DIR, f0Bin, show, startHttpServer } from './lib/f0.mjs';
import { node22, run, tempDir } from './lib/procs.mjs';

const T = { timeout: 60_000 };
const HOOK = { timeout: 30_000 };
const PKG = path.join(E2E_DIR, 'node_modules', '@modelcontextprotocol', 'inspector');
const VERSION = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8')).version;
const CLI = path.join(PKG, 'clients', 'launcher', 'build', 'index.js');
const MARKER = `inspector-marker-${randomBytes(6).toString('hex')}`;

// The Inspector keeps a catalog under $HOME; keep it in a sandbox.
const home = tempDir('f0-inspector-home-');
const env = { HOME: home, MCP_CATALOG_PATH: path.join(home, 'mcp.json'), NO_COLOR: '1', CI: '1' };

function inspector(args, timeoutMs = 45_000) {
  return run(node22(), [CLI, '--cli', ...args], { env, timeoutMs });
}

function parseJson(r, what) {
  try {
    return JSON.parse(r.stdout);
  } catch (e) {
    assert.fail(`${what}: stdout is not JSON (exit ${r.code}${r.timedOut ? ', timed out' : ''}): ${e.message}\nstdout: ${r.stdout.slice(0, 2000)}\nstderr: ${r.stderr.slice(-2000)}`);
  }
}

describe(`MCP Inspector ${VERSION} --cli → f0 serve (stdio)`, () => {
  let root;
  before(() => {
    root = tempDir('f0-inspector-root-', { 'note.txt': `${MARKER}\nsecond line\n` });
  });

  it('tools/list lists every tool, with no error-severity schema problem (--strict)', T, async () => {
    const r = await inspector(['--method', 'tools/list', '--strict', '--', f0Bin(), 'serve', '--root', root]);
    assert.equal(r.code, 0, `exit ${r.code}${r.timedOut ? ' (timed out)' : ''}\nstderr: ${r.stderr.slice(-3000)}`);
    const { tools } = parseJson(r, 'tools/list');
    const names = tools.map((t) => t.name);
    for (const n of ['tools_search', 'tools_describe', 'batch', 'net_curl', 'fs_read']) {
      assert.ok(names.includes(n), `${n} missing: ${show(names)}`);
    }
    // --strict prints its verdict on stderr ("N errors, M warnings across K tools").
    const verdict = r.stderr.match(/(\d+) errors?, (\d+) warnings?/);
    if (verdict) assert.equal(Number(verdict[1]), 0, r.stderr);
  });

  it('tools/call fs_read with --tool-arg returns the file', T, async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'fs_read', '--tool-arg', 'path=note.txt', '--', f0Bin(), 'serve', '--root', root]);
    assert.equal(r.code, 0, `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr.slice(-3000)}`);
    const res = parseJson(r, 'tools/call');
    assert.notEqual(res.isError, true, show(res));
    assert.match(res.content.map((c) => c.text).join('\n'), new RegExp(MARKER));
  });

  it('tools/call with a JSON-typed --tool-arg (paths=[...], limit=1)', T, async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'fs_read', '--tool-arg', 'paths=["note.txt"]', 'limit=1', '--', f0Bin(), 'serve', '--root', root]);
    assert.equal(r.code, 0, `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr.slice(-3000)}`);
    const text = parseJson(r, 'tools/call').content.map((c) => c.text).join('\n');
    assert.match(text, new RegExp(MARKER));
    assert.doesNotMatch(text, /second line/);
  });

  it('a failing call is an isError result (exit 5 "tool_is_error"), not a protocol error', T, async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'fs_read', '--tool-arg', 'path=missing.txt', '--', f0Bin(), 'serve', '--root', root]);
    const res = parseJson(r, 'tools/call');
    assert.equal(res.isError, true, show(res));
    assert.ok(res.content?.[0]?.text, show(res));
    assert.equal(r.code, 5, `exit ${r.code}; stderr: ${r.stderr.slice(-2000)}`);
    assert.match(r.stderr, /tool_is_error/);
  });

  it(`README: the pinned Inspector runs on this suite's Node too (${process.version}), as the README says of Node 20`, T, async () => {
    const r = await run(process.execPath, [CLI, '--cli', '--method', 'tools/call', '--tool-name', 'fs_read', '--tool-arg', 'path=note.txt', '--', f0Bin(), 'serve', '--root', root], { env, timeoutMs: 45_000 });
    assert.equal(r.code, 0, `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr.slice(-3000)}`);
    assert.match(parseJson(r, 'tools/call').content.map((c) => c.text).join('\n'), new RegExp(MARKER));
  });

  it('a name f0 does not list is refused by the Inspector itself (it checks tools/list first)', T, async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'fs_raed', '--tool-arg', 'path=note.txt', '--', f0Bin(), 'serve', '--root', root]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /tool_not_found/, r.stderr);
  });
});

describe(`MCP Inspector ${VERSION} --cli → f0 serve --http with a bearer token`, () => {
  const token = randomBytes(24).toString('hex');
  let srv;
  before(async () => {
    srv = await startHttpServer(['--auth-token-env', 'F0_E2E_INSPECTOR_TOKEN'], { env: { F0_E2E_INSPECTOR_TOKEN: token } });
  }, HOOK);
  after(async () => { await srv?.stop(); }, HOOK);

  it('tools/list over streamable HTTP with --header Authorization', T, async () => {
    // The target goes first: --header is variadic and would swallow it.
    const r = await inspector([srv.url, '--transport', 'http', '--method', 'tools/list', '--header', `Authorization: Bearer ${token}`]);
    assert.equal(r.code, 0, `exit ${r.code}\nstderr: ${r.stderr.slice(-3000)}`);
    const names = parseJson(r, 'tools/list').tools.map((t) => t.name);
    assert.ok(names.includes('tools_search'), show(names));
  });

  it('tools/call tools_describe over streamable HTTP', T, async () => {
    const r = await inspector([srv.url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'tools_describe', '--tool-arg', 'name=net_curl', '--header', `Authorization: Bearer ${token}`]);
    assert.equal(r.code, 0, `exit ${r.code}\nstderr: ${r.stderr.slice(-3000)}`);
    const res = parseJson(r, 'tools/call');
    assert.match(res.content[0].text, /net_curl/);
  });

  it('without the token the Inspector fails (401), it does not hang', T, async () => {
    const r = await inspector([srv.url, '--transport', 'http', '--method', 'tools/list']);
    assert.notEqual(r.code, 0, `listed tools without a token: ${r.stdout.slice(0, 500)}`);
    assert.equal(r.timedOut, false);
    assert.match(r.stderr, /401|unauthori[sz]ed|auth/i, r.stderr);
  });
});
