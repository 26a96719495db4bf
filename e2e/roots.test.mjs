// End-to-end: fs.* follows the client's workspace through MCP roots. The official
// TypeScript SDK client declares roots, answers roots/list, and changes its roots
// mid-session (notifications/roots/list_changed), over stdio and streamable HTTP; f0
// must follow within the next call, stay inside --root, and say why it refuses a root.
//
// Run: node --test e2e/roots.test.mjs   with F0_BIN=/path/to/f0 (after `npm ci` in e2e/)

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

import { REQUEST_TIMEOUT_MS, f0Bin, resultText, show, startHttpServer, withTimeout } from './lib/f0.mjs';

const T = { timeout: 30_000 };
const reqOpts = { timeout: REQUEST_TIMEOUT_MS };

// base/a and base/b, each with a file named after it; base/a/inside; base/a/link-out → base/b.
const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'f0-roots-')));
const A = path.join(base, 'a');
const B = path.join(base, 'b');
const INSIDE = path.join(A, 'inside');
const CWD = path.join(base, 'cwd');
for (const d of [A, B, INSIDE, CWD]) mkdirSync(d, { recursive: true });
writeFileSync(path.join(A, 'a.txt'), 'in a\n');
writeFileSync(path.join(B, 'b.txt'), 'in b\n');
writeFileSync(path.join(CWD, 'cwd.txt'), 'in cwd\n');
symlinkSync(B, path.join(A, 'link-out'));
after(() => rmSync(base, { recursive: true, force: true }));

const uri = (p) => pathToFileURL(p).href;

/** An SDK client whose roots the test sets; roots: null declares no roots capability. */
function rootsClient(roots) {
  const capabilities = roots === null ? {} : { roots: { listChanged: true } };
  const client = new Client({ name: 'f0-roots-e2e', version: '0.0.0' }, { capabilities });
  const state = { roots: roots ?? [], asked: 0 };
  if (roots !== null) {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      state.asked++;
      return { roots: state.roots.map((u) => ({ uri: u, name: path.basename(u) })) };
    });
  }
  return {
    client,
    state,
    /** Replace the roots and tell f0 (notifications/roots/list_changed). */
    async change(next) {
      state.roots = next;
      await client.sendRootsListChanged();
    },
    call: (name, args) => client.callTool({ name, arguments: args }, undefined, reqOpts),
  };
}

/** Connect over stdio: `f0 serve ...args`, in CWD. */
async function overStdio(args, roots) {
  const rc = rootsClient(roots);
  const transport = new StdioClientTransport({ command: f0Bin(), args: ['serve', ...args], cwd: CWD, stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d) => { err += d; });
  await withTimeout(rc.client.connect(transport, reqOpts), REQUEST_TIMEOUT_MS, 'stdio connect');
  return { ...rc, log: () => err, close: () => rc.client.close() };
}

/** Connect over streamable HTTP to a fresh `f0 serve --http ... ...args`. */
async function overHttp(args, roots) {
  const srv = await startHttpServer(args);
  const rc = rootsClient(roots);
  await withTimeout(rc.client.connect(new StreamableHTTPClientTransport(new URL(srv.url)), reqOpts), REQUEST_TIMEOUT_MS, 'http connect');
  return { ...rc, log: () => srv.output(), close: async () => { await rc.client.close(); await srv.stop(); } };
}

function assertOk(res, what, want) {
  assert.notEqual(res.isError, true, `${what}: ${show(res)}`);
  if (want) assert.ok(resultText(res).includes(want), `${what}: want ${show(want)} in ${show(resultText(res))}`);
}

function assertError(res, what, ...wants) {
  assert.equal(res.isError, true, `${what}: want isError, got ${show(res)}`);
  for (const w of wants) assert.ok(resultText(res).includes(w), `${what}: want ${show(w)} in:\n${resultText(res)}`);
}

for (const [transport, connect] of [['stdio', overStdio], ['http', overHttp]]) {
  describe(`roots over ${transport}`, () => {
    describe('a client that declares roots and changes them', () => {
      let c;
      before(async () => { c = await connect([], [uri(A)]); }, { timeout: 30_000 });
      after(async () => { await c?.close(); });

      it('works inside the client root, not outside it', T, async () => {
        assertOk(await c.call('fs_read', { path: 'a.txt' }), 'read in the client root', 'in a');
        assertError(await c.call('fs_read', { path: path.join(B, 'b.txt') }), 'read outside',
          `is outside the allowed roots (${A} — the client's roots (roots/list))`);
        assertError(await c.call('fs_read', { path: path.join(CWD, 'cwd.txt') }), 'the working directory is not a root');
      });

      it('follows notifications/roots/list_changed within the next call', T, async () => {
        await c.change([uri(B)]);
        assertOk(await c.call('fs_read', { path: 'b.txt' }), 'read in the new root', 'in b');
        assertError(await c.call('fs_read', { path: path.join(A, 'a.txt') }), 'the old root is gone', `outside the allowed roots (${B} —`);
        await c.change([uri(A), uri(B)]);
        assertOk(await c.call('fs_read', { path: path.join(B, 'b.txt') }), 'read in the second of two roots', 'in b');
        assert.ok(c.state.asked >= 3, `f0 asked for roots ${c.state.asked} times`);
      });

      it('names the active roots and where they came from in tools_describe', T, async () => {
        const res = await c.call('tools_describe', { name: 'fs_list' });
        assertOk(res, 'describe', `Roots: ${A}, ${B} — the client's roots (roots/list)`);
      });

      it('says so when the client lists no roots, never falling back to the working directory', T, async () => {
        await c.change([]);
        assertError(await c.call('fs_list', {}), 'no roots', 'no roots yet: the client lists no workspace roots', 'Open a folder in the client');
        await c.change([uri(A)]);
        assertOk(await c.call('fs_list', {}), 'roots again', 'a.txt');
      });
    });

    describe('a client root is never trusted beyond --root', () => {
      let c;
      before(async () => {
        c = await connect(['--roots', 'client', '--root', A], [
          `${uri(INSIDE)}/../../b`, // ".." (the SDK sends the string as given)
          `${uri(A)}/%2e%2e/b`, // an encoded ".."
          `${uri(A)}/inside%2F..%2F..%2Fb`, // encoded slashes
          uri(path.join(A, 'link-out')), // a symlink leading out
          uri(B), // plainly outside
          'https://example.com/project', // not a file URI
        ]);
      }, { timeout: 30_000 });
      after(async () => { await c?.close(); });

      it('refuses every escape and says why', T, async () => {
        const res = await c.call('fs_list', {});
        assertError(res, 'only refused roots', 'every root the client listed was refused',
          'contains a ".." segment', 'encodes a slash (%2F)', `a symbolic link leads it to ${B}, outside --root ${A}`,
          `${uri(B)} (outside --root ${A})`, 'https://example.com/project (not a file:// URI');
        // stderr arrives on its own pipe, a line at a time: give the line this test
        // looks for until the request timeout to show up.
        const refused = /level=WARN msg="client root refused" uri=https:\/\/example.com\/project/;
        for (let i = 0; i < REQUEST_TIMEOUT_MS / 50 && !refused.test(c.log()); i++) await sleep(50);
        assert.match(c.log(), refused, 'refusals are logged on stderr');
      });

      it('keeps an allowed client root and refuses the rest', T, async () => {
        await c.change([uri(INSIDE), uri(B)]);
        assertOk(await c.call('fs_write', { path: 'new.txt', content: 'x' }), 'write in the allowed root');
        assert.ok(existsSync(path.join(INSIDE, 'new.txt')), 'the write landed in the client root');
        assertError(await c.call('fs_read', { path: path.join(B, 'b.txt') }), 'read in the refused root',
          `outside the allowed roots (${INSIDE} — the client's roots (roots/list), kept inside --root ${A}; refused: ${uri(B)} (outside --root ${A}))`);
      });
    });

    describe('a client without the roots capability', () => {
      let c;
      before(async () => { c = await connect([], null); }, { timeout: 30_000 });
      after(async () => { await c?.close(); });

      it('keeps the working directory, and says so', T, async () => {
        const res = await c.call('tools_describe', { name: 'fs_read' });
        assertOk(res, 'describe', "the working directory, as f0 was started without --root; the client sends no roots");
        if (transport === 'stdio') assertOk(await c.call('fs_read', { path: 'cwd.txt' }), 'read in the working directory', 'in cwd');
      });
    });

    describe('--roots fixed ignores the client', () => {
      let c;
      before(async () => { c = await connect(['--root', A], [uri(B)]); }, { timeout: 30_000 });
      after(async () => { await c?.close(); });

      it('uses --root and never asks', T, async () => {
        assertOk(await c.call('fs_read', { path: 'a.txt' }), 'read in --root', 'in a');
        assertOk(await c.call('tools_describe', { name: 'fs_read' }), 'describe', `Roots: ${A} — set by --root`);
        assert.equal(c.state.asked, 0, 'f0 asked a fixed-roots session for roots');
      });
    });
  });
}

describe('stateless HTTP', () => {
  it('refuses --roots client at startup: client roots need a session', T, () => {
    const r = spawnSync(f0Bin(), ['serve', '--http', '127.0.0.1:0', '--stateless', '--roots', 'client'], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 2, `exit ${r.status}: ${r.stderr}`);
    assert.match(r.stderr, /--roots client: client roots need a session, and --stateless serves without sessions/);
  });

  it('without --root, says in tools_describe why the client roots do not apply', T, async () => {
    const srv = await startHttpServer(['--stateless']);
    const rc = rootsClient([uri(A)]);
    try {
      await rc.client.connect(new StreamableHTTPClientTransport(new URL(srv.url)), reqOpts);
      const res = await rc.call('tools_describe', { name: 'fs_read' });
      assertOk(res, 'describe', 'client roots need a session, and this server runs --stateless');
    } finally {
      await rc.client.close();
      await srv.stop();
    }
  });
});
