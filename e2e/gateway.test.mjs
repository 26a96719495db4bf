// f0 in front of real MCP servers from npm (issue 15): the official filesystem server and server-everything
// run as upstreams of f0 serve, driven by the official TypeScript SDK client. Their tools must resolve
// under any spelling, take arguments as a JSON string, page a 1 MiB read within the output budget with a
// working continuation, pass the portability rules, and come back after their process is killed.
//
// Run: e2e/run.sh, or node --test e2e/gateway.test.mjs with F0_BIN=/path/to/f0 (after npm ci in e2e/).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { callTool, connectStdio, listAllTools, startEverythingHttp, stopProcess, nameProblems, rawCallTool, resultText, schemaProblems, show } from './lib/f0.mjs';
import { childPids, cmdline, EVERYTHING, FILESYSTEM, upstreamFlags } from './lib/upstreams.mjs';

const T = { timeout: 60_000 };
const HOOK = { timeout: 120_000 };
const BUDGET = 24 * 1024; // f0's default output budget

function assertOk(res, what) {
  assert.notEqual(res.isError, true, `${what}: unexpected isError result: ${show(res)}`);
}

describe('gateway: the filesystem server and server-everything behind f0 (stdio)', () => {
  let dir;
  let conn;
  const bigLines = [];
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'f0-gateway-'));
    writeFileSync(path.join(dir, 'hello.txt'), 'hello from the filesystem server\n');
    for (let i = 0, size = 0; size < 1 << 20; i++) {
      bigLines.push(`line ${String(i).padStart(6, '0')} ${'x'.repeat(52)}`);
      size += 64;
    }
    writeFileSync(path.join(dir, 'big.txt'), bigLines.join('\n') + '\n');
    conn = await connectStdio(['--access', 'admin', '--root', dir, ...upstreamFlags(dir)]);
  }, HOOK);
  after(async () => {
    await conn?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the upstream tools under their namespaces, with portable names and schemas', T, async () => {
    const tools = await listAllTools(conn.client);
    const names = tools.map((t) => t.name);
    for (const want of ['files_read_text_file', 'files_list_directory', 'everything_echo', 'everything_get_tiny_image', 'fs_read']) {
      assert.ok(names.includes(want), `${want} not listed: ${show(names)}`);
    }
    const problems = tools.flatMap((t) => [...nameProblems(t.name), ...schemaProblems(t.inputSchema).map((p) => `${t.name}: ${p}`)]);
    assert.deepEqual(problems, []);
    const read = tools.find((t) => t.name === 'files_read_text_file');
    assert.equal(read.annotations?.readOnlyHint, true, show(read));
    assert.match(read.description, /^Read the complete contents of a file/);
    assert.match(read.description, /Example: \{"path":/);
  });

  it('resolves the upstream tools under any spelling', T, async () => {
    const file = path.join(dir, 'hello.txt');
    for (const name of ['files_read_text_file', 'files.read_text_file', 'FILES-READ-TEXT-FILE', 'mcp__f0__files_read_text_file', 'read_text_file']) {
      const res = await callTool(conn.client, name, { path: file });
      assertOk(res, name);
      assert.equal(resultText(res), 'hello from the filesystem server\n', name);
    }
    const miss = await callTool(conn.client, 'files_read_txt_file', { path: file });
    assert.equal(miss.isError, true, show(miss));
    assert.match(resultText(miss), /- files_read_text_file: /);
  });

  it('takes arguments sent as a JSON string, and explains a misspelt field from the upstream schema', T, async () => {
    const file = path.join(dir, 'hello.txt');
    const res = await rawCallTool(conn.client, { name: 'files_read_text_file', arguments: JSON.stringify({ path: file }) });
    assertOk(res, 'JSON string');
    assert.equal(resultText(res), 'hello from the filesystem server\n');
    const bad = await callTool(conn.client, 'files_read_text_file', { pth: file });
    assert.equal(bad.isError, true, show(bad));
    const text = resultText(bad);
    assert.match(text, /"pth": unknown field; did you mean "path"\?/, text);
    assert.match(text, /You passed: \{"pth":/, text);
    assert.match(text, /Expected: \{path: string, tail\?: number, head\?: number/, text);
    assert.match(text, /Example: files_read_text_file \{"path":"[^"]*hello\.txt"\}/, text); // the call it meant, with the field spelt right
  });

  it('returns a 1 MiB read within the budget, and its continuation pages through the whole file', T, async () => {
    const file = path.join(dir, 'big.txt');
    let args = { path: file };
    let pages = 0;
    let expected = 0; // index of the next line of the file
    for (;;) {
      const res = await callTool(conn.client, 'files_read_text_file', args);
      assertOk(res, `page ${pages}`);
      const text = resultText(res);
      assert.ok(Buffer.byteLength(text) <= BUDGET, `page ${pages}: ${Buffer.byteLength(text)} bytes over the budget`);
      pages++;
      const lines = text.split('\n').filter((l) => l.startsWith('line '));
      assert.equal(lines[0], bigLines[expected], `page ${pages} starts at ${lines[0]}, want ${bigLines[expected]}`);
      expected += lines.length;
      const next = text.match(/Get the rest: files_read_text_file (\{.*\})$/m);
      if (!next) break;
      args = JSON.parse(next[1]);
      assert.equal(typeof args.offset, 'number', next[0]);
      assert.ok(pages < 200, 'too many pages');
    }
    assert.equal(expected, bigLines.length, `read ${expected} of ${bigLines.length} lines in ${pages} pages`);
    assert.ok(pages > 40, `${pages} pages`);
  });

  it('summarizes an image unless asked, and passes progress through', T, async () => {
    const img = await callTool(conn.client, 'everything_get_tiny_image', {});
    assertOk(img, 'image');
    assert.match(resultText(img), /\[image image\/png, [\d,]+ bytes, sha256 [0-9a-f]+; omitted: call again with includeBinary: true/);
    const full = await callTool(conn.client, 'everything_get_tiny_image', { includeBinary: true });
    assert.ok(full.content.some((c) => c.type === 'image' && c.mimeType === 'image/png'), show(full));
    const progress = [];
    const res = await conn.client.callTool({ name: 'everything_trigger_long_running_operation', arguments: { duration: 1, steps: 2 } },
      undefined, { timeout: 30_000, onprogress: (p) => progress.push(p) });
    assertOk(res, 'long running operation');
    assert.ok(progress.length >= 1, `no progress: ${show(res)}`);
  });

  it('explains a killed upstream, then starts it again', T, async () => {
    const server = childPids(conn.transport.pid).find((pid) => cmdline(pid).includes(FILESYSTEM));
    assert.ok(server, `no filesystem server among f0's children: ${childPids(conn.transport.pid).map(cmdline).join('; ')}`);
    process.kill(server, 'SIGKILL');
    const file = path.join(dir, 'hello.txt');
    let res;
    for (let i = 0; i < 50; i++) { // until f0 has seen the process go
      res = await callTool(conn.client, 'files_read_text_file', { path: file });
      if (res.isError) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(res.isError, true, show(res));
    assert.match(resultText(res), /upstream server "files" stopped: .*\nf0 starts it again on the next call\./s);
    const again = await callTool(conn.client, 'files_read_text_file', { path: file });
    assertOk(again, 'after the restart');
    assert.equal(resultText(again), 'hello from the filesystem server\n');
    const other = await callTool(conn.client, 'everything_echo', { message: 'still here' });
    assert.match(resultText(other), /still here/);
  });
});

describe('gateway: --config with server-everything over streamable HTTP and the filesystem server over stdio', () => {
  let dir;
  let everything;
  let conn;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'f0-gateway-config-'));
    writeFileSync(path.join(dir, 'hello.txt'), 'hello over config\n');
    let port;
    ({ child: everything, port } = await startEverythingHttp(EVERYTHING));
    const config = path.join(dir, 'mcp.json');
    writeFileSync(config, JSON.stringify({
      mcpServers: {
        everything: { url: `http://127.0.0.1:${port}/mcp`, headers: { 'X-Test': '${F0_GATEWAY_TEST}' } },
        files: { command: process.execPath, args: [FILESYSTEM, dir] },
      },
    }));
    conn = await connectStdio(['--config', config, '--root', dir], { env: { F0_GATEWAY_TEST: 'yes' } });
  }, HOOK);
  after(async () => {
    await conn?.close();
    await stopProcess(everything);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('calls tools of both, with repairs, and progress over HTTP', T, async () => {
    const sum = await callTool(conn.client, 'everything.get-sum', { a: '2', b: 3 });
    assertOk(sum, 'get-sum');
    assert.match(resultText(sum), /\b5\b/);
    const read = await rawCallTool(conn.client, { name: 'files_read_text_file', arguments: JSON.stringify({ path: path.join(dir, 'hello.txt') }) });
    assertOk(read, 'read');
    assert.equal(resultText(read), 'hello over config\n');
    const progress = [];
    const res = await conn.client.callTool({ name: 'everything_trigger_long_running_operation', arguments: { duration: 1, steps: 2 } },
      undefined, { timeout: 30_000, onprogress: (p) => progress.push(p) });
    assertOk(res, 'long running operation');
    assert.ok(progress.length >= 1, `no progress: ${show(res)}`);
  });
});
