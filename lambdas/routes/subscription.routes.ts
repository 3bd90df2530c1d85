import { Hono } from 'hono';
import { changeSubscriptionRequestSchema } from '../../shared/billing';
import { changeSubscription } from '../core/billing/change-subscription';
import { createPortalSession } from '../core/billing/checkout';
import { getSubscription } from '../core/billing/get-subscription';
import { linkGuestPurchases, type LinkCaller } from '../core/billing/link-guest-purchases';
import type { BillingStore, PaymentsGateway } from '../core/billing/billing.ports';
import type { AccountRepo } from '../core/account/account.ports';
import type { Caller } from '../core/caller';
import type { Clock } from '../core/runtime.ports';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';

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

export function subscriptionRoutes(deps: SubscriptionRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/api/subscription', async (c) => {
      await linkGuestPurchasesQuietly(callerOf(c), deps);
      return c.json(await getSubscription(callerOf(c), deps));
    })
    .post('/api/subscription/change', jsonBody(changeSubscriptionRequestSchema), async (c) =>
      c.json(await changeSubscription(callerOf(c), c.req.valid('json'), deps)),
    )
    .post('/api/consolidated/stripe/create-portal-session', async (c) =>
      c.json(await createPortalSession(callerOf(c), deps)),
    );
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
