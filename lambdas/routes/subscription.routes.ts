import { Hono } from 'hono';
import {
  changeSubscriptionWithPreviewSchema,
  previewChangeRequestSchema,
  subscriptionActionRequestSchema,
} from '../../shared/billing';
import {
  changeSubscription,
  previewSubscriptionChange,
  setSubscriptionCancellation,
} from '../core/billing/change-subscription';
import { notifyPasswordChanged } from '../core/email/password-changed';
import type { Mailer } from '../core/email/email.ports';
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
  /** Account emails (the password-change notice); the route answers 503 without one. */
  mailer?: Mailer;
}

export { SUBSCRIPTION_ROUTES } from '../../shared/billing-routes';

export function subscriptionRoutes(deps: SubscriptionRoutesDeps) {
  return (
    new Hono<AppEnv>()
      .get('/api/subscription', async (c) => {
        await linkGuestPurchasesQuietly(callerOf(c), deps);
        return c.json(await getSubscription(callerOf(c), deps));
      })
      .post('/api/subscription/change', jsonBody(changeSubscriptionWithPreviewSchema), async (c) =>
        c.json(await changeSubscription(callerOf(c), c.req.valid('json'), deps)),
      )
      .post('/api/subscription/preview-change', jsonBody(previewChangeRequestSchema), async (c) =>
        c.json(await previewSubscriptionChange(callerOf(c), c.req.valid('json'), deps)),
      )
      .post('/api/subscription/cancel', jsonBody(subscriptionActionRequestSchema), async (c) =>
        c.json(await setSubscriptionCancellation(callerOf(c), c.req.valid('json'), true, deps)),
      )
      .post('/api/subscription/resume', jsonBody(subscriptionActionRequestSchema), async (c) =>
        c.json(await setSubscriptionCancellation(callerOf(c), c.req.valid('json'), false, deps)),
      )
      // The SPA changes the password with Cognito directly, then asks for the notice: sent only to the
      // verified caller's own email, so it can tell nobody anything they could not already see.
      .post('/api/me/password-changed', async (c) => c.json(await notifyPasswordChanged(callerOf(c), deps)))
      .post('/api/consolidated/stripe/create-portal-session', async (c) =>
        c.json(await createPortalSession(callerOf(c), deps)),
      )
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
