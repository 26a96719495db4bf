// Preloaded into a Node process under test (node --import): every outgoing TCP connection that is
// not to 127.0.0.1, ::1 or localhost is refused, and its destination appended to the file named by
// F0_E2E_NET_LOG, so the test can assert that nothing tried to reach the network.
import net from 'node:net';
import { appendFileSync } from 'node:fs';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
const original = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(...args) {
  const opts = typeof args[0] === 'object' && args[0] !== null ? (Array.isArray(args[0]) ? args[0][0] : args[0]) : { port: args[0], host: args[1] };
  if (opts && !opts.path && opts.port !== undefined) {
    const host = opts.host ?? 'localhost';
    if (!LOOPBACK.has(String(host).replace(/^\[|\]$/g, ''))) {
      if (process.env.F0_E2E_NET_LOG) appendFileSync(process.env.F0_E2E_NET_LOG, `${host}:${opts.port}\n`);
      process.nextTick(() => this.destroy(new Error(`loopback-only: connection to ${host}:${opts.port} refused in this test`)));
      return this;
    }
  }
  return original.apply(this, args);
};
