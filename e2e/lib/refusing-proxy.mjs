// An HTTP proxy on 127.0.0.1 that refuses every request and CONNECT and records where each wanted
// to go: a client under test that honours HTTPS_PROXY (a compiled binary the loopback-only
// preload cannot reach) reaches nothing beyond loopback, and the test can assert it tried nothing.

import http from 'node:http';

export async function startRefusingProxy() {
  const tried = [];
  const server = http.createServer((req, res) => {
    tried.push(`${req.method} ${req.url}`);
    res.writeHead(403);
    res.end();
  });
  server.on('connect', (req, socket) => {
    tried.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    tried,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
