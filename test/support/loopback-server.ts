import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { madeForTheseTests } from './during-tests';

/**
 * The one stand-in HTTP server of the unit tests: it listens on 127.0.0.1 on a free port, records
 * every request and answers through the responder a test sets, so a real client or SDK talks to it
 * unchanged.
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Query parameters, or the form body's for a POST. */
  params: URLSearchParams;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string;
  /** Wait this long before answering (to provoke client timeouts). */
  delayMs?: number;
}

export type Responder = (req: RecordedRequest) => Reply;

export interface LoopbackServer {
  url: string;
  requests: RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 and an ephemeral port; it closes itself after `lifetimeMs` at the latest. */
export async function startLoopbackServer(lifetimeMs = 120_000): Promise<LoopbackServer> {
  let responder: Responder = () => ({ status: 500, body: 'no responder' });
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
      const recorded = { method: req.method ?? 'GET', url, headers: req.headers, body, params };
      requests.push(recorded);
      let reply: Reply;
      try {
        reply = responder(recorded);
      } catch (err) {
        reply = { status: 599, body: String(err) };
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body);
      };
      if (reply.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          send();
        }, reply.delayMs);
        timers.add(t);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearTimeout(selfStop);
    for (const t of timers) clearTimeout(t);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const selfStop = setTimeout(() => void close(), lifetimeMs);
  selfStop.unref();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (r) => {
      responder = r;
      requests.length = 0;
    },
    close,
  };
}

/**
 * A loopback server for the tests of the calling file or describe block: started before the first
 * test, closed after the last. The handle stays the same object, so it can be kept in a `const`.
 */
export function loopbackServerDuringTests(): LoopbackServer {
  const server = madeForTheseTests(
    () => startLoopbackServer(),
    (started) => started.close(),
  );
  return {
    get url() {
      return server().url;
    },
    get requests() {
      return server().requests;
    },
    respond: (responder) => server().respond(responder),
    close: () => server().close(),
  };
}
