// An HTTP-only MCP client in the style of the mini-me client (shared/reference/000_…):
//   - streamable HTTP only (POST, Accept: application/json + text/event-stream; no stdio, no SSE GET);
//   - the bearer token comes from an environment variable named in its config;
//   - tools with binary-typed parameters (type "binary", or format "binary") are dropped, so every
//     schema (input and output, nested) is walked, and f0 must have none;
//   - tool names are prefixed with the server name after sanitising (non-alphanumerics to "_",
//     runs collapsed, ends trimmed): they must stay unique and valid;
//   - SSE is read line by line with no 64 KB line limit, and one response larger than 64 KB
//     (f0 started with a raised --max-output) must arrive intact.
// Written with fetch only: no MCP SDK.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';

import { NAME_RE, show, startHttpServer } from './lib/f0.mjs';
import { tempDir } from './lib/procs.mjs';

const T = { timeout: 30_000 };
const HOOK = { timeout: 30_000 };
const SCANNER_LIMIT = 64 * 1024; // Go's bufio.Scanner default token size, the limit mini-me hit

class HttpOnlyClient {
  constructor({ name, url, tokenEnv }) {
    this.name = name;
    this.url = url;
    if (tokenEnv) {
      const token = process.env[tokenEnv];
      if (!token) throw new Error(`missing bearer token for env var ${tokenEnv}`);
      this.auth = `Bearer ${token}`;
    }
    this.nextId = 1;
    this.sessionId = undefined;
    this.protocolVersion = undefined;
    this.longestLine = 0; // longest single SSE line seen
    this.lastTransport = undefined; // 'json' | 'sse'
  }

  headers() {
    const h = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    if (this.auth) h.authorization = this.auth;
    if (this.sessionId) h['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion) h['mcp-protocol-version'] = this.protocolVersion;
    return h;
  }

  async post(message) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(20_000),
    });
    return res;
  }

  /** One JSON-RPC request; the answer may be JSON or an SSE stream. */
  async request(method, params) {
    const id = this.nextId++;
    const res = await this.post({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    if (res.status !== 200) {
      const body = await res.text();
      const err = new Error(`${method}: HTTP ${res.status}: ${body.slice(0, 500)}`);
      err.status = res.status;
      err.headers = res.headers;
      throw err;
    }
    const sid = res.headers.get('mcp-session-id');
    if (sid) this.sessionId = sid;
    const ct = res.headers.get('content-type') || '';
    let msg;
    if (ct.includes('text/event-stream')) {
      this.lastTransport = 'sse';
      msg = await this.readSse(res, id);
    } else {
      this.lastTransport = 'json';
      const text = await res.text();
      this.longestLine = Math.max(this.longestLine, text.length);
      msg = JSON.parse(text);
    }
    if (msg.error) throw new Error(`${method}: JSON-RPC error ${JSON.stringify(msg.error)}`);
    return msg.result;
  }

  /** Read SSE with an unbounded line buffer (mini-me: bufio.Reader, not bufio.Scanner). */
  async readSse(res, id) {
    const decoder = new TextDecoder();
    let buf = '';
    let data = [];
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (value) buf += decoder.decode(value, { stream: true });
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl).replace(/\r$/, '');
          buf = buf.slice(nl + 1);
          this.longestLine = Math.max(this.longestLine, line.length);
          if (line === '') {
            if (data.length) {
              const msg = JSON.parse(data.join('\n'));
              data = [];
              if (msg.id === id && ('result' in msg || 'error' in msg)) return msg;
            }
          } else if (line.startsWith('data:')) {
            data.push(line.slice(5).replace(/^ /, ''));
          }
        }
        if (done) break;
      }
    } finally {
      reader.cancel().catch(() => {});
    }
    throw new Error('no valid JSON-RPC response found in SSE stream');
  }

  async notify(method) {
    const res = await this.post({ jsonrpc: '2.0', method });
    await res.arrayBuffer();
    if (res.status !== 202 && res.status !== 200) throw new Error(`${method}: HTTP ${res.status}`);
  }

  async connect() {
    const init = await this.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'f0-e2e-http-only', version: '0.0.0' },
    });
    this.protocolVersion = init.protocolVersion;
    await this.notify('notifications/initialized');
    return init;
  }

  async listTools() {
    const tools = [];
    let cursor;
    for (let page = 0; page < 50; page++) {
      const r = await this.request('tools/list', cursor ? { cursor } : undefined);
      tools.push(...r.tools);
      if (!r.nextCursor) return tools;
      cursor = r.nextCursor;
    }
    throw new Error('tools/list: too many pages');
  }

  callTool(name, args) {
    return this.request('tools/call', { name, arguments: args });
  }

  async close() {
    if (!this.sessionId) return;
    const res = await fetch(this.url, { method: 'DELETE', headers: this.headers(), signal: AbortSignal.timeout(5000) }).catch(() => null);
    await res?.arrayBuffer();
  }
}

/** mini-me's name sanitising: non-alphanumerics → "_", runs collapsed, ends trimmed. */
function sanitize(name) {
  return name.replace(/[^a-zA-Z0-9]/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
}

/** Every place a schema (recursively) declares a binary type: mini-me drops such tools. */
function binaryParams(schema, where = '#') {
  const found = [];
  const walk = (node, at) => {
    if (Array.isArray(node)) { node.forEach((n, i) => walk(n, `${at}[${i}]`)); return; }
    if (!node || typeof node !== 'object') return;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('binary')) found.push(`${at}: type binary`);
    if (node.format === 'binary') found.push(`${at}: format binary`);
    if (node.contentEncoding && /binary/i.test(node.contentEncoding)) found.push(`${at}: contentEncoding ${node.contentEncoding}`);
    for (const [k, v] of Object.entries(node)) {
      if (['enum', 'const', 'default', 'examples', 'example', 'description', 'title'].includes(k)) continue;
      if (v && typeof v === 'object') walk(v, `${at}/${k}`);
    }
  };
  walk(schema, where);
  return found;
}

const TOKEN_ENV = 'F0_E2E_MINIME_TOKEN';
const token = randomBytes(24).toString('hex');

// A deterministic file of ~150 KB: one response carrying it is far over 64 KB.
const BIG = Array.from({ length: 3000 }, (_, i) => `line ${String(i + 1).padStart(5, '0')} ${'abcdefghijklmnopqrstuvwxyz0123456789-=+'}`).join('\n') + '\n';
const sha = (s) => createHash('sha256').update(s).digest('hex');

describe('HTTP-only client (mini-me style) → f0 serve --http --auth-token-env --max-output 200000 --client-limits *=200000', () => {
  let srv;
  let client;
  let tools;
  before(async () => {
    const root = tempDir('f0-minime-root-', { 'big.txt': BIG, 'small.txt': 'small\n' });
    srv = await startHttpServer(['--root', root, '--auth-token-env', TOKEN_ENV, '--max-output', '200000', '--client-limits', '*=200000'], { env: { [TOKEN_ENV]: token } });
    process.env[TOKEN_ENV] = token;
    client = new HttpOnlyClient({ name: 'f0', url: srv.url, tokenEnv: TOKEN_ENV });
    await client.connect();
    tools = await client.listTools();
  }, HOOK);
  after(async () => {
    await client?.close();
    await srv?.stop();
    delete process.env[TOKEN_ENV];
  }, HOOK);

  it('the token comes from the environment: missing variable → the client refuses; wrong token → 401 Bearer', T, async () => {
    assert.throws(() => new HttpOnlyClient({ name: 'f0', url: srv.url, tokenEnv: 'F0_E2E_UNSET_TOKEN_VAR' }), /missing bearer token/);
    process.env.F0_E2E_WRONG_TOKEN = 'wrong';
    try {
      const bad = new HttpOnlyClient({ name: 'f0', url: srv.url, tokenEnv: 'F0_E2E_WRONG_TOKEN' });
      await assert.rejects(bad.connect(), (e) => e.status === 401 && /^Bearer/i.test(e.headers.get('www-authenticate') || ''));
    } finally {
      delete process.env.F0_E2E_WRONG_TOKEN;
    }
  });

  it('no tool has a binary-typed parameter or output (every schema walked): none dropped', T, () => {
    assert.ok(tools.length >= 5, show(tools.map((t) => t.name)));
    const problems = [];
    for (const t of tools) {
      for (const p of binaryParams(t.inputSchema, `${t.name} inputSchema`)) problems.push(p);
      if (t.outputSchema) for (const p of binaryParams(t.outputSchema, `${t.name} outputSchema`)) problems.push(p);
    }
    assert.deepEqual(problems, []);
  });

  it('server-prefixed sanitised names (f0_<tool>) are unique and valid', T, () => {
    const names = tools.map((t) => `${client.name}_${sanitize(t.name)}`);
    assert.equal(new Set(names).size, names.length, show(names));
    for (const n of names) assert.match(n, NAME_RE);
    // f0's listed names are already in the sanitised form: nothing is rewritten.
    for (const t of tools) assert.equal(sanitize(t.name), t.name);
  });

  it('a single response over 64 KB (fs_read of a 150 KB file) arrives intact', T, async (t) => {
    const res = await client.callTool('fs_read', { path: 'big.txt' });
    assert.notEqual(res.isError, true, show(res));
    const text = res.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    const at = text.indexOf(BIG.slice(0, 40));
    assert.ok(at >= 0, `file start not found in the result: ${text.slice(0, 300)}`);
    const body = text.slice(at, at + BIG.length);
    assert.equal(body.length, BIG.length, `got ${body.length} of ${BIG.length} bytes; tail: ${text.slice(-300)}`);
    assert.equal(sha(body), sha(BIG), 'the file content was altered in transit');
    // The point of the exercise: the single message was bigger than a 64 KB line scanner takes.
    assert.ok(client.longestLine > SCANNER_LIMIT, `longest line ${client.longestLine} (transport ${client.lastTransport})`);
    t.diagnostic(`answered as ${client.lastTransport === 'sse' ? 'SSE' : 'JSON'}; longest single line ${client.longestLine} bytes`);
  });

  it('a small call after the big one still works on the same session', T, async () => {
    const res = await client.callTool('fs_read', { path: 'small.txt' });
    assert.match(res.content[0].text, /small/);
  });
});
