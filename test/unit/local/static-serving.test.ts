import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ServerType } from '@hono/node-server';
import { CACHE_CONTROL, negotiateEncoding } from '../../../shared/web-serving';
import { freePorts } from '../../../local/processes';
import { TEST_RUNTIME_CONFIG } from './local-app.fixtures';
import { createLocalApp, listen } from '../../../local/server';

const runtimeConfig = TEST_RUNTIME_CONFIG;

const LANDING = `<!doctype html><title>Raincheck</title><div id="root"><h1>Landing</h1>${'<p>plan</p>'.repeat(200)}</div>`;
const SHELL = '<!doctype html><title>Raincheck</title><div id="root"></div>';
const BIG_JS = `export const words = ${JSON.stringify('weather delay '.repeat(400))};\n`;
const SMALL_JS = 'export const x = 1;\n';
const BIG_JSON = { rows: Array.from({ length: 60 }, (_, i) => ({ id: `row-${i}`, name: 'Jobsite' })) };

let server: ServerType;
let port: number;

beforeAll(async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), LANDING);
  fs.writeFileSync(path.join(distDir, 'app.html'), SHELL);
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), BIG_JS);
  fs.writeFileSync(path.join(distDir, 'assets', 'small-abc123.js'), SMALL_JS);
  fs.writeFileSync(path.join(distDir, 'assets', 'logo-abc123.png'), Buffer.alloc(4000, 7));
  const app = createLocalApp({
    port: 0,
    distDir,
    runtimeConfig: () => runtimeConfig,
    apiApps: [
      {
        prefix: '/api',
        app: {
          fetch: (req: Request) =>
            new URL(req.url).pathname === '/api/big' ? Response.json(BIG_JSON) : Response.json({ ok: true }),
        },
      },
    ],
  });
  [port] = (await freePorts(1)) as [number];
  server = await listen(app, port);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A raw GET (fetch would decode the body and hide what went over the wire). */
function get(
  p: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: p,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
  });
}

const CHROME = 'gzip, deflate, br, zstd';

describe('the local server, serving the SPA like CloudFront', () => {
  it('should answer / with the prerendered landing page and other routes with the empty app shell', async () => {
    expect((await get('/')).text).toBe(LANDING);
    for (const route of ['/dashboard', '/jobsites/42', '/admin/users']) {
      const res = await get(route);
      expect({ route, status: res.status, text: res.text }).toEqual({ route, status: 200, text: SHELL });
    }
  });

  it('should send brotli when the browser accepts it, with Vary: Accept-Encoding, and the same bytes once decoded', async () => {
    const res = await get('/assets/index-abc123.js', CHROME);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.text).toBe(BIG_JS);
    expect(res.raw.length).toBeLessThan(Buffer.byteLength(BIG_JS) / 4);
  });

  it('should fall back to gzip when the browser does not accept brotli', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(BIG_JS);
  });

  it('should send the bytes as they are when the browser accepts no encoding, still varying on it', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.raw.toString('utf8')).toBe(BIG_JS);
  });

  it('should leave files under 1,000 bytes and images uncompressed when the browser accepts brotli', async () => {
    for (const file of ['/assets/small-abc123.js', '/assets/logo-abc123.png']) {
      const res = await get(file, CHROME);
      expect({ file, encoding: res.headers['content-encoding'] }).toEqual({ file, encoding: undefined });
    }
  });

  it('should compress the landing page and API JSON above 1,000 bytes, and not a small API answer', async () => {
    expect((await get('/', CHROME)).headers['content-encoding']).toBe('br');
    const big = await get('/api/big', CHROME);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(big.text)).toEqual(BIG_JSON);
    const small = await get('/api/health', CHROME);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.text)).toEqual({ ok: true });
  });

  it('should cache hashed assets for a year and have HTML and /config.json revalidated, as CloudFront does', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe(CACHE_CONTROL.hashedAsset);
    expect(CACHE_CONTROL.hashedAsset).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/dashboard', '/config.json']) {
      expect({ p, cacheControl: (await get(p)).headers['cache-control'] }).toEqual({
        p,
        cacheControl: 'no-cache',
      });
    }
  });
});

describe('choosing the encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['identity', null],
    ['*', 'br'],
    ['', null],
  ])('should answer %j with %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
