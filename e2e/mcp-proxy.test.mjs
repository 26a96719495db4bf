// mcp-proxy (npm, pinned): `f0 serve` over stdio exposed as streamable HTTP (/mcp) and SSE (/sse),
// called with the official TypeScript SDK client on the proxy's HTTP side.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';

import { E2E_DIR, REQUEST_TIMEOUT_MS, callTool, connectHttp, f0Bin, freePort, listAllTools, resultText, show, withTimeout } from './lib/f0.mjs';
import { node22, spawnTracked, startTargetServer, stopTracked, tempDir, waitFor } from './lib/procs.mjs';

const T = { timeout: 30_000 };
const HOOK = { timeout: 60_000 };
const PKG = path.join(E2E_DIR, 'node_modules', 'mcp-proxy');
const VERSION = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8')).version;
const BIN = path.join(PKG, 'dist', 'bin', 'mcp-proxy.mjs');
const MARKER = `proxy-marker-${randomBytes(6).toString('hex')}`;

async function startProxy(extra, root) {
  let lastErr;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawnTracked(node22(), [
      BIN, '--host', '127.0.0.1', '--port', String(port), ...extra,
      '--', f0Bin(), 'serve', '--root', root, '--net-allow', 'loopback',
    ], { env: { NO_COLOR: '1' } });
    const base = `http://127.0.0.1:${port}`;
    try {
      // Any HTTP answer on /ping or /mcp means it listens.
      await waitFor(async () => {
        if (child.exitCode !== null) throw new Error(`mcp-proxy exited (${child.exitCode}): ${child.output().slice(-2000)}`);
        const r = await fetch(`${base}/ping`, { signal: AbortSignal.timeout(1000) });
        await r.arrayBuffer();
        return true;
      }, { timeoutMs: 20_000, what: 'mcp-proxy listening' });
      return { child, base, port };
    } catch (e) {
      lastErr = e;
      await stopTracked(child, 'SIGKILL');
      if (!/EADDRINUSE/.test(child.output())) break;
    }
  }
  throw lastErr;
}

for (const upstream of ['legacy', 'auto']) {
  describe(`mcp-proxy ${VERSION} (--upstreamProtocol ${upstream}) → f0 serve (stdio)`, () => {
    let root;
    let target;
    let proxy;
    let conn;
    before(async () => {
      root = tempDir('f0-mcp-proxy-root-', { 'p.txt': `${MARKER}\n` });
      target = await startTargetServer();
      proxy = await startProxy(['--upstreamProtocol', upstream], root);
      conn = await connectHttp(`${proxy.base}/mcp`);
    }, HOOK);
    after(async () => {
      await conn?.close();
      await stopTracked(proxy?.child);
      await target?.close();
    }, HOOK);

    it('tools/list through the proxy has every core tool', T, async () => {
      const names = (await listAllTools(conn.client)).map((t) => t.name);
      for (const n of ['tools_search', 'tools_describe', 'batch', 'net_curl', 'fs_read']) assert.ok(names.includes(n), `${n}: ${show(names)}`);
    });

    it('fs_read through the proxy', T, async () => {
      const res = await callTool(conn.client, 'fs_read', { path: 'p.txt' });
      assert.notEqual(res.isError, true, show(res));
      assert.match(resultText(res), new RegExp(MARKER));
    });

    it('net_curl through the proxy (GET to a loopback server)', T, async () => {
      const res = await callTool(conn.client, 'net_curl', { url: `${target.url}/via-proxy` });
      assert.notEqual(res.isError, true, show(res));
      assert.match(resultText(res), /target-ok \/via-proxy/);
    });

    it('an unknown tool and bad arguments come back as isError results; the session keeps working', T, async () => {
      const unknown = await callTool(conn.client, 'fs_raed', { path: 'p.txt' });
      assert.equal(unknown.isError, true, show(unknown));
      assert.match(resultText(unknown), /fs_read/);
      const bad = await callTool(conn.client, 'fs_read', { path: 'nope/missing.txt' });
      assert.equal(bad.isError, true, show(bad));
      const ok = await callTool(conn.client, 'tools_describe', { name: 'fs_read' });
      assert.notEqual(ok.isError, true, show(ok));
    });

    it('the SSE side (/sse) works too', T, async () => {
      const client = new Client({ name: 'f0-e2e-sse', version: '0.0.0' }, { capabilities: {} });
      const transport = new SSEClientTransport(new URL(`${proxy.base}/sse`));
      try {
        await withTimeout(client.connect(transport, { timeout: REQUEST_TIMEOUT_MS }), REQUEST_TIMEOUT_MS, 'sse connect');
        const res = await callTool(client, 'fs_read', { path: 'p.txt' });
        assert.match(resultText(res), new RegExp(MARKER), show(res));
      } finally {
        await client.close().catch(() => {});
      }
    });
  });
}
