// nginx in front of f0 instances, for the scale-out tests (nginx.test.mjs, scale.test.mjs): the
// Debian package (e2e/run.sh and .ci/run install it), run in the foreground from a temp prefix
// with its own config, pid file and logs, using the documented snippet e2e/nginx/f0.conf, all on
// loopback.

import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { E2E_DIR, freePort } from './f0.mjs';
import { spawnTracked, stopTracked, tempDir, waitFor, which } from './procs.mjs';

const SNIPPET = path.join(E2E_DIR, 'nginx', 'f0.conf');

function nginxBin() {
  const bin = process.env.F0_E2E_NGINX || which('nginx') || ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));
  if (!bin) throw new Error('nginx not found: e2e/run.sh installs it (apt-get install nginx, as root); or set F0_E2E_NGINX');
  return bin;
}

/**
 * The documented snippet with this run's loopback ports in place of 8930 (nginx) and 8931/8932
 * (the instances); a third instance and more get a server line each after 8932's, as the
 * snippet says to add them.
 */
function snippetFor(listenPort, ports) {
  const src = readFileSync(SNIPPET, 'utf8');
  for (const p of ['127.0.0.1:8930', '127.0.0.1:8931', '127.0.0.1:8932']) {
    assert.ok(src.includes(p), `${SNIPPET} no longer mentions ${p}: update this test`);
  }
  const line = src.split('\n').find((l) => /^\s*server 127\.0\.0\.1:8932\b/.test(l));
  assert.ok(line, `${SNIPPET} has no "server 127.0.0.1:8932" line: update this test`);
  const more = ports.slice(2).map((p) => line.replace('127.0.0.1:8932', `127.0.0.1:${p}`));
  return src
    .replace(line, [line, ...more].join('\n'))
    .replaceAll('127.0.0.1:8930', `127.0.0.1:${listenPort}`)
    .replaceAll('127.0.0.1:8931', `127.0.0.1:${ports[0]}`)
    .replaceAll('127.0.0.1:8932', `127.0.0.1:${ports[1]}`);
}

/** nginx on a free loopback port, round robin over the instances on ports. */
export async function startNginx(ports) {
  const bin = nginxBin();
  let lastErr;
  for (let attempt = 0; attempt < 3; attempt++) {
    const prefix = tempDir('f0-nginx-');
    chmodSync(prefix, 0o755); // workers (nobody when started as root) must reach the temp paths
    const port = await freePort();
    writeFileSync(path.join(prefix, 'f0.conf'), snippetFor(port, ports));
    writeFileSync(path.join(prefix, 'nginx.conf'), [
      'daemon off;',
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log info;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${prefix}/access.log;`,
      `  client_body_temp_path ${prefix}/client_body;`,
      `  proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/uwsgi;`,
      `  scgi_temp_path ${prefix}/scgi;`,
      `  include ${prefix}/f0.conf;`,
      '}',
      '',
    ].join('\n'));
    const child = spawnTracked(bin, ['-p', `${prefix}/`, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`]);
    const base = `http://127.0.0.1:${port}`;
    const errorLog = () => (existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, 'utf8') : '');
    try {
      await waitFor(async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${child.output()}\n${errorLog()}`);
        const r = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
        await r.arrayBuffer();
        return r.status === 200;
      }, { timeoutMs: 15_000, what: 'nginx → f0 /healthz' });
      return { child, base, url: `${base}/mcp`, prefix, errorLog, stop: () => stopTracked(child, 'SIGQUIT') };
    } catch (e) {
      lastErr = e;
      await stopTracked(child, 'SIGKILL');
      if (!/Address already in use/i.test(child.output() + errorLog())) break;
    }
  }
  throw lastErr;
}
