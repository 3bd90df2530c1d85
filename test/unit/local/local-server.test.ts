import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { securityHeaders } from '../../../shared/security-headers';
import { freePorts } from '../../../local/processes';
import { TEST_RUNTIME_CONFIG } from './local-app.fixtures';
import {
  GUEST_CHECKOUT_LIMIT,
  GUEST_EMAIL_LIMITS,
  createLocalApp,
  createRateLimiter,
  listen,
} from '../../../local/server';

const runtimeConfig = TEST_RUNTIME_CONFIG;

let server: ServerType;
let base: string;

beforeAll(async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Raincheck</title>');
  const app = createLocalApp({
    port: 0,
    distDir,
    runtimeConfig: () => runtimeConfig,
    apiApps: [
      {
        prefix: GUEST_CHECKOUT_LIMIT.path,
        app: { fetch: () => Response.json({ sessionId: 'cs_test' }) },
      },
      {
        prefix: '/api',
        app: {
          fetch: (req: Request) => {
            if (new URL(req.url).pathname === '/api/boom') throw new Error(`boom at ${__filename}`);
            return Response.json({ ok: true });
          },
        },
      },
    ],
  });
  const [port] = await freePorts(1);
  server = await listen(app, port!);
  base = `http://127.0.0.1:${port}`;
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the local server', () => {
  it.each(['/', '/jobsites/42', '/config.json', '/api/health', '/api/boom'])(
    'should send the shared security headers, without HSTS, on %s',
    async (p) => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const res = await fetch(`${base}${p}`);
      for (const [name, value] of Object.entries(securityHeaders({ region: 'us-east-1', https: false }))) {
        expect({ name, value: res.headers.get(name) }).toEqual({ name, value });
      }
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('should answer a JSON error without a stack trace or a path when a mounted app throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fetch(`${base}/api/boom`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(text).not.toMatch(/boom|\/work\/|\.ts/);
  });

  const postEmptyJson = (pathname: string) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

  it('should answer 429 with Retry-After once one client has used its guest checkout burst', async () => {
    const checkout = () => postEmptyJson(GUEST_CHECKOUT_LIMIT.path);
    for (let i = 0; i < GUEST_CHECKOUT_LIMIT.burst; i++) expect((await checkout()).status).toBe(200);

    const limited = await checkout();

    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('content-type')).toMatch(/json/);
    expect(await limited.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    // Other routes are not limited.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
  it.each(GUEST_EMAIL_LIMITS.map((rule) => [rule.path, rule] as const))(
    'should limit %s per client like the guest checkout, each route with its own bucket',
    async (_path, rule) => {
      const call = () => postEmptyJson(rule.path);
      for (let i = 0; i < rule.burst; i++) expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(429);
    },
  );
});

describe('the per-client token bucket', () => {
  it('should let a burst through, then one request per refill interval, per key', () => {
    let t = 0;
    const limiter = createRateLimiter({ burst: 2, refillPerSecond: 0.5, now: () => t });
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 2 });
    expect(limiter.take('b')).toEqual({ ok: true });
    t = 1000;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    t = 2000;
    expect(limiter.take('a')).toEqual({ ok: true });
  });

  it('should forget idle clients when it holds too many', () => {
    let t = 0;
    const limiter = createRateLimiter({ burst: 1, refillPerSecond: 1, now: () => t, maxKeys: 2 });
    limiter.take('a');
    limiter.take('b');
    t = 5000;
    expect(limiter.take('c')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: true });
  });
});

describe('the local server under another host name (DNS rebinding)', () => {
  const app = createLocalApp({
    port: 0,
    distDir: os.tmpdir(),
    runtimeConfig: () => runtimeConfig,
    apiApps: [],
    allowedHosts: ['raincheck.test'],
  });
  const get = (host: string) => app.request('http://localhost/config.json', { headers: { host } });

  it.each(['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io'])(
    'should answer 421 to Host %s',
    async (host) => {
      expect((await get(host)).status).toBe(421);
    },
  );

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'raincheck.test:3000', 'RainCheck.Test'])(
    'should serve Host %s (loopback names and RAINCHECK_ALLOWED_HOSTS)',
    async (host) => {
      expect((await get(host)).status).toBe(200);
    },
  );
});
