// Several machines: three `f0 serve --http … --stateless` replicas behind nginx (round robin, the
// documented snippet e2e/nginx/f0.conf with a third server line), sharing the kept copies of long
// answers through a real Valkey or Redis server (Debian's redis-server; .ci/run installs it), all
// on loopback and started here.
//
//   - a long answer is paged to its end through nginx, one call per page, so the pages land on
//     every replica; halfway, the replica that answered the first page (and made the copy) is
//     killed. Nothing is repeated, nothing lost: the pages put together are the answer byte for
//     byte, each page starts where the one before said the rest starts. For net_curl, the origin
//     counts its requests: one POST (or GET) for all the pages. For fs_read (the replicas share
//     their root), the pages need no copy at all.
//   - without a store, each replica keeps its own copies: a continuation that lands on another
//     replica is refused with issue 22's message, and the POST is not sent again.
//
// Without a redis-server/valkey-server the suite is skipped, unless F0_REQUIRE_REDIS=1 (CI).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

import { callTool, connectHttp, freePort, resultText, show, startHttpServer } from './lib/f0.mjs';
import { startNginx } from './lib/nginx.mjs';
import { spawnTracked, stopTracked, tempDir, waitFor, which } from './lib/procs.mjs';

const T = { timeout: 120_000 };
const HOOK = { timeout: 60_000 };
const TOKEN_ENV = 'F0_E2E_SCALE_TOKEN';
const TOKEN = randomBytes(24).toString('hex');
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const REPLICAS = ['A', 'B', 'C'];
const BODY_BYTES = 150_000; // about 14 pages at the default budget
const KILL_AFTER = 7; // the page after which the replica that answered the first is killed

const REDIS = process.env.F0_REDIS_SERVER || which('valkey-server') || which('redis-server');
const SKIP = REDIS ? false : 'no valkey-server or redis-server (apt-get install redis-server; F0_REQUIRE_REDIS=1 makes this a failure)';
if (!REDIS && process.env.F0_REQUIRE_REDIS === '1') {
  throw new Error('F0_REQUIRE_REDIS=1 but no valkey-server or redis-server on PATH (apt-get install redis-server, or set F0_REDIS_SERVER)');
}

/** A line-numbered body: lines `<tag> L000123 …` up to BODY_BYTES, of varying length. */
function numberedBody(tag) {
  const lines = [];
  let n = 0;
  for (let i = 0; n < BODY_BYTES; i++) {
    const line = `${tag} L${String(i).padStart(6, '0')} ${'abcdefghij'.repeat((i % 9) + 1)}\n`;
    lines.push(line);
    n += line.length;
  }
  return lines.join('');
}

/** The origin: POST /orders places an order whose answer names it; GET /doc a fixed document. */
async function startOrigin() {
  const count = { POST: 0, GET: 0 };
  const srv = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count[req.method] = (count[req.method] || 0) + 1;
      const body = req.method === 'POST' ? numberedBody(`order-${count.POST}`) : numberedBody('doc');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(body);
    });
  });
  await new Promise((resolve, reject) => { srv.once('error', reject); srv.listen(0, '127.0.0.1', resolve); });
  return {
    url: `http://127.0.0.1:${srv.address().port}`,
    count,
    close: () => new Promise((resolve) => { srv.closeAllConnections?.(); srv.close(() => resolve()); }),
  };
}

/** One RESP command to the server on port, its reply as text. */
function redisCommand(port, ...args) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let out = '';
    sock.setTimeout(2000, () => { sock.destroy(); reject(new Error('redis: no answer')); });
    sock.on('data', (d) => { out += d; if (/\r\n$/.test(out)) { sock.end(); resolve(out); } });
    sock.on('error', reject);
    sock.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}

async function startRedis() {
  const port = await freePort();
  const child = spawnTracked(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tempDir('f0-redis-')]);
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`${REDIS} exited: ${child.output()}`);
    return (await redisCommand(port, 'PING')) === '+PONG\r\n';
  }, { timeoutMs: 10_000, what: `${REDIS} answering PING` });
  return { port, url: `redis://127.0.0.1:${port}/0`, child, stop: () => stopTracked(child, 'SIGTERM') };
}

/** Three replicas on one shared root, with the store when given, behind nginx. */
async function startCluster({ root, store }) {
  const inst = {};
  for (const id of REPLICAS) {
    const args = ['--stateless', '--root', root, '--net-allow', 'loopback', '--auth-token-env', TOKEN_ENV];
    if (store) args.push('--store', store);
    inst[id] = await startHttpServer(args, { env: { [TOKEN_ENV]: TOKEN } });
  }
  const nginx = await startNginx(REPLICAS.map((id) => inst[id].port));
  return {
    inst,
    nginx,
    async stop() {
      await nginx.stop();
      await Promise.all(Object.values(inst).map((s) => s.stop()));
    },
  };
}

/** How many calls of tool each replica logged ("msg=call tool=net.curl …"). */
function callsLogged(cluster, tool) {
  const re = new RegExp(`msg=call tool=${tool.replace('.', '\\.')}\\b`, 'g');
  return Object.fromEntries(REPLICAS.map((id) => [id, (cluster.inst[id].output().match(re) || []).length]));
}

/** The replica that logged the nth call of tool (its log line may follow the answer by a moment). */
async function answeredBy(cluster, tool, before) {
  return waitFor(() => {
    const now = callsLogged(cluster, tool);
    return REPLICAS.find((id) => now[id] > before[id]);
  }, { timeoutMs: 10_000, what: `a replica logging the ${tool} call` });
}

/** A page's body: the lines between its head (one line, or more after a kept copy's) and footer. */
function pageBody(text, tag) {
  return text.split('\n').filter((l) => l.startsWith(`${tag} L`)).map((l) => `${l}\n`).join('');
}

/**
 * Call tool with args, then every "Get the rest" call its answers name, through nginx; halfway
 * (after page `killAfter`), kill the replica that answered the first page. Returns the pages
 * ({text, isError, by}) and the replica killed.
 */
async function pageThrough(cluster, client, tool, args, { killAfter }) {
  const pages = [];
  let killed = null;
  for (let i = 0; i < 100; i++) {
    const before = callsLogged(cluster, tool.replace('_', '.'));
    const res = await callTool(client, tool, args);
    const text = resultText(res);
    const by = await answeredBy(cluster, tool.replace('_', '.'), before);
    pages.push({ text, isError: res.isError === true, by, args });
    if (res.isError) break;
    if (i + 1 === killAfter) {
      killed = pages[0].by;
      const child = cluster.inst[killed].child;
      const exited = child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null;
      child.kill('SIGKILL');
      await exited;
    }
    const m = text.match(/^Get the rest: (\S+) (\{.*\})$/m);
    if (!m) break;
    assert.equal(m[1], tool, text.slice(-500));
    args = JSON.parse(m[2]);
  }
  return { pages, killed };
}

/** Where a page starts ("(from byte N of", "[from byte N", fs_read's offset) and where it says the rest starts. */
function positions(page) {
  const rest = page.text.match(/rest at offset=(\d+)/);
  return { rest: rest ? Number(rest[1]) : null, offset: Number(page.args.offset || 0) };
}

/** The checks every paging run makes: whole, in order, spread, and the killed replica gone. */
function assertPagedAcross(t, { pages, killed }, want, tag) {
  const errors = pages.filter((p) => p.isError);
  assert.equal(errors.length, 0, `a page failed:\n${errors.map((p) => p.text).join('\n---\n')}`);
  assert.ok(pages.length >= 8, `only ${pages.length} pages: the answer should take many`);
  const got = pages.map((p) => pageBody(p.text, tag)).join('');
  assert.equal(got.length, want.length, `the pages hold ${got.length} bytes of the ${want.length}`);
  assert.ok(got === want, 'the pages put together are not the answer byte for byte');
  // Each page starts where the one before said the rest starts: nothing repeated, nothing skipped.
  for (let i = 1; i < pages.length; i++) {
    assert.equal(positions(pages[i]).offset, positions(pages[i - 1]).rest, `page ${i + 1} does not start where page ${i} said the rest starts`);
  }
  const by = pages.map((p) => p.by);
  t.diagnostic(`${pages.length} pages, answered by ${by.join(' ')}; ${killed} (which answered the first) killed after page ${KILL_AFTER}`);
  assert.equal(new Set(by).size, 3, `the pages did not land on all three replicas: ${by.join(' ')}`);
  assert.ok(!by.slice(KILL_AFTER).includes(killed), `the killed replica ${killed} answered after it was killed: ${by.join(' ')}`);
  assert.ok(by.length > KILL_AFTER + 1, 'no page after the kill');
}

describe('three stateless replicas behind nginx sharing a store: a long answer pages across them', { skip: SKIP }, () => {
  let redis;
  let origin;
  let root;
  const bigFile = numberedBody('file');
  before(async () => {
    redis = await startRedis();
    origin = await startOrigin();
    root = tempDir('f0-scale-root-');
    writeFileSync(path.join(root, 'big.txt'), bigFile);
  }, HOOK);
  after(async () => {
    await origin?.close();
    await redis?.stop();
  }, HOOK);

  // Each case gets a fresh cluster: one of its replicas is killed halfway.
  const cases = [
    { name: 'net_curl POST: one POST for all the pages', tool: 'net_curl', args: () => ({ url: `${origin.url}/orders`, method: 'POST', json: '{"item":"widget"}' }), tag: 'order-1', want: () => numberedBody('order-1'), method: 'POST' },
    { name: 'net_curl GET: one GET for all the pages', tool: 'net_curl', args: () => ({ url: `${origin.url}/doc` }), tag: 'doc', want: () => numberedBody('doc'), method: 'GET' },
    { name: 'fs_read of a large file on the shared root', tool: 'fs_read', args: () => ({ path: 'big.txt' }), tag: 'file', want: () => bigFile },
  ];
  for (const c of cases) {
    it(c.name, T, async (t) => {
      const cluster = await startCluster({ root, store: redis.url });
      const conn = await connectHttp(cluster.nginx.url, { headers: AUTH });
      try {
        const sent = c.method ? origin.count[c.method] : 0;
        const run = await pageThrough(cluster, conn.client, c.tool, c.args(), { killAfter: KILL_AFTER });
        for (const p of run.pages.slice(1)) {
          if (c.method) assert.match(p.text, /\(from the kept copy of the response received at [0-9:]+: the request was not sent again\)/, p.text.slice(0, 500));
        }
        assertPagedAcross(t, run, c.want(), c.tag);
        if (c.method) assert.equal(origin.count[c.method] - sent, 1, `the origin got ${origin.count[c.method] - sent} ${c.method} requests for one answer`);
        if (c.method) {
          const keys = await redisCommand(redis.port, 'KEYS', 'f0:{kept}:c:*');
          assert.match(keys, /f0:\{kept\}:c:[0-9a-f]{12}/, `no copy in the store: ${keys}`);
        }
      } finally {
        await conn.close();
        await cluster.stop();
      }
    });
  }
});

describe('three stateless replicas without a store: a continuation on another replica is refused, never re-sent', { skip: SKIP }, () => {
  let origin;
  let cluster;
  let conn;
  before(async () => {
    origin = await startOrigin();
    cluster = await startCluster({ root: tempDir('f0-scale-root-') });
    conn = await connectHttp(cluster.nginx.url, { headers: AUTH });
  }, HOOK);
  after(async () => {
    await conn?.close();
    await cluster?.stop();
    await origin?.close();
  }, HOOK);

  it("a POST's rest on another replica: issue 22's refusal, and the POST is not sent again", T, async () => {
    const { pages } = await pageThrough(cluster, conn.client, 'net_curl', { url: `${origin.url}/orders`, method: 'POST', data: 'item=widget' }, { killAfter: 0 });
    const refused = pages.findIndex((p) => p.isError);
    assert.ok(refused > 0, `no continuation was refused in ${pages.length} pages (answered by ${pages.map((p) => p.by).join(' ')})`);
    const first = pages[0].by;
    assert.ok(pages.slice(1, refused).every((p) => p.by === first), 'a page before the refusal came from another replica');
    assert.notEqual(pages[refused].by, first, 'the refusal came from the replica that has the copy');
    const tok = pages[refused].args.response;
    assert.match(tok, /^r-[0-9a-f]{12}-[0-9a-f]{16}$/);
    const text = pages[refused].text;
    assert.ok(text.includes(`the rest of this response cannot be shown: the kept copy ${tok} is gone: this server never made it: f0 restarted since that answer, or another instance of it (behind a load balancer) gave it.`), show(text));
    assert.ok(text.includes('f0 does not send a POST again to page through its answer'), show(text));
    assert.equal(origin.count.POST, 1, `the origin got ${origin.count.POST} POSTs`);
  });
});
