import type { SubscriptionResponse } from '../../../shared/billing';
import { defaultSubscription, resolveCurrentPeriodEnd } from '../../../shared/subscription';
import type { AccountRepo, Clock } from '../ports';
import type { BillingStore } from './billing.ports';
import { linkGuestPurchases, type LinkCaller } from './link-guest-purchases';
import { sortHistory } from './subscription-record';

/** GET /api/subscription: the caller's own record and billing history, newest first. */
export async function getSubscription(
  caller: LinkCaller,
  deps: { store: BillingStore; accounts: AccountRepo; clock: Clock },
): Promise<SubscriptionResponse> {
  await linkGuestPurchases(caller, deps);
  const [stored, history] = await Promise.all([
    deps.accounts.getSubscription(caller.userId),
    deps.store.listBillingHistory(caller.userId),
  ]);
  const subscription = stored ?? defaultSubscription(caller.userId);
  return {
    subscription: { ...subscription, currentPeriodEnd: resolveCurrentPeriodEnd(subscription) },
    billingHistory: sortHistory(history),
  };
}
