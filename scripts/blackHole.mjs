// A database that never answers, for the timeout tests of the store and the host (issue 12,
// item 5): a TCP server on 127.0.0.1 that accepts every connection and, while silent,
// never sends a byte back. Given `forwardTo`, it relays to a real server until `silence()`
// and again after `resume()`, so a test can watch a working database go quiet and return.
// It listens on loopback only and holds nothing after `close()`.
import { connect, createServer } from 'node:net';

/**
 * @param {{ forwardTo?: { host: string, port: number }, silent?: boolean }} [options]
 * @returns {Promise<import('./blackHole.d.mts').BlackHole>}
 */
export async function startBlackHole(options = {}) {
  let silent = options.silent ?? !options.forwardTo;
  const sockets = new Set();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (silent || !options.forwardTo) return; // Accept, read, never answer.
    const upstream = connect(options.forwardTo);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    // Data flows only while not silent: a connection opened before `silence()` stalls too.
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    port: address.port,
    silence() {
      silent = true;
    },
    resume() {
      silent = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
