#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, server
// scenarios) against `f0 serve --http 127.0.0.1:PORT` and exits non-zero when
//   - a scenario fails that is not listed in conformance-expected-failures.yml,
//   - a listed scenario now passes (stale baseline: remove it from the file),
//   - a scenario f0 must pass (REQUIRED below) fails, did not run, or is in the baseline.
// A WARNING check counts as a failure (the suite's own baseline rule).
//
// Usage (from anywhere, after `npm ci` in e2e/):
//   node e2e/conformance.mjs                 # active suite, with the baseline
//   node e2e/conformance.mjs ping tools-list # only these scenarios
// Env: F0_BIN (default e2e/.bin/f0), CONFORMANCE_SUITE (active|all|pending, default active),
//      CONFORMANCE_TIMEOUT_MS (whole run, default 600000), CONFORMANCE_OUTPUT_DIR (keep results there).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { E2E_DIR, startHttpServer } from './lib/f0.mjs';

/** Scenarios a tools-only MCP server must pass (see notes/clients.md). */
export const REQUIRED = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'logging-set-level',
];

const BASELINE = path.join(E2E_DIR, 'conformance-expected-failures.yml');
const CLI = path.join(E2E_DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const SHIM = path.join(E2E_DIR, 'lib', 'node20-globsync', 'register.mjs');

/** The `server:` list of the baseline file (a plain YAML list; comments allowed). */
function readBaseline(file) {
  const ids = [];
  let inServer = false;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '');
    if (!line.trim()) continue;
    if (/^\S/.test(line)) {
      inServer = /^server:\s*$/.test(line);
      continue;
    }
    const m = line.match(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/);
    if (inServer && m) ids.push(m[1]);
  }
  return ids;
}

/** { scenario: {passed, failed, warnings, problems[]} } from the suite's -o output directory. */
function readResults(dir) {
  const results = {};
  for (const entry of readdirSync(dir)) {
    const m = entry.match(/^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/);
    const file = path.join(dir, entry, 'checks.json');
    if (!m || !existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, 'utf8'));
    results[m[1]] = {
      passed: checks.filter((c) => c.status === 'SUCCESS').length,
      failed: checks.filter((c) => c.status === 'FAILURE').length,
      warnings: checks.filter((c) => c.status === 'WARNING').length,
      problems: checks
        .filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')
        .map((c) => `${c.status} ${c.id}: ${c.errorMessage || c.description || ''}`.trim()),
    };
  }
  return results;
}

function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: E2E_DIR });
    const timer = setTimeout(() => {
      console.error(`conformance: no result within ${timeoutMs} ms, killing the suite`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function main() {
  const only = process.argv.slice(2);
  if (!existsSync(CLI)) throw new Error(`${CLI} missing: run \`npm ci\` in ${E2E_DIR}`);
  const baseline = readBaseline(BASELINE);
  const suite = process.env.CONFORMANCE_SUITE || 'active';
  const timeoutMs = Number(process.env.CONFORMANCE_TIMEOUT_MS || 600_000);
  const keep = process.env.CONFORMANCE_OUTPUT_DIR;
  const outDir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'f0-conformance-'));

  // The 0.1.16 bundle imports fs.globSync (Node >= 22); on older Node load the shim.
  const major = Number(process.versions.node.split('.')[0]);
  const nodeArgs = major >= 22 ? [] : ['--import', SHIM];

  const srv = await startHttpServer();
  let code;
  const scenarios = only.length ? only : [null];
  try {
    console.log(`conformance: f0 at ${srv.url} (suite ${only.length ? only.join(',') : suite}, node ${process.version})`);
    code = 0;
    for (const scenario of scenarios) {
      const args = [...nodeArgs, CLI, 'server', '--url', srv.url, '--expected-failures', BASELINE, '-o', outDir];
      if (scenario) args.push('--scenario', scenario);
      else args.push('--suite', suite);
      const rc = await run(process.execPath, args, timeoutMs);
      if (rc !== 0) code = rc;
    }
  } finally {
    await srv.stop();
  }

  const results = readResults(outDir);
  const problems = [];
  const mustCheck = only.length ? REQUIRED.filter((s) => only.includes(s)) : suite === 'pending' ? [] : REQUIRED;
  for (const s of mustCheck) {
    const r = results[s];
    if (!r) problems.push(`required scenario ${s} did not run`);
    else if (r.failed || r.warnings || !r.passed) problems.push(`required scenario ${s} failed:\n    ${r.problems.join('\n    ')}`);
  }
  for (const s of REQUIRED) {
    if (baseline.includes(s)) problems.push(`required scenario ${s} must not be listed in ${path.basename(BASELINE)}`);
  }

  console.log('\n=== f0 conformance summary ===');
  for (const [s, r] of Object.entries(results).sort()) {
    const ok = !r.failed && !r.warnings;
    const tag = ok ? 'pass' : baseline.includes(s) ? 'expected-fail' : 'FAIL';
    console.log(`${tag.padEnd(13)} ${s}  (${r.passed} ok, ${r.failed} failed, ${r.warnings} warnings)${REQUIRED.includes(s) ? '  [required]' : ''}`);
  }
  if (!keep) rmSync(outDir, { recursive: true, force: true });
  else console.log(`results kept in ${outDir}`);

  if (problems.length) {
    console.error(`\n${problems.join('\n')}`);
    code = code || 1;
  }
  if (code) console.error(`\nconformance: FAILED (exit ${code}); see the output above`);
  else console.log('\nconformance: OK (every failure is in the baseline, every required scenario passes)');
  process.exit(code);
}

main().catch((e) => {
  console.error(e?.stack || e);
  process.exit(1);
});
