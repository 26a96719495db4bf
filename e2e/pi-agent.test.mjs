// A full pi agent turn: the pi coding agent (npm @earendil-works/pi-coding-agent, pinned) in print
// mode, with pi-mcp-adapter (pinned) loaded as its extension and f0 configured the way the README
// says (directTools net_curl, fs_read and batch; the rest through pi's `mcp` proxy tool). The model
// is a fake OpenAI-compatible server on 127.0.0.1 that scripts the tool calls and records every
// request, so the test sees exactly what a model in pi sees:
//   - the tool list: names, and the one-line descriptions pi puts in its system prompt (cut by pi
//     at 100 characters: f0's first sentence must survive whole);
//   - a 3,000-line file read to its end by following, each time, the call f0 printed last;
//   - proxy calls (object and JSON-string args), a failure, and calls after it (the connection
//     survives), and a hint from an error followed as written.
// pi runs with HOME in a temp dir, offline, and a preload that refuses any connection that is not to
// loopback (lib/loopback-only.mjs): the test asserts nothing tried.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { f0Bin } from './lib/f0.mjs';
import { startTargetServer, tempDir } from './lib/procs.mjs';
import { ADAPTER, PI_CLI, PI_PKG, runPi, version } from './lib/pi.mjs';
import { startFakeModel } from './lib/fake-openai.mjs';


const DIRECT = ['net_curl', 'fs_read', 'batch'];
// Issue 8 rewrote every description's first sentence to at most 95 characters (TestSchemaRules keeps
// it so), so that pi's prompt line (cut at 100) keeps it whole: no tool is exempt.
const FIRST_SENTENCE_TOO_LONG = new Set([]);
const LINES = 3000;
const BIG = Array.from({ length: LINES }, (_, i) => `line ${i + 1} of the long file`).join('\n') + '\n';

// pi's limits on one tool result (pi-mcp-adapter's output guard).
const PI_MAX_BYTES = 50 * 1024;
const PI_MAX_LINES = 2000;

/** The call f0 printed on the last line of a result, as pi takes it: [tool, args]. */
function lastCall(text) {
  const last = text.slice(text.lastIndexOf('\n') + 1);
  const rest = last.match(/^Get the rest: (.*)$/);
  if (!rest) return null;
  return parseCall(rest[1]);
}

/** A call written by f0 for pi: `f0_fs_read {…}` or `mcp({tool: "…", args: {…}})`. */
function parseCall(s) {
  let m = s.match(/^mcp\(\{tool: "([\w-]+)", args: (\{.*\})\}\)$/);
  if (m) return ['mcp', { tool: m[1], args: JSON.parse(m[2]) }];
  m = s.match(/^([\w-]+) (\{.*\})$/);
  if (m) return [m[1], JSON.parse(m[2])];
  throw new Error(`not a call pi accepts: ${s}`);
}

const toolResults = (body) => body.messages.filter((m) => m.role === 'tool');
const lastResult = (body) => {
  const t = toolResults(body).at(-1);
  return typeof t.content === 'string' ? t.content : t.content.map((c) => c.text ?? '').join('');
};
const lineCount = (s) => s.replace(/\n$/, '').split('\n').length;

describe(`pi ${version(PI_PKG)} + pi-mcp-adapter ${version(ADAPTER)}: a full agent turn`, { timeout: 240_000 }, () => {
  let model, target, work, home, netLog, piRun;
  const seen = { reads: [], proxy: [], failure: null, afterFailure: null, hinted: null };

  before(async () => {
    assert.ok(existsSync(PI_CLI), `pi not installed at ${PI_CLI}: run npm ci in e2e/`);
    target = await startTargetServer();
    work = tempDir('f0-pi-work-', { 'big.txt': BIG, 'sub/a.txt': 'a\n' });
    home = tempDir('f0-pi-home-');
    netLog = path.join(home, 'net.log');
    writeFileSync(netLog, '');
    const agent = path.join(home, '.pi', 'agent');
    mkdirSync(agent, { recursive: true });

    // The scripted model: every step looks at what pi sent and answers with the next tool call.
    let phase = 'start';
    model = await startFakeModel((body) => {
      const names = (body.tools || []).map((t) => t.function.name);
      switch (phase) {
        case 'start':
          phase = 'reading';
          assert.ok(names.includes('f0_fs_read'), `tools: ${names}`);
          // As in issue 16: the model asks for more than pi passes on.
          return { toolCalls: [{ name: 'f0_fs_read', arguments: { path: 'big.txt', maxBytes: 100000 } }] };
        case 'reading': {
          const text = lastResult(body);
          seen.reads.push(text);
          const next = lastCall(text);
          if (next && seen.reads.length < 10) return { toolCalls: [{ name: next[0], arguments: next[1] }] };
          phase = 'proxy-object';
          return { toolCalls: [{ name: 'mcp', arguments: { tool: 'fs_find', args: { pattern: '*.txt' } } }] };
        }
        case 'proxy-object':
          seen.proxy.push(lastResult(body));
          phase = 'proxy-string';
          return { toolCalls: [{ name: 'mcp', arguments: { tool: 'fs_stat', args: JSON.stringify({ path: 'big.txt' }) } }] };
        case 'proxy-string':
          seen.proxy.push(lastResult(body));
          phase = 'failure';
          return { toolCalls: [{ name: 'f0_fs_read', arguments: { path: 'sub' } }] };
        case 'failure': {
          seen.failure = lastResult(body);
          phase = 'hint';
          // Follow the hint f0 gave in its error, exactly as written.
          const hint = seen.failure.match(/List it with (.*)$/m);
          assert.ok(hint, `no hint in the error:\n${seen.failure}`);
          return { toolCalls: [{ name: parseCall(hint[1])[0], arguments: parseCall(hint[1])[1] }] };
        }
        case 'hint':
          seen.hinted = lastResult(body);
          phase = 'after';
          return { toolCalls: [{ name: 'f0_net_curl', arguments: { url: `${target.url}/after-failure` } }] };
        case 'after':
          seen.afterFailure = lastResult(body);
          phase = 'done';
          return { text: 'All read.' };
      }
      return { text: 'done.' };
    });

    writeFileSync(path.join(agent, 'models.json'), JSON.stringify({
      providers: {
        fake: {
          baseUrl: model.baseUrl, api: 'openai-completions', apiKey: 'fake-key',
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: 'fake-model', contextWindow: 200000, maxTokens: 4096 }],
        },
      },
    }));
    // The README's pi configuration.
    writeFileSync(path.join(agent, 'mcp.json'), JSON.stringify({
      mcpServers: {
        f0: {
          command: f0Bin(),
          args: ['serve', '--root', work, '--net-allow', 'loopback', '--pi-direct-tools', DIRECT.join(',')],
          directTools: DIRECT,
        },
      },
    }));

    piRun = await runPi({ cwd: work, home: home, agent: agent, netLog: netLog, prompt: 'Read big.txt to the end.' });
  });

  after(async () => {
    await model?.close();
    await target?.close();
  });

  it('pi runs the whole turn and reaches no network but loopback', () => {
    assert.equal(piRun.code, 0, `pi exited ${piRun.code}:\n${piRun.stdout}\n${piRun.stderr}`);
    assert.match(piRun.stdout, /All read\./);
    assert.equal(readFileSync(netLog, 'utf8'), '', 'pi tried to connect beyond loopback');
  });

  it('the model sees the direct tools and the proxy, with f0 descriptions whose first sentence survives pi', () => {
    const body = model.requests[0];
    const names = body.tools.map((t) => t.function.name);
    const f0Tools = names.filter((n) => n.startsWith('f0_')).sort();
    assert.deepEqual(f0Tools, DIRECT.map((n) => `f0_${n}`).sort());
    assert.ok(names.includes('mcp'), `no mcp proxy tool: ${names}`);
    const system = body.messages[0].content;
    for (const n of f0Tools) {
      const tool = body.tools.find((t) => t.function.name === n).function;
      const first = tool.description.split(/(?<=\.)\s/)[0];
      const line = system.split('\n').find((l) => l.startsWith(`- ${n}: `));
      assert.ok(line, `${n} not in pi's system prompt`);
      if (FIRST_SENTENCE_TOO_LONG.has(n) && first.length > 95) {
        console.log(`# ${n}: first sentence still ${first.length} characters; pi shows: ${line}`);
      } else {
        assert.ok(first.length <= 95, `${n}: first sentence is ${first.length} characters: ${first}`);
        assert.ok(line.includes(first), `pi cut ${n}'s first sentence:\n${line}\nwant: ${first}`);
      }
      const size = JSON.stringify(tool).length;
      assert.ok(size < 8 * 1024, `${n}: ${size} bytes in the tool list`);
    }
  });

  it('a 3,000-line file is read to its end by following the call f0 printed last', () => {
    assert.ok(seen.reads.length >= 2, `only ${seen.reads.length} read(s)`);
    let text = '';
    for (const [i, r] of seen.reads.entries()) {
      assert.ok(Buffer.byteLength(r) <= PI_MAX_BYTES && lineCount(r) <= PI_MAX_LINES,
        `read ${i + 1}: ${Buffer.byteLength(r)} bytes, ${lineCount(r)} lines: pi cut it`);
      assert.doesNotMatch(r, /MCP text output truncated/, `read ${i + 1} was cut by pi`);
      const lines = r.split('\n');
      const head = lines[0].match(/^big\.txt · lines ([\d,]+)-([\d,]+) of 3,000/);
      assert.ok(head, `read ${i + 1} head: ${lines[0]}`);
      const body = lastCall(r) ? lines.slice(1, -2) : lines.slice(1);
      while (body.length && body.at(-1).startsWith('note: ')) body.pop(); // f0's notes, before its footer
      if (lastCall(r)) assert.match(lines[0], /· rest at offset=\d+/, 'the head names where the rest starts');
      text += body.join('\n').replace(/\n?$/, '\n');
    }
    assert.equal(lastCall(seen.reads.at(-1)), null, 'the last read still points further');
    assert.equal(text, BIG, 'following the continuations skipped or repeated lines');
    console.log(`# 3,000-line read: ${seen.reads.length} calls; bytes per result ${seen.reads.map((r) => Buffer.byteLength(r)).join(', ')}; lines ${seen.reads.map(lineCount).join(', ')}`);
  });

  it('proxy calls work, with args as an object and as a JSON string', () => {
    assert.match(seen.proxy[0], /big\.txt/);
    assert.match(seen.proxy[0], /sub\/a\.txt/);
    assert.match(seen.proxy[1], /big\.txt/);
    assert.match(seen.proxy[1], /3,000 lines|lines: 3000|3000 lines/);
  });

  it('a failure is an error the model can act on, its hint works as written, and the connection survives', () => {
    assert.match(seen.failure, /sub is a directory, not a file/);
    assert.match(seen.failure, /List it with mcp\(\{tool: "fs_list", args: \{"path":"sub"\}\}\)/);
    assert.match(seen.hinted, /a\.txt/);
    assert.match(seen.afterFailure, /200 OK/);
    assert.match(seen.afterFailure, /target-ok \/after-failure/);
  });
});
