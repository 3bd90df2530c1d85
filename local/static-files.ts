import fs from 'node:fs';
import path from 'node:path';
import {
  LANDING_DOCUMENT,
  cacheControlFor,
  negotiateEncoding,
  spaDocumentFor,
  type ContentEncoding,
} from '../shared/web-serving';
import { compress, isCompressible, varyOnAcceptEncoding } from '../lambdas/http/compress-responses';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

// Build output is compressed once per file version (path, size, mtime): brotli costs ~0.2 s on the
// largest chunk, which would otherwise be paid on every request and skew the local measurements.
const compressed = new Map<string, Uint8Array<ArrayBuffer>>();

function encodedBody(
  file: string,
  stat: fs.Stats,
  body: Buffer,
  encoding: ContentEncoding,
): Uint8Array<ArrayBuffer> {
  const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
  let out = compressed.get(key);
  if (!out) {
    out = compress(body, encoding, 'max');
    compressed.set(key, out);
  }
  return out;
}

function fileResponse(file: string, cacheControl: string, acceptEncoding: string | null): Response {
  const stat = fs.statSync(file);
  const body = fs.readFileSync(file);
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const headers = new Headers({ 'content-type': type, 'cache-control': cacheControl });
  if (!isCompressible(type, body.byteLength)) return new Response(body, { headers });
  varyOnAcceptEncoding(headers);
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding) return new Response(body, { headers });
  headers.set('content-encoding', encoding);
  return new Response(encodedBody(file, stat, body, encoding), { headers });
}

/**
 * Serves the built SPA like the CloudFront distribution does (shared/web-serving.ts): files by path, the
 * prerendered landing page (index.html) for `/`, the app shell (app.html) for any other path (client-side
 * routes); compressed by Accept-Encoding, hashed assets cached for a year, the rest revalidated.
 */
export function serveSpa(
  distDir: string,
  requestPath: string,
  acceptEncoding: string | null = null,
): Response {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split('?')[0] ?? '/');
  } catch {
    return new Response('Bad request path', { status: 400 });
  }
  const candidate = path.normalize(path.join(distDir, decoded));
  const inside = candidate.startsWith(path.normalize(distDir + path.sep));
  if (inside && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
    return fileResponse(candidate, cacheControlFor(decoded), acceptEncoding);
  }
  // A build without the prerender step (`vite build` alone) has index.html only: it is the shell then.
  const document = [spaDocumentFor(decoded), LANDING_DOCUMENT]
    .map((name) => path.join(distDir, name))
    .find((file) => fs.existsSync(file));
  if (!document) {
    return new Response('The SPA is not built. Run `npm run build:web` (npm start does it for you).', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return fileResponse(document, cacheControlFor('/'), acceptEncoding);
}
