// Full agent turns with agents that have an MCP client of their own (npm packages pinned in
// e2e/clients/package.json), each against a fake model on 127.0.0.1 that records what the model
// receives and follows, each time, the call f0 printed last:
//   - pi 1.x's built-in MCP (clientInfo `pi`), exposure direct (the model calls mcp__f0__fs_read) and
//     exposure codemode, pi's default (the model writes a script: await tools.mcp__f0__fs_read({…}));
//   - the Codex CLI (`codex exec`, clientInfo codex-mcp-client) against a fake Responses API
//     (lib/fake-responses.mjs); Codex declares f0's tools in a namespace mcp__f0, where the model calls fs_read;
//   - gemini-cli (`gemini -p`, clientInfo gemini-cli-mcp-client) against a fake Gemini API
//     (lib/fake-gemini.mjs, GOOGLE_GEMINI_BASE_URL); the model calls mcp_f0_fs_read;
//   - Claude Code (`claude -p`, clientInfo claude-code) against a fake Anthropic Messages API
//     (lib/fake-anthropic.mjs, ANTHROPIC_BASE_URL); the model calls mcp__f0__fs_read.
// Each reads a 1 MiB file to its end: no result is cut by the client (no byte missing), and every call
// f0 suggests names a tool that client registered. The gemini-cli and Claude Code turns give f0 a
// server cap (--max-output) above the client's cut, so the budget f0 keeps for that client is what
// is tested, at the edge of the cut.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { E2E_DIR, f0Bin } from './lib/f0.mjs';
import { node22, run, tempDir } from './lib/procs.mjs';
import { startFakeModel } from './lib/fake-openai.mjs';
import { startFakeResponses } from './lib/fake-responses.mjs';
import { startFakeGemini } from './lib/fake-gemini.mjs';
import { startFakeAnthropic } from './lib/fake-anthropic.mjs';
import { startRefusingProxy } from './lib/refusing-proxy.mjs';

const CLIENTS = path.join(E2E_DIR, 'clients', 'node_modules');
const PI_PKG = path.join(CLIENTS, '@earendil-works', 'pi-coding-agent');
const PI_CLI = path.join(PI_PKG, 'dist', 'cli.js');
const CODEX_PKG = path.join(CLIENTS, '@openai', 'codex');
const CODEX_CLI = path.join(CODEX_PKG, 'bin', 'codex.js');
const GEMINI_PKG = path.join(CLIENTS, '@google', 'gemini-cli');
const GEMINI_CLI = path.join(GEMINI_PKG, 'bundle', 'gemini.js');
const CLAUDE_PKG = path.join(CLIENTS, '@anthropic-ai', 'claude-code');
const CLAUDE_CLI = path.join(CLAUDE_PKG, 'bin', 'claude.exe');
const version = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

// 1 MiB in 16,384 lines of 64 bytes.
const BIG = Array.from({ length: 16384 }, (_, i) => `line ${String(i + 1).padStart(5, '0')} `.padEnd(63, 'x') + '\n').join('');
assert.equal(Buffer.byteLength(BIG), 1 << 20);

// f0's tools as listed: a call a result suggests names one of them, as the client names it.
const F0_TOOLS = ['batch', 'fs_copy', 'fs_edit', 'fs_find', 'fs_list', 'fs_mkdir', 'fs_move', 'fs_read', 'fs_search', 'fs_stat', 'fs_write', 'net_curl', 'tools_describe', 'tools_search'];

// pi 1.6 cuts a text result over 20 KiB in the middle (pi-mcp's MCP_OUTPUT_MAX_BYTES).
const PI_CUT = 20 * 1024;

const netEnv = (netLog) => ({ F0_E2E_NET_LOG: netLog, HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '', NO_PROXY: '*' });

/** The file a series of f0 reads showed, in order: every read's lines between its head and footer. */
function assemble(reads) {
  let text = '';
  for (const r of reads) {
    // A codemode result starts with pi's "Script completed" header, then the script's output.
    const lines = r.split('\n');
    lines.splice(0, Math.max(0, lines.findIndex((l) => l.startsWith('big.txt · '))));
    const head = lines[0].match(/^big\.txt · lines ([\d,]+)-([\d,]+) of 16,384/);
    assert.ok(head, `head: ${lines[0]}`);
    let body = lines.slice(1);
    const rest = body.findIndex((l) => l.startsWith('Get the rest: '));
    if (rest >= 0) body = body.slice(0, rest);
    while (body.length && (body.at(-1) === '' || /^(note: |… \[truncated: )/.test(body.at(-1)))) body.pop();
    text += body.join('\n') + '\n';
  }
  return text;
}

/** The footer's call of a read, or null at the end. */
const footer = (text) => text.split('\n').find((l) => l.startsWith('Get the rest: '))?.slice('Get the rest: '.length) ?? null;

/**
 * Every call f0 wrote in a result (`NAME {json}`, NAME ending in one of f0's tool names), so a test
 * can check that each names a tool the client declared.
 */
function hintedNames(text, baseNames) {
  const names = new Set();
  for (const m of text.matchAll(/([A-Za-z0-9_.-]+) \{/g)) {
    if (baseNames.some((b) => m[1].endsWith(b))) names.add(m[1]);
  }
  return names;
}

/** pi 1.x's two forms of one call: `NAME {json} (in a codemode script: await tools.NAME({json}))`. */
function piCall(s) {
  const m = s.match(/^(mcp__\w+) (\{.*\}) \(in a codemode script: (await tools\.(mcp__\w+)\((\{.*\})\))\)$/);
  assert.ok(m, `not a pi 1.x call: ${s}`);
  assert.equal(m[1], m[4]);
  assert.deepEqual(JSON.parse(m[2]), JSON.parse(m[5]));
  return { name: m[1], args: JSON.parse(m[2]), script: m[3] };
}

function lastToolText(body) {
  const t = body.messages.filter((m) => m.role === 'tool').at(-1);
  return typeof t.content === 'string' ? t.content : t.content.map((c) => c.text ?? '').join('');
}

async function piTurn(exposure) {
  const work = tempDir('f0-pi1-work-', { 'big.txt': BIG });
  const home = tempDir('f0-pi1-home-');
  const netLog = path.join(home, 'net.log');
  writeFileSync(netLog, '');
  const agent = path.join(home, '.pi', 'agent');
  mkdirSync(agent, { recursive: true });
  const seen = { reads: [], toolNames: null, called: [], scripts: [] };
  const model = await startFakeModel((body) => {
    seen.toolNames ??= (body.tools || []).map((t) => t.function.name);
    const results = body.messages.filter((m) => m.role === 'tool');
    if (results.length > 0) seen.reads.push(lastToolText(body));
    const hint = results.length === 0 ? null : footer(seen.reads.at(-1));
    if (results.length > 0 && !hint) return { text: 'All read.' };
    if (seen.reads.length > 80) return { text: 'Too many reads.' };
    if (exposure === 'direct') {
      const call = hint ? piCall(hint) : { name: 'mcp__f0__fs_read', args: { path: 'big.txt' } };
      seen.called.push(call.name);
      return { toolCalls: [{ name: call.name, arguments: call.args }] };
    }
    const script = hint ? piCall(hint).script : 'await tools.mcp__f0__fs_read({"path":"big.txt"})';
    seen.scripts.push(script);
    // What a model writes to see a result: the text of its content.
    return { toolCalls: [{ name: 'codemode', arguments: { code: `const r = ${script};\nreturn r.content.map((c) => c.text).join("\\n");` } }] };
  });
  writeFileSync(path.join(agent, 'models.json'), JSON.stringify({
    providers: {
      fake: {
        baseUrl: model.baseUrl, api: 'openai-completions', apiKey: 'fake-key',
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: [{ id: 'fake-model', contextWindow: 2000000, maxTokens: 4096 }],
      },
    },
  }));
  writeFileSync(path.join(agent, 'mcp.json'), JSON.stringify({
    mcpServers: { f0: { command: f0Bin(), args: ['serve', '--root', work], ...(exposure === 'codemode' ? {} : { exposure }) } },
  }));
  const res = await run(node22(), [
    '--import', pathToFileURL(path.join(E2E_DIR, 'lib', 'loopback-only.mjs')).href,
    PI_CLI, '-p', '--offline', '--no-session', '--provider', 'fake', '--model', 'fake-model',
    '--no-skills', '--no-prompt-templates', '--no-themes', '--no-context-files',
    'Read big.txt to the end.',
  ], {
    cwd: work, timeoutMs: 240_000,
    env: { HOME: home, PI_CODING_AGENT_DIR: agent, PI_OFFLINE: '1', PI_TELEMETRY: '0', PI_SKIP_VERSION_CHECK: '1', ...netEnv(netLog) },
  });
  await model.close();
  if (process.env.F0_E2E_DUMP) writeFileSync(`${process.env.F0_E2E_DUMP}-pi-${exposure}.json`, JSON.stringify(seen, null, 1));
  return { res, seen, netLog };
}

for (const exposure of ['direct', 'codemode']) {
  describe(`pi ${existsSync(PI_PKG) ? version(PI_PKG) : '(not installed)'} built-in MCP, exposure ${exposure}: a 1 MiB read`, { timeout: 300_000 }, () => {
    let turn;
    before(async () => {
      assert.ok(existsSync(PI_CLI), `pi 1.x not installed at ${PI_CLI}: run npm ci in e2e/clients/`);
      turn = await piTurn(exposure);
    });

    it('pi runs the whole turn and reaches no network but loopback', () => {
      assert.equal(turn.res.code, 0, `pi exited ${turn.res.code}:\n${turn.res.stdout}\n${turn.res.stderr}`);
      assert.match(turn.res.stdout, /All read\./, turn.res.stdout + turn.res.stderr);
      assert.equal(readFileSync(turn.netLog, 'utf8'), '', 'pi tried to connect beyond loopback');
    });

    it('every result reaches the model whole, and following the hints reads every byte', () => {
      for (const [i, r] of turn.seen.reads.entries()) {
        assert.doesNotMatch(r, /truncated output|chars truncated/, `read ${i + 1} was cut by pi`);
        assert.ok(Buffer.byteLength(r) <= PI_CUT, `read ${i + 1}: ${Buffer.byteLength(r)} bytes`);
      }
      assert.equal(footer(turn.seen.reads.at(-1)), null, 'the last read still points further');
      assert.equal(assemble(turn.seen.reads), BIG, 'following the hints skipped or repeated bytes');
      console.log(`# pi ${exposure}: ${turn.seen.reads.length} reads, largest ${Math.max(...turn.seen.reads.map((r) => Buffer.byteLength(r)))} bytes`);
    });

    it('every hint names a tool pi registered', () => {
      if (exposure === 'direct') {
        const hinted = new Set(turn.seen.called);
        for (const r of turn.seen.reads) for (const n of hintedNames(r, F0_TOOLS)) hinted.add(n);
        for (const n of hinted) assert.ok(turn.seen.toolNames.includes(n), `${n} not among ${turn.seen.toolNames}`);
      } else {
        assert.ok(turn.seen.toolNames.includes('codemode'), `no codemode tool: ${turn.seen.toolNames}`);
        assert.ok(!turn.seen.toolNames.some((n) => n.startsWith('mcp__')), 'codemode declares MCP tools');
        // A script that named a tool pi does not have would have failed, and its read would be missing.
        assert.equal(turn.seen.scripts.length, turn.seen.reads.length);
      }
    });
  });
}

// Codex keeps about 12,000 bytes of a result (head and tail) on a model it has no profile for.
const CODEX_CUT = 12000;

/** A call f0 writes for Codex: the listed name (Codex declares it in the namespace mcp__f0) and JSON. */
function codexCall(s) {
  const m = s.match(/^([a-z]\w*) (\{.*\})$/);
  assert.ok(m, `not a Codex call: ${s}`);
  return { name: m[1], args: JSON.parse(m[2]) };
}

async function codexTurn() {
  const work = tempDir('f0-codex-work-', { 'big.txt': BIG });
  const home = tempDir('f0-codex-home-');
  const seen = { reads: [], namespace: null, called: [] };
  const model = await startFakeResponses((body) => {
    seen.namespace ??= (body.tools || []).find((t) => t.type === 'namespace' && t.name === 'mcp__f0');
    const out = body.input.filter((i) => i.type === 'function_call_output').at(-1);
    if (out) {
      const parts = typeof out.output === 'string' ? [out.output] : out.output.map((p) => p.text ?? '');
      seen.reads.push(parts.filter((p) => !/^Wall time: [\d.]+ seconds\nOutput:$/.test(p)).join('\n'));
    }
    const hint = out ? footer(seen.reads.at(-1)) : null;
    if (out && !hint) return { text: 'All read.' };
    if (seen.reads.length > 150) return { text: 'Too many reads.' };
    const call = hint ? codexCall(hint) : { name: 'fs_read', args: { path: 'big.txt' } };
    seen.called.push(call.name);
    return { toolCalls: [{ namespace: 'mcp__f0', name: call.name, arguments: call.args }] };
  });
  // Codex's own requests beyond the model (plugin sync, updates) go to a proxy on loopback that
  // refuses them, so nothing leaves the machine whatever Codex tries.
  writeFileSync(path.join(home, 'config.toml'), [
    'model = "fake-model"', 'model_provider = "fake"', 'approval_policy = "never"', 'sandbox_mode = "read-only"',
    '[features]', 'plugins = false', 'remote_plugin = false', 'apps = false', 'in_app_updates = false',
    '[model_providers.fake]', 'name = "fake"', `base_url = "${model.baseUrl}"`, 'wire_api = "responses"', 'env_key = "F0_FAKE_KEY"',
    '[mcp_servers.f0]', `command = ${JSON.stringify(f0Bin())}`, `args = ${JSON.stringify(['serve', '--root', work])}`,
  ].join('\n') + '\n');
  const res = await run(process.execPath, [CODEX_CLI, 'exec', '--skip-git-repo-check', 'Read big.txt to the end.'], {
    cwd: work, timeoutMs: 240_000,
    env: {
      CODEX_HOME: home, HOME: home, F0_FAKE_KEY: 'fake-key', RUST_LOG: 'error',
      HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9', http_proxy: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost', GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
  await model.close();
  if (process.env.F0_E2E_DUMP) writeFileSync(`${process.env.F0_E2E_DUMP}-codex.json`, JSON.stringify(seen, null, 1));
  return { res, seen };
}

describe(`Codex CLI ${existsSync(CODEX_PKG) ? version(CODEX_PKG) : '(not installed)'}: a 1 MiB read`, { timeout: 300_000 }, () => {
  let turn;
  before(async () => {
    assert.ok(existsSync(CODEX_CLI), `codex not installed at ${CODEX_CLI}: run npm ci in e2e/clients/`);
    turn = await codexTurn();
  });

  it('codex exec runs the whole turn', () => {
    assert.equal(turn.res.code, 0, `codex exited ${turn.res.code}:\n${turn.res.stdout}\n${turn.res.stderr}`);
    assert.match(turn.res.stdout, /All read\./, turn.res.stdout + turn.res.stderr);
  });

  it('every result reaches the model whole, and following the hints reads every byte', () => {
    for (const [i, r] of turn.seen.reads.entries()) {
      assert.ok(Buffer.byteLength(r) <= CODEX_CUT, `read ${i + 1}: ${Buffer.byteLength(r)} bytes`);
    }
    assert.equal(footer(turn.seen.reads.at(-1)), null, 'the last read still points further');
    assert.equal(assemble(turn.seen.reads), BIG, 'following the hints skipped or repeated bytes');
  });

  it('every hint names a tool of the namespace Codex declares', () => {
    assert.ok(turn.seen.namespace, 'no namespace mcp__f0 in the tools Codex sent');
    const names = turn.seen.namespace.tools.map((t) => t.name);
    const hinted = new Set(turn.seen.called);
    for (const r of turn.seen.reads) for (const n of hintedNames(r, F0_TOOLS)) hinted.add(n);
    for (const n of hinted) assert.ok(names.includes(n), `${n} not among ${names}`);
  });
});

// gemini-cli cuts one text part over 40,000 characters to its first 20% and last 80%
// (tools.truncateToolOutputThreshold), counting the <untrusted_context> lines it wraps a result in.
const GEMINI_CUT = 40000;

/** A call f0 writes for gemini-cli: `mcp_f0_NAME {json}`. */
function plainCall(s) {
  const m = s.match(/^([A-Za-z][\w-]*) (\{.*\})$/);
  assert.ok(m, `not a call: ${s}`);
  return { name: m[1], args: JSON.parse(m[2]) };
}

async function geminiTurn() {
  const work = tempDir('f0-gemini-work-', { 'big.txt': BIG });
  const home = tempDir('f0-gemini-home-');
  const netLog = path.join(home, 'net.log');
  writeFileSync(netLog, '');
  const seen = { reads: [], toolNames: null, called: [], side: 0 };
  const model = await startFakeGemini((body) => {
    const declared = (body.tools || []).flatMap((t) => t.functionDeclarations || []).map((d) => d.name);
    if (!declared.length) {
      // A side request (gemini-cli's loop check asks for JSON): not part of the turn.
      seen.side++;
      return { json: { unproductive_state_analysis: 'reading one file in parts', unproductive_state_confidence: 0 } };
    }
    seen.toolNames ??= declared;
    const response = body.contents.at(-1).parts.find((p) => p.functionResponse)?.functionResponse.response;
    if (response) seen.reads.push(typeof response.output === 'string' ? response.output : JSON.stringify(response));
    const hint = response ? footer(seen.reads.at(-1)) : null;
    if (response && !hint) return { text: 'All read.' };
    if (seen.reads.length > 60) return { text: 'Too many reads.' };
    const call = hint ? plainCall(hint) : { name: 'mcp_f0_fs_read', args: { path: 'big.txt' } };
    seen.called.push(call.name);
    return { toolCalls: [{ name: call.name, arguments: call.args }] };
  });
  mkdirSync(path.join(home, '.gemini'), { recursive: true });
  writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    privacy: { usageStatisticsEnabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    telemetry: { enabled: false },
    mcpServers: { f0: { command: f0Bin(), args: ['serve', '--root', work, '--max-output', '1048576'], trust: true } },
  }));
  const res = await run(node22(), [
    '--import', pathToFileURL(path.join(E2E_DIR, 'lib', 'loopback-only.mjs')).href,
    GEMINI_CLI, '-p', 'Read big.txt to the end.', '--yolo', '-m', 'gemini-2.5-flash',
  ], {
    cwd: work, timeoutMs: 120_000,
    env: { HOME: home, GEMINI_API_KEY: 'fake-key', GOOGLE_GEMINI_BASE_URL: model.baseUrl, GEMINI_CLI_NO_RELAUNCH: '1', ...netEnv(netLog) },
  });
  await model.close();
  if (process.env.F0_E2E_DUMP) writeFileSync(`${process.env.F0_E2E_DUMP}-gemini.json`, JSON.stringify(seen, null, 1));
  return { res, seen, netLog };
}

/** A gemini-cli result without the <untrusted_context> lines it wraps an MCP result in. */
const unwrapGemini = (r) => r.replace(/^<untrusted_context>\n/, '').replace(/\n<\/untrusted_context>$/, '');

describe(`gemini-cli ${existsSync(GEMINI_PKG) ? version(GEMINI_PKG) : '(not installed)'}: a 1 MiB read`, { timeout: 180_000 }, () => {
  let turn;
  before(async () => {
    assert.ok(existsSync(GEMINI_CLI), `gemini-cli not installed at ${GEMINI_CLI}: run npm ci in e2e/clients/`);
    turn = await geminiTurn();
  });

  it('gemini -p runs the whole turn and reaches no network but loopback', () => {
    assert.equal(turn.res.code, 0, `gemini exited ${turn.res.code}:\n${turn.res.stdout}\n${turn.res.stderr}`);
    assert.match(turn.res.stdout, /All read\./, turn.res.stdout + turn.res.stderr);
    assert.equal(readFileSync(turn.netLog, 'utf8'), '', 'gemini-cli tried to connect beyond loopback');
  });

  it('every result reaches the model whole, and following the hints reads every byte', () => {
    for (const [i, r] of turn.seen.reads.entries()) {
      assert.doesNotMatch(r, /^Output too large\.|characters omitted\]/, `read ${i + 1} was cut by gemini-cli`);
      assert.ok(r.length <= GEMINI_CUT, `read ${i + 1}: ${r.length} characters`);
    }
    const reads = turn.seen.reads.map(unwrapGemini);
    assert.equal(footer(reads.at(-1)), null, 'the last read still points further');
    assert.equal(assemble(reads), BIG, 'following the hints skipped or repeated bytes');
    console.log(`# gemini-cli: ${reads.length} reads, largest ${Math.max(...turn.seen.reads.map((r) => r.length))} characters`);
  });

  it('every hint names a tool gemini-cli declared', () => {
    assert.ok(turn.seen.toolNames.includes('mcp_f0_fs_read'), `declared: ${turn.seen.toolNames}`);
    const hinted = new Set(turn.seen.called);
    for (const r of turn.seen.reads) for (const n of hintedNames(r, F0_TOOLS)) hinted.add(n);
    for (const n of hinted) assert.ok(turn.seen.toolNames.includes(n), `${n} not among ${turn.seen.toolNames}`);
  });
});

// Claude Code 2.1 keeps a tool result of up to 50,000 characters in the conversation; a longer one is
// saved to a file and the model gets <persisted-output> with the file's path and its first 2,000 bytes.
const CLAUDE_CUT = 50000;

/** The deferred tools Claude Code lists to the model in a system reminder (their schemas load through ToolSearch). */
function claudeDeferred(body) {
  const texts = body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [{ text: m.content }])).map((c) => c.text ?? '');
  const list = texts.find((t) => t.includes('deferred tools are now available via ToolSearch'));
  return list ? list.split('\n').filter((l) => /^[\w-]+$/.test(l)) : [];
}

const toolResultText = (block) => (typeof block.content === 'string' ? block.content
  : block.content.filter((c) => c.type === 'text' && !c.text.startsWith('<system-reminder>')).map((c) => c.text).join('\n'));

async function claudeTurn() {
  const work = tempDir('f0-claude-work-', { 'big.txt': BIG });
  const home = tempDir('f0-claude-home-');
  const seen = { reads: [], deferred: null, declared: new Set(), called: [], searched: [], side: 0 };
  const model = await startFakeAnthropic((body) => {
    const declared = (body.tools || []).map((t) => t.name);
    if (!declared.includes('ToolSearch')) { seen.side++; return { text: 'side request' }; }
    seen.deferred ??= claudeDeferred(body);
    for (const n of declared) seen.declared.add(n);
    const last = body.messages.at(-1);
    const result = Array.isArray(last.content) ? last.content.find((c) => c.type === 'tool_result') : null;
    if (!result) {
      // Claude Code declares MCP tools deferred: the model loads fs_read's schema first.
      seen.searched.push('mcp__f0__fs_read');
      return { toolCalls: [{ name: 'ToolSearch', arguments: { query: 'select:mcp__f0__fs_read', max_results: 1 } }] };
    }
    const isRead = seen.called.length > 0;
    if (isRead) seen.reads.push(toolResultText(result));
    const hint = isRead ? footer(seen.reads.at(-1)) : null;
    if (isRead && !hint) return { text: 'All read.' };
    if (seen.reads.length > 60) return { text: 'Too many reads.' };
    const call = hint ? plainCall(hint) : { name: 'mcp__f0__fs_read', args: { path: 'big.txt' } };
    seen.called.push(call.name);
    return { toolCalls: [{ name: call.name, arguments: call.args }] };
  });
  // Claude Code's requests beyond the model go to a proxy on loopback that records and refuses them.
  const proxy = await startRefusingProxy();
  const mcpConfig = JSON.stringify({ mcpServers: { f0: { command: f0Bin(), args: ['serve', '--root', work, '--max-output', '1048576'] } } });
  const res = await run(CLAUDE_CLI, [
    '-p', 'Read big.txt to the end.', '--mcp-config', mcpConfig, '--strict-mcp-config',
    '--allowedTools', 'mcp__f0', '--model', 'claude-sonnet-4-5', '--output-format', 'text',
  ], {
    cwd: work, timeoutMs: 120_000,
    env: {
      HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), ANTHROPIC_API_KEY: 'fake-key', ANTHROPIC_BASE_URL: model.baseUrl,
      DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_TELEMETRY: '1', DISABLE_ERROR_REPORTING: '1',
      MAX_MCP_OUTPUT_TOKENS: '',
      HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, https_proxy: proxy.url, http_proxy: proxy.url,
      NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost',
    },
  });
  await model.close();
  await proxy.close();
  if (process.env.F0_E2E_DUMP) writeFileSync(`${process.env.F0_E2E_DUMP}-claude.json`, JSON.stringify({ ...seen, declared: [...seen.declared] }, null, 1));
  return { res, seen, tried: proxy.tried };
}

describe(`Claude Code ${existsSync(CLAUDE_PKG) ? version(CLAUDE_PKG) : '(not installed)'}: a 1 MiB read`, { timeout: 180_000 }, () => {
  let turn;
  before(async () => {
    assert.ok(existsSync(CLAUDE_CLI), `Claude Code not installed at ${CLAUDE_CLI}: run npm ci in e2e/clients/`);
    turn = await claudeTurn();
  });

  it('claude -p runs the whole turn and asks the proxy for nothing', () => {
    assert.equal(turn.res.code, 0, `claude exited ${turn.res.code}:\n${turn.res.stdout}\n${turn.res.stderr}`);
    assert.match(turn.res.stdout, /All read\./, turn.res.stdout + turn.res.stderr);
    assert.deepEqual(turn.tried, [], 'Claude Code tried to reach beyond loopback');
  });

  it('every result reaches the model whole, and following the hints reads every byte', () => {
    for (const [i, r] of turn.seen.reads.entries()) {
      assert.doesNotMatch(r, /<persisted-output>|exceeds maximum allowed tokens/, `read ${i + 1} was cut by Claude Code`);
      assert.ok(r.length <= CLAUDE_CUT, `read ${i + 1}: ${r.length} characters`);
    }
    assert.equal(footer(turn.seen.reads.at(-1)), null, 'the last read still points further');
    assert.equal(assemble(turn.seen.reads), BIG, 'following the hints skipped or repeated bytes');
    console.log(`# Claude Code: ${turn.seen.reads.length} reads, largest ${Math.max(...turn.seen.reads.map((r) => r.length))} characters`);
  });

  it('every hint names a tool Claude Code lists, and the one called was declared', () => {
    assert.ok(turn.seen.deferred.includes('mcp__f0__fs_read'), `deferred: ${turn.seen.deferred}`);
    for (const n of new Set(turn.seen.called)) assert.ok(turn.seen.declared.has(n), `${n} called but never declared`);
    const hinted = new Set();
    for (const r of turn.seen.reads) for (const n of hintedNames(r, F0_TOOLS)) hinted.add(n);
    for (const n of hinted) assert.ok(turn.seen.deferred.includes(n), `${n} not among ${turn.seen.deferred}`);
  });
});
