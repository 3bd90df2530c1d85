import fs from 'node:fs';
import path from 'node:path';

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

/**
 * Serves the built SPA like the CloudFront distribution does: files by path, and index.html for any
 * other path (client-side routes).
 */
export function serveSpa(distDir: string, requestPath: string): Response {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split('?')[0] ?? '/');
  } catch {
    return new Response('Bad request path', { status: 400 });
  }
  const candidate = path.normalize(path.join(distDir, decoded));
  const inside = candidate.startsWith(path.normalize(distDir + path.sep));
  if (inside && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
    const immutable = decoded.startsWith('/assets/');
    return new Response(fs.readFileSync(candidate), {
      headers: {
        'content-type': TYPES[path.extname(candidate)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  }
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    return new Response('The SPA is not built. Run `npm run build:web` (npm start does it for you).', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(fs.readFileSync(index), {
    headers: { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' },
  });
}
