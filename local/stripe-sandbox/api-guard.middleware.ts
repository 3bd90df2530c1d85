/* eslint-disable @typescript-eslint/no-explicit-any -- replays stored Stripe-shaped JSON. */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { SandboxStore } from './sandbox-store';
import { secretsMatch } from './sandbox-secrets';
import { StripeApiError, stripeErrorResponse } from './stripe-errors';

/** An injected failure: the next `remaining` API calls of `method` under `pathPrefix` answer `status`. */
export interface Fault {
  method: string;
  pathPrefix: string;
  status: number;
  remaining: number;
}

/** How Stripe shows a key it refuses: its start and its last four characters. */
function maskedKey(key: string): string {
  if (key.length <= 12) return '*'.repeat(key.length);
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

/**
 * Every /v1 request, as Stripe treats it: the sandbox's own secret key as bearer (401 otherwise),
 * then any injected fault, then `Idempotency-Key` replay for POSTs.
 */
export function apiGuard(store: SandboxStore, secretKey: string, faults: Fault[]): MiddlewareHandler {
  const inFlight = new Set<string>();
  return async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    const bearer = /^Bearer (.*)$/.exec(auth)?.[1] ?? '';
    if (!secretsMatch(bearer, secretKey)) {
      return stripeErrorResponse(
        c,
        new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${maskedKey(bearer)}`),
      );
    }
    const pathname = new URL(c.req.url).pathname;
    const fault = faults.find(
      (f) => f.method === c.req.method && pathname.startsWith(f.pathPrefix) && f.remaining > 0,
    );
    if (fault) {
      fault.remaining--;
      return stripeErrorResponse(c, new StripeApiError(fault.status, 'api_error', 'Injected sandbox fault'));
    }
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || !key) return next();
    const body = await c.req.raw.clone().text();
    const requestHash = createHash('sha256').update(`${pathname}\n${body}`).digest('hex');
    const scoped = `${bearer.slice(0, 13)}:${key}`;
    if (inFlight.has(scoped)) {
      // As Stripe does: a concurrent request with the same key is refused with 409 (the SDK retries).
      return stripeErrorResponse(
        c,
        new StripeApiError(
          409,
          'idempotency_error',
          'There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.',
        ),
      );
    }
    const seen = store.state.idempotency[scoped];
    if (seen) {
      if (seen.requestHash !== requestHash) {
        return stripeErrorResponse(
          c,
          new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      }
      return c.json(seen.body as any, seen.status as 200, { 'idempotent-replayed': 'true' });
    }
    inFlight.add(scoped);
    try {
      await next();
      if (c.res.status < 500) {
        store.state.idempotency[scoped] = {
          requestHash,
          status: c.res.status,
          body: await c.res.clone().json(),
        };
        store.save();
      }
    } finally {
      inFlight.delete(scoped);
    }
  };
}
