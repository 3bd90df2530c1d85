/**
 * How the app's origin serves the SPA, declared once (issue 12): the CloudFront distribution
 * (infra/constructs/web.construct.ts: cache policies, S3 object metadata, the SPA-fallback function)
 * and the local server (local/static-files.ts, local/compression.ts) both read it, so local
 * measurements (Lighthouse, the landing bench) mean what they would in AWS.
 */

/** The prerendered landing page: served for `/` only. */
export const LANDING_DOCUMENT = 'index.html';
/** The empty app shell: served for every other client-side route (no flash of the landing page). */
export const SPA_SHELL_FILE = 'app.html';

/** Hashed build output (`/assets/<name>-<hash>.js|css`): a new build writes new names. */
export const HASHED_ASSETS_PREFIX = '/assets/';
export const HASHED_ASSET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const CACHE_CONTROL = {
  /** Never changes under its name: browsers and CloudFront keep it a year without asking. */
  hashedAsset: `public, max-age=${HASHED_ASSET_MAX_AGE_SECONDS}, immutable`,
  /** index.html, app.html, /config.json and other unhashed files: revalidated on every load, so a deploy shows at once. */
  document: 'no-cache',
} as const;

/** Cache-Control for a path of the SPA's files. */
export function cacheControlFor(requestPath: string): string {
  return requestPath.startsWith(HASHED_ASSETS_PREFIX) ? CACHE_CONTROL.hashedAsset : CACHE_CONTROL.document;
}

/**
 * Which file answers a path that is not a file: `/` the landing page, anything else the app shell. The
 * CloudFront Function (SPA_FALLBACK_FUNCTION) and the local server apply the same rule: a path whose last
 * segment has no dot is a client-side route.
 */
export function spaDocumentFor(requestPath: string): string {
  return requestPath === '/' ? LANDING_DOCUMENT : SPA_SHELL_FILE;
}

/**
 * The viewer-request CloudFront Function of the default (S3) behavior. Runs only there, so /api/*
 * responses, errors included, reach the browser untouched, and a missing file still fails loudly instead
 * of returning HTML.
 */
export const SPA_FALLBACK_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/') {
    request.uri = '/${LANDING_DOCUMENT}';
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/${SPA_SHELL_FILE}';
  }
  return request;
}`;

/**
 * Compression, as CloudFront does it (its limits: 1,000 bytes to 10 MB; brotli when the browser
 * accepts it, else gzip): text the browser parses, and API JSON. Images and fonts are compressed already.
 */
export const COMPRESSION = {
  minBytes: 1000,
  maxBytes: 10_000_000,
  contentTypes: /^(text\/|application\/(json|javascript|problem\+json|manifest\+json|xml)|image\/svg\+xml)/,
} as const;

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: brotli preferred, gzip, or none. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): ContentEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}
