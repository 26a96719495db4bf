// Helpers shared by the f0 end-to-end tests: locate the binary, start and stop
// f0 processes (stdio and HTTP), connect the official TypeScript SDK client,
// and check published tool lists against the portability rules of DESIGN.md §4/§5.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Per-request timeout for SDK calls: a hung server fails the test quickly. */
export const REQUEST_TIMEOUT_MS = Number(process.env.F0_E2E_REQUEST_TIMEOUT_MS || 10_000);
/** How long an HTTP server may take to answer /healthz after spawn. */
export const STARTUP_TIMEOUT_MS = Number(process.env.F0_E2E_STARTUP_TIMEOUT_MS || 15_000);

const reqOpts = () => ({ timeout: REQUEST_TIMEOUT_MS });

/** Path of the f0 binary under test ($F0_BIN, else e2e/.bin/f0 built by e2e/run.sh). */
export function f0Bin() {
  const bin = process.env.F0_BIN ? path.resolve(process.env.F0_BIN) : path.join(E2E_DIR, '.bin', 'f0');
  if (!existsSync(bin)) {
    throw new Error(`f0 binary not found at ${bin}: run e2e/run.sh (it builds it) or set F0_BIN`);
  }
  return bin;
}

// Every child we spawn, so nothing outlives the test process even when a hook is skipped.
const children = new Set();
process.on('exit', () => {
  for (const c of children) {
    try { c.kill('SIGKILL'); } catch { /* already gone */ }
  }
});

// With F0_E2E_GATEWAY=1 every f0 these helpers start is also a gateway (issue 15): it serves the official
// filesystem server over stdio (on a scratch directory) and server-everything over streamable HTTP (one
// instance for the test process) beside its own tools, so that a whole suite (sdk.test.mjs,
// pi-mcp-adapter.test.mjs) runs through the gateway. e2e/run.sh runs those suites once more that way.
export const GATEWAY = process.env.F0_E2E_GATEWAY === '1';
let gatewayFlags;

/**
 * The --upstream flags of a gateway run (starting server-everything on first use), or [] — also when the
 * test names upstream servers of its own.
 */
async function upstreamArgs(extraArgs) {
  if (!GATEWAY || extraArgs.some((a) => a === '--upstream' || a === '--config')) return [];
  gatewayFlags ??= (async () => {
    const pkg = (name) => path.join(E2E_DIR, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
    const { child: everything, port } = await startEverythingHttp(pkg('server-everything'));
    children.add(everything);
    everything.unref();
    everything.stderr.unref?.();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'f0-e2e-gateway-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    const q = (w) => `'${String(w).replaceAll("'", `'\\''`)}'`;
    return ['--upstream', `files=${q(process.execPath)} ${q(pkg('server-filesystem'))} ${q(dir)}`,
      '--upstream', `everything=http://127.0.0.1:${port}/mcp`];
  })();
  return gatewayFlags;
}

/**
 * Starts server-everything (its entry point: entry) over streamable HTTP on a free port and waits until it
 * listens; returns { child, port }.
 */
export async function startEverythingHttp(entry) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${err}`)), 30_000);
    child.stderr.on('data', (d) => {
      err += d;
      if (/listening on port/i.test(err)) { clearTimeout(timer); resolve(); }
    });
    child.on('exit', (code) => reject(new Error(`server-everything exited ${code}: ${err}`)));
  });
  return { child, port };
}

/** A free TCP port on 127.0.0.1 (bind port 0, read it, close). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Stop a child process: SIGTERM, then SIGKILL after graceMs. Resolves when it has exited. */
export async function stopProcess(child, graceMs = 3000) {
  if (!child) return;
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const t = setTimeout(() => { try { child.kill('SIGKILL'); } catch { /* gone */ } }, graceMs);
  await exited;
  clearTimeout(t);
}

function tail(s, n = 4000) {
  return s.length > n ? '…' + s.slice(-n) : s;
}

/**
 * Start `f0 serve --http 127.0.0.1:PORT ...extraArgs` and wait until GET /healthz answers.
 * Returns { port, base, url, child, stderr(), stop() }.
 */
export async function startHttpServer(extraArgs = [], { env = {}, startupMs = STARTUP_TIMEOUT_MS } = {}) {
  const bin = f0Bin();
  // A port picked this way can be taken by someone else before f0 binds it: retry a few times.
  let lastErr;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const args = ['serve', '--http', `127.0.0.1:${port}`, ...await upstreamArgs(extraArgs), ...extraArgs];
    const child = spawn(bin, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const base = `http://127.0.0.1:${port}`;
    const srv = {
      port,
      base,
      url: `${base}/mcp`,
      args,
      child,
      output: () => out,
      stop: () => stopProcess(child),
    };
    try {
      // A gateway starts its upstream servers before it listens.
      await waitHealthy(srv, GATEWAY ? startupMs * 4 : startupMs);
      return srv;
    } catch (err) {
      lastErr = err;
      await stopProcess(child);
      if (!/EADDRINUSE|address already in use/i.test(out)) break;
    }
  }
  throw lastErr;
}

async function waitHealthy(srv, ms) {
  const deadline = Date.now() + ms;
  let exit = null;
  srv.child.once('exit', (code, sig) => { exit = { code, sig }; });
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(`f0 ${srv.args.join(' ')} exited early (code ${exit.code}, signal ${exit.sig}); output:\n${tail(srv.output())}`);
    }
    try {
      const res = await fetch(`${srv.base}/healthz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      // Any HTTP answer means the listener is up; the status itself is asserted by a test.
      return;
    } catch {
      await sleep(50);
    }
  }
  throw new Error(`f0 ${srv.args.join(' ')} did not answer GET /healthz within ${ms} ms; output:\n${tail(srv.output())}`);
}

function newClient() {
  const client = new Client({ name: 'f0-e2e', version: '0.0.0' }, { capabilities: {} });
  client.errors = [];
  client.onerror = (e) => { client.errors.push(e); };
  return client;
}

/**
 * Spawn `f0 serve ...extraArgs` under the SDK's stdio transport and connect.
 * Returns { client, transport, stderr(), close() }.
 */
export async function connectStdio(extraArgs = [], { env = {}, startupMs = REQUEST_TIMEOUT_MS } = {}) {
  const transport = new StdioClientTransport({
    command: f0Bin(),
    args: ['serve', ...await upstreamArgs(extraArgs), ...extraArgs],
    env: { ...process.env, ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d) => { err += d; });
  const client = newClient();
  const conn = {
    client,
    transport,
    stderr: () => err,
    async close() {
      const pid = transport.pid;
      try { await client.close(); } catch { /* ignore */ }
      if (pid) {
        // The SDK escalates to SIGKILL itself; make sure nothing is left regardless.
        try { process.kill(pid, 0); process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
      }
    },
  };
  try {
    // A gateway starts its upstream servers before it answers initialize.
    const ms = GATEWAY ? startupMs * 4 : startupMs;
    await withTimeout(client.connect(transport, { timeout: ms }), ms, 'stdio connect/initialize');
  } catch (e) {
    await conn.close();
    e.message += `\nf0 stderr:\n${tail(err)}`;
    throw e;
  }
  return conn;
}

/** Connect the SDK's streamable HTTP transport to url (headers go in requestInit). */
export async function connectHttp(url, { headers } = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), headers ? { requestInit: { headers } } : undefined);
  const client = newClient();
  await withTimeout(client.connect(transport, reqOpts()), REQUEST_TIMEOUT_MS, 'http connect/initialize');
  return {
    client,
    transport,
    async close() {
      try { await client.close(); } catch { /* ignore */ }
    },
  };
}

export async function withTimeout(promise, ms, what) {
  let t;
  const timeout = new Promise((_, reject) => {
    t = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(t);
  }
}

/** All tools, following nextCursor. */
export async function listAllTools(client) {
  const tools = [];
  let cursor;
  for (let page = 0; page < 100; page++) {
    const res = await client.listTools(cursor ? { cursor } : undefined, reqOpts());
    tools.push(...res.tools);
    if (!res.nextCursor) return tools;
    cursor = res.nextCursor;
  }
  throw new Error('tools/list: more than 100 pages');
}

/** tools/call through the SDK's high-level helper. */
export function callTool(client, name, args) {
  return client.callTool({ name, arguments: args }, CallToolResultSchema, reqOpts());
}

/** tools/call with arbitrary params (e.g. arguments as a JSON string), bypassing the helper's typing. */
export function rawCallTool(client, params) {
  return client.request({ method: 'tools/call', params }, CallToolResultSchema, reqOpts());
}

/** The concatenated text content of a CallToolResult. */
export function resultText(result) {
  return (result.content || [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

/** A compact, readable dump of a result for assertion messages. */
export function show(x) {
  const s = JSON.stringify(x, null, 1);
  return s && s.length > 3000 ? s.slice(0, 3000) + '…' : s;
}

// ---------------------------------------------------------------------------
// Published-tool rules (DESIGN.md §4 and §5, notes/clients.md)

export const NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;
export const CLIENT_PREFIX = 'mcp__f0__';

// Keywords whose value is data, not a schema: never inspect their contents as schema.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
// Keywords whose value is a map of name -> schema.
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Problems with one inputSchema, as readable strings (empty = fine). */
export function schemaProblems(schema) {
  const problems = [];
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    return ['inputSchema is not an object'];
  }
  if (schema.type !== 'object') problems.push(`root type is ${JSON.stringify(schema.type)}, want "object"`);
  if (!schema.properties || typeof schema.properties !== 'object' || Array.isArray(schema.properties)) {
    problems.push('root "properties" missing or not an object');
  }
  for (const k of ['oneOf', 'anyOf', 'allOf']) {
    if (k in schema) problems.push(`root has "${k}"`);
  }
  const walk = (node, where) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${where}[${i}]`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      const at = `${where}/${k}`;
      if (k === '$ref') problems.push(`"$ref" at ${at}`);
      if (k === '$defs' || k === 'definitions') problems.push(`"${k}" at ${at}`);
      if (k === 'format' && v === 'binary') problems.push(`format "binary" at ${at}`);
      if (DATA_KEYWORDS.has(k)) continue;
      if (SCHEMA_MAP_KEYWORDS.has(k) && v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [name, sub] of Object.entries(v)) walk(sub, `${at}/${name}`);
        continue;
      }
      if (v && typeof v === 'object') walk(v, at);
    }
  };
  walk(schema, '#');
  return problems;
}

/** Problems with a listed tool name (default dot-free naming). */
export function nameProblems(name) {
  const problems = [];
  if (!NAME_RE.test(name)) problems.push(`name ${JSON.stringify(name)} does not match ${NAME_RE}`);
  if ((CLIENT_PREFIX + name).length > 64) {
    problems.push(`${CLIENT_PREFIX}${name} is ${(CLIENT_PREFIX + name).length} chars, over 64`);
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Raw HTTP (for the security checks the SDK cannot express)

export const INIT_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'f0-e2e-raw', version: '0.0.0' },
  },
};

export const MCP_POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/**
 * A raw HTTP request through node:http (which, unlike fetch, lets us forge Host).
 * Returns { status, headers, body }.
 */
export function rawHttp(url, { method = 'POST', headers = {}, body } = {}) {
  const u = new URL(url);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
      method,
      headers: payload === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(payload) },
      timeout: REQUEST_TIMEOUT_MS,
    }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      // An SSE answer may stay open; the first complete event is all we need.
      res.on('data', (d) => {
        data += d;
        if (String(res.headers['content-type'] || '').includes('text/event-stream') && sseHasResponse(data)) {
          res.destroy();
          resolve({ status: res.statusCode, headers: res.headers, body: data });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: data }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function sseEvents(body) {
  const msgs = [];
  // Only complete events (terminated by a blank line).
  const events = body.split(/\r?\n\r?\n/);
  events.pop();
  for (const event of events) {
    const data = event.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
    if (data.trim()) msgs.push(JSON.parse(data));
  }
  return msgs;
}

function sseHasResponse(body) {
  try {
    return sseEvents(body).some((m) => m && ('result' in m || 'error' in m));
  } catch {
    return false;
  }
}

/** The JSON-RPC messages in a response body that is either JSON or an SSE stream. */
export function jsonRpcMessages(res) {
  const ct = String(res.headers['content-type'] || '');
  if (ct.includes('text/event-stream')) return sseEvents(res.body + '\n\n');
  const parsed = JSON.parse(res.body);
  return Array.isArray(parsed) ? parsed : [parsed];
}
