import type { Server } from 'node:http';

/**
 * Keeps idle connections open longer than any client here reuses them (undici, the SDKs and Playwright
 * keep sockets for about 4 s). With Node's 5 s default, a loaded machine lets a client send on a socket
 * the server is closing at that moment, and the request fails with "other side closed".
 * Takes any server `serve` returns; only an HTTP/1 server has these timeouts.
 */
export function holdIdleConnections(server: object): void {
  if (!('keepAliveTimeout' in server)) return;
  const http1 = server as Server;
  http1.keepAliveTimeout = 65_000;
  // Node requires headersTimeout to exceed keepAliveTimeout, or it may cut a reused socket short.
  http1.headersTimeout = 66_000;
}
