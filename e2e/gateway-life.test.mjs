// The life of upstream servers behind f0 (issue 15): one that cannot start does not stop f0 — a
// placeholder answers its calls with the server and why; an upstream's notifications/tools/list_changed
// reaches f0's clients with the new tool served; a cancelled call is cancelled on the upstream too.
// The upstream is a small TypeScript SDK server (lib/life-server.mjs); f0 serves over stdio and over
// streamable HTTP.
//
// Run: e2e/run.sh, or node --test e2e/gateway-life.test.mjs with F0_BIN=/path/to/f0 (after npm ci in e2e/).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

import { E2E_DIR, callTool, connectHttp, connectStdio, listAllTools, resultText, show, startHttpServer, withTimeout } from './lib/f0.mjs';

const T = { timeout: 60_000 };
const HOOK = { timeout: 120_000 };
const LIFE = path.join(E2E_DIR, 'lib', 'life-server.mjs');

/** An mcpServers file with the life server (twice: life and other), and the same server refusing to start, as "broken". */
function writeConfig(dir, log) {
  const file = path.join(dir, 'mcp.json');
  writeFileSync(file, JSON.stringify({
    mcpServers: {
      life: { command: process.execPath, args: [LIFE], env: { LIFE_LOG: log } },
      other: { command: process.execPath, args: [LIFE], env: { LIFE_LOG: `${log}.other` } },
      broken: { command: process.execPath, args: [LIFE], env: { LIFE_FAIL: '1' } },
    },
  }));
  return file;
}

const transports = {
  stdio: async (args) => connectStdio(args, { startupMs: 90_000 }), // it starts three node servers first
  http: async (args) => {
    const srv = await startHttpServer(args, { startupMs: 90_000 }); // it starts three node servers first
    const conn = await connectHttp(srv.url);
    return { ...conn, async close() { await conn.close(); await srv.stop(); } };
  },
};

for (const [kind, connect] of Object.entries(transports)) {
  describe(`gateway life (f0 over ${kind})`, () => {
    let dir;
    let log;
    let conn;
    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'f0-gateway-life-'));
      log = path.join(dir, 'cancel.log');
      conn = await connect(['--config', writeConfig(dir, log), '--root', dir]);
    }, HOOK);
    after(async () => {
      await conn?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('serves the others when an upstream cannot start, and answers its calls with the server and why', T, async () => {
      const names = (await listAllTools(conn.client)).map((t) => t.name);
      for (const want of ['broken_unavailable', 'life_wait', 'life_grow', 'fs_read']) {
        assert.ok(names.includes(want), `${want} not listed: ${show(names)}`);
      }
      for (const name of ['broken_wait', 'broken_unavailable']) {
        const res = await callTool(conn.client, name, {});
        assert.equal(res.isError, true, show(res));
        assert.match(resultText(res), /upstream server "broken" could not be started: .*refusing to start \(LIFE_FAIL=1\)/s);
        assert.match(resultText(res), /f0 starts it again in \d+s/);
      }
    });

    it("passes the upstream's tools/list_changed on, with the new tool served", T, async () => {
      const changed = new Promise((resolve) => conn.client.setNotificationHandler(ToolListChangedNotificationSchema, resolve));
      const grow = await callTool(conn.client, 'life_grow', {});
      assert.equal(resultText(grow), 'grew', show(grow));
      await withTimeout(changed, 30_000, 'notifications/tools/list_changed from f0');
      const names = (await listAllTools(conn.client)).map((t) => t.name);
      assert.ok(names.includes('life_grown'), show(names));
      const res = await callTool(conn.client, 'LIFE.GROWN', { wrd: 'leaf' });
      assert.equal(res.isError, true, show(res));
      assert.match(resultText(res), /"wrd": unknown field; did you mean "word"\?/);
      assert.equal(resultText(await callTool(conn.client, 'life_grown', { word: 'leaf' })), 'grown leaf');
    });

    it('answers the others while a call waits on one upstream, and cancels that call on the upstream too', T, async () => {
      const abort = new AbortController();
      let running;
      const started = new Promise((resolve) => { running = resolve; });
      const call = conn.client.callTool({ name: 'life_wait', arguments: {} }, undefined,
        { signal: abort.signal, timeout: 30_000, onprogress: running });
      await withTimeout(started, 30_000, 'progress of life_wait');
      const [other, own] = await Promise.all([callTool(conn.client, 'other_echo', { word: 'meanwhile' }), callTool(conn.client, 'tools_search', { query: 'echo' })]);
      assert.equal(resultText(other), 'echo meanwhile', show(other));
      assert.match(resultText(own), /other_echo/, show(own));
      abort.abort('test cancels');
      await assert.rejects(call);
      let text = '';
      for (let i = 0; i < 300 && !text; i++) { // until the upstream has written its log (the file may exist empty first)
        try { text = readFileSync(log, 'utf8'); } catch { text = ''; }
        if (!text) await new Promise((r) => setTimeout(r, 100));
      }
      assert.match(text, /^cancelled \d+ /, `upstream log: ${JSON.stringify(text)}`);
      const after = await callTool(conn.client, 'life_echo', { word: 'after' });
      assert.equal(resultText(after), 'echo after', 'the upstream still answers after the cancellation');
    });
  });
}
