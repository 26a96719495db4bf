#!/usr/bin/env node
// Benchmark: one `batch` of 8 fs_read calls vs 8 separate fs_read calls, over stdio, with the
// same client (the official TypeScript SDK, from e2e/node_modules) and the same f0 process and files.
//
//   cd e2e && npm ci && cd .. && node bench/batch.mjs            # 300 rounds
//   node bench/batch.mjs -n 1000 --files 8 --size 2048 --json
//
// Each round runs, in rotating order:
//   separate-seq  8 tools/call fs_read, one after the other (each waits for the previous answer)
//   separate-par  8 tools/call fs_read sent at once (the client pipelines them on stdio)
//   batch         1 tools/call batch {calls: [8 × fs_read]} (default maxConcurrency 4)
// and prints median / p90 / mean per mode and the ratios against batch.
// Env: F0_BIN (default e2e/.bin/f0, built with `go build` when missing).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
if (!process.env.F0_BIN && !existsSync(path.join(repo, 'e2e', '.bin', 'f0'))) {
  mkdirSync(path.join(repo, 'e2e', '.bin'), { recursive: true });
  execFileSync('go', ['build', '-o', path.join(repo, 'e2e', '.bin', 'f0'), './cmd/f0'], { cwd: repo, stdio: 'inherit' });
}
const { callTool, connectStdio, resultText } = await import('../e2e/lib/f0.mjs');

function arg(name, def) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : def;
}
const ROUNDS = Number(arg('-n', 300));
const WARMUP = Number(arg('--warmup', 30));
const FILES = Number(arg('--files', 8));
const SIZE = Number(arg('--size', 2048));
const JSON_OUT = process.argv.includes('--json');

// Files of SIZE bytes, each with its own first line.
const root = mkdtempSync(path.join(os.tmpdir(), 'f0-bench-batch-'));
const names = [];
for (let i = 0; i < FILES; i++) {
  const head = `bench file ${i}\n`;
  const line = 'the quick brown fox jumps over the lazy dog 0123456789\n';
  let body = head;
  while (body.length + line.length <= SIZE) body += line;
  body += 'x'.repeat(Math.max(0, SIZE - body.length - 1)) + '\n';
  const name = `f${i}.txt`;
  writeFileSync(path.join(root, name), body.slice(0, SIZE));
  names.push(name);
}

// An unknown client gets 11,264 bytes; the bench compares batch with single calls at f0's own default.
const conn = await connectStdio(['--root', root, '--log-level', 'warn', '--client-limits', '*=24576']);
const client = conn.client;

function check(res, what) {
  if (res.isError) throw new Error(`${what}: isError: ${resultText(res).slice(0, 500)}`);
  return res;
}

const modes = {
  'separate-seq': async () => {
    for (const p of names) check(await callTool(client, 'fs_read', { path: p }), p);
  },
  'separate-par': async () => {
    (await Promise.all(names.map((p) => callTool(client, 'fs_read', { path: p })))).forEach((r, i) => check(r, names[i]));
  },
  batch: async () => {
    const res = check(await callTool(client, 'batch', { calls: names.map((p) => ({ tool: 'fs_read', args: { path: p } })) }), 'batch');
    const text = resultText(res);
    for (let i = 0; i < FILES; i++) {
      if (!text.includes(`bench file ${i}\n`)) throw new Error(`batch result lacks file ${i}:\n${text.slice(0, 1000)}`);
    }
  },
};

// Same output either way: every file, whole (the batch shares the default budget).
{
  const b = resultText(await callTool(client, 'batch', { calls: names.map((p) => ({ tool: 'fs_read', args: { path: p } })) }));
  for (const p of names) {
    const s = resultText(await callTool(client, 'fs_read', { path: p }));
    if (!s.includes('bench file') || s.includes('truncated')) throw new Error(`${p}: unexpected single result:\n${s.slice(0, 500)}`);
  }
  if (/truncated/.test(b)) throw new Error(`batch result was cut; lower --size or --files:\n${b.slice(0, 800)}`);
}

const order = Object.keys(modes);
const samples = Object.fromEntries(order.map((m) => [m, []]));
for (let r = 0; r < WARMUP + ROUNDS; r++) {
  for (let k = 0; k < order.length; k++) {
    const m = order[(r + k) % order.length]; // rotate so no mode always runs first
    const t0 = performance.now();
    try {
      await modes[m]();
    } catch (e) {
      console.error(`round ${r}, mode ${m}: ${e?.stack || e}\nf0 stderr (tail):\n${conn.stderr().slice(-3000)}`);
      await conn.close();
      process.exit(1);
    }
    const dt = performance.now() - t0;
    if (r >= WARMUP) samples[m].push(dt);
  }
}
await conn.close();
rmSync(root, { recursive: true, force: true });

const stat = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p90: q(0.9), mean: s.reduce((a, b) => a + b, 0) / s.length };
};
const stats = Object.fromEntries(order.map((m) => [m, stat(samples[m])]));
const ratio = (m) => stats[m].median / stats.batch.median;

if (JSON_OUT) {
  console.log(JSON.stringify({ rounds: ROUNDS, files: FILES, size: SIZE, node: process.version, stats, ratios: { 'separate-seq/batch': ratio('separate-seq'), 'separate-par/batch': ratio('separate-par') } }));
} else {
  console.log(`f0 batch benchmark: ${FILES} × fs_read of ${SIZE} B files over stdio, ${ROUNDS} rounds (+${WARMUP} warm-up), node ${process.version}`);
  console.log('mode            median ms    p90 ms   mean ms');
  for (const m of order) {
    const s = stats[m];
    console.log(`${m.padEnd(14)} ${s.median.toFixed(3).padStart(10)} ${s.p90.toFixed(3).padStart(9)} ${s.mean.toFixed(3).padStart(9)}`);
  }
  console.log(`ratio (median): ${FILES} sequential calls / 1 batch = ${ratio('separate-seq').toFixed(2)}×; ${FILES} concurrent calls / 1 batch = ${ratio('separate-par').toFixed(2)}×`);
}
