/**
 * The API Lambdas compress their own answers (lambdas/http/compress-responses.ts): CloudFront's API
 * behavior caches nothing, so it never compresses them. Sent through hono/aws-lambda's `handle`, as
 * API Gateway invokes the Lambdas: an encoded answer leaves base64 with its Content-Encoding, which
 * API Gateway decodes into bytes on the way out.
 */
import zlib from 'node:zlib';
import { handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { createHttpApp } from '../../../lambdas/http/kit';
import { createV1App } from '../../../lambdas/routes/v1/v1-kit';

/** A week's outlook of every jobsite of a large account is tens of megabytes of repetitive JSON. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `js-${i}`,
    hours: [1.25, 0.5, 12, 38.5, 0, 7],
    verdict: 'partial',
  }));

function appAnswering(n: number) {
  const app = createHttpApp();
  app.get('/api/rows', (c) => c.json({ items: rows(n) }));
  return app;
}

function event(path: string, headers: Record<string, string> = {}): LambdaEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'api.example.com', ...headers },
    isBase64Encoded: false,
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'api.example.com',
      domainPrefix: 'api',
      requestId: 'r1',
      routeKey: '$default',
      stage: '$default',
      time: '28/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'test' },
    },
  } as unknown as LambdaEvent;
}

type Result = { statusCode: number; body: string; headers: Record<string, string>; isBase64Encoded: boolean };

async function invoke(app: ReturnType<typeof createHttpApp>, path: string, headers?: Record<string, string>) {
  return (await handle(app)(event(path, headers), {} as LambdaContext)) as Result;
}

function decoded(result: Result): unknown {
  const bytes = Buffer.from(result.body, 'base64');
  const encoding = result.headers['content-encoding'];
  const plain = encoding === 'br' ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes);
  return JSON.parse(plain.toString('utf8'));
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('answers compressed by the Lambda', () => {
  it('should send a large answer brotli-compressed, base64 for API Gateway, to a browser', async () => {
    const result = await invoke(appAnswering(2_000), '/api/rows', BROWSER);

    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers['content-encoding']).toBe('br');
    expect(result.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(result)).toEqual({ items: rows(2_000) });
    expect(Buffer.from(result.body, 'base64').byteLength).toBeLessThan(
      JSON.stringify(rows(2_000)).length / 10,
    );
  });

  it('should send gzip to a client that takes only gzip, and plain JSON to one that takes none', async () => {
    const gzip = await invoke(appAnswering(500), '/api/rows', { 'accept-encoding': 'gzip' });
    const plain = await invoke(appAnswering(500), '/api/rows');

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual({ items: rows(500) });
    expect(plain.isBase64Encoded).toBe(false);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual({ items: rows(500) });
  });

  it('should leave a small answer as it is', async () => {
    const result = await invoke(appAnswering(2), '/api/rows', BROWSER);

    expect(result.isBase64Encoded).toBe(false);
    expect(result.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(result.body)).toEqual({ items: rows(2) });
  });

  it("should compress an answer beyond CloudFront's 10 MB to under Lambda's 6 MB response limit", async () => {
    const n = 150_000;
    const raw = JSON.stringify({ items: rows(n) }).length;
    const result = await invoke(appAnswering(n), '/api/rows', BROWSER);

    expect(raw).toBeGreaterThan(10_000_000);
    expect(result.headers['content-encoding']).toBe('br');
    expect(JSON.stringify(result).length).toBeLessThan(6 * 1024 * 1024);
    expect((decoded(result) as { items: unknown[] }).items).toHaveLength(n);
  });

  it('should answer an unknown path as before', async () => {
    const missing = await invoke(appAnswering(1), '/api/nowhere', BROWSER);

    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ error: 'Not found' });
  });

  it('should compress the public API (/v1) answers too', async () => {
    const app = createV1App();
    app.get('/v1/rows', (c) => c.json({ data: rows(1_000) }));
    const result = (await handle(app)(event('/v1/rows', BROWSER), {} as LambdaContext)) as Result;

    expect(result.headers['content-encoding']).toBe('br');
    expect(decoded(result)).toEqual({ data: rows(1_000) });
  });
});
