// Scale-out: two `f0 serve --http … --stateless` instances behind nginx (the Debian package;
// e2e/run.sh and .ci/run install it), all on loopback. nginx runs in the foreground from a temp
// prefix with its own config, pid file and logs, using the documented snippet e2e/nginx/f0.conf.
//
//   - a client's calls spread across both instances (each instance has its own --root with a
//     marker file; fs_read tells them apart);
//   - a killed instance does not fail calls: nginx retries the refused connection on the other
//     and marks the dead one down (max_fails, proxy_next_upstream error timeout);
//   - shutdown drains: SIGTERM to an instance in the middle of slow calls (net_curl to a loopback
//     server that answers late) lets those calls finish, while new calls go to the other one.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { MCP_POST_HEADERS, callTool, connectHttp, jsonRpcMessages, listAllTools, rawHttp, resultText, show, startHttpServer, withTimeout } from './lib/f0.mjs';
import { startNginx } from './lib/nginx.mjs';
import { startTargetServer, tempDir, waitFor } from './lib/procs.mjs';

const T = { timeout: 60_000 };
const HOOK = { timeout: 60_000 };
const TOKEN_ENV = 'F0_E2E_NGINX_TOKEN';
const TOKEN = randomBytes(24).toString('hex');
const AUTH = { Authorization: `Bearer ${TOKEN}` };

async function startCluster() {
  const inst = {};
  for (const id of ['A', 'B']) {
    const root = tempDir(`f0-nginx-root-${id}-`, { 'instance.txt': `instance-${id}\n` });
    inst[id] = await startHttpServer(
      ['--stateless', '--root', root, '--net-allow', 'loopback', '--auth-token-env', TOKEN_ENV, '--shutdown-grace', '20s'],
      { env: { [TOKEN_ENV]: TOKEN } },
    );
  }
  const nginx = await startNginx([inst.A.port, inst.B.port]);
  return {
    inst,
    nginx,
    async stop() {
      await nginx.stop();
      await Promise.all(Object.values(inst).map((s) => s.stop()));
    },
  };
}

/** Which instance answered: fs_read of the marker file each instance's root holds. */
async function whoAnswers(client) {
  const res = await callTool(client, 'fs_read', { path: 'instance.txt' });
  assert.notEqual(res.isError, true, show(res));
  const m = resultText(res).match(/instance-([AB])/);
  assert.ok(m, `no instance marker in ${show(res)}`);
  return m[1];
}

const callsLogged = (srv, tool) => (srv.output().match(new RegExp(`msg=call tool=${tool.replace('.', '\\.')}\\b[^\\n]*outcome=ok`, 'g')) || []).length;

// ---------------------------------------------------------------------------

describe('nginx → two stateless f0 instances: spread and failover', () => {
  let cluster;
  let conn;
  before(async () => {
    cluster = await startCluster();
    conn = await connectHttp(cluster.nginx.url, { headers: AUTH });
  }, HOOK);
  after(async () => {
    await conn?.close();
    await cluster?.stop();
  }, HOOK);

  it('the token is required through nginx too (401 without it)', T, async () => {
    const res = await rawHttp(cluster.nginx.url, { headers: MCP_POST_HEADERS, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    assert.equal(res.status, 401, res.body);
  });

  it('tools/list through nginx', T, async () => {
    const names = (await listAllTools(conn.client)).map((t) => t.name);
    assert.ok(names.includes('fs_read') && names.includes('net_curl'), show(names));
  });

  it("a client's calls spread across both instances", T, async (t) => {
    const seen = { A: 0, B: 0 };
    for (let i = 0; i < 12; i++) seen[await whoAnswers(conn.client)]++;
    t.diagnostic(`answers: A ${seen.A}, B ${seen.B}`);
    assert.ok(seen.A > 0 && seen.B > 0, `one instance got every call: ${show(seen)}`);
    // f0's own call log agrees: both instances served fs.read calls (a log line is
    // written by f0's log goroutine, so it may reach the pipe just after the answer).
    for (const name of ['A', 'B']) {
      const inst = cluster.inst[name];
      await waitFor(() => callsLogged(inst, 'fs.read') > 0, { timeoutMs: 10_000, what: `instance ${name} logging its fs.read calls:\n${inst.output().slice(-2000)}` });
    }
  });

  it('raw session-less requests are answered by either instance', T, async () => {
    const h = { ...MCP_POST_HEADERS, ...AUTH, 'mcp-protocol-version': '2025-11-25' };
    for (let i = 0; i < 4; i++) {
      const res = await rawHttp(cluster.nginx.url, { headers: h, body: { jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params: { name: 'fs_read', arguments: { path: 'instance.txt' } } } });
      assert.equal(res.status, 200, res.body);
      const result = jsonRpcMessages(res).find((m) => m.id === 10 + i)?.result;
      assert.match(result?.content?.[0]?.text || '', /instance-[AB]/, res.body);
    }
  });

  it('a killed instance does not fail calls: nginx retries on the other and marks it down', T, async (t) => {
    const exited = cluster.inst.A.child.exitCode === null ? new Promise((r) => cluster.inst.A.child.once('exit', r)) : null;
    cluster.inst.A.child.kill('SIGKILL');
    await exited;
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await whoAnswers(conn.client));
    assert.deepEqual(answers, Array(10).fill('B'));
    const log = cluster.nginx.errorLog();
    t.diagnostic(log.split('\n').filter((l) => /connect\(\) failed|upstream server temporarily disabled|no live upstreams/.test(l)).slice(0, 3).join('\n'));
    assert.match(log, /connect\(\) failed \(111: Connection refused\)/, `nginx did not see the refused connection:\n${log.slice(-3000)}`);
    assert.match(log, /upstream server temporarily disabled/, `nginx did not mark the instance down:\n${log.slice(-3000)}`);
    assert.doesNotMatch(log, /no live upstreams/, log.slice(-3000));
  });
});

describe('nginx → two stateless f0 instances: SIGTERM drains in-flight calls', () => {
  let cluster;
  let target;
  let conn;
  before(async () => {
    target = await startTargetServer();
    cluster = await startCluster();
    conn = await connectHttp(cluster.nginx.url, { headers: AUTH });
  }, HOOK);
  after(async () => {
    await conn?.close();
    await cluster?.stop();
    await target?.close();
  }, HOOK);

  it('slow calls in flight on the stopped instance complete; new calls go to the other; it exits 0', T, async (t) => {
    const DELAY = 3000;
    const N = 4;
    const started = Date.now();
    // Round robin over two fresh instances: N concurrent calls land on both.
    const calls = Array.from({ length: N }, (_, i) => callTool(conn.client, 'net_curl', { url: `${target.url}/slow?ms=${DELAY}&i=${i}` }));
    await waitFor(() => target.inFlight() === N, { timeoutMs: 10_000, what: `${N} slow requests reaching the target` });

    const a = cluster.inst.A;
    const exited = new Promise((resolve) => a.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
    a.child.kill('SIGTERM');
    await sleep(200);

    // While A drains, a new call is answered (by B: A no longer accepts connections).
    assert.equal(await withTimeout(whoAnswers(conn.client), 10_000, 'call during drain'), 'B');

    const results = await Promise.all(calls);
    results.forEach((res, i) => {
      assert.notEqual(res.isError, true, `call ${i}: ${show(res)}`);
      assert.match(resultText(res), new RegExp(`target-ok /slow\\?ms=${DELAY}&i=${i}\\b`), `call ${i}: ${show(res)}`);
    });
    const { code, signal, at } = await withTimeout(exited, 25_000, 'instance A exit after SIGTERM');
    assert.equal(signal, null, `A was killed by ${signal}`);
    assert.equal(code, 0, `A exited ${code}:\n${a.output().slice(-3000)}`);
    assert.ok(at - started >= DELAY - 100, `A exited after ${at - started} ms, before its ${DELAY} ms calls could finish`);
    const drained = callsLogged(a, 'net.curl');
    t.diagnostic(`instance A finished ${drained} of ${N} slow calls after SIGTERM; exit ${at - started} ms after the calls started`);
    assert.ok(drained >= 1, `A had no slow call in flight (round robin put all on B?):\n${a.output().slice(-3000)}`);
    assert.match(a.output(), /shutting down/);
  });
});
