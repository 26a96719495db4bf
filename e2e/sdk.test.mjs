// End-to-end tests: the built f0 binary driven by the official MCP TypeScript SDK
// client over stdio and streamable HTTP, plus raw HTTP for the security rules.
//
// Run: e2e/run.sh            (builds e2e/.bin/f0, installs deps, runs everything)
//  or: node --test e2e/sdk.test.mjs   with F0_BIN=/path/to/f0 (after `npm ci` in e2e/)

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import http from 'node:http';

import {
  GATEWAY,
  INIT_REQUEST,
  MCP_POST_HEADERS,
  callTool,
  connectHttp,
  connectStdio,
  f0Bin,
  jsonRpcMessages,
  listAllTools,
  nameProblems,
  rawCallTool,
  rawHttp,
  resultText,
  schemaProblems,
  show,
  startHttpServer,
  stopProcess,
  withTimeout,
} from './lib/f0.mjs';

const T = { timeout: 20_000 }; // per test
const HOOK = { timeout: 30_000 }; // per before/after hook

const SEARCH = /tools[._-]search/i;
const DESCRIBE = /tools[._-]describe/i;

function assertOk(res, what) {
  assert.ok(res && Array.isArray(res.content), `${what}: not a CallToolResult: ${show(res)}`);
  assert.notEqual(res.isError, true, `${what}: unexpected isError result: ${show(res)}`);
  assert.ok(resultText(res).length > 0, `${what}: empty text content: ${show(res)}`);
}

function assertToolError(res, what) {
  assert.ok(res && Array.isArray(res.content), `${what}: not a CallToolResult: ${show(res)}`);
  assert.equal(res.isError, true, `${what}: want isError: true, got: ${show(res)}`);
}

/**
 * The tool behaviour every transport must show. getConn() returns the live
 * { client } set up by the enclosing describe's before hook.
 * `listed` maps canonical tool -> the name f0 lists for it in this configuration.
 */
function toolContract(getConn, { listed = { search: 'tools_search', describe: 'tools_describe' }, defaultNames = true } = {}) {
  it(`lists ${listed.search} and ${listed.describe}`, T, async () => {
    const tools = await listAllTools(getConn().client);
    const names = tools.map((t) => t.name);
    assert.ok(names.includes(listed.search), `${listed.search} not listed; got ${show(names)}`);
    assert.ok(names.includes(listed.describe), `${listed.describe} not listed; got ${show(names)}`);
    assert.equal(new Set(names).size, names.length, `duplicate listed names: ${show(names)}`);
  });

  it('every listed tool has a portable name and inputSchema', T, async () => {
    const tools = await listAllTools(getConn().client);
    const problems = [];
    for (const t of tools) {
      if (defaultNames) problems.push(...nameProblems(t.name).map((p) => `${t.name}: ${p}`));
      problems.push(...schemaProblems(t.inputSchema).map((p) => `${t.name}: ${p}`));
      if (typeof t.description !== 'string' || t.description.trim() === '') problems.push(`${t.name}: no description`);
    }
    assert.deepEqual(problems, [], `tools/list violates the publishing rules:\n${problems.join('\n')}`);
  });

  it(`${listed.search} with no query and with an empty query lists both tools`, T, async () => {
    for (const args of [{}, { query: '' }]) {
      const res = await callTool(getConn().client, listed.search, args);
      assertOk(res, `${listed.search} ${JSON.stringify(args)}`);
      const text = resultText(res);
      assert.match(text, SEARCH, `${listed.search} ${JSON.stringify(args)} does not mention tools_search:\n${text}`);
      assert.match(text, DESCRIBE, `${listed.search} ${JSON.stringify(args)} does not mention tools_describe:\n${text}`);
    }
  });

  it(`${listed.search} finds ${listed.describe} by a word`, T, async () => {
    const res = await callTool(getConn().client, listed.search, { query: 'describe' });
    assertOk(res, `${listed.search} {query:"describe"}`);
    assert.match(resultText(res), DESCRIBE);
  });

  it(`${listed.describe} shows a tool and its parameters`, T, async () => {
    const res = await callTool(getConn().client, listed.describe, { name: 'tools_search' });
    assertOk(res, `${listed.describe} {name:"tools_search"}`);
    const text = resultText(res);
    assert.match(text, SEARCH, text);
    assert.match(text, /query/, `describe output does not mention the "query" parameter:\n${text}`);
  });

  it(`an unknown tool is an isError result (not a JSON-RPC error) that suggests ${listed.search}`, T, async () => {
    let res;
    try {
      res = await callTool(getConn().client, 'tools_serch', { query: 'x' });
    } catch (e) {
      assert.fail(`tools/call "tools_serch" raised a JSON-RPC/transport error instead of an isError result: ${e.message}`);
    }
    assertToolError(res, 'tools_serch');
    const text = resultText(res);
    assert.ok(text.includes('unknown tool "tools_serch"'), `missing 'unknown tool "tools_serch"' in:\n${text}`);
    // The listed spelling or the default dot-free one: either is callable.
    assert.ok([listed.search, 'tools_search'].some((n) => text.includes(n)), `no suggestion of ${listed.search} in:\n${text}`);
  });

  it('calls accept any spelling of a tool name', T, async (t) => {
    for (const name of ['tools_search', 'tools.search', 'TOOLS-SEARCH', 'Tools/Search', 'f0_tools_search', 'mcp__f0__tools_search']) {
      await t.test(name, async () => {
        const res = await callTool(getConn().client, name, { query: 'search' });
        assertOk(res, `tools/call ${JSON.stringify(name)}`);
        assert.match(resultText(res), SEARCH);
      });
    }
  });

  it('arguments sent as a JSON string are repaired', T, async () => {
    const params = { name: listed.describe, arguments: JSON.stringify({ name: 'tools_search' }) };
    const res = await rawCallTool(getConn().client, params);
    assertOk(res, `tools/call ${show(params)}`);
    assert.match(resultText(res), SEARCH);
  });

  it(`a misspelt argument to ${listed.describe} is an isError result that says "did you mean" name`, T, async () => {
    const res = await callTool(getConn().client, listed.describe, { nmae: 'tools_search' });
    assertToolError(res, `${listed.describe} {nmae:…}`);
    const text = resultText(res);
    assert.match(text, /did you mean/i, text);
    assert.match(text, /\bname\b/, text);
  });

  if (GATEWAY) {
    it('(gateway run) lists and calls the upstream tools: the filesystem server over stdio, server-everything over HTTP', T, async () => {
      const names = (await listAllTools(getConn().client)).map((t) => t.name);
      for (const want of [/files[._]read_text_file$/, /everything[._]echo$/]) {
        assert.ok(names.some((n) => want.test(n)), `no ${want} in ${show(names)}`);
      }
      const echo = await callTool(getConn().client, 'everything.echo', { message: 'through the gateway' });
      assertOk(echo, 'everything.echo');
      assert.match(resultText(echo), /through the gateway/);
      const dirs = await rawCallTool(getConn().client, { name: 'FILES-LIST-ALLOWED-DIRECTORIES', arguments: '{}' });
      assertOk(dirs, 'files.list_allowed_directories');
      assert.match(resultText(dirs), /f0-e2e-gateway-/);
    });
  }

  it('the SDK saw no protocol or transport errors', T, () => {
    const errs = getConn().client.errors.map((e) => String(e?.stack || e));
    assert.deepEqual(errs, [], `client errors:\n${errs.join('\n')}`);
  });
}

// ---------------------------------------------------------------------------

describe('stdio: f0 serve', () => {
  let conn;
  before(async () => { conn = await connectStdio(); }, HOOK);
  after(async () => { await conn?.close(); }, HOOK);

  it('initialize reports server info and the tools capability', T, () => {
    const info = conn.client.getServerVersion();
    assert.ok(info?.name, `no serverInfo.name: ${show(info)}`);
    assert.ok(conn.client.getServerCapabilities()?.tools, `no tools capability: ${show(conn.client.getServerCapabilities())}`);
  });

  it('answers ping', T, async () => {
    await conn.client.ping({ timeout: 5000 });
  });

  it('sends no late answer to a call the client cancelled (the SDK would report an unknown message ID)', T, async () => {
    // A local server that drips a body until the client goes: the call runs until it is cancelled.
    let requested;
    const gotRequest = new Promise((resolve) => { requested = resolve; });
    const drip = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const timer = setInterval(() => res.write('still going\n'), 5);
      req.on('close', () => clearInterval(timer));
      requested();
    });
    drip.listen(0, '127.0.0.1');
    await once(drip, 'listening');
    const errors = [];
    const before = conn.client.onerror;
    conn.client.onerror = (e) => { errors.push(String(e?.message ?? e)); before?.(e); };
    try {
      const abort = new AbortController();
      const call = conn.client.callTool(
        { name: 'net_curl', arguments: { url: `http://127.0.0.1:${drip.address().port}/endless` } },
        undefined, { signal: abort.signal });
      await withTimeout(gotRequest, 10_000, 'the call to reach the drip server');
      abort.abort('test cancels');
      await assert.rejects(call, /abort|cancel/i);
      await new Promise((r) => setTimeout(r, 500)); // room for a late answer to arrive
      await conn.client.ping({ timeout: 5000 });
      assert.deepEqual(errors, [], `the client saw errors after the cancellation: ${errors.join('; ')}`);
    } finally {
      conn.client.onerror = before;
      drip.closeAllConnections();
      drip.close();
    }
  });

  toolContract(() => conn);
});

describe('stdio: raw wire', () => {
  let child;
  after(async () => { await stopProcess(child); }, HOOK);

  it('stdout carries only JSON-RPC; an unknown tool is a result, not an error; exits on stdin EOF', T, async () => {
    child = spawn(f0Bin(), ['serve'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    const lines = [];
    const pending = new Map();
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      let msg;
      try { msg = JSON.parse(line); } catch { return; }
      if (msg && msg.id !== undefined && pending.has(msg.id)) pending.get(msg.id)(msg);
    });
    const send = (m) => child.stdin.write(JSON.stringify(m) + '\n');
    const request = (m) => withTimeout(new Promise((resolve) => { pending.set(m.id, resolve); send(m); }), 10_000, `stdio ${m.method}`);

    const init = await request(INIT_REQUEST);
    assert.ok(init.result?.protocolVersion, `initialize: ${show(init)}`);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const list = await request({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.ok(Array.isArray(list.result?.tools), `tools/list: ${show(list)}`);
    const unknown = await request({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'tools_serch', arguments: {} } });
    assert.equal(unknown.error, undefined, `unknown tool answered with a JSON-RPC error: ${show(unknown)}`);
    assert.equal(unknown.result?.isError, true, `unknown tool: ${show(unknown)}`);

    const exited = once(child, 'exit');
    child.stdin.end();
    await withTimeout(exited, 5000, 'f0 serve exit after stdin EOF');

    const bad = lines.filter((l) => {
      try { return JSON.parse(l)?.jsonrpc !== '2.0'; } catch { return true; }
    });
    assert.deepEqual(bad, [], `non-JSON-RPC lines on stdout (logs must go to stderr):\n${bad.join('\n')}\nstderr:\n${stderr}`);
  });
});

// ---------------------------------------------------------------------------

describe('http: f0 serve --http (sessions)', () => {
  let srv;
  let conn;
  before(async () => {
    srv = await startHttpServer();
    conn = await connectHttp(srv.url);
  }, HOOK);
  after(async () => {
    try { await conn?.transport.terminateSession(); } catch { /* best effort */ }
    await conn?.close();
    await srv?.stop();
  }, HOOK);

  it('GET /healthz is 200', T, async () => {
    const res = await fetch(`${srv.base}/healthz`, { signal: AbortSignal.timeout(5000) });
    assert.equal(res.status, 200, await res.text());
  });

  it('the SDK client got a session id', T, () => {
    assert.ok(conn.transport.sessionId, 'no Mcp-Session-Id from initialize');
  });

  toolContract(() => conn);

  it('a foreign Origin is refused with 403', T, async () => {
    const res = await fetch(srv.url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, origin: 'http://evil.example' },
      body: JSON.stringify(INIT_REQUEST),
      signal: AbortSignal.timeout(5000),
    });
    assert.equal(res.status, 403, `Origin http://evil.example: ${res.status} ${await res.text()}`);
  });

  it('a foreign Host is refused with 403', T, async () => {
    const res = await rawHttp(srv.url, {
      headers: { ...MCP_POST_HEADERS, host: 'evil.example' },
      body: INIT_REQUEST,
    });
    assert.equal(res.status, 403, `Host evil.example: ${res.status} ${res.body}`);
  });

  it('a same-origin loopback Origin is accepted', T, async () => {
    const res = await rawHttp(srv.url, {
      headers: { ...MCP_POST_HEADERS, origin: srv.base },
      body: INIT_REQUEST,
    });
    assert.equal(res.status, 200, `Origin ${srv.base}: ${res.status} ${res.body}`);
  });

  it('raw session lifecycle: initialize → tools/list → DELETE → 404', T, async () => {
    const init = await rawHttp(srv.url, { headers: MCP_POST_HEADERS, body: INIT_REQUEST });
    assert.equal(init.status, 200, init.body);
    const sid = init.headers['mcp-session-id'];
    assert.ok(sid, `no mcp-session-id header: ${show(init.headers)}`);
    const version = jsonRpcMessages(init)[0]?.result?.protocolVersion;
    assert.ok(version, `initialize result: ${init.body}`);
    const h = { ...MCP_POST_HEADERS, 'mcp-session-id': sid, 'mcp-protocol-version': version };

    const note = await rawHttp(srv.url, { headers: h, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    assert.equal(note.status, 202, `notifications/initialized: ${note.status} ${note.body}`);

    const list = await rawHttp(srv.url, { headers: h, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } });
    assert.equal(list.status, 200, list.body);
    const tools = jsonRpcMessages(list).find((m) => m.id === 2)?.result?.tools;
    assert.ok(tools?.some((t) => t.name === 'tools_search'), `tools/list: ${list.body}`);

    const del = await rawHttp(srv.url, { method: 'DELETE', headers: { 'mcp-session-id': sid, 'mcp-protocol-version': version } });
    assert.ok(del.status >= 200 && del.status < 300, `DELETE session: ${del.status} ${del.body}`);

    const gone = await rawHttp(srv.url, { headers: h, body: { jsonrpc: '2.0', id: 3, method: 'tools/list' } });
    assert.equal(gone.status, 404, `request on a terminated session: want 404, got ${gone.status} ${gone.body}`);
  });
});

describe('http: f0 serve --http --stateless', () => {
  let srv;
  let conn;
  before(async () => {
    srv = await startHttpServer(['--stateless']);
    conn = await connectHttp(srv.url);
  }, HOOK);
  after(async () => {
    await conn?.close();
    await srv?.stop();
  }, HOOK);

  it('GET /healthz is 200', T, async () => {
    const res = await fetch(`${srv.base}/healthz`, { signal: AbortSignal.timeout(5000) });
    assert.equal(res.status, 200, await res.text());
  });

  toolContract(() => conn);

  it('tools/list and tools/call work without initialize or session (any instance can answer)', T, async () => {
    const h = { ...MCP_POST_HEADERS, 'mcp-protocol-version': '2025-11-25' };
    const list = await rawHttp(srv.url, { headers: h, body: { jsonrpc: '2.0', id: 7, method: 'tools/list' } });
    assert.equal(list.status, 200, `tools/list without session: ${list.status} ${list.body}`);
    const tools = jsonRpcMessages(list).find((m) => m.id === 7)?.result?.tools;
    assert.ok(tools?.some((t) => t.name === 'tools_search'), `tools/list: ${list.body}`);

    const call = await rawHttp(srv.url, {
      headers: h,
      body: { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'tools_describe', arguments: { name: 'tools_search' } } },
    });
    assert.equal(call.status, 200, `tools/call without session: ${call.status} ${call.body}`);
    const result = jsonRpcMessages(call).find((m) => m.id === 8)?.result;
    assert.ok(result && result.isError !== true, `tools/call: ${call.body}`);
  });

  it('a foreign Origin is still refused with 403', T, async () => {
    const res = await rawHttp(srv.url, {
      headers: { ...MCP_POST_HEADERS, origin: 'http://evil.example' },
      body: INIT_REQUEST,
    });
    assert.equal(res.status, 403, `${res.status} ${res.body}`);
  });
});

describe('http: bearer token (--auth-token-env)', () => {
  const token = randomBytes(24).toString('hex');
  let srv;
  before(async () => {
    srv = await startHttpServer(['--auth-token-env', 'F0_E2E_TOKEN'], { env: { F0_E2E_TOKEN: token } });
  }, HOOK);
  after(async () => { await srv?.stop(); }, HOOK);

  const post = (headers) => fetch(srv.url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify(INIT_REQUEST),
    signal: AbortSignal.timeout(5000),
  });

  it('no token → 401 with WWW-Authenticate: Bearer', T, async () => {
    const res = await post({});
    const body = await res.text();
    assert.equal(res.status, 401, `${res.status} ${body}`);
    assert.match(res.headers.get('www-authenticate') || '', /^Bearer\b/i, `WWW-Authenticate: ${res.headers.get('www-authenticate')}`);
  });

  it('wrong token → 401 with WWW-Authenticate: Bearer', T, async () => {
    for (const auth of [`Bearer ${token}x`, 'Bearer wrong', `Basic ${Buffer.from(`u:${token}`).toString('base64')}`, token]) {
      const res = await post({ authorization: auth });
      const body = await res.text();
      assert.equal(res.status, 401, `Authorization ${JSON.stringify(auth.slice(0, 12) + '…')}: ${res.status} ${body}`);
      assert.match(res.headers.get('www-authenticate') || '', /^Bearer\b/i);
    }
  });

  it('the SDK client without a token cannot connect', T, async () => {
    await assert.rejects(connectHttp(srv.url).then((c) => c.close()));
  });

  it('the right token works through the SDK (requestInit.headers)', T, async () => {
    const conn = await connectHttp(srv.url, { headers: { Authorization: `Bearer ${token}` } });
    try {
      const names = (await listAllTools(conn.client)).map((t) => t.name);
      assert.ok(names.includes('tools_search'), show(names));
      assertOk(await callTool(conn.client, 'tools_describe', { name: 'tools_search' }), 'tools_describe');
      const unknown = await callTool(conn.client, 'tools_serch', {});
      assertToolError(unknown, 'tools_serch');
      await conn.transport.terminateSession();
      assert.deepEqual(conn.client.errors.map(String), []);
    } finally {
      await conn.close();
    }
  });

  it('a foreign Origin is refused with 403 even with the right token', T, async () => {
    const res = await post({ authorization: `Bearer ${token}`, origin: 'http://evil.example' });
    assert.equal(res.status, 403, `${res.status} ${await res.text()}`);
  });

  it('GET /healthz is 200 without a token (load-balancer probes)', T, async () => {
    const res = await fetch(`${srv.base}/healthz`, { signal: AbortSignal.timeout(5000) });
    assert.equal(res.status, 200, await res.text());
  });
});

describe('http: --allowed-origins', () => {
  let srv;
  before(async () => {
    srv = await startHttpServer(['--allowed-origins', 'http://good.example,https://also-good.example']);
  }, HOOK);
  after(async () => { await srv?.stop(); }, HOOK);

  it('listed origins are accepted', T, async () => {
    for (const origin of ['http://good.example', 'https://also-good.example']) {
      const res = await rawHttp(srv.url, { headers: { ...MCP_POST_HEADERS, origin }, body: INIT_REQUEST });
      assert.equal(res.status, 200, `Origin ${origin}: ${res.status} ${res.body}`);
    }
  });

  it('other origins are refused with 403', T, async () => {
    for (const origin of ['http://evil.example', 'http://good.example.evil.example', 'https://good.example']) {
      const res = await rawHttp(srv.url, { headers: { ...MCP_POST_HEADERS, origin }, body: INIT_REQUEST });
      assert.equal(res.status, 403, `Origin ${origin}: ${res.status} ${res.body}`);
    }
  });
});

// ---------------------------------------------------------------------------

describe('naming: --tool-names dotted', () => {
  let conn;
  before(async () => { conn = await connectStdio(['--tool-names', 'dotted']); }, HOOK);
  after(async () => { await conn?.close(); }, HOOK);

  it('lists tools.search and not tools_search (one name per tool)', T, async () => {
    const names = (await listAllTools(conn.client)).map((t) => t.name);
    assert.ok(names.includes('tools.search'), show(names));
    assert.ok(names.includes('tools.describe'), show(names));
    assert.ok(!names.includes('tools_search'), `both spellings listed: ${show(names)}`);
  });

  toolContract(() => conn, { listed: { search: 'tools.search', describe: 'tools.describe' }, defaultNames: false });
});

describe('naming: --tools-prefix p', () => {
  let conn;
  before(async () => { conn = await connectStdio(['--tools-prefix', 'p']); }, HOOK);
  after(async () => { await conn?.close(); }, HOOK);

  it('lists p_tools_search and no unprefixed name', T, async () => {
    const names = (await listAllTools(conn.client)).map((t) => t.name);
    assert.ok(names.includes('p_tools_search'), show(names));
    assert.ok(names.includes('p_tools_describe'), show(names));
    assert.deepEqual(names.filter((n) => !n.startsWith('p_')), [], `unprefixed names listed: ${show(names)}`);
  });

  toolContract(() => conn, { listed: { search: 'p_tools_search', describe: 'p_tools_describe' } });
});

describe('http: shutdown', () => {
  let srv;
  let conn;
  after(async () => {
    await conn?.close();
    await srv?.stop();
  }, HOOK);

  it('SIGTERM with a connected client exits 0 within 10 s', T, async () => {
    srv = await startHttpServer();
    conn = await connectHttp(srv.url);
    await listAllTools(conn.client);
    const exited = once(srv.child, 'exit');
    srv.child.kill('SIGTERM');
    const [code, signal] = await withTimeout(exited, 10_000, 'f0 exit after SIGTERM');
    assert.equal(signal, null, `killed by ${signal}`);
    assert.equal(code, 0, `exit code ${code}; output:\n${srv.output()}`);
  });
});
