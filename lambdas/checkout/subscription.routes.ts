import type { Context, Hono } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { PaymentProviderError } from '../core/billing/billing.errors';
import { changeSubscription } from '../core/billing/change-subscription';
import { createPortalSession } from '../core/billing/checkout';
import { getSubscription } from '../core/billing/get-subscription';
import { linkGuestPurchases, type LinkCaller } from '../core/billing/link-guest-purchases';
import type { AccountRepo, Caller, Clock } from '../core/ports';
import type { BillingStore, PaymentsGateway } from '../core/billing/billing.ports';
import { ValidationError } from '../core/errors';

export interface SubscriptionRoutesDeps {
  gateway: PaymentsGateway;
  store: BillingStore;
  accounts: AccountRepo;
  clock: Clock;
  appOrigin: string;
}

/** Signed-in billing routes served by the API Lambda (under `/api/{proxy+}`, behind the JWT authorizer). */
export const SUBSCRIPTION_ROUTES = [
  { method: 'GET', path: '/api/subscription' },
  { method: 'POST', path: '/api/subscription/change' },
  { method: 'POST', path: '/api/consolidated/stripe/create-portal-session' },
] as const;

type Env = { Variables: { caller: Caller } };

/** Mounted on the API app after its authentication middleware, so `caller` is always the verified one. */
export function registerSubscriptionRoutes(app: Hono<Env>, deps: SubscriptionRoutesDeps) {
  app.get('/api/subscription', async (c) => {
    await linkGuestPurchasesQuietly(c.get('caller'), deps);
    return c.json(await getSubscription(c.get('caller'), deps));
  });

  app.post('/api/subscription/change', async (c) => {
    try {
      return c.json(await changeSubscription(c.get('caller'), await readJson(c), deps));
    } catch (err) {
      return providerError(err, c);
    }
  });

  app.post('/api/consolidated/stripe/create-portal-session', async (c) => {
    try {
      return c.json(await createPortalSession(c.get('caller'), deps));
    } catch (err) {
      return providerError(err, c);
    }
  });
}

/**
 * Called from GET /api/me and GET /api/subscription: links guest purchases to the verified email. Never fails the caller's
 * request; a failure is logged and the next call tries again (linking is idempotent).
 */
export async function linkGuestPurchasesQuietly(caller: Caller, deps: SubscriptionRoutesDeps): Promise<void> {
  try {
    await linkGuestPurchases(caller as LinkCaller, deps);
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', message: 'Guest purchase linking failed', error: String(err) }),
    );
  }
}

/** Stripe failures are 502 with Stripe's message; everything else goes to the app's error mapper. */
function providerError(err: unknown, c: Context): Response {
  if (err instanceof PaymentProviderError) {
    console.error(JSON.stringify({ level: 'error', message: 'Payment provider error', error: String(err) }));
    return c.json({ error: MESSAGES.unknownError, message: err.message }, 502);
  }
  throw err;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationError('body', 'Request body must be JSON');
  }
}
