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

/** The SES v1 actions the emulator answers at `POST /`; for any other it never answers at all. */
const V1_ACTIONS = new Set(['SendEmail', 'SendRawEmail']);
/** A safety net for whatever else the emulator leaves hanging. */
const UPSTREAM_TIMEOUT_MS = 15_000;

/** The `Action` of an SES v1 request body, read as the emulator's Express parsers read it. */
export function v1Action(contentType: string, body: ArrayBuffer): string | null {
  const text = new TextDecoder().decode(body);
  if (contentType.includes('application/x-www-form-urlencoded'))
    return new URLSearchParams(text).get('Action');
  if (!contentType.includes('json')) return null;
  try {
    const value = JSON.parse(text) as unknown;
    const action =
      typeof value === 'object' && value !== null ? (value as { Action?: unknown }).Action : null;
    return typeof action === 'string' ? action : null;
  } catch {
    return null;
  }
}

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
    const body = c.req.method !== 'GET' && c.req.method !== 'HEAD' ? await c.req.arrayBuffer() : undefined;
    if (c.req.method === 'POST' && url.pathname === '/' && body) {
      const action = v1Action(c.req.header('content-type') ?? '', body);
      if (!action || !V1_ACTIONS.has(action)) {
        return jsonError(
          400,
          `The local mailbox answers the SES actions ${[...V1_ACTIONS].join(' and ')} only.`,
        );
      }
    }
    let res: Response;
    try {
      res = await fetch(`${opts.upstream}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') return jsonError(504, 'The local mailbox did not answer.');
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
