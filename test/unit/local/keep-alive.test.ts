import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { holdIdleConnections } from '../../../local/keep-alive';

describe('holdIdleConnections', () => {
  it('keeps an idle keep-alive socket open past Node’s 5 s default, and close() still ends it', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    holdIdleConnections(server);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true });
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject),
    );
    // The client holds an idle socket; stopping the stack must not wait 65 s for it.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await closed;
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('leaves a server without HTTP/1 timeouts alone', () => {
    const other = {};
    holdIdleConnections(other);
    expect(other).toEqual({});
  });
});
