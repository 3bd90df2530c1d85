import type { SubscriptionResponse } from '../../../shared/billing';
import { defaultSubscription, resolveCurrentPeriodEnd } from '../../../shared/subscription';
import type { AccountRepo, Caller, Clock } from '../ports';
import type { BillingStore } from './billing.ports';
import { sortHistory } from './subscription-record';
import { tenantOf } from '../caller';

/**
 * GET /api/subscription: the caller's own record and billing history, newest first. The route links
 * guest purchases first (quietly: a failed link must not hide the page).
 */
export async function getSubscription(
  caller: Caller,
  deps: { store: BillingStore; accounts: AccountRepo; clock: Clock },
): Promise<SubscriptionResponse> {
  const [stored, history] = await Promise.all([
    deps.accounts.getSubscription(tenantOf(caller)),
    deps.store.listBillingHistory(tenantOf(caller)),
  ]);
  const subscription = stored ?? defaultSubscription(tenantOf(caller));
  return {
    subscription: { ...subscription, currentPeriodEnd: resolveCurrentPeriodEnd(subscription) },
    billingHistory: sortHistory(history),
  };
}
