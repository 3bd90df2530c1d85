import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { CheckoutErrorResponse } from '../../shared/billing';
import { MESSAGES } from '../../shared/messages';
import { ForbiddenError, NotAuthenticatedError, ValidationError } from '../core/errors';
import { AlreadySubscribedError, PaymentProviderError } from '../core/billing/billing.errors';
import { createCheckoutSession, createGuestCheckout, type CheckoutDeps } from '../core/billing/checkout';
import type { Caller } from '../core/ports';

export type Authenticate = (c: Context) => Promise<Caller | null>;

/** The routes of the checkout Lambda; the guest route is public (no JWT authorizer). */
export const CHECKOUT_ROUTES = [
  { method: 'POST', path: '/api/consolidated/stripe/create-checkout-session', public: false },
  { method: 'POST', path: '/api/consolidated/stripe/create-guest-checkout', public: true },
] as const;

/**
 * Checkout endpoints of spec §7. Success: `{ sessionId, url }`. Failure: `{ error, message }`,
 * where `error` is the spec's "Failed to create checkout session" (or the auth message) and
 * `message` says what to do.
 */
export function createCheckoutApp(deps: { authenticate: Authenticate; checkout: CheckoutDeps }) {
  const app = new Hono();

  app.post(CHECKOUT_ROUTES[0].path, async (c) => {
    const caller = await deps.authenticate(c);
    if (!caller) throw new NotAuthenticatedError(MESSAGES.notAuthenticated);
    return c.json(await createCheckoutSession(caller, await readJson(c), deps.checkout));
  });

  app.post(CHECKOUT_ROUTES[1].path, async (c) => {
    const clientKey = c.req.header('idempotency-key') ?? fingerprint(c);
    return c.json(await createGuestCheckout(await readJson(c), clientKey, deps.checkout));
  });

  app.notFound((c) => c.json({ error: 'Not found', message: 'Not found' }, 404));
  app.onError((err, c) => checkoutError(err, c));
  return app;
}

/** Tells one visitor's retries apart from another visitor's when the SPA sends no key. */
function fingerprint(c: Context): string {
  const source = `${c.req.header('x-forwarded-for') ?? ''}|${c.req.header('user-agent') ?? ''}`;
  return createHash('sha256').update(source).digest('hex').slice(0, 24);
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationError('body', 'Request body must be JSON');
  }
}

export function checkoutError(err: unknown, c: Context): Response {
  const body = (error: string, message: string, extra: Record<string, string> = {}): CheckoutErrorResponse =>
    ({ error, message, ...extra }) as CheckoutErrorResponse;
  if (err instanceof NotAuthenticatedError) return c.json(body(MESSAGES.notAuthenticated, err.message), 401);
  if (err instanceof ForbiddenError) return c.json(body(err.message, err.message), 403);
  if (err instanceof ValidationError)
    return c.json(body(MESSAGES.checkoutSessionFailed, err.message, { field: err.field }), 400);
  if (err instanceof AlreadySubscribedError)
    return c.json(body(MESSAGES.checkoutSessionFailed, err.message), 409);
  if (err instanceof PaymentProviderError) {
    log('Payment provider error', err);
    return c.json(body(MESSAGES.checkoutSessionFailed, err.message), 502);
  }
  log('Unhandled checkout error', err);
  return c.json(body(MESSAGES.checkoutSessionFailed, MESSAGES.unknownError), 500);
}

function log(message: string, err: unknown) {
  console.error(JSON.stringify({ level: 'error', message, error: String(err) }));
}
