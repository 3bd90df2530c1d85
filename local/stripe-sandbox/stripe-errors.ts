import type { Context } from 'hono';

/** An error answered in Stripe's shape: `{ error: { type, message, code?, param? } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Stripe's "No such …" error for an id it does not know (404, or 400 when the id came in a body field). */
export function noSuch(
  kind: string,
  id: unknown,
  opts: { status?: 400 | 404; param?: string | null } = {},
): StripeApiError {
  const param = opts.param === undefined ? 'id' : (opts.param ?? undefined);
  return new StripeApiError(
    opts.status ?? 404,
    'invalid_request_error',
    `No such ${kind}: '${String(id)}'`,
    'resource_missing',
    param,
  );
}

/** A 400 `invalid_request_error` naming the parameter, as Stripe answers a bad or missing one. */
export function invalidParam(message: string, param: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function stripeErrorResponse(c: Context, err: StripeApiError) {
  return c.json(
    {
      error: {
        type: err.type,
        message: err.message,
        ...(err.code ? { code: err.code } : {}),
        ...(err.param ? { param: err.param } : {}),
      },
    },
    err.status as 400,
  );
}

/** How much of an oversized body is read and dropped before the 413 (beyond it the socket is just closed). */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * 413 for a body over the limit. The rest of the body is read and dropped first: answering while the
 * client is still writing megabytes and then closing makes the client's kernel reset the connection,
 * and the reset throws away the answer it had not read yet (found by the sandbox's malformed-body
 * property test, which then waited for an answer that never came).
 */
export async function bodyTooLargeResponse(c: Context, message: string) {
  try {
    const reader = c.req.raw.body?.getReader();
    for (let read = 0; reader && read < DRAIN_LIMIT_BYTES;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      read += chunk.value.byteLength;
    }
  } catch {
    // The stream was already read or broken: answer anyway.
  }
  const res = stripeErrorResponse(c, new StripeApiError(413, 'invalid_request_error', message));
  res.headers.set('connection', 'close');
  return res;
}
