import { boundaryOf, parseMultipart } from './multipart';
import { checkPostForm, errorXml, type PostCredentials, type PostRefusal } from './post-policy';
import { checkObjectRequest, type ObjectAccess } from './request-auth';

export interface S3FrontOptions extends PostCredentials {
  /** The one bucket behind the front; other buckets are refused as the role's policy refuses them. */
  bucket: string;
  /** The key prefixes the Lambda role may read and write (files.construct.ts `grantUploads`). */
  access: ObjectAccess;
  /** s3rver's own address (loopback, never handed to a browser). */
  upstream: string;
  /** The path the front is mounted under on the app's origin (`/__s3`), removed before forwarding. */
  mountPath?: string;
  /** The largest POST body read before refusing (S3's own limit is 5 GB; logos are ≤ 1 MB). */
  maxPostBytes?: number;
  now?: () => Date;
}

const HOP_BY_HOP = ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'];

/**
 * The local S3 (issue 24 item 5): s3rver stores and serves objects but checks neither the POST
 * policy nor its signature. This front checks both for every browser upload, as S3 does, and every
 * other request as S3 and the role's policy would (request-auth.ts: SigV4 header or presigned query,
 * expiry, the bucket and prefixes allowed, S3's methods), answering S3's XML errors; what passes goes
 * to s3rver unchanged.
 */
export function createS3Front(opts: S3FrontOptions) {
  const upstream = opts.upstream.replace(/\/$/, '');
  const maxPostBytes = opts.maxPostBytes ?? 20 * 1024 * 1024;
  const now = opts.now ?? (() => new Date());

  const xmlError = (refusal: PostRefusal, origin: string | null) =>
    new Response(errorXml(refusal), {
      status: refusal.status,
      headers: {
        'content-type': 'application/xml',
        // S3 adds the bucket's CORS headers to errors too, so a browser can read why it was refused.
        ...(origin ? { 'access-control-allow-origin': '*' } : {}),
      },
    });

  async function forward(req: Request, path: string, body: ArrayBuffer | null): Promise<Response> {
    const headers = new Headers();
    req.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.includes(name.toLowerCase())) headers.set(name, value);
    });
    const res = await fetch(`${upstream}${path}`, { method: req.method, headers, body, redirect: 'manual' });
    const out = new Headers(res.headers);
    for (const h of ['content-encoding', 'transfer-encoding', 'connection']) out.delete(h);
    return new Response(req.method === 'HEAD' ? null : res.body, { status: res.status, headers: out });
  }

  return {
    async fetch(req: Request): Promise<Response> {
      const url = new URL(req.url);
      let path = url.pathname;
      if (opts.mountPath && path.startsWith(opts.mountPath)) path = path.slice(opts.mountPath.length) || '/';
      const target = `${path}${url.search}`;
      const segments = path.split('/').filter(Boolean);
      const origin = req.headers.get('origin');
      const boundary = boundaryOf(req.headers.get('content-type') ?? undefined);
      if (req.method === 'POST' && segments.length === 1 && boundary) {
        const declared = Number(req.headers.get('content-length') ?? '0');
        if (declared > maxPostBytes)
          return xmlError(
            {
              status: 400,
              code: 'EntityTooLarge',
              message: 'Your proposed upload exceeds the maximum allowed size',
            },
            origin,
          );
        const body = Buffer.from(await req.arrayBuffer());
        if (body.length > maxPostBytes)
          return xmlError(
            {
              status: 400,
              code: 'EntityTooLarge',
              message: 'Your proposed upload exceeds the maximum allowed size',
            },
            origin,
          );
        let parts;
        try {
          parts = parseMultipart(body, boundary);
        } catch {
          return xmlError(
            {
              status: 400,
              code: 'MalformedPOSTRequest',
              message: 'The body of your POST request is not well-formed multipart/form-data.',
            },
            origin,
          );
        }
        const fileIndex = parts.findIndex((p) => p.name.toLowerCase() === 'file');
        if (fileIndex < 0)
          return xmlError(
            {
              status: 400,
              code: 'InvalidArgument',
              message: 'POST requires exactly one file upload per request.',
            },
            origin,
          );
        // Fields after the file are ignored by S3, as by this front.
        const fields: Record<string, string> = {};
        for (const part of parts.slice(0, fileIndex)) fields[part.name] = part.data.toString('utf8');
        const refusal = checkPostForm(
          { bucket: segments[0]!, fields, fileSize: parts[fileIndex]!.data.length },
          opts,
          now(),
        );
        if (refusal) return xmlError(refusal, origin);
        return forward(
          req,
          target,
          body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer,
        );
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer();
      const headers = new Headers(req.headers);
      if (!headers.has('host')) headers.set('host', url.host);
      const refusal = checkObjectRequest(
        {
          method: req.method,
          signedPath: url.pathname,
          bucket: segments[0] ?? null,
          key: segments.slice(1).map(decodeURIComponent).join('/'),
          query: url.searchParams,
          headers,
          body: body ? Buffer.from(body) : null,
        },
        opts,
        now(),
      );
      if (refusal) return xmlError(refusal, origin);
      return forward(req, target, body);
    },
  };
}
