/**
 * `GET /files/*` on the app's origin, as CloudFront's `/files/*` behavior serves the bucket's public
 * prefix in AWS: only reads, only under `files/`, straight from s3rver.
 */
export function serveFiles(upstream: string, bucket: string) {
  return async (req: Request): Promise<Response> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return new Response(null, { status: 405 });
    const { pathname } = new URL(req.url);
    if (!pathname.startsWith('/files/') || pathname.includes('..'))
      return new Response('Not found', { status: 404 });
    const res = await fetch(`${upstream}/${bucket}${pathname}`, { method: req.method });
    if (!res.ok) return new Response('Not found', { status: 404 });
    const headers = new Headers();
    for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control'])
      if (res.headers.get(name)) headers.set(name, res.headers.get(name)!);
    return new Response(req.method === 'HEAD' ? null : res.body, { status: 200, headers });
  };
}
