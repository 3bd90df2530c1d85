import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { hostGuard } from './host-guard';

/**
 * The public mailbox port. aws-ses-v2-local (whose `/store` lists every sign-up and reset code) answers
 * any Host and has no option to refuse one, so it listens on an internal port and this pass-through
 * serves the mailbox's port behind the Host guard (DNS rebinding). It also keeps the emulator's error
 * pages, HTML with stack traces, from reaching a caller: errors come back as JSON.
 * In AWS there is no mailbox: SES delivers the mail.
 */

/** SES takes messages up to 40 MB; the local mailbox's API is for the stack's own small mails. */
export const MAILBOX_MAX_BODY_BYTES = 10 * 1024 * 1024;

const HOP_BY_HOP = ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'];

const jsonError = (status: number, message: string) =>
  Response.json({ type: status >= 500 ? 'InternalFailure' : 'BadRequestException', message }, { status });

export function createMailboxProxy(opts: { upstream: string; allowedHosts: readonly string[] }) {
  const app = new Hono();
  app.use('*', hostGuard(opts.allowedHosts));
  app.use(
    '*',
    bodyLimit({
      maxSize: MAILBOX_MAX_BODY_BYTES,
      onError: () => jsonError(413, 'The request body is too large for the local mailbox.'),
    }),
  );
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    let res: Response;
    try {
      res = await fetch(`${opts.upstream}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers,
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
      });
    } catch (err) {
      console.error('[mailbox] the SES emulator is unreachable:', err);
      return jsonError(502, 'The local mailbox is not running.');
    }
    // The emulator answers bad input with Express's HTML error page (a stack trace) or a crash: say
    // only that the request was not understood. Its own JSON errors and every page pass unchanged.
    const isHtml = (res.headers.get('content-type') ?? '').includes('text/html');
    if (res.status >= 500 || (res.status >= 400 && isHtml)) {
      const text = await res.text();
      console.error(
        `[mailbox] the SES emulator answered ${res.status} to ${c.req.method} ${url.pathname}: ${text.slice(0, 500)}`,
      );
      return jsonError(400, 'The local mailbox could not process this request.');
    }
    const out = new Headers(res.headers);
    for (const name of HOP_BY_HOP) out.delete(name);
    // fetch has already decoded the body.
    out.delete('content-encoding');
    return new Response(res.body, { status: res.status, headers: out });
  });
  return app;
}
