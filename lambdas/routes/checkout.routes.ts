import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  checkoutRequestSchema,
  guestCheckoutEmailRequestSchema,
  guestCheckoutRequestSchema,
  guestCheckoutTokenRequestSchema,
} from '../../shared/billing';
import { MESSAGES } from '../../shared/messages';
import { createCheckoutSession, createGuestCheckout, type CheckoutDeps } from '../core/billing/checkout';
import {
  issueGuestEmailToken,
  readGuestEmailToken,
  type GuestCheckoutEmailDeps,
} from '../core/billing/guest-checkout-email';
import type { ErrorEnvelope } from '../http/errors';
import { callerOf, jsonBody, requireCaller, type AppEnv, type Authenticate } from '../http/kit';
import { CHECKOUT_ROUTES } from '../../shared/checkout-routes';

export { CHECKOUT_ROUTES };

/** Checkout endpoints of spec §7. Success: `{ sessionId, url }`. */
export function checkoutRoutes(deps: {
  authenticate: Authenticate;
  checkout: CheckoutDeps & Pick<GuestCheckoutEmailDeps, 'guestEmailTokens'>;
}) {
  return new Hono<AppEnv>()
    .post(
      CHECKOUT_ROUTES[0].path,
      requireCaller(deps.authenticate),
      jsonBody(checkoutRequestSchema),
      async (c) => c.json(await createCheckoutSession(callerOf(c), c.req.valid('json'), deps.checkout)),
    )
    .post(CHECKOUT_ROUTES[1].path, jsonBody(guestCheckoutRequestSchema), async (c) => {
      const clientKey = c.req.header('idempotency-key') ?? fingerprint(c);
      return c.json(await createGuestCheckout(c.req.valid('json'), clientKey, deps.checkout));
    })
    .post(CHECKOUT_ROUTES[2].path, jsonBody(guestCheckoutTokenRequestSchema), async (c) =>
      c.json(await issueGuestEmailToken(c.req.valid('json').sessionId, deps.checkout)),
    )
    .post(CHECKOUT_ROUTES[3].path, jsonBody(guestCheckoutEmailRequestSchema), (c) =>
      c.json(readGuestEmailToken(c.req.valid('json').token, deps.checkout)),
    );
}

/**
 * Checkout failures read `{ error, message }` (spec §7: the SPA prefers the server's words): `error`
 * is the spec's "Failed to create checkout session" (or the auth message), `message` says what to do.
 */
export const checkoutEnvelope: ErrorEnvelope = (p) => {
  const error =
    p.status === 401
      ? MESSAGES.notAuthenticated
      : p.status === 403 || p.status === 404
        ? p.message
        : MESSAGES.checkoutSessionFailed;
  return { error, message: p.message, ...(p.field ? { field: p.field } : {}) };
};

/** Tells one visitor's retries apart from another visitor's when the SPA sends no key. */
function fingerprint(c: Context): string {
  const source = `${c.req.header('x-forwarded-for') ?? ''}|${c.req.header('user-agent') ?? ''}`;
  return createHash('sha256').update(source).digest('hex').slice(0, 24);
}
