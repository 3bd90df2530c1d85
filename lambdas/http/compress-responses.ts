import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSION, negotiateEncoding, type ContentEncoding } from '../../shared/web-serving';

/**
 * Responses compressed where they are made. CloudFront compresses only what a cache policy keyed on
 * Accept-Encoding serves, and the API's behavior caches nothing (web.construct.ts), so the API Lambdas
 * compress their own answers: a phone on a weak signal at 5 AM gets a tenth of the bytes, and a large
 * account's big answers (a week's outlook of every jobsite) stay under Lambda's 6 MB response limit.
 * The local server uses the same code for its static files and passes these through.
 */

/** Whether a response of this type and size is compressed (shared/web-serving.ts: CloudFront's rule). */
export function isCompressible(
  contentType: string | null,
  bytes: number,
  maxBytes: number = COMPRESSION.maxBytes,
): boolean {
  return (
    contentType !== null &&
    COMPRESSION.contentTypes.test(contentType) &&
    bytes >= COMPRESSION.minBytes &&
    bytes <= maxBytes
  );
}

/**
 * `level: 'max'` for build output, compressed once and cached (local/static-files.ts); `'fast'` for API
 * responses, compressed on every request.
 */
export function compress(
  body: Uint8Array,
  encoding: ContentEncoding,
  level: 'max' | 'fast',
): Uint8Array<ArrayBuffer> {
  // zlib's sync results own a plain ArrayBuffer; its typings only say ArrayBufferLike.
  return compressSync(body, encoding, level) as Uint8Array<ArrayBuffer>;
}

function compressSync(body: Uint8Array, encoding: ContentEncoding, level: 'max' | 'fast'): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level === 'max' ? 9 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return zlib.gzipSync(body, { level: level === 'max' ? 9 : 6 });
}

/** Adds Accept-Encoding to Vary, keeping what is there. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set('vary', `${vary}, Accept-Encoding`);
}

/**
 * Compresses an app's answers (API JSON, CSV, errors; locally also /config.json) by CloudFront's rule:
 * brotli or gzip by Accept-Encoding, above 1,000 bytes, with `Vary: Accept-Encoding`. Responses that
 * carry an encoding already (the SPA's files, compressed and cached by local/static-files.ts; an
 * answer an inner app compressed) pass through. Behind API Gateway, hono/aws-lambda sends an encoded
 * body base64 (`isBase64Encoded`), which API Gateway decodes on the way out.
 */
export function compressResponses(
  /** CloudFront's 10 MB cap by default; the Lambdas compress whatever they answer. */
  maxBytes: number = COMPRESSION.maxBytes,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('content-encoding')) return;
    const type = res.headers.get('content-type');
    if (!type || !COMPRESSION.contentTypes.test(type)) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    varyOnAcceptEncoding(headers);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    let out: Uint8Array<ArrayBuffer> = body;
    if (encoding && isCompressible(type, body.byteLength, maxBytes)) {
      out = compress(body, encoding, 'fast');
      headers.set('content-encoding', encoding);
    }
    headers.set('content-length', String(out.byteLength));
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}

/** The API Lambdas' own: every compressible answer above 1,000 bytes, however large. */
export const compressLambdaResponses = () => compressResponses(Number.POSITIVE_INFINITY);
